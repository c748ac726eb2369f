// SPDX-License-Identifier: BSD-2-Clause
/*
 * title.c - the schema's title from the text's first line: decoration, the
 * words the meta-schemas and reviewers reject, a sentence cut to its subject.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* Remove @word (case-insensitive, whole word) and the blanks before it. */
static void cut_word(char *s, const char *word)
{
	const char *p;

	while ((p = find_word(s, word)) != NULL) {
		char *q = s + (p - s);
		size_t n = strlen(word);

		while (q > s && q[-1] == ' ')
			q--, n++;
		memmove(q, q + n, strlen(q + n) + 1);
	}
}


/*
 * dt-schema 2026.06 rejects "binding" and " schema" anywhere in a title:
 * a phrase left inside one ("devices that have simple device tree
 * bindings") goes with the clause that holds it.
 */
static void drop_binding_clause(char *s)
{
	static const char *const joins[] = { " that ", " which ", " with ", " using " };
	const char *found = find_ci(s, "binding");

	if (!found)
		found = find_ci(s, " schema");
	if (!found)
		return;
	char *p = s + (found - s), *cut = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(joins); i++) {
		const char *j = find_ci(s, joins[i]);

		if (j && j < p && (!cut || j > cut))
			cut = s + (j - s);
	}
	if (!cut) {
		char *w = p, *e = p;

		while (w > s && w[-1] != ' ')
			w--;
		while (*e && *e != ' ')
			e++;
		/* "Clock bindings for Marvell PXA chips": the word goes, "for ..." stays. */
		if (w > s && (starts_with_ci(e, " for ") || starts_with_ci(e, " on ") ||
			      starts_with_ci(e, " of "))) {
			memmove(w, e + 1, strlen(e + 1) + 1);
			trim(s);
			return;
		}
		/* no clause: the word alone, back to the space before it */
		cut = w > s ? w - 1 : w;
	}
	*cut = '\0';
	trim(s);
}

/*
 * A title longer than a line is a sentence: keep its subject, cut at the
 * first verb or clause that follows it ("APM X-Gene SLIMpro mailbox is used
 * to communicate ...", "... 64-bit Global Timer for ARC HS CPUs -
 * clocksource provider ..."), when what is left still names something
 * (three words or more).
 */
static void shorten_title(char *s)
{
	static const char *const cuts[] = {
		" is used to ", " is used ", " used to ", " used on ", " used in ", " supports ",
		" manages ", " provides ", " should ", " which ", " that ", " found on ",
		" found in ", " - ", " -- ", ": ", " with ", " (",
	};

	if (strlen(s) <= 80)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(cuts); i++) {
		char *c = (char *)find_ci(s, cuts[i]);
		unsigned words = 1;

		if (!c)
			continue;
		for (const char *p = s; p < c; p++)
			words += *p == ' ';
		if (words < 3)
			continue;
		*c = '\0';
		trim(s);
		return;
	}
}

/* Does the word ending at s[end) join a phrase ("partitions in", "have standardized")? */
static bool after_preposition(const char *s, size_t end)
{
	static const char *const joins[] = {
		"in", "on", "for", "of", "to", "the", "a", "an", "and", "have", "has", "is",
		"standardized", "generic", "describes", "with",
	};
	size_t b = end;

	while (b > 0 && s[b - 1] != ' ')
		b--;
	return span_in_ci(s + b, end - b, joins, ARRAY_SIZE(joins));
}

/* The title without decoration and the words the meta-schema and reviewers reject. */
char *clean_title(struct conv *cv, const char *t)
{
	char *s = cv_strdup(cv, t);

	if (!s)
		return NULL;
	/* Decoration: "* Title *", "= Title =", "1) Title", "2. Title", "b) Title". */
	while (*s && strchr("*=#-~ \t", *s))
		memmove(s, s + 1, strlen(s));
	size_t num = strspn(s, "0123456789");

	if (!num && isalpha((unsigned char)s[0]) && s[1] == ')')
		num = 1;
	/* "1.c.i) The Auxiliary RAM (ARAM) node" */
	while (num && s[num] == '.' && islower((unsigned char)s[num + 1]))
		num += 1 + strspn(s + num + 1, "abcdefghijklmnopqrstuvwxyz0123456789");
	if ((s[num] == ')' || (num && s[num] == '.')) && s[num + 1] == ' ')
		memmove(s, s + num + 2, strlen(s + num + 2) + 1);
	if (starts_with(s, "The ") && isupper((unsigned char)s[4]))
		memmove(s, s + 4, strlen(s + 4) + 1);
	size_t n = strlen(s);

	if (n > 5 && (str_ends_with(s, " node") || str_ends_with(s, " nodes")))
		s[n -= str_ends_with(s, " node") ? 5 : 6] = '\0';

	while (n && strchr("*=#~:. \t", s[n - 1]))
		s[--n] = '\0';
	static const char *const phrases[] = {
		"device tree bindings for", "device tree binding for", "devicetree bindings for",
		"dt bindings for", "bindings for", "binding for", "device-tree bindings for",
		"device tree bindings", "device tree binding", "devicetree bindings",
		"devicetree binding", "device-tree bindings", "dt bindings", "dt binding",
		"dt-bindings", "bindings", "binding", "documentation",
	};
	/*
	 * At the start ("Device tree bindings for X") always; at the end only
	 * after a name ("Armada 38x Platforms Device Tree Bindings"), not
	 * inside a phrase ("devices that have simple device tree bindings").
	 */
	for (size_t i = 0; i < ARRAY_SIZE(phrases); i++) {
		const char *p;
		size_t l = strlen(phrases[i]);

		trim(s);
		p = find_ci(s, phrases[i]);
		if (!p || isalnum((unsigned char)p[l]))
			continue;
		if (p == s) {
			memmove(s, s + l, strlen(s + l) + 1);
			continue;
		}
		const char *rest = p + l;

		while (*rest && strchr(" .:*=-", *rest))
			rest++;
		if (*rest || p[-1] != ' ')
			continue;	/* in the middle */
		const char *w = p - 1;

		while (w > s && w[-1] != ' ')
			w--;
		if (islower((unsigned char)*w) && !strpbrk(w, "0123456789"))
			continue;	/* "... simple device tree bindings" */
		s[p - s] = '\0';
	}
	if (starts_with_ci(s, "this is a list of ")) {
		memmove(s, s + 18, strlen(s + 18) + 1);
		trim(s);
	}
	if (starts_with_ci(s, "this binding describes ")) {
		memmove(s, s + 23, strlen(s + 23) + 1);
		trim(s);
	}
	if (starts_with_ci(s, "this document describes ")) {
		memmove(s, s + 24, strlen(s + 24) + 1);
		trim(s);
	}
	/* "the", "a" and "an" left alone at the start, "driver" at the end. */
	trim(s);
	for (;;) {
		if (starts_with_ci(s, "the ") || starts_with_ci(s, "an "))
			memmove(s, strchr(s, ' ') + 1, strlen(strchr(s, ' ')));
		else if (starts_with_ci(s, "a ") && strlen(s) > 2)
			memmove(s, s + 2, strlen(s + 2) + 1);
		else if (starts_with_ci(s, "for ") || starts_with_ci(s, "of "))
			memmove(s, strchr(s, ' ') + 1, strlen(strchr(s, ' ')));
		else
			break;
		trim(s);
	}
	drop_binding_clause(s);
	/* "Palmas device tree", "CAN controller device tree": the binding's, said again. */
	static const char *const dt_tail[] = { " device tree", " device-tree", " devicetree" };
	for (size_t i = 0; i < ARRAY_SIZE(dt_tail); i++) {
		size_t l = strlen(dt_tail[i]), sl;

		trim(s);
		sl = strlen(s);
		if (sl > l && !strcasecmp(s + sl - l, dt_tail[i]) && !after_preposition(s, sl - l))
			s[sl - l] = '\0';
	}
	/*
	 * What was "Device Tree Clock bindings for X", "Generic device tree
	 * bindings for I2C busses": "Clock for X", "Generic I2C busses".
	 */
	static const char *const dt_words[] = { "device tree ", "devicetree ", "device-tree " };
	for (size_t i = 0; i < ARRAY_SIZE(dt_words); i++) {
		size_t l = strlen(dt_words[i]);
		char *g = starts_with_ci(s, "generic ") ? s + 8 : s;

		if (starts_with_ci(g, dt_words[i]) && isalpha((unsigned char)g[l])) {
			memmove(g, g + l, strlen(g + l) + 1);
			if (g > s && starts_with_ci(g, "for "))
				memmove(g, g + 4, strlen(g + 4) + 1);
		}
	}
	/* Bindings describe hardware: "X driver for Y" is "X for Y". */
	for (char *d; (d = (char *)find_ci(s, " driver for ")) != NULL;)
		memmove(d + 1, d + 8, strlen(d + 8) + 1);
	if (starts_with_ci(s, "driver for ") || starts_with_ci(s, "drivers for "))
		memmove(s, strchr(s, ' ') + 5, strlen(strchr(s, ' ') + 5) + 1);
	shorten_title(s);
	n = strlen(s);
	if (n > 7 && !strcasecmp(s + n - 7, " driver"))
		s[n - 7] = '\0';
	n = strlen(s);
	while (n && strchr(":.,;-( ", s[n - 1]))
		s[--n] = '\0';
	cut_word(s, "DT");
	trim(s);
	if (islower((unsigned char)s[0]) && !strchr(s, ','))
		s[0] = (char)toupper((unsigned char)s[0]);
	/* The meta-schema's maxLength: cut at a word boundary. */
	if (strlen(s) > 96) {
		size_t cut = 96;

		/* Not inside a UTF-8 character: the output must stay UTF-8 (found by fuzzing). */
		while (cut && ((unsigned char)s[cut] & 0xc0) == 0x80)
			cut--;
		s[cut] = '\0';
		char *sp = strrchr(s, ' ');

		if (sp && sp > s + 40)
			*sp = '\0';
	}
	return s;
}

/* Title from the file name when the text has none: "fsl-qdma.txt" -> "fsl-qdma". */
char *title_from_path(struct conv *cv, const char *path)
{
	const char *b = strrchr(path, '/');
	char *s = cv_strdup(cv, b ? b + 1 : path);

	if (s && str_ends_with(s, ".txt"))
		s[strlen(s) - 4] = '\0';
	/* "pinctrl-bindings": no title says "binding" (dt-schema 2026.06). */
	static const char *const tails[] = { "-bindings", "_bindings", "-binding", "_binding" };

	for (size_t i = 0; s && i < ARRAY_SIZE(tails); i++)
		if (str_ends_with(s, tails[i]) && strlen(s) > strlen(tails[i]))
			s[strlen(s) - strlen(tails[i])] = '\0';
	return s;
}
