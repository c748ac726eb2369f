// SPDX-License-Identifier: BSD-2-Clause
/*
 * children.c - child node schemas: grouping, name patterns, ports.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* "eth0@c4000" -> "eth"; "port@1" -> "port"; "LDO2" -> "LDO". */
static char *node_base(struct conv *cv, const char *name)
{
	const char *at = strchr(name, '@');
	size_t n = at ? (size_t)(at - name) : strlen(name);

	while (n > 1 && isdigit((unsigned char)name[n - 1]))
		n--;
	return cv_strndup(cv, name, n);
}

static bool name_has_digits(const char *name)
{
	const char *at = strchr(name, '@');
	size_t n = at ? (size_t)(at - name) : strlen(name);

	return n > 1 && isdigit((unsigned char)name[n - 1]);
}

struct child_group {
	const char *base;
	const struct ditem *inst[64];
	size_t n;
	bool units, nounits, digits, nodigits, same_name;
	const char *name;	/* the name when all instances share it */
	const char *pattern;	/* arbitrary names ("uart2_default"): their pattern */
	bool gone;		/* merged into another group */
};

/* Sorted property names of a node, as one string (to compare node shapes). */
static const char *node_signature(struct conv *cv, const struct ditem *n)
{
	const char *names[64];
	size_t k = 0;
	struct strbuf sb;

	for (const struct ditem *c = n->children; c && k < 64; c = c->next)
		if (!c->dead)
			names[k++] = c->kind == DI_NODE ? "{node}" : c->name;
	qsort(names, k, sizeof(names[0]), cmp_strp);
	sb_init(&sb);
	for (size_t i = 0; i < k; i++) {
		sb_puts(&sb, names[i]);
		sb_putc(&sb, ' ');
	}
	const char *r = cv_strdup(cv, sb_cstr(&sb));

	sb_free(&sb);
	return r;
}

/*
 * Nodes whose name a common schema fixes, $ref'd by name as the 6.x
 * conversions do (display-timings: 4 of 6.12's schemas, 8 texts of 6.1).
 */
static const char *fixed_name_schema(const char *name)
{
	static const struct {
		const char *name, *schema;
	} fixed[] = {
		{ "display-timings", "display/panel/display-timings.yaml" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		if (!strcmp(name, fixed[i].name))
			return fixed[i].schema;
	return NULL;
}

static bool special_child(const char *name)
{
	return !strcmp(name, "ports") || !strcmp(name, "port") || !strcmp(name, "mdio") ||
	       !strcmp(name, "regulators");
}

/* "uart2_default" -> "[-_]default$" */
static const char *suffix_pattern(struct conv *cv, const char *name)
{
	const char *s = name + strlen(name);

	while (s > name && s[-1] != '-' && s[-1] != '_')
		s--;
	if (s == name || !*s)
		return NULL;	/* a fixed name: a property, not a pattern */
	return cv_printf(cv, "[-_]%s$", s);
}

/*
 * Children named freely rather than by function (pin states, LEDs):
 * several siblings of one shape, or names with '_', become one pattern.
 */
static void arbitrary_names(struct conv *cv, struct child_group *g, size_t ng)
{
	bool pinctrl = cv->dir_hint && !strcmp(cv->dir_hint, "pinctrl");

	for (size_t k = 0; k < ng; k++) {
		if (g[k].gone || !g[k].same_name || g[k].units || g[k].digits ||
		    special_child(g[k].name))
			continue;
		const char *sig = node_signature(cv, g[k].inst[0]);
		struct strbuf alt;
		size_t members = 1;

		sb_init(&alt);
		sb_puts(&alt, "^(");
		sb_puts(&alt, g[k].name);
		for (size_t j = k + 1; j < ng; j++) {
			if (g[j].gone || !g[j].same_name || g[j].units || g[j].digits ||
			    special_child(g[j].name) || strcmp(sig, node_signature(cv, g[j].inst[0])))
				continue;
			for (size_t i = 0; i < g[j].n && g[k].n < ARRAY_SIZE(g[k].inst); i++)
				g[k].inst[g[k].n++] = g[j].inst[i];
			g[j].gone = true;
			sb_putc(&alt, '|');
			sb_puts(&alt, g[j].name);
			members++;
		}
		sb_puts(&alt, ")$");
		if (members > 1)
			g[k].pattern = cv_strdup(cv, sb_cstr(&alt));
		else if (strchr(g[k].name, '_') || pinctrl)
			g[k].pattern = suffix_pattern(cv, g[k].name);
		sb_free(&alt);
	}
}

static void group_children(struct conv *cv, const struct ditem *const *parents, size_t np,
			   struct child_group *g, size_t *ng, size_t max)
{
	*ng = 0;
	for (size_t p = 0; p < np; p++) {
		for (const struct ditem *c = parents[p]->children; c; c = c->next) {
			if (c->dead || c->kind != DI_NODE)
				continue;
			char *base = node_base(cv, c->name);
			size_t k;

			if (!base)
				return;
			for (k = 0; k < *ng; k++)
				if (!strcmp(g[k].base, base))
					break;
			if (k == *ng) {
				if (*ng == max)
					continue;
				memset(&g[k], 0, sizeof(g[k]));
				g[k].base = base;
				g[k].name = c->name;
				g[k].same_name = true;
				(*ng)++;
			}
			if (g[k].n < ARRAY_SIZE(g[k].inst))
				g[k].inst[g[k].n++] = c;
			if (strchr(c->name, '@'))
				g[k].units = true;
			else
				g[k].nounits = true;
			if (name_has_digits(c->name))
				g[k].digits = true;
			else
				g[k].nodigits = true;	/* lp872x's "buck" beside "buck1" */
			if (strcmp(g[k].name, c->name))
				g[k].same_name = false;
		}
	}
}

/* The unit address part of a group's pattern: "@[0-9a-f]+", optional, or "". */
static const char *unit_pattern(const struct child_group *g)
{
	bool hexunit = true;

	for (size_t i = 0; i < g->n; i++) {
		const char *at = strchr(g->inst[i]->name, '@');

		if (at)
			for (const char *q = at + 1; *q; q++)
				if (!isxdigit((unsigned char)*q))
					hexunit = false;
	}
	if (g->units && !g->nounits)
		return hexunit ? "@[0-9a-f]+" : "@.*";
	if (g->units)
		return hexunit ? "(@[0-9a-f]+)?" : "(@.*)?";
	return "";
}

/* The digits part of a group's pattern: "[0-9]+", "[0-9]*" when some name has none, or "". */
static const char *digits_pattern(const struct child_group *g)
{
	return !g->digits ? "" : g->nodigits ? "[0-9]*" : "[0-9]+";
}

/* "[1-9]", "([1-9]|10)", "(9|1[0-1])": the numbers lo..hi (hi < 100) as a regex. */
static const char *range_regex(struct conv *cv, unsigned lo, unsigned hi)
{
	struct strbuf sb;
	unsigned parts = 0;

	sb_init(&sb);
	if (lo <= 9) {
		unsigned top = hi < 9 ? hi : 9;

		sb_printf(&sb, lo == top ? "%u" : "[%u-%u]", lo, top);
		parts++;
	}
	for (unsigned t = 1; t <= hi / 10; t++) {
		unsigned a = lo > t * 10 ? lo % 10 : 0, b = hi < t * 10 + 9 ? hi % 10 : 9;

		if (t * 10 + a < lo || t * 10 + a > hi)
			continue;
		sb_puts(&sb, parts++ ? "|" : "");
		sb_printf(&sb, a == b ? "%u%u" : "%u[%u-%u]", t, a, b);
	}
	const char *r = parts > 1 ? cv_printf(cv, "(%s)", sb_cstr(&sb)) : cv_strdup(cv, sb_cstr(&sb));

	sb_free(&sb);
	return r;
}

/* "[1-4]", "[1-10]" at @p: the two numbers, the first not above the second, both below 100. */
static bool digit_range(const char *p, unsigned *lo, unsigned *hi)
{
	char *e;
	unsigned long a, b;

	if (*p != '[' || !isdigit((unsigned char)p[1]))
		return false;
	a = strtoul(p + 1, &e, 10);
	if (*e != '-' || !isdigit((unsigned char)e[1]))
		return false;
	b = strtoul(e + 1, &e, 10);
	if (*e != ']' || a > b || b >= 100)
		return false;
	*lo = (unsigned)a;
	*hi = (unsigned)b;
	return true;
}

/*
 * The numbers the text gives a group's names, "dcdc[1-4] and ldo[1-10]"
 * (tps65912), when every instance's number is one of them: "[1-4]",
 * "([1-9]|10)".  Else the digits pattern.
 */
static const char *text_digits(struct conv *cv, const struct child_group *g)
{
	size_t bl = strlen(g->base);
	unsigned lo = 0, hi = 0;
	bool found = false;

	if (!g->digits || g->nodigits || g->units || !bl)
		return digits_pattern(g);
	for (size_t i = 0; i < cv->nlines && !found; i++) {
		for (const char *p = strstr(cv->lines[i].s, g->base); p && !found;
		     p = strstr(p + 1, g->base)) {
			if (p > cv->lines[i].s && isalnum((unsigned char)p[-1]))
				continue;
			found = digit_range(p + bl, &lo, &hi);
		}
	}
	if (!found)
		return digits_pattern(g);
	for (size_t i = 0; i < g->n; i++) {
		const char *d = g->inst[i]->name + bl;
		char *end;
		unsigned long v = strtoul(d, &end, 10);

		if (end == d || *end || v < lo || v > hi)
			return digits_pattern(g);
	}
	return range_regex(cv, lo, hi);
}

static const char *group_pattern(struct conv *cv, const struct child_group *g)
{
	return cv_printf(cv, "^%s%s%s$", g->base, digits_pattern(g), unit_pattern(g));
}

static bool only_props(const struct ditem *n, const char *const *allowed, size_t na)
{
	for (const struct ditem *c = n->children; c; c = c->next) {
		bool ok = false;

		if (c->dead)
			continue;
		if (c->kind == DI_NODE)
			return false;
		for (size_t i = 0; i < na; i++)
			if (!strcmp(c->name, allowed[i]))
				ok = true;
		if (!ok)
			return false;
	}
	return true;
}

/* A generic child node: the properties its instances use, typed; text of scope @scope. */
static struct ynode *node_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
				 int scope, unsigned src, unsigned depth, const char *desc);

/*
 * Into @props, the properties of graph node @node that port-base and
 * video-interfaces.yaml do not define: typed, described where the text
 * describes them.  @vendor_only: only vendor ones (an endpoint's standard
 * properties are video-interfaces.yaml's).
 */
static void node_own_props(struct conv *cv, struct ynode *props, const struct ditem *node,
			   bool vendor_only, unsigned src)
{
	for (const struct ditem *c = node->children; c; c = c->next) {
		if (c->dead || c->kind != DI_PROP || yget(props, c->name) ||
		    (vendor_only && !is_vendor_prop(c->name)) || !strcmp(c->name, "reg") ||
		    !strcmp(c->name, "#address-cells") || !strcmp(c->name, "#size-cells"))
			continue;
		struct pinfo pi = { .name = c->name, .line = src };
		struct propctx pc = { 0 };

		for (size_t k = 0; k < cv->props.n; k++) {
			struct prop *pr = cv->props.v[k];

			if (!strcmp(pr->name, c->name)) {
				pi.pr = pr;
				pi.desc = clean_desc(cv, pr);
				pi.line = pr->line;
			}
		}
		pi.values[0] = c->value;
		pi.nodes[0] = node;
		pi.nvalues = 1;
		yset(props, c->name, prop_schema(cv, &pc, &pi, 10));
	}
}

/*
 * Does the text give the endpoints properties video-interfaces.yaml defines
 * ("Optional properties in grandchild nodes: ... - bus-width: ...")?  Then
 * the endpoints are that schema's, though the examples set none.  Naming
 * the file for the ports' "endpoint definitions" is not enough: that is
 * graph.yaml's.
 */
static bool endpoints_follow_video_interfaces(const struct conv *cv)
{
	static const char *const video[] = {
		"bus-width", "data-lanes", "clock-lanes", "hsync-active", "vsync-active",
		"pclk-sample", "data-shift", "bus-type", "link-frequencies", "data-active",
		"field-even-active", "clock-noncontinuous", "lane-polarities",
		"sync-on-green-active",
	};
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		if (str_in(pr->name, video, ARRAY_SIZE(video)))
			return true;
	}
	return false;
}

/* A port: graph.yaml, or video-interfaces for endpoints with bus properties. */
static struct ynode *port_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
				 unsigned src, const char *desc, unsigned depth)
{
	static const char *const plain_ep[] = { "remote-endpoint", "reg" };
	bool simple = true;
	struct ynode *s = ymap(cv, src);

	for (size_t i = 0; i < n; i++) {
		for (const struct ditem *c = inst[i]->children; c; c = c->next) {
			if (c->dead)
				continue;
			if (c->kind == DI_PROP && strcmp(c->name, "reg") &&
			    strcmp(c->name, "#address-cells") && strcmp(c->name, "#size-cells"))
				simple = false;
			if (c->kind == DI_NODE && !only_props(c, plain_ep, ARRAY_SIZE(plain_ep)))
				simple = false;
		}
	}
	/* "Any endpoint ... may specify a video interface according to video-interfaces.txt" */
	if (simple && !endpoints_follow_video_interfaces(cv)) {
		yset(s, "$ref", ystr(cv, "/schemas/graph.yaml#/properties/port", src));
		if (desc)
			yset(s, "description", ydesc(cv, desc, src, 4));
		return s;
	}
	yset(s, "$ref", ystr(cv, "/schemas/graph.yaml#/$defs/port-base", src));
	yset(s, "unevaluatedProperties", yraw(cv, "false", src));
	if (desc)
		yset(s, "description", ydesc(cv, desc, src, 4));
	/* The port's own ("xlnx,video-format" of xlnx,v-tpg's ports). */
	struct ynode *own = ymap(cv, src);

	for (size_t i = 0; i < n; i++)
		node_own_props(cv, own, inst[i], false, src);
	if (!yempty(own))
		yset(s, "properties", own);
	/* Endpoints. */
	const struct ditem *eps[64];
	size_t ne = 0;

	for (size_t i = 0; i < n; i++)
		for (const struct ditem *c = inst[i]->children; c; c = c->next)
			if (!c->dead && c->kind == DI_NODE && ne < ARRAY_SIZE(eps))
				eps[ne++] = c;
	if (ne && depth < 8) {
		struct ynode *ep = ymap(cv, src);
		struct ynode *props = ymap(cv, src);
		bool units = false;

		yset(ep, "$ref", ystr(cv, "/schemas/media/video-interfaces.yaml#", src));
		yset(ep, "unevaluatedProperties", yraw(cv, "false", src));
		for (size_t i = 0; i < ne; i++) {
			if (strchr(eps[i]->name, '@'))
				units = true;
			node_own_props(cv, props, eps[i], true, src);
		}
		if (!yempty(props))
			yset(ep, "properties", props);
		if (units) {
			struct ynode *pp = ymap(cv, src);

			yset(pp, "^endpoint(@[0-9a-f]+)?$", ep);
			yset(s, "patternProperties", pp);
		} else {
			yset(own, "endpoint", ep);
			if (!yget(s, "properties"))
				yset(s, "properties", own);
		}
	}
	return s;
}

static struct ynode *ports_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
				  unsigned src, const char *desc, unsigned depth)
{
	struct ynode *s = ymap(cv, src), *props = ymap(cv, src);
	struct child_group g[8];
	size_t ng;

	yset(s, "$ref", ystr(cv, "/schemas/graph.yaml#/properties/ports", src));
	if (desc)
		yset(s, "description", ydesc(cv, desc, src, 4));
	group_children(cv, inst, n, g, &ng, ARRAY_SIZE(g));
	for (size_t k = 0; k < ng; k++) {
		if (strcmp(g[k].base, "port"))
			continue;
		/* One entry per port@N. */
		for (size_t i = 0; i < g[k].n; i++) {
			const char *nm = g[k].inst[i]->name;

			if (yget(props, nm))
				continue;
			const struct ditem *same[16];
			size_t ns = 0;

			for (size_t j = 0; j < g[k].n && ns < ARRAY_SIZE(same); j++)
				if (!strcmp(g[k].inst[j]->name, nm))
					same[ns++] = g[k].inst[j];
			yset(props, nm, port_schema(cv, same, ns, src, NULL, depth + 1));
		}
	}
	if (!yempty(props))
		yset(s, "properties", props);
	return s;
}

/* Names the meta-schemas give a property's shape: a node cannot take them. */
static bool meta_typed(const char *name)
{
	static const char *const names[] = {
		"reg", "ranges", "compatible", "clocks", "clock-ranges", "clock-indices",
		"assigned-clocks", "assigned-clock-parents", "assigned-clock-rates", "interrupts",
		"interrupt-controller", "interrupts-extended", "interrupt-map", "interrupt-map-mask",
		"gpio-controller", "gpio-line-names", "ngpios", "gpio-ranges", "gpios", "dmas",
		"iommus", "mboxes", "nvmem-cells", "phys", "power-domains", "pwms", "resets",
		"memory-region", "clock-frequency", "bus-frequency", "dma-ranges",
	};
	if (str_in(name, names, ARRAY_SIZE(names)))
		return true;
	return name[0] == '#' || is_vendor_prop(name) || fixup_has_unit_suffix(name) ||
	       str_ends_with(name, "-names") || str_ends_with(name, "-supply") ||
	       str_ends_with(name, "-gpios") || str_ends_with(name, "-gpio");
}

/* OF graph ports have endpoints; "ports" of switches (DSA) carry ethernet properties. */
static bool graph_ports(const struct child_group *g)
{
	bool endpoints = false, other = false;

	for (size_t i = 0; i < g->n; i++) {
		const struct ditem *list = g->inst[i]->children;
		bool is_ports = !strcmp(g->base, "ports");

		for (const struct ditem *c = list; c; c = c->next) {
			if (c->dead)
				continue;
			const struct ditem *sub = is_ports && c->kind == DI_NODE ? c->children : c;

			for (const struct ditem *x = sub; x; x = is_ports ? x->next : NULL) {
				if (x->dead)
					continue;
				if (x->kind == DI_NODE && !strncmp(x->name, "endpoint", 8))
					endpoints = true;
				else if (x->kind == DI_PROP && strcmp(x->name, "reg") &&
					 strcmp(x->name, "#address-cells") && strcmp(x->name, "#size-cells"))
					other = true;
				if (!is_ports)
					break;
			}
		}
	}
	return endpoints || !other;
}

/*
 * A child a common schema describes: $ref it (each of @refs the tree has),
 * drop the properties it defines (@covered), and close it with
 * unevaluatedProperties, as kernel conversions write it.
 */
static void common_child(struct conv *cv, struct ynode *cs, const char *const *refs, size_t nrefs,
			 const char *const *covered, size_t ncovered, unsigned line)
{
	struct ynode *props = yget(cs, "properties");
	struct ynode *all = NULL;
	const char *present[2];
	size_t np = 0;

	for (size_t i = 0; cs && i < nrefs && np < ARRAY_SIZE(present); i++)
		if (root_has(cv, refs[i]))
			present[np++] = refs[i];
	if (!np)
		return;
	for (size_t i = 0; i < ncovered; i++)
		yremove(props, covered[i], NULL);
	if (yempty(props))
		yremove(cs, "properties", NULL);
	if (np == 1) {
		yset(cs, "$ref", ystr(cv, cv_printf(cv, "/schemas/%s#", present[0]), line));
		ymove_end(cs, "$ref");
	} else {
		all = yseq(cv, line);
		for (size_t i = 0; i < np; i++) {
			struct ynode *r = ymap(cv, line);

			yset(r, "$ref", ystr(cv, cv_printf(cv, "/schemas/%s#", present[i]), line));
			ypush(all, r);
		}
		yset(cs, "allOf", all);
		ymove_end(cs, "allOf");
	}
	if (yget(cs, "properties"))
		ymove_end(cs, "properties");
	if (yget(cs, "patternProperties"))
		ymove_end(cs, "patternProperties");
	if (yget(cs, "required"))
		ymove_end(cs, "required");
	/* yset on a present key keeps its place: drop it and add the other one last. */
	yremove(cs, "additionalProperties", NULL);
	yset(cs, "unevaluatedProperties", yraw(cv, "false", line));
}

/* An LED child: the common LED properties (label, color, function, triggers) apply. */
static void led_child(struct conv *cv, struct ynode *cs, unsigned line)
{
	static const char *const common[] = {
		"label", "color", "function", "function-enumerator", "default-state",
		"linux,default-trigger", "led-max-microamp", "retain-state-suspended",
		"panic-indicator", "led-pattern",
	};
	static const char *const ref[] = { "leds/common.yaml" };

	common_child(cv, cs, ref, 1, common, ARRAY_SIZE(common), line);
}

static bool nodes_have_prop(const struct ditem *const *inst, size_t n, const char *const *names,
			    size_t nn)
{
	for (size_t i = 0; i < n; i++)
		for (const struct ditem *c = inst[i]->children; c; c = c->next)
			if (!c->dead && c->kind == DI_PROP && str_in(c->name, names, nn))
				return true;
	return false;
}

/*
 * A child of another name that is an LED all the same: it has the LED
 * trigger or state properties, or the text sends its "label" to the LED
 * binding ("- label: see .../leds/common.txt"; pca9532's "red-power {").
 */
static bool led_like(const struct conv *cv, const struct ditem *const *inst, size_t n)
{
	static const char *const led[] = {
		"linux,default-trigger", "default-state", "led-max-microamp",
		"retain-state-suspended", "panic-indicator",
	};
	static const char *const label[] = { "label" };

	if (cv->dir_hint && !strcmp(cv->dir_hint, "pinctrl"))
		return false;
	return nodes_have_prop(inst, n, led, ARRAY_SIZE(led)) ||
	       (nodes_have_prop(inst, n, label, 1) && text_mentions(cv, "leds/common.txt"));
}

/*
 * A pin configuration node of a pin controller: the generic pin
 * configuration names (pinctrl/pincfg-node.yaml) and the multiplexing ones
 * (pinmux-node.yaml).  Not where the controller has a family schema of its
 * own (qcom,tlmm-common, amlogic,meson-pinctrl-common...): that one's state
 * definitions bring them (15 of the 17 paired 6.1 texts whose examples use
 * generic names are Qualcomm TLMM blocks).
 */
static void pin_config_child(struct conv *cv, struct ynode *cs, const struct ditem *const *inst,
			     size_t n, unsigned line)
{
	static const char *const pincfg[] = {
		"bias-disable", "bias-high-impedance", "bias-bus-hold", "bias-pull-up",
		"bias-pull-down", "bias-pull-pin-default", "drive-push-pull", "drive-open-drain",
		"drive-open-source", "drive-strength", "drive-strength-microamp", "input-enable",
		"input-disable", "input-schmitt-enable", "input-schmitt-disable",
		"input-debounce", "power-source", "low-power-enable", "low-power-disable",
		"output-disable", "output-enable", "output-low", "output-high",
		"output-impedance-ohms", "sleep-hardware-state", "slew-rate", "skew-delay",
		"input-schmitt-microvolt",
	};
	static const char *const pinmux[] = { "function", "groups", "pins", "pinmux" };
	const char *refs[2];
	size_t nrefs = 0;

	if (!cv->dir_hint || strcmp(cv->dir_hint, "pinctrl") || cv->refs[CS_QCOM_TLMM])
		return;
	for (size_t k = 0; k < cv->nxrefs; k++)
		if (str_ends_with(cv->xrefs[k], "-common.yaml"))
			return;
	if (!nodes_have_prop(inst, n, pincfg, ARRAY_SIZE(pincfg)))
		return;
	refs[nrefs++] = "pinctrl/pincfg-node.yaml";
	if (nodes_have_prop(inst, n, pinmux, ARRAY_SIZE(pinmux)))
		refs[nrefs++] = "pinctrl/pinmux-node.yaml";
	common_child(cv, cs, refs, nrefs, pincfg, ARRAY_SIZE(pincfg), line);
}

/* Place child nodes of @inst under @schema (properties / patternProperties). */
/* Is @name a child node (not a property) of one of @inst? */
static bool devnode_child_of(const struct ditem *const *inst, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (node_child(inst[i], name))
			return true;
	return false;
}

/* Does a property of @what (mdio.yaml's, regulator.yaml's) define @name? */
static bool kind_defines(const char *what, const char *name)
{
	static const char *const mdio[] = {
		"#address-cells", "#size-cells", "reset-gpios", "reset-delay-us",
		"reset-post-delay-us", "clock-frequency", "suppress-preamble",
	};
	size_t nl = strlen(name);

	if (strstr(what, "/mdio.yaml"))
		return str_in(name, mdio, ARRAY_SIZE(mdio));
	/* "regulator-compatible" is an old driver's, no property of regulator.yaml. */
	if (strstr(what, "/regulator.yaml"))
		return (starts_with(name, "regulator-") && strcmp(name, "regulator-compatible")) ||
		       (nl > 7 && !strcmp(name + nl - 7, "-supply"));
	return false;	/* a plain container: nothing of its own */
}

/*
 * A child written as a kind ($ref mdio.yaml, regulator.yaml, a "regulators"
 * container) closed with unevaluatedProperties or additionalProperties: the
 * properties its example instances set that the kind does not define are
 * listed (a controller's own mdio's compatible and reg, a PMIC's
 * regulators' supplies), else its own example fails it.  Not an
 * "interrupt-parent" its PHYs inherit: dt-schema 2026.06 would allow it
 * listed in a node without interrupts, but 2022.08's meta-schema forbids it
 * anywhere, and a conversion must pass both generations' lint.
 */
static void kind_extras(struct conv *cv, struct ynode *cs, const struct ditem *const *inst,
			size_t n, int scope, unsigned line, unsigned depth)
{
	const struct ynode *ref = yget(cs, "$ref");
	const char *what = ref && ref->kind == Y_STR ? ref->s : "";
	struct ynode *s = node_schema(cv, inst, n, scope, line, depth + 1, NULL);
	struct ynode *sp = s ? yget(s, "properties") : NULL;
	struct ynode *props = yget(cs, "properties");
	for (struct ynode *m = sp ? sp->first : NULL, *next; m; m = next) {
		next = m->next;
		if (kind_defines(what, m->key) || devnode_child_of(inst, n, m->key))
			continue;
		if (!props) {
			props = ymap(cv, line);
			yset(cs, "properties", props);
		}
		m->next = NULL;
		if (!yget(props, m->key))
			yset(props, m->key, m);
	}
	if (props && yget(cs, "patternProperties"))
		ymove_end(cs, "patternProperties");
	if (props && yget(cs, "additionalProperties"))
		ymove_end(cs, "additionalProperties");
	if (props && yget(cs, "unevaluatedProperties"))
		ymove_end(cs, "unevaluatedProperties");
}

/* Does every instance set a regulator.yaml property ("regulator-name", "regulator-boot-on")? */
static bool regulator_like(const struct ditem *const *inst, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bool found = false;

		for (const struct ditem *c = inst[i]->children; c && !found; c = c->next)
			found = !c->dead && c->kind == DI_PROP && starts_with(c->name, "regulator-");
		if (!found)
			return false;
	}
	return n > 0;
}

/* kind_extras for the regulators of all groups @rg, which share one schema. */
static void regulator_extras(struct conv *cv, struct ynode *reg, const struct child_group *rg,
			     size_t nrg, int scope, unsigned line, unsigned depth)
{
	size_t total = 0, k = 0;

	for (size_t r = 0; r < nrg; r++)
		total += rg[r].n;
	const struct ditem **all = cv_alloc(cv, (total + 1) * sizeof(*all));

	if (!all)
		return;
	for (size_t r = 0; r < nrg; r++)
		for (size_t i = 0; i < rg[r].n; i++)
			all[k++] = rg[r].inst[i];
	kind_extras(cv, reg, all, k, scope, line, depth + 1);
}

/*
 * A device on the bus the node controls: an SPI or I2C controller's children
 * at unit addresses, a DSI host's panel@0-3.  The controller's common schema
 * gives them (spi-controller.yaml's "^.*@[0-9a-f]+$", dsi-controller.yaml's
 * "^panel@[0-3]$") and their own bindings select them: kernel schemas do not
 * list them, and a copy of the example's properties would be wrong for the
 * next device on that bus.
 */
static bool bus_device_of_kind(const struct conv *cv, const struct child_group *g)
{
	bool spi_i2c = cv->refs[CS_SPI_CONTROLLER] || cv->refs[CS_I2C_CONTROLLER];

	for (size_t i = 0; i < g->n; i++) {
		const char *name = g->inst[i]->name, *at = name ? strchr(name, '@') : NULL;

		/* A mux's channel (i2c@0: cells, no compatible) is a bus of its own. */
		if (!at || !at[1] ||
		    (node_prop(g->inst[i], "#address-cells") && !node_prop(g->inst[i], "compatible")))
			return false;
		if (spi_i2c && strspn(at + 1, "0123456789abcdef") == strlen(at + 1))
			continue;
		if (cv->refs[CS_DSI_CONTROLLER] && !strncmp(name, "panel@", 6) &&
		    at[1] >= '0' && at[1] <= '3' && !at[2])
			continue;
		return false;
	}
	return g->n > 0;
}

/*
 * The part of the text that documents compatible @s with a heading of its
 * own at the margin ("'fimc' device nodes", "MDP5:"), not the device's,
 * and two or more items in its list none of the nodes @inst set: inlined as a child
 * of this schema, what only the text says of them would be lost.  Its
 * lines into @first and @last.
 */
static bool child_part(const struct conv *cv, const char *s, const struct ditem *const *inst,
		       size_t n, unsigned *first, unsigned *last)
{
	char q[160];
	size_t at = SIZE_MAX, head;
	unsigned text_only = 0;

	if ((size_t)snprintf(q, sizeof(q), "\"%s\"", s) >= sizeof(q))
		return false;
	for (size_t k = 0; k < cv->nlines && at == SIZE_MAX; k++)
		if (!cv->lines[k].exsec && strstr(cv->lines[k].s, q))
			at = k;
	if (at == SIZE_MAX || !part_range(cv, cv->lines[at].no, first, last) ||
	    (cv->compat_line >= *first && cv->compat_line <= *last))
		return false;
	head = line_index(cv, *first);
	if (head == SIZE_MAX || cv->lines[head].ind || islower((unsigned char)cv->lines[head].t[0]))
		return false;
	/* The items of the compatible's own list: its part may run on past others' headings. */
	const struct prop *item = NULL;

	for (size_t k = 0; k < cv->props.n && !item; k++) {
		const struct prop *pr = cv->props.v[k];
		unsigned end = pr->nlines ? pr->lines[pr->nlines - 1]->no : pr->line;

		if (!strcmp(pr->name, "compatible") && pr->line <= cv->lines[at].no &&
		    cv->lines[at].no <= end)
			item = pr;
	}
	if (!item)
		return false;
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];
		bool set = false;

		if (pr->block != item->block || pr->line < *first || pr->line > *last ||
		    pr->pattern || pr->is_node || !strcmp(pr->name, "compatible"))
			continue;
		for (size_t i = 0; i < n && !set; i++)
			set = node_prop(inst[i], pr->name) != NULL;
		text_only += !set;
	}
	return text_only >= 2;
}

/*
 * Child nodes of a device documented in a part of the text of its own
 * (child_part()): that part is converted on its own (parts.c), and the
 * nodes here are left to its select, by their compatibles, as
 * qcom,mdss.yaml leaves its display-controller.  NULL for other children.
 */
static struct ynode *part_child_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
				       unsigned src, const char *desc)
{
	const char *seen[64];
	size_t ns = 0;
	unsigned first, last;
	bool ranged = false;	/* first..last: the part child_part() found */

	if (!cv->c->split_parts)
		return NULL;
	for (size_t i = 0; i < n && ns < ARRAY_SIZE(seen); i++) {
		const struct ditem *cp = node_prop(inst[i], "compatible");
		const char *v[1];
		bool dup = false;

		if (!cp || !cp->value || !value_strings(cv, cp->value, v, 1) || !v[0] ||
		    our_compatible(cv, v[0]))
			return NULL;
		if (!part_child(cv, v[0])) {
			if (!child_part(cv, v[0], inst, n, &first, &last))
				return NULL;
			ranged = true;
		}
		for (size_t k = 0; k < ns; k++)
			dup |= !strcmp(seen[k], v[0]);
		if (!dup)
			seen[ns++] = v[0];
	}
	if (!ns)
		return NULL;
	for (size_t k = 0; k < ns; k++)
		if (!part_child(cv, seen[k]))
			vec_push(cv, &cv->part_children, (void *)seen[k]);
	if (ranged)
		note_other_part(cv, first, last);
	struct ynode *s = ymap(cv, src), *props = ymap(cv, src), *c = ymap(cv, src);
	struct ynode *contains = ymap(cv, src);

	yset(s, "type", yraw(cv, "object", src));
	if (desc)
		yset(s, "description", ydesc(cv, desc, src, 4));
	if (ns == 1) {
		yset(contains, "const", ystr(cv, seen[0], src));
	} else {
		struct ynode *en = yseq(cv, src);

		for (size_t k = 0; k < ns; k++)
			ypush(en, ystr(cv, seen[k], src));
		yset(contains, "enum", en);
	}
	yset(c, "contains", contains);
	yset(props, "compatible", c);
	yset(s, "properties", props);
	yset(s, "additionalProperties", yraw(cv, "true", src));
	return s;
}

/* A "regulators" node: each kind of regulator under it, by name, as regulator.yaml describes. */
static struct ynode *regulators_schema(struct conv *cv, const struct child_group *g, int scope,
				       unsigned line, unsigned depth, const char *desc)
{
	struct child_group rg[16];
	size_t nrg;
	struct ynode *rp = ymap(cv, line), *cs = ymap(cv, line);
	struct strbuf alt;

	yset(cs, "type", yraw(cv, "object", line));
	if (desc)
		yset(cs, "description", ydesc(cv, desc, line, 4));
	group_children(cv, g->inst, g->n, rg, &nrg, ARRAY_SIZE(rg));
	sb_init(&alt);
	for (size_t r = 0; r < nrg; r++) {
		sb_puts(&alt, alt.len ? "|" : "^(");
		sb_puts(&alt, rg[r].base);
		sb_puts(&alt, text_digits(cv, &rg[r]));
		/* "regulator@0": tps6507x's regulators have unit addresses */
		sb_puts(&alt, unit_pattern(&rg[r]));
	}
	if (alt.len) {
		struct ynode *reg = ymap(cv, line);

		sb_puts(&alt, ")$");
		yset(reg, "type", yraw(cv, "object", line));
		yset(reg, "$ref", ystr(cv, "/schemas/regulator/regulator.yaml#", line));
		yset(reg, "unevaluatedProperties", yraw(cv, "false", line));
		regulator_extras(cv, reg, rg, nrg, scope, line, depth);
		yset(rp, cv_strdup(cv, sb_cstr(&alt)), reg);
		yset(cs, "patternProperties", rp);
	}
	sb_free(&alt);
	yset(cs, "additionalProperties", yraw(cv, "false", line));
	kind_extras(cv, cs, g->inst, g->n, scope, line, depth);
	return cs;
}

/*
 * Addressed LED children named by colour or use ("red@0", "green@1",
 * "unused@3"): the generic name the devicetree specification and every
 * kernel LED schema give them is "led@N" (renamed in the example, with a
 * note), so one pattern covers them.
 */
static void generic_led_names(struct conv *cv, const struct ditem *const *parents, size_t np)
{
	for (size_t p = 0; p < np; p++) {
		size_t count = 0, named = 0;
		bool leds_only = true;

		for (struct ditem *c = parents[p]->children; c && leds_only; c = c->next) {
			const struct ditem *one[1] = { c };

			if (c->dead || c->kind != DI_NODE)
				continue;
			/* A controller of LEDs alone, each at an address. */
			leds_only = strchr(c->name, '@') && led_like(cv, one, 1);
			count++;
			named += !starts_with(c->name, "led@") && !starts_with(c->name, "multi-led@");
		}
		if (!leds_only || count < 2 || !named)
			continue;
		for (struct ditem *c = parents[p]->children; c; c = c->next) {
			if (c->dead || c->kind != DI_NODE || starts_with(c->name, "led@") ||
			    starts_with(c->name, "multi-led@"))
				continue;
			const char *to = cv_printf(cv, "led%s", strchr(c->name, '@'));

			if (!to || node_child(parents[p], to))
				continue;	/* a sibling has that name already */
			finding(cv, DTBIND_NOTE, c->line, 1, "doc2yaml-example",
				"example node '%s' renamed '%s': an LED's generic node name", c->name,
				to);
			c->name = to;
		}
	}
}

void add_children(struct conv *cv, struct ynode *schema, struct ynode *props,
			 const struct ditem *const *inst, size_t n, int scope, unsigned src,
			 unsigned depth, struct ynode *req)
{
	struct child_group g[24];
	size_t ng;
	struct ynode *pat = yget(schema, "patternProperties");

	if (depth > 6)
		return;
	generic_led_names(cv, inst, n);
	group_children(cv, inst, n, g, &ng, ARRAY_SIZE(g));
	arbitrary_names(cv, g, ng);
	for (size_t k = 0; k < ng; k++) {
		const char *desc = NULL;
		unsigned line = src;
		struct ynode *cs = NULL;

		if (g[k].gone || (depth == 0 && bus_device_of_kind(cv, &g[k])))
			continue;
		/* ethernet-controller.yaml's fixed-link node: not described again. */
		if (depth == 0 && g[k].same_name && cv->refs[CS_ETHERNET] &&
		    !strcmp(g[k].name, "fixed-link"))
			continue;

		/* A "Required nodes" item of that name describes it. */
		bool required = false;

		for (size_t p = 0; p < cv->props.n; p++) {
			struct prop *pr = cv->props.v[p];

			if (!strcmp(pr->name, g[k].same_name ? g[k].name : g[k].base) && depth == 0 &&
			    !pr->scope) {
				desc = clean_desc(cv, pr);
				line = pr->line;
				if (pr->req == REQ_YES)
					required = true;
			}
		}
		/* A port every example has is part of the device. */
		if (g[k].same_name && !strcmp(g[k].name, "port") && g[k].n == n)
			required = true;
		if (req && required && g[k].same_name && !strchr(g[k].name, '@'))
			ypush(req, ystr(cv, g[k].name, line));
		bool graph = graph_ports(&g[k]);

		if (!strcmp(g[k].base, "ports") && g[k].same_name && graph) {
			cs = ports_schema(cv, g[k].inst, g[k].n, line, desc, depth);
		} else if ((!strcmp(g[k].base, "port") || !strcmp(g[k].base, "port@")) && graph) {
			cs = port_schema(cv, g[k].inst, g[k].n, line, desc, depth);
		} else if (!strcmp(g[k].base, "mdio") && g[k].same_name) {
			cs = ymap(cv, line);
			yset(cs, "$ref", ystr(cv, "/schemas/net/mdio.yaml#", line));
			yset(cs, "unevaluatedProperties", yraw(cv, "false", line));
			if (desc)
				yset(cs, "description", ydesc(cv, desc, line, 4));
		} else if (!strcmp(g[k].base, "regulators") && g[k].same_name &&
			   !(cs = elsewhere_schema(cv, g[k].inst, g[k].n, line, desc))) {
			cs = regulators_schema(cv, &g[k], scope, line, depth, desc);
		} else if (g[k].same_name && fixed_name_schema(g[k].name)) {
			cs = child_ref_schema(cv, fixed_name_schema(g[k].name), line, desc);
		} else if ((cs = part_child_schema(cv, g[k].inst, g[k].n, line, desc)) != NULL) {
			/* its own schema, beside this one */
		} else if (!cs) {
			const char *named = child_named_schema(cv, desc);

			cs = named ? child_ref_schema(cv, named, line, desc) :
			     elsewhere_schema(cv, g[k].inst, g[k].n, line, desc);
			if (!cs && regulator_like(g[k].inst, g[k].n)) {
				/* "mp8859_dcdc { regulator-name = ...; }": a regulator by its properties. */
				cs = ymap(cv, line);
				yset(cs, "type", yraw(cv, "object", line));
				if (desc)
					yset(cs, "description", ydesc(cv, desc, line, 4));
				yset(cs, "$ref", ystr(cv, "/schemas/regulator/regulator.yaml#", line));
				yset(cs, "unevaluatedProperties", yraw(cv, "false", line));
			}
			if (!cs) {
				cs = node_schema(cv, g[k].inst, g[k].n, scope, line, depth + 1, desc);
				if (!strcmp(g[k].base, "led") || !strcmp(g[k].base, "led@") ||
				    led_like(cv, g[k].inst, g[k].n))
					led_child(cv, cs, line);
				else
					pin_config_child(cv, cs, g[k].inst, g[k].n, line);
			}
		}
		if (!cs)
			continue;
		const struct ynode *kref = yget(cs, "$ref");

		if (kref && kref->kind == Y_STR && (strstr(kref->s, "/mdio.yaml") ||
						    strstr(kref->s, "/regulator.yaml")))
			kind_extras(cv, cs, g[k].inst, g[k].n, scope, line, depth);
		bool exact = false;	/* a pattern for the one name (and a unit address) */

		if (g[k].same_name && !strchr(g[k].name, '@') && !g[k].pattern &&
		    (!prop_name_ok(cv, g[k].name) || meta_typed(g[k].name)) &&
		    strcmp(g[k].name, "ports") && strcmp(g[k].name, "port") &&
		    strcmp(g[k].name, "mdio") && strcmp(g[k].name, "regulators")) {
			/*
			 * A node named like a property ("interrupt-controller {"): the
			 * meta-schema types that name, a pattern for it does not.
			 */
			if (!prop_name_ok(cv, g[k].name) || strchr(g[k].name, '.'))
				continue;
			exact = true;
		}
		if (g[k].same_name && !strchr(g[k].name, '@') && prop_name_ok(cv, g[k].name) &&
		    !g[k].pattern && !exact) {
			yset(props, g[k].name, cs);
		} else {
			if (!pat) {
				pat = ymap(cv, line);
				/* After "properties". */
				yset(schema, "patternProperties", pat);
			}
			yset(pat, exact ? cv_printf(cv, "^%s(@[0-9a-f]+)?$", g[k].name) :
				  g[k].pattern ? g[k].pattern : group_pattern(cv, &g[k]), cs);
		}
	}
}

/* A compatible list as a schema: const for one string, items of consts. */
static struct ynode *compat_list_schema(struct conv *cv, const char *const *v, size_t n,
					unsigned src)
{
	struct ynode *c = ymap(cv, src), *items;

	if (n == 1) {
		yset(c, "const", ystr(cv, v[0], src));
		return c;
	}
	items = yseq(cv, src);
	for (size_t j = 0; j < n; j++) {
		struct ynode *e = ymap(cv, src);

		yset(e, "const", ystr(cv, v[j], src));
		ypush(items, e);
	}
	yset(c, "items", items);
	return c;
}

/*
 * The text's list of compatibles for a child (a scoped compatible item:
 * wcnss-pil's iris, "must be one of: qcom,wcn3620, qcom,wcn3660, ...")
 * holding every instance's single string @v[0..n): an enum of the list.
 * NULL when no one item holds them all.
 */
static struct ynode *child_compatible_from_text(struct conv *cv, const char *const *v, size_t n,
						unsigned src)
{
	const struct vec *sc = &cv->sub_compat;

	for (size_t a = 0, b; a < sc->n; a = b + 1) {
		size_t held = 0;

		for (b = a; b < sc->n && sc->v[b]; b++)
			for (size_t k = 0; k < n; k++)
				held += !strcmp(sc->v[b], v[k]);
		if (held < n || b - a < 2)
			continue;
		struct ynode *c = ymap(cv, src), *e = yseq(cv, src);

		for (size_t k = a; k < b; k++) {
			bool dup = false;

			for (size_t j = a; j < k; j++)
				dup |= !strcmp(sc->v[j], sc->v[k]);
			if (!dup && valid_compatible(sc->v[k]))
				ypush(e, ystr(cv, sc->v[k], src));
		}
		yset(c, "enum", e);
		return c;
	}
	return NULL;
}

/*
 * The compatible of a child group from all its instances' values: one list
 * (const or items), one string per instance (enum: ti-lmu's backlight is
 * "ti,lm3631-backlight" under one chip, "ti,lm3632-backlight" under the
 * next), lists that share their fallbacks (items: the firsts' enum, then
 * the fallbacks), else a oneOf of the lists (an EHCI and an OHCI, both
 * "usb@"); first, the text's list for the child when it holds them all.  NULL
 * when a value is no compatible.
 */
static struct ynode *child_compatible(struct conv *cv, const struct pinfo *pi, unsigned src)
{
	const char *lists[8][8];
	size_t len[8] = { 0 }, nl = 0;
	bool same_tail = true;

	for (size_t i = 0; i < pi->nvalues && i < ARRAY_SIZE(pi->values); i++) {
		const char *v[8];
		size_t nv = pi->values[i] ? value_strings(cv, pi->values[i], v, 8) : 0;
		bool seen = false;

		if (!nv)
			return NULL;
		for (size_t j = 0; j < nv; j++)
			if (!v[j] || !valid_compatible(v[j]))
				return NULL;
		for (size_t l = 0; l < nl && !seen; l++) {
			seen = len[l] == nv;
			for (size_t j = 0; seen && j < nv; j++)
				seen = !strcmp(lists[l][j], v[j]);
		}
		if (seen || nl == ARRAY_SIZE(lists))
			continue;
		memcpy(lists[nl], v, nv * sizeof(v[0]));
		len[nl++] = nv;
	}
	/* One string each: the text's list for the child, when it holds them. */
	const char *singles[8];
	size_t ns = 0;

	for (size_t l = 0; l < nl && len[l] == 1; l++)
		singles[ns++] = lists[l][0];
	struct ynode *from_text = ns == nl ? child_compatible_from_text(cv, singles, ns, src) : NULL;

	if (from_text)
		return from_text;
	if (nl == 1)
		return compat_list_schema(cv, lists[0], len[0], src);
	for (size_t l = 1; l < nl; l++) {
		same_tail &= len[l] == len[0];
		for (size_t j = 1; same_tail && j < len[0]; j++)
			same_tail = !strcmp(lists[l][j], lists[0][j]);
	}
	if (!same_tail) {
		struct ynode *c = ymap(cv, src), *alts = yseq(cv, src);

		for (size_t l = 0; l < nl; l++)
			ypush(alts, compat_list_schema(cv, lists[l], len[l], src));
		yset(c, "oneOf", alts);
		return c;
	}
	struct ynode *head = ymap(cv, src), *firsts = yseq(cv, src);

	for (size_t l = 0; l < nl; l++)
		ypush(firsts, ystr(cv, lists[l][0], src));
	yset(head, "enum", firsts);
	if (len[0] == 1)
		return head;
	struct ynode *c = ymap(cv, src), *items = yseq(cv, src);

	ypush(items, head);
	for (size_t j = 1; j < len[0]; j++) {
		struct ynode *e = ymap(cv, src);

		yset(e, "const", ystr(cv, lists[0][j], src));
		ypush(items, e);
	}
	yset(c, "items", items);
	return c;
}

/*
 * The items of the text's lists for another node that these nodes use
 * (@pis, @np of room for @cap, their descriptions found) name the lists
 * that are theirs: two of a list's names, or one of a vendor's
 * ("mpmc,cs" under "Required child cs node properties").  Those lists'
 * other items, which no example node sets ("mpmc,write-protect"), are
 * theirs too, optional.  Returns the new count.
 */
static size_t scope_items(struct conv *cv, struct pinfo *pis, size_t np, size_t cap)
{
	unsigned *hits = cv_alloc(cv, ((size_t)cv->nscopes + 1) * sizeof(*hits));
	size_t n = np;

	if (!hits)
		return np;
	for (size_t k = 0; k < np; k++)
		if (pis[k].pr && pis[k].pr->scope > 0 && pis[k].pr->scope <= cv->nscopes &&
		    strcmp(pis[k].name, "compatible"))
			hits[pis[k].pr->scope] += is_vendor_prop(pis[k].name) ? 2 : 1;
	for (size_t p = 0; p < cv->props.n && n < cap; p++) {
		struct prop *pr = cv->props.v[p];
		bool have = false;

		if (pr->scope <= 0 || pr->scope > cv->nscopes || hits[pr->scope] < 2 ||
		    pr->pattern || pr->is_node || pr->deprecated || !prop_name_ok(cv, pr->name) ||
		    !strcmp(pr->name, "compatible"))
			continue;
		for (size_t k = 0; k < n && !have; k++)
			have = !strcmp(pis[k].name, pr->name);
		if (have)
			continue;
		memset(&pis[n], 0, sizeof(pis[n]));
		pis[n].name = pr->name;
		pis[n].pr = pr;
		pis[n].desc = clean_desc(cv, pr);
		pis[n].line = pr->line;
		n++;
	}
	return n;
}

static struct ynode *node_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
				 int scope, unsigned src, unsigned depth, const char *desc)
{
	struct ynode *s = ymap(cv, src), *props = ymap(cv, src), *req = yseq(cv, src);
	struct pinfo *pis = cv_alloc(cv, 64 * sizeof(*pis));
	size_t np = 0;

	if (!s || !pis)
		return NULL;
	yset(s, "type", yraw(cv, "object", src));
	if (desc)
		yset(s, "description", ydesc(cv, desc, src, 4));
	for (size_t i = 0; i < n; i++)
		pinfo_add_values(cv, pis, &np, 64, inst[i], true, src);
	/* Descriptions from the text's other scopes. */
	for (size_t k = 0; k < np; k++) {
		for (size_t p = 0; p < cv->props.n; p++) {
			struct prop *pr = cv->props.v[p];

			if (pr->scope && !strcmp(pr->name, pis[k].name)) {
				pis[k].pr = pr;
				pis[k].desc = clean_desc(cv, pr);
				pis[k].line = pr->line;
				if (pr->req == REQ_YES && pis[k].nvalues == n)
					ypush(req, ystr(cv, pr->name, pr->line));
			}
		}
	}
	np = scope_items(cv, pis, np, 64);
	struct propctx pc = { .all = pis, .nall = np };

	for (size_t k = 0; k < np; k++) {
		if (!strcmp(pis[k].name, "compatible")) {
			struct ynode *c = child_compatible(cv, &pis[k], src);

			if (c)
				yset(props, "compatible", c);
			continue;
		}
		yset(props, pis[k].name, prop_schema(cv, &pc, &pis[k], 6 + 2 * depth));
	}
	add_dependencies(cv, props);
	/*
	 * A node that routes its children's interrupts ("mdio { interrupt-parent
	 * = <&switch10>; }") names interrupt-parent: dt-schema 2026.06 allows it
	 * where interrupts does not imply it (2022.08 allows it nowhere).
	 */
	if (cv->c->gen_2026 && !yget(props, "interrupts") && !yget(props, "interrupts-extended"))
		for (size_t i = 0; i < n; i++)
			if (node_prop(inst[i], "interrupt-parent")) {
				yset(props, "interrupt-parent", yraw(cv, "true", src));
				break;
			}
	add_children(cv, s, props, inst, n, scope, src, depth, NULL);
	if (!yempty(props))
		yset(s, "properties", props);
	dedupe_required(req);
	if (yget(s, "patternProperties"))
		ymove_end(s, "patternProperties");
	if (!yempty(req))
		yset(s, "required", req);
	/*
	 * 2022.08 adds status and the other implicit properties only to a
	 * node schema with properties: one its instances give only those
	 * ('usb2-0 { status = "disabled"; }', 6.1's xusb-padctl ports) stays
	 * open, or its examples fail.  2026.06 adds them either way.
	 */
	bool implicit_only = !cv->c->gen_2026 && !yget(s, "properties") &&
			     !yget(s, "patternProperties");

	for (size_t i = 0; implicit_only && i < n; i++) {
		bool any = false;

		for (const struct ditem *c = inst[i]->children; c && !any; c = c->next)
			any = !c->dead && c->kind == DI_PROP;
		implicit_only = any;
	}
	if (!implicit_only)
		yset(s, "additionalProperties", yraw(cv, "false", src));
	return s;
}
