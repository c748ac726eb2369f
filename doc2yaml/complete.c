// SPDX-License-Identifier: BSD-2-Clause
/*
 * complete.c - examples completed from the schema (required properties the example lacks).
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

static long long schema_int(const struct ynode *ps, long long dflt)
{
	const struct ynode *v;

	if (!ps || ps->kind != Y_MAP)
		return dflt;
	if ((v = yget(ps, "const")) && v->kind == Y_RAW)
		return strtoll(v->s, NULL, 0);
	if ((v = yget(ps, "default")) && v->kind == Y_RAW)
		return strtoll(v->s, NULL, 0);
	if ((v = yget(ps, "enum")) && v->first && v->first->kind == Y_RAW)
		return strtoll(v->first->s, NULL, 0);
	if ((v = yget(ps, "minimum")) && v->kind == Y_RAW)
		return strtoll(v->s, NULL, 0);
	return dflt;
}

static unsigned schema_count(const struct ynode *ps)
{
	const struct ynode *v;

	if (!ps || ps->kind != Y_MAP)
		return 1;
	if ((v = yget(ps, "minItems")) && v->kind == Y_RAW)
		return (unsigned)strtoul(v->s, NULL, 10);
	if ((v = yget(ps, "items")) && v->kind == Y_SEQ) {
		unsigned n = 0;

		for (const struct ynode *i = v->first; i; i = i->next)
			n++;
		return n ? n : 1;
	}
	if ((v = yget(ps, "maxItems")) && v->kind == Y_RAW)
		return (unsigned)strtoul(v->s, NULL, 10);	/* maxItems alone: as many */
	return 1;
}

/* "uint32" of "$ref: /schemas/types.yaml#/definitions/uint32". */
static const char *schema_type(const struct ynode *ps)
{
	const struct ynode *r = ps && ps->kind == Y_MAP ? yget(ps, "$ref") : NULL;
	const struct ynode *t = ps && ps->kind == Y_MAP ? yget(ps, "type") : NULL;

	if (t && t->kind == Y_RAW && !strcmp(t->s, "boolean"))
		return "flag";
	if (r && r->kind == Y_STR && strstr(r->s, "types.yaml#/definitions/"))
		return strstr(r->s, "definitions/") + 12;
	return NULL;
}

static const char *label_for(struct conv *cv, const char *prop)
{
	struct strbuf sb;

	sb_init(&sb);
	for (const char *p = prop; *p; p++)
		sb_putc(&sb, is_label_char((unsigned char)*p) ? *p : '_');
	const char *r = cv_strdup(cv, sb_cstr(&sb));

	sb_free(&sb);
	return r;
}

/* A property with no $ref of its own: one the core schemas type as one cell. */
static const char *untyped_sample(struct conv *cv, const char *name, const struct ynode *ps)
{
	static const char *const one_cell[] = {
		"bus-width", "clock-frequency", "reg-io-width", "reg-shift", "num-cs",
		"max-frequency", "current-speed", "ngpios", "dma-channels", "dma-requests",
		"timeout-sec",
	};
	if (fixup_has_unit_suffix(name))
		return cv_printf(cv, "<%lld>", schema_int(ps, 0));
	if (str_in(name, one_cell, ARRAY_SIZE(one_cell)))
		return cv_printf(cv, "<%lld>", schema_int(ps, 1));
	return NULL;
}

/* A value of the right shape for @name under schema @ps, or NULL. */
static const char *sample_value(struct conv *cv, const char *name, const struct ynode *ps,
				const struct ditem *node, bool *flag)
{
	const char *t = schema_type(ps);
	struct strbuf sb;
	const char *r = NULL;

	*flag = false;
	if (!strcmp(name, "reg")) {
		const char *at = strchr(node->name, '@');
		unsigned ac, sc;
		unsigned long long addr;
		char *e;

		if (!at)
			return NULL;
		addr = strtoull(at + 1, &e, 16);
		if (*e)
			return NULL;
		parent_cells(node, &ac, &sc);
		if (ac < 1 || ac > 2 || sc > 2)
			return NULL;
		/* As many ranges as the schema asks for, 4 KiB apart. */
		unsigned n = schema_count(ps);

		sb_init(&sb);
		for (unsigned i = 0; i < n && i < 16; i++, addr += 0x1000) {
			sb_puts(&sb, i ? ", <" : "<");
			if (ac == 2)
				sb_printf(&sb, "0x%llx 0x%llx", addr >> 32, addr & 0xffffffffull);
			else
				sb_printf(&sb, "0x%llx", addr);
			if (sc == 2)
				sb_puts(&sb, " 0x0 0x1000");
			else if (sc == 1)
				sb_puts(&sb, " 0x1000");
			sb_puts(&sb, ">");
		}
		r = cv_strdup(cv, sb_cstr(&sb));
		sb_free(&sb);
		return r;
	}
	if (!strcmp(name, "ranges")) {
		*flag = true;
		return NULL;
	}
	if (!strcmp(name, "interrupts")) {
		unsigned cells = node_int_cells(cv, node), n = schema_count(ps);

		sb_init(&sb);
		for (unsigned i = 0; i < n; i++) {
			sb_puts(&sb, i ? ", <" : "<");
			for (unsigned k = 0; k < (cells ? cells : 1); k++)
				sb_printf(&sb, "%s%u", k ? " " : "", k == 0 ? 10 + i : 0);
			sb_puts(&sb, ">");
		}
		r = cv_strdup(cv, sb_cstr(&sb));
		sb_free(&sb);
		return r;
	}
	if (str_ends_with(name, "-supply"))
		return cv_printf(cv, "<&%s>", label_for(cv, name));
	if (phandle_list_prop(name)) {
		unsigned n = schema_count(ps);
		bool gpio = str_ends_with(name, "gpios") || str_ends_with(name, "-gpio");

		sb_init(&sb);
		for (unsigned i = 0; i < n; i++)
			sb_printf(&sb, "%s<&%s%s%u%s>", i ? ", " : "", gpio ? "gpio" : label_for(cv, name),
				  gpio ? " " : "", gpio ? i : i, gpio ? " 0" : "");
		r = cv_strdup(cv, sb_cstr(&sb));
		sb_free(&sb);
		return r;
	}
	if (names_prop(name)) {
		const struct ynode *c = yget(ps, "const"), *items = yget(ps, "items");

		if (c && c->kind == Y_STR)
			return cv_printf(cv, "\"%s\"", c->s);
		if (!items || items->kind != Y_SEQ)
			return NULL;
		sb_init(&sb);
		unsigned want = schema_count(ps), k = 0;

		for (const struct ynode *i = items->first; i && k < want; i = i->next, k++) {
			const struct ynode *ic = yget(i, "const");

			if (!ic || ic->kind != Y_STR) {
				sb_free(&sb);
				return NULL;
			}
			sb_printf(&sb, "%s\"%s\"", k ? ", " : "", ic->s);
		}
		r = cv_strdup(cv, sb_cstr(&sb));
		sb_free(&sb);
		return r;
	}
	if (name[0] == '#' && str_ends_with(name, "-cells")) {
		const struct ynode *c = yget(ps, "const"), *e = yget(ps, "enum");

		if (!c && e && e->first)
			c = e->first;	/* one of the values the examples show */
		if (c && c->kind == Y_RAW)
			return cv_printf(cv, "<%s>", c->s);
		if (!strcmp(name, "#address-cells"))
			return "<1>";
		if (!strcmp(name, "#size-cells"))
			return "<0>";
		return NULL;
	}
	if (ps && ps->kind == Y_RAW && !strcmp(ps->s, "true")) {
		if (!strcmp(name, "interrupt-controller") || !strcmp(name, "gpio-controller") ||
		    !strcmp(name, "dma-coherent") || !strcmp(name, "msi-controller")) {
			*flag = true;
			return NULL;
		}
		return NULL;
	}
	if (!t)
		return untyped_sample(cv, name, ps);
	if (!strcmp(t, "flag")) {
		*flag = true;
		return NULL;
	}
	if (!strcmp(t, "uint32") || !strcmp(t, "uint32-array") || !strcmp(t, "uint32-matrix"))
		return cv_printf(cv, "<%lld>", schema_int(ps, 0));
	if (!strcmp(t, "uint8") || !strcmp(t, "uint8-array"))
		return cv_printf(cv, "/bits/ 8 <%lld>", schema_int(ps, 0));
	if (!strcmp(t, "uint16") || !strcmp(t, "uint16-array"))
		return cv_printf(cv, "/bits/ 16 <%lld>", schema_int(ps, 0));
	if (!strcmp(t, "uint64") || !strcmp(t, "uint64-array"))
		return cv_printf(cv, "/bits/ 64 <%lld>", schema_int(ps, 0));
	if (!strcmp(t, "phandle"))
		return cv_printf(cv, "<&%s>", label_for(cv, compat_device(name)));
	if (!strcmp(t, "phandle-array"))
		return cv_printf(cv, "<&%s 0>", label_for(cv, compat_device(name)));
	if (!strcmp(t, "string") || !strcmp(t, "string-array")) {
		const struct ynode *e = yget(ps, "enum"), *c = yget(ps, "const");

		if (c && c->kind == Y_STR)
			return cv_printf(cv, "\"%s\"", c->s);
		if (e && e->first && e->first->kind == Y_STR)
			return cv_printf(cv, "\"%s\"", e->first->s);
		return "\"value\"";
	}
	return NULL;
}

/* Required properties the device's example nodes lack, added with sample values. */
/*
 * What the core schemas make a property depend on: clock-output-names
 * needs #clock-cells.  An example node with the one gets the other, when
 * the schema has it, or the example fails dt-schema's own check: <0> for a
 * single output, <1> (an index) for several.
 */
static void complete_dependencies(struct conv *cv, struct ditem *node, const struct ynode *props,
				  struct strbuf *added)
{
	const struct ditem *names = node_prop(node, "clock-output-names");
	const struct ditem *gpio_cells = node_prop(node, "#gpio-cells");
	const char *s[2];
	struct ditem *after = NULL, *p = NULL;

	if (names && !node_prop(node, "#clock-cells") && yget(props, "#clock-cells")) {
		p = mk_prop(cv, "#clock-cells",
			    value_strings(cv, names->value, s, 2) > 1 ? "<1>" : "<0>", node);
		after = (struct ditem *)names;
	} else if (gpio_cells && !node_prop(node, "gpio-controller") &&
		   yget(props, "gpio-controller")) {
		/* dt-schema's gpio.yaml: #gpio-cells needs gpio-controller. */
		p = mk_prop(cv, "gpio-controller", NULL, node);
		after = (struct ditem *)gpio_cells;
	}
	if (!p)
		return;
	p->line = after->line;
	p->next = after->next;
	after->next = p;
	if (added->len)
		sb_puts(added, ", ");
	sb_puts(added, p->name);
}

static void complete_node(struct conv *cv, struct ditem *node, const struct ynode *schema,
			  struct strbuf *added, struct vec *unnamed)
{
	const struct ynode *req = yget(schema, "required");
	const struct ynode *props = yget(schema, "properties");

	complete_dependencies(cv, node, props, added);
	for (const struct ynode *r = req ? req->first : NULL; r; r = r->next) {
		const struct ynode *ps = yget(props, r->s);
		bool flag;

		if (node_prop(node, r->s) || !ps)
			continue;
		if (node_child(node, r->s) || (ps->kind == Y_MAP && (yget(ps, "type") &&
						    !strcmp(yget(ps, "type")->s, "object"))) ||
		    (ps->kind == Y_MAP && yget(ps, "$ref") &&
		     strstr(yget(ps, "$ref")->s, "graph.yaml")))
			continue;	/* a child node: not made up */
		const char *v = sample_value(cv, r->s, ps, node, &flag);

		if (!v && !flag) {
			/* Names no text or example gives ("reg, reg-names: standard way ..."). */
			if (names_prop(r->s) && !yget(ps, "const") && !yget(ps, "items") &&
			    !yget(ps, "enum") && !devnodes_use(cv, r->s))
				vec_push(cv, unnamed, (void *)r->s);
			continue;
		}
		struct ditem *p = mk_prop(cv, r->s, v, node);

		if (!p)
			return;
		p->line = node->line;
		/* After the existing properties. */
		struct ditem **tail = &node->children;

		while (*tail && (*tail)->kind == DI_PROP)
			tail = &(*tail)->next;
		p->next = *tail;
		*tail = p;
		if (added->len)
			sb_puts(added, ", ");
		sb_puts(added, r->s);
	}
}

/* Generic node names (the kernel's list) by bindings directory. */
static const char *generic_node_name(const struct conv *cv, const struct ynode *schema)
{
	static const char *const names[][2] = {
		{ "clock", "clock-controller" }, { "dma", "dma-controller" }, { "gpio", "gpio" },
		{ "i2c", "i2c" }, { "spi", "spi" }, { "pwm", "pwm" }, { "serial", "serial" },
		{ "mmc", "mmc" }, { "net", "ethernet" }, { "phy", "phy" }, { "pinctrl", "pinctrl" },
		{ "rtc", "rtc" }, { "watchdog", "watchdog" }, { "thermal", "thermal-sensor" },
		{ "interrupt-controller", "interrupt-controller" }, { "iommu", "iommu" },
		{ "sound", "audio-codec" }, { "usb", "usb" }, { "media", "video" },
		{ "display", "display" }, { "power", "power-management" },
		{ "reset", "reset-controller" }, { "mailbox", "mailbox" }, { "nvmem", "efuse" },
		{ "input", "input" }, { "leds", "led-controller" }, { "regulator", "regulator" },
		{ "hwmon", "sensor" }, { "iio", "adc" }, { "memory-controllers", "memory-controller" },
		{ "crypto", "crypto" }, { "fpga", "fpga" }, { "mfd", "pmic" },
		{ "timer", "timer" }, { "soc", "soc" }, { "remoteproc", "remoteproc" },
	};
	/* What it provides names it best. */
	static const char *const by_prop[][2] = {
		{ "#phy-cells", "phy" }, { "#clock-cells", "clock-controller" },
		{ "#pwm-cells", "pwm" }, { "#gpio-cells", "gpio" }, { "#dma-cells", "dma-controller" },
		{ "#reset-cells", "reset-controller" }, { "interrupt-controller", "interrupt-controller" },
		{ "#sound-dai-cells", "audio-codec" }, { "#thermal-sensor-cells", "thermal-sensor" },
		{ "#iommu-cells", "iommu" }, { "#mbox-cells", "mailbox" },
		{ "#power-domain-cells", "power-controller" }, { "#io-channel-cells", "adc" },
	};
	const struct ynode *props = schema ? yget(schema, "properties") : NULL;

	for (size_t i = 0; props && i < ARRAY_SIZE(by_prop); i++)
		if (yget(props, by_prop[i][0]))
			return by_prop[i][1];
	/*
	 * "power-controller" is power-domain.yaml's name, which then wants
	 * #power-domain-cells: not for a poweroff or a charger.
	 */
	if (cv->id_rel && starts_with(cv->id_rel, "power/reset/"))
		return "poweroff";
	if (cv->id_rel && starts_with(cv->id_rel, "power/supply/"))
		return "charger";
	for (size_t i = 0; cv->dir_hint && i < ARRAY_SIZE(names); i++)
		if (!strcmp(cv->dir_hint, names[i][0]))
			return names[i][1];
	return "device";
}

/*
 * cpu and PCI bridge nodes say what they are: device_type "cpu"
 * (arm/cpus.yaml requires it), "pci" (pci-bus.yaml; the device's own node
 * is its schema's to say: an endpoint controller has none).
 */
static void add_device_type(struct conv *cv, struct ditem *it, bool ours)
{
	const struct ditem *up = it->parent;
	const char *type = (!up || !strcmp(up->name, "cpus")) && starts_with(it->name, "cpu@") ?
			   "\"cpu\"" :
			   (starts_with(it->name, "pci@") || starts_with(it->name, "pcie@")) && !ours ?
			   "\"pci\"" : NULL;
	struct ditem *dt;

	if (!type || node_prop(it, "device_type") ||
	    !(dt = mk_prop(cv, "device_type", type, it)))
		return;
	dt->line = it->line;
	dt->next = it->children;
	it->children = dt;
}

/*
 * A node with a unit address and no reg, which dtc warns of and the core
 * schemas reject ("port@0 { endpoint@0 { remote-endpoint = ...; }; }",
 * ptp-ines's "ethernet-phy@3 { timestamper = ...; }"), gets the reg its
 * name says, and its parent the cells for it: a graph node, a PHY on an
 * MDIO bus, or any node whose parent says one address cell and no size.
 */
static void add_unit_reg(struct conv *cv, struct ditem *it)
{
	const char *at = strchr(it->name, '@');
	char *end;
	unsigned long unit;
	unsigned ac, sc;

	if (!at || node_prop(it, "reg") || !at[1] || !it->parent || it->parent->name[0] == '&')
		return;
	parent_cells(it, &ac, &sc);
	if (!starts_with(it->name, "port@") && !starts_with(it->name, "endpoint@") &&
	    !starts_with(it->name, "ethernet-phy@") &&
	    !(node_prop(it->parent, "#address-cells") && node_prop(it->parent, "#size-cells") &&
	      ac == 1 && sc == 0))
		return;
	unit = strtoul(at + 1, &end, 16);
	if (*end || unit > 0xffff)
		return;
	struct ditem *r = mk_prop(cv, "reg", unit < 10 ? cv_printf(cv, "<%lu>", unit) :
				  cv_printf(cv, "<0x%lx>", unit), it);

	if (!r)
		return;
	/* After the compatible, as the kernel's examples write it. */
	struct ditem **at_link = &it->children;
	struct ditem *cp = (struct ditem *)node_prop(it, "compatible");

	if (cp)
		at_link = &cp->next;
	r->line = cp ? cp->line : it->line;
	r->next = *at_link;
	*at_link = r;
	add_cells(cv, it->parent, 1, 0);
}

/*
 * The modes of a display-timings node are "timing*" (display-timings.yaml's
 * pattern): the texts' "800x480" become "timing0", "timing1"..., as the
 * kernel's conversions renamed them; their labels stay, and native-mode
 * with them.
 */
static void name_timings(struct conv *cv, struct ditem *timings)
{
	unsigned k = 0;

	for (struct ditem *c = timings->children; c; c = c->next) {
		if (c->dead || c->kind != DI_NODE || starts_with(c->name, "timing"))
			continue;
		const char *name;
		bool taken;

		do {
			name = cv_printf(cv, "timing%u", k++);
			taken = name && node_child(timings, name);
		} while (taken && k < 1000);
		if (name && !taken)
			c->name = name;
	}
}

/*
 * What the nodes of the examples are, said as the kernel's conversions say
 * it, before the schema's child patterns are made from their names: a node
 * whose compatible another binding owns with its name fixed is named so
 * (usb-hcd.yaml's "^usb(@.*)?" for an EHCI or OHCI, omap-usb-host's
 * "ohci@4a064800"; serial.yaml's for an 8250); an MDIO bus's "phy@1" is
 * "ethernet-phy@1" (a plain "phy" is a PHY provider's); cpu and PCI nodes
 * get their device_type, nodes with a unit address their reg.  The examples fail their
 * schemas otherwise.
 */
static void fix_node_kinds(struct conv *cv, struct ditem *it, unsigned depth)
{
	static const struct { const char *compatible, *name; } fixed[] = {
		{ "generic-ehci", "usb" }, { "usb-ehci", "usb" }, { "generic-ohci", "usb" },
		{ "usb-ohci", "usb" }, { "generic-xhci", "usb" }, { "ns16550a", "serial" },
		{ "ns16550", "serial" }, { "ns8250", "serial" }, { "snps,dw-apb-uart", "serial" },
	};
	static const struct { const char *schema, *name; } by_doc[] = {
		{ "usb/generic-ehci.yaml", "usb" }, { "usb/generic-ohci.yaml", "usb" },
		{ "usb/generic-xhci.yaml", "usb" }, { "serial/8250.yaml", "serial" },
	};

	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead || it->kind != DI_NODE)
			continue;
		const struct ditem *cp = node_prop(it, "compatible");
		const char *v[8];
		size_t nv = cp && cp->value ? value_strings(cv, cp->value, v, 8) : 0;
		bool ours = nv && v[0] && our_compatible(cv, v[0]);
		const char *to = NULL;

		for (size_t j = 0; j < nv && !to; j++)
			for (size_t f = 0; f < ARRAY_SIZE(fixed) && v[j]; f++)
				if (!strcmp(v[j], fixed[f].compatible))
					to = fixed[f].name;
		/* Or by the tree's schema of it (7.2's "ti,ohci-omap3" alone: generic-ohci.yaml). */
		const char *doc = !to && nv && v[0] && cv->root ? documented_elsewhere(cv, v[0]) : NULL;

		for (size_t f = 0; doc && *doc && f < ARRAY_SIZE(by_doc); f++)
			if (!strcmp(doc, by_doc[f].schema))
				to = by_doc[f].name;
		if (to && it->name[0] != '&' && nv && !ours) {
			const char *at = strchr(it->name, '@');
			size_t bl = at ? (size_t)(at - it->name) : strlen(it->name);

			if (bl != strlen(to) || strncmp(it->name, to, bl))
				it->name = cv_printf(cv, "%s%s", to, at ? at : "");
		}
		if (it->parent && (!nv || (v[0] && starts_with(v[0], "ethernet-phy-"))) &&
		    starts_with(it->parent->name, "mdio") && starts_with(it->name, "phy@"))
			it->name = cv_printf(cv, "ethernet-%s", it->name);
		add_device_type(cv, it, ours);
		add_unit_reg(cv, it);
		/* A GPIO hog is named "*-hog" (gpio-hog.yaml's; nsp-gpio's "pwr"). */
		if (node_prop(it, "gpio-hog") && it->name[0] != '&' && !strchr(it->name, '@') &&
		    !str_ends_with(it->name, "-hog") && !starts_with(it->name, "hog-"))
			it->name = cv_printf(cv, "%s-hog", it->name);
		/* "linux,phandle", the old spelling of phandle: dtc writes that itself. */
		for (struct ditem *c = it->children; c; c = c->next)
			if (c->kind == DI_PROP && !strcmp(c->name, "linux,phandle"))
				c->dead = true;
		if (!strcmp(it->name, "display-timings"))
			name_timings(cv, it);
		fix_node_kinds(cv, it->children, depth + 1);
	}
}

/* Is @base a chip's name, one of @node's compatibles' device part ("rt5668" of "realtek,rt5668b")? */
static bool chip_named(struct conv *cv, const char *base, const struct ditem *node)
{
	const struct ditem *cp = node_prop(node, "compatible");
	const char *v[8];
	size_t nv = cp && cp->value ? value_strings(cv, cp->value, v, 8) : 0, bl = strlen(base);

	if (bl < 4 || !strpbrk(base, "0123456789"))
		return false;
	for (size_t i = 0; i < nv; i++) {
		const char *dev = v[i] ? strchr(v[i], ',') : NULL;

		if (dev && (starts_with(dev + 1, base) || (strlen(dev + 1) >= 4 &&
							   starts_with(base, dev + 1))))
			return true;
	}
	return false;
}

/*
 * The generic name of a device node of ours named after its chip, by the
 * binding's directory and what the node is, as the kernel's conversions
 * rename "cs4270@48" to "codec@48" (55 of 6.12's sound/ examples say
 * "codec@", 20 "audio-codec@"); NULL when no name is sure.
 */
static const char *generic_device_name(const struct conv *cv, const struct ditem *node)
{
	static const struct {
		const char *dir, *name, *needs;	/* needs: a property or child the node has */
		bool on_bus;			/* only under an i2c or spi bus */
	} names[] = {
		{ "sound/", "codec", NULL, true },
		{ "leds/", "led-controller", NULL, false },
		{ "rtc/", "rtc", NULL, false },
		{ "watchdog/", "watchdog", NULL, false },
		{ "input/touchscreen/", "touchscreen", NULL, false },
		{ "iio/adc/", "adc", NULL, false },
		{ "iio/dac/", "dac", NULL, false },
		{ "regulator/", "pmic", "regulators", true },
		{ "mfd/", "pmic", "regulators", true },
		{ "regulator/", "regulator", NULL, true },
		{ "pwm/", "pwm", "#pwm-cells", false },
	};
	const char *rel = cv->id_rel ? cv->id_rel : "";
	bool on_bus = node->parent && (starts_with(node->parent->name, "i2c") ||
				       starts_with(node->parent->name, "spi"));

	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		if (!starts_with(rel, names[i].dir) || (names[i].on_bus && !on_bus))
			continue;
		if (names[i].needs && !node_prop(node, names[i].needs) &&
		    !node_child(node, names[i].needs))
			continue;
		/* Regulators as children of their own ("dcdc1", "ldo2"): a PMIC's. */
		if (!strcmp(names[i].name, "regulator")) {
			unsigned kids = 0;

			for (const struct ditem *c = node->children; c; c = c->next)
				kids += c->kind == DI_NODE && !c->dead;
			if (kids >= 2)
				return "pmic";
		}
		return names[i].name;
	}
	return NULL;
}

/* Our device nodes named after their chip get the generic name of their kind. */
static void generic_device_names(struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *node = cv->devnodes.v[d];
		const char *at = node->name ? strchr(node->name, '@') : NULL;
		char *base = node->name ? cv_strndup(cv, node->name, at ? (size_t)(at - node->name) :
						     strlen(node->name)) : NULL;
		const char *to = base && node->name[0] != '&' && chip_named(cv, base, node) ?
				 generic_device_name(cv, node) : NULL;

		if (!to)
			continue;
		const char *name = cv_printf(cv, "%s%s", to, at ? at : "");

		/* Not onto a sibling's name (the node's own is its chip's, not @to's). */
		if (name && !(node->parent && node_child(node->parent, name)))
			node->name = name;
	}
}

void fix_example_node_kinds(struct conv *cv)
{
	for (size_t e = 0; e < cv->examples.n; e++)
		fix_node_kinds(cv, ((struct example *)cv->examples.v[e])->top, 0);
	generic_device_names(cv);
}

/* Is @name in the required list of @schema (nvmem.yaml's cells a text requires)? */
static bool schema_requires(const struct ynode *schema, const char *name)
{
	const struct ynode *req = yget(schema, "required");

	for (const struct ynode *r = req ? req->first : NULL; r; r = r->next)
		if (r->s && !strcmp(r->s, name))
			return true;
	return false;
}

/* The text has no example: one from the schema, its node returned (NULL when none could be made). */
static const struct ditem *example_from_schema(struct conv *cv, struct ynode *schema)
{
	struct example *ex = cv_alloc(cv, sizeof(*ex));
	struct chain *ch = cv->chains.v[0];
	bool has_reg = schema_requires(schema, "reg");

	if (!ex)
		return NULL;
	bool cpu = yget(yget(schema, "properties"), "device_type") && cpu_binding(cv);
	bool bus = has_reg && (cv->is_i2c || cv->is_spi) && !cpu;
	struct ditem *parent = NULL;

	if (bus || cpu) {
		parent = mk_node(cv, cpu ? "cpus" : cv->is_spi && !cv->is_i2c ? "spi" : "i2c",
				 NULL);
		if (!parent)
			return NULL;
		add_cells(cv, parent, 1, 0);
	}
	const char *unit = !has_reg ? "" : cpu ? "@0" :
			   bus ? (cv->is_spi && !cv->is_i2c ? "@0" : "@10") : "@10000000";
	struct ditem *n = mk_node(cv, cv_printf(cv, "%s%s",
						cpu ? "cpu" : generic_node_name(cv, schema), unit),
				  parent);

	if (!n)
		return NULL;
	if (cpu) {
		n->children = mk_prop(cv, "device_type", "\"cpu\"", n);
		if (n->children)
			n->children->line = cv->compat_line;
	}
	struct strbuf cs;

	sb_init(&cs);
	for (size_t i = 0; i < ch->n; i++)
		sb_printf(&cs, "%s\"%s\"", i ? ", " : "", ch->s[i]);
	struct ditem *c = mk_prop(cv, "compatible", cv_strdup(cv, sb_cstr(&cs)), n);

	sb_free(&cs);
	if (n->children)
		n->children->next = c;
	else
		n->children = c;
	n->line = cv->compat_line;
	if (c)
		c->line = cv->compat_line;
	if (parent) {
		append_item(&parent->children, n);
		parent->line = cv->compat_line;
		ex->top = parent;
	} else {
		ex->top = n;
	}
	ex->line = cv->compat_line ? cv->compat_line : 1;
	ex->keep = true;
	vec_push(cv, &cv->examples, ex);
	vec_push(cv, &cv->devnodes, n);
	finding(cv, DTBIND_WARNING, ex->line, 1, "doc2yaml-example",
		"the text has no example; one was written from the schema");
	return n;
}

/* device_type = "pci" after @n's last property (a DTS puts properties before nodes). */
static void add_device_type_pci(struct conv *cv, struct ditem *n)
{
	struct ditem *p = mk_prop(cv, "device_type", "\"pci\"", n), **link = &n->children;

	if (!p)
		return;
	for (struct ditem **l = &n->children; *l; l = &(*l)->next)
		if ((*l)->kind == DI_PROP)
			link = &(*l)->next;
	p->next = *link;
	*link = p;
	finding(cv, DTBIND_WARNING, n->line, 1, "doc2yaml-example",
		"example node '%s' lacks device_type = \"pci\", which a PCI host bridge has "
		"(pci-host-bridge.yaml): added", n->name);
}

/*
 * Required names lists (@names) that neither the text nor an example spells
 * out: no example can be completed with them, and the kernel's conversions
 * leave such lists optional (st-asc's "reg, reg-names, interrupts,
 * interrupt-names: standard way to define device resources").
 */
static void unrequire_unnamed(struct conv *cv, struct ynode *schema, const struct vec *names)
{
	struct ynode *req = yget(schema, "required");

	for (size_t k = 0; req && k < names->n; k++) {
		const char *name = names->v[k];
		bool listed = false;

		for (const struct ynode *r = req->first; r && !listed; r = r->next)
			listed = r->s && !strcmp(r->s, name);
		if (!listed)
			continue;	/* another example node lacked it too */
		yremove(req, NULL, name);
		finding(cv, DTBIND_WARNING, cv->compat_line ? cv->compat_line : 1, 1,
			"doc2yaml-required", "'%s' is required by the text, which gives no names "
			"for it (nor do the examples): left optional", name);
	}
}

void complete_examples(struct conv *cv, struct ynode *schema)
{
	struct strbuf added;
	bool any = false;
	const struct ditem *made = NULL;	/* the node written from the schema */

	for (size_t e = 0; e < cv->examples.n; e++)
		if (((struct example *)cv->examples.v[e])->keep)
			any = true;
	if (!any && cv->chains.n && !cv->root_binding)
		made = example_from_schema(cv, schema);
	struct vec unnamed = { 0 };

	sb_init(&added);
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *n = cv->devnodes.v[d];
		size_t before = added.len;

		complete_node(cv, n, schema, &added, &unnamed);
		if (added.len > before && n != made)
			finding(cv, DTBIND_WARNING, n->line, 1, "doc2yaml-example",
				"example node '%s' lacks required properties; added with sample "
				"values: %s", n->name, added.buf + before + (before ? 2 : 0));
	}
	sb_free(&added);
	unrequire_unnamed(cv, schema, &unnamed);
	/* #address-cells/#size-cells a node without addressed children does not need. */
	const struct ynode *props = yget(schema, "properties");

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *n = cv->devnodes.v[d];

		/* pci-host-bridge.yaml requires it: without it none of its properties count. */
		if (cv->refs[CS_PCI_HOST] && n->name[0] != '&' && !node_prop(n, "device_type"))
			add_device_type_pci(cv, n);
		/* device_type is deprecated outside cpus, memory and PCI bridges. */
		for (struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_PROP && !strcmp(c->name, "device_type") &&
			    !yget(props, "device_type") && !cv->refs[CS_PCI_HOST] && c->value &&
			    strcmp(c->value, "\"cpu\"") && strcmp(c->value, "\"memory\"") &&
			    strcmp(c->value, "\"pci\""))
				c->dead = true;
		/* Common schemas fix the node name ("pwm@...", "rtc@..."). */
		static const struct { int cs; const char *name; } gen[] = {
			{ CS_PWM, "pwm" }, { CS_RTC, "rtc" }, { CS_SPI_CONTROLLER, "spi" },
			{ CS_WATCHDOG, "watchdog" }, { CS_MMC, "mmc" }, { CS_SERIAL, "serial" },
			{ CS_DMA_CONTROLLER, "dma-controller" }, { CS_I2C_CONTROLLER, "i2c" },
			{ CS_ETHERNET, "ethernet" }, { CS_NVMEM, "efuse" }, { CS_USB_HCD, "usb" }, { CS_USB_XHCI, "usb" },
			{ CS_PCI_HOST, "pcie" }, { CS_PINCTRL, "pinctrl" }, { CS_DSI_CONTROLLER, "dsi" },
			{ CS_SLIMBUS, "slim" },
		};
		for (size_t g = 0; g < ARRAY_SIZE(gen); g++) {
			if (!cv->refs[gen[g].cs] || n->name[0] == '&')
				continue;
			const char *at = strchr(n->name, '@');
			size_t bl = at ? (size_t)(at - n->name) : strlen(n->name);

			if (bl == strlen(gen[g].name) && !strncmp(n->name, gen[g].name, bl))
				break;
			if (gen[g].cs == CS_NVMEM && (!strncmp(n->name, "eeprom", bl) ||
						      !strncmp(n->name, "nvram", bl)))
				break;
			if (gen[g].cs == CS_PCI_HOST && bl == 3 && !strncmp(n->name, "pci", 3))
				break;
			if (gen[g].cs == CS_PINCTRL && bl == 6 && !strncmp(n->name, "pinmux", 6))
				break;
			n->name = cv_printf(cv, "%s%s", gen[g].name, at ? at : "");
			break;
		}
		/* A remote control receiver: rc.yaml's "^ir(-receiver)?(@...)?$" ("cir@1001"). */
		for (size_t x = 0; x < cv->nxrefs && n->name[0] != '&'; x++) {
			const char *at = strchr(n->name, '@');
			size_t bl = at ? (size_t)(at - n->name) : strlen(n->name);

			if (!strcmp(cv->xrefs[x], "media/rc.yaml") &&
			    !(bl == 2 && !strncmp(n->name, "ir", 2)) &&
			    !(bl == 11 && !strncmp(n->name, "ir-receiver", 11)))
				n->name = cv_printf(cv, "ir%s", at ? at : "");
		}
		const char *xn = n->name[0] != '&' ? xref_node_name(cv, n->name) : NULL;
		const char *at = strchr(n->name, '@');

		if (xn)
			n->name = cv_printf(cv, "%s%s", xn, at ? at : "");
	}

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *n = cv->devnodes.v[d];
		bool units = false;

		for (const struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_NODE && strchr(c->name, '@'))
				units = true;
		if (units || cv->refs[CS_PCI_HOST])
			continue;	/* a PCI host's 3 and 2 cells are its bus's, children or not */
		for (struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_PROP && (!strcmp(c->name, "#address-cells") ||
							       !strcmp(c->name, "#size-cells")) &&
			    !yget(props, c->name) && !refs_define(cv, c->name) &&
			    !schema_requires(schema, c->name))
				c->dead = true;
	}
}
