// SPDX-License-Identifier: BSD-2-Clause
/*
 * mentions.c - which of the device's compatibles the words of the text
 * name: the string itself or its device part ("rk3399-mipi-dsi"), its chip
 * ("RK3399", "rk3399"), a family it belongs to ("imx6" of "imx6q"), its
 * model number ("(5717/5719)"), a fallback only it has, the words the
 * compatible item's legend gives it ("MFC v5"), "Tegra124 and later",
 * "qcom,pronto-v1/2-pil".  conditions.c and textlists.c ask mentions().
 */
#define _GNU_SOURCE
#include "conditions.h"

/* "rk3399" of "rk3399-mipi-dsi": a leading part with letters and digits, or NULL. */
static const char *chip_of(struct conv *cv, const char *dev)
{
	size_t n = strcspn(dev, "-_");
	bool digit = false, alpha = false;

	for (size_t i = 0; i < n; i++) {
		digit |= isdigit((unsigned char)dev[i]) != 0;
		alpha |= isalpha((unsigned char)dev[i]) != 0;
	}
	if (n < 3 || !digit || !alpha || !dev[n])
		return NULL;
	return cv_strndup(cv, dev, n);
}

/* The device's own compatibles (the first of each chain, not deprecated) and their chips. */
void collect_compats(struct conv *cv, struct cset *cs)
{
	cs->n = 0;
	for (size_t i = 0; i < cv->chains.n && cs->n < MAX_COMPAT; i++) {
		const struct chain *ch = cv->chains.v[i];
		bool dup = false;

		for (size_t k = 0; k < cs->n; k++)
			dup |= !strcmp(cs->s[k], ch->s[0]);
		if (dup || ch->deprecated)
			continue;
		cs->s[cs->n] = ch->s[0];
		cs->chip[cs->n] = chip_of(cv, compat_device(ch->s[0]));
		cs->n++;
	}
	/* A chip token two compatibles share still names both; one all of them share names none. */
	for (size_t i = 0; i < cs->n; i++) {
		size_t same = 0;

		for (size_t k = 0; cs->chip[i] && k < cs->n; k++)
			same += cs->chip[k] && !strcasecmp(cs->chip[k], cs->chip[i]);
		if (same == cs->n)
			cs->chip[i] = NULL;
	}
}

/*
 * The words with a digit each line of the compatible item gives the string
 * it quotes after "for" ('"samsung,mfc-v5" for MFC v5 present in Exynos4
 * SoCs': "v5", "Exynos4"), into @cs's aliases: the text names that device
 * by them elsewhere ("used only by MFC v5 present in Exynos4 SoCs").
 */
void legend_aliases(struct conv *cv, struct cset *cs)
{
	cs->nalias = 0;
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		if (pr->scope || strcmp(pr->name, "compatible"))
			continue;
		for (size_t l = 0; l < pr->nlines; l++) {
			const char *t = pr->lines[l]->t, *q = strrchr(t, '"');
			size_t idx = SIZE_MAX;

			for (size_t i = 0; q && i < cs->n; i++) {
				size_t n = strlen(cs->s[i]);
				const char *open = q - t > (ptrdiff_t)n ? q - n - 1 : NULL;

				if (open && *open == '"' && !strncmp(open + 1, cs->s[i], n))
					idx = i;
			}
			if (idx == SIZE_MAX)
				continue;
			const char *f = skip_blanks(q + 1);

			if (*f == ':' || *f == '-' || *f == ',')
				f = skip_blanks(f + 1);
			if (strncasecmp(f, "for ", 4))
				continue;
			for (const char *p = f + 4; *p && !strchr(";)", *p);) {
				while (*p && !isalnum((unsigned char)*p) && !strchr(";)", *p))
					p++;
				const char *w = p;
				bool digit = false, alpha = false;

				while (isalnum((unsigned char)*p)) {
					digit |= isdigit((unsigned char)*p) != 0;
					alpha |= isalpha((unsigned char)*p) != 0;
					p++;
				}
				if (digit && alpha && p - w >= 2 && cs->nalias < MAX_ALIAS) {
					cs->alias[cs->nalias] = cv_strndup(cv, w, (size_t)(p - w));
					cs->alias_of[cs->nalias++] = idx;
				}
			}
		}
	}
}

static bool chain_names(const struct chain *ch, const char *w)
{
	for (size_t k = 0; k < ch->n; k++)
		if (!strcasecmp(w, ch->s[k]) || !strcasecmp(w, compat_device(ch->s[k])))
			return true;
	return false;
}

/* Is @w (a word of prose) a string every device has, a fallback they share? */
static bool names_all(const struct conv *cv, const char *w)
{
	size_t n = 0;

	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		if (ch->deprecated)
			continue;
		if (!chain_names(ch, w))
			return false;
		n++;
	}
	return n > 1;
}

/* Does a chain that starts with @head have @w further on (a fallback the word names)? */
static bool names_fallback_of(const struct conv *cv, const char *head, const char *w)
{
	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		if (ch->n > 1 && !strcmp(ch->s[0], head) && chain_names(ch, w))
			return true;
	}
	return false;
}

/*
 * Does @w name a family @chip belongs to: "imx6" of "imx6q", "imx6sl"
 * ("only for imx6 SoC series")?  The word ends in a digit and the chip goes
 * on with a letter: "imx6" is not "imx65", "rk33" is no family.
 */
static bool names_family(const char *w, const char *chip)
{
	size_t wl = strlen(w);

	if (!chip || wl < 3 || !isdigit((unsigned char)w[wl - 1]) || strncasecmp(w, chip, wl) ||
	    !isalpha((unsigned char)chip[wl]))
		return false;
	for (size_t i = 0; i < wl; i++)
		if (isalpha((unsigned char)w[i]))
			return true;
	return false;
}

/*
 * Does a bare number name the device with that model number: "(5717/5719)"
 * of "ti,tas5717"?  Three digits or more, the whole of a run of them in the
 * device's name.
 */
static bool names_model_number(const char *w, const char *dev)
{
	size_t wl = strlen(w);

	if (wl < 3 || !only_chars(w, isdigit, ""))
		return false;
	for (const char *p = dev; (p = strstr(p, w)); p++)
		if ((p == dev || !isdigit((unsigned char)p[-1])) && !isdigit((unsigned char)p[wl]))
			return true;
	return false;
}

/* Does @s (after a name) say "and later", "and newer", "(and following)", "onwards"? */
static bool and_later(const char *s, const char *end)
{
	static const char *const later[] = {
		"and later", "and newer", "and following", "and above", "onwards", "or later",
		"or newer",
	};
	while (s < end && (isspace((unsigned char)*s) || *s == '(' || *s == ')'))
		s++;
	for (size_t i = 0; i < ARRAY_SIZE(later); i++) {
		size_t l = strlen(later[i]);

		if ((size_t)(end - s) >= l && !strncasecmp(s, later[i], l) &&
		    (s + l == end || !isalnum((unsigned char)s[l])))
			return true;
	}
	return false;
}

/* Does @word name compatible @i of @cs ("marvell,armada-8k-nand" with its tail @longer too)? */
static bool word_names(const struct conv *cv, const struct cset *cs, size_t i, const char *word,
		       const char *longer)
{
	return !strcasecmp(word, cs->s[i]) || !strcasecmp(word, compat_device(cs->s[i])) ||
	       (longer[0] && !strcasecmp(longer, cs->s[i])) ||
	       (cs->chip[i] && !strcasecmp(word, cs->chip[i])) || names_family(word, cs->chip[i]) ||
	       names_model_number(word, compat_device(cs->s[i])) ||
	       names_fallback_of(cv, cs->s[i], word);
}

/*
 * "qcom,pronto-v1/2-pil": @word ("qcom,pronto-v1") ends in a number and
 * "/2-pil" follows at @p: its two forms, "qcom,pronto-v1-pil" and
 * "qcom,pronto-v2-pil", into @one and @two.  False when it is no such pair.
 */
static bool slash_pair(const char *word, const char *p, const char *end, char *one, char *two,
		       size_t size)
{
	size_t wl = strlen(word), stem = wl, dl = 0, tl = 0;

	if (p >= end || *p != '/' || !wl || !isdigit((unsigned char)word[wl - 1]))
		return false;
	while (stem && isdigit((unsigned char)word[stem - 1]))
		stem--;
	while (p + 1 + dl < end && isdigit((unsigned char)p[1 + dl]))
		dl++;
	const char *tail = p + 1 + dl;

	while (tail + tl < end && (isalnum((unsigned char)tail[tl]) || strchr(",-_.+", tail[tl])))
		tl++;
	if (!dl || !tl || !stem || (size_t)snprintf(one, size, "%s%.*s", word, (int)tl, tail) >= size ||
	    (size_t)snprintf(two, size, "%.*s%.*s%.*s", (int)stem, word, (int)dl, p + 1,
			     (int)tl, tail) >= size)
		return false;
	return true;
}

/*
 * The compatibles the words of @s[0..len) name, into @in; returns how many.
 * A word naming a fallback names them all.
 */
size_t mentions(const struct conv *cv, const struct cset *cs, const char *s, size_t len, bool *in)
{
	size_t count = 0;
	const char *end = s + len;

	memset(in, 0, MAX_COMPAT * sizeof(*in));
	for (const char *p = s; p < end;) {
		while (p < end && !(isalnum((unsigned char)*p)))
			p++;
		const char *w = p;

		while (p < end && (isalnum((unsigned char)*p) || strchr(",-_.+", *p)))
			p++;
		while (p > w && strchr(",-_.+", p[-1]))
			p--;	/* "RK3399," */
		size_t wl = (size_t)(p - w);
		char word[96];
		char one[128], two[128];
		bool pair;

		if (!wl || wl >= sizeof(word)) {
			p += p < end;
			continue;
		}
		memcpy(word, w, wl);
		word[wl] = '\0';
		pair = slash_pair(word, p, end, one, two, sizeof(one));
		if (p < end)
			p++;
		/* "ADGS1408/1409": the second is "ADGS1409". */
		if (w > s + 1 && w[-1] == '/' && only_chars(word, isdigit, "")) {
			const char *b = w - 1;

			while (b > s && isalnum((unsigned char)b[-1]))
				b--;
			size_t pl = 0;

			while (b + pl < w - 1 && isalpha((unsigned char)b[pl]))
				pl++;
			if (pl && pl + wl < sizeof(word)) {
				memmove(word + pl, word, wl + 1);
				memcpy(word, b, pl);
			}
		}
		if (names_all(cv, word))
			return 0;
		size_t first = SIZE_MAX;
		/* "marvell,armada-8k-nand[-controller]": the string with its optional tail too. */
		char longer[128] = "";
		const char *tail = w + wl, *close = tail < end && *tail == '[' ?
			memchr(tail, ']', (size_t)(end - tail)) : NULL;

		if (close && close - tail < 24)
			snprintf(longer, sizeof(longer), "%s%.*s", word, (int)(close - tail - 1),
				 tail + 1);
		for (size_t i = 0; i < cs->n; i++) {
			if (word_names(cv, cs, i, word, longer) ||
			    (pair && (!strcasecmp(one, cs->s[i]) || !strcasecmp(two, cs->s[i])))) {
				first = first == SIZE_MAX ? i : first;
				count += !in[i];
				in[i] = true;
			}
		}
		for (size_t a = 0; a < cs->nalias; a++)
			if (cs->alias[a] && !strcasecmp(word, cs->alias[a])) {
				size_t i = cs->alias_of[a];

				first = first == SIZE_MAX ? i : first;
				count += !in[i];
				in[i] = true;
			}
		/* "Tegra124 and later", "G12A and newer": the ones the text lists after it too. */
		for (size_t i = first + 1; first != SIZE_MAX && i < cs->n && and_later(w + wl, end); i++) {
			count += !in[i];
			in[i] = true;
		}
	}
	return count;
}
