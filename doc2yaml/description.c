// SPDX-License-Identifier: BSD-2-Clause
/*
 * description.c - the top-level description as a reviewer would keep it: the
 * text's prose without the references list, lead-ins whose lists went to the
 * properties, or talk of the document ("This binding describes ..."); and,
 * for every description, without pointers to generic .txt bindings
 * ("Please refer to pinctrl-bindings.txt in this directory for details of
 * the common pinctrl bindings ...", "See dma.txt first", "..., as described
 * in reset.txt.", "* clock/clock-bindings.txt").  Those files are gone from
 * current kernels; what they defined now comes from a $ref or from
 * dt-schema's core schemas, and reviewers ask for such sentences to be
 * dropped.  A sentence that says more keeps what it says: only its clause
 * "as described in x.txt" or its "(see x.txt)" goes.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/*
 * Does footnote [@num] of the text ("[1] Documentation/devicetree/bindings/
 * clock/clock-bindings.txt") name a generic binding?
 */
static bool generic_footnote(const struct conv *cv, unsigned long num)
{
	for (size_t i = 0; i < cv->nlines; i++) {
		const char *t = cv->lines[i].t;
		char *e;

		if (t[0] != '[' || !isdigit((unsigned char)t[1]) || strtoul(t + 1, &e, 10) != num ||
		    *e != ']')
			continue;
		t = skip_blanks(e + 1);
		return generic_binding_txt(t, strcspn(t, " \t"));
	}
	return false;
}

/*
 * The next name of a generic binding in s[0..n): a file name ending in
 * ".txt", or a footnote marker ("[1]") whose note names one.  Its length
 * into *@len.
 */
/* Is the file name @b[0..n) ("Documentation/.../mtd/nand-controller.yaml") a schema we $ref? */
static bool referenced_schema(const struct conv *cv, const char *b, size_t n)
{
	for (size_t i = 0; i < CS_COUNT + cv->nxrefs; i++) {
		const char *path = i < CS_COUNT ? (cv->refs[i] ? common_schemas[i] : NULL) :
				   cv->xrefs[i - CS_COUNT];
		const char *base = path ? strrchr(path, '/') : NULL;
		size_t pl = path ? strlen(path) : 0;

		if (!path)
			continue;
		base = base ? base + 1 : path;
		if ((n >= pl && !strncmp(b + n - pl, path, pl) && (n == pl || b[n - pl - 1] == '/')) ||
		    (n == strlen(base) && !strncmp(b, base, n)))
			return true;
	}
	return false;
}

/*
 * Does extension @ext (".txt", ".yaml") end a file name at @p, inside
 * s[0..n)?  The name's start ("Documentation/.../mtd/nand-controller"), or NULL.
 */
static const char *file_name_at(const char *s, size_t n, const char *p, const char *ext)
{
	size_t el = strlen(ext);
	const char *b = p;

	if (p + el > s + n || strncmp(p, ext, el) || (p + el < s + n && isalnum((unsigned char)p[el])))
		return NULL;
	while (b > s && (isalnum((unsigned char)b[-1]) || strchr(",_-./", b[-1])))
		b--;
	return b;
}

/* The start of the first .yaml name in s[0..n) that is not a schema we $ref, or NULL. */
static const char *other_yaml(const struct conv *cv, const char *s, size_t n)
{
	for (const char *p = s; p + 5 <= s + n; p++) {
		const char *b = file_name_at(s, n, p, ".yaml");

		if (b && !referenced_schema(cv, b, (size_t)(p + 5 - b)))
			return b;
	}
	return NULL;
}

static const char *next_generic_ref(const struct conv *cv, const char *s, size_t n, size_t *len)
{
	for (const char *p = s; p + 4 <= s + n; p++) {
		/* ".../mtd/nand-controller.yaml" when the schema $refs it: as generic as a .txt. */
		const char *b = file_name_at(s, n, p, ".yaml");

		if (b && referenced_schema(cv, b, (size_t)(p + 5 - b))) {
			*len = (size_t)(p + 5 - b);
			return b;
		}
		/* "the common clock binding[1]": its footnote's file. */
		if (*p == '[' && p + 2 < s + n && isdigit((unsigned char)p[1])) {
			char *e;
			unsigned long num = strtoul(p + 1, &e, 10);

			if (e < s + n && *e == ']' && generic_footnote(cv, num)) {
				*len = (size_t)(e + 1 - p);
				return p;
			}
		}
		b = file_name_at(s, n, p, ".txt");
		if (b && generic_binding_txt(b, (size_t)(p + 4 - b))) {
			*len = (size_t)(p + 4 - b);
			return b;
		}
	}
	return NULL;
}

static bool has_generic_ref(const struct conv *cv, const char *s, size_t n)
{
	size_t len;

	return next_generic_ref(cv, s, n, &len) != NULL;
}

/*
 * Words that make a sentence naming a generic binding a pointer and no more:
 * how it starts ("See", "Please refer"), or with the name at its end, words
 * anywhere ("... are described in mmc.txt.").  A sentence that goes on past
 * the name ("... defined in ethernet.txt and only if efuse-mac is set to 0")
 * says more, and stays.
 */
static bool pointer_words(const struct conv *cv, const char *s, size_t n, bool lead_only)
{
	static const char *const lead[] = {
		"see", "please", "refer", "for more", "for further", "for details",
		"for information", "consult", "this binding", "this file documents",
		"this file describes", "property rules", "additionally any", "in addition to the",
		"any optional property", "any property", "any standard", "all properties",
		"any required generic", "any available generic", "any generic",
		"the bindings for", "documentation/",
	};
	static const char *const any[] = {
		"refer", "see ", "described in", "defined in", "documented in", "covered by",
		"for reference", "for details", "for more", "common binding", "generic binding",
		"bindings given in", "binding from", "found in", "found at",
	};
	char buf[1024];

	if (n >= sizeof(buf))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	for (char *c = buf; *c; c++)
		if (*c == '\n')
			*c = ' ';
	const char *t = skip_blanks(buf);

	for (size_t i = 0; i < ARRAY_SIZE(lead); i++)
		if (starts_with_ci(t, lead[i]))
			return true;
	if (lead_only)
		return !strpbrk(t, " ");
	size_t len;
	const char *ref = next_generic_ref(cv, t, strlen(t), &len), *last = NULL;

	while (ref) {
		last = ref + len;
		ref = next_generic_ref(cv, last, strlen(last), &len);
	}
	if (last && last[strspn(last, " .,;:)>[]0123456789")] != '\0' &&
	    !starts_with(skip_blanks(last), "for ") && !starts_with(skip_blanks(last), "file"))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(any); i++)
		if (find_ci(t, any[i]))
			return true;
	/* Nothing but names of files: "Documentation/.../clock-bindings.txt". */
	return !strpbrk(t, " ");
}

/* Cut s[a..b) out of @sb (a NUL-terminated copy being edited). */
static void cut(struct strbuf *sb, size_t a, size_t b)
{
	memmove(sb->buf + a, sb->buf + b, sb->len - b + 1);
	sb->len -= b - a;
}

/*
 * "(see video-interfaces.txt)", "(please see .../mailbox.txt for details)":
 * parentheses around a pointer go, with the blank before them.
 */
static bool cut_parenthesised(const struct conv *cv, struct strbuf *sb, size_t from, size_t *to)
{
	for (size_t i = from; i < *to; i++) {
		if (sb->buf[i] != '(')
			continue;
		char *close = memchr(sb->buf + i, ')', *to - i);

		if (!close)
			return false;
		size_t e = (size_t)(close - sb->buf) + 1;

		if (!has_generic_ref(cv, sb->buf + i, e - i) || !pointer_words(cv, sb->buf + i + 1, e - i - 2, false))
			continue;
		while (i > from && sb->buf[i - 1] == ' ')
			i--;
		cut(sb, i, e);
		*to -= e - i;
		return true;
	}
	return false;
}

/*
 * "..., as described in reset.txt.", "..., defined in regulator.txt, can
 * also be used": the clause that only points goes, the sentence stays.
 */
static bool cut_clause(const struct conv *cv, struct strbuf *sb, size_t from, size_t *to)
{
	static const char *const openers[] = {
		", as described in", " as described in", ", as defined in", " as defined in",
		", described in", ", defined in", " as documented in", ", as specified in",
		" as specified in", " as explained in", " explained in", ", as covered in",
		" as covered in",
		/* Any words up to the name: "in accordance with the video interface bindings defined in:" */
		", in accordance with", " in accordance with", ", according to", " according to",
		", see", ", see also", ", refer to", ", please see", ", please refer to",
		/* ", using common regulator bindings given in <.../regulator.txt>" */
		", using",
	};
	size_t len;
	const char *ref = next_generic_ref(cv, sb->buf + from, *to - from, &len);

	if (!ref)
		return false;
	size_t r = (size_t)(ref - sb->buf), re = r + len;
	/* What may follow the name: "file", "in this directory", then the end or a comma. */
	static const char *const tails[] = { " file", " in this directory", " document" };
	bool moved = true;

	while (moved) {
		moved = false;
		for (size_t i = 0; i < ARRAY_SIZE(tails); i++)
			if (!strncmp(sb->buf + re, tails[i], strlen(tails[i]))) {
				re += strlen(tails[i]);
				moved = true;
			}
	}
	bool at_end = true;

	for (size_t k = re; k < *to; k++)
		if (!strchr(".;:!?> \n", sb->buf[k]))
			at_end = false;
	bool comma = sb->buf[re] == ',';

	if (!at_end && !comma)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(openers); i++) {
		size_t ol = strlen(openers[i]);

		bool free_text = strstr(openers[i], "accord") || strstr(openers[i], "using");

		/* The opener right before the name, across a line break too. */
		for (size_t c = r; c >= from + ol && c + (free_text ? 120 : 40) >= r; c--) {
			char buf[64];

			snprintf(buf, sizeof(buf), "%.*s", (int)ol, sb->buf + c - ol);
			for (char *q = buf; *q; q++)
				if (*q == '\n')
					*q = ' ';
			if (strcasecmp(buf, openers[i]))
				continue;
			/* Only blanks, "the" or "file" between the opener and the name. */
			bool only_filler = true;

			for (size_t k = c; k < r && only_filler && !free_text;) {
				if (strchr(" \n<[", sb->buf[k]))
					k++;
				else if (!strncmp(sb->buf + k, "the ", 4))
					k += 4;
				else if (!strncmp(sb->buf + k, "file ", 5))
					k += 5;
				else
					only_filler = false;
			}
			if (!only_filler)
				continue;
			/* ", using X" only when X is the generic binding: "using ... bindings given in". */
			if (strstr(openers[i], "using") && !memmem(sb->buf + c, r - c, "binding", 7))
				continue;
			size_t a = c - ol;

			/* "bindings of which as described in nvmem.txt": the clause is all it says. */
			size_t w = a;

			while (w > from && sb->buf[w - 1] == ' ')
				w--;
			static const char *const predicate[] = { "which", "are", "is", "be" };

			for (size_t k = 0; k < ARRAY_SIZE(predicate); k++) {
				size_t pl = strlen(predicate[k]);

				if (w >= from + pl && !strncasecmp(sb->buf + w - pl, predicate[k], pl) &&
				    (w == from + pl || !isalpha((unsigned char)sb->buf[w - pl - 1])))
					return false;
			}
			/* ", defined in regulator.txt, can also be used": one comma stays. */
			if (comma && openers[i][0] == ',')
				re++;
			if (sb->buf[re] == '>')
				re++;	/* "<Documentation/.../regulator.txt>" */

			cut(sb, a, re);
			*to -= re - a;
			return true;
		}
	}
	return false;
}

/* The sentence ending at or after @from in the paragraph [.., end): its end. */
static size_t sentence_end(const char *s, size_t from, size_t end)
{
	for (size_t i = from; i < end; i++) {
		/* "... binding from\n.../clock-bindings.txt\nThe available ...": no full stop. */
		if (s[i] == '\n' && i >= from + 4 && !strncmp(s + i - 4, ".txt", 4) &&
		    isupper((unsigned char)s[i + 1 + strspn(s + i + 1, " ")]))
			return i;
		if (strchr(".!?", s[i]) && (i + 1 == end || s[i + 1] == ' ' || s[i + 1] == '\n') &&
		    !(i >= 3 && !strncasecmp(s + i - 3, "e.g", 3)) &&
		    !(i >= 3 && !strncasecmp(s + i - 3, "i.e", 3)))
			return i + 1;
	}
	return end;
}

/* A prose paragraph s[start..*end): each sentence naming a generic binding loses the pointer. */
static void prose_paragraph(const struct conv *cv, struct strbuf *sb, size_t start, size_t *end)
{
	size_t s = start;

	while (s < *end) {
		while (s < *end && (sb->buf[s] == ' ' || sb->buf[s] == '\n'))
			s++;
		if (s >= *end)
			break;
		size_t e = sentence_end(sb->buf, s, *end), e0 = e;

		if (!has_generic_ref(cv, sb->buf + s, e - s)) {
			s = e;
			continue;
		}
		while (cut_parenthesised(cv, sb, s, &e) || cut_clause(cv, sb, s, &e))
			;
		*end -= e0 - e;
		/* A sentence that also names another schema ("See: .../st,stih407-powerdown.yaml") stays. */
		if (has_generic_ref(cv, sb->buf + s, e - s) && pointer_words(cv, sb->buf + s, e - s, false) &&
		    !other_yaml(cv, sb->buf + s, e - s)) {
			while (e < *end && sb->buf[e] == ' ')
				e++;
			/* At a line's end: the next line's text moves up to where it was. */
			if (e < *end && sb->buf[e] == '\n' && (s == start || sb->buf[s - 1] == '\n' ||
							      sb->buf[s - 1] == ' ')) {
				e++;
				while (e < *end && sb->buf[e] == ' ')
					e++;
			}
			cut(sb, s, e);
			*end -= e - s;
			continue;
		}
		s = e;
	}
}

/* Is line t[0..n) a line of running text at indentation @ind (no list item)? */
static bool prose_at(const char *t, size_t n, size_t ind)
{
	size_t sp = strspn(t, " ");
	char line[512];
	const char *after;

	if (sp != ind || sp >= n)
		return false;
	snprintf(line, sizeof(line), "%.*s", (int)(n - sp), t + sp);
	return !bullet_at(line, &after) && !strchr("-*+#[", line[0]) &&
	       !(isdigit((unsigned char)line[0]) && line[1] && strchr(".)", line[1]));
}

/* Is t[0..n) a file path alone, a full stop after it allowed ("Documentation/.../foo.txt.")? */
static bool path_only(const char *t, size_t n)
{
	if (n && t[n - 1] == '.')
		n--;
	return n > 4 && !memchr(t, ' ', n) && memchr(t, '/', n) && !strncmp(t + n - 4, ".txt", 4);
}

/*
 * The line ending at *eol (from @start) lost the path it pointed to: its
 * trailing "as defined in", "see", "described in" goes too, and it ends
 * with a full stop when the path did (@stop).  *eol and *end move.
 */
static void trim_pointer_lead(struct strbuf *sb, size_t start, size_t *eol, size_t *end, bool stop)
{
	static const char *const leads[] = {
		" as defined in", " as described in", " as specified in", " defined in",
		" described in", " specified in", " documented in", " found in", " see",
		" refer to", " in",
	};
	size_t e = *eol;

	for (size_t i = 0; i < ARRAY_SIZE(leads); i++) {
		size_t n = strlen(leads[i]);

		if (e - start >= n && !strncasecmp(sb->buf + e - n, leads[i], n)) {
			size_t from = e - n;

			/* "... is described in": a sentence that said only where; all of it. */
			if ((from - start >= 3 && !strncmp(sb->buf + from - 3, " is", 3)) ||
			    (from - start >= 4 && !strncmp(sb->buf + from - 4, " are", 4))) {
				while (from > start && !(strchr(".!?", sb->buf[from - 1]) &&
							 (sb->buf[from] == ' ' || sb->buf[from] == '\n')))
					from--;
				stop = false;
			}
			cut(sb, from, e);
			*end -= e - from;
			e = from;
			break;
		}
	}
	while (e > start && strchr(",:;", sb->buf[e - 1])) {
		cut(sb, e - 1, e);
		(*end)--;
		e--;
	}
	if (stop && e > start && !strchr(".!?", sb->buf[e - 1])) {
		sb_putc(sb, ' ');	/* room for the stop */
		memmove(sb->buf + e + 1, sb->buf + e, sb->len - 1 - e);
		sb->buf[e] = '.';
		(*end)++;
		e++;
	}
	*eol = e;
}

/*
 * A list or other block s[start..*end): a line that is only a pointer
 * ("* clock/clock-bindings.txt", "- Any optional property defined in
 * regulator.txt"), with the lines indented under it, goes.  Returns
 * whether any did.
 */
static bool list_paragraph(const struct conv *cv, struct strbuf *sb, size_t start, size_t *end)
{
	bool any = false;
	size_t base = strspn(sb->buf + start, " ");

	for (size_t l = start; l < *end;) {
		char *nl = memchr(sb->buf + l, '\n', *end - l);
		size_t le = nl ? (size_t)(nl - sb->buf) : *end;
		size_t ind = strspn(sb->buf + l, " ");
		const char *t = sb->buf + l + ind, *after = t;
		char line[512];

		snprintf(line, sizeof(line), "%.*s", (int)(le - l - ind), t);
		bool bullet = bullet_at(line, &after);

		if (bullet)
			after = t + (after - line);
		/* The item: its line and the lines indented deeper under it. */
		size_t ce = le;

		while (ce < *end) {
			size_t nx = ce + 1, nind = strspn(sb->buf + nx, " ");
			char *nn = memchr(sb->buf + nx, '\n', *end - nx);
			size_t ne = nn ? (size_t)(nn - sb->buf) : *end;

			if (nx >= *end || nind <= ind || ne == nx + nind)
				break;
			ce = ne;
		}
		if ((!bullet && ind > base) || !has_generic_ref(cv, after, (size_t)(sb->buf + ce - after)) ||
		    !pointer_words(cv, after, (size_t)(sb->buf + ce - after), true)) {
			l = le + (le < *end);
			continue;
		}
		/*
		 * A line that is the path alone ("Documentation/.../video-
		 * interfaces.txt.") ends the sentence of the line before, whose
		 * "as defined in" goes with it; the lines under it stay (the
		 * ports' "Port 0: ..." of analogix_dp-rockchip).
		 */
		if (!bullet && l > start && path_only(t, le - l - ind)) {
			bool stop = sb->buf[le - 1] == '.';

			cut(sb, l - 1, le);
			*end -= le - (l - 1);
			size_t prev = l - 1;

			trim_pointer_lead(sb, start, &prev, end, stop);
			l = prev + (prev < *end);
			any = true;
			continue;
		}
		size_t cut_to = ce < *end ? ce + 1 : ce;

		cut(sb, l, cut_to);
		*end -= cut_to - l;
		any = true;
	}
	return any;
}

/*
 * @desc without its pointers to generic .txt bindings (see the top of this
 * file); a paragraph left empty goes, and so does a "For more details ...:"
 * that led in a list of such pointers only.
 */
const char *drop_generic_pointers(struct conv *cv, const char *desc)
{
	struct strbuf sb, out;
	bool changed = false;
	size_t prev_start = 0, prev_len = 0;	/* the last paragraph written to @out */

	if (!desc || (!strstr(desc, ".txt") && !strstr(desc, ".yaml") && !strchr(desc, '[')))
		return desc;
	sb_init(&sb);
	sb_init(&out);
	sb_puts(&sb, desc);
	for (size_t p = 0; p < sb.len;) {
		char *pe = strstr(sb.buf + p, "\n\n");
		size_t end = pe ? (size_t)(pe - sb.buf) : sb.len, len0 = end - p;
		size_t ind = strspn(sb.buf + p, " ");
		bool prose = true, emptied_list = false;

		for (size_t l = p; l < end;) {
			char *nl = memchr(sb.buf + l, '\n', end - l);
			size_t le = nl ? (size_t)(nl - sb.buf) : end;

			if (!prose_at(sb.buf + l, le - l, ind))
				prose = false;
			l = le + 1;
		}
		if (has_generic_ref(cv, sb.buf + p, end - p)) {
			if (prose)
				prose_paragraph(cv, &sb, p, &end);
			else
				emptied_list = list_paragraph(cv, &sb, p, &end);
		}
		if (end - p != len0)
			changed = true;
		size_t k = p;

		while (k < end && (sb.buf[k] == ' ' || sb.buf[k] == '\n'))
			k++;
		if (k < end) {
			size_t e = end;

			while (e > k && strchr(" \n", sb.buf[e - 1]))
				e--;	/* "GPIO to use to EN pin. See gpio.txt": no blank left at the end */
			if (out.len)
				sb_puts(&out, "\n\n");
			prev_start = out.len;
			sb_putn(&out, sb.buf + p, e - p);
			/* What was written, blanks at the end not included: all later reads stay in it. */
			prev_len = e - p;
			/* Cut down to one line longer than wanted: two lines, which reflow() fills. */
			if (end - p != len0 && !memchr(sb.buf + p, '\n', e - p) &&
			    e - p > DESC_WIDTH - 2) {
				char *sp = memrchr(out.buf + prev_start, ' ', DESC_WIDTH - 2);

				if (sp && sp > out.buf + prev_start + ind)
					*sp = '\n';
			}
		} else if (emptied_list && prev_len) {
			/* "For more details on the 'dma' ... properties" over the list it led in. */
			size_t ls = prev_len;

			while (ls > 1 && !(out.buf[prev_start + ls - 2] == '.' &&
					   strchr(" \n", out.buf[prev_start + ls - 1])))
				ls--;
			if (ls <= 1)
				ls = 0;
			if (pointer_words(cv, out.buf + prev_start + ls, prev_len - ls, false)) {
				out.len = prev_start + ls;
				while (out.len && strchr(" \n", out.buf[out.len - 1]))
					out.len--;
				prev_len = out.len > prev_start ? out.len - prev_start : 0;
			}
		}
		p = end;
		while (p < sb.len && sb.buf[p] == '\n')
			p++;
	}
	const char *r = changed ? cv_strndup(cv, out.buf ? out.buf : "", out.len) : desc;

	sb_free(&sb);
	sb_free(&out);
	return r && *r ? r : NULL;
}

/*
 * The first paragraph moved left to the margin: indented in the .txt under
 * its title ("* Marvell Armada 375 ...\n  Marvell Armada 7K/8K ..."), it
 * would need an indentation indicator ("description: |2") of its own.
 */
static const char *dedent_first_paragraph(struct conv *cv, const char *d)
{
	size_t ind = SIZE_MAX;
	const char *end;

	if (!d)
		return d;
	end = strstr(d, "\n\n");
	if (!end)
		end = d + strlen(d);
	for (const char *l = d; l < end; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : end) {
		size_t sp = strspn(l, " ");

		if (sp < ind)
			ind = sp;
	}
	if (!ind || ind == SIZE_MAX)
		return d;
	struct strbuf sb;

	sb_init(&sb);
	for (const char *l = d; l < end;) {
		const char *eol = memchr(l, '\n', (size_t)(end - l));
		const char *next = eol ? eol + 1 : end;

		sb_putn(&sb, l + ind, (size_t)(next - l) - ind);
		l = next;
	}
	sb_puts(&sb, end);
	const char *r = cv_strndup(cv, sb.buf, sb.len);

	sb_free(&sb);
	return r ? r : d;
}

/*
 * Rewrite each paragraph of @d (split at blank lines; @next is the
 * paragraph after it, "" at the end) with @fn, which appends what it keeps
 * to @out and says whether that differs; the kept paragraphs are joined
 * by one blank line.  Returns @d itself when nothing changed, NULL when
 * nothing is left.
 */
typedef bool (*paragraph_fn)(const char *p, size_t len, const char *next, struct strbuf *out);

static const char *each_paragraph(struct conv *cv, const char *d, paragraph_fn fn)
{
	struct strbuf sb, para;
	bool changed = false;

	if (!d)
		return d;
	sb_init(&sb);
	sb_init(&para);
	for (const char *p = d; *p;) {
		const char *end = strstr(p, "\n\n"), *next;

		if (!end)
			end = p + strlen(p);
		next = end;
		while (*next == '\n')
			next++;
		para.len = 0;
		changed |= fn(p, (size_t)(end - p), next, &para);
		if (para.len) {
			if (sb.len)
				sb_puts(&sb, "\n\n");
			sb_putn(&sb, para.buf, para.len);
		}
		p = next;
	}
	const char *r = !changed ? d : sb.len ? cv_strndup(cv, sb.buf, sb.len) : NULL;

	sb_free(&sb);
	sb_free(&para);
	return r;
}

/*
 * A lead-in whose list went to the properties ("It must be provided by one
 * of:", "The following ECC strength and step size are currently
 * supported:"): a paragraph ending with ':' that nothing more indented
 * follows loses its last sentence (back to the sentence before it, or the
 * whole paragraph).
 */
static bool orphan_lead_in(const char *p, size_t len, const char *next, struct strbuf *out)
{
	const char *nl = strchr(next, '\n');
	size_t sp = strspn(next, " ");
	/* What it leads in: more indented, or no running prose (a list, a table, code). */
	bool list_follows = *next && (sp > strspn(p, " ") || next[sp] == '"' ||
				      starts_with(next + sp, "http") ||
				      !prose_line(next + sp, (nl ? (size_t)(nl - next) : strlen(next)) - sp));
	bool changed = false;

	while (len && p[len - 1] == ':' && !list_follows) {
		/* Back to the end of the sentence before it, or to the paragraph's start. */
		size_t k = len - 1;

		while (k && !(p[k - 1] == '.' && (p[k] == ' ' || p[k] == '\n')))
			k--;
		len = k;
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\n'))
			len--;
		changed = true;
	}
	sb_putn(out, p, len);
	return changed;
}

/*
 * "This binding describes the APQ8096 sound card, ...", "This document
 * describes the device tree bindings associated with the keystone ...": a
 * paragraph that opens by talking of the document says what the hardware
 * is instead ("The APQ8096 sound card, ...").
 */
static bool document_preamble(const char *p, size_t len, const char *next, struct strbuf *out)
{
	static const char *const opens[] = {
		"this binding document describes ", "this binding describes ",
		"this document describes ", "this documents describes ", "this file describes ",
		"this document provides ", "this document defines ", "this document explains ",
		"this file documents ", "this binding is for ",
	};
	static const char *const skip[] = {
		"the ", "generic ", "device tree ", "devicetree ", "dt ", "data ",
	};
	static const char *const binding[] = { "bindings ", "binding " };
	static const char *const join[] = { "associated with ", "for ", "of " };
	/* "This document explains only ...", "... information, what ...": as written. */
	static const char *const keep[] = {
		"only ", "information", "which ", "describing ", "differences ",
	};
	size_t ind = strspn(p, " ");
	const char *t = p + ind, *rest = NULL;

	(void)next;
	for (size_t i = 0; i < ARRAY_SIZE(opens) && !rest; i++)
		if (starts_with_ci(t, opens[i]))
			rest = t + strlen(opens[i]);
	if (rest) {
		/* "the device tree bindings for": all of it, when it names bindings. */
		const char *r = rest;

		for (bool more = true; more;) {
			more = false;
			for (size_t i = 0; i < ARRAY_SIZE(skip); i++)
				if (starts_with_ci(r, skip[i]))
					r += strlen(skip[i]), more = true;
		}
		for (size_t i = 0; i < ARRAY_SIZE(binding); i++)
			if (starts_with_ci(r, binding[i])) {
				r += strlen(binding[i]);
				for (size_t j = 0; j < ARRAY_SIZE(join); j++)
					if (starts_with_ci(r, join[j]))
						r += strlen(join[j]);
				rest = r;
			}
		for (size_t i = 0; rest && i < ARRAY_SIZE(keep); i++)
			if (starts_with_ci(rest, keep[i]))
				rest = NULL;
		if (rest && (!isalpha((unsigned char)*rest) || find_word(rest, "only")))
			rest = NULL;
	}
	if (!rest || rest >= p + len) {
		sb_putn(out, p, len);
		return false;
	}
	sb_putn(out, p, ind);
	sb_putc(out, (char)toupper((unsigned char)*rest));
	sb_putn(out, rest + 1, len - (size_t)(rest + 1 - p));
	return true;
}

/*
 * The description's text without the lines of parts converted on their own
 * (fsl-fman's "FMan Port Node" prose is its port schema's, not fsl,fman's).
 */
static const char *own_desc_text(struct conv *cv)
{
	const char *t = sb_cstr(&cv->desc);
	struct strbuf sb;
	size_t k = 0;

	if (!cv->other_parts.n)
		return t;
	sb_init(&sb);
	for (const char *p = t; *p;) {
		const char *eol = strchr(p, '\n');
		size_t off = (size_t)(p - t), n = eol ? (size_t)(eol - p) + 1 : strlen(p);

		while (k + 1 < cv->desc_at.n && ((struct desc_at *)cv->desc_at.v[k + 1])->off <= off)
			k++;
		const struct desc_at *at = k < cv->desc_at.n ? cv->desc_at.v[k] : NULL;

		if (!(at && at->off <= off && in_other_part(cv, at->line)))
			sb_putn(&sb, p, n);
		p += n;
	}
	const char *r = cv_strdup(cv, sb_cstr(&sb));

	sb_free(&sb);
	return r ? r : t;
}

/*
 * "- Child nodes conforming to i2c bus binding", "Child nodes as per the
 * generic SPI binding.": what the bus controller schema the conversion
 * $refs says, when the line says no more.
 */
static bool bus_children_line(const struct conv *cv, const char *s)
{
	static const struct {
		const char *bus;
		size_t kind;
	} buses[] = { { "i2c", CS_I2C_CONTROLLER }, { "spi", CS_SPI_CONTROLLER }, { "mdio", CS_MDIO } };

	if ((*s == '-' || *s == '*') && s[1] == ' ')
		s = skip_blanks(s + 2);
	if (!starts_with_ci(s, "child node") || !find_ci(s, "binding") || strlen(s) > 60)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(buses); i++)
		if (find_word(s, buses[i].bus) && cv->refs[buses[i].kind])
			return true;
	return false;
}

/* The prose for the top-level description: no references list, no blank runs. */
const char *top_description(struct conv *cv)
{
	const char *t = own_desc_text(cv);
	struct strbuf sb;
	bool blank = true;

	sb_init(&sb);
	for (const char *p = t; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *line = cv_strndup(cv, p, n);

		p = eol ? eol + 1 : p + n;
		if (!line)
			break;
		/*
		 * A tab inside the text is a table's gap ("0\taudio\tAudio AC97
		 * Cntrl"): blanks to the next tab stop, at least two, so that the
		 * columns stay aligned and the table is not reflowed as prose.
		 */
		if (strchr(skip_blanks(line), '\t')) {
			struct strbuf lb;
			bool lead = true;
			size_t col = 0;

			sb_init(&lb);
			for (const char *q = line; *q; q++) {
				if (*q != '\t' && *q != ' ')
					lead = false;
				if (*q != '\t') {
					sb_putc(&lb, *q);
					col++;
					continue;
				}
				size_t stop = (col / 8 + 1) * 8;

				/* "domains\tonly provide": a typo between two words of prose. */
				if (!lead && q > line && islower((unsigned char)q[-1]) &&
				    islower((unsigned char)q[1]) && !strchr(q + 1, '\t') &&
				    strchr(skip_blanks(line), '\t') == q) {
					sb_putc(&lb, ' ');
					col++;
					continue;
				}
				if (lead) {
					sb_putc(&lb, ' ');
				} else {
					if (stop < col + 2)
						stop += 8;
					for (size_t k = col; k < stop; k++)
						sb_putc(&lb, ' ');
				}
				col = stop;
			}
			line = cv_strndup(cv, lb.buf ? lb.buf : "", lb.len);
			sb_free(&lb);
			if (!line)
				break;
		}
		for (char *q = line; *q; q++)
			if (*q == '\t')
				*q = ' ';
		const char *s = skip_blanks(line);

		/* "[1] Documentation/devicetree/bindings/..." */
		if ((s[0] == '[' && isdigit((unsigned char)s[1]) && strstr(s, "Documentation/")) ||
		    bus_children_line(cv, s))
			continue;
		if (!*s) {
			if (!blank)
				sb_putc(&sb, '\n');
			blank = true;
			continue;
		}
		sb_puts(&sb, line);
		sb_putc(&sb, '\n');
		blank = false;
	}
	while (sb.len && sb.buf[sb.len - 1] == '\n')
		sb.len--;
	const char *r = sb.len ? cv_strndup(cv, sb.buf, sb.len) : NULL;

	sb_free(&sb);
	r = each_paragraph(cv, drop_generic_pointers(cv, r), document_preamble);
	/* Until none is left: "-Examples:" after "Required only for X:" leads in nothing either. */
	for (const char *before = NULL; r != before;)
		r = each_paragraph(cv, before = r, orphan_lead_in);
	return reflow(cv, dedent_first_paragraph(cv, r), DESC_WIDTH - 2);
}
