// SPDX-License-Identifier: BSD-2-Clause
/*
 * values.c - what a property's text says of its values: the type it names
 * ("<u32>", "boolean", "phandle to"), the values it lists ("one of 1, 2 or
 * 4", "\"rgb\" or \"lvds\"", "0 -> internal  1 -> external"), a range or a
 * default, and the entries of a cell array it describes one by one (a
 * sub-list under "reg", or the names' own text: "\"axi\" for the clock to
 * the AXI interface").  props.c turns them into schema keywords.
 */
#define _GNU_SOURCE
#include <limits.h>

#include "doc2yaml-private.h"

/* Type stated by the text; *weak when only guessed from wording. */
enum ptype type_from_text(const char *d, bool *weak)
{
	*weak = false;
	if (!d)
		return T_UNKNOWN;
	bool arr = find_word(d, "array") || find_ci(d, "list of") || find_word(d, "tuple") ||
		   find_ci(d, "pairs") || find_ci(d, "triplets") || find_ci(d, "entries");

	if (find_word(d, "u8") || find_ci(d, "<u8>") || find_ci(d, "8-bit value") ||
	    find_ci(d, "8 bit value") || starts_with_ci(d, "1 byte") || starts_with_ci(d, "one byte"))
		return arr ? T_U8A : T_U8;
	if (find_word(d, "u16") || find_ci(d, "16-bit value"))
		return arr ? T_U16A : T_U16;
	if (find_word(d, "u64") || find_ci(d, "64-bit value"))
		return arr ? T_U64A : T_U64;
	if (find_word(d, "u32") || find_ci(d, "<u32>") || find_ci(d, "32-bit value") ||
	    find_word(d, "integer") || find_word(d, "uint32") || find_ci(d, "<int>") ||
	    find_ci(d, " int>") || find_ci(d, "<int "))
		return arr ? T_U32A : T_U32;
	/* "a bitmask specifying whether ... If a rotator is present its bit should be set" */
	if (find_word(d, "bitmask") || find_ci(d, "bit mask") || find_word(d, "bitfield"))
		return arr ? T_U32A : T_U32;
	if (find_word(d, "boolean") || find_word(d, "bool") || find_word(d, "bolean") ||
	    find_ci(d, "<empty>") ||
	    find_ci(d, "empty property") || find_ci(d, "boolean property"))
		return T_BOOL;
	if (find_word(d, "phandles") || find_ci(d, "list of phandle") ||
	    find_ci(d, "phandle and") || find_ci(d, "phandle +") || find_ci(d, "phandle with") ||
	    find_ci(d, "phandle-array") || find_ci(d, "specifier"))
		return T_PHANDLEA;
	if (find_word(d, "phandle") || find_ci(d, "reference to") || find_ci(d, "pointer to") ||
	    find_ci(d, "handle to"))
		return T_PHANDLE;
	/*
	 * "strings", unless a text without quotes lists numbers: ti-lmu's
	 * "... if the strings have a common brightness register ... The
	 * values are 255 (8bit) or 2047 (11bit)" means LED strings.
	 */
	long long nums[4], lo, hi;
	bool range;
	bool led_strings = find_word(d, "strings") && !strchr(d, '"') &&
			   desc_int_enum(d, nums, ARRAY_SIZE(nums), &lo, &hi, &range) >= 2;

	if ((find_word(d, "strings") && !led_strings) || find_ci(d, "list of string") ||
	    find_ci(d, "string list") || find_ci(d, "array of string"))
		return T_STRA;
	if (find_word(d, "string"))
		return T_STR;
	*weak = true;
	/* A legend of quoted values, one per line ('"none": clock source is disabled'). */
	unsigned quoted_lines = 0;

	for (const char *l = d; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		quoted_lines += *skip_blanks(l) == '"';
	if (quoted_lines >= 2)
		return T_STR;
	if (find_ci(d, "if present") || find_ci(d, "when present") || find_ci(d, "is present") ||
	    find_ci(d, "presence of") || find_ci(d, "if set") || find_ci(d, "if defined") ||
	    find_ci(d, "if specified,") || find_ci(d, "when set") || find_word(d, "flag") ||
	    find_ci(d, "this property is set") || find_ci(d, "this property is specified") ||
	    find_ci(d, "if this property exists") || find_ci(d, "if it exists") ||
	    find_ci(d, "property must be present if") ||
	    find_ci(d, "property should be present if") ||
	    find_ci(d, "indicates that") || find_ci(d, "indicate that") ||
	    starts_with_ci(d, "enable") || starts_with_ci(d, "disable") ||
	    starts_with_ci(d, "set to enable") || starts_with_ci(d, "set if") ||
	    starts_with_ci(d, "use ") || starts_with_ci(d, "the presence") ||
	    /* What the property does, said as a flag's: "Makes the driver work on ..." */
	    starts_with_ci(d, "make ") || starts_with_ci(d, "makes ") ||
	    starts_with_ci(d, "specifies that") || starts_with_ci(d, "specify that") ||
	    starts_with_ci(d, "will ") || starts_with_ci(d, "forces ") ||
	    starts_with_ci(d, "force ") || starts_with_ci(d, "marks ") ||
	    starts_with_ci(d, "signals that") || starts_with_ci(d, "states that"))
		return T_BOOL;
	if (arr)
		return T_U32A;
	return T_UNKNOWN;
}

/*
 * Is the quoted string at d[at] the device a value is for, not a value:
 * '"tx" for "st,sti-uni-player" compatibility', '"hclock", "multclk" for
 * "microchip,sam9x60-sdhci"', '"Hip": Hard IP region (if "altr,pcie-root-port-2.0")'?
 * A compatible-shaped string after "for", "on", "with" or "if".
 */
static bool string_names_a_device(const char *d, const struct qstr *q)
{
	const char *p = d + q->at;

	if (!strchr(q->s, ',') || strchr(q->s, ' '))
		return false;
	while (p > d && isspace((unsigned char)p[-1]))
		p--;
	static const char *const words[] = { "for", "on", "with", "if" };

	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		size_t l = strlen(words[i]);

		if ((size_t)(p - d) >= l && !strncasecmp(p - l, words[i], l) &&
		    (p - d == (ptrdiff_t)l || !isalnum((unsigned char)p[-(ptrdiff_t)l - 1])))
			return true;
	}
	return false;
}

/*
 * Are @a and @b the ends of a range, '"ia0" to "ia3"', '"brg1" through
 * "brg16"': one prefix, then numbers, the first the smaller?
 */
static bool string_range(const char *d, const struct qstr *a, const struct qstr *b)
{
	const char *gap = skip_blanks(d + a->end);
	size_t pl = strcspn(a->s, "0123456789");

	if (starts_with(gap, "to "))
		gap += 3;
	else if (starts_with(gap, "through "))
		gap += 8;
	else
		return false;
	if (skip_blanks(gap) != d + b->at || !pl || strncmp(a->s, b->s, pl) ||
	    strspn(a->s + pl, "0123456789") != strlen(a->s + pl) || !a->s[pl] ||
	    strspn(b->s + pl, "0123456789") != strlen(b->s + pl) || !b->s[pl])
		return false;
	return strtoul(a->s + pl, NULL, 10) < strtoul(b->s + pl, NULL, 10);
}

/* Is a..b only ", ", " and ", " or " between two quoted strings? */
static bool only_joiners(const char *a, const char *b)
{
	const char *p = skip_blanks(a);

	if (p < b && *p == ',')
		p = skip_blanks(p + 1);
	if (starts_with(p, "and ") || starts_with(p, "or "))
		p = skip_blanks(p + (p[0] == 'a' ? 4 : 3));
	return p == b;
}

/* Quoted strings of a description ("rgb", "lvds" or "duallvds") as an enum. */
size_t desc_enum_strings(struct conv *cv, const char *d, const char **out, size_t max)
{
	struct qstr q[72];
	size_t n = d ? find_compat_strings(cv, d, q, ARRAY_SIZE(q)) : 0, k = 0;
	bool prev_device = false;

	if ((d && !strchr(d, '"')) || n == ARRAY_SIZE(q))
		return 0;	/* no list, or more than we hold: none, rather than a cut one */
	for (size_t i = 0; i < n && k < max; i++) {
		bool dup = false;

		/* '"ia0" to "ia3"', '"brg1" through "brg16"': every name of the range. */
		if (i + 1 < n && string_range(d, &q[i], &q[i + 1])) {
			size_t pl = strcspn(q[i].s, "0123456789");
			unsigned long lo = strtoul(q[i].s + pl, NULL, 10);
			unsigned long hi = strtoul(q[i + 1].s + pl, NULL, 10);

			if (hi - lo >= 32 || k + (hi - lo) + 1 > max)
				return 0;	/* too many to list: the text's words say it */
			for (unsigned long v = lo; v <= hi && k < max; v++)
				out[k++] = cv_printf(cv, "%.*s%lu", (int)pl, q[i].s, v);
			i++;
			continue;
		}
		/* '... for "qcom,ath10k", "qcom,ipq4019-wifi" compatible targets': both. */
		bool device = string_names_a_device(d, &q[i]) ||
			      (prev_device && strchr(q[i].s, ',') && !strchr(q[i].s, ' ') &&
			       only_joiners(d + q[i - 1].end, d + q[i].at));

		prev_device = device;
		if (device)
			continue;
		if (!valid_names_entry(q[i].s) || strchr(q[i].s, ' '))
			return 0;
		for (size_t j = 0; j < k; j++)
			if (!strcmp(out[j], q[i].s))
				dup = true;
		if (!dup)
			out[k++] = q[i].s;
	}
	return k;
}

/*
 * The names a description gives in parentheses, in order: "pll reference
 * clock(ref) ... APB clock(pclk). For RK3399, a phy config clock (phy_cfg)
 * and a grf clock(grf) are required".  Read only to extend an example's
 * names (names_list): prose has other parentheses ("(optional)").
 */
size_t desc_paren_names(struct conv *cv, const char *d, const char **out, size_t max)
{
	size_t k = 0, len;

	for (const char *p = paren_token(d, &len); p && k < max; p = paren_token(p + len, &len)) {
		char *nm = cv_strndup(cv, p, len);
		bool dup = false;

		for (size_t j = 0; j < k && nm; j++)
			dup |= !strcmp(out[j], nm);
		if (nm && !dup && valid_names_entry(nm))
			out[k++] = nm;
	}
	return k;
}

/* "defaults to 24", "Default is 0", "(default)" -> the number. */
bool desc_default(const char *d, long long *v)
{
	const char *p = d ? find_ci(d, "default") : NULL;

	/* "100, 4000, 8000 (default) and 16000" */
	for (const char *q = d ? find_ci(d, " (default)") : NULL; q; q = find_ci(q + 1, " (default)")) {
		const char *b = q;

		while (b > d && isdigit((unsigned char)b[-1]))
			b--;
		if (b < q && (b == d || !isalnum((unsigned char)b[-1]))) {
			*v = strtoll(b, NULL, 10);
			return true;
		}
	}
	while (p) {
		const char *q = p + 7;

		while (isalpha((unsigned char)*q))
			q++;	/* "defaults" */
		while (*q == ' ' || *q == ':' || *q == '=' || *q == '\n' || *q == '(')
			q++;
		if (starts_with_ci(q, "value "))
			q += 6;
		if (starts_with_ci(q, "is "))
			q += 3;
		if (starts_with_ci(q, "to "))
			q += 3;
		if (starts_with_ci(q, "of "))
			q += 3;
		if (isdigit((unsigned char)*q)) {
			char *e;
			long long x = strtoll(q, &e, 0);

			if (!isalnum((unsigned char)*e) && *e != '.' && *e != '-') {
				*v = x;
				return true;
			}
			if (*e == '.' && !isdigit((unsigned char)e[1])) {
				*v = x;
				return true;
			}
		}
		p = find_ci(p + 1, "default");
	}
	return false;
}

/* "must be 1", "Should be <2>", "should be two", "= <1>". */
bool desc_cells_value(const char *d, long long *v)
{
	static const char *const words[] = { "zero", "one", "two", "three", "four" };
	static const char *const lead[] = {
		"must be", "should be", "shall be", "set to", "must contain", "should contain",
		"value is", "value shall be", "value must be", "equal to", "= <", "is always", "be <",
		"value of",
	};

	if (!d)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(lead); i++) {
		const char *p = find_ci(d, lead[i]);

		if (!p)
			continue;
		p += strlen(lead[i]);
		while (*p == ' ' || *p == '<' || *p == ':')
			p++;
		if (isdigit((unsigned char)*p)) {
			*v = strtoll(p, NULL, 0);
			return true;
		}
		for (size_t w = 0; w < ARRAY_SIZE(words); w++)
			if (starts_with_ci(p, words[w]) && !isalpha((unsigned char)p[strlen(words[w])])) {
				*v = (long long)w;
				return true;
			}
	}
	if (d[0] == '=') {
		const char *p = strchr(d, '<');

		if (p && isdigit((unsigned char)p[1])) {
			*v = strtoll(p + 1, NULL, 0);
			return true;
		}
	}
	return false;
}

static const char *skip_space_nl(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* "<@lead>A <@join>B" with A < B (B not followed by a letter or digit): the range A..B. */
static bool text_range(const char *d, const char *lead, const char *join, long long *lo,
		       long long *hi)
{
	const char *p = find_ci(d, lead);
	char *e;

	if (!p)
		return false;
	p += strlen(lead);
	long long a = strtoll(p, &e, 0);

	if (e == p || !starts_with(skip_blanks(e), join))
		return false;
	const char *q = skip_blanks(e) + strlen(join);
	long long b = strtoll(q, &e, 0);

	if (e == q || b <= a || isalnum((unsigned char)*e))
		return false;
	*lo = a;
	*hi = b;
	return true;
}

/* Integer list of a description: "0, 1, 2 or 3", "values between 0 and 7". */
size_t desc_int_enum(const char *d, long long *out, size_t max, long long *lo, long long *hi,
			    bool *range)
{
	*range = false;
	if (!d)
		return 0;
	/* "values between 0 and 7", "range 1 to 32", "Allowable range is 0x01-0x3F" */
	static const char *const range_lead[] = { "range is ", "range: ", "range of ", "range " };

	if (text_range(d, "between ", "and ", lo, hi)) {
		*range = true;
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(range_lead); i++)
		if (text_range(d, range_lead[i], "to ", lo, hi) ||
		    text_range(d, range_lead[i], "-", lo, hi)) {
			*range = true;
			return 0;
		}
	static const char *const lead[] = { "can be ", "should be ", "must be ", "values are ",
					    "valid values are ", "one of ", "valid entries ",
					    "are possible: " };
	for (size_t i = 0; i < ARRAY_SIZE(lead); i++) {
		const char *p = find_ci(d, lead[i]);

		if (!p)
			continue;
		p += strlen(lead[i]);
		if (starts_with_ci(p, "either "))
			p += 7;
		size_t n = 0;

		/* "1, 2 or 4", "<1> or <2>", "100, 4000, 8000 (default) and\n 16000" */
		bool more = false;	/* a joining word promised one more */

		while (n < max) {
			char *e;
			char quote = 0;

			/* "Should be '0','1' or '2'": quoted numbers are numbers too. */
			if (*p == '\'' && isdigit((unsigned char)p[1]))
				quote = *p++;
			if (*p == '<')
				p++;
			if (!isdigit((unsigned char)*p))
				break;
			long long x = strtoll(p, &e, 0);

			if (e == p || *e == '<' || (quote && *e != quote))
				break;
			if (quote)
				e++;
			/* "one of 4, 5, 6 and 7V": a unit after the last one only */
			if (isalpha((unsigned char)*e)) {
				if (more)
					out[n++] = x, more = false;
				break;
			}
			out[n++] = x;
			more = false;
			p = e;
			if (*p == '>')
				p++;
			p = skip_space_nl(p);
			if (*p == '(' && strchr(p, ')') && strchr(p, ')') - p < 24)
				p = skip_space_nl(strchr(p, ')') + 1);
			while (*p == ',' || isspace((unsigned char)*p))
				p++;
			if ((starts_with(p, "or") || starts_with(p, "and")) &&
			    isspace((unsigned char)p[*p == 'o' ? 2 : 3])) {
				p = skip_space_nl(p + (*p == 'o' ? 2 : 3));
				more = true;
			}
		}
		if (more)
			return 0;	/* "can be 1, 2 or" then something else: not a list of numbers */
		if (n >= 2)
			return n;
	}
	return 0;
}

/*
 * The values a description's legend gives meaning to: "0 -> internal  1 ->
 * external", "- <1> for USART", "1: Full-period mode", "0 (positive duty)
 * and 1 (negative duty)".  A number counts where an entry starts (the text's
 * start, a line, a bullet, ", ", "; ", "are ", "and ") and something says
 * what it means right after it.  Two distinct values at least.
 */
size_t desc_value_legend(const char *d, long long *out, size_t max)
{
	static const char *const means[] = { "->", "=>", "=", ":", "(", "for ", "- ", "means " };
	size_t n = 0;

	if (strstr(d, "...") || strstr(d, "\u2026"))
		return 0;	/* "0: VP/VN, 1: ..., ..., 16: VAUXP[15]": the values between are elided */

	for (const char *p = d; p && *p && n < max; p++) {
		bool start = p == d || p[-1] == '\n' ||
			     (p - d >= 2 && (p[-1] == ' ' || p[-1] == '\t') &&
			      (strchr(",;-\t", p[-2]) || (p[-2] == ' ' && p - d >= 3 && p[-3] == ' '))) ||
			     (p - d >= 4 && !strncmp(p - 4, "are ", 4)) ||
			     (p - d >= 4 && !strncmp(p - 4, "and ", 4));
		const char *q = p;

		if (!start)
			continue;
		q = skip_blanks(q);
		if (*q == '<')
			q++;
		if (!isdigit((unsigned char)*q))
			continue;
		char *e;
		long long x = strtoll(q, &e, 0);

		if (*e == '>')
			e++;
		if (isalnum((unsigned char)*e) || *e == '.' || *e == ',')
			continue;
		const char *m = skip_blanks(e);
		bool said = false;

		for (size_t k = 0; k < ARRAY_SIZE(means) && !said; k++)
			said = starts_with(m, means[k]) && m[strlen(means[k])] != '>';
		if (!said || (m[0] == ':' && isdigit((unsigned char)skip_blanks(m + 1)[0])))
			continue;
		bool dup = false;

		for (size_t k = 0; k < n; k++)
			dup |= out[k] == x;
		if (!dup)
			out[n++] = x;
		p = e - 1;
	}
	return n >= 2 ? n : 0;
}

/*
 * The names a names property's item lists unquoted, one bullet each, under
 * its lead-in ("- reset-names : Must include the following entries:\n
 * - usb"), into @out; 0 unless every line under the item is such a bullet
 * (a line "Tegra20/Tegra30:" over them scopes them to some chips).
 */
size_t desc_bullet_names(struct conv *cv, const struct prop *pr, const char **out, size_t max)
{
	size_t n = 0;

	if (!pr || pr->nlines < 2 || !find_ci(pr->lines[0]->t, "following"))
		return 0;
	for (size_t k = 1; k < pr->nlines; k++) {
		const struct line *l = pr->lines[k];
		const char *after;

		if (l->blank)
			continue;
		if (!bullet_at(l->t, &after) || n == max)
			return 0;
		size_t len = strcspn(after, " \t");
		const char *rest = skip_blanks(after + len);
		char *name = cv_strndup(cv, after, len);

		if (!name || !valid_names_entry(name) || (*rest && *rest != '-' && *rest != ':' &&
							  *rest != '('))
			return 0;
		out[n++] = name;
	}
	return n;
}

/* Sub-list entries of an item ("- common controller registers") for items: descriptions. */
size_t desc_sublist(struct conv *cv, const struct prop *pr, const char **out, size_t max,
			   bool *numbered)
{
	size_t n = 0;
	unsigned ind = 0;

	*numbered = false;

	if (!pr)
		return 0;
	for (size_t k = 1; k < pr->nlines && n < max; k++) {
		const struct line *l = pr->lines[k];
		const char *after;

		bool entry = bullet_at(l->t, &after);

		/* "1) base address and length to Tegra 'atomics' hardware", "2. ..." */
		if (!entry && isdigit((unsigned char)l->t[0])) {
			const char *d = l->t + strspn(l->t, "0123456789");

			if (d[0] == '.' && d[1] == ')')
				d++;	/* "1.) The coreboot table." */
			if ((*d == ')' || *d == '.') && d[1] == ' ' && d - l->t <= 3) {
				after = skip_blanks(d + 1);
				entry = true;
				*numbered = true;
			}
		}
		/* "\"control\" - contains the control register offset": what follows the name. */
		if (!entry)
			after = l->t;
		if (after[0] == '"' && strchr(after + 1, '"')) {
			const char *q = skip_blanks(strchr(after + 1, '"') + 1);

			if ((q[0] == '-' || q[0] == ':') && q[1] == ' ') {
				after = skip_blanks(q + 1);
				entry = true;
			}
		}
		if (entry && (!n || l->ind == ind)) {
			/* "* If cpus node's #address-cells property is set to 2": cases, no entries. */
			static const char *const cases[] = { "if ", "when ", "for ", "on ", "in case " };

			if (strchr(after, '"'))
				return 0;
			for (size_t c = 0; c < ARRAY_SIZE(cases); c++)
				if (starts_with_ci(after, cases[c]))
					return 0;
			ind = l->ind;
			char *s = cv_strdup(cv, after);

			if (!s)
				return 0;
			size_t len = strlen(s);

			while (len && strchr(".,;", s[len - 1]))
				s[--len] = '\0';
			if (islower((unsigned char)s[0]))
				s[0] = (char)toupper((unsigned char)s[0]);
			out[n++] = s;
		} else if (n && (l->ind < ind || (l->ind == ind && !*numbered))) {
			break;
		} else if (n && !entry) {
			/* Indented under it, or for a numbered entry level with it ("1.) The
			 * coreboot table. This is a list\n<TAB>of variable-sized ..."). */
			/* The entry goes on, indented under it. */
			const char *prev = out[n - 1], *more = skip_blanks(l->t);
			char last = *prev ? prev[strlen(prev) - 1] : '.';
			/* "... is set to 2" over "The first reg cell ...": two sentences. */
			bool stop = isupper((unsigned char)more[0]) && islower((unsigned char)more[1]) &&
				    !strchr(".,;:(", last);
			const char *s = cv_printf(cv, "%s%s %s", prev, stop ? "." : "", more);
			size_t len = s ? strlen(s) : 0;

			if (!s)
				return 0;
			while (len && strchr(".,;", s[len - 1]))
				len--;
			out[n - 1] = cv_strndup(cv, s, len);
			if (!out[n - 1])
				return 0;
		}
	}
	return n;
}

/*
 * What the names property's text says of each of its @n names, in order
 * ("clock-names: \"axi\" for the clock to the AXI interface, \"ref\" for
 * the sample rate reference clock", "\"intr\": The Tegra interrupt that
 * ..."), into @out: the descriptions of the entries of clocks, interrupts,
 * ... as kernel schemas write them.  Returns @n, or 0 unless every name
 * has a few words of its own.
 */
size_t names_legend(struct conv *cv, const struct pinfo *names, const char *const *l,
			   size_t n, const char **out)
{
	const char *t = names && names->pr ? prop_text(cv, names->pr, false) : NULL;
	const char *at[33];

	if (!t || n < 2 || n > 32)
		return 0;
	/* Each name quoted, once, in order. */
	const char *from = t;

	for (size_t i = 0; i < n; i++) {
		char q[MAX_NAME + 4];

		snprintf(q, sizeof(q), "\"%s\"", l[i]);
		at[i] = strstr(from, q);
		if (!at[i] || strstr(at[i] + 1, q))
			return 0;
		at[i] += strlen(q);
		from = at[i];
	}
	for (size_t i = 0; i < n; i++) {
		/* Up to the next name's opening quote. */
		const char *b = at[i], *e = i + 1 < n ? at[i + 1] - strlen(l[i + 1]) - 2 : NULL;

		if (!e)		/* the last: to the end of the text */
			e = b + strlen(b);
		/* Its first sentence: "Should be" after it leads in the next name. */
		for (const char *d = b; d < e; d++)
			if (*d == '.' && (d + 1 == e || d[1] == ' ' || d[1] == '\n')) {
				e = d;
				break;
			}
		char *d = cv_strndup(cv, b, (size_t)(e - b));

		/* "\"regs\". Can contain ...": the sentence ended with the name. */
		if (!d || strchr(d, '"') || !*skip_blanks(d))
			return 0;
		for (char *c = d; *c; c++)
			if (*c == '\n' || *c == '\t')
				*c = ' ';
		/* Its separators and joining words. */
		static const char *const lead[] = { "for the ", "for ", "is the ", "is ", "= " };
		const char *s = d + strspn(d, " :,-=*");

		for (size_t k = 0; k < ARRAY_SIZE(lead); k++)
			if (starts_with_ci(s, lead[k])) {
				s += strlen(lead[k]);
				break;
			}
		char *w = (char *)s;
		size_t len = strlen(w);

		for (;;) {
			while (len && strchr(" ,.;*-", w[len - 1]))
				len--;
			if (len > 4 && !strncmp(w + len - 4, " and", 4))
				len -= 4;
			else if (len > 3 && !strncmp(w + len - 3, " or", 3))
				len -= 3;
			else
				break;
		}
		w[len] = '\0';
		unsigned words = *w ? 1 : 0;

		for (const char *c = w; *c; c++)
			if (*c == ' ' && c[1] && c[1] != ' ')
				words++;
		if (words < 2 || words > 16)
			return 0;
		while (strstr(w, "  "))
			memmove(strstr(w, "  "), strstr(w, "  ") + 1, strlen(strstr(w, "  ")));
		/* "(external counter clock)": the words inside. */
		len = strlen(w);
		if (w[0] == '(' && w[len - 1] == ')' && !memchr(w + 1, '(', len - 2)) {
			w[len - 1] = '\0';
			w++;
		}
		/* "\"wakeup\" if interrupt is to be used ..., otherwise \"irq\" should be used" */
		static const char *const clause_words[] = {
			"if", "should", "must", "may", "when", "or", "and", "otherwise", "shall",
		};
		const char *lastw = strrchr(w, ' ') ? strrchr(w, ' ') + 1 : w;
		size_t fl = strcspn(w, " ,");
		char first[16];

		snprintf(first, sizeof(first), "%.*s", (int)(fl < 15 ? fl : 15), w);
		for (size_t k = 0; k < ARRAY_SIZE(clause_words); k++)
			if (!strcasecmp(first, clause_words[k]) || !strcasecmp(lastw, clause_words[k]))
				return 0;
		if (!isalnum((unsigned char)w[0]) || w[strlen(w) - 1] == ':' ||
		    (strchr(w, '(') != NULL) != (strchr(w, ')') != NULL))
			return 0;
		w[0] = (char)toupper((unsigned char)w[0]);
		out[i] = w;
		for (size_t k = 0; k < i; k++)
			if (!strcasecmp(out[k], w))
				return 0;	/* "The OMAP clock of that name" for each */
	}
	return n;
}

/*
 * How many register ranges a reg's text asks for when no example shows
 * them ("So four reg spaces need to be defined", "two register regions"),
 * or 0.
 */
unsigned desc_reg_count(const char *d)
{
	static const char *const what[] = { "reg", "register", "memory", "address" };
	static const char *const unit[] = {
		"space", "spaces", "region", "regions", "range", "ranges", "area", "areas",
		"set", "sets", "entries", "resources", "blocks",
	};

	for (const char *p = d; p && *p;) {
		p += strspn(p, " \n\t(,.;:");
		size_t wl = strcspn(p, " \n\t(),.;:");
		unsigned n = wl ? count_word(p, wl) : 0;
		const char *w = p + wl;
		bool saw_what = false;

		/* Within the next three words: what is counted, then its unit. */
		for (int k = 0; n && k < 3 && *w; k++) {
			w += strspn(w, " \n\t");
			size_t l2 = strcspn(w, " \n\t(),.;:");

			if (span_in_ci(w, l2, what, ARRAY_SIZE(what)))
				saw_what = true;
			else if (saw_what && span_in_ci(w, l2, unit, ARRAY_SIZE(unit)))
				return n;
			w += l2;
		}
		if (!wl)
			break;
		p += wl;
	}
	return 0;
}
