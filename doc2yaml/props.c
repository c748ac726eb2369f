// SPDX-License-Identifier: BSD-2-Clause
/*
 * props.c - property schemas: types, enums, defaults and counts from text and examples.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

static bool valid_names_entry(const char *s)
{
	return *s && only_chars(s, isalnum, ",.-_ #+/");
}

static const char *const type_ref[] = {
	[T_U8] = "uint8", [T_U16] = "uint16", [T_U32] = "uint32", [T_U64] = "uint64",
	[T_U8A] = "uint8-array", [T_U16A] = "uint16-array", [T_U32A] = "uint32-array",
	[T_U64A] = "uint64-array", [T_U32M] = "uint32-matrix", [T_STR] = "string",
	[T_STRA] = "string-array", [T_PHANDLE] = "phandle", [T_PHANDLEA] = "phandle-array",
	[T_BOOL] = "flag",
};

static const char *const skip_props[] = {
	"pinctrl-names", "status", "interrupt-parent", "phandle", "linux,phandle",
	"assigned-clocks", "assigned-clock-parents", "assigned-clock-rates", "compatible",
};

bool skip_prop(const char *name)
{
	if (starts_with(name, "pinctrl-"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(skip_props); i++)
		if (!strcmp(name, skip_props[i]))
			return true;
	return false;
}

/* Cell-array properties whose entries start with a phandle. */
bool phandle_list_prop(const char *name)
{
	static const char *const lists[] = {
		"clocks", "resets", "phys", "dmas", "pwms", "iommus", "power-domains", "mboxes",
		"gpios", "nvmem-cells", "io-channels", "interconnects", "memory-region",
		"thermal-sensors", "sound-dai", "hwlocks", "interrupts-extended", "phy-handle",
		"remote-endpoint", "operating-points-v2", "cooling-device", "msi-parent",
		"mux-controls", "leds", "backlight", "power-supplies",
	};
	for (size_t i = 0; i < ARRAY_SIZE(lists); i++)
		if (!strcmp(name, lists[i]))
			return true;
	return str_ends_with(name, "-gpios") || str_ends_with(name, "-gpio");
}

/* Properties described as cell arrays by the meta-schema (maxItems, items). */
static bool cell_array_prop(const char *name)
{
	return !strcmp(name, "reg") || !strcmp(name, "interrupts") || !strcmp(name, "ranges") ||
	       !strcmp(name, "dma-ranges") || phandle_list_prop(name) ||
	       !strcmp(name, "clock-indices") || !strcmp(name, "gpio-ranges");
}

bool names_prop(const char *name)
{
	return str_ends_with(name, "-names") && strcmp(name, "pinctrl-names") &&
	       strcmp(name, "clock-output-names") && strcmp(name, "gpio-line-names");
}

/* Number of entries of a cell-array value as the schema sees it. */
static unsigned value_entries(const char *name, const char *v, const struct ditem *node,
			      unsigned int_cells)
{
	struct vshape sh;

	value_shape(v, &sh);
	if (!v)
		return 0;
	if (!strcmp(name, "reg") || !strcmp(name, "ranges")) {
		unsigned ac = 1, sc = 1;

		if (node)
			parent_cells(node, &ac, &sc);
		if (!strcmp(name, "ranges")) {
			unsigned cac = cells_prop(node, "#address-cells", 2);

			ac = cac + ac;
			sc = cells_prop(node, "#size-cells", 1);
		}
		if (ac + sc && sh.cells % (ac + sc) == 0 && sh.cells)
			return sh.cells / (ac + sc);
		return sh.groups ? sh.groups : 1;
	}
	if (!strcmp(name, "interrupts")) {
		if (sh.groups > 1)
			return sh.groups;
		if (int_cells && sh.cells % int_cells == 0 && sh.cells)
			return sh.cells / int_cells;
		return 1;
	}
	if (sh.refs)
		return sh.refs;
	if (sh.strings)
		return sh.strings;
	return sh.groups ? sh.groups : 1;
}

/* The #interrupt-cells dt-extract-example gives the examples' wrapper. */
unsigned example_int_cells(const struct conv *cv)
{
	for (size_t e = 0; e < cv->examples.n; e++) {
		const struct example *ex = cv->examples.v[e];
		const char *p = ex->text ? strstr(ex->text, "interrupts") : NULL;

		while (p) {
			const char *q = p + 10;

			while (*q == ' ' || *q == '\t' || *q == '\n')
				q++;
			if (*q == '=' && (p == ex->text || isspace((unsigned char)p[-1]))) {
				q = strchr(q, '<');
				if (!q)
					return 0;
				unsigned n = 0;
				bool in = false;

				for (q++; *q && *q != '>'; q++) {
					bool w = isalnum((unsigned char)*q) || *q == '_' || *q == '|' ||
						 *q == '(' || *q == ')';

					if (w && !in)
						n++;
					in = w;
				}
				return n;
			}
			p = strstr(p + 1, "interrupts");
		}
	}
	return 0;
}

static enum ptype type_from_value(const char *v)
{
	struct vshape sh;

	if (!v)
		return T_BOOL;
	value_shape(v, &sh);
	if (sh.other && !sh.groups && !sh.strings)
		return T_UNKNOWN;
	if (sh.strings && !sh.groups)
		return sh.strings == 1 ? T_STR : T_STRA;
	if (sh.bytes)
		return T_U8A;
	if (!sh.groups)
		return T_UNKNOWN;
	if (sh.refs)
		return sh.refs == 1 && sh.cells == 1 ? T_PHANDLE : T_PHANDLEA;
	if (sh.bits == 8)
		return sh.cells == 1 ? T_U8 : T_U8A;
	if (sh.bits == 16)
		return sh.cells == 1 ? T_U16 : T_U16A;
	if (sh.bits == 64)
		return sh.cells == 1 ? T_U64 : T_U64A;
	if (sh.groups == 1)
		return sh.cells == 1 ? T_U32 : T_U32A;
	return sh.max_group == 1 ? T_U32A : T_U32M;
}

static enum ptype type_from_vtype(const char *vt)
{
	char b[64];
	size_t n = 0;

	if (!vt)
		return T_UNKNOWN;
	for (const char *p = vt; *p && n + 1 < sizeof(b); p++)
		if (*p != ' ')
			b[n++] = (char)tolower((unsigned char)*p);
	b[n] = '\0';
	if (strstr(b, "empty") || strstr(b, "none") || strstr(b, "bool"))
		return T_BOOL;
	if (strstr(b, "phandle-array") || strstr(b, "phandlewith") || strstr(b, "phandles") ||
	    strstr(b, "phandlelist") || strstr(b, "phandle+"))
		return T_PHANDLEA;
	if (strstr(b, "phandle"))
		return T_PHANDLE;
	if (strstr(b, "stringlist") || strstr(b, "string-list") || strstr(b, "string-array") ||
	    strstr(b, "stringarray") || strstr(b, "strings"))
		return T_STRA;
	if (strstr(b, "string"))
		return T_STR;
	bool arr = strstr(b, "array") || strstr(b, "list") || strstr(b, "[]");

	if (strstr(b, "u8"))
		return arr ? T_U8A : T_U8;
	if (strstr(b, "u16"))
		return arr ? T_U16A : T_U16;
	if (strstr(b, "u64"))
		return arr ? T_U64A : T_U64;
	if (strstr(b, "u32") || strstr(b, "int"))
		return arr ? T_U32A : T_U32;
	if (strstr(b, "prop-encoded-array"))
		return T_U32A;
	return T_UNKNOWN;
}

/* Type stated by the text; *weak when only guessed from wording. */
static enum ptype type_from_text(const char *d, bool *weak)
{
	*weak = false;
	if (!d)
		return T_UNKNOWN;
	bool arr = find_word(d, "array") || find_ci(d, "list of") || find_word(d, "tuple") ||
		   find_ci(d, "pairs") || find_ci(d, "triplets") || find_ci(d, "entries");

	if (find_word(d, "u8") || find_ci(d, "<u8>") || find_ci(d, "8-bit value") ||
	    find_ci(d, "8 bit value"))
		return arr ? T_U8A : T_U8;
	if (find_word(d, "u16") || find_ci(d, "16-bit value"))
		return arr ? T_U16A : T_U16;
	if (find_word(d, "u64") || find_ci(d, "64-bit value"))
		return arr ? T_U64A : T_U64;
	if (find_word(d, "u32") || find_ci(d, "<u32>") || find_ci(d, "32-bit value") ||
	    find_word(d, "integer") || find_word(d, "uint32") || find_ci(d, "<int>") ||
	    find_ci(d, " int>") || find_ci(d, "<int "))
		return arr ? T_U32A : T_U32;
	if (find_word(d, "boolean") || find_word(d, "bool") || find_ci(d, "<empty>") ||
	    find_ci(d, "empty property") || find_ci(d, "boolean property"))
		return T_BOOL;
	if (find_word(d, "phandles") || find_ci(d, "list of phandle") ||
	    find_ci(d, "phandle and") || find_ci(d, "phandle +") || find_ci(d, "phandle with") ||
	    find_ci(d, "phandle-array") || find_ci(d, "specifier"))
		return T_PHANDLEA;
	if (find_word(d, "phandle") || find_ci(d, "reference to") || find_ci(d, "pointer to") ||
	    find_ci(d, "handle to"))
		return T_PHANDLE;
	if (find_word(d, "strings") || find_ci(d, "list of string") || find_ci(d, "string list") ||
	    find_ci(d, "array of string"))
		return T_STRA;
	if (find_word(d, "string"))
		return T_STR;
	*weak = true;
	if (find_ci(d, "if present") || find_ci(d, "when present") || find_ci(d, "is present") ||
	    find_ci(d, "presence of") || find_ci(d, "if set") || find_ci(d, "if defined") ||
	    find_ci(d, "if specified,") || find_ci(d, "when set") || find_word(d, "flag") ||
	    find_ci(d, "if this property exists") || find_ci(d, "if it exists") ||
	    find_ci(d, "indicates that") || find_ci(d, "indicate that") ||
	    starts_with_ci(d, "enable") || starts_with_ci(d, "disable") ||
	    starts_with_ci(d, "set to enable") || starts_with_ci(d, "set if") ||
	    starts_with_ci(d, "use ") || starts_with_ci(d, "the presence"))
		return T_BOOL;
	if (arr)
		return T_U32A;
	return T_UNKNOWN;
}

/* Quoted strings of a description ("rgb", "lvds" or "duallvds") as an enum. */
static size_t desc_enum_strings(struct conv *cv, const char *d, const char **out, size_t max)
{
	struct qstr q[32];
	size_t n = d ? find_compat_strings(cv, d, q, ARRAY_SIZE(q)) : 0, k = 0;

	if (d && !strchr(d, '"'))
		return 0;
	for (size_t i = 0; i < n && k < max; i++) {
		bool dup = false;

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

/* "defaults to 24", "Default is 0", "(default)" -> the number. */
static bool desc_default(const char *d, long long *v)
{
	const char *p = d ? find_ci(d, "default") : NULL;

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
static bool desc_cells_value(const char *d, long long *v)
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

/* Integer list of a description: "0, 1, 2 or 3", "values between 0 and 7". */
static size_t desc_int_enum(const char *d, long long *out, size_t max, long long *lo, long long *hi,
			    bool *range)
{
	*range = false;
	if (!d)
		return 0;
	const char *p = find_ci(d, "between ");

	if (p) {
		char *e;

		p += 8;
		long long a = strtoll(p, &e, 0);

		if (e != p && starts_with(skip_blanks(e), "and ")) {
			const char *q = skip_blanks(e) + 4;
			long long b = strtoll(q, &e, 0);

			if (e != q && b > a) {
				*lo = a;
				*hi = b;
				*range = true;
				return 0;
			}
		}
	}
	static const char *const lead[] = { "can be ", "should be ", "must be ", "values are ",
					    "valid values are ", "one of " };
	for (size_t i = 0; i < ARRAY_SIZE(lead); i++) {
		p = find_ci(d, lead[i]);
		if (!p)
			continue;
		p += strlen(lead[i]);
		size_t n = 0;

		while (n < max) {
			char *e;

			if (!isdigit((unsigned char)*p))
				break;
			long long x = strtoll(p, &e, 0);

			if (e == p || isalpha((unsigned char)*e))
				break;
			out[n++] = x;
			p = e;
			while (*p == ',' || *p == ' ')
				p++;
			if (starts_with(p, "or "))
				p += 3;
			else if (starts_with(p, "and "))
				p += 4;
		}
		if (n >= 2)
			return n;
	}
	return 0;
}

/* Clean a description: ePAPR fields gone, "(required)" gone, wrapped prose kept. */
const char *clean_desc(struct conv *cv, struct prop *pr)
{
	char *d = (char *)prop_text(cv, pr, true);

	if (!d)
		return NULL;
	/* Type annotations the schema now says ("<u32>", "(u8)"). */
	static const char *const types[] = {
		"<u32>", "<u8>", "<u16>", "<u64>", "<string>", "<phandle>", "<empty>", "<bool>",
		"<boolean>", "<int>", "<stringlist>", "(u32)", "(u8)", "(u16)", "(u64)", "(bool)",
		"(boolean)", "(string)", "<u32 array>", "<prop-encoded-array>",
	};
	for (size_t i = 0; i < ARRAY_SIZE(types); i++) {
		char *p;

		while ((p = (char *)find_ci(d, types[i])) != NULL) {
			size_t n = strlen(types[i]);
			char *b = p, *e = p + n;

			/* And the separator that went with it. */
			while (b > d && (b[-1] == ' ' || b[-1] == ',' || b[-1] == ':'))
				b--;
			if (b == d)
				while (*e == ' ' || *e == ',' || *e == ':' || *e == '-')
					e++;
			memmove(b, e, strlen(e) + 1);
		}
	}
	static const char *const drop[] = { "(required)", "(optional)", "Required.", "Optional." };
	for (size_t i = 0; i < ARRAY_SIZE(drop); i++) {
		char *p = strstr(d, drop[i]);

		if (p == d || (p && p[-1] == ' '))
			memmove(p, p + strlen(drop[i]), strlen(p + strlen(drop[i])) + 1);
	}
	trim(d);
	while (*d == ':' || *d == '-' || *d == ' ' || *d == '\n')
		d++;
	size_t n = strlen(d);

	while (n && (d[n - 1] == ' ' || d[n - 1] == '\n'))
		d[--n] = '\0';
	if (!n)
		return NULL;
	if (islower((unsigned char)d[0]) && !strchr(d, ',' ) && isalpha((unsigned char)d[1]))
		d[0] = (char)toupper((unsigned char)d[0]);
	else if (islower((unsigned char)d[0]) && isalpha((unsigned char)d[1]) &&
		 !(strchr(d, ',') && strchr(d, ',') < strchr(d, ' ')))
		d[0] = (char)toupper((unsigned char)d[0]);
	return d;
}

/* Description node: plain when it fits on one line, a literal block otherwise. */
struct ynode *ydesc(struct conv *cv, const char *d, unsigned src, unsigned ind)
{
	if (!d)
		return NULL;
	if (!strchr(d, '\n') && plain_ok(d) && strlen(d) + ind + 14 < YAML_WIDTH)
		return ystr(cv, d, src);
	return yn(cv, Y_TEXT, d, src);
}

/* Whether standard properties keep their description (it adds nothing). */
static bool boring_std(const char *name)
{
	static const char *const b[] = {
		"reg", "interrupts", "clocks", "clock-names", "resets", "reset-names",
		"#address-cells", "#size-cells", "interrupt-controller", "gpio-controller",
		"#interrupt-cells", "#gpio-cells", "#clock-cells", "#reset-cells", "#phy-cells",
		"#dma-cells", "#pwm-cells", "power-domains", "phys", "phy-names", "dmas",
		"dma-names", "interrupt-names", "reg-names", "ranges", "#power-domain-cells",
		"#iommu-cells", "#mbox-cells", "#sound-dai-cells", "#thermal-sensor-cells",
		"#io-channel-cells", "iommus", "mboxes", "mbox-names", "wakeup-source",
		"#cooling-cells", "dma-coherent",
	};
	for (size_t i = 0; i < ARRAY_SIZE(b); i++)
		if (!strcmp(name, b[i]))
			return true;
	return false;
}

/* Sub-list entries of an item ("- common controller registers") for items: descriptions. */
static size_t desc_sublist(struct conv *cv, const struct prop *pr, const char **out, size_t max)
{
	size_t n = 0;
	unsigned ind = 0;

	if (!pr)
		return 0;
	for (size_t k = 1; k < pr->nlines && n < max; k++) {
		const struct line *l = pr->lines[k];
		const char *after;

		if (bullet_at(l->t, &after) && (!n || l->ind == ind)) {
			if (strchr(after, '"'))
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
		} else if (n && l->ind <= ind) {
			break;
		}
	}
	return n;
}

/*
 * The values @node gives its properties, into @pis (@np entries, room for
 * @cap); a property not there yet is added, at .txt line @line (0: the
 * example's line).  compatible is kept only with @with_compatible.
 */
void pinfo_add_values(struct pinfo *pis, size_t *np, size_t cap, const struct ditem *node,
			     bool with_compatible, unsigned line)
{
	for (const struct ditem *c = node->children; c; c = c->next) {
		size_t k;

		if (c->dead || c->kind != DI_PROP || !valid_prop_name(c->name) ||
		    (skip_prop(c->name) && !(with_compatible && !strcmp(c->name, "compatible"))))
			continue;
		for (k = 0; k < *np; k++)
			if (!strcmp(pis[k].name, c->name))
				break;
		if (k == *np) {
			if (*np == cap)
				continue;
			memset(&pis[k], 0, sizeof(pis[k]));
			pis[k].name = c->name;
			pis[k].line = line ? line : c->line;
			(*np)++;
		}
		if (pis[k].nvalues < ARRAY_SIZE(pis[k].values)) {
			pis[k].values[pis[k].nvalues] = c->value;
			pis[k].nodes[pis[k].nvalues++] = node;
		}
	}
}

static struct pinfo *pinfo_find(struct propctx *pc, const char *name)
{
	for (size_t i = 0; i < pc->nall; i++)
		if (!strcmp(pc->all[i].name, name))
			return &pc->all[i];
	return NULL;
}

/* The names a "*-names" property lists: the examples' (longest), else the text's. */
static size_t names_list(struct conv *cv, const struct pinfo *pi, const char **out, size_t max,
			 size_t *min)
{
	size_t best = 0, shortest = SIZE_MAX;
	const char *tmp[32];

	*min = 0;
	for (size_t i = 0; i < pi->nvalues; i++) {
		size_t n = value_strings(cv, pi->values[i], tmp, 32);

		if (n < shortest)
			shortest = n;
		if (n > best && n <= max) {
			memcpy(out, tmp, n * sizeof(*tmp));
			best = n;
		}
	}
	const char *txt[32];
	size_t nt = pi->desc ? desc_enum_strings(cv, pi->desc, txt, 32) : 0;

	if (best) {
		/* The text may list more (optional) names after the example's. */
		bool prefix = nt > best;

		for (size_t i = 0; prefix && i < best; i++)
			if (strcmp(txt[i], out[i]))
				prefix = false;
		if (prefix && nt <= max) {
			memcpy(out, txt, nt * sizeof(*txt));
			*min = best;
			return nt;
		}
		for (size_t i = 0; i < best; i++)
			if (!out[i] || !valid_names_entry(out[i]))
				return 0;
		*min = shortest < best ? shortest : 0;
		return best;
	}
	if (nt && nt <= max) {
		memcpy(out, txt, nt * sizeof(*txt));
		return nt;
	}
	return 0;
}

static void set_count(struct conv *cv, struct ynode *s, unsigned min, unsigned max, unsigned src)
{
	if (max <= 1) {
		yset(s, "maxItems", yint(cv, 1, src));
		return;
	}
	if (min && min < max)
		yset(s, "minItems", yint(cv, min, src));
	yset(s, "maxItems", yint(cv, max, src));
}

/* The value of a #*-cells property: the examples' last one, else the text's. */
static bool cells_value(const struct pinfo *pi, long long *v)
{
	unsigned long long iv[2];
	bool have = false;

	for (size_t i = 0; i < pi->nvalues; i++)
		if (value_ints(pi->values[i], iv, 2) == 1) {
			*v = (long long)iv[0];
			have = true;
		}
	return have || desc_cells_value(pi->desc, v);
}

struct ynode *prop_schema(struct conv *cv, struct propctx *pc, struct pinfo *pi,
				 unsigned ind)
{
	const char *name = pi->name;
	struct ynode *s = ymap(cv, pi->line);
	unsigned src = pi->line;
	const char *d = pi->desc;
	bool deprecated = pi->pr && pi->pr->deprecated;

	if (!s)
		return NULL;
	/* Child nodes named in the text (is_node) are placed with the children. */
	if (!strcmp(name, "#address-cells") || !strcmp(name, "#size-cells") ||
	    (name[0] == '#' && str_ends_with(name, "-cells") && !is_vendor_prop(name))) {
		long long v;
		bool have = cells_value(pi, &v);

		if (have && v >= 0 && v < 16)
			yset(s, "const", yint(cv, v, src));
		if (!boring_std(name) && d)
			yset(s, "description", ydesc(cv, d, src, ind));
		if (yempty(s))
			return yraw(cv, "true", src);
		goto out;
	}
	if (str_ends_with(name, "-supply")) {
		if (d && strlen(d) > 3)
			yset(s, "description", ydesc(cv, d, src, ind));
		if (yempty(s) && !deprecated)
			return yraw(cv, "true", src);
		goto out;
	}
	if (names_prop(name)) {
		const char *names[32];
		size_t min;
		size_t n = names_list(cv, pi, names, 32, &min);
		bool vendor = is_vendor_prop(name);

		if (n == 1) {
			yset(s, "const", ystr(cv, names[0], src));
		} else if (n > 1) {
			struct ynode *items = yseq(cv, src);

			if (min && min < n)
				yset(s, "minItems", yint(cv, (long long)min, src));
			for (size_t i = 0; i < n; i++) {
				struct ynode *c = ymap(cv, src);

				yset(c, "const", ystr(cv, names[i], src));
				ypush(items, c);
			}
			yset(s, "items", items);
		}
		if (vendor || yempty(s)) {
			if (d)
				yset(s, "description", ydesc(cv, d, src, ind));
			else if (vendor)
				yset(s, "description", ystr(cv, "Names of the entries.", src));
		}
		if (yempty(s))
			return yraw(cv, "true", src);
		goto out;
	}
	if (cell_array_prop(name)) {
		unsigned min = UINT_MAX, max = 0;
		const struct pinfo *names = NULL;
		char nm[MAX_NAME + 8];

		for (size_t i = 0; i < pi->nvalues; i++) {
			unsigned e = value_entries(name, pi->values[i], pi->nodes[i], pc->int_cells);

			if (e < min)
				min = e;
			if (e > max)
				max = e;
		}
		/* clocks and clock-names agree. */
		if (!strcmp(name, "interrupts"))
			snprintf(nm, sizeof(nm), "interrupt-names");
		else if (!strcmp(name, "reg"))
			snprintf(nm, sizeof(nm), "reg-names");
		else if (str_ends_with(name, "s") && strcmp(name, "gpios") && !str_ends_with(name, "-gpios"))
			snprintf(nm, sizeof(nm), "%.*s-names", (int)strlen(name) - 1, name);
		else
			nm[0] = '\0';
		if (!strcmp(name, "power-domains"))
			snprintf(nm, sizeof(nm), "power-domain-names");
		if (!strcmp(name, "mboxes"))
			snprintf(nm, sizeof(nm), "mbox-names");
		if (nm[0])
			names = pinfo_find(pc, nm);
		if (names) {
			const char *l[32];
			size_t nmin, n = names_list(cv, names, l, 32, &nmin);

			if (n > max) {
				max = (unsigned)n;
				if (nmin)
					min = (unsigned)nmin;
				else if (min == UINT_MAX || min > max)
					min = (unsigned)n;
			}
		}
		if (!strcmp(name, "ranges")) {
			yset(s, "description", NULL);
			if (d && !boring_std(name))
				return ydesc(cv, d, src, ind) ? yraw(cv, "true", src) : NULL;
			return yraw(cv, "true", src);
		}
		const char *sub[16];
		size_t ns = desc_sublist(cv, pi->pr, sub, 16);

		if (!max)
			max = 1, min = 1;
		if (min == UINT_MAX)
			min = max;
		if (ns >= 2 && ns >= max && ns <= 16) {
			struct ynode *items = yseq(cv, src);

			if (min < ns)
				yset(s, "minItems", yint(cv, min, src));
			for (size_t i = 0; i < ns; i++) {
				struct ynode *c = ymap(cv, src);

				yset(c, "description", ystr(cv, sub[i], src));
				ypush(items, c);
			}
			yset(s, "items", items);
		} else {
			set_count(cv, s, min, max, src);
		}
		if (d && !boring_std(name) && strlen(d) > 3 && !yget(s, "items"))
			yset(s, "description", ydesc(cv, d, src, ind));
		goto out;
	}
	if (!strcmp(name, "interrupt-controller") || !strcmp(name, "gpio-controller") ||
	    !strcmp(name, "wakeup-source") || !strcmp(name, "dma-coherent") ||
	    !strcmp(name, "msi-controller") || !strcmp(name, "clock-output-names") ||
	    !strcmp(name, "label") || !strcmp(name, "#iommu-cells")) {
		if (!strcmp(name, "clock-output-names")) {
			unsigned max = 0;

			for (size_t i = 0; i < pi->nvalues; i++) {
				struct vshape sh;

				value_shape(pi->values[i], &sh);
				if (sh.strings > max)
					max = sh.strings;
			}
			if (max)
				set_count(cv, s, max, max, src);
			if (!yempty(s))
				goto out;
		}
		return yraw(cv, "true", src);
	}
	if (fixup_has_unit_suffix(name) || (is_std_prop(name) && !is_vendor_prop(name))) {
		/* Typed elsewhere: a description and what the text constrains. */
		long long dv, en[16], lo, hi;
		bool range;
		size_t ne = desc_int_enum(d, en, 16, &lo, &hi, &range);

		if (d && !boring_std(name))
			yset(s, "description", ydesc(cv, d, src, ind));
		if (fixup_has_unit_suffix(name)) {
			if (range) {
				yset(s, "minimum", yint(cv, lo, src));
				yset(s, "maximum", yint(cv, hi, src));
			}
			if (desc_default(d, &dv))
				yset(s, "default", yint(cv, dv, src));
		}
		(void)ne;
		/*
		 * "vendor-id = /bits/ 16 <...>": the examples give a width the
		 * general definition (if any) would not decode.
		 */
		for (size_t i = 0; i < pi->nvalues && !fixup_has_unit_suffix(name); i++) {
			enum ptype t = type_from_value(pi->values[i]);

			if (!pi->values[i] || !strstr(pi->values[i], "/bits/"))
				continue;
			if (t == T_U8 || t == T_U16 || t == T_U64 || t == T_U8A || t == T_U16A ||
			    t == T_U64A) {
				yset(s, "$ref", ystr(cv, cv_printf(cv, "/schemas/types.yaml#/"
								  "definitions/%s", type_ref[t]),
						     src));
				ymove_end(s, "description");	/* $ref first, as usual */
				break;
			}
		}
		if (yempty(s))
			return yraw(cv, "true", src);
		goto out;
	}
	if (starts_with(name, "linux,")) {
		if (d)
			yset(s, "description", ydesc(cv, d, src, ind));
		enum ptype t = pi->nvalues ? type_from_value(pi->values[0]) : T_UNKNOWN;

		if (t == T_U32 || t == T_U32A)
			yset(s, "$ref", ystr(cv, cv_printf(cv, "/schemas/types.yaml#/definitions/%s",
							  type_ref[t]), src));
		if (yempty(s))
			return yraw(cv, "true", src);
		goto out;
	}
	if (name[0] == '#' && str_ends_with(name, "-cells")) {
		/* "#vendor,foo-cells": a vendor property, typed. */
		long long v;
		bool have = cells_value(pi, &v);

		yset(s, "$ref", ystr(cv, "/schemas/types.yaml#/definitions/uint32", src));
		if (have && v >= 0 && v < 16)
			yset(s, "const", yint(cv, v, src));
		yset(s, "description", ydesc(cv, d ? d : cv_printf(cv, "Number of cells in a %.*s "
								 "specifier.", (int)strlen(name) - 7,
								 name + 1), src, ind));
		goto out;
	}
	if (!strcmp(name, "big-endian") || !strcmp(name, "little-endian") ||
	    !strcmp(name, "native-endian")) {
		yset(s, "type", yraw(cv, "boolean", src));
		if (d)
			yset(s, "description", ydesc(cv, d, src, ind));
		goto out;
	}
	/* Vendor and other properties: a type from the text and the examples. */
	{
		bool weak = false;
		enum ptype tv = pi->pr ? type_from_vtype(pi->pr->vtype) : T_UNKNOWN;
		/* The text as written: clean_desc() dropped the "<u32>" it states. */
		enum ptype tt = type_from_text(pi->pr ? prop_text(cv, pi->pr, true) : d, &weak);
		enum ptype te = T_UNKNOWN;
		enum ptype t;

		for (size_t i = 0; i < pi->nvalues; i++) {
			enum ptype x = type_from_value(pi->values[i]);

			if (te == T_UNKNOWN || (te == T_U32 && x == T_U32A) ||
			    (te == T_PHANDLE && x == T_PHANDLEA) || (te == T_STR && x == T_STRA) ||
			    ((te == T_U32 || te == T_U32A) && x == T_U32M))
				te = x;
		}
		t = tv != T_UNKNOWN ? tv : (!weak ? tt : T_UNKNOWN);
		if (te != T_UNKNOWN) {
			if (t == T_UNKNOWN || t == T_BOOL || te == T_BOOL)
				t = te;
			else if ((t == T_U32 && (te == T_U32A || te == T_U32M)) ||
				 (t == T_U32A && te == T_U32M) ||
				 (t == T_PHANDLE && te == T_PHANDLEA) ||
				 (t == T_STR && te == T_STRA) ||
				 ((t == T_U32 || t == T_U32A) && (te == T_U8 || te == T_U16 ||
								   te == T_U64 || te == T_U8A ||
								   te == T_U16A || te == T_U64A)) ||
				 ((t == T_STR || t == T_STRA) && te != T_STR && te != T_STRA) ||
				 ((t == T_PHANDLE || t == T_PHANDLEA) && te != T_PHANDLE &&
				  te != T_PHANDLEA) ||
				 ((t == T_U32 || t == T_U32A || t == T_U8 || t == T_U16 || t == T_U64) &&
				  (te == T_STR || te == T_STRA || te == T_PHANDLE || te == T_PHANDLEA)))
				t = te;
		}
		if (t == T_UNKNOWN && weak)
			t = tt;
		if (t == T_UNKNOWN) {
			t = T_U32;
			finding(cv, DTBIND_WARNING, pi->line, 1, "doc2yaml-type",
				"the text does not say the type of '%s'; uint32 assumed", name);
		}
		if (t == T_BOOL) {
			yset(s, "type", yraw(cv, "boolean", src));
		} else {
			yset(s, "$ref", ystr(cv, cv_printf(cv, "/schemas/types.yaml#/definitions/%s",
							  type_ref[t]), src));
		}
		yset(s, "description", ydesc(cv, d ? d : cv_printf(cv, "The %s property.", name),
					     src, ind));
		if (t == T_STR) {
			const char *en[32];
			size_t n = desc_enum_strings(cv, d, en, 32);
			bool all_in = n >= 2;

			for (size_t i = 0; all_in && i < pi->nvalues; i++) {
				const char *v[2];
				bool found = false;

				if (value_strings(cv, pi->values[i], v, 2) != 1)
					all_in = false;
				for (size_t k = 0; all_in && k < n; k++)
					if (!strcmp(en[k], v[0]))
						found = true;
				all_in = all_in && found;
			}
			if (all_in) {
				struct ynode *e = yseq(cv, src);

				for (size_t k = 0; k < n; k++)
					ypush(e, ystr(cv, en[k], src));
				yset(s, "enum", e);
			}
		}
		if (t == T_U32 || t == T_U8 || t == T_U16) {
			long long en[16], lo, hi, dv;
			bool range;
			size_t n = desc_int_enum(d, en, 16, &lo, &hi, &range);
			bool ok = true;

			for (size_t i = 0; i < pi->nvalues; i++) {
				unsigned long long iv[2];

				if (value_ints(pi->values[i], iv, 2) != 1) {
					ok = false;
					continue;
				}
				bool found = !n;

				for (size_t k = 0; k < n; k++)
					if ((unsigned long long)en[k] == iv[0])
						found = true;
				if (range && ((long long)iv[0] < lo || (long long)iv[0] > hi))
					found = false;
				ok = ok && found;
			}
			if (ok && n >= 2) {
				struct ynode *e = yseq(cv, src);

				e->flow = true;
				for (size_t k = 0; k < n; k++)
					ypush(e, yint(cv, en[k], src));
				yset(s, "enum", e);
			} else if (ok && range) {
				yset(s, "minimum", yint(cv, lo, src));
				yset(s, "maximum", yint(cv, hi, src));
			}
			if (desc_default(d, &dv) && dv >= 0)
				yset(s, "default", yint(cv, dv, src));
		}
	}
out:
	if (deprecated)
		yset(s, "deprecated", yraw(cv, "true", src));
	return s;
}
