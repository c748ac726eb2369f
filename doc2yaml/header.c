// SPDX-License-Identifier: BSD-2-Clause
/*
 * header.c - the schema's header: $id and maintainers (from MAINTAINERS, indexed once per tree).
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/*
 * Top-level directories of the bindings tree: where $id starts when no
 * bindings root is known and the output path is all there is.
 */
static const char *const binding_dirs[] = {
	"arc", "arm", "ata", "auxdisplay", "bus", "c6x", "cache", "chrome", "clock", "connector",
	"cpu", "cpufreq", "crypto", "csky", "display", "dma", "dsp", "dvfs", "edac", "eeprom",
	"extcon", "firmware", "fpga", "fsi", "fuse", "gnss", "goldfish", "gpio", "gpu", "h8300",
	"hsi", "hwinfo", "hwlock", "hwmon", "i2c", "i3c", "iio", "img", "input", "interconnect",
	"interrupt-controller", "iommu", "ipmi", "leds", "loongarch", "mailbox", "media",
	"memory-controllers", "mfd", "mips", "misc", "mmc", "mtd", "mux", "net", "nios2", "noc",
	"nvme", "nvmem", "opp", "pci", "peci", "perf", "phy", "pinctrl", "pmem", "power", "powerpc",
	"pps", "ptp", "pwm", "regmap", "regulator", "remoteproc", "reserved-memory", "reset",
	"riscv", "rng", "rtc", "serial", "serio", "slimbus", "soc", "sound", "soundwire", "spi",
	"spmi", "sram", "staging", "thermal", "timer", "timestamp", "tpm", "trigger-source", "ufs",
	"usb", "virtio", "w1", "watchdog", "writing-schema", "x86", "xen", "xillybus",
};

/* ------------------------------------------------------------------ */
/* Header: $id, maintainers, description                               */

static bool is_binding_dir(const char *s, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(binding_dirs); i++)
		if (strlen(binding_dirs[i]) == n && !strncmp(binding_dirs[i], s, n))
			return true;
	return false;
}

/*
 * The output's path under the bindings tree ("sound/wlf,wm8904.yaml"):
 * under the root when known; else the directories the input and output
 * paths share at their ends, from the first one that is a top-level
 * bindings directory; else the file name alone.
 */
const char *relative_id_path(struct conv *cv)
{
	const char *ain = cv->abs_in, *aout = cv->abs_out;
	const char *res = NULL;
	const char *target = aout ? aout : ain;
	char *tmp = NULL;

	if (!target)
		goto done;
	if (!aout) {
		/* Standard output: the input's place, with .yaml. */
		size_t n = strlen(ain);

		if (str_ends_with(ain, ".txt"))
			n -= 4;
		if (asprintf(&tmp, "%.*s.yaml", (int)n, ain) < 0)
			goto done;
		target = tmp;
	}
	if (cv->root) {
		/* Canonical already: realpath() or what abs_path() found it in. */
		const char *r = cv->root;
		size_t rl = strlen(r);
		const char *tb = strrchr(target, '/');

		if (!strncmp(target, r, rl) && target[rl] == '/') {
			res = cv_strdup(cv, target + rl + 1);
			goto done;
		}
		/*
		 * An output elsewhere ("doc2yaml bindings/ -o out/"): the input's
		 * directory under the root, the output's file name.
		 */
		if (ain && tb && !strncmp(ain, r, rl) && ain[rl] == '/') {
			const char *ib = strrchr(ain, '/');

			res = ib > ain + rl ? cv_printf(cv, "%.*s%s", (int)(ib - (ain + rl + 1)),
						       ain + rl + 1, tb) : cv_strdup(cv, tb + 1);
			goto done;
		}
	}
	const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	/* Directory components of the output, and how many end both paths. */
	const char *comps[64];
	size_t lens[64], nc = 0;

	for (const char *p = target + 1; p < base && nc < 64;) {
		const char *e = strchr(p, '/');

		if (!e || e >= base)
			break;
		comps[nc] = p;
		lens[nc++] = (size_t)(e - p);
		p = e + 1;
	}
	size_t common = 0;

	if (ain && aout) {
		const char *ib = strrchr(ain, '/');
		const char *ie = ib;

		/* Walk both directory paths backwards. */
		for (size_t k = nc; k > 0; k--) {
			const char *is = ie;

			while (is > ain && is[-1] != '/')
				is--;
			if (is <= ain || (size_t)(ie - is) != lens[k - 1] ||
			    strncmp(is, comps[k - 1], lens[k - 1]))
				break;
			common++;
			ie = is - 1;
		}
		if (common == nc)
			common = nc;	/* same directory: bounded by the bindings dirs below */
	}
	size_t from = nc;

	for (size_t k = (common ? nc - common : 0); k < nc; k++)
		if (is_binding_dir(comps[k], lens[k])) {
			from = k;
			break;
		}
	if (!common && from == nc) {
		for (size_t k = 0; k < nc; k++)
			if (is_binding_dir(comps[k], lens[k])) {
				from = k;
				break;
			}
	}
	struct strbuf sb;

	sb_init(&sb);
	for (size_t k = from; k < nc; k++) {
		sb_putn(&sb, comps[k], lens[k]);
		sb_putc(&sb, '/');
	}
	sb_puts(&sb, base);
	res = cv_strdup(cv, sb_cstr(&sb));
	sb_free(&sb);
done:
	free(tmp);
	return res;
}

/* Glob with '*' and '?' not crossing '/' (MAINTAINERS F: patterns). */
static bool glob_match(const char *p, const char *s)
{
	for (; *p; p++, s++) {
		if (*p == '*') {
			for (const char *q = s;; q++) {
				if (glob_match(p + 1, q))
					return true;
				if (!*q || *q == '/')
					return false;
			}
		}
		if (!*s || (*p != '?' && *p != *s) || (*p == '?' && *s == '/'))
			return false;
	}
	return !*s;
}

static bool maint_pattern_match(const char *pat, size_t n, const char *path)
{
	char buf[512];

	if (n >= sizeof(buf))
		return false;
	memcpy(buf, pat, n);
	buf[n] = '\0';
	if (buf[n - 1] == '/')
		return !strncmp(path, buf, n);
	if (glob_match(buf, path))
		return true;
	/* A directory named without its slash. */
	size_t l = strlen(buf);

	return !strpbrk(buf, "*?") && !strncmp(path, buf, l) && path[l] == '/';
}

/* Literal prefixes compared as strings: a prefix sorts before its extensions. */
static int prefix_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	int r = memcmp(a, b, an < bn ? an : bn);

	return r ? r : (an > bn) - (an < bn);
}

static int pat_cmp(const void *a, const void *b)
{
	const struct maint_pat *x = a, *y = b;
	int r = prefix_cmp(x->p, x->fixed, y->p, y->fixed);

	return r ? r : (x->entry > y->entry) - (x->entry < y->entry);
}

/* The first pattern of [@lo, @hi) whose byte @k is above @c (or not below it: @eq). */
static size_t pat_bound(const struct maint_index *mi, size_t lo, size_t hi, size_t k,
			unsigned char c, bool eq)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		unsigned char m = (unsigned char)mi->pats[mid].p[k];

		if (m < c || (!eq && m == c))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The F:/X: patterns matching @path, into the entries' scores: the longest
 * literal prefix of a matching F: pattern, SIZE_MAX once an X: one matches.
 * The entries changed are added to mi->touched (*@nt of them).
 */
static void score_path(struct maint_index *mi, const char *path, size_t *nt)
{
	size_t len = strlen(path), lo = 0, hi = mi->npats;

	/* [lo, hi): the patterns whose literal prefix starts with path[0..k). */
	for (size_t k = 0; lo < hi; k++) {
		for (; lo < hi && mi->pats[lo].fixed == k; lo++) {
			const struct maint_pat *pt = &mi->pats[lo];
			size_t *sc = &mi->score[pt->entry];

			/* The catch-all DT entry is nobody's binding. */
			if (*sc == SIZE_MAX || (!pt->exclude && pt->fixed <= strlen(
				"Documentation/devicetree/bindings/")) ||
			    !maint_pattern_match(pt->p, pt->n, path))
				continue;
			if (!*sc)
				mi->touched[(*nt)++] = pt->entry;
			if (pt->exclude)
				*sc = SIZE_MAX;
			else if (pt->fixed > *sc)
				*sc = pt->fixed;
		}
		if (k == len)
			break;
		/* The rest are longer, in the order of their byte k. */
		lo = pat_bound(mi, lo, hi, k, (unsigned char)path[k], true);
		hi = pat_bound(mi, lo, hi, k, (unsigned char)path[k], false);
	}
}

static int size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* "M:" people of an entry; without any, its own (not a public) list, as kernel schemas do. */
static size_t entry_people(struct conv *cv, const char *e, const char *end, const char **out,
			   size_t n, size_t max)
{
	for (int want_list = 0; want_list < 2; want_list++) {
		size_t before = n;

		for (const char *l = e; l < end;) {
			const char *eol = memchr(l, '\n', (size_t)(end - l));

			if (!eol)
				eol = end;
			if (l[0] == (want_list ? 'L' : 'M') && l[1] == ':' && n < max) {
				const char *p = skip_blanks(l + 2);
				char *m = cv_strndup(cv, p, (size_t)(eol - p));
				bool dup = false;

				if (m) {
					trim(m);
					char *sp = want_list ? strchr(m, ' ') : NULL;

					if (sp)
						*sp = '\0';	/* "list@x (moderated for ...)" */
					for (size_t k = 0; k < n; k++)
						if (!strcmp(out[k], m))
							dup = true;
					if (want_list && (strstr(m, "vger.kernel.org") || strstr(m, "@lists.") ||
							  strstr(m, "lists.infradead.org") ||
							  strstr(m, "alsa-project.org")))
						dup = true;
					if (!dup && strchr(m, '@'))
						out[n++] = m;
				}
			}
			l = eol + 1;
		}
		if (n > before)
			break;
	}
	return n;
}

/*
 * Maintainers of @paths from MAINTAINERS: the entries with the most
 * specific F: match; when those name nobody, the next most specific.
 */
size_t maintainers_for(struct conv *cv, const char *const *paths, size_t npaths,
			      const char **out, size_t max)
{
	struct maint_index *mi = &cv->c->maint;
	size_t n = 0, below = SIZE_MAX, nt = 0;

	if (!cv->c->maint_text || !mi->npats)
		return 0;
	for (size_t k = 0; k < npaths; k++)
		score_path(mi, paths[k], &nt);
	/* In file order, as the people are listed. */
	qsort(mi->touched, nt, sizeof(*mi->touched), size_cmp);
	for (int round = 0; round < 4 && !n; round++) {
		size_t best = 0;

		for (size_t t = 0; t < nt; t++) {
			size_t sc = mi->score[mi->touched[t]];

			if (sc != SIZE_MAX && sc > best && sc < below)
				best = sc;
		}
		if (!best)
			break;
		for (size_t t = 0; t < nt; t++) {
			size_t e = mi->touched[t];

			if (mi->score[e] == best)
				n = entry_people(cv, mi->ents[2 * e], mi->ents[2 * e + 1], out, n, max);
		}
		below = best;
	}
	for (size_t t = 0; t < nt; t++)
		mi->score[mi->touched[t]] = 0;
	return n;
}

void maint_index_free(struct maint_index *mi)
{
	free(mi->ents);
	free(mi->pats);
	free(mi->score);
	free(mi->touched);
	memset(mi, 0, sizeof(*mi));
}

static int maint_index_add(struct maint_index *mi, size_t *cap, const char *p, size_t pn,
			   size_t entry, bool exclude)
{
	size_t fixed = 0;

	if (*cap == mi->npats) {
		size_t nc = *cap ? 2 * *cap : 1024;
		struct maint_pat *v = realloc(mi->pats, nc * sizeof(*v));

		if (!v)
			return -1;
		mi->pats = v;
		*cap = nc;
	}
	while (fixed < pn && p[fixed] != '*' && p[fixed] != '?')
		fixed++;
	mi->pats[mi->npats++] = (struct maint_pat){ p, pn, fixed, entry, exclude };
	return 0;
}

/* The entries (split at blank lines) and their F:/X: lines of MAINTAINERS @text. */
static int maint_index_build(struct maint_index *mi, const char *text)
{
	size_t pcap = 0, ecap = 0;

	for (const char *e = text; *e;) {
		const char *end = strstr(e, "\n\n");

		if (!end)
			end = e + strlen(e);
		if (mi->nents == ecap) {
			const char **v = realloc(mi->ents, 2 * (ecap = ecap ? 2 * ecap : 1024) * sizeof(*v));

			if (!v)
				return -1;
			mi->ents = v;
		}
		mi->ents[2 * mi->nents] = e;
		mi->ents[2 * mi->nents + 1] = end;
		for (const char *l = e; l < end;) {
			const char *eol = memchr(l, '\n', (size_t)(end - l));

			if (!eol)
				eol = end;
			if ((l[0] == 'F' || l[0] == 'X') && l[1] == ':') {
				const char *p = skip_blanks(l + 2);
				size_t pn = (size_t)(eol - p);

				while (pn && (p[pn - 1] == ' ' || p[pn - 1] == '\t'))
					pn--;
				/* Longer ones never match (maint_pattern_match). */
				if (pn && pn < 512 &&
				    maint_index_add(mi, &pcap, p, pn, mi->nents, l[0] == 'X'))
					return -1;
			}
			l = eol + 1;
		}
		mi->nents++;
		e = *end ? end + 2 : end;
		while (*e == '\n')
			e++;
	}
	if (mi->npats)
		qsort(mi->pats, mi->npats, sizeof(*mi->pats), pat_cmp);
	mi->score = calloc(mi->nents + 1, sizeof(*mi->score));
	mi->touched = calloc(mi->nents + 1, sizeof(*mi->touched));
	return mi->score && mi->touched ? 0 : -1;
}

void load_maintainers_file(struct dtbind_doc2yaml *c, const char *root)
{
	char *path;

	if (!root || asprintf(&path, "%s/../../../MAINTAINERS", root) < 0)
		return;
	if (c->maint_path && !strcmp(c->maint_path, path)) {
		free(path);
		return;
	}
	free(c->maint_path);
	free(c->maint_text);
	maint_index_free(&c->maint);
	c->maint_path = path;
	c->maint_text = NULL;
	size_t len;

	if (read_file(path, 16u << 20, &c->maint_text, &len))
		c->maint_text = NULL;
	else if (maint_index_build(&c->maint, c->maint_text))
		maint_index_free(&c->maint);
}
