// SPDX-License-Identifier: BSD-2-Clause
/*
 * props.c - property schemas: types, enums, defaults and counts from the text (what
 * values.c reads of it) and the examples.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"
#include "examples.h"

/* Could @s be an entry of a *-names list ("sys", "apb_pclk", "rx 0")? */
bool valid_names_entry(const char *s)
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
	return str_in(name, skip_props, ARRAY_SIZE(skip_props));
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
	if (str_in(name, lists, ARRAY_SIZE(lists)))
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
static unsigned value_entries(struct conv *cv, const char *name, const char *v,
			      const struct ditem *node)
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
		unsigned int_cells = node_int_cells(cv, node);

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

/* The first of the "interrupts" below @it (document order) the reference counts cells of. */
static unsigned first_int_cells(struct conv *cv, const struct ditem *it, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		unsigned n = 0;

		if (it->dead)
			continue;
		if (it->kind == DI_PROP && it->value && !strcmp(it->name, "interrupts")) {
			const char *s = cv_printf(cv, " interrupts = %s", it->value);

			n = s ? example_interrupt_cells(s) : 0;
		} else if (it->kind == DI_NODE) {
			n = first_int_cells(cv, it->children, depth + 1);
		}
		if (n)
			return n;
	}
	return 0;
}

/*
 * The #interrupt-cells the wrapper of @node's example gives it: the cells
 * of the example's first "interrupts = <...>" dt-extract-example can read
 * (lib/examples.c's count, which skips a value over several lines).  Each
 * example has its own.  Without @node, or one in no example, the first
 * example's that has one.
 */
unsigned node_int_cells(struct conv *cv, const struct ditem *node)
{
	const struct ditem *top = node;

	for (unsigned d = 0; top && top->parent && d < MAX_NESTING; d++)
		top = top->parent;
	for (size_t e = 0; top && e < cv->examples.n; e++) {
		const struct example *ex = cv->examples.v[e];

		for (const struct ditem *it = ex->top; it; it = it->next)
			if (it == top)
				return first_int_cells(cv, ex->top, 0);
	}
	for (size_t e = 0; e < cv->examples.n; e++) {
		const struct example *ex = cv->examples.v[e];
		unsigned n = ex->keep ? first_int_cells(cv, ex->top, 0) : 0;

		if (n)
			return n;
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
	/* "boolean, present if ...", "u32. This is ...": the type, which the schema says. */
	static const char *const lead_types[] = {
		"boolean", "bool", "u32", "u16", "u8", "u64", "integer", "string", "phandle",
	};
	for (size_t i = 0; i < ARRAY_SIZE(lead_types); i++) {
		size_t tl = strlen(lead_types[i]);

		if (!strncasecmp(d, lead_types[i], tl) && d[tl] && strchr(",.;:", d[tl]) &&
		    d[tl + 1] == ' ' && isalpha((unsigned char)d[tl + 2])) {
			d += tl + 2;
			break;
		}
	}
	size_t n = strlen(d);

	while (n && (d[n - 1] == ' ' || d[n - 1] == '\n'))
		d[--n] = '\0';
	if (!n)
		return NULL;
	/* "a GPIO spec for ...": a sentence, whose first word is "a". */
	if (islower((unsigned char)d[0]) && !strchr(d, ',' ) &&
	    (isalpha((unsigned char)d[1]) || (d[0] == 'a' && d[1] == ' ')))
		d[0] = (char)toupper((unsigned char)d[0]);
	else if (islower((unsigned char)d[0]) && isalpha((unsigned char)d[1]) &&
		 !(strchr(d, ',') && strchr(d, ',') < strchr(d, ' ')))
		d[0] = (char)toupper((unsigned char)d[0]);
	return d;
}

/* Description node: plain when it fits on one line, a literal block otherwise. */
struct ynode *ydesc(struct conv *cv, const char *d, unsigned src, unsigned ind)
{
	d = drop_generic_pointers(cv, d);
	if (!d)
		return NULL;
	d = reflow(cv, d, DESC_WIDTH > ind + 2 + 30 ? DESC_WIDTH - ind - 2 : 30);
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
	return str_in(name, b, ARRAY_SIZE(b));
}

/*
 * The values @node gives its properties, into @pis (@np entries, room for
 * @cap); a property not there yet is added, at .txt line @line (0: the
 * example's line).  compatible is kept only with @with_compatible.
 */
void pinfo_add_values(const struct conv *cv, struct pinfo *pis, size_t *np, size_t cap, const struct ditem *node,
			     bool with_compatible, unsigned line)
{
	for (const struct ditem *c = node->children; c; c = c->next) {
		size_t k;

		if (c->dead || c->kind != DI_PROP || !prop_name_ok(cv, c->name) ||
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

/* Names a -names property may list (mt2701-afe-pcm has 34 clocks). */
#define MAX_NAMES 64

/* The names a "*-names" property lists: the examples' (longest), else the text's. */
static size_t names_list(struct conv *cv, const struct pinfo *pi, const char **out, size_t max,
			 size_t *min)
{
	size_t best = 0, shortest = SIZE_MAX;
	const char *tmp[MAX_NAMES];

	*min = 0;
	for (size_t i = 0; i < pi->nvalues; i++) {
		size_t n = value_strings(cv, pi->values[i], tmp, MAX_NAMES);

		if (n < shortest)
			shortest = n;
		if (n > best && n <= max) {
			memcpy(out, tmp, n * sizeof(*tmp));
			best = n;
		}
	}
	const char *txt[MAX_NAMES];
	size_t nt = pi->desc ? desc_enum_strings(cv, pi->desc, txt, MAX_NAMES) : 0;

	if (best && !nt)
		nt = desc_paren_names(cv, pi->desc, txt, MAX_NAMES);
	if (best) {
		/*
		 * The text may list more (optional) names after the examples',
		 * when each example's list begins it (not '"tx" for the player,
		 * "rx" for the reader', where the readers say "rx" alone).
		 */
		bool prefix = nt > best;

		for (size_t i = 0; prefix && i < pi->nvalues; i++) {
			size_t n = value_strings(cv, pi->values[i], tmp, MAX_NAMES);

			for (size_t j = 0; prefix && j < n; j++)
				prefix = j < nt && tmp[j] && !strcmp(txt[j], tmp[j]);
		}
		if (prefix && nt <= max) {
			memcpy(out, txt, nt * sizeof(*txt));
			*min = best;
			return nt;
		}
		for (size_t i = 0; i < best; i++)
			if (!out[i] || !valid_names_entry(out[i]))
				return 0;
		*min = shortest < best ? shortest : 0;
		/*
		 * Lists that are no prefixes of the longest (fsl-mxs-dma's APBH and
		 * APBX channels, ti-edma's TPCC and TPTC) fix no order: none, only
		 * their count (the text's list is often not the names: gk20a's
		 * compatibles, miphy28lp's "reg").
		 */
		for (size_t i = 0; i < pi->nvalues; i++) {
			size_t n = value_strings(cv, pi->values[i], tmp, MAX_NAMES);

			for (size_t j = 0; j < n && j < best; j++)
				if (!tmp[j] || strcmp(tmp[j], out[j]))
					return 0;
		}
		return best;
	}
	if (!nt && !pi->nvalues)
		nt = desc_bullet_names(cv, pi->pr, txt, MAX_NAMES);
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

/*
 * What one property-schema builder works on.  A builder returns b->s when
 * it is done (the schema is finished off by prop_schema: deprecated), or
 * the node to use instead ("true", NULL).
 */
struct pbuild {
	struct conv *cv;
	struct propctx *pc;
	struct pinfo *pi;
	struct ynode *s;
	const char *name;
	const char *d;		/* the cleaned description, or NULL */
	unsigned src;
	unsigned ind;
	bool deprecated;
};

/* Nothing to say beyond the general definition: "true". */
static struct ynode *true_if_empty(struct pbuild *b)
{
	return yempty(b->s) ? yraw(b->cv, "true", b->src) : b->s;
}

static void set_desc(struct pbuild *b, const char *d)
{
	yset(b->s, "description", ydesc(b->cv, d, b->src, b->ind));
}

static void set_type_ref(struct pbuild *b, enum ptype t)
{
	yset(b->s, "$ref", ystr(b->cv, cv_printf(b->cv, "/schemas/types.yaml#/definitions/%s",
						type_ref[t]), b->src));
}

/* enum: [a, b, c] of @n integers. */
static void set_int_enum(struct pbuild *b, const long long *en, size_t n)
{
	struct ynode *e = yseq(b->cv, b->src);

	e->flow = true;
	for (size_t k = 0; k < n; k++)
		ypush(e, yint(b->cv, en[k], b->src));
	yset(b->s, "enum", e);
}

/* #address-cells, #size-cells, #clock-cells...: typed by dt-schema; the value. */
static struct ynode *ps_std_cells(struct pbuild *b)
{
	long long v, en[8], lo, hi;
	bool range;
	char *first = b->d ? cv_strdup(b->cv, b->d) : NULL, *stop;

	/* "Must be <1> or <2>": either, whichever the example shows (the first sentence only). */
	if (first && (stop = strstr(first, ". ")) != NULL)
		*stop = '\0';
	size_t n = desc_int_enum(first, en, 8, &lo, &hi, &range);
	bool have = cells_value(b->pi, &v);
	/* The examples' values: two devices of one text (at91's SCKC 0, its PMC 2). */
	long long seen[8];
	size_t nseen = 0;

	for (size_t i = 0; i < b->pi->nvalues; i++) {
		unsigned long long iv[2];
		bool dup = false;

		if (value_ints(b->pi->values[i], iv, 2) != 1 || iv[0] > 15)
			continue;
		for (size_t k = 0; k < nseen; k++)
			dup |= seen[k] == (long long)iv[0];
		if (!dup && nseen < ARRAY_SIZE(seen))
			seen[nseen++] = (long long)iv[0];
	}
	for (size_t k = 0; k < n && have; k++)
		if (en[k] == v) {
			set_int_enum(b, en, n);
			have = false;
		}
	if (have && nseen > 1) {
		set_int_enum(b, seen, nseen);
		have = false;
	}
	if (have && v >= 0 && v < 16)
		yset(b->s, "const", yint(b->cv, v, b->src));
	if (!boring_std(b->name) && b->d)
		set_desc(b, b->d);
	return true_if_empty(b);
}

static struct ynode *ps_supply(struct pbuild *b)
{
	if (b->d && strlen(b->d) > 3)
		set_desc(b, b->d);
	if (yempty(b->s) && !b->deprecated)
		return yraw(b->cv, "true", b->src);
	return b->s;
}

/* A one-of-each "const" list of @n strings (minItems @min when fewer may be given). */
static struct ynode *const_items(struct pbuild *b, const char *const *names, size_t n, size_t min)
{
	struct ynode *items = yseq(b->cv, b->src);

	if (min && min < n)
		yset(b->s, "minItems", yint(b->cv, (long long)min, b->src));
	for (size_t i = 0; i < n; i++) {
		struct ynode *c = ymap(b->cv, b->src);

		yset(c, "const", ystr(b->cv, names[i], b->src));
		ypush(items, c);
	}
	return items;
}

/*
 * One name each, not the same one ("tx" on the players, "rx" on the
 * readers): an enum of the text's strings when they hold every example's,
 * else of the examples'.
 */
static bool single_name_enum(struct pbuild *b)
{
	const char *en[32], *v[2];
	size_t n = b->d ? desc_enum_strings(b->cv, b->d, en, ARRAY_SIZE(en)) : 0;
	bool text_has_all = n > 0;

	for (size_t i = 0; text_has_all && i < b->pi->nvalues; i++) {
		bool found = false;

		if (value_strings(b->cv, b->pi->values[i], v, 2) != 1 || !v[0])
			return false;
		for (size_t j = 0; j < n; j++)
			found |= !strcmp(en[j], v[0]);
		text_has_all = found;
	}
	if (!text_has_all) {
		n = 0;
		for (size_t i = 0; i < b->pi->nvalues && n < ARRAY_SIZE(en); i++) {
			bool dup = false;

			if (value_strings(b->cv, b->pi->values[i], v, 2) != 1 || !v[0] ||
			    !valid_names_entry(v[0]))
				return false;
			for (size_t j = 0; j < n; j++)
				dup |= !strcmp(en[j], v[0]);
			if (!dup)
				en[n++] = v[0];
		}
	}
	struct ynode *e = yseq(b->cv, b->src);

	for (size_t k = 0; k < n; k++)
		ypush(e, ystr(b->cv, en[k], b->src));
	yset(b->s, "enum", e);
	return true;
}

/* clock-names and the like: the names, in order. */
static struct ynode *ps_names(struct pbuild *b)
{
	const char *names[MAX_NAMES];
	size_t min;
	size_t n = names_list(b->cv, b->pi, names, MAX_NAMES, &min);
	bool vendor = is_vendor_prop(b->name);

	if (n == 1) {
		yset(b->s, "const", ystr(b->cv, names[0], b->src));
	} else if (n > 1) {
		yset(b->s, "items", const_items(b, names, n, min));
	} else if (b->pi->nvalues) {
		/* Lists in no one order: how many there are. */
		unsigned lo = UINT_MAX, hi = 0;

		for (size_t i = 0; i < b->pi->nvalues; i++) {
			unsigned k = (unsigned)value_strings(b->cv, b->pi->values[i], names, MAX_NAMES);

			lo = k < lo ? k : lo;
			hi = k > hi ? k : hi;
		}
		if (hi && !(hi == 1 && single_name_enum(b)))
			set_count(b->cv, b->s, lo, hi, b->src);
	}
	if (vendor || yempty(b->s)) {
		if (b->d)
			set_desc(b, b->d);
		else if (vendor)
			yset(b->s, "description", ystr(b->cv, "Names of the entries.", b->src));
	}
	return true_if_empty(b);
}

/* The -names property that names the entries of @name ("clocks" -> "clock-names"), or "". */
static void names_counterpart(const char *name, char *nm, size_t size)
{
	if (!strcmp(name, "interrupts"))
		snprintf(nm, size, "interrupt-names");
	else if (!strcmp(name, "reg"))
		snprintf(nm, size, "reg-names");
	else if (str_ends_with(name, "s") && strcmp(name, "gpios") && !str_ends_with(name, "-gpios"))
		snprintf(nm, size, "%.*s-names", (int)strlen(name) - 1, name);
	else
		nm[0] = '\0';
	if (!strcmp(name, "power-domains"))
		snprintf(nm, size, "power-domain-names");
	if (!strcmp(name, "mboxes"))
		snprintf(nm, size, "mbox-names");
}

/* The fewest and most entries of a cell array, from the examples and its -names. */
static void cell_array_count(struct pbuild *b, unsigned *pmin, unsigned *pmax)
{
	unsigned min = UINT_MAX, max = 0;
	const struct pinfo *names = NULL;
	char nm[MAX_NAME + 8];

	for (size_t i = 0; i < b->pi->nvalues; i++) {
		unsigned e = value_entries(b->cv, b->name, b->pi->values[i], b->pi->nodes[i]);

		if (e < min)
			min = e;
		if (e > max)
			max = e;
	}
	/* clocks and clock-names agree. */
	names_counterpart(b->name, nm, sizeof(nm));
	if (nm[0])
		names = pinfo_find(b->pc, nm);
	if (names) {
		const char *l[MAX_NAMES];
		size_t nmin, n = names_list(b->cv, names, l, MAX_NAMES, &nmin);

		if (n > max) {
			max = (unsigned)n;
			if (nmin)
				min = (unsigned)nmin;
			else if (min == UINT_MAX || min > max)
				min = (unsigned)n;
		}
	}
	/* No example shows it: "So four reg spaces need to be defined." */
	if (!b->pi->nvalues && !strcmp(b->name, "reg") && max <= 1 && b->d) {
		unsigned n = desc_reg_count(b->d);

		if (n >= 2)
			min = max = n;
	}
	*pmin = min;
	*pmax = max;
}

/* reg, interrupts, clocks...: how many entries, described one by one when the text lists them. */
static struct ynode *ps_cell_array(struct pbuild *b)
{
	unsigned min, max;
	const char *sub[16];
	size_t ns;

	cell_array_count(b, &min, &max);
	if (!strcmp(b->name, "ranges")) {
		yremove(b->s, "description", NULL);
		if (b->d && !boring_std(b->name))
			return ydesc(b->cv, b->d, b->src, b->ind) ? yraw(b->cv, "true", b->src) : NULL;
		return yraw(b->cv, "true", b->src);
	}
	bool numbered;

	ns = desc_sublist(b->cv, b->pi->pr, sub, 16, &numbered);
	/*
	 * "1. Phandle of pin-controller. 2. GPIO base pin offset. ...": a
	 * numbered list may be one entry's cells; it describes the entries
	 * when they are as many and the text speaks of no cells or fields.
	 */
	if (numbered && (ns != max || (b->d && (find_ci(b->d, "cell") || find_ci(b->d, "field")))))
		ns = 0;
	if (ns < 2) {
		/* Described by the names' text instead: "clock-names: \"axi\" for ...". */
		char nm[MAX_NAME + 8];
		const struct pinfo *names;
		const char *l[32];
		size_t nmin, n;

		names_counterpart(b->name, nm, sizeof(nm));
		names = nm[0] ? pinfo_find(b->pc, nm) : NULL;
		n = names ? names_list(b->cv, names, l, 16, &nmin) : 0;
		if (n >= 2 && n == max && names_legend(b->cv, names, l, n, sub) == n)
			ns = n;
	}
	if (!max)
		max = 1, min = 1;
	if (min == UINT_MAX)
		min = max;
	if (ns >= 2 && ns >= max && ns <= 16) {
		struct ynode *items = yseq(b->cv, b->src);

		if (min < ns)
			yset(b->s, "minItems", yint(b->cv, min, b->src));
		for (size_t i = 0; i < ns; i++) {
			struct ynode *c = ymap(b->cv, b->src);
			const char *d = sub[i];
			size_t at = DESC_WIDTH > b->ind + 40 ? DESC_WIDTH - b->ind - 6 : 34;

			/* On its line when it fits; else wrapped, as reflow() wraps two lines or more. */
			if (strlen(d) + b->ind + 17 <= YAML_WIDTH) {
				yset(c, "description", ystr(b->cv, d, b->src));
			} else {
				char *w = cv_strdup(b->cv, d), *sp = w ? memrchr(w, ' ', at) : NULL;

				if (sp)
					*sp = '\n';
				yset(c, "description", ydesc(b->cv, w ? w : d, b->src, b->ind + 4));
			}
			ypush(items, c);
		}
		yset(b->s, "items", items);
	} else {
		set_count(b->cv, b->s, min, max, b->src);
	}
	if (b->d && !boring_std(b->name) && strlen(b->d) > 3 && !yget(b->s, "items"))
		set_desc(b, b->d);
	return b->s;
}

/* Flags and the like the core schemas define completely: "true". */
static struct ynode *ps_true(struct pbuild *b)
{
	return yraw(b->cv, "true", b->src);
}

/* clock-output-names: as many as the examples give. */
static struct ynode *ps_output_names(struct pbuild *b)
{
	unsigned max = 0;

	for (size_t i = 0; i < b->pi->nvalues; i++) {
		struct vshape sh;

		value_shape(b->pi->values[i], &sh);
		if (sh.strings > max)
			max = sh.strings;
	}
	if (max)
		set_count(b->cv, b->s, max, max, b->src);
	return yempty(b->s) ? yraw(b->cv, "true", b->src) : b->s;
}

static bool std_typed(const char *name)
{
	return fixup_has_unit_suffix(name) || (is_std_prop(name) && !is_vendor_prop(name));
}

static void int_enum(struct pbuild *b);
static void string_enum(struct pbuild *b);
static void std_string_enum(struct pbuild *b);

/* Typed elsewhere (standard, or a unit suffix): a description and what the text constrains. */
static struct ynode *ps_std_typed(struct pbuild *b)
{
	bool unit = fixup_has_unit_suffix(b->name);

	if (b->d && !boring_std(b->name))
		set_desc(b, b->d);
	if (unit)
		int_enum(b);	/* "can be 17000000, 21000000, 25000000 or 29000000" */
	/* The device's few of a standard string's values: 'Supported values are: "sgmii", "xgmii".' */
	static const char *const str_modes[] = {
		"phy-mode", "phy-connection-type", "dr_mode", "maximum-speed",
	};
	if (str_in(b->name, str_modes, ARRAY_SIZE(str_modes)))
		std_string_enum(b);
	/*
	 * "vendor-id = /bits/ 16 <...>": the examples give a width the
	 * general definition (if any) would not decode.
	 */
	for (size_t i = 0; i < b->pi->nvalues && !unit; i++) {
		enum ptype t = type_from_value(b->pi->values[i]);

		if (!b->pi->values[i] || !strstr(b->pi->values[i], "/bits/"))
			continue;
		if (t == T_U8 || t == T_U16 || t == T_U64 || t == T_U8A || t == T_U16A ||
		    t == T_U64A) {
			set_type_ref(b, t);
			ymove_end(b->s, "description");	/* $ref first, as usual */
			break;
		}
	}
	return true_if_empty(b);
}

static struct ynode *ps_linux(struct pbuild *b)
{
	enum ptype t;

	if (b->d)
		set_desc(b, b->d);
	t = b->pi->nvalues ? type_from_value(b->pi->values[0]) : T_UNKNOWN;
	if (t == T_U32 || t == T_U32A)
		set_type_ref(b, t);
	return true_if_empty(b);
}

/* "#vendor,foo-cells": a vendor property, typed. */
static struct ynode *ps_vendor_cells(struct pbuild *b)
{
	long long v;
	bool have = cells_value(b->pi, &v);

	yset(b->s, "$ref", ystr(b->cv, "/schemas/types.yaml#/definitions/uint32", b->src));
	if (have && v >= 0 && v < 16)
		yset(b->s, "const", yint(b->cv, v, b->src));
	set_desc(b, b->d ? b->d : cv_printf(b->cv, "Number of cells in a %.*s specifier.",
					    (int)strlen(b->name) - 7, b->name + 1));
	return b->s;
}

static struct ynode *ps_boolean(struct pbuild *b)
{
	yset(b->s, "type", yraw(b->cv, "boolean", b->src));
	if (b->d)
		set_desc(b, b->d);
	return b->s;
}

/* The type the examples give, the widest of their values. */
static enum ptype example_type(const struct pinfo *pi)
{
	enum ptype te = T_UNKNOWN;

	for (size_t i = 0; i < pi->nvalues; i++) {
		enum ptype x = type_from_value(pi->values[i]);

		if (te == T_UNKNOWN || (te == T_U32 && x == T_U32A) ||
		    (te == T_PHANDLE && x == T_PHANDLEA) || (te == T_STR && x == T_STRA) ||
		    ((te == T_U32 || te == T_U32A) && x == T_U32M))
			te = x;
	}
	return te;
}

/* Do the examples (@te) overrule the type the text states (@t)? */
static bool examples_overrule(enum ptype t, enum ptype te)
{
	bool t_int = t == T_U32 || t == T_U32A || t == T_U8 || t == T_U16 || t == T_U64;
	bool te_str = te == T_STR || te == T_STRA;
	bool te_ph = te == T_PHANDLE || te == T_PHANDLEA;

	if (t == T_UNKNOWN || t == T_BOOL || te == T_BOOL)
		return true;
	return (t == T_U32 && (te == T_U32A || te == T_U32M)) || (t == T_U32A && te == T_U32M) ||
	       (t == T_PHANDLE && te == T_PHANDLEA) || (t == T_STR && te == T_STRA) ||
	       ((t == T_U32 || t == T_U32A) && (te == T_U8 || te == T_U16 || te == T_U64 ||
						 te == T_U8A || te == T_U16A || te == T_U64A)) ||
	       ((t == T_STR || t == T_STRA) && !te_str) ||
	       ((t == T_PHANDLE || t == T_PHANDLEA) && !te_ph) ||
	       (t_int && (te_str || te_ph));
}

/*
 * A name kernel schemas use for flags: of the 6.12 vendor properties named
 * so, 89 % to 100 % are boolean or flag ("-enable" 72 of 73, "no-" 27 of
 * 28, "-quirk" 13 of 13, "has-" 11 of 11); "-mode" (27 %) is not one.
 */
static bool flag_name(const char *name)
{
	static const char *const prefix[] = {
		"no-", "enable-", "disable-", "use-", "has-", "invert", "force-", "broken-",
		"keep-", "skip-", "swap-", "ignore-", "supports-",
	};
	static const char *const suffix[] = {
		"-enable", "-en", "-disable", "-quirk", "-active-high", "-active-low", "-only",
		"-invert", "-inverted", "-bypass", "-broken", "-swap",
	};
	const char *base = strchr(name, ',') ? strchr(name, ',') + 1 : name;
	size_t n = strlen(base);

	/* "syna,disable-report-mask" is a mask of what to disable. */
	if (strstr(base, "mask") || strstr(base, "-bits") || strstr(base, "-count"))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(prefix); i++)
		if (starts_with(base, prefix[i]))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(suffix); i++) {
		size_t l = strlen(suffix[i]);

		if (n > l && !strcmp(base + n - l, suffix[i]))
			return true;
	}
	return false;
}

/* Does the text give the value as quoted strings ("should be \"a\" or \"b\"")? */
static bool quoted_values(struct conv *cv, const char *d)
{
	static const char *const lead[] = {
		"should be \"", "must be \"", "shall be \"", "can be \"", "one of \"",
		"either \"", "values are \"", "value is \"", "(\"",
	};
	const char *en[8];

	for (size_t i = 0; i <= ARRAY_SIZE(lead); i++) {
		/* ... or the text is its value: 'ti,hwmods: "dss_core"'. */
		if (i == ARRAY_SIZE(lead) ? *skip_blanks(d) != '"' : !find_ci(d, lead[i]))
			continue;
		size_t n = desc_enum_strings(cv, d, en, ARRAY_SIZE(en));

		/* 'Should be "1"' of a number the text quotes is no string. */
		for (size_t k = 0; k < n; k++)
			if (en[k][strspn(en[k], "0123456789")] == '\0')
				return false;
		return n > 0;
	}
	return false;
}

/* The type of a property the core schemas do not know: the text's, then the examples'. */
static enum ptype infer_type(struct pbuild *b)
{
	struct pinfo *pi = b->pi;
	bool weak = false;
	enum ptype tv = pi->pr ? type_from_vtype(pi->pr->vtype) : T_UNKNOWN;
	/* The text as written: clean_desc() dropped the "<u32>" it states. */
	enum ptype tt = type_from_text(pi->pr ? prop_text(b->cv, pi->pr, true) : b->d, &weak);
	enum ptype te = example_type(pi);
	enum ptype t = tv != T_UNKNOWN ? tv : (!weak ? tt : T_UNKNOWN);

	if (te != T_UNKNOWN && examples_overrule(t, te))
		t = te;
	if (t == T_UNKNOWN && weak)
		t = tt;
	/* 'Should be "standard" (0.6V) or "schottky" (0.3V)': the values are strings. */
	if (t == T_UNKNOWN && b->d && quoted_values(b->cv, b->d))
		t = T_STR;
	/* "0 = driven LOW when disabled, 1 = ...": numbers, whatever the name says. */
	long long legend[8];

	if (t == T_UNKNOWN && b->d && desc_value_legend(b->d, legend, ARRAY_SIZE(legend)) >= 2)
		t = T_U32;
	if (t == T_UNKNOWN && flag_name(b->name)) {
		t = T_BOOL;
		finding(b->cv, DTBIND_WARNING, pi->line, 1, "doc2yaml-type",
			"the text does not say the type of '%s'; boolean assumed from its name", b->name);
	}
	/* As the tree's other schemas type it (matrix-keymap's keypad,num-rows). */
	const char *tree = t == T_UNKNOWN ? tree_property_type(b->cv, b->name) : NULL;

	for (size_t k = 0; tree && k < ARRAY_SIZE(type_ref); k++)
		if (type_ref[k] && !strcmp(type_ref[k], tree)) {
			t = (enum ptype)k;
			finding(b->cv, DTBIND_WARNING, pi->line, 1, "doc2yaml-type",
				"the text does not say the type of '%s'; %s, as other schemas of "
				"the tree type it", b->name, t == T_BOOL ? "boolean" : tree);
		}
	if (t == T_UNKNOWN) {
		t = T_U32;
		finding(b->cv, DTBIND_WARNING, pi->line, 1, "doc2yaml-type",
			"the text does not say the type of '%s'; uint32 assumed", b->name);
	}
	return t;
}

/* A string's enum: the values the text lists, when every example uses one of them. */
static void string_enum(struct pbuild *b)
{
	const char *en[32];
	size_t n = desc_enum_strings(b->cv, b->d, en, 32);
	bool all_in = n >= 2;

	for (size_t i = 0; all_in && i < b->pi->nvalues; i++) {
		const char *v[2];
		bool found = false;

		if (value_strings(b->cv, b->pi->values[i], v, 2) != 1)
			all_in = false;
		for (size_t k = 0; all_in && k < n; k++)
			if (!strcmp(en[k], v[0]))
				found = true;
		all_in = all_in && found;
	}
	if (all_in) {
		struct ynode *e = yseq(b->cv, b->src);

		for (size_t k = 0; k < n; k++)
			ypush(e, ystr(b->cv, en[k], b->src));
		yset(b->s, "enum", e);
		return;
	}
	/* 'Should be "infrared"', 'Must be "usb_otg_hs"': the one value. */
	static const char *const one[] = { "should be \"", "must be \"", "shall be \"" };
	bool said = false;

	for (size_t k = 0; k < ARRAY_SIZE(one) && b->d; k++)
		said |= starts_with_ci(skip_blanks(b->d), one[k]);
	if (n != 1 || !said)
		return;
	for (size_t i = 0; i < b->pi->nvalues; i++) {
		const char *v[2];

		if (value_strings(b->cv, b->pi->values[i], v, 2) != 1 || strcmp(v[0], en[0]))
			return;
	}
	yset(b->s, "const", ystr(b->cv, en[0], b->src));
}

/*
 * string_enum() for a standard property the core schemas give values of:
 * only values it knows ("host", "rgmii-id"), else none ("fsl-usb2-dr" in
 * a dr_mode's text, '","' of a stray quote).
 */
static void std_string_enum(struct pbuild *b)
{
	static const char *const dr_mode[] = { "host", "peripheral", "otg" };
	const struct ynode *e, *c;

	string_enum(b);
	e = yget(b->s, "enum");
	c = yget(b->s, "const");
	for (const struct ynode *v = e ? e->first : c; v; v = e ? v->next : NULL) {
		bool ok = v->s && *v->s && strspn(v->s, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(v->s);

		if (ok && !strcmp(b->name, "dr_mode"))
			ok = str_in(v->s, dr_mode, ARRAY_SIZE(dr_mode));
		if (ok && !strcmp(b->name, "maximum-speed"))
			ok = str_ends_with(v->s, "-speed") || strstr(v->s, "-speed-plus");
		if (!ok) {
			yremove(b->s, "enum", NULL);
			yremove(b->s, "const", NULL);
			return;
		}
	}
}

/* An integer's enum or range and default, from the text, when the examples agree. */
static void int_enum(struct pbuild *b)
{
	long long en[16], lo, hi, dv;
	bool range;
	size_t n = desc_int_enum(b->d, en, 16, &lo, &hi, &range);
	bool ok = true;

	if (n < 2 && !range && b->d)
		n = desc_value_legend(b->d, en, 16);

	for (size_t i = 0; i < b->pi->nvalues; i++) {
		unsigned long long iv[2];

		if (value_ints(b->pi->values[i], iv, 2) != 1) {
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
		set_int_enum(b, en, n);
	} else if (ok && range) {
		yset(b->s, "minimum", yint(b->cv, lo, b->src));
		yset(b->s, "maximum", yint(b->cv, hi, b->src));
	}
	if (desc_default(b->d, &dv) && dv >= 0)
		yset(b->s, "default", yint(b->cv, dv, b->src));
}

/*
 * Does an example repeat a string of the list ("Headphone Jack", "HPOUTL",
 * "Headphone Jack", "HPOUTR")?  string-array wants its items unique; lists
 * of pairs, routings above all, are non-unique-string-array in the kernel.
 */
static bool repeats_a_string(struct pbuild *b)
{
	for (size_t i = 0; i < b->pi->nvalues; i++) {
		const char *v[64];
		size_t n = b->pi->values[i] ? value_strings(b->cv, b->pi->values[i], v, 64) : 0;

		for (size_t j = 0; j < n; j++)
			for (size_t k = j + 1; k < n; k++)
				if (!strcmp(v[j], v[k]))
					return true;
	}
	return false;
}

/*
 * A phandle with arguments whose text lists its cells ("- phandle to
 * FPGA's syscon" then "- offset to the watchdog register"): one
 * description per cell, as kernel schemas write it, when every example
 * gives that many cells.
 */
static void phandle_cells(struct pbuild *b)
{
	const char *cells[8];
	size_t n = 0;
	char *copy = b->d ? cv_strdup(b->cv, b->d) : NULL, *save = NULL;

	for (char *l = copy ? strtok_r(copy, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
		const char *after;

		if (!bullet_at(skip_blanks(l), &after))
			continue;
		if (n == ARRAY_SIZE(cells) || (!n && !find_ci(after, "phandle")))
			return;
		cells[n++] = after;
	}
	if (n < 2)
		return;
	for (size_t i = 0; i < b->pi->nvalues; i++) {
		struct vshape sh;

		if (!b->pi->values[i])
			return;
		value_shape(b->pi->values[i], &sh);
		if (!sh.groups || sh.cells != sh.groups * n || sh.max_group != n)
			return;
	}
	struct ynode *outer = yseq(b->cv, b->src), *entry = ymap(b->cv, b->src);
	struct ynode *inner = yseq(b->cv, b->src);

	for (size_t i = 0; i < n; i++) {
		struct ynode *c = ymap(b->cv, b->src);

		yset(c, "description", ystr(b->cv, cells[i], b->src));
		ypush(inner, c);
	}
	yset(entry, "items", inner);
	ypush(outer, entry);
	yset(b->s, "items", outer);
	/* The cells are said there: the description keeps its lead. */
	char *lead = cv_strdup(b->cv, b->d), *first = lead ? strstr(lead, cells[0]) : NULL;

	while (first && first > lead && first[-1] != '\n')
		first--;
	if (first && first > lead) {
		*first = '\0';
		trim(lead);
		set_desc(b, lead);
	}
}

/* Vendor and other properties: a type from the text and the examples. */
static struct ynode *ps_typed(struct pbuild *b)
{
	enum ptype t = infer_type(b);

	if (t == T_BOOL)
		yset(b->s, "type", yraw(b->cv, "boolean", b->src));
	else if (t == T_STRA && repeats_a_string(b))
		yset(b->s, "$ref", ystr(b->cv, "/schemas/types.yaml#/definitions/non-unique-string-array",
					b->src));
	else
		set_type_ref(b, t);
	if (b->d)
		set_desc(b, b->d);
	/* No text, or it only pointed at a generic binding: the meta-schema wants a vendor's described. */
	if (!yget(b->s, "description") && is_vendor_prop(b->name))
		set_desc(b, cv_printf(b->cv, "The %s property.", b->name));
	if (t == T_STR)
		string_enum(b);
	if (t == T_U32 || t == T_U8 || t == T_U16)
		int_enum(b);
	if (t == T_PHANDLEA && b->pi->nvalues)
		phandle_cells(b);
	return b->s;
}

/* A property another schema defines: its $ref and the text's description. */
static struct ynode *ref_with_desc(struct pbuild *b, const char *ref)
{
	yset(b->s, "$ref", ystr(b->cv, ref, b->src));
	if (b->d)
		set_desc(b, b->d);
	return b->s;
}

/* "port"/"ports" the text names, no example setting it: the graph's node. */
static struct ynode *ps_graph(struct pbuild *b)
{
	/* imx-drm's "ports = <&ipu_di0>": a property of phandles, not the graph's node. */
	if (b->pi->nvalues)
		return ps_typed(b);
	return ref_with_desc(b, cv_printf(b->cv, "/schemas/graph.yaml#/properties/%s", b->name));
}

/*
 * A DAI link's settings ("bitclock-master: Indicates dai-link bit clock
 * master; for details see simple-card.yaml"): that schema defines them, and
 * kernel schemas $ref its definitions.
 */
static bool dai_link_setting(const char *name)
{
	static const char *const names[] = {
		"bitclock-master", "frame-master", "bitclock-inversion", "frame-inversion",
		"mclk-fs", "dai-tdm-slot-num", "dai-tdm-slot-width", "system-clock-frequency",
		"system-clock-direction-out", "system-clock-fixed",
	};

	return str_in(name, names, ARRAY_SIZE(names));
}

static struct ynode *ps_dai_link(struct pbuild *b)
{
	if (!b->cv->dir_hint || strcmp(b->cv->dir_hint, "sound"))
		return ps_typed(b);
	return ref_with_desc(b, cv_printf(b->cv, "/schemas/sound/simple-card.yaml#/definitions/%s",
					  b->name));
}

static bool not_vendor(const char *name)
{
	return !is_vendor_prop(name);
}

/*
 * The property families, first match wins.  @pattern is a name, or a prefix
 * and/or suffix around one '*'; @test (when set) must hold too; a row with
 * neither takes every name.
 */
static const struct prop_family {
	const char *pattern;
	bool (*test)(const char *name);
	struct ynode *(*build)(struct pbuild *b);
} prop_families[] = {
	{ "#*-cells", not_vendor, ps_std_cells },
	{ "*-supply", NULL, ps_supply },
	{ NULL, names_prop, ps_names },
	{ NULL, cell_array_prop, ps_cell_array },
	{ "interrupt-controller", NULL, ps_true },
	{ "gpio-controller", NULL, ps_true },
	{ "wakeup-source", NULL, ps_true },
	{ "dma-coherent", NULL, ps_true },
	{ "msi-controller", NULL, ps_true },
	{ "label", NULL, ps_true },
	{ "port", NULL, ps_graph },
	{ "ports", NULL, ps_graph },
	{ NULL, dai_link_setting, ps_dai_link },
	{ "clock-output-names", NULL, ps_output_names },
	{ NULL, std_typed, ps_std_typed },
	{ "linux,*", NULL, ps_linux },
	{ "#*-cells", NULL, ps_vendor_cells },
	{ "system-power-controller", NULL, ps_boolean },	/* no schema types it */
	{ "big-endian", NULL, ps_boolean },
	{ "little-endian", NULL, ps_boolean },
	{ "native-endian", NULL, ps_boolean },
	{ NULL, NULL, ps_typed },
};

/* @name against a family's pattern: "name", "prefix*", "*suffix" or "prefix*suffix". */
static bool family_matches(const struct prop_family *f, const char *name)
{
	const char *star = f->pattern ? strchr(f->pattern, '*') : NULL;

	if (f->pattern && !star && strcmp(f->pattern, name))
		return false;
	if (star) {
		size_t np = (size_t)(star - f->pattern), ns = strlen(star + 1), n = strlen(name);

		if (n < np + ns || strncmp(name, f->pattern, np) || strcmp(name + n - ns, star + 1))
			return false;
	}
	return !f->test || f->test(name);
}

/* The schema of one property: its family's builder, then what every property gets. */
struct ynode *prop_schema(struct conv *cv, struct propctx *pc, struct pinfo *pi, unsigned ind)
{
	struct pbuild b = {
		.cv = cv, .pc = pc, .pi = pi, .s = ymap(cv, pi->line), .name = pi->name,
		.d = pi->desc, .src = pi->line, .ind = ind,
		.deprecated = pi->pr && pi->pr->deprecated,
	};
	struct ynode *r = NULL;

	if (!b.s)
		return NULL;
	/* Child nodes named in the text (is_node) are placed with the children. */
	for (size_t i = 0; i < ARRAY_SIZE(prop_families); i++)
		if (family_matches(&prop_families[i], b.name)) {
			r = prop_families[i].build(&b);
			break;
		}
	if (r == b.s && b.deprecated)
		yset(b.s, "deprecated", yraw(cv, "true", b.src));
	return r;
}
