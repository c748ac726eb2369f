// SPDX-License-Identifier: BSD-2-Clause
/*
 * util.c - small string helpers, the conversion's allocator and its findings.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/*
 * Properties that common schemas (dt-schema core and the bindings' common
 * schemas) define with their type: never given a types.yaml $ref here.
 * Sorted (strcmp) for bsearch.
 */
static const char *const std_props[] = {
	"#address-cells", "#clock-cells", "#cooling-cells", "#dma-cells", "#gpio-cells",
	"#interconnect-cells", "#interrupt-cells", "#io-channel-cells", "#msi-cells", "#mux-control-cells",
	"#mux-state-cells", "#performance-domain-cells", "#phy-cells", "#pinctrl-cells", "#power-domain-cells",
	"#pse-cells", "#pwm-cells", "#reset-cells", "#size-cells", "#sound-dai-cells",
	"#thermal-sensor-cells", "#timestamp-cells", "#trigger-source-cells", "adp-disable", "ahci-supply",
	"alignment", "alloc-ranges", "aspm-no-l0s", "assigned-clock-parents", "assigned-clock-rates",
	"assigned-clocks", "autorepeat", "aux-voltage-chargeable", "backlight", "bias-bus-hold",
	"bias-disable", "bias-high-impedance", "bias-pull-down", "bias-pull-pin-default", "bias-pull-up",
	"bipolar", "bootargs", "broken-cd", "bus-frequency", "bus-range",
	"bus-type", "bus-width", "cache-level", "cache-unified", "cap-mmc-highspeed",
	"cap-mmc-hw-reset", "cap-power-off-card", "cap-sd-highspeed", "cap-sdio-irq", "card-detect-delay",
	"cci-control-port", "cd-debounce-delay-ms", "cd-gpios", "cd-inverted", "chassis-type",
	"clock-frequency", "clock-indices", "clock-lanes", "clock-names", "clock-noncontinuous",
	"clock-output-names", "clock-ranges", "clocks", "cmd-timeout-ms", "color",
	"companion", "convert-channels", "convert-rate", "convert-sample-format", "cs-gpios",
	"cts-gpios", "cts-rts-swap", "current-speed", "data-active", "data-addr",
	"data-enable-active", "data-lanes", "data-mapping", "data-mirror", "data-shift",
	"dcd-gpios", "de-active", "default-brightness", "default-state", "device-id",
	"device_type", "diff-channels", "disable-cqe-dcmd", "disable-wp", "dma-channel-mask",
	"dma-channels", "dma-coherent", "dma-masters", "dma-names", "dma-ranges",
	"dma-requests", "dmas", "domain-idle-states", "doubleclk", "doublescan",
	"dr_mode", "drive-open-drain", "drive-open-source", "drive-push-pull", "drive-strength",
	"drive-strength-microamp", "dsa-tag-protocol", "dsr", "dsr-gpios", "dtr-gpios",
	"duration-us", "enable-gpios", "entry-method", "exit-latency-us", "field-even-active",
	"fifo-depth", "fifo-watermark-aligned", "fixed-emmc-driver-type", "fixed-link", "flash-max-microamp",
	"flash-max-timeout-us", "freq-table-hz", "full-pwr-cycle", "full-pwr-cycle-in-suspend", "function",
	"function-enumerator", "gpio-controller", "gpio-line-names", "gpio-ranges", "gpio-reserved-ranges",
	"gpios", "groups", "hactive", "hba-cap", "hback-porch",
	"height-mm", "hfront-porch", "hnp-disable", "hp-det-gpio", "hpd-gpios",
	"hsync-active", "hsync-len", "hwlock-names", "hwlocks", "i2c-analog-filter",
	"i2c-analog-filter-cutoff-frequency", "i2c-digital-filter", "i2c-digital-filter-width-ns", "i2c-scl-falling-time-ns", "i2c-scl-hz",
	"i2c-scl-internal-delay-ns", "i2c-scl-rising-time-ns", "i2c-sda-falling-time-ns", "i3c-scl-hz", "ieee80211-freq-limit",
	"imod-interval-ns", "input-debounce", "input-disable", "input-enable", "input-schmitt-disable",
	"input-schmitt-enable", "interconnects", "interlaced", "interrupt-controller", "interrupt-map",
	"interrupt-map-mask", "interrupt-names", "interrupts", "interrupts-extended", "io-channels",
	"iommu-map", "iommu-map-mask", "iommus", "kaslr-seed", "keep-power-in-suspend",
	"label", "lane-polarities", "lanes-per-direction", "led-max-microamp", "led-sources",
	"lens-focus", "line-name", "link-frequencies", "lna-supply", "local-mac-address",
	"low-power-disable", "low-power-enable", "mac-address", "managed", "max-bitrate",
	"max-brightness", "max-frame-size", "max-frequency", "max-functions", "max-link-speed",
	"max-speed", "max-virtual-functions", "maximum-speed", "mbox-names", "mboxes",
	"mctp-controller", "memory-region", "memory-region-names", "mic-det-gpio", "mmc-ddr-1_2v",
	"mmc-ddr-1_8v", "mmc-ddr-3_3v", "mmc-hs200-1_2v", "mmc-hs200-1_8v", "mmc-hs400-1_2v",
	"mmc-hs400-1_8v", "mmc-hs400-enhanced-strobe", "mmc-pwrseq", "model", "mount-matrix",
	"msi-controller", "msi-map", "msi-map-mask", "msi-parent", "msi-ranges",
	"multi-master", "mux-control-names", "mux-controls", "mux-state-names", "mux-states",
	"nand-ecc-algo", "nand-ecc-engine", "nand-ecc-step-size", "nand-ecc-strength", "nand-no-ecc-engine",
	"nand-use-soft-ecc-engine", "native-mode", "next-level-cache", "ngpios", "no-1-8-v",
	"no-detect", "no-hpd", "no-map", "no-mmc", "no-mmc-hs400",
	"no-sd", "no-sdio", "non-removable", "num-cs", "num-lanes",
	"nvmem-cell-names", "nvmem-cells", "nvmem-names", "operating-points", "operating-points-v2",
	"opp-shared", "orientation", "otg-rev", "output-disable", "output-enable",
	"output-high", "output-impedance-ohms", "output-low", "oversampling-ratio", "pa-gpios",
	"panic-indicator", "parallel-memories", "pclk-sample", "pcs-handle", "performance-domains",
	"phy-connection-type", "phy-device", "phy-handle", "phy-mode", "phy-names",
	"phy-supply", "phy-type", "phy_type", "phys", "pinctrl-0", "pinctrl-1", "pinctrl-names",
	"pinctrl-pin-array",
	"pinctrl-use-default", "pinmux", "pins", "pixelclk-active", "poll-interval",
	"ports-implemented", "post-power-on-delay-ms", "power-domain-names", "power-domains", "power-off-time-sec",
	"power-source", "power-supplies", "power-supply", "powerdown-gpios", "prefix",
	"protected-clocks", "proximity-near-level", "pwdn-gpios", "pwm-names", "pwms",
	"quartz-load-femtofarads", "quirk-broken-port-ped", "ranges", "read-only", "reg",
	"reg-io-width", "reg-names", "regulator-active-discharge", "regulator-allow-bypass", "regulator-allow-set-load",
	"regulator-allowed-modes", "regulator-always-on", "regulator-boot-on", "regulator-coupled-max-spread", "regulator-coupled-with",
	"regulator-enable-ramp-delay", "regulator-initial-mode", "regulator-input-current-limit-microamp", "regulator-max-microamp", "regulator-max-microvolt",
	"regulator-max-step-microvolt", "regulator-microvolt-offset", "regulator-min-microamp", "regulator-min-microvolt", "regulator-name",
	"regulator-oc-error-microamp", "regulator-oc-protection-microamp", "regulator-oc-warn-microamp", "regulator-ov-error-microvolt", "regulator-ov-protection-microvolt",
	"regulator-ov-warn-microvolt", "regulator-over-current-protection", "regulator-pull-down", "regulator-ramp-delay", "regulator-settling-time-down-us",
	"regulator-settling-time-up-us", "regulator-settling-time-us", "regulator-soft-start", "regulator-system-load", "regulator-temp-error-kelvin",
	"regulator-temp-protection-kelvin", "regulator-temp-warn-kelvin", "regulator-uv-error-microvolt", "regulator-uv-protection-microvolt", "regulator-uv-warn-microvolt",
	"reset-delay-us", "reset-gpios", "reset-names", "reset-post-delay-us", "reset-source",
	"reset-time-sec", "resets", "retain-state-shutdown", "reusable", "rng-gpios",
	"rng-seed", "role-switch-default-mode", "rotation", "rpm-requests", "rs485-rts-active-low",
	"rs485-rts-delay", "rs485-rx-active-high", "rs485-rx-during-tx", "rs485-term-gpios", "rts-gpios",
	"rx-fifo-depth", "rx-internal-delay-ps", "rx-sample-delay-ns", "rx-threshold", "rx-tx-swap",
	"scl-gpios", "sd-uhs-ddr50", "sd-uhs-sdr104", "sd-uhs-sdr12", "sd-uhs-sdr25",
	"sd-uhs-sdr50", "sda-gpios", "settling-time-us", "single-master", "size",
	"skew-delay", "slave-mode", "slc-mode", "sleep-hardware-state", "slew-rate",
	"slot-power-limit-milliwatt", "smbus", "smbus-alert", "sound-dai", "sound-name-prefix",
	"spi-cs-high", "spi-lsb-first", "spi-max-frequency", "spi-rx-bus-width", "spi-rx-delay-us",
	"spi-slave", "spi-tx-bus-width", "spi-tx-delay-us", "srp-disable", "stacked-memories",
	"start-year", "stdout-path", "strobe", "supports-clkreq", "supports-cqe",
	"suppress-preamble", "sync-on-green-active", "syncclk-active", "target-supply", "te-gpios",
	"termination-gpios", "termination-ohms", "timeout-sec", "timepulse-gpios", "timestamp-names",
	"timestamps", "touchscreen-average-samples", "touchscreen-fuzz-pressure", "touchscreen-fuzz-x", "touchscreen-fuzz-y",
	"touchscreen-inverted-x", "touchscreen-inverted-y", "touchscreen-max-pressure", "touchscreen-min-pressure", "touchscreen-min-x",
	"touchscreen-min-y", "touchscreen-size-x", "touchscreen-size-y", "touchscreen-swapped-x-y", "touchscreen-x-mm",
	"touchscreen-x-plate-ohms", "touchscreen-y-mm", "touchscreen-y-plate-ohms", "tpl-support", "trickle-diode-disable",
	"trickle-resistor-ohms", "trickle-voltage-millivolt", "trigger-sources", "tx-fifo-depth", "tx-internal-delay-ps",
	"tx-p2p-microvolt", "tx-p2p-microvolt-names", "tx-threshold", "uart-has-rtscts", "usb-role-switch",
	"usb2-lpm-disable", "usb3-lpm-capable", "vactive", "vback-porch", "vcc-max-microamp",
	"vcc-supply", "vccq-max-microamp", "vccq-supply", "vccq2-max-microamp", "vccq2-supply",
	"vdd-hba-supply", "vddio-supply", "vendor-id", "vfront-porch", "vmmc-supply",
	"vqmmc-supply", "vsync-active", "vsync-len", "wakeup-gpios", "wakeup-source",
	"width-mm", "wp-gpios", "wp-inverted",
};

bool is_name_char(int c)
{
	return isalnum(c) || c == ',' || c == '.' || c == '_' || c == '+' || c == '-' || c == '#' ||
	       c == '@' || c == '?';
}

bool is_label_char(int c)
{
	return isalnum(c) || c == '_';
}

bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

bool starts_with_ci(const char *s, const char *prefix)
{
	return !strncasecmp(s, prefix, strlen(prefix));
}

const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/*
 * Case-insensitive substring search.  strncasecmp() only where the first
 * letter matches: called at every position, it was a third of the
 * converter's time in the fuzzing build (each call is intercepted there).
 */
const char *find_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	int first = tolower((unsigned char)needle[0]);

	for (; *hay; hay++)
		if (!n || (tolower((unsigned char)*hay) == first && !strncasecmp(hay, needle, n)))
			return hay;
	return NULL;
}

/* @word as a whole word in @s, case-insensitive. */
const char *find_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = s; (p = find_ci(p, word)) != NULL; p++) {
		bool before = p == s || !isalnum((unsigned char)p[-1]);
		bool after = !isalnum((unsigned char)p[n]);

		if (before && after)
			return p;
	}
	return NULL;
}

int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool is_std_prop(const char *name)
{
	return bsearch(&name, std_props, ARRAY_SIZE(std_props), sizeof(std_props[0]), cmp_strp);
}

/*
 * The standard property @name is one letter off, that letter not its first
 * ("interrupt-congroller"): only for names of 12 letters or more, where
 * two standard names never differ so little, and no supply.
 */
const char *std_prop_one_off(const char *name)
{
	size_t n = strlen(name);

	if (n < 12)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(std_props); i++) {
		const char *sp = std_props[i];
		unsigned diff = 0;

		if (strlen(sp) != n || sp[0] != name[0] || str_ends_with(sp, "-supply"))
			continue;
		for (size_t k = 0; k < n && diff < 2; k++)
			diff += sp[k] != name[k];
		if (diff == 1)
			return sp;
	}
	return NULL;
}

/* Is @s one of list[0..n)? */
bool str_in(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(s, list[i]))
			return true;
	return false;
}

/* Is @w[0..@len) one of list[0..n), in any case ("Details" of "details")? */
bool span_in_ci(const char *w, size_t len, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == len && !strncasecmp(w, list[i], len))
			return true;
	return false;
}

/*
 * The next "(token)" at or after @p, the token of letters, digits, '_', '-'
 * or '.' ("clock(ref)", "(phy_cfg)"): its first character, *@len its length;
 * NULL when there is none.
 */
const char *paren_token(const char *p, size_t *len)
{
	for (p = p ? strchr(p, '(') : NULL; p; p = strchr(p + 1, '(')) {
		const char *e = p + 1;

		while (*e && (isalnum((unsigned char)*e) || *e == '_' || *e == '-' || *e == '.'))
			e++;
		if (*e == ')' && e > p + 1) {
			*len = (size_t)(e - p - 1);
			return p + 1;
		}
	}
	return NULL;
}

/* Is every character of @s in the class @is_class or one of @extra? */
bool only_chars(const char *s, int (*is_class)(int), const char *extra)
{
	for (; *s; s++)
		if (!is_class((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

/* A devicetree property (or node) name the meta-schema accepts (2026.06's: see prop_name_ok). */
bool valid_prop_name(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > MAX_NAME || !(isalpha((unsigned char)s[0]) || s[0] == '#') ||
	    !only_chars(s + 1, isalnum, ",+-._@#"))
		return false;
	/* '#' opens a name or its vendor's part only ("ti,#tlb-entries"). */
	for (const char *h = strchr(s + 1, '#'); h; h = strchr(h + 1, '#'))
		if (h[-1] != ',' || !isalpha((unsigned char)h[1]))
			return false;
	/* JSON Schema keywords cannot be property names in a schema. */
	static const char *const kw[] = {
		"additionalItems", "additionalProperties", "allOf", "anyOf", "const", "contains",
		"default", "dependencies", "dependentRequired", "dependentSchemas", "deprecated",
		"description", "else", "enum", "exclusiveMaximum", "exclusiveMinimum", "if", "items",
		"maxItems", "maximum", "minItems", "minimum", "multipleOf", "not", "oneOf", "pattern",
		"patternProperties", "properties", "required", "then", "typeSize",
		"unevaluatedProperties", "uniqueItems",
	};
	return !str_in(s, kw, ARRAY_SIZE(kw));
}

/* valid_prop_name(), and no '#' past the first character unless the generation takes it. */
bool prop_name_ok(const struct conv *cv, const char *s)
{
	return valid_prop_name(s) && (cv->c->gen_2026 || !strchr(s + 1, '#'));
}

/* A compatible string as the meta-schema's string pattern accepts it. */
bool valid_compatible(const char *s)
{
	size_t n = strlen(s);

	return n >= 2 && n <= 128 && isalnum((unsigned char)s[0]) && only_chars(s, isalnum, ",.-_+/");
}

/* Vendor property: has a vendor prefix (a comma) not covered by the meta-schema's exceptions. */
bool is_vendor_prop(const char *name)
{
	return strchr(name, ',') && !starts_with(name, "linux,");
}

/* Visual column of @p in @line (tabs to the next multiple of 8), 0-based. */
unsigned vcol(const char *line, const char *p)
{
	unsigned col = 0;

	for (const char *q = line; q < p && *q; q++)
		col = *q == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

void *cv_alloc(struct conv *cv, size_t n)
{
	void *p = arena_alloc(&cv->a, n);

	if (!p)
		cv->oom = true;
	return p;
}

char *cv_strndup(struct conv *cv, const char *s, size_t n)
{
	char *p = arena_strndup(&cv->a, s, n);

	if (!p)
		cv->oom = true;
	return p;
}

char *cv_strdup(struct conv *cv, const char *s)
{
	return cv_strndup(cv, s, strlen(s));
}
char *cv_printf(struct conv *cv, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		cv->oom = true;
		return NULL;
	}
	char *r = cv_strndup(cv, s, (size_t)n);

	free(s);
	return r;
}

/* The index of .txt line @no in cv->lines (joined headings leave gaps), or SIZE_MAX. */
size_t line_index(const struct conv *cv, unsigned no)
{
	for (size_t i = 0; i < cv->nlines; i++)
		if (cv->lines[i].no == no)
			return i;
	return SIZE_MAX;
}

void vec_push(struct conv *cv, struct vec *v, void *p)
{
	if (v->n == v->cap) {
		size_t ncap = v->cap ? v->cap * 2 : 8;
		void **nv = cv_alloc(cv, ncap * sizeof(*nv));

		if (!nv)
			return;
		if (v->n)
			memcpy(nv, v->v, v->n * sizeof(*nv));
		v->v = nv;
		v->cap = ncap;
	}
	v->v[v->n++] = p;
}
void finding(struct conv *cv, enum dtbind_severity sev, unsigned line, unsigned col,
		    const char *rule, const char *fmt, ...)
{
	va_list ap;
	struct dtbind_loc loc = { cv->file, line ? line : 1, col ? col : 1 };

	if (sev == DTBIND_WARNING)
		cv->warnings++;
	va_start(ap, fmt);
	dtbind_diag_vreport(cv->c->diag, sev, loc, rule, fmt, ap);
	va_end(ap);
}

/*
 * The text after ePAPR's label @label ("usage", "value type", "definition")
 * and its colon at the start of @t, blanks allowed before the colon
 * ("Definition : Must be ..."); NULL when @t does not start so.
 */
const char *epapr_label(const char *t, const char *label)
{
	size_t n = strlen(label);

	if (strncasecmp(t, label, n))
		return NULL;
	t = skip_blanks(t + n);
	return *t == ':' ? skip_blanks(t + 1) : NULL;
}

/* A line of running prose: no bullet, table gap, code or list marker. */
bool prose_line(const char *s, size_t n)
{
	const char *after;
	char buf[512];

	if (!n || n >= sizeof(buf))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (bullet_at(buf, &after) || strchr("-*+#/&}[", buf[0]) ||
	    (isdigit((unsigned char)buf[0]) && buf[1] && strchr(".)", buf[1])))
		return false;	/* lists, "[1] ...", "1. ...", code */
	/* A legend's entry: '"none": clock source is disabled', '"brg1" through "brg16": ...'. */
	if (buf[0] == '"' && strchr(buf + 1, '"')) {
		const char *q = skip_blanks(strchr(buf + 1, '"') + 1);

		if (*q == ':' || *q == '=' || (*q == '-' && q[1] == ' ') || starts_with(q, "through ") ||
		    starts_with(q, "to \""))
			return false;
	}
	/* A legend's entry: "0 - floating (reset value)", "0x2 = fast". */
	size_t dl = strspn(buf, "0123456789abcdefABCDEFx");

	if (dl && isdigit((unsigned char)buf[0]) && buf[dl] == ' ' &&
	    strchr("-=", *skip_blanks(buf + dl)) && skip_blanks(buf + dl)[1] == ' ')
		return false;
	/* "reg: offset and length" starts an item of a list. */
	size_t tl = strcspn(buf, ": ");

	if (buf[tl] == ':' && tl && strspn(buf, "abcdefghijklmnopqrstuvwxyz0123456789,#_-") == tl) {
		buf[tl] = '\0';
		if (strpbrk(buf, ",#_-") || strspn(buf, "0123456789") == tl || is_std_prop(buf) ||
		    !strcmp(buf, "compatible") || !strcmp(buf, "reg"))
			return false;
		buf[tl] = ':';
	}
	/* "dcdc1 : DCDC1", a legend's line (wm831x's regulators). */
	size_t kl = strspn(buf, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,#_-");

	if (kl && buf[kl] == ' ' && *skip_blanks(buf + kl) == ':' &&
	    !(isupper((unsigned char)buf[0]) && islower((unsigned char)buf[1])))
		return false;	/* not "Boolean : The strength ...", "Default : 1" */
	/* Two blanks make a table's gap, except between sentences. */
	for (const char *g = strstr(buf, "  "); g; g = strstr(g + 1, "  "))
		if (g > buf && !strchr(".:;", g[-1]))
			return false;
	return !strchr(buf, '\t') && !strpbrk(buf, "{}=|<>");
}

/*
 * The blanks before the first ':' of t..end ("Port 0: contained" -> 1), or
 * UINT_MAX when there is none: how far into a line its key ends.
 */
static unsigned blanks_before_colon(const char *t, const char *end)
{
	const char *colon = memchr(t, ':', (size_t)(end - t));
	unsigned blanks = 0;

	if (!colon)
		return UINT_MAX;
	for (const char *c = t; c < colon; c++)
		blanks += *c == ' ';
	return blanks;
}

/* Does @t start a sentence: a capitalized word ("See", "Each"), not a name ("SoC", "PHY")? */
static bool sentence_start(const char *t)
{
	size_t k = 1;

	if (!isupper((unsigned char)t[0]) || !islower((unsigned char)t[1]))
		return false;
	while (islower((unsigned char)t[k]))
		k++;
	return !isalnum((unsigned char)t[k]);
}

/* How many words t[0..n) has, and how many of them are plain ("mode", "node."). */
static void count_words(const char *t, size_t n, unsigned *words, unsigned *plain)
{
	*words = *plain = 0;
	for (const char *w = t, *end = t + n; w < end;) {
		size_t k = strcspn(w, " "), a = 0;

		if (k > (size_t)(end - w))
			k = (size_t)(end - w);
		while (a < k && isalpha((unsigned char)w[a]))
			a++;
		*words += k > 0;
		*plain += a > 0 && (a == k || (a + 1 == k && strchr(".,;", w[a])));
		w += k;
		while (w < end && *w == ' ')
			w++;
	}
}

/*
 * The indentation of a paragraph's second line when it hangs deeper than
 * its first, as the .txt aligned an item's text under its first line's
 * ("- axistream-connected: Reference to another node which contains the
 * resources\n\t\t       for the AXI DMA controller ..."), else 0.  Not
 * after a lead-in (a first line ending with ':'), whose indented lines are
 * a list or a table.
 */
static size_t hanging_indent(const char *p, size_t ind)
{
	const char *eol = strchr(p, '\n');
	unsigned words, plain;

	if (!eol || eol[1] == '\n' || eol == p || eol[-1] == ':')
		return 0;
	/*
	 * The first line begins a sentence: three words or more, two of them
	 * plain words, not a term defined below it ("sysclk", "gpio0-gpio99",
	 * "sdc2_clk, sdc2_cmd"); the lines under it are words too, not names
	 * ("IRQ_TYPE_LEVEL_LOW", "io13-io19,io23-io27,").
	 */
	count_words(p + ind, (size_t)(eol - p) - ind, &words, &plain);
	if (words < 3 || plain < 2)
		return 0;
	size_t hang = strspn(eol + 1, " ");

	/* As far as tabs align text under a name ("- name:\t\t"), no farther. */
	if (hang <= ind || hang > ind + 40 || !eol[1 + hang] || eol[1 + hang] == '\n')
		return 0;
	for (const char *l = eol + 1, *prev_end = eol; *l && *l != '\n';) {
		const char *e = strchr(l, '\n');
		size_t n = e ? (size_t)(e - l) : strlen(l);
		const char *t = l + strspn(l, " "), *dash = strstr(t, " - ");

		count_words(l, n, &words, &plain);
		/*
		 * Not a list under it: a lead-in ("Valid names include:"), a
		 * legend's entry ("0 - floating", "bit 1 - OS", "Port 0: ..."), a sentence of
		 * its own after one without its stop ("... on the SPI bus\n
		 * See spi-bus.txt").
		 */
		if (!plain || (n && l[n - 1] == ':') || (dash && dash < l + n && dash - t <= 8) ||
		    blanks_before_colon(t, l + n) <= 2 ||
		    (sentence_start(t) && !strchr(".;!?", prev_end[-1])))
			return 0;
		prev_end = l + n;
		l += n + (e != NULL);
	}
	return hang;
}

/* A line of four words or fewer ending with ':' ("Supported chips:"). */
static bool short_heading(const char *t, size_t n)
{
	unsigned words = 1;

	if (n < 2 || t[n - 1] != ':')
		return false;
	for (size_t k = 0; k < n; k++)
		words += t[k] == ' ' && k + 1 < n && t[k + 1] != ' ';
	return words <= 4;
}

/* Does every line of p..q say "key: value", its colon within its first four words? */
static bool every_line_keyed(const char *p, const char *q)
{
	for (const char *l = p; l < q;) {
		const char *eol = memchr(l, '\n', (size_t)(q - l)), *e = eol ? eol : q;
		const char *colon = memchr(l, ':', (size_t)(e - l));

		if (!colon || colon + 1 == e || blanks_before_colon(l + strspn(l, " "), e) > 3)
			return false;
		l = eol ? eol + 1 : q;
	}
	return true;
}

/*
 * Prose paragraphs joined and wrapped at @width columns, as kernel schemas
 * write descriptions; lists, tables, code and lines indented unlike their
 * paragraph are kept as written.  Returns @text itself when nothing moves.
 */
const char *reflow(struct conv *cv, const char *text, unsigned width)
{
	struct strbuf sb;
	bool changed = false;

	if (!text || !strchr(text, '\n'))
		return text;
	sb_init(&sb);
	for (const char *p = text; *p;) {
		const char *q = p;
		size_t nl = 0, ind = strspn(p, " "), hang = hanging_indent(p, ind);
		bool prose = true;

		/* One paragraph: up to a blank line. */
		while (*q && *q != '\n') {
			const char *eol = strchr(q, '\n');
			size_t n = eol ? (size_t)(eol - q) : strlen(q), sp = strspn(q, " ");

			if (sp != (nl && hang ? hang : ind) || !prose_line(q + sp, n - sp))
				prose = false;
			nl++;
			q = eol ? eol + 1 : q + n;
			if (eol && *q == '\n')
				break;
			/* A short heading ("Clock tree binding:") stays on its line. */
			if (nl == 1 && eol && short_heading(p + sp, n - sp))
				break;
		}
		if (nl >= 2 && every_line_keyed(p, q))
			prose = false;	/* "On TWL4030 series: PWM1\nOn TWL6030 series: PWM0" */
		if (!prose || nl < 2) {
			sb_putn(&sb, p, (size_t)(q - p));
		} else {
			/* Greedy fill at @width, the paragraph's indentation kept. */
			size_t col = 0;
			const char *prev_word = NULL;

			changed = true;
			for (const char *w = p; w < q;) {
				while (w < q && (*w == ' ' || *w == '\n'))
					w++;
				const char *e = w;

				while (e < q && *e != ' ' && *e != '\n')
					e++;
				if (e == w)
					break;
				/* A list of links keeps one per line. */
				bool links = prev_word && starts_with(prev_word, "http") && starts_with(w, "http");

				prev_word = w;
				if (col && (links || col + 1 + (size_t)(e - w) > width)) {
					sb_putc(&sb, '\n');
					col = 0;
				}
				if (!col) {
					for (size_t k = 0; k < ind; k++)
						sb_putc(&sb, ' ');
					col = ind;
				} else {
					sb_putc(&sb, ' ');
					col++;
				}
				sb_putn(&sb, w, (size_t)(e - w));
				col += (size_t)(e - w);
				w = e;
			}
			sb_putc(&sb, '\n');
		}
		/* The blank lines between paragraphs. */
		while (*q == '\n') {
			sb_putc(&sb, '\n');
			q++;
		}
		p = q;
	}
	if (!changed) {
		sb_free(&sb);
		return text;
	}
	while (sb.len && sb.buf[sb.len - 1] == '\n' && text[strlen(text) - 1] != '\n')
		sb.len--;
	const char *r = cv_strndup(cv, sb.buf, sb.len);

	sb_free(&sb);
	return r ? r : text;
}

/* Is the word that ends at @e (after @start) one of @words, in any case? */
bool word_before(const char *start, const char *e, const char *const *words, size_t n)
{
	const char *w = e;

	while (w > start && isalpha((unsigned char)w[-1]))
		w--;
	for (size_t i = 0; i < n; i++)
		if ((size_t)(e - w) == strlen(words[i]) && !strncasecmp(w, words[i], (size_t)(e - w)))
			return true;
	return false;
}
