// SPDX-License-Identifier: BSD-2-Clause
/*
 * refs.c - references to common bindings: "[2] .../video-interfaces.txt",
 * "see ../mmc/mmc.txt", "as defined in pwm.yaml" name a schema that other
 * bindings pull in whole (common-refs.def, generated from the kernel trees
 * by tests/doc2yaml/score/gen-common-refs.py); the conversion then $refs it.
 * A reference made for a consumer property ("vdd-supply: see
 * regulator.txt", "dmas: see dma.txt") is the consumer's, not a $ref.
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
