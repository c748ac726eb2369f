// SPDX-License-Identifier: BSD-2-Clause
/*
 * refs.c - references to common bindings: "[2] .../video-interfaces.txt",
 * "see ../mmc/mmc.txt", "as defined in pwm.yaml" name a schema that other
 * bindings pull in whole (common-refs.def, generated from the kernel trees
 * by tests/doc2yaml/score/gen-common-refs.py); the conversion then $refs it.
 * A reference made for a consumer property ("vdd-supply: see
 * regulator.txt", "dmas: see dma.txt") is the consumer's, not a $ref.
 * choose_refs() then settles which common schemas the device takes, from
 * those references, its properties, its title and its directory.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

struct common_ref {
	const char *name;	/* the stem a text uses: "spi-bus", "mmc" */
	const char *path;	/* under bindings/ */
};

static const struct common_ref common_refs[] = {
#define COMMON_REF(n, p, u) { n, p },
#include "common-refs.def"
#undef COMMON_REF
};

/* The scope-0 item whose lines include line @no, or NULL. */
static const struct prop *item_of_line(const struct conv *cv, unsigned no, bool *other_scope)
{
	*other_scope = false;
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		for (size_t i = 0; i < pr->nlines; i++) {
			if (pr->lines[i]->no != no)
				continue;
			*other_scope = pr->scope != 0;
			return pr;
		}
	}
	return NULL;
}

/*
 * Is line @no in another device's part of the text: after an item of a
 * block the first "compatible" item is not in ("fsl,enetc-mdio ... already
 * defined in mdio.txt" below the ENETC's own list)?
 */
static bool other_part(const struct conv *cv, unsigned no)
{
	const struct prop *before = NULL, *compat = NULL;

	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		if (!compat && !strcmp(pr->name, "compatible"))
			compat = pr;
		if (pr->line <= no && (!before || pr->line > before->line))
			before = pr;
	}
	return compat && before && before->block != compat->block;
}

/* A property whose own reference says how to point at something else. */
static bool consumer_prop(const char *name)
{
	return phandle_list_prop(name) || names_prop(name) || str_ends_with(name, "-supply") ||
	       strstr(name, "gpio") || starts_with(name, "pinctrl") ||
	       !strcmp(name, "interrupts") || !strcmp(name, "interrupts-extended") ||
	       !strcmp(name, "interrupt-parent") || !strcmp(name, "clocks") ||
	       !strcmp(name, "resets") || !strcmp(name, "dmas") || !strcmp(name, "phys") ||
	       !strcmp(name, "power-domains") || !strcmp(name, "iommus") ||
	       !strcmp(name, "memory-region") || !strcmp(name, "ports") || !strcmp(name, "port");
}

/* The common schema a mention "dir/stem.txt" (dir may be empty) names, or NULL. */
static const char *lookup(const char *dir, size_t dl, const char *stem, size_t sl)
{
	const char *found = NULL;
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(common_refs); i++) {
		const struct common_ref *r = &common_refs[i];

		if (strlen(r->name) != sl || strncmp(r->name, stem, sl))
			continue;
		const char *slash = strrchr(r->path, '/');
		const char *pd = r->path;

		/* The path's last directory: "leds" of "leds/common.yaml". */
		if (slash)
			for (const char *q = r->path; q < slash; q++)
				if (*q == '/')
					pd = q + 1;
		if (dl && (!slash || (size_t)(slash - pd) != dl || strncmp(pd, dir, dl)))
			continue;
		if (!found || strcmp(found, r->path))
			n++;
		found = r->path;
	}
	return n == 1 ? found : NULL;
}

/*
 * Does the file name @s (@n bytes: "Documentation/devicetree/bindings/
 * clock/clock-bindings.txt", "../gpio/gpio.txt", "dma.txt") name a generic
 * .txt binding, whose successor a schema gets from a $ref or from
 * dt-schema's core schemas?  Those files are gone from current kernels.
 */
bool generic_binding_txt(const char *s, size_t n)
{
	static const char *const core[] = {
		"clock-bindings", "clock_bindings", "gpio", "interrupts", "reset",
		"pinctrl-bindings", "graph", "resource-names", "phy-bindings", "mailbox",
		"interconnect", "power_domain", "power-domain", "video-interfaces", "dma",
		"spi-bus", "i2c", "iommu", "nvmem", "regulator", "thermal", "pwm", "mmc",
		"ethernet", "mdio", "serial", "rtc", "watchdog", "matrix-keymap", "hwlock",
		"display-timing",
	};
	const char *stem = s, *dir = s, *dirend = s;

	if (n < 5 || strncmp(s + n - 4, ".txt", 4))
		return false;
	for (const char *p = s; p < s + n; p++)
		if (*p == '/') {
			dir = stem;
			dirend = p;
			stem = p + 1;
		}
	size_t sl = (size_t)(s + n - 4 - stem);

	for (size_t i = 0; i < ARRAY_SIZE(core); i++)
		if (strlen(core[i]) == sl && !strncmp(core[i], stem, sl))
			return true;
	return lookup(dir, (size_t)(dirend - dir), stem, sl) != NULL;
}

static void add_xref(struct conv *cv, const char *path)
{
	for (size_t i = 0; i < cv->nxrefs; i++)
		if (!strcmp(cv->xrefs[i], path))
			return;
	if (cv->nxrefs < ARRAY_SIZE(cv->xrefs))
		cv->xrefs[cv->nxrefs++] = path;
}

/*
 * The next schema a file name in @s names, from *@from on ("Documentation/
 * devicetree/bindings/mmc/mmc.txt", "pwm.yaml"): a common schema the name
 * stands for, or with @explicit a "dir/name.yaml" of the bindings tree as it
 * is written.  NULL at the end.
 */
static const char *next_named_schema(struct conv *cv, const char *s, const char **from,
				     bool explicit)
{
	for (const char *p = *from; (p = strchr(p, '.')) != NULL; p++) {
		size_t el = starts_with(p, ".txt") ? 4 : starts_with(p, ".yaml") ? 5 : 0;

		if (!el || isalnum((unsigned char)p[el]))
			continue;
		const char *b = p;

		while (b > s && (isalnum((unsigned char)b[-1]) || strchr(",_-", b[-1])))
			b--;
		const char *dir = b, *dirend = b;

		if (b > s && b[-1] == '/') {
			dirend = b - 1;
			dir = dirend;
			while (dir > s && (isalnum((unsigned char)dir[-1]) || strchr(",_-", dir[-1])))
				dir--;
		}
		const char *path = lookup(dir, (size_t)(dirend - dir), b, (size_t)(p - b));

		/*
		 * "Read synopsys-dw-mshc.txt": the family's text that became a device
		 * schema and a <stem>-common.yaml for its variants.
		 */
		if (!path) {
			const char *fam = cv_printf(cv, "%.*s-common", (int)(p - b), b);

			path = fam ? lookup(dir, (size_t)(dirend - dir), fam, strlen(fam)) : NULL;
		}

		if (!path && explicit && el == 5 && dir < dirend) {
			/* "bindings/connector/usb-connector.yaml": from the directory on. */
			const char *rel = find_ci(s, "bindings/");

			rel = rel && rel < dir ? rel + 9 : dir;
			path = cv_strndup(cv, rel, (size_t)(p + el - rel));
			if (path && (strstr(path, "..") || !root_has(cv, path)))
				path = NULL;
		}
		if (path) {
			*from = p + el;
			return path;
		}
	}
	return NULL;
}

/*
 * The schema a child node's item names in its first paragraph ("the bindings
 * of connector node are specified in .../connector/usb-connector.yaml"), or
 * NULL.  A name further down, in a list of its sub-nodes' properties, is
 * theirs.
 */
const char *child_named_schema(struct conv *cv, const char *desc)
{
	size_t n = 0;

	while (desc && desc[n] && !(desc[n] == '\n' && (desc[n + 1] == '\n' ||
						       strchr("-*", *skip_blanks(desc + n + 1)))))
		n++;
	const char *first = desc ? cv_strndup(cv, desc, n) : NULL, *from = first;

	return first ? next_named_schema(cv, first, &from, true) : NULL;
}

/* The common schemas the file names in line @s name, into cv->xrefs. */
static void line_refs(struct conv *cv, const char *s)
{
	const char *from = s, *path;

	while ((path = next_named_schema(cv, s, &from, false)) != NULL)
		add_xref(cv, path);
}

/*
 * Kinds of device the title names whose common schema the 6.x conversions
 * of their kind all $ref (counted over the 6.1 texts and their 6.12
 * schemas): 16 NAND controllers of mtd/, 4 HDMI CEC adapters, 6 TPMs,
 * 3 FSI masters.  @dir: the bindings directory it must be in, or NULL;
 * every word of @words is in the title (@node: the node name it fixes).
 */
static const struct kind_ref {
	const char *dir, *words[2], *path, *node;
} kind_refs[] = {
	{ "mtd", { "NAND", "controller" }, "mtd/nand-controller.yaml", "nand-controller" },
	{ "mtd", { "NAND", "NFC" }, "mtd/nand-controller.yaml", "nand-controller" },
	{ NULL, { "HDMI", "CEC" }, "media/cec/cec-common.yaml", "cec" },
	{ NULL, { "Trusted Platform Module", NULL }, "tpm/tpm-common.yaml", "tpm" },
	{ NULL, { "TPM", NULL }, "tpm/tpm-common.yaml", "tpm" },
	{ NULL, { "FSI master", NULL }, "fsi/fsi-controller.yaml", NULL },
	{ "net", { "MDIO", "multiplexer" }, "net/mdio-mux.yaml", NULL },
};

/*
 * Does a device node of the examples have partitions as its own children
 * ("system@0 { label = ...; reg = ...; }", partition@N) and no NAND chip
 * ("nand@0") below it: a controller that is its chip's node as well, the
 * legacy form (flctl, fsmc, lpc32xx, hisi504)?
 */
static bool legacy_chip_node(const struct conv *cv)
{
	bool parts = false;

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *n = cv->devnodes.v[d];

		for (const struct ditem *c = n->children; c; c = c->next) {
			if (c->dead || c->kind != DI_NODE)
				continue;
			if (starts_with(c->name, "nand@") || !strcmp(c->name, "nand"))
				return false;
			if (!node_prop(c, "compatible") &&
			    (starts_with(c->name, "partition@") || node_prop(c, "label")))
				parts = true;
		}
	}
	return parts;
}

static void title_kind_refs(struct conv *cv)
{
	const char *t = cv->title ? cv->title : "";
	const char *dir = cv->dir_hint ? cv->dir_hint : "";
	/*
	 * nand-controller.yaml wants its chips as nand@ children and
	 * #size-cells 0; a legacy node is the chip's too, as ti,gpmc-nand.yaml's
	 * is: mtd.yaml's, with its partitions and the chip's nand-* properties.
	 */
	bool chip = legacy_chip_node(cv);

	for (size_t i = 0; i < ARRAY_SIZE(kind_refs); i++) {
		const struct kind_ref *k = &kind_refs[i];
		bool all = !k->dir || !strcmp(k->dir, dir);

		for (size_t w = 0; all && w < ARRAY_SIZE(k->words) && k->words[w]; w++)
			all = find_word(t, k->words[w]) != NULL;
		if (all)
			add_xref(cv, chip && !strcmp(k->path, "mtd/nand-controller.yaml") ?
				 "mtd/mtd.yaml" : k->path);
	}
	/* Named by the text too ("nand-bus-width: See nand-controller.yaml"): not its schema. */
	for (size_t x = 0; chip && x < cv->nxrefs; x++)
		if (!strcmp(cv->xrefs[x], "mtd/nand-controller.yaml")) {
			cv->xrefs[x] = "mtd/mtd.yaml";
			for (size_t y = 0; y < cv->nxrefs; y++)
				if (y != x && !strcmp(cv->xrefs[y], "mtd/mtd.yaml"))
					cv->xrefs[x] = cv->xrefs[--cv->nxrefs];
			break;
		}
}

/*
 * The node name a common schema of cv->xrefs fixes ("tpm" for
 * tpm-common.yaml) when @name (an example node's, with its unit address)
 * is not one, else NULL.
 */
const char *xref_node_name(const struct conv *cv, const char *name)
{
	size_t bl = strcspn(name, "@");

	for (size_t x = 0; x < cv->nxrefs; x++) {
		/*
		 * mtd.yaml's "^(flash|.*sram|nand)(@.*)?$"; 6.1's (of the
		 * 2022.08 generation) is "^flash(@.*)?$".
		 */
		if (!strcmp(cv->xrefs[x], "mtd/mtd.yaml")) {
			bool nand = cv->c->gen_2026;

			if ((bl == 5 && !strncmp(name, "flash", 5)) ||
			    (nand && bl == 4 && !strncmp(name, "nand", 4)) ||
			    (nand && bl >= 4 && !strncmp(name + bl - 4, "sram", 4)))
				return NULL;
			return nand && find_word(cv->title ? cv->title : "", "NAND") ? "nand" : "flash";
		}
		for (size_t i = 0; i < ARRAY_SIZE(kind_refs); i++)
			if (kind_refs[i].node && !strcmp(cv->xrefs[x], kind_refs[i].path))
				return strlen(kind_refs[i].node) == bl &&
				       !strncmp(name, kind_refs[i].node, bl) ? NULL : kind_refs[i].node;
	}
	return NULL;
}

/* The common schemas the text's references name (into cv->xrefs). */
void text_refs(struct conv *cv)
{
	cv->nxrefs = 0;
	if (!cv->chains.n || cv->root_binding)
		return;
	for (size_t i = 0; i < cv->nlines; i++) {
		const struct line *l = &cv->lines[i];
		bool other;

		if (l->blank || l->exsec || (!strstr(l->s, ".txt") && !strstr(l->s, ".yaml")))
			continue;
		const struct prop *pr = item_of_line(cv, l->no, &other);

		/*
		 * "power supplies ..., as covered in regulator.txt": the consumer's
		 * reference; "mdio: see mdio.txt": the child node's.
		 */
		if (other || other_part(cv, l->no) || (pr && (consumer_prop(pr->name) || pr->is_node ||
				     devnode_child(cv, pr->name))) || find_ci(l->s, "suppl") ||
		    (i && !cv->lines[i - 1].blank && find_ci(cv->lines[i - 1].s, "suppl")))
			continue;
		line_refs(cv, l->s);
	}
	title_kind_refs(cv);
}

/* ------------------------------------------------------------------ */
/* The common schemas a device takes: from its properties, title and text */

const char *const common_schemas[CS_COUNT] = {
	[CS_SPI_PERIPHERAL] = "spi/spi-peripheral-props.yaml",
	[CS_DAI_COMMON] = "sound/dai-common.yaml",
	[CS_SPI_CONTROLLER] = "spi/spi-controller.yaml",
	[CS_I2C_CONTROLLER] = "i2c/i2c-controller.yaml",
	[CS_PWM] = "pwm/pwm.yaml",
	[CS_MMC] = "mmc/mmc-controller.yaml",
	[CS_SERIAL] = "serial/serial.yaml",
	[CS_DMA_CONTROLLER] = "dma/dma-controller.yaml",
	[CS_TOUCHSCREEN] = "input/touchscreen/touchscreen.yaml",
	[CS_ETHERNET] = "net/ethernet-controller.yaml",
	[CS_NVMEM] = "nvmem/nvmem.yaml",
	[CS_RTC] = "rtc/rtc.yaml",
	[CS_WATCHDOG] = "watchdog/watchdog.yaml",
	[CS_THERMAL_SENSOR] = "thermal/thermal-sensor.yaml",
	[CS_REGULATOR] = "regulator/regulator.yaml",
	[CS_MDIO] = "net/mdio.yaml",
	[CS_VIDEO_INTERFACES] = "media/video-interfaces.yaml",
	[CS_PINCTRL] = "pinctrl/pinctrl.yaml",
	[CS_LEDS] = "leds/common.yaml",
	[CS_INPUT] = "input/input.yaml",
	[CS_ADC] = "iio/adc/adc.yaml",
	[CS_GRAPH] = "graph.yaml",
	[CS_DSA_PORTS] = "net/dsa/dsa.yaml",
	[CS_DSI_CONTROLLER] = "display/dsi-controller.yaml",
	[CS_QCOM_TLMM] = "pinctrl/qcom,tlmm-common.yaml",
	[CS_SDHCI] = "mmc/sdhci-common.yaml",
	[CS_USB_HCD] = "usb/usb-hcd.yaml",
	[CS_MSI_CONTROLLER] = "interrupt-controller/msi-controller.yaml",
	[CS_PCI_HOST] = "pci/pci-host-bridge.yaml",
	[CS_SOUND_CARD] = "sound/sound-card-common.yaml",
	[CS_SLIMBUS] = "slimbus/slimbus.yaml",
	[CS_NVMEM_DEPRECATED] = "nvmem/nvmem-deprecated-cells.yaml",
	[CS_USB_XHCI] = "usb/usb-xhci.yaml",
};

/* A provider's common schema fits only a provider: the cells property it requires. */
static const char *const provider_cells[CS_COUNT] = {
	[CS_PWM] = "#pwm-cells",
	[CS_DMA_CONTROLLER] = "#dma-cells",
	[CS_THERMAL_SENSOR] = "#thermal-sensor-cells",
};

bool any_prop_named(struct pinfo *pis, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(pis[i].name, name))
			return true;
	return false;
}

static bool any_prop_prefix(struct pinfo *pis, size_t n, const char *prefix)
{
	for (size_t i = 0; i < n; i++)
		if (starts_with(pis[i].name, prefix))
			return true;
	return false;
}

/*
 * Does an example place the device at a memory address ("pwrap@1000f000",
 * reg = <0 0x1000f000 ...>), not at a chip select?  Then the SPI its text
 * speaks of is another's ("the PMIC is connected via SPI").
 */
static bool mapped_device(const struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *reg = node_prop(cv->devnodes.v[d], "reg");
		unsigned long long v[4];
		size_t n = reg && reg->value ? value_ints(reg->value, v, ARRAY_SIZE(v)) : 0;

		for (size_t i = 0; i < n; i++)
			if (v[i] > 0xffff)
				return true;
	}
	return false;
}

/* Does the text say the device sits on an SPI bus (not just name SPI pins or blocks)? */
static bool spi_device_text(const struct conv *cv)
{
	static const char *const said[] = {
		"spi bus", "spi interface", "spi device", "spi slave", "spi-max-frequency",
		"over spi", "via spi", "node of a spi controller", "spi peripheral", "spi mode",
		"spi chip select", "spi chip-select", "spi chipselect",
	};
	/*
	 * "a child node of a SPI controller", not "embeds a SPI controller"
	 * (atmel-flexcom); in the prose: an example's spi-max-frequency may be a
	 * child's (the device's own is among its properties).  "reg: SPI chip
	 * select number": 17 texts of 6.1 outside spi/, 5 without another phrase.
	 */
	if (mapped_device(cv))
		return false;
	for (size_t i = 0; i < cv->nlines; i++)
		for (size_t k = 0; k < ARRAY_SIZE(said) && !cv->lines[i].exsec; k++)
			if (find_ci(cv->lines[i].s, said[k]))
				return true;
	return false;
}

/* Does an example give the device the value @v of @prop ("device_type", "pci")? */
static bool devnode_value(const struct conv *cv, const char *prop, const char *v)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *p = node_prop(cv->devnodes.v[d], prop);

		if (p && p->value && strstr(p->value, v))
			return true;
	}
	return false;
}

/* Do the device's example nodes have children at unit addresses ("calib@10")? */
static bool devnode_cells(const struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++)
		for (const struct ditem *c = ((const struct ditem *)cv->devnodes.v[d])->children; c; c = c->next)
			if (!c->dead && c->kind == DI_NODE && strchr(c->name, '@') && node_prop(c, "reg"))
				return true;
	return false;
}

/*
 * Does the text put the nvmem cells in the provider's own node: an example
 * with #address-cells on the device, or "Are child nodes of eFuse, bindings
 * of which as described in nvmem.txt" ("sub-nodes ... defined in nvmem.txt")?
 * The layout nvmem-deprecated-cells.yaml allows (18 of 27 nvmem/ schemas of
 * 6.12 $ref it).
 */
static bool nvmem_cells_in_node(const struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++)
		if (node_prop(cv->devnodes.v[d], "#address-cells"))
			return true;
	for (size_t i = 0; i < cv->nlines; i++) {
		const char *s = cv->lines[i].s, *prev = i ? cv->lines[i - 1].s : "";

		if (cv->lines[i].exsec || !strstr(s, "nvmem.txt"))
			continue;
		if (find_ci(s, "child node") || find_ci(s, "sub-node") || find_ci(s, "subnode") ||
		    find_ci(prev, "child node") || find_ci(prev, "sub-node") || find_ci(prev, "subnode"))
			return true;
	}
	return false;
}

/*
 * "This device follows the generic DMA bindings defined in dma/dma.txt": the
 * device's own first words make it a DMA controller, cells shown or not (a
 * consumer's "dmas: see dma.txt" is no such sentence).
 */
static bool dma_provider_text(const struct conv *cv)
{
	for (size_t i = 0; i < cv->nlines; i++) {
		const char *s = cv->lines[i].s;

		if (!cv->lines[i].exsec && (starts_with(cv->lines[i].t, "This device ") ||
					     starts_with(cv->lines[i].t, "This binding ")) &&
		    find_ci(s, "follows the generic DMA binding"))
			return true;
	}
	return false;
}

static bool devnodes_below_prefix(const struct conv *cv, const char *prefix)
{
	for (size_t d = 0; d < cv->devnodes.n; d++)
		if (prop_below(cv->devnodes.v[d], prefix, true))
			return true;
	return false;
}

/* Common schemas of kinds of device: PCI hosts, sound cards, SLIMbus controllers, nvmem cells. */
static void more_refs(struct conv *cv, struct pinfo *pis, size_t n, bool *refs)
{
	const char *dir = cv->dir_hint ? cv->dir_hint : "";
	const char *t = cv->title ? cv->title : "";
	bool device = cv->chains.n > 0;

	/* device_type = "pci": a host bridge (an endpoint has none). */
	if (device && (devnode_value(cv, "device_type", "\"pci\"") ||
		       (any_prop_named(pis, n, "device_type") &&
			any_prop_named(pis, n, "bus-range")) ||
		       /* PCI's three address cells over a bus range (rockchip-pcie-host) */
		       (devnode_value(cv, "#address-cells", "<3>") &&
			any_prop_named(pis, n, "bus-range"))))
		refs[CS_PCI_HOST] = true;
	/*
	 * A card's routing between widgets (a codec has no audio-routing of its
	 * own); sound-card-common.yaml requires a model, which the card must have.
	 */
	if (device && !strcmp(dir, "sound") && !refs[CS_DAI_COMMON] &&
	    any_prop_named(pis, n, "model") &&
	    (any_prop_named(pis, n, "audio-routing") || any_prop_named(pis, n, "audio-widgets")))
		refs[CS_SOUND_CARD] = true;
	if (device && !strcmp(dir, "slimbus") && any_prop_named(pis, n, "#address-cells"))
		refs[CS_SLIMBUS] = true;
	/* An Ethernet controller by its title (the MAC; its PHY or switch is no such thing). */
	if (device && !strcmp(dir, "net") && find_word(t, "ethernet") && find_word(t, "controller") &&
	    !find_word(t, "mdio") && !find_word(t, "phy") && !find_word(t, "switch"))
		refs[CS_ETHERNET] = true;
	/* Cells as plain children of the provider: the layout current schemas call deprecated. */
	if (refs[CS_NVMEM] && (devnode_cells(cv) || nvmem_cells_in_node(cv)))
		refs[CS_NVMEM_DEPRECATED] = true;
	if (device && dma_provider_text(cv))
		refs[CS_DMA_CONTROLLER] = true;
	/* A USB host controller by its kind's name (usb-xhci.yaml brings usb-hcd.yaml). */
	if (device && !strcmp(dir, "usb")) {
		const char *c0 = ((struct chain *)cv->chains.v[0])->s[0];

		if (find_ci(t, "xhci") || find_ci(c0, "xhci"))
			refs[CS_USB_XHCI] = true;
		else if (find_ci(t, "ehci") || find_ci(t, "ohci") || find_ci(t, "uhci") ||
			 find_ci(c0, "ehci") || find_ci(c0, "ohci") || find_ci(c0, "uhci"))
			refs[CS_USB_HCD] = true;
	}
}

/*
 * Does a family's common schema in the kind's directory $ref the kind's own
 * (synopsys-dw-mshc-common.yaml mmc-controller.yaml, the pinctrl families
 * pinctrl.yaml, qcom,pcie-common.yaml pci-host-bridge.yaml)?  The kind's
 * properties are then the family's: not repeated, and no second $ref.
 */
bool brought_by_family(const struct conv *cv, size_t kind)
{
	const char *c = common_schemas[kind], *cs = strrchr(c, '/');

	if (!cs || (kind != CS_MMC && kind != CS_PINCTRL && kind != CS_PCI_HOST))
		return false;
	for (size_t k = 0; k < cv->nxrefs; k++) {
		const char *x = cv->xrefs[k], *xs = strrchr(x, '/');

		if (xs && str_ends_with(x, "-common.yaml") && cs - c == xs - x &&
		    !strncmp(c, x, (size_t)(cs - c)))
			return true;
	}
	return false;
}

/* Which common schemas the binding uses. */
void choose_refs(struct conv *cv, struct pinfo *pis, size_t n, bool *refs)
{
	const char *dir = cv->dir_hint ? cv->dir_hint : "";
	bool device = cv->chains.n > 0;
	const char *t = cv->title ? cv->title : "";

	memset(refs, 0, CS_COUNT * sizeof(*refs));
	if (any_prop_prefix(pis, n, "spi-") && !any_prop_named(pis, n, "#address-cells"))
		refs[CS_SPI_PERIPHERAL] = true;
	if (!refs[CS_SPI_PERIPHERAL] && cv->is_spi && !cv->is_i2c && device &&
	    strcmp(dir, "spi") && spi_device_text(cv))
		refs[CS_SPI_PERIPHERAL] = true;
	/*
	 * A codec's title; a sound card only names its codec ("MT2701 with
	 * WM8960 CODEC"), and routes between widgets, which a codec does not.
	 */
	if (any_prop_named(pis, n, "#sound-dai-cells") ||
	    (!strcmp(dir, "sound") && device && (find_ci(t, "codec") || find_word(t, "dai")) &&
	     !find_word(t, "complex") && !find_word(t, "card") && !find_word(t, "machine") &&
	     !find_word(t, "with") && !any_prop_named(pis, n, "audio-routing") &&
	     !any_prop_named(pis, n, "audio-widgets")))
		refs[CS_DAI_COMMON] = true;
	if (!strcmp(dir, "spi") && device && !refs[CS_SPI_PERIPHERAL] &&
	    (find_ci(t, "spi") || find_ci(t, "controller")))
		refs[CS_SPI_CONTROLLER] = true;
	if (!strcmp(dir, "i2c") && device && (find_ci(t, "controller") || find_ci(t, "i2c")))
		refs[CS_I2C_CONTROLLER] = true;
	if (any_prop_named(pis, n, "#pwm-cells"))
		refs[CS_PWM] = true;
	if (!strcmp(dir, "mmc") && device)
		refs[CS_MMC] = true;
	/* An SDHCI controller: sdhci-common.yaml brings mmc-controller.yaml with it. */
	if (refs[CS_MMC] && root_has(cv, common_schemas[CS_SDHCI]) &&
	    (find_ci(t, "sdhci") || find_ci(t, "esdhc") ||
	     find_ci(((struct chain *)cv->chains.v[0])->s[0], "sdhci")))
		refs[CS_SDHCI] = true;
	if (!strcmp(dir, "serial") && device)
		refs[CS_SERIAL] = true;
	if (any_prop_named(pis, n, "#dma-cells"))
		refs[CS_DMA_CONTROLLER] = true;
	if (any_prop_prefix(pis, n, "touchscreen-") ||
	    (device && cv->id_rel && strstr(cv->id_rel, "/touchscreen/")))
		refs[CS_TOUCHSCREEN] = true;
	/* A device on SPI (and maybe I2C too) the text puts on an SPI bus. */
	if (!refs[CS_SPI_PERIPHERAL] && cv->is_spi && cv->is_i2c && device && strcmp(dir, "spi") &&
	    spi_device_text(cv))
		refs[CS_SPI_PERIPHERAL] = true;
	/* Properties a common schema defines say the device is one of its kind. */
	if (any_prop_named(pis, n, "linux,code") || any_prop_named(pis, n, "linux,keycodes") ||
	    any_prop_named(pis, n, "autorepeat") || any_prop_named(pis, n, "poll-interval"))
		refs[CS_INPUT] = true;
	if (any_prop_named(pis, n, "msi-controller"))
		refs[CS_MSI_CONTROLLER] = true;
	if (device && any_prop_prefix(pis, n, "regulator-"))
		refs[CS_REGULATOR] = true;
	if (any_prop_named(pis, n, "phy-mode") || any_prop_named(pis, n, "phy-connection-type") ||
	    any_prop_named(pis, n, "local-mac-address"))
		refs[CS_ETHERNET] = true;
	if (!strcmp(dir, "nvmem") && device)
		refs[CS_NVMEM] = true;
	if (!strcmp(dir, "rtc") && device)
		refs[CS_RTC] = true;
	if (!strcmp(dir, "watchdog") && device)
		refs[CS_WATCHDOG] = true;
	if (any_prop_named(pis, n, "#thermal-sensor-cells"))
		refs[CS_THERMAL_SENSOR] = true;
	/* Qualcomm's TLMM pin controllers share their GPIO and interrupt properties. */
	if (cv->dir_hint && !strcmp(cv->dir_hint, "pinctrl") && device &&
	    starts_with(((struct chain *)cv->chains.v[0])->s[0], "qcom,") &&
	    (find_word(t, "tlmm") || text_mentions(cv, "TLMM")))
		refs[CS_QCOM_TLMM] = true;
	/* A pin controller whose text points to the generic pin controller binding. */
	if (!strcmp(dir, "pinctrl") && device && !refs[CS_QCOM_TLMM] &&
	    text_mentions(cv, "pinctrl-bindings.txt"))
		refs[CS_PINCTRL] = true;
	/* A DSI host: its peripherals are child nodes addressed by virtual channel. */
	if (cv->dir_hint && !strcmp(cv->dir_hint, "display") && device &&
	    find_word(t, "dsi") && any_prop_named(pis, n, "#address-cells"))
		refs[CS_DSI_CONTROLLER] = true;
	more_refs(cv, pis, n, refs);
	/* What the text refers to: one of ours (its properties are then dropped), or another. */
	text_refs(cv);
	for (size_t k = 0; k < cv->nxrefs;) {
		bool known = false;

		for (size_t i = 0; i < CS_COUNT; i++) {
			if (strcmp(cv->xrefs[k], common_schemas[i]))
				continue;
			known = true;
			/*
			 * "see spi-bus.txt" in a device's text: an SPI device, not a
			 * controller (20 of the 21 such texts of 6.1 outside spi/; a switch
			 * has #address-cells for its ports; "NXP SPI Flash Interface" is one).
			 */
			if (i == CS_SPI_CONTROLLER && strcmp(dir, "spi") &&
			    (!any_prop_named(pis, n, "#address-cells") || !find_ci(t, "spi") ||
			     !(find_word(t, "controller") || find_word(t, "interface")))) {
				refs[CS_SPI_PERIPHERAL] |= cv->is_spi || spi_device_text(cv);
				continue;
			}
			/*
			 * "Any optional property defined in regulator.txt" of a PMIC whose
			 * regulators are child nodes: theirs, not the PMIC's.
			 */
			if (i == CS_REGULATOR && !any_prop_prefix(pis, n, "regulator-") &&
			    devnodes_below_prefix(cv, "regulator-"))
				continue;
			/* "pwms: see [2] pwm.txt": a consumer, not a PWM controller. */
			if (!provider_cells[i] || any_prop_named(pis, n, provider_cells[i]))
				refs[i] = true;
		}
		if (known || !root_has(cv, cv->xrefs[k]))
			cv->xrefs[k] = cv->xrefs[--cv->nxrefs];
		else
			k++;
	}
	for (size_t i = 0; i < CS_COUNT; i++) {
		if (refs[i] && !root_has(cv, common_schemas[i]))
			refs[i] = false;
	}
}

/*
 * What the kernel's schemas do with a property a common schema they
 * reference defines (ref-props.def, generated from Linux 6.12 by
 * tests/doc2yaml/score/gen-ref-props.py): how many referencing schemas whose
 * examples set it list it again, how many leave it to the reference.
 */
struct ref_prop {
	const char *path, *name;
	unsigned short listed, left;
};

static const struct ref_prop ref_props[] = {
#define REF_PROP(p, n, l, r) { p, n, l, r },
#include "ref-props.def"
#undef REF_PROP
};

static int ref_prop_cmp(const void *a, const void *b)
{
	const struct ref_prop *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : strcmp(x->name, y->name);
}

static void count_ref_prop(const char *path, const char *name, unsigned *defined,
			   unsigned *listed, unsigned *left)
{
	struct ref_prop key = { .path = path, .name = name };
	const struct ref_prop *rp = bsearch(&key, ref_props, ARRAY_SIZE(ref_props),
					    sizeof(ref_props[0]), ref_prop_cmp);

	if (!rp)
		return;
	(*defined)++;
	*listed += rp->listed;
	*left += rp->left;
}

/*
 * Does a common schema the device references (@refs, cv->xrefs) define
 * @name, and do the kernel's schemas list it again?  REF_USE_LEFT: it is
 * left to the reference (what kernel schemas do with most names they
 * reference, and the default where they set it in too few examples to
 * tell); REF_USE_LISTED: most that set it list it.
 */
enum ref_use ref_prop_use(const struct conv *cv, const bool *refs, const char *name)
{
	unsigned defined = 0, listed = 0, left = 0;

	for (size_t i = 0; i < CS_COUNT; i++)
		if (refs[i])
			count_ref_prop(common_schemas[i], name, &defined, &listed, &left);
	for (size_t k = 0; k < cv->nxrefs; k++)
		count_ref_prop(cv->xrefs[k], name, &defined, &listed, &left);
	if (!defined)
		return REF_USE_NONE;
	return listed + left >= 3 && 2 * listed > listed + left ? REF_USE_LISTED : REF_USE_LEFT;
}

/* Does @text, a schema, give @name as a key of its top-level properties ("  name:")? */
static bool text_keys(const char *text, size_t len, const char *name)
{
	size_t nl = strlen(name);
	bool in_props = false;

	for (const char *p = text, *end = text + len; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));

		e = e ? e : end;
		if (isalpha((unsigned char)*p))
			in_props = (size_t)(e - p) >= 11 && !strncmp(p, "properties:", 11);
		/* A key two blanks in, bare or quoted. */
		if (in_props && e - p > 2 && p[0] == ' ' && p[1] == ' ' && p[2] != ' ') {
			const char *k = p + 2 + (p[2] == '"' || p[2] == '\'');

			if ((size_t)(e - k) > nl && !memcmp(k, name, nl)) {
				const char *c = k + nl;

				c += c < e && (*c == '"' || *c == '\'');
				if (c < e && *c == ':')
					return true;
			}
		}
		p = e + 1;
	}
	return false;
}

/* @ref ("/schemas/x/y.yaml#", "y.yaml#", "../x/y.yaml#/...") from schema @rel, into @out. */
static bool resolve_ref(const char *rel, const char *ref, char *out, size_t size)
{
	size_t len = strcspn(ref, "#\"' \n");
	const char *slash = strrchr(rel, '/');

	if (len < 6 || strncmp(ref + len - 5, ".yaml", 5))
		return false;
	if (starts_with(ref, "/schemas/"))
		return (size_t)snprintf(out, size, "%.*s", (int)(len - 9), ref + 9) < size;
	if (strstr(ref, "://"))
		return false;
	size_t dir = slash ? (size_t)(slash - rel) : 0;

	while (starts_with(ref, "../")) {
		while (dir && rel[dir - 1] != '/')
			dir--;
		dir -= dir > 0;
		ref += 3;
		len -= 3;
	}
	return (size_t)snprintf(out, size, "%.*s%s%.*s", (int)dir, rel, dir ? "/" : "",
				(int)len, ref) < size;
}

/*
 * Does schema @rel, or one it references, define @name, as the
 * conversion's tree and generation have it (the tree's file, else
 * dt-schema's own)?  Without a tree, a recent one is assumed: true.
 */
static bool schema_defines(const struct conv *cv, const char *rel, const char *name,
			   unsigned depth)
{
	char core[PATH_MAX], *buf = NULL;
	const char *text;
	size_t len = 0;
	bool found = false;

	if (depth > 3 || snprintf(core, sizeof(core), "core/%s", rel) >= (int)sizeof(core))
		return false;
	const struct embedded_file *ef = embedded_find_gen(core, cv->c->opts.gen);

	if (ef) {
		text = ef->data;
		len = ef->len;
	} else if (!cv->root) {
		return true;
	} else {
		char *path;

		if (asprintf(&path, "%s/%s", cv->root, rel) < 0)
			return false;
		int rc = read_file(path, 1 << 20, &buf, &len);

		free(path);
		if (rc)
			return false;
		text = buf;
	}
	found = text_keys(text, len, name);
	for (const char *r = text; !found && (r = strstr(r, "$ref:")) && r < text + len; r += 5) {
		char next[PATH_MAX];

		if (resolve_ref(rel, skip_blanks(r + 5), next, sizeof(next)) &&
		    strcmp(next, rel) && !starts_with(next, "types.yaml"))
			found = schema_defines(cv, next, name, depth + 1);
	}
	free(buf);
	return found;
}

/* Does a common schema the device references define @name in the tree converted for? */
bool ref_schemas_define(const struct conv *cv, const bool *refs, const char *name)
{
	for (size_t i = 0; i < CS_COUNT; i++)
		if (refs[i] && schema_defines(cv, common_schemas[i], name, 0))
			return true;
	for (size_t k = 0; k < cv->nxrefs; k++)
		if (schema_defines(cv, cv->xrefs[k], name, 0))
			return true;
	return false;
}
