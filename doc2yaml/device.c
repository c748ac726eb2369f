// SPDX-License-Identifier: BSD-2-Clause
/*
 * device.c - the device node's schema: compatible, common schema $refs, required.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* ------------------------------------------------------------------ */
/* Schema: the device node                                             */

static struct ynode *compat_schema(struct conv *cv)
{
	unsigned src = cv->compat_line;
	struct ynode *entries = yseq(cv, src);
	struct ynode *singles = yseq(cv, src);
	size_t nsingles = 0;
	const char *first_single = NULL;

	for (size_t i = 0; i < cv->chains.n; i++) {
		struct chain *ch = cv->chains.v[i];

		if (ch->n == 1 && !ch->deprecated) {
			struct ynode *it = ystr(cv, ch->s[0], ch->line);

			if (it && ch->desc && *ch->desc) {
				char *cm = cv_strdup(cv, ch->desc);

				/* One line, no tabs. */
				for (char *q = cm; q && *q; q++)
					if (*q == '\t' || *q == '\n')
						*q = ' ';
				it->comment = cm;
			}
			ypush(singles, it);
			if (!nsingles++)
				first_single = ch->s[0];
		}
	}
	if (nsingles == 1) {
		struct ynode *e = ymap(cv, src);

		yset(e, "const", ystr(cv, first_single, src));
		ypush(entries, e);
	} else if (nsingles > 1) {
		struct ynode *e = ymap(cv, src);

		yset(e, "enum", singles);
		ypush(entries, e);
	}
	/* Chains grouped by their fallbacks: items: [enum of firsts, const fallback...]. */
	bool *done = cv_alloc(cv, (cv->chains.n + 1) * sizeof(*done));

	for (size_t i = 0; done && i < cv->chains.n; i++) {
		struct chain *ch = cv->chains.v[i];

		if (done[i] || ch->n < 2)
			continue;
		struct ynode *firsts = yseq(cv, ch->line);
		size_t nf = 0;

		for (size_t j = i; j < cv->chains.n; j++) {
			struct chain *o = cv->chains.v[j];
			bool same = !done[j] && o->n == ch->n && o->deprecated == ch->deprecated;

			for (size_t k = 1; same && k < ch->n; k++)
				if (strcmp(o->s[k], ch->s[k]))
					same = false;
			if (!same)
				continue;
			done[j] = true;
			ypush(firsts, ystr(cv, o->s[0], o->line));
			nf++;
		}
		struct ynode *e = ymap(cv, ch->line), *items = yseq(cv, ch->line);
		struct ynode *f0 = ymap(cv, ch->line);

		if (nf == 1)
			yset(f0, "const", ystr(cv, ch->s[0], ch->line));
		else
			yset(f0, "enum", firsts);
		ypush(items, f0);
		for (size_t k = 1; k < ch->n; k++) {
			struct ynode *c = ymap(cv, ch->line);

			yset(c, "const", ystr(cv, ch->s[k], ch->line));
			ypush(items, c);
		}
		yset(e, "items", items);
		if (ch->deprecated)
			yset(e, "deprecated", yraw(cv, "true", ch->line));
		ypush(entries, e);
	}
	for (size_t i = 0; i < cv->chains.n; i++) {
		struct chain *ch = cv->chains.v[i];

		if (ch->n == 1 && ch->deprecated) {
			struct ynode *e = ymap(cv, ch->line);

			yset(e, "const", ystr(cv, ch->s[0], ch->line));
			yset(e, "deprecated", yraw(cv, "true", ch->line));
			ypush(entries, e);
		}
	}
	if (!entries || !entries->first)
		return NULL;
	if (!entries->first->next)
		return entries->first;
	struct ynode *s = ymap(cv, src);

	yset(s, "oneOf", entries);
	return s;
}

/* Is @rel in the bindings tree (true without one: a recent tree is assumed)? */
bool root_has(const struct conv *cv, const char *rel)
{
	char *p;
	struct stat st;
	bool ok;

	if (!cv->root || core_schema_path(cv->c->opts.gen, rel))
		return true;	/* assume a recent tree; dt-schema's own are always there */
	if (asprintf(&p, "%s/%s", cv->root, rel) < 0)
		return false;
	ok = stat(p, &st) == 0;
	free(p);
	return ok;
}

/* Properties a referenced common schema brings (not repeated from the examples). */
static bool covered_by_refs(const bool *refs, const char *name)
{
	static const char *const mmc[] = {
		"bus-width", "non-removable", "broken-cd", "cd-gpios", "wp-gpios", "max-frequency",
		"vmmc-supply", "vqmmc-supply", "keep-power-in-suspend", "disable-wp", "cd-inverted",
		"wp-inverted", "post-power-on-delay-ms", "mmc-pwrseq", "full-pwr-cycle",
		"#address-cells", "#size-cells", "dsr", "no-sd", "no-sdio", "no-mmc",
	};
	static const char *const eth[] = {
		"phy-mode", "phy-handle", "phy-connection-type", "local-mac-address", "mac-address",
		"max-speed", "max-frame-size", "fixed-link", "managed", "phy", "phy-device",
		"pcs-handle", "sfp", "label", "nvmem-cells", "nvmem-cell-names", "rx-fifo-depth",
		"tx-fifo-depth", "rx-internal-delay-ps", "tx-internal-delay-ps",
	};
	static const char *const serial[] = {
		"uart-has-rtscts", "rts-gpios", "cts-gpios", "dtr-gpios", "dsr-gpios", "dcd-gpios",
		"rng-gpios", "current-speed", "rs485-rts-delay", "linux,rs485-enabled-at-boot-time",
	};

	/* The modes spi-controller.yaml gives its children: the device lists them ("spi-cpha: true"). */
	if (refs[CS_SPI_PERIPHERAL] && starts_with(name, "spi-") && strcmp(name, "spi-cpha") &&
	    strcmp(name, "spi-cpol") && strcmp(name, "spi-3wire"))
		return true;
	if (refs[CS_DAI_COMMON] && !strcmp(name, "sound-name-prefix"))
		return true;
	if (refs[CS_TOUCHSCREEN] && starts_with(name, "touchscreen-"))
		return true;
	if (refs[CS_REGULATOR] && starts_with(name, "regulator-"))
		return true;
	if (refs[CS_INPUT] && (!strcmp(name, "linux,code") || !strcmp(name, "linux,keycodes") ||
			       !strcmp(name, "linux,input-type") || !strcmp(name, "autorepeat") ||
			       !strcmp(name, "poll-interval")))
		return true;
	if (refs[CS_MSI_CONTROLLER] && !strcmp(name, "msi-controller"))
		return true;
	if (refs[CS_MMC]) {
		if (starts_with(name, "cap-") || starts_with(name, "mmc-") ||
		    starts_with(name, "sd-uhs-"))
			return true;
		if (str_in(name, mmc, ARRAY_SIZE(mmc)))
			return true;
	}
	if (refs[CS_ETHERNET])
		if (str_in(name, eth, ARRAY_SIZE(eth)))
			return true;
	if (refs[CS_SERIAL])
		if (str_in(name, serial, ARRAY_SIZE(serial)))
			return true;
	if (refs[CS_QCOM_TLMM] && (!strcmp(name, "interrupt-controller") ||
				   !strcmp(name, "#interrupt-cells") || !strcmp(name, "gpio-controller") ||
				   !strcmp(name, "#gpio-cells") || !strcmp(name, "gpio-ranges") ||
				   !strcmp(name, "wakeup-parent")))
		return true;
	if (refs[CS_DSI_CONTROLLER] && (!strcmp(name, "#address-cells") ||
					!strcmp(name, "#size-cells") || !strcmp(name, "clock-master")))
		return true;
	if ((refs[CS_SPI_CONTROLLER] || refs[CS_I2C_CONTROLLER]) &&
	    (!strcmp(name, "#address-cells") || !strcmp(name, "#size-cells") ||
	     !strcmp(name, "cs-gpios") || !strcmp(name, "num-cs") ||
	     !strcmp(name, "clock-frequency") || starts_with(name, "i2c-")))
		return true;
	if (refs[CS_DMA_CONTROLLER] && (!strcmp(name, "dma-channels") ||
					!strcmp(name, "dma-requests") ||
					!strcmp(name, "dma-channel-mask")))
		return true;
	if (refs[CS_RTC] && (!strcmp(name, "start-year") || starts_with(name, "trickle-") ||
			     !strcmp(name, "quartz-load-femtofarads")))
		return true;
	if (refs[CS_WATCHDOG] && !strcmp(name, "timeout-sec"))
		return true;
	if (refs[CS_USB_XHCI] && (!strcmp(name, "usb2-lpm-disable") ||
				  !strcmp(name, "usb3-lpm-capable") ||
				  !strcmp(name, "quirk-broken-port-ped") ||
				  !strcmp(name, "imod-interval-ns")))
		return true;
	if ((refs[CS_USB_XHCI] || refs[CS_USB_HCD]) &&
	    (!strcmp(name, "companion") || !strcmp(name, "tpl-support")))
		return true;
	if (refs[CS_PCI_HOST] && (!strcmp(name, "device_type") || !strcmp(name, "bus-range") ||
				  !strcmp(name, "#address-cells") || !strcmp(name, "#size-cells") ||
				  !strcmp(name, "linux,pci-domain") || !strcmp(name, "msi-map") ||
				  !strcmp(name, "max-link-speed") || !strcmp(name, "dma-ranges")))
		return true;
	if (refs[CS_SOUND_CARD] && !strcmp(name, "ignore-suspend-widgets"))
		return true;
	if (refs[CS_NVMEM] && (!strcmp(name, "read-only") || !strcmp(name, "#address-cells") ||
			       !strcmp(name, "#size-cells")))
		return true;
	return false;
}

/*
 * Names a referenced common schema defines that kernel schemas list all the
 * same: of the 6.12 schemas (held and heldx aside) referencing it that use
 * the name, two thirds or more list it (i2c clock-frequency 34 of 39,
 * dma-channels 16 of 18, sound-name-prefix 18 of 23, linux,keycodes 12 of
 * 13, start-year 9 of 10, mac-address 9 of 12).  An item of the text naming
 * one stays a property.  Not touchscreen-* (21 of 26) nor num-cs (8 of 12):
 * on dev and tune the texts listing them were the other kind (4 files lost).
 */
static bool listed_though_covered(const bool *refs, const char *name)
{
	static const char *const eth[] = {
		"mac-address", "nvmem-cells", "nvmem-cell-names", "pcs-handle",
	};
	static const char *const other[] = {
		"dma-channels", "dma-channel-mask", "rts-gpios", "cts-gpios", "current-speed",
		"start-year", "trickle-resistor-ohms", "read-only", "linux,keycodes",
		"poll-interval", "sound-name-prefix",
	};

	if ((refs[CS_I2C_CONTROLLER] && !strcmp(name, "clock-frequency")) ||
	    (refs[CS_ETHERNET] && str_in(name, eth, ARRAY_SIZE(eth))))
		return true;
	return str_in(name, other, ARRAY_SIZE(other));
}

/* What the meta-schema requires along with what we have. */
void add_dependencies(struct conv *cv, struct ynode *props)
{
	static const char *const deps[][2] = {
		{ "clock-output-names", "#clock-cells" }, { "clock-indices", "#clock-cells" },
		{ "clock-names", "clocks" }, { "#size-cells", "#address-cells" },
		{ "reg-names", "reg" }, { "memory-region-names", "memory-region" },
		{ "dma-names", "dmas" }, { "gpio-controller", "#gpio-cells" },
		{ "#gpio-cells", "gpio-controller" }, { "gpio-ranges", "gpio-controller" },
		{ "ngpios", "gpio-controller" }, { "hwlock-names", "hwlocks" },
		{ "io-channel-names", "io-channels" }, { "interrupt-map", "#interrupt-cells" },
		{ "interrupt-map-mask", "interrupt-map" },
		{ "#interrupt-cells", "interrupt-controller" }, { "reset-names", "resets" },
		{ "phy-names", "phys" }, { "pwm-names", "pwms" }, { "mbox-names", "mboxes" },
		{ "interrupt-names", "interrupts" }, { "assigned-clocks", "clocks" },
		{ "clock-ranges", "clocks" },
	};
	for (size_t i = 0; i < 2 * ARRAY_SIZE(deps); i++) {
		const char *const *d = deps[i % ARRAY_SIZE(deps)];
		const struct ynode *have = yget(props, d[0]);

		if (!have || yget(props, d[1]))
			continue;
		if (!strcmp(d[1], "interrupt-controller") && yget(props, "interrupt-map"))
			continue;
		/* A bridge's cells are for its interrupt-map (the meta-schema wants either listed). */
		const char *need = d[1];

		if (!strcmp(need, "interrupt-controller") &&
		    ref_schemas_define(cv, cv->refs, "interrupt-map"))
			need = "interrupt-map";
		yset(props, need, yraw(cv, "true", have->src));
	}
}

/* Remove repeated names from a "required" list. */
void dedupe_required(struct ynode *req)
{
	for (struct ynode *a = req ? req->first : NULL; a; a = a->next) {
		for (struct ynode **pp = &a->next; *pp;) {
			if ((*pp)->s && a->s && !strcmp((*pp)->s, a->s))
				*pp = (*pp)->next;
			else
				pp = &(*pp)->next;
		}
	}
	if (req) {
		req->last = NULL;
		for (struct ynode *x = req->first; x; x = x->next)
			req->last = x;
	}
}

/*
 * Names a schema the text refers to (cv->xrefs, not one of ours) defines,
 * that the 6.12 schemas referencing it (held and heldx aside) do not list:
 * nand-controller.yaml's cells (17 of 18 schemas neither list nor require
 * them, nor the NAND chip's nand-* that old texts list at the controller),
 * fpga-bridge.yaml's bridge-enable (0 of 2), mdio-mux.yaml's
 * mdio-parent-bus and cells (0 of 5 and 0 of 7).  Required by it too:
 * dropped from the device's properties and from its required list.
 */
static bool xref_covers(const struct conv *cv, const char *name)
{
	static const struct {
		const char *path, *names[3], *prefix;
	} defs[] = {
		{ "mtd/nand-controller.yaml", { "#address-cells", "#size-cells" }, "nand-" },
		{ "fpga/fpga-bridge.yaml", { "bridge-enable" }, NULL },
		{ "net/mdio-mux.yaml", { "mdio-parent-bus", "#address-cells", "#size-cells" }, NULL },
	};

	for (size_t k = 0; k < cv->nxrefs; k++) {
		for (size_t i = 0; i < ARRAY_SIZE(defs); i++) {
			if (strcmp(cv->xrefs[k], defs[i].path))
				continue;
			for (size_t j = 0; j < ARRAY_SIZE(defs[i].names) && defs[i].names[j]; j++)
				if (!strcmp(name, defs[i].names[j]))
					return true;
			if (defs[i].prefix && starts_with(name, defs[i].prefix))
				return true;
		}
	}
	return false;
}

/* Properties a referenced common schema requires itself. */
static bool required_by_refs(const bool *refs, const char *name)
{
	return (refs[CS_PWM] && !strcmp(name, "#pwm-cells")) ||
	       (refs[CS_THERMAL_SENSOR] && !strcmp(name, "#thermal-sensor-cells")) ||
	       (refs[CS_QCOM_TLMM] && (!strcmp(name, "interrupts") ||
				       !strcmp(name, "interrupt-controller") ||
				       !strcmp(name, "#interrupt-cells") ||
				       !strcmp(name, "gpio-controller") ||
				       !strcmp(name, "#gpio-cells") || !strcmp(name, "gpio-ranges"))) ||
	       (refs[CS_DSI_CONTROLLER] && (!strcmp(name, "#address-cells") ||
					    !strcmp(name, "#size-cells"))) ||
	       ((refs[CS_SPI_CONTROLLER] || refs[CS_I2C_CONTROLLER]) &&
		(!strcmp(name, "#address-cells") || !strcmp(name, "#size-cells"))) ||
	       /* pci-bus-common.yaml's: 22 of 25 6.12 host bridge schemas do not repeat them */
	       (refs[CS_PCI_HOST] && (!strcmp(name, "device_type") ||
				      !strcmp(name, "#address-cells") || !strcmp(name, "#size-cells")));
}

/*
 * A name a schema the text refers to defines though the device's own
 * properties leave it out: the example keeps it (nand-controller.yaml
 * requires the cells a chip-less example has no other use for; the common
 * controller schemas of cv->refs do not require theirs).
 */
bool refs_define(const struct conv *cv, const char *name)
{
	return xref_covers(cv, name);
}

/* Is @name a child node of the device in some example? */
bool devnode_child(const struct conv *cv, const char *name)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *n = cv->devnodes.v[d];

		for (const struct ditem *c = n->children; c; c = c->next) {
			if (c->dead || c->kind != DI_NODE)
				continue;
			const char *at = strchr(c->name, '@');
			size_t len = at ? (size_t)(at - c->name) : strlen(c->name);

			if (strlen(name) == len && !strncmp(c->name, name, len))
				return true;
		}
	}
	return false;
}


/* Do the device's nodes have children with unit addresses (that need #address-cells)? */
static bool unit_children(const struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *n = cv->devnodes.v[d];

		for (const struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_NODE && strchr(c->name, '@'))
				return true;
	}
	return false;
}

/* Sound codecs are DAI providers. */
static bool is_codec(const struct conv *cv)
{
	const char *t = cv->title ? cv->title : "";

	if (!cv->dir_hint || strcmp(cv->dir_hint, "sound") || !cv->chains.n)
		return false;
	if (find_word(t, "card") || find_word(t, "complex") || find_word(t, "machine") ||
	    find_word(t, "controller") || find_word(t, "interface") || find_word(t, "sound"))
		return false;
	/* A card names its codecs and CPU DAI ("rockchip,codec", "nvidia,audio-codec"). */
	for (size_t k = 0; k < cv->props.n; k++) {
		const char *n = ((const struct prop *)cv->props.v[k])->name;
		const char *base = strchr(n, ',') ? strchr(n, ',') + 1 : n;

		if (!strcmp(base, "codec") || !strcmp(base, "cpu") || str_ends_with(base, "-codec") ||
		    !strcmp(base, "audio-codec") || !strcmp(base, "codecs"))
			return false;
	}
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const char *n = ((const struct ditem *)cv->devnodes.v[d])->name;

		if (n && (!strcmp(n, "sound") || starts_with(n, "sound@") || starts_with(n, "sound-")))
			return false;
	}
	/* "PDM-to-I2S/TDM Converter", "S/PDIF transmitter": DAI providers too. */
	return find_ci(t, "codec") || find_word(t, "amplifier") || find_word(t, "dac") ||
	       find_word(t, "adc") || find_ci(t, "dmic") || find_ci(t, "microphone") ||
	       find_word(t, "converter") || find_word(t, "transmitter") ||
	       find_word(t, "transceiver") || find_word(t, "receiver");
}

/*
 * A binding of CPU nodes: the examples' device nodes are "cpu@N" or have
 * device_type = "cpu"; without an example, the title names CPUs
 * ("Broadcom MIPS (BMIPS) CPUs").  The schema then describes one cpu node,
 * not the /cpus container around it.
 */
bool cpu_binding(const struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *n = cv->devnodes.v[d], *dt = node_prop(n, "device_type");

		if (!strncmp(n->name, "cpu@", 4) || (dt && dt->value && strstr(dt->value, "\"cpu\"")))
			return true;
	}
	if (cv->devnodes.n || !cv->title)
		return false;
	/* "CPUs" as what the title is about: its last word ("... for ARC HS CPUs" is a timer's). */
	const char *t = strstr(cv->title, "CPUs");

	if (!t || (t > cv->title && isalnum((unsigned char)t[-1])) ||
	    (t > cv->title + 4 && !strncmp(t - 4, "for ", 4)))
		return false;
	t = skip_blanks(t + 4);
	if (starts_with_ci(t, "bindings"))
		t += 8;
	else if (starts_with_ci(t, "binding"))
		t += 7;
	return !*skip_blanks(t);
}

/*
 * In a CPU binding, a property of the /cpus container: #address-cells and
 * #size-cells no cpu node has, or one the text puts in the "cpus" node
 * ("it lives under the "cpus" node").
 */
static bool cpus_container_prop(struct conv *cv, struct prop *pr)
{
	const char *t;

	if (!strcmp(pr->name, "#address-cells") || !strcmp(pr->name, "#size-cells"))
		return !devnodes_use(cv, pr->name);
	t = prop_text(cv, pr, false);
	if (!t)
		return false;
	static const char *const where[] = {
		"under the \"cpus\" node", "under the cpus node", "in the \"cpus\" node",
		"in the cpus node",
	};
	for (size_t i = 0; i < ARRAY_SIZE(where); i++)
		if (find_ci(t, where[i]))
			return true;
	return false;
}

/* What every cpu node has: its id (reg) and device_type = "cpu". */
static void add_cpu_node_props(struct conv *cv, struct ynode *props, struct ynode *req)
{
	unsigned src = cv->compat_line;

	if (!yget(props, "reg")) {
		struct ynode *r = ymap(cv, src);

		yset(r, "maxItems", yint(cv, 1, src));
		yset(props, "reg", r);
	}
	bool have = false;

	for (const struct ynode *r = req->first; r; r = r->next)
		if (r->s && !strcmp(r->s, "reg"))
			have = true;
	if (!have)
		ypush(req, ystr(cv, "reg", src));
	if (!yget(props, "device_type")) {
		struct ynode *dt = ymap(cv, src);

		yset(dt, "const", ystr(cv, "cpu", src));
		yset(props, "device_type", dt);
	}
}

/*
 * A binding that lists compatibles and no properties ("trivial devices,
 * consisting only of a compatible field, an address and possibly an
 * interrupt line") names its properties in prose: an address is reg, an
 * interrupt line interrupts; "possibly"/"optional" just before makes one
 * optional.
 */
static void add_prose_props(struct conv *cv, struct ynode *props, struct ynode *req)
{
	static const struct {
		const char *phrase, *name;
	} said[] = { { "an address", "reg" }, { "an interrupt", "interrupts" } };
	const char *t = sb_cstr(&cv->desc);

	for (size_t i = 0; i < ARRAY_SIZE(said); i++) {
		const char *at = find_ci(t, said[i].phrase);

		if (!at || yget(props, said[i].name))
			continue;
		/* the few words before it */
		const char *from = at - t > 24 ? at - 24 : t;
		char before[32];

		snprintf(before, sizeof(before), "%.*s", (int)(at - from), from);
		bool optional = find_ci(before, "possibly") || find_ci(before, "optional");
		struct ynode *p = ymap(cv, cv->desc_line);

		yset(p, "maxItems", yint(cv, 1, cv->desc_line));
		yset(props, said[i].name, p);
		if (!optional)
			ypush(req, ystr(cv, said[i].name, cv->desc_line));
	}
}

/* "xxx-supply: ..." then "vin3-supply: Input supply for ldo3" lines: one property each. */
static size_t supply_lines(struct conv *cv, struct prop *pr, struct pinfo *pis, size_t np, size_t cap)
{
	for (size_t li = 1; li < pr->nlines && np < cap; li++) {
		const char *t = pr->lines[li]->t, *e = t;

		while (is_name_char((unsigned char)*e))
			e++;
		if (e - t < 8 || strncmp(e - 7, "-supply", 7) || *skip_blanks(e) != ':')
			continue;
		memset(&pis[np], 0, sizeof(pis[np]));
		pis[np].name = cv_strndup(cv, t, (size_t)(e - t));
		pis[np].line = pr->lines[li]->no;
		pis[np].desc = cv_strdup(cv, skip_blanks(skip_blanks(e) + 1));
		pis[np].pr = pr;
		np++;
	}
	return np;
}

/*
 * pinctrl-* are left to the pinctrl consumer schema, unless the text lists
 * a state beyond the default one (pinctrl-1: "default" and "sleep"); then
 * kernel schemas name the states.
 */
static bool pin_states(const struct conv *cv, const char *name)
{
	if (!starts_with(name, "pinctrl-"))
		return false;
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		if (!pr->scope && !strcmp(pr->name, "pinctrl-1"))
			return true;
	}
	return false;
}

/* Does a word of @lead name a child node of the examples' device nodes? */
static bool lead_names_child(const struct conv *cv, const char *lead)
{
	char w[MAX_NAME + 1];

	for (const char *p = lead; *p;) {
		size_t n = 0;

		while (*p && (*p == ' ' || *p == '/' || *p == ','))
			p++;
		while (*p && *p != ' ' && *p != '/' && *p != ',' && n < MAX_NAME)
			w[n++] = (char)tolower((unsigned char)*p++);
		w[n] = '\0';
		while (*p && *p != ' ' && *p != '/' && *p != ',')
			p++;
		if (n >= 3 && devnode_child(cv, w))
			return true;
	}
	return false;
}

/*
 * "Required dai-link properties:", "Optional backlight properties:": a heading
 * whose words before "properties" name a child node of the examples' device
 * node lists that child's properties, each heading a scope of its own.
 */
static void child_headings(struct conv *cv)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (pr->scope || !pr->lead || !lead_names_child(cv, pr->lead))
			continue;
		int scope = ++cv->nscopes;

		for (size_t j = k; j < cv->props.n; j++) {
			struct prop *o = cv->props.v[j];

			if (!o->scope && o->head_line == pr->head_line)
				o->scope = scope;
		}
	}
}

/*
 * An optional item of the device's list that the examples set only in child
 * nodes ("rom-addr" in lp855x's rom_14h { }, "spread-spectrum" in cdce925's
 * PLL2 { }) is a child's: it goes to a scope of its own, where the child's
 * schema finds its text.  A required item stays: the text's word outweighs
 * an example that shows it in an endpoint (exynos_dsim); but not a pin
 * controller's pin configuration ("fsl,pins", "pins", "pinmux"), which is
 * always its configuration nodes'.
 */
static bool pin_config_item(const struct conv *cv, const char *name)
{
	static const char *const own[] = { "pins", "pinmux", "groups", "function" };
	const char *comma = strchr(name, ',');
	const char *base = comma ? comma + 1 : name;

	return cv->dir_hint && !strcmp(cv->dir_hint, "pinctrl") &&
	       str_in(base, own, ARRAY_SIZE(own));
}

static void child_only_items(struct conv *cv)
{
	int scope = 0;

	if (!cv->devnodes.n)
		return;
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		bool below = false;

		if (pr->scope || (pr->req == REQ_YES && !pin_config_item(cv, pr->name)) ||
		    pr->pattern || pr->is_node ||
		    !prop_name_ok(cv, pr->name) || !strcmp(pr->name, "compatible") || devnodes_use(cv, pr->name))
			continue;
		for (size_t d = 0; d < cv->devnodes.n && !below; d++)
			below = prop_below(cv->devnodes.v[d], pr->name, false);
		if (!below)
			continue;
		if (!scope)
			scope = ++cv->nscopes;
		pr->scope = scope;
	}
}

/*
 * An item of a "Required properties" list whose own text takes it back: a
 * flag ("Boolean property, ...", "If present, ...", "must only be present
 * if ...": its absence is a setting, not an omission) or one it calls
 * optional ("An optional interrupt ...", "this property is optional").
 * The provider flags (gpio-controller, interrupt-controller) stay.
 */
static bool item_takes_back_required(struct conv *cv, const struct prop *pr)
{
	static const char *const lead[] = {
		"boolean", "one boolean", "a boolean", "(boolean", "if present", "when present",
		"optional,", "optional;", "optional:", "optional.", "an optional", "(optional",
	};
	/* Before the first quoted entry: after it, an entry's own word ("spba ... is optional"). */
	static const char *const any[] = {
		"only be present if", "only be present when", "present only if",
		"present only when", "this property is optional",
	};
	const char *t, *q, *f;

	if (str_ends_with(pr->name, "-controller") || pr->name[0] == '#' ||
	    (t = prop_text(cv, pr, true)) == NULL)
		return false;
	t = skip_blanks(t);
	for (size_t i = 0; i < ARRAY_SIZE(lead); i++) {
		size_t n = strlen(lead[i]);

		if (!strncasecmp(t, lead[i], n) && !isalnum((unsigned char)t[n]))
			return true;
	}
	q = strchr(t, '"');
	for (size_t i = 0; i < ARRAY_SIZE(any); i++)
		if ((f = find_ci(t, any[i])) != NULL && (!q || f < q))
			return true;
	return false;
}

/* @name in @s as a whole name: "clock" is not found in "clock-frequency". */
static const char *find_name(const char *s, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = s; (p = strstr(p, name)) != NULL; p++)
		if ((p == s || !is_name_char((unsigned char)p[-1])) && !is_name_char((unsigned char)p[n]) &&
		    p[n] != '-')
			return p;
	return NULL;
}

/* Required properties the text offers as alternatives: the device has one (@any: or more). */
struct alternative {
	const char *names[8];
	size_t n;
	bool any;
	unsigned line;
};

/*
 * "Only one of clocks or clock-frequency should be specified", "Either
 * codec-clock-rate or the codec-clock reference has to be defined",
 * "Exactly one of phy_id, phy-handle, or fixed-link must be specified":
 * alternatives, of which the device has one; none is required alone
 * (cv->alternatives: the schema requires one of them, as kernel schemas
 * write it with oneOf).
 */
static void alternatives_unrequired(struct conv *cv)
{
	static const char *const trig[] = { "only one of", "exactly one of", "either" };
	char buf[512];

	for (size_t i = 0; i < cv->nlines; i++) {
		const struct line *l = &cv->lines[i];
		const char *tr = NULL;

		if (l->blank || l->exsec)
			continue;
		snprintf(buf, sizeof(buf), "%s %s", l->t,
			 i + 1 < cv->nlines && !cv->lines[i + 1].blank ? cv->lines[i + 1].t : "");
		for (size_t k = 0; k < ARRAY_SIZE(trig) && !tr; k++)
			tr = find_word(buf, trig[k]);
		if (!tr)
			continue;
		/* The sentence of the trigger, names distinct: "- status: either \"disabled\" or ..." is no choice. */
		char *end = strstr(buf + (tr - buf), ". ");
		/* "Either one of id-gpio or vbus-gpio must be present. Both can be present as well." */
		bool both = end && (find_ci(end, "both can") || find_ci(end, "both may"));

		if (end)
			*end = '\0';
		both = both || find_ci(tr, "or both");
		if (!find_word(tr, "or") || strchr(tr, '"'))
			continue;
		struct prop *named[8];
		const char *names[8];	/* their distinct names, in order */
		size_t nn = 0, distinct = 0;

		for (size_t k = 0; k < cv->props.n && nn < ARRAY_SIZE(named); k++) {
			struct prop *pr = cv->props.v[k];
			bool seen = false;

			if (pr->scope || pr->req != REQ_YES || !find_name(tr, pr->name))
				continue;
			for (size_t j = 0; j < distinct; j++)
				seen = seen || !strcmp(names[j], pr->name);
			if (!seen)
				names[distinct++] = pr->name;
			named[nn++] = pr;
		}
		if (distinct < 2)
			continue;
		for (size_t k = 0; k < nn; k++)
			named[k]->req = REQ_NO;
		struct alternative *alt = cv_alloc(cv, sizeof(*alt));

		if (!alt)
			continue;
		memcpy(alt->names, names, distinct * sizeof(*names));
		alt->n = distinct;
		alt->line = l->no;
		alt->any = both;
		vec_push(cv, &cv->alternatives, alt);
	}
}

/* oneOf (anyOf): - required: [a] - required: [b], for each set of alternatives the schema lists. */
static void require_one_of(struct conv *cv, struct ynode *schema, const struct ynode *props)
{
	for (size_t i = 0; i < cv->alternatives.n; i++) {
		const struct alternative *alt = cv->alternatives.v[i];
		const char *key = alt->any ? "anyOf" : "oneOf";

		if (yget(schema, key))
			continue;
		struct ynode *one = yseq(cv, alt->line);
		size_t k;

		for (k = 0; k < alt->n && yget(props, alt->names[k]); k++) {
			struct ynode *r = ymap(cv, alt->line), *names = yseq(cv, alt->line);

			ypush(names, ystr(cv, alt->names[k], alt->line));
			yset(r, "required", names);
			ypush(one, r);
		}
		if (k == alt->n)
			yset(schema, key, one);
	}
}

/* The text's properties of the device node, in its order, into @pis; returns their count. */
static size_t text_props(struct conv *cv, struct pinfo *pis, size_t cap, bool cpu)
{
	size_t np = 0;

	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		size_t i;

		if (!pr->scope && pr->pattern && str_ends_with(pr->name, "-supply")) {
			np = supply_lines(cv, pr, pis, np, cap);
			continue;
		}
		if (pr->scope || pr->pattern || (skip_prop(pr->name) && !pin_states(cv, pr->name)) ||
		    !prop_name_ok(cv, pr->name))
			continue;
		if (pr->is_node && (is_vendor_prop(pr->name) || fixup_has_unit_suffix(pr->name) ||
				    phandle_list_prop(pr->name) || str_ends_with(pr->name, "-supply") ||
				    (is_std_prop(pr->name) && !devnode_child(cv, pr->name))))
			pr->is_node = false;	/* a property listed under "nodes" */
		if (pr->is_node || devnode_child(cv, pr->name))
			continue;	/* placed with the child nodes */
		if (cpu && cpus_container_prop(cv, pr))
			continue;
		epapr_fields(cv, pr);
		for (i = 0; i < np; i++)
			if (!strcmp(pis[i].name, pr->name))
				break;
		if (i < np) {
			if (pr->req == REQ_YES)
				pis[i].pr->req = REQ_YES;
			continue;
		}
		if (np == cap)
			break;
		memset(&pis[np], 0, sizeof(pis[np]));
		pis[np].name = pr->name;
		pis[np].pr = pr;
		pis[np].line = pr->line;
		pis[np].desc = clean_desc(cv, pr);
		if (pr->req == REQ_YES && item_takes_back_required(cv, pr))
			pr->req = REQ_NO;
		/*
		 * OMAP's hwmod name, superseded by the ti-sysc interconnect
		 * target: 13 of the 14 6.12 schemas that still list it have it
		 * deprecated and not required.
		 */
		if (!strcmp(pr->name, "ti,hwmods"))
			pr->deprecated = true;
		if (pr->req == REQ_UNKNOWN && pis[np].desc) {
			if (starts_with_ci(pis[np].desc, "required"))
				pr->req = REQ_YES;
		}
		np++;
	}
	/* Required of every board would make dtbs_check warn on all of them. */
	for (size_t k = 0; k < np; k++) {
		struct prop *pr = pis[k].pr;
		size_t nodes;

		if (pr->req == REQ_YES && !pr->pattern && strcmp(pr->name, "compatible") &&
		    boards_lack_property(cv, pr->name, &nodes)) {
			pr->req = REQ_NO;
			finding(cv, DTBIND_NOTE, pr->line, 1, "doc2yaml-node",
				"'%s' is required by the text, but none of the %zu board nodes with "
				"these compatibles has it: left optional", pr->name, nodes);
		}
	}
	return np;
}

/* Is @pi (an example-only property when @example_only) left out of the schema? */
static bool skip_device_prop(struct conv *cv, struct pinfo *pis, size_t ntext,
			     const struct pinfo *pi, bool example_only, struct ynode *props)
{
	if (example_only && !strcmp(pi->name, "interrupts-extended") &&
	    (yget(props, "interrupts") || any_prop_named(pis, ntext, "interrupts")))
		return true;	/* implied by "interrupts" */
	return example_only && (!strcmp(pi->name, "device_type") ||
				((!strcmp(pi->name, "#address-cells") ||
				  !strcmp(pi->name, "#size-cells")) && !unit_children(cv)));
}

/*
 * "reg" of a text that says of no property whether it is required
 * ("Properties:", "General Properties:"; 34 files of 6.1): required when
 * every example node of the device has it, as an example-only "reg" is.
 */
static bool unstated_reg_required(const struct conv *cv, const struct pinfo *pi)
{
	if (strcmp(pi->name, "reg") || pi->pr->req != REQ_UNKNOWN || !cv->devnodes.n ||
	    pi->nvalues != cv->devnodes.n)
		return false;
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		if (!pr->scope && pr->req != REQ_UNKNOWN)
			return false;
	}
	return true;
}

/*
 * Does the item's text only point at the common binding ("See ethernet.txt
 * file in the same directory", "Defined in ethernet.txt.", "refer to
 * Documentation/devicetree/bindings/slimbus/bus.txt")?  Then a schema that
 * $refs its successor has nothing to add.
 */
static bool points_elsewhere_only(const char *d)
{
	static const char *const lead[] = {
		"please refer to ", "refer to ", "see also ", "see ", "as defined in ", "defined in ",
		"as described in ", "described in ", "as specified in ", "specified in ", "as per ",
	};
	static const char *const tail[] = {
		"file", "in", "the", "same", "this", "directory", "for", "details", "more",
		"information", "binding", "bindings", "document", "documentation",
	};
	const char *p = d ? skip_blanks(d) : NULL;
	bool led = false;

	for (size_t i = 0; p && i < ARRAY_SIZE(lead) && !led; i++)
		if (starts_with_ci(p, lead[i])) {
			p += strlen(lead[i]);
			led = true;
		}
	if (!led)
		return false;
	const char *w = p;

	while (*p && !isspace((unsigned char)*p))
		p++;
	if (!memmem(w, (size_t)(p - w), ".txt", 4) && !memmem(w, (size_t)(p - w), ".yaml", 5))
		return false;
	for (;;) {
		while (*p && (isspace((unsigned char)*p) || *p == '.' || *p == ','))
			p++;
		if (!*p)
			return true;
		/* "See ethernet.txt [1].": a note's number. */
		if (*p == '[' && strchr(p, ']')) {
			p = strchr(p, ']') + 1;
			continue;
		}
		w = p;
		while (isalpha((unsigned char)*p))
			p++;
		if (p == w || !span_in_ci(w, (size_t)(p - w), tail, ARRAY_SIZE(tail)))
			return false;
	}
}

/* Is @pi required by the text and missing from an example (which is completed from its schema)? */
static bool example_lacks_required(const struct conv *cv, const struct pinfo *pi)
{
	if (!pi->pr || pi->pr->req != REQ_YES)
		return false;
	for (size_t d = 0; d < cv->devnodes.n; d++)
		if (!node_prop(cv->devnodes.v[d], pi->name))
			return true;
	return false;
}

/* Does property schema @ps say more than the property's type (a value, a count)? */
static bool narrows(const struct ynode *ps)
{
	if (!ps || ps->kind != Y_MAP)
		return false;
	for (const struct ynode *k = ps->first; k; k = k->next)
		if (strcmp(k->key, "description") && strcmp(k->key, "$ref") && strcmp(k->key, "type") &&
		    strcmp(k->key, "deprecated"))
			return true;
	return false;
}

/* The schemas of the device's properties (@ntext from the text, the rest from examples). */
static void device_props(struct conv *cv, struct pinfo *pis, size_t np, size_t ntext,
			 const bool *refs, struct ynode *props, struct ynode *req)
{
	struct propctx pc = { .all = pis, .nall = np };

	memcpy(pc.refs, refs, sizeof(pc.refs));
	for (size_t i = 0; i < np; i++) {
		struct pinfo *pi = &pis[i];
		bool example_only = i >= ntext;

		/* A generic binding's examples are other devices: their properties are not ours. */
		if (example_only && !cv->chains.n)
			continue;
		if (xref_covers(cv, pi->name))
			continue;
		bool pointer = !example_only && points_elsewhere_only(pi->desc);
		bool covered = covered_by_refs(refs, pi->name);

		if (covered &&
		    !(refs[CS_ETHERNET] && !example_only && !pointer && starts_with(pi->name, "phy")) &&
		    !(!example_only && !pointer && listed_though_covered(refs, pi->name))) {
			/* The referenced schema defines it; required stays the text's word. */
			if (!example_only && pi->pr->req == REQ_YES && !pi->pr->deprecated &&
			    !pi->pr->pattern && !required_by_refs(refs, pi->name))
				ypush(req, ystr(cv, pi->name, pi->line));
			continue;
		}
		if (skip_device_prop(cv, pis, ntext, pi, example_only, props))
			continue;
		if (example_only && is_vendor_prop(pi->name) && pi->nvalues)
			pi->desc = NULL;
		/* A mode flag spi-controller.yaml types: allowed here, as kernel schemas write it. */
		struct ynode *ps = example_only && refs[CS_SPI_PERIPHERAL] && starts_with(pi->name, "spi-") ?
				   yraw(cv, "true", pi->line) : prop_schema(cv, &pc, pi, 4);

		if (!ps)
			continue;
		/*
		 * Left to the reference as kernel schemas leave it, if the tree's
		 * schema has it (asked last: it reads the tree's files).
		 */
		if (!covered && !narrows(ps) && !example_lacks_required(cv, pi) &&
		    ref_prop_use(cv, refs, pi->name) == REF_USE_LEFT &&
		    ref_schemas_define(cv, refs, pi->name)) {
			if (!example_only && pi->pr->req == REQ_YES && !pi->pr->deprecated &&
			    !pi->pr->pattern)
				ypush(req, ystr(cv, pi->name, pi->line));
			continue;
		}
		yset(props, pi->name, ps);
		if (example_only) {
			if ((!strcmp(pi->name, "reg") || !strcmp(pi->name, "interrupts")) &&
			    pi->nvalues == cv->devnodes.n)
				ypush(req, ystr(cv, pi->name, pi->line));
			if (is_vendor_prop(pi->name) && !pi->from_boards)
				finding(cv, DTBIND_WARNING, pi->line, 1, "doc2yaml-type",
					"'%s' is used by the example but not described by the text",
					pi->name);
		} else if ((pi->pr->req == REQ_YES || unstated_reg_required(cv, pi)) &&
			   !pi->pr->deprecated && !pi->pr->pattern && !required_by_refs(refs, pi->name)) {
			bool dup = false;

			for (struct ynode *r = req->first; r; r = r->next)
				if (!strcmp(r->s, pi->name))
					dup = true;
			if (!dup)
				ypush(req, ystr(cv, pi->name, pi->line));
		}
	}
}

/* Nodes the text requires that no example shows. */
static void unshown_nodes(struct conv *cv, struct ynode *props, struct ynode *req)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (!pr->is_node || pr->scope || pr->pattern || !prop_name_ok(cv, pr->name) ||
		    yget(props, pr->name) || devnode_child(cv, pr->name) || strchr(pr->name, '.'))
			continue;
		/* A node the examples never show: only graph ports are placed without one. */
		if (cv->devnodes.n && strcmp(pr->name, "ports") && strcmp(pr->name, "port"))
			continue;
		struct ynode *ns = ymap(cv, pr->line);
		const char *d = clean_desc(cv, pr);

		if (!strcmp(pr->name, "ports") || !strcmp(pr->name, "port")) {
			yset(ns, "$ref", ystr(cv, !strcmp(pr->name, "ports") ?
					      "/schemas/graph.yaml#/properties/ports" :
					      "/schemas/graph.yaml#/properties/port", pr->line));
		} else {
			yset(ns, "type", yraw(cv, "object", pr->line));
		}
		if (d)
			yset(ns, "description", ydesc(cv, d, pr->line, 4));
		yset(props, pr->name, ns);
		if (pr->req == REQ_YES && !cv->devnodes.n)
			ypush(req, ystr(cv, pr->name, pr->line));
	}
}

/* Properties of other nodes the examples did not let us place. */
static void unplaced_scopes(struct conv *cv)
{
	for (int sc = 1; sc <= cv->nscopes; sc++) {
		unsigned line = 0, n = 0;

		for (size_t k = 0; k < cv->props.n; k++) {
			struct prop *pr = cv->props.v[k];

			if (pr->scope == sc) {
				if (!line)
					line = pr->line;
				n++;
			}
		}
		if (!n)
			continue;
		if (!cv->devnodes.n)
			finding(cv, DTBIND_WARNING, line, 1, "doc2yaml-node",
				"%u propert%s of another node (child or sub-device) not placed: "
				"no example shows where that node lives", n, n == 1 ? "y" : "ies");
	}
}

/* allOf: - $ref: the schema at @path under bindings/ (relative in its own directory). */
static void push_ref(struct conv *cv, struct ynode *allof, const char *path)
{
	struct ynode *r = ymap(cv, cv->compat_line);
	const char *slash = strchr(path, '/');
	/* dt-schema's own schemas are named by their whole path, as the kernel does. */
	bool same_dir = cv->dir_hint && slash && !core_schema_path(cv->c->opts.gen, path) &&
			!strncmp(path, cv->dir_hint, (size_t)(slash - path)) &&
			strlen(cv->dir_hint) == (size_t)(slash - path) &&
			!strchr(slash + 1, '/') && cv->dir_is_top;

	yset(r, "$ref", ystr(cv, same_dir ? cv_printf(cv, "%s#", slash + 1) :
				 cv_printf(cv, "/schemas/%s#", path), cv->compat_line));
	ypush(allof, r);
}

/* allOf: the common schemas referenced; then what else the node may hold. */
static void add_refs(struct conv *cv, struct ynode *schema, const bool *refs)
{
	struct ynode *allof = yseq(cv, cv->compat_line);
	bool any_ref = false;

	for (size_t i = 0; i < CS_COUNT; i++) {
		if (!refs[i] || (i == CS_MMC && refs[CS_SDHCI]) || brought_by_family(cv, i))
			continue;	/* sdhci-common.yaml $refs mmc-controller.yaml */
		push_ref(cv, allof, common_schemas[i]);
		any_ref = true;
	}
	for (size_t k = 0; k < cv->nxrefs; k++) {
		push_ref(cv, allof, cv->xrefs[k]);
		any_ref = true;
	}
	memcpy(cv->refs, refs, sizeof(cv->refs));
	if (any_ref)
		yset(schema, "allOf", allof);
	if (cv->root_binding || !cv->chains.n)
		yset(schema, "additionalProperties", yraw(cv, "true", cv->compat_line));
	else if (any_ref)
		yset(schema, "unevaluatedProperties", yraw(cv, "false", cv->compat_line));
	else
		yset(schema, "additionalProperties", yraw(cv, "false", cv->compat_line));
}

void build_device(struct conv *cv, struct ynode *schema)
{
	size_t cap = cv->props.n + 64, np, ntext;
	struct pinfo *pis = cv_alloc(cv, cap * sizeof(*pis));
	struct ynode *props = ymap(cv, cv->compat_line);
	struct ynode *req = yseq(cv, cv->compat_line);
	bool refs[CS_COUNT];
	bool cpu = cv->chains.n && cpu_binding(cv);

	if (!pis || !props)
		return;
	if (cv->root_binding) {
		struct ynode *nn = ymap(cv, cv->compat_line);

		yset(nn, "const", ystr(cv, "/", cv->compat_line));
		yset(props, "$nodename", nn);
	}
	struct ynode *cs = compat_schema(cv);
	struct ynode *sel = cv->root_binding ? NULL : own_compatibles_select(cv);

	if (sel)
		yset(schema, "select", sel);
	if (cs)
		yset(props, "compatible", cs);
	if (cs && !cv->root_binding)
		ypush(req, ystr(cv, "compatible", cv->compat_line));
	if (!cv->props.n && !cpu && cs && !cv->root_binding)
		add_prose_props(cv, props, req);
	child_headings(cv);
	child_only_items(cv);
	alternatives_unrequired(cv);
	np = ntext = text_props(cv, pis, cap, cpu);
	/* Values from the examples; properties only the examples use. */
	for (size_t d = 0; d < cv->devnodes.n; d++)
		pinfo_add_values(cv, pis, &np, cap, cv->devnodes.v[d], false, 0);
	board_family_pinfos(cv, pis, &np, cap);
	board_other_pinfos(cv, pis, &np, cap);
	choose_refs(cv, pis, np, refs);
	memcpy(cv->refs, refs, sizeof(refs));
	device_props(cv, pis, np, ntext, refs, props, req);
	if (is_codec(cv) && !yget(props, "#sound-dai-cells")) {
		struct ynode *c = ymap(cv, cv->compat_line);

		yset(c, "const", yint(cv, 0, cv->compat_line));
		yset(props, "#sound-dai-cells", c);
		if (root_has(cv, common_schemas[CS_DAI_COMMON]))
			refs[CS_DAI_COMMON] = true;
	}
	add_dependencies(cv, props);
	/* Child nodes: from the examples, described by the text where it can. */
	if (cv->devnodes.n)
		add_children(cv, schema, props, (const struct ditem *const *)cv->devnodes.v,
			     cv->devnodes.n, 0, cv->compat_line, 0, req);
	unshown_nodes(cv, props, req);
	unplaced_scopes(cv);
	if (cpu)
		add_cpu_node_props(cv, props, req);
	if (!yempty(props) || !yget(schema, "patternProperties"))
		yset(schema, "properties", props);
	if (yget(schema, "patternProperties"))
		ymove_end(schema, "patternProperties");
	dedupe_required(req);
	/*
	 * A text that requires "ports" over an example with one "port" (or the
	 * reverse) means either: the one the example shows is the one required.
	 */
	if (cv->devnodes.n && yget(props, "port") && yget(props, "ports")) {
		bool has_port = devnode_child(cv, "port"), has_ports = devnode_child(cv, "ports");

		if (has_port && !has_ports)
			yremove(req, NULL, "ports");
		else if (has_ports && !has_port)
			yremove(req, NULL, "port");
	}
	require_one_of(cv, schema, props);
	if (!yempty(req))
		yset(schema, "required", req);
	add_refs(cv, schema, refs);
	add_conditions(cv, schema);
}
