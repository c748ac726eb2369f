// SPDX-License-Identifier: BSD-2-Clause
/*
 * doc2yaml.c - legacy .txt bindings to DT schema.
 *
 * The text is read as lines and cut into sections by its headings
 * ("Required properties:", "Example:", underlined titles, ePAPR
 * "PROPERTIES").  Property sections yield items in any of the usual
 * spellings; example sections yield code blocks, which a tolerant DTS
 * parser turns into trees that are cleaned (labels, unit addresses, bus
 * wrappers, macros) and printed again.  The schema is built from the items,
 * typed from their text and from the values the examples give them, then
 * emitted as YAML by hand (2-space indentation, quoting only when needed,
 * the kernel's .yamllint rules) with a map from each output line to the
 * .txt line it came from, so that the self-check (lint, in process) can
 * report at the .txt line.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ftw.h>

#include "exampletest/exampletest.h"
#include "lint/lint.h"
#include "doc2yaml.h"
#include "fixup.h"
#include "internal.h"

#define DT_SCHEMAS "http://devicetree.org/schemas/"
#define MAX_NAME 64		/* DT property name length the meta-schema allows */
#define MAX_NESTING 64		/* DTS nodes nested deeper are flattened */
#define YAML_WIDTH 100		/* wrap descriptions to this column (yamllint allows 110) */

/* Its rules are doc2yaml-* in lib/rules.def. */

/* ------------------------------------------------------------------ */
/* Tables                                                              */

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
	"phy-supply", "phy-type", "phy_type", "phys", "pinctrl-pin-array",
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

/* Macros of the examples and the dt-bindings header that defines them. */
static const struct macro_header {
	const char *prefix;	/* whole name, or prefix when it ends in '_' or '*' */
	const char *header;
} macro_headers[] = {
	{ "GIC_SPI", "dt-bindings/interrupt-controller/arm-gic.h" },
	{ "GIC_PPI", "dt-bindings/interrupt-controller/arm-gic.h" },
	{ "GIC_CPU_MASK_*", "dt-bindings/interrupt-controller/arm-gic.h" },
	{ "IRQ_TYPE_*", "dt-bindings/interrupt-controller/irq.h" },
	{ "GPIO_ACTIVE_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_OPEN_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_PUSH_PULL", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_SINGLE_ENDED", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_LINE_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_PULL_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_TRANSITORY", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_PERSISTENT", "dt-bindings/gpio/gpio.h" },
	{ "KEY_*", "dt-bindings/input/input.h" },
	{ "BTN_*", "dt-bindings/input/input.h" },
	{ "SW_*", "dt-bindings/input/input.h" },
	{ "EV_*", "dt-bindings/input/input.h" },
	{ "ABS_*", "dt-bindings/input/input.h" },
	{ "REL_*", "dt-bindings/input/input.h" },
	{ "MATRIX_KEY", "dt-bindings/input/input.h" },
	{ "PHY_TYPE_*", "dt-bindings/phy/phy.h" },
	{ "THERMAL_NO_LIMIT", "dt-bindings/thermal/thermal.h" },
	{ "LED_COLOR_ID_*", "dt-bindings/leds/common.h" },
	{ "LED_FUNCTION_*", "dt-bindings/leds/common.h" },
	{ "LED_CORE_*", "dt-bindings/leds/common.h" },
	{ "PWM_POLARITY_*", "dt-bindings/pwm/pwm.h" },
	{ "IRQ_SYS_*", "" },	/* prose in comments of old examples, never a macro */
};

/* Common schemas a binding may $ref (present in recent kernels), by path under /schemas/. */
enum common_schema {
	CS_SPI_PERIPHERAL, CS_DAI_COMMON, CS_SPI_CONTROLLER, CS_I2C_CONTROLLER, CS_PWM,
	CS_MMC, CS_SERIAL, CS_DMA_CONTROLLER, CS_TOUCHSCREEN, CS_ETHERNET, CS_NVMEM, CS_RTC,
	CS_WATCHDOG, CS_THERMAL_SENSOR, CS_REGULATOR, CS_MDIO, CS_VIDEO_INTERFACES, CS_PINCTRL,
	CS_LEDS, CS_INPUT, CS_ADC, CS_GRAPH, CS_DSA_PORTS, CS_DSI_CONTROLLER, CS_QCOM_TLMM, CS_COUNT
};

static const char *const common_schemas[CS_COUNT] = {
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
};

/*
 * Top-level directories of the bindings tree: where $id starts when no
 * bindings root is known and the output path is all there is.
 */
static const char *const binding_dirs[] = {
	"arc", "arm", "ata", "auxdisplay", "bus", "c6x", "cache", "chrome", "clock", "connector",
	"cpu", "cpufreq", "crypto", "csky", "display", "dma", "dsp", "dvfs", "edac", "eeprom",
	"extcon", "firmware", "fpga", "fsi", "fuse", "gnss", "goldfish", "gpio", "gpu", "h8300",
	"hsi", "hwinfo", "hwlock", "hwmon", "i2c", "i3c", "iio", "img", "input", "interconnect",
	"interrupt-controller", "iommu", "ipmi", "leds", "loongarch", "mailbox", "media",
	"memory-controllers", "mfd", "mips", "misc", "mmc", "mtd", "mux", "net", "nios2", "noc",
	"nvme", "nvmem", "opp", "pci", "peci", "perf", "phy", "pinctrl", "pmem", "power", "powerpc",
	"pps", "ptp", "pwm", "regmap", "regulator", "remoteproc", "reserved-memory", "reset",
	"riscv", "rng", "rtc", "serial", "serio", "slimbus", "soc", "sound", "soundwire", "spi",
	"spmi", "sram", "staging", "thermal", "timer", "timestamp", "tpm", "trigger-source", "ufs",
	"usb", "virtio", "w1", "watchdog", "writing-schema", "x86", "xen", "xillybus",
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

struct vec {
	void **v;
	size_t n, cap;
};

struct conv;

static bool is_name_char(int c)
{
	return isalnum(c) || c == ',' || c == '.' || c == '_' || c == '+' || c == '-' || c == '#' ||
	       c == '@' || c == '?';
}

static bool is_label_char(int c)
{
	return isalnum(c) || c == '_';
}

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool starts_with_ci(const char *s, const char *prefix)
{
	return !strncasecmp(s, prefix, strlen(prefix));
}

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Case-insensitive substring search. */
static const char *find_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (!strncasecmp(hay, needle, n))
			return hay;
	return NULL;
}

/* @word as a whole word in @s, case-insensitive. */
static const char *find_word(const char *s, const char *word)
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

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_std_prop(const char *name)
{
	return bsearch(&name, std_props, ARRAY_SIZE(std_props), sizeof(std_props[0]), cmp_strp);
}

/* Is every character of @s in the class @is_class or one of @extra? */
static bool only_chars(const char *s, int (*is_class)(int), const char *extra)
{
	for (; *s; s++)
		if (!is_class((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

/* A devicetree property (or node) name the meta-schema accepts. */
static bool valid_prop_name(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > MAX_NAME || !(isalpha((unsigned char)s[0]) || s[0] == '#') ||
	    !only_chars(s + 1, isalnum, ",+-._@"))
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
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (!strcmp(s, kw[i]))
			return false;
	return true;
}

/* A compatible string as the meta-schema's string pattern accepts it. */
static bool valid_compatible(const char *s)
{
	size_t n = strlen(s);

	return n >= 2 && n <= 128 && isalnum((unsigned char)s[0]) && only_chars(s, isalnum, ",.-_+/");
}

static bool valid_names_entry(const char *s)
{
	return *s && only_chars(s, isalnum, ",.-_ #+/");
}

/* Vendor property: has a vendor prefix (a comma) not covered by the meta-schema's exceptions. */
static bool is_vendor_prop(const char *name)
{
	return strchr(name, ',') && !starts_with(name, "linux,");
}

/* Visual column of @p in @line (tabs to the next multiple of 8), 0-based. */
static unsigned vcol(const char *line, const char *p)
{
	unsigned col = 0;

	for (const char *q = line; q < p && *q; q++)
		col = *q == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}


/* ------------------------------------------------------------------ */
/* The converter and one conversion                                    */

struct dtbind_doc2yaml {
	struct dtbind_diag *diag;
	struct dtbind_doc2yaml_opts opts;
	/* MAINTAINERS, loaded once per tree. */
	char *maint_path;
	char *maint_text;
	/* Macro name -> header, from the include directories (loaded on first use). */
	bool macros_loaded;
	struct hmap macros;
	struct hmap headers;	/* every dt-bindings header found (relative path) */
	struct arena macro_arena;
	/*
	 * Self-check: a temporary bindings root holding the results (and links
	 * to the schemas they reference), one linter, stub headers for macros
	 * whose header is not at hand, and the example checks still to run.
	 */
	char *tmp;
	unsigned seq;
	struct dtbind_diag *cdiag;
	FILE *cout;
	char *cbuf;
	size_t clen, coff;
	struct dtbind_linter *linter;
	char *inc_root;			/* the tree whose include/ the examples use */
	char *check_root;		/* <tmp>/root */
	struct hmap stubs;		/* "header\0macro" already stubbed */
	struct check_item *pending, **ptail;
	bool defer;
};

/* A result whose examples are still to be checked. */
struct check_item {
	struct check_item *next;
	char *txt;		/* for findings */
	char *path;		/* the YAML checked */
	unsigned *map;		/* its line -> .txt line */
	size_t nmap;
};

struct line {
	char *s;		/* NUL-terminated, trailing blanks removed */
	const char *t;		/* first non-blank character */
	unsigned ind;		/* visual indentation */
	unsigned no;		/* 1-based */
	bool blank;
	bool used;		/* consumed by an item, a heading or an example */
	unsigned exsec;		/* example section it belongs to (1-based), or 0 */
};

enum req { REQ_UNKNOWN, REQ_YES, REQ_NO };

/* Value types, as types.yaml names them. */
enum ptype {
	T_UNKNOWN, T_BOOL, T_U8, T_U16, T_U32, T_U64, T_U8A, T_U16A, T_U32A, T_U64A, T_U32M,
	T_STR, T_STRA, T_PHANDLE, T_PHANDLEA, T_NONE
};

static const char *const type_ref[] = {
	[T_U8] = "uint8", [T_U16] = "uint16", [T_U32] = "uint32", [T_U64] = "uint64",
	[T_U8A] = "uint8-array", [T_U16A] = "uint16-array", [T_U32A] = "uint32-array",
	[T_U64A] = "uint64-array", [T_U32M] = "uint32-matrix", [T_STR] = "string",
	[T_STRA] = "string-array", [T_PHANDLE] = "phandle", [T_PHANDLEA] = "phandle-array",
	[T_BOOL] = "flag",
};

/* One property (or child node) of the text. */
struct prop {
	const char *name;
	unsigned line;		/* .txt line of its item */
	int scope;		/* 0: the device node; >0: a child or other node */
	enum req req;
	bool deprecated;
	bool is_node;		/* from a "Required nodes" list */
	bool pattern;		/* name with a placeholder (xxx-supply, pinctrl-<n>) */
	const char *text;	/* description text, lines joined with '\n' */
	const char *vtype;	/* ePAPR "Value type:" */
	struct line **lines;	/* its item's lines (first: the item line) */
	size_t nlines;
	const char *first;	/* text after the name on the item line */
	struct prop *share;	/* "clocks, clock-names: ...": the item whose text this shares */
	unsigned block;		/* the part of the text it is in (parts end at other headings) */
	bool from_example;	/* not in the text: used by the examples' device nodes */
};

/* A fallback chain of compatible strings: "a", "b" as an items list. */
struct chain {
	const char **s;
	size_t n;
	bool deprecated;
	unsigned line;
	const char *desc;	/* a table's description column, as a comment */
	const struct ditem *node;	/* an example's: the node that has it */
};

/* DTS tree of an example. */
enum ditem_kind { DI_PROP, DI_NODE };

struct ditem {
	enum ditem_kind kind;
	struct ditem *next, *parent, *children;
	const char *name;	/* property or node name ("&label" for references, "/" for root) */
	const char *labels[4];
	size_t nlabels;
	const char *value;	/* DI_PROP: raw text after '=', NULL for a boolean */
	const char *lead;	/* comment lines before it, '\n'-separated */
	const char *trail;	/* comment on its last line */
	const char *tail;	/* DI_NODE: comments before its closing brace */
	unsigned line;
	bool dead;		/* removed (merged or dropped) */
};

struct example {
	struct ditem *top;	/* top-level items */
	const char *directives;	/* #define etc. kept verbatim */
	unsigned line;		/* first .txt line */
	unsigned last;
	char *text;		/* printed DTS (without includes) */
	unsigned *lmap;		/* .txt line of each line of text */
	size_t nlmap;
	bool keep;
};

/* One output line of YAML and the .txt line it came from. */
struct conv {
	struct dtbind_doc2yaml *c;
	struct arena a;
	const char *file;
	bool oom;
	unsigned warnings;

	struct line *lines;
	size_t nlines;

	const char *title;
	unsigned title_line;
	struct strbuf desc;		/* prose for the top-level description */
	unsigned desc_line;
	unsigned desc_last;		/* .txt line of the last line added */

	struct vec props;		/* struct prop * */
	int nscopes;
	unsigned block;		/* parts of the text so far: headings other than property lists */
	bool root_binding;		/* properties of the root node (board compatibles) */

	struct vec chains;		/* struct chain *, the device's compatibles */
	struct vec sub_compat;		/* const char *, compatibles of other nodes */
	unsigned compat_line;

	struct vec examples;		/* struct example * */
	struct vec devnodes;		/* struct ditem *, the device's nodes in the examples */
	const char *macro_includes[32];
	size_t n_includes;
	struct vec macro_uses;		/* "header\0macro" of every macro with a header */

	const char *txt_rel;		/* the input's path under the bindings tree, if known */
	const char *root;		/* bindings root, if known */
	const char *dir_hint;		/* directory of the output under the root ("sound") */
	bool dir_is_top;		/* the output sits directly in that directory */
	bool is_i2c, is_spi;
	bool refs[CS_COUNT];		/* common schemas the result references */

	/* The schema, in a small YAML tree. */
	struct ynode *schema;
};

static void *cv_alloc(struct conv *cv, size_t n)
{
	void *p = arena_alloc(&cv->a, n);

	if (!p)
		cv->oom = true;
	return p;
}

static char *cv_strndup(struct conv *cv, const char *s, size_t n)
{
	char *p = arena_strndup(&cv->a, s, n);

	if (!p)
		cv->oom = true;
	return p;
}

static char *cv_strdup(struct conv *cv, const char *s)
{
	return cv_strndup(cv, s, strlen(s));
}

static char *cv_printf(struct conv *cv, const char *fmt, ...) DTBIND_PRINTF(2, 3);
static char *cv_printf(struct conv *cv, const char *fmt, ...)
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

static void vec_push(struct conv *cv, struct vec *v, void *p)
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

static void finding(struct conv *cv, enum dtbind_severity sev, unsigned line, unsigned col,
		    const char *rule, const char *fmt, ...) DTBIND_PRINTF(6, 7);
static void finding(struct conv *cv, enum dtbind_severity sev, unsigned line, unsigned col,
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

/* ------------------------------------------------------------------ */
/* Lines                                                               */

/* Copy @text into lines: NUL bytes and controls become spaces, bad UTF-8 becomes '?'. */
static void split_lines(struct conv *cv, const char *text, size_t len)
{
	char *buf = cv_alloc(cv, len + 1);
	size_t n = 0, cap = 64;

	if (!buf)
		return;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)text[i];

		if (c < 0x80) {
			buf[i] = (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ? ' ' : (char)c;
			if (c == '\r')
				buf[i] = i + 1 < len && text[i + 1] == '\n' ? ' ' : '\n';
			i++;
			continue;
		}
		size_t k = utf8_sequence((const unsigned char *)text + i, len - i);

		if (k) {
			memcpy(buf + i, text + i, k);
			i += k;
		} else {
			buf[i++] = '?';
		}
	}
	buf[len] = '\0';
	cv->lines = cv_alloc(cv, cap * sizeof(*cv->lines));
	if (!cv->lines)
		return;
	for (char *p = buf; p <= buf + len;) {
		char *eol = memchr(p, '\n', (size_t)(buf + len - p));
		char *end = eol ? eol : buf + len;

		if (!eol && p == end)
			break;
		*end = '\0';
		while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
			*--end = '\0';
		if (n == cap) {
			struct line *nl = cv_alloc(cv, 2 * cap * sizeof(*nl));

			if (!nl)
				return;
			memcpy(nl, cv->lines, n * sizeof(*nl));
			cv->lines = nl;
			cap *= 2;
		}
		struct line *l = &cv->lines[n];

		l->s = p;
		l->t = skip_blanks(p);
		l->ind = vcol(p, l->t);
		l->no = (unsigned)n + 1;
		l->blank = !*l->t;
		n++;
		if (!eol)
			break;
		p = eol + 1;
	}
	cv->nlines = n;
}

/* "=====", "-----", "*****": a heading's underline or overline. */
static bool is_rule_line(const struct line *l)
{
	const char *t = l->t;
	char c = *t;
	size_t n = 0;

	if (!strchr("=-~*#_^", c) || !c)
		return false;
	for (; *t; t++) {
		if (*t == c)
			n++;
		else if (*t != ' ' && *t != '\t')
			return false;
	}
	return n >= 3;
}

static const struct line *next_line(const struct conv *cv, size_t i)
{
	return i + 1 < cv->nlines ? &cv->lines[i + 1] : NULL;
}

/* ------------------------------------------------------------------ */
/* Title                                                               */

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

static void trim(char *s)
{
	size_t n = strlen(s);
	char *p = s;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	while (*p == ' ' || *p == '\t')
		p++;
	memmove(s, p, strlen(p) + 1);
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
		/* no clause: the word alone, back to the space before it */
		while (p > s && p[-1] != ' ')
			p--;
		cut = p > s ? p - 1 : p;
	}
	*cut = '\0';
	trim(s);
}

/* The title without decoration and the words the meta-schema and reviewers reject. */
static char *clean_title(struct conv *cv, const char *t)
{
	char *s = cv_strdup(cv, t);

	if (!s)
		return NULL;
	/* Decoration: "* Title *", "= Title =", "1) Title". */
	while (*s && strchr("*=#-~ \t", *s))
		memmove(s, s + 1, strlen(s));
	size_t n = strlen(s);

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
		s[96] = '\0';
		char *sp = strrchr(s, ' ');

		if (sp && sp > s + 40)
			*sp = '\0';
	}
	return s;
}

/* Title from the file name when the text has none: "fsl-qdma.txt" -> "fsl-qdma". */
static char *title_from_path(struct conv *cv, const char *path)
{
	const char *b = strrchr(path, '/');
	char *s = cv_strdup(cv, b ? b + 1 : path);

	if (s && str_ends_with(s, ".txt"))
		s[strlen(s) - 4] = '\0';
	return s;
}


/* ------------------------------------------------------------------ */
/* Sections and items                                                  */

enum sec_kind { SEC_NONE, SEC_PROPS, SEC_NODES, SEC_EXAMPLE, SEC_OTHER };

struct heading {
	enum sec_kind kind;
	enum req req;
	bool deprecated;
	bool sub;		/* about a child or another node */
	bool root;		/* about the root node */
	bool conditional;	/* "required if ...", "additional ... for" */
	bool nodeword;		/* names a node ("fimc-is node") */
};

/* "properties" as written, typos included ("properites", "propeties"). */
static bool mentions_props(const char *s)
{
	return find_ci(s, "propert") || find_ci(s, "properit") || find_ci(s, "propeti") ||
	       find_ci(s, "proprt") || find_ci(s, "porpert") || find_word(s, "parameters");
}

static bool word_in(const char *s, const char *const *words, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (find_word(s, words[i]))
			return true;
	return false;
}

static const char *const sub_words[] = {
	"child", "children", "subnode", "subnodes", "sub-node", "sub-nodes", "sub node",
	"sub nodes", "port", "ports", "endpoint", "endpoints", "channel", "channels",
	"pin configuration", "pins", "regulator", "regulators", "each", "phy node", "led node",
	"leds node", "partition", "partitions", "mux group", "pin group", "group node", "link node",
	"sensor node", "slot", "slots", "client", "clients", "consumer", "consumers", "cpu node",
	"gpio node", "memory node", "per-port", "per-channel",
};

/* Single capitalized words that label parts of a text ("Controller:", "Notes:"). */
static bool looks_like_prop_name(const char *s, size_t n)
{
	if (!n || !(islower((unsigned char)s[0]) || s[0] == '#'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || strchr(",._+-#@", s[i])))
			return false;
	return true;
}

/*
 * Is line @i a heading?  Fills @h.  Headings end with ':', are underlined,
 * are ALL CAPS, or are a bare "Example".
 */
static bool classify_heading(const struct conv *cv, size_t i, bool in_example, struct heading *h)
{
	const struct line *l = &cv->lines[i], *nx = next_line(cv, i);
	char buf[256];
	const char *t = l->t;
	size_t n;

	memset(h, 0, sizeof(*h));
	if (l->blank || is_rule_line(l))
		return false;
	if (*t == '-' || (*t == '*' && t[1] == ' ' && i > 0) || *t == '"' || *t == '<' ||
	    *t == '/' || *t == '&' || *t == '}')
		return false;
	n = strlen(t);
	if (n >= sizeof(buf) || n < 3)
		return false;
	memcpy(buf, t, n + 1);
	/* "1) name node", "a. Properties", "2. Example" */
	char *p = buf;
	bool numbered = false;

	if ((isdigit((unsigned char)p[0]) || (isalpha((unsigned char)p[0]) && p[1] == ')')) &&
	    (p[1] == ')' || p[1] == '.' || (isdigit((unsigned char)p[1]) && (p[2] == ')' || p[2] == '.')))) {
		p = strpbrk(p, ").") + 1;
		while (*p == ' ')
			p++;
		numbered = isalpha((unsigned char)*p);
	}
	while (*p == '*' || *p == '=' || *p == '#' || *p == ' ')
		p++;
	n = strlen(p);
	while (n && strchr("*= ", p[n - 1]))
		p[--n] = '\0';
	if (!n)
		return false;
	/* "Example isl1219 node with ...", "Example: mdp iommu and its bus master" */
	if ((starts_with_ci(p, "example ") || starts_with_ci(p, "examples ") ||
	     starts_with_ci(p, "example:") || starts_with_ci(p, "examples:") ||
	     starts_with_ci(p, "example(")) &&
	    l->ind <= 2 && (i == 0 || cv->lines[i - 1].blank || is_rule_line(&cv->lines[i - 1]))) {
		h->kind = SEC_EXAMPLE;
		return true;
	}
	bool colon = p[n - 1] == ':';
	bool underlined = nx && !nx->blank && is_rule_line(nx) && nx->ind <= l->ind + 2;
	bool caps = true;
	unsigned words = 1, letters = 0;

	if (colon)
		p[--n] = '\0';
	while (n && p[n - 1] == ' ')
		p[--n] = '\0';
	for (size_t k = 0; k < n; k++) {
		if (islower((unsigned char)p[k]))
			caps = false;
		if (isalpha((unsigned char)p[k]))
			letters++;
		if (p[k] == ' ')
			words++;
	}
	{
		size_t nonspace = 0;

		for (size_t k = 0; k < n; k++)
			if (p[k] != ' ')
				nonspace++;
		caps = caps && letters >= 4 && words <= 5 && letters * 10 >= nonspace * 8 &&
		       !isdigit((unsigned char)p[0]) && l->ind <= 4 &&
		       (i == 0 || cv->lines[i - 1].blank || is_rule_line(&cv->lines[i - 1]));
	}
	if (strchr(p, '=') || strchr(p, ';') || strchr(p, '{') || strchr(p, '"'))
		return false;
	if (words > 12)
		return false;
	bool bare_example = !strcasecmp(p, "example") || !strcasecmp(p, "examples");


	if (!colon && !underlined && !caps && !bare_example && !(numbered && words <= 6))
		return false;
	/* "compatible:" and "reg:" are items, not headings. */
	if (words == 1 && colon && looks_like_prop_name(p, n))
		return false;
	/* A line ending with ':' in the middle of a paragraph is prose. */
	if (colon && !underlined && !caps && words > 7 && !mentions_props(p) &&
	    !find_ci(p, "example"))
		return false;
	if (colon && i > 0 && !cv->lines[i - 1].blank && !is_rule_line(&cv->lines[i - 1]) &&
	    words > 3 && !mentions_props(p) && !find_ci(p, "example") &&
	    !find_ci(p, "node") && !find_ci(p, "required") && !find_ci(p, "optional"))
		return false;
	if (l->ind > 16)
		return false;

	if (find_ci(p, "example")) {
		h->kind = SEC_EXAMPLE;
	} else if (mentions_props(p)) {
		h->kind = SEC_PROPS;
	} else if ((find_ci(p, "node") || find_ci(p, "child")) &&
		   (find_ci(p, "required") || find_ci(p, "optional") || (words <= 2 && colon)) &&
		   !caps && !underlined) {
		h->kind = SEC_NODES;
		h->sub = true;
	} else {
		if (in_example && !underlined && !caps)
			return false;	/* "Controller:", "or", prose between examples */
		h->kind = SEC_OTHER;
	}
	if (find_ci(p, "required") || find_ci(p, "mandatory"))
		h->req = REQ_YES;
	if (find_ci(p, "optional"))
		h->req = REQ_NO;
	if (find_ci(p, "deprecated") || find_ci(p, "obsolete")) {
		h->deprecated = true;
		h->req = REQ_NO;
	}
	if ((find_ci(p, "additional") && h->req == REQ_YES) || find_word(p, "if") ||
	    find_word(p, "when") || find_ci(p, "required only"))
		h->conditional = true;
	if (h->kind != SEC_EXAMPLE && word_in(p, sub_words, ARRAY_SIZE(sub_words)))
		h->sub = true;
	if (find_ci(p, "root node") || find_ci(p, "root-node"))
		h->root = true, h->sub = false;
	if (find_word(p, "node") || find_word(p, "nodes"))
		h->nodeword = true;
	return true;
}

/*
 * Parse the name(s) at the start of an item.  @s points after the bullet.
 * Fills @names (up to 8) and returns the text after the separator, or NULL
 * when this is not an item.
 */
static const char *item_names(struct conv *cv, const char *s, bool bullet, const char **names,
			      size_t *nnames, bool *pattern)
{
	const char *p = s;
	size_t nn = 0;

	*pattern = false;
	/* "{bus,self}-powered", "led-{usb,speed}-mode": one name per alternative. */
	{
		const char *b = s, *lb, *rb;

		while (is_name_char((unsigned char)*b) && *b != ',')
			b++;
		if (*b == '{' && (rb = strchr(b, '}')) != NULL && !memchr(b, ' ', (size_t)(rb - b))) {
			const char *e = rb + 1;

			lb = b;
			while (is_name_char((unsigned char)*e))
				e++;
			for (const char *a = lb + 1; a < rb && nn < 8;) {
				const char *ae = a;

				while (ae < rb && *ae != ',')
					ae++;
				char *name = cv_printf(cv, "%.*s%.*s%.*s", (int)(lb - s), s, (int)(ae - a), a,
						       (int)(e - rb - 1), rb + 1);

				if (!name || !valid_prop_name(name))
					return NULL;
				names[nn++] = name;
				a = ae + 1;
			}
			const char *r = skip_blanks(e);

			*nnames = nn;
			if (!nn)
				return NULL;
			if (*r == ':')
				return skip_blanks(r + 1);
			return r;
		}
	}
	for (;;) {
		char q = 0;
		const char *start;

		if (*p == '"' || *p == '\'')
			q = *p++;
		start = p;
		while (*p && (is_name_char((unsigned char)*p) || *p == '<' || *p == '>' || *p == '*' ||
			      (*p == '[' && strchr(p, ']')) || *p == ']'))
			p++;
		if (p == start)
			return NULL;
		size_t len = (size_t)(p - start);

		/* "name:" splits at the colon only when it is not part of the name. */
		bool comma = false;

		while (len && start[len - 1] == ',') {
			len--;
			comma = true;
		}
		char *name = cv_strndup(cv, start, len);

		if (!name)
			return NULL;
		if (q && *p == q)
			p++;
		if (strpbrk(name, "<>*[]") || strstr(name, "xxx") || strstr(name, "XXX") ||
		    strstr(name, "-N-") || str_ends_with(name, "-N") || str_ends_with(name, "-n"))
			*pattern = true;
		if (nn < 8)
			names[nn++] = name;
		const char *r = skip_blanks(p);

		if (comma && r > p && (is_name_char((unsigned char)r[0]) || r[0] == '"')) {
			p = r;
			continue;
		}
		if (r[0] == ',' && r[1] == ' ' && (is_name_char((unsigned char)r[2]) || r[2] == '"')) {
			p = r + 2;
			p = skip_blanks(p);
			continue;
		}
		if (r[0] == '/' && (is_name_char((unsigned char)r[1]) || r[1] == ' ')) {
			p = skip_blanks(r + 1);
			continue;
		}
		if ((starts_with(r, "and ") || starts_with(r, "or ")) && nn < 8) {
			const char *w = strchr(r, ' ') + 1;
			const char *e = w;

			while (is_name_char((unsigned char)*e))
				e++;
			if (e > w && (*e == ':' || (e[0] == ' ' && e[1] == ':')) &&
			    (memchr(w, '-', (size_t)(e - w)) || *w == '#')) {
				p = w;
				continue;
			}
		}
		break;
	}
	*nnames = nn;
	for (size_t k = 0; k < nn; k++) {
		char *nm = (char *)names[k];

		/* "interrupts(optional)" */
		if (strchr(nm, '(') || strchr(nm, ')'))
			return NULL;
		if (!*pattern && !valid_prop_name(nm))
			return NULL;
		if (!strpbrk(nm, "abcdefghijklmnopqrstuvwxyz#"))
			return NULL;	/* "IN1L", "LDO2" */
	}
	/* The separator. */
	const char *gap = p;
	const char *r = skip_blanks(p);

	if (*r == ':' && r[1] != ':')
		return skip_blanks(r + 1);
	if (*r == '=' || *r == '(' || *r == '\0')
		return r;
	if (r[0] == '-' && r[1] == ' ')
		return skip_blanks(r + 1);
	/* "- fsl,burst-clk-enable	For ...": a tab or two spaces, or a property-like name. */
	bool wide = memchr(gap, '\t', (size_t)(r - gap)) || r - gap >= 2;
	const char *n0 = names[0];

	if (bullet && (wide || strpbrk(n0, "-,#") || is_std_prop(n0)))
		return r;
	if (!bullet && wide && (strpbrk(n0, "-,#") || is_std_prop(n0)))
		return r;
	return NULL;
}

static bool bullet_at(const char *t, const char **after)
{
	if ((t[0] == '-' || t[0] == '*' || t[0] == '+' || t[0] == 'o') &&
	    (t[1] == ' ' || t[1] == '\t')) {
		if (t[0] == 'o' && !(t[2] == '"' || islower((unsigned char)t[2]) || t[2] == '#'))
			return false;
		*after = skip_blanks(t + 2);
		return true;
	}
	if (t[0] == '-' && (t[1] == '"' || t[1] == '#' || islower((unsigned char)t[1]))) {
		*after = t + 1;
		return true;
	}
	return false;
}

/* ePAPR item body lines. */
static bool epapr_line(const char *t)
{
	return starts_with_ci(t, "usage:") || starts_with_ci(t, "value type:") ||
	       starts_with_ci(t, "definition:") || starts_with_ci(t, "usage and definition");
}

struct parse_state {
	enum sec_kind kind;
	struct heading h;
	bool ctx_sub;		/* an OTHER heading said the following is about a child node */
	bool seen_node_heading;
	unsigned seen_required;	/* "Required properties" headings so far */
	int scope;		/* current scope */
	unsigned item_ind;	/* indentation of the current section's items */
	bool have_items;
	struct prop *cur;	/* item being continued */
	unsigned cur_ind;
	bool blank_before;
	int last_compat_scope;
	char qualifier[128];	/* "for MDIO bus": the current property section's qualifier */
	char main_qualifier[128];
	bool main_has_compat;
	unsigned exsec;		/* current example section (1-based) */
	/* Example code region being collected. */
	size_t ex_first, ex_last;
};

static struct prop *new_prop(struct conv *cv, const char *name, struct line *l, int scope)
{
	struct prop *pr = cv_alloc(cv, sizeof(*pr));

	if (!pr)
		return NULL;
	pr->name = name;
	pr->line = l->no;
	pr->scope = scope;
	pr->block = cv->block;
	vec_push(cv, &cv->props, pr);
	return pr;
}

static void add_prop_line(struct conv *cv, struct prop *pr, struct line *l)
{
	struct line **nl;

	if (!pr)
		return;
	nl = cv_alloc(cv, (pr->nlines + 1) * sizeof(*nl));
	if (!nl)
		return;
	if (pr->nlines)
		memcpy(nl, pr->lines, pr->nlines * sizeof(*nl));
	nl[pr->nlines++] = l;
	pr->lines = nl;
	l->used = true;
}

/* The part of a heading after "properties": "for MDIO bus", "(port)". */
static void heading_qualifier(const char *t, char *out, size_t max)
{
	const char *p = find_ci(t, "proper");

	out[0] = '\0';
	if (!p)
		return;
	while (*p && isalpha((unsigned char)*p))
		p++;
	p = skip_blanks(p);
	snprintf(out, max, "%s", p);
	size_t n = strlen(out);

	while (n && strchr(": ", out[n - 1]))
		out[--n] = '\0';
}


static void start_section(struct conv *cv, struct parse_state *ps, size_t i, const struct heading *h)
{
	ps->cur = NULL;
	ps->kind = h->kind;
	ps->h = *h;
	ps->have_items = false;
	ps->item_ind = 0;
	if (h->kind == SEC_EXAMPLE)
		ps->exsec++;
	/* Another device's part: another heading, or a second "Required properties". */
	if (h->kind == SEC_OTHER || h->kind == SEC_EXAMPLE ||
	    (h->kind == SEC_PROPS && h->req == REQ_YES && ps->seen_required++))
		cv->block++;
	if (h->kind == SEC_OTHER) {
		const struct line *nx = next_line(cv, i);
		bool underlined = nx && !nx->blank && is_rule_line(nx);
		bool main_props = false;

		for (size_t k = 0; k < cv->props.n; k++)
			if (!((struct prop *)cv->props.v[k])->scope)
				main_props = true;
		if (h->sub || (underlined && main_props && !h->root))
			ps->ctx_sub = true;
		else if (h->nodeword)
			ps->ctx_sub = ps->seen_node_heading;
		if (h->nodeword)
			ps->seen_node_heading = true;
		if (h->root)
			cv->root_binding = true;
		return;
	}
	if (h->kind == SEC_PROPS || h->kind == SEC_NODES) {
		heading_qualifier(cv->lines[i].t, ps->qualifier, sizeof(ps->qualifier));
		if (h->root)
			cv->root_binding = true;
		if (h->kind == SEC_NODES)
			ps->scope = 0;
		else if (h->sub || (ps->ctx_sub && !h->root))
			ps->scope = ++cv->nscopes;
		else if (ps->main_has_compat && h->req != REQ_NO && ps->qualifier[0] &&
			 strcasecmp(ps->qualifier, ps->main_qualifier) &&
			 (starts_with_ci(ps->qualifier, "for ") || ps->qualifier[0] == '('))
			ps->scope = ++cv->nscopes;	/* "Required properties for MDIO bus" */
		else
			ps->scope = 0;
	}
}

static void add_desc_line(struct conv *cv, const struct line *l)
{
	if (l->used)
		return;	/* a compatible table's row */
	if (!cv->desc_line)
		cv->desc_line = l->no;
	/* Keep paragraphs apart. */
	if (cv->desc_last && l->no > cv->desc_last + 1 && cv->desc.len)
		sb_putc(&cv->desc, '\n');
	cv->desc_last = l->no;
	sb_puts(&cv->desc, l->s);
	sb_putc(&cv->desc, '\n');
}

/* Is @l the start of an item?  Returns the new prop (first of several names). */
/* Does @t start "name:" (blanks allowed before the colon) with a property-like name? */
static bool names_a_property(const char *t)
{
	size_t n = 0;
	char name[MAX_NAME + 1];

	while (t[n] && !isspace((unsigned char)t[n]) && t[n] != ':' && n < MAX_NAME)
		n++;
	if (!n || *skip_blanks(t + n) != ':')
		return false;
	memcpy(name, t, n);
	name[n] = '\0';
	return valid_prop_name(name) && (strpbrk(name, "-,#") || is_std_prop(name));
}

static struct prop *try_item(struct conv *cv, struct parse_state *ps, struct line *l, bool loose)
{
	const char *after = l->t;
	bool bullet = bullet_at(l->t, &after);
	const char *names[8];
	size_t nn = 0;
	bool pattern;
	const char *rest;

	if (!bullet) {
		/* "compatible: ..." without a dash, at the items' indentation. */
		if (ps->have_items && l->ind > ps->item_ind + 2)
			return NULL;
		if (!loose && !ps->blank_before && ps->cur && l->ind > ps->cur_ind)
			return NULL;
	}
	rest = item_names(cv, after, bullet, names, &nn, &pattern);
	if (!rest || !nn)
		return NULL;
	if (!bullet) {
		/* Without a bullet the separator must be ':' (or '=' for "#x-cells = <1>"). */
		const char *sep = after;
		size_t li = (size_t)(l - cv->lines);
		const struct line *nx = next_line(cv, li);

		while (*sep && *sep != ':' && *sep != '=' && *sep != ' ' && *sep != '\t')
			sep++;
		sep = skip_blanks(sep);
		/* "#address-cells" alone, then "Usage: required" (ePAPR). */
		if (!*sep && nx && epapr_line(nx->t))
			sep = ":";
		if (*sep != ':' && *sep != '=')
			return NULL;
		if (!(strpbrk(names[0], "-,#") || is_std_prop(names[0]) ||
		      !strcmp(names[0], "compatible")))
			return NULL;
	}
	if (loose && !bullet)
		return NULL;
	struct prop *first = NULL;

	for (size_t k = 0; k < nn; k++) {
		struct prop *pr = new_prop(cv, names[k], l, ps->scope);

		if (!pr)
			return NULL;
		pr->pattern = pattern;
		pr->first = rest;
		pr->is_node = ps->kind == SEC_NODES;
		pr->deprecated = ps->h.deprecated;
		if (ps->h.conditional)
			pr->req = REQ_NO;
		else
			pr->req = ps->h.req;
		if (!first) {
			first = pr;
			add_prop_line(cv, pr, l);
		} else {
			pr->share = first;
		}
	}
	if (!ps->have_items) {
		ps->have_items = true;
		ps->item_ind = l->ind;
	}
	if (!ps->scope && !ps->main_has_compat && !strcmp(first->name, "compatible")) {
		ps->main_has_compat = true;
		snprintf(ps->main_qualifier, sizeof(ps->main_qualifier), "%s", ps->qualifier);
	}
	ps->cur = first;
	ps->cur_ind = l->ind;
	return first;
}

/* Prose line inside a property section: may switch to a child node's scope. */
static void props_prose(struct conv *cv, struct parse_state *ps, const struct line *l)
{
	const char *t = l->t;

	if (*t == '=')
		return;
	if (find_ci(t, "bus master") || find_ci(t, "in its device node") ||
	    find_ci(t, "consumer") || find_ci(t, "client device") ||
	    find_ci(t, "must reference the") || find_ci(t, "devices that use") ||
	    find_ci(t, "device node that") || find_ci(t, "should be added to a device node")) {
		ps->scope = ++cv->nscopes;
		ps->h.req = REQ_NO;
		return;
	}
	if ((find_ci(t, "child node") || find_ci(t, "subnode") || find_ci(t, "sub-node")) &&
	    (mentions_props(t) || find_ci(t, "contain") || find_ci(t, "represented") ||
	     find_ci(t, "must") || find_ci(t, "should"))) {
		ps->scope = ++cv->nscopes;
		if (find_ci(t, "mandatory") || find_ci(t, "required"))
			ps->h.req = REQ_YES;
		ps->h.conditional = false;
	}
	(void)cv;
}

static void parse_structure(struct conv *cv, size_t first)
{
	struct parse_state ps = { .kind = SEC_NONE };
	int depth = 0;

	for (size_t i = first; i < cv->nlines; i++) {
		struct line *l = &cv->lines[i];
		struct heading h;

		if (l->blank) {
			ps.blank_before = true;
			continue;
		}
		if (is_rule_line(l) && !(ps.kind == SEC_EXAMPLE && depth > 0)) {
			l->used = true;
			continue;
		}
		/* Inside an item's text, "such as:" is not a heading. */
		bool in_item = ps.cur && l->ind > ps.cur_ind &&
			       (ps.kind == SEC_PROPS || ps.kind == SEC_NODES || ps.have_items);

		if (!(ps.kind == SEC_EXAMPLE && depth > 0) && !in_item &&
		    classify_heading(cv, i, ps.kind == SEC_EXAMPLE, &h)) {
			l->used = true;
			start_section(cv, &ps, i, &h);
			if (h.kind == SEC_EXAMPLE) {
				depth = 0;
			}
			ps.blank_before = false;
			continue;
		}
		switch (ps.kind) {
		case SEC_EXAMPLE: {
			/* Mark lines; examples are cut out later from marked lines. */
			l->used = true;
			l->exsec = ps.exsec;
			for (const char *p = l->t; *p; p++) {
				if (*p == '"') {
					p++;
					while (*p && *p != '"')
						p++;
					if (!*p)
						break;
				} else if (*p == '/' && p[1] == '*') {
					const char *e = strstr(p + 2, "*/");

					if (!e)
						break;
					p = e + 1;
				} else if (*p == '/' && p[1] == '/') {
					break;
				} else if (*p == '{') {
					depth++;
				} else if (*p == '}') {
					depth = depth > 0 ? depth - 1 : 0;
				}
			}
			break;
		}
		case SEC_PROPS:
		case SEC_NODES:
		case SEC_NONE:
		case SEC_OTHER: {
			bool props = ps.kind == SEC_PROPS || ps.kind == SEC_NODES;
			struct prop *pr = NULL;

			if (props || ps.have_items) {
				if (!(ps.cur && l->ind > ps.cur_ind + (ps.blank_before ? 0 : 0) &&
				      !(ps.blank_before && l->ind <= ps.item_ind))) {
					pr = try_item(cv, &ps, l, false);
				} else {
					const char *after;

					/*
					 * A bullet at the items' own indentation starts a new
					 * item; so does "name:" one column off it (" - mdio:"
					 * under "- clocks:"), a sub-list being indented more.
					 */
					if (bullet_at(l->t, &after) &&
					    (l->ind <= ps.item_ind ||
					     (l->ind == ps.item_ind + 1 && names_a_property(after))))
						pr = try_item(cv, &ps, l, false);
				}
			} else {
				/*
				 * Outside property sections: ePAPR items ("- reg:" followed by
				 * "Usage:") and "- compatible: ..." lists after prose.
				 */
				const char *after;
				const struct line *nx = next_line(cv, i);

				if (bullet_at(l->t, &after) &&
				    ((nx && epapr_line(nx->t)) || starts_with(after, "compatible"))) {
					struct heading g = { .kind = SEC_PROPS };

					start_section(cv, &ps, i, &g);
					ps.scope = ps.ctx_sub ? ++cv->nscopes : 0;
					pr = try_item(cv, &ps, l, false);
				}
			}
			if (pr) {
				ps.blank_before = false;
				break;
			}
			if (ps.cur && (l->ind > ps.cur_ind ||
				       (!ps.blank_before && l->ind >= ps.cur_ind && *l->t != '-' &&
					*l->t != '*'))) {
				add_prop_line(cv, ps.cur, l);
				ps.blank_before = false;
				break;
			}
			if (props && ps.have_items && l->ind <= ps.item_ind)
				ps.cur = NULL;
			if (props) {
				if (ps.cur == NULL && ps.have_items) {
					props_prose(cv, &ps, l);
					if (!ps.scope)
						add_desc_line(cv, l);
				}
				if (!ps.have_items && cv->props.n == 0)
					add_desc_line(cv, l);
				else if (!ps.have_items && ps.kind == SEC_PROPS)
					add_desc_line(cv, l);
			} else {
				ps.cur = NULL;
				if (ps.have_items && ps.kind == SEC_NONE)
					;	/* prose after items without a heading */
				else if (cv->props.n == 0 || ps.kind == SEC_OTHER)
					add_desc_line(cv, l);
			}
			if (!l->used && ps.kind != SEC_OTHER && cv->props.n == 0)
				l->used = true;
			ps.blank_before = false;
			break;
		}
		}
		if (ps.kind == SEC_EXAMPLE)
			ps.blank_before = false;
	}
	/* Everything about "other" nodes: the first of them is the device after all. */
	bool main_props = false;
	int lowest = 0;

	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (!pr->scope)
			main_props = true;
		else if (!lowest || pr->scope < lowest)
			lowest = pr->scope;
	}
	if (!main_props && lowest)
		for (size_t k = 0; k < cv->props.n; k++) {
			struct prop *pr = cv->props.v[k];

			if (pr->scope == lowest)
				pr->scope = 0;
		}
	/* Names that share a text ("clocks, clock-names: ...") take their first's lines. */
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (pr->share) {
			pr->lines = pr->share->lines;
			pr->nlines = pr->share->nlines;
			pr->first = pr->share->first;
		}
	}
}


/* ------------------------------------------------------------------ */
/* Examples: code blocks and a tolerant DTS parser                     */

/* Does @t look like DTS rather than prose (for lines outside braces)? */
static bool dts_like(const char *t)
{
	const char *p = t;

	if (!*t)
		return false;
	if (starts_with(t, "/*") || starts_with(t, "//") || starts_with(t, "*/") ||
	    (t[0] == '*' && (t[1] == ' ' || t[1] == '/' || !t[1])))
		return true;
	if (starts_with(t, "#include") || starts_with(t, "#define") || starts_with(t, "#if") ||
	    starts_with(t, "#endif") || starts_with(t, "#else") || starts_with(t, "/dts-v1/") ||
	    starts_with(t, "/plugin/") || starts_with(t, "/ {") || starts_with(t, "/{"))
		return true;
	if (t[0] == '&' || t[0] == '}')
		return true;
	/* label: name@addr { */
	while (is_name_char((unsigned char)*p) || *p == ':' || *p == ' ' || *p == '\t' ||
	       *p == '&' || *p == '/')
		p++;
	if (*p == '{')
		return true;
	/* prop = value;  prop; */
	p = t;
	while (is_name_char((unsigned char)*p))
		p++;
	if (p == t)
		return false;
	p = skip_blanks(p);
	if (*p == '=' || (*p == ';' && !p[1]))
		return true;
	return false;
}

struct dts_cur {
	struct conv *cv;
	const char *s;
	size_t pos, len;
	const unsigned *lno;	/* .txt line of each line of s */
	size_t nl;
	size_t li;		/* current line index */
	struct strbuf lead;	/* comments waiting for the next item */
	struct ditem *last;	/* last item finished, for same-line comments */
	size_t last_li;
	unsigned dropped, dropped_line;
};

static unsigned cur_line(const struct dts_cur *c)
{
	return c->li < c->nl ? c->lno[c->li] : c->nl ? c->lno[c->nl - 1] : 0;
}

static void adv(struct dts_cur *c, size_t n)
{
	while (n-- && c->pos < c->len) {
		if (c->s[c->pos] == '\n')
			c->li++;
		c->pos++;
	}
}

static char peek(const struct dts_cur *c, size_t k)
{
	return c->pos + k < c->len ? c->s[c->pos + k] : '\0';
}

static void skip_to_eol(struct dts_cur *c)
{
	while (c->pos < c->len && c->s[c->pos] != '\n')
		c->pos++;
}

static void drop_line(struct dts_cur *c, size_t from)
{
	size_t save = c->pos;

	c->pos = from;
	/* Recount the line: from may be on an earlier line than pos. */
	for (size_t k = from; k < save; k++)
		if (c->s[k] == '\n' && c->li)
			c->li--;
	if (!c->dropped++)
		c->dropped_line = cur_line(c);
	skip_to_eol(c);
}

/* Comments and blanks; a comment on the line where the last item ended trails it. */
static void skip_space(struct dts_cur *c)
{
	for (;;) {
		char ch = peek(c, 0);

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			adv(c, 1);
			continue;
		}
		if (ch == '/' && (peek(c, 1) == '*' || peek(c, 1) == '/')) {
			size_t start = c->pos, li = c->li;

			if (peek(c, 1) == '*') {
				const char *e = strstr(c->s + c->pos + 2, "*/");
				size_t end = e ? (size_t)(e - c->s) + 2 : c->len;

				adv(c, end - c->pos);
			} else {
				skip_to_eol(c);
			}
			const char *txt = cv_strndup(c->cv, c->s + start, c->pos - start);

			if (!txt)
				return;
			if (c->last && li == c->last_li && !c->last->trail && !strchr(txt, '\n')) {
				c->last->trail = txt;
			} else {
				if (c->lead.len)
					sb_putc(&c->lead, '\n');
				sb_puts(&c->lead, txt);
			}
			continue;
		}
		break;
	}
}

static const char *take_lead(struct dts_cur *c)
{
	const char *s = NULL;

	if (c->lead.len) {
		s = cv_strndup(c->cv, c->lead.buf, c->lead.len);
		c->lead.len = 0;
	}
	return s;
}

static size_t ident_len(const struct dts_cur *c, size_t at)
{
	size_t n = 0;

	while (at + n < c->len && (is_name_char((unsigned char)c->s[at + n]) ||
				   c->s[at + n] == '*'))
		n++;
	return n;
}

/* At a newline inside a value: does the next line start a new statement? */
static bool next_is_statement(const struct dts_cur *c, size_t at)
{
	size_t p = at;

	while (p < c->len && (c->s[p] == ' ' || c->s[p] == '\t' || c->s[p] == '\n'))
		p++;
	if (p >= c->len || c->s[p] == '}')
		return true;
	size_t n = 0;

	while (p + n < c->len && is_name_char((unsigned char)c->s[p + n]))
		n++;
	if (!n || isdigit((unsigned char)c->s[p]))
		return false;
	p += n;
	while (p < c->len && (c->s[p] == ' ' || c->s[p] == '\t'))
		p++;
	return p < c->len && (c->s[p] == '=' || c->s[p] == '{' || c->s[p] == ';' ||
			      (c->s[p] == ':' && c->s[p + 1] != ':'));
}

/* The raw value after '=' up to its ';' (consumed). */
static const char *read_value(struct dts_cur *c, bool *bad)
{
	size_t start, end;
	int angle = 0, bracket = 0, paren = 0;

	*bad = false;
	while (peek(c, 0) == ' ' || peek(c, 0) == '\t')
		adv(c, 1);
	start = c->pos;
	for (;;) {
		char ch = peek(c, 0);

		if (!ch) {
			end = c->pos;
			break;
		}
		if (ch == '"') {
			adv(c, 1);
			while (peek(c, 0) && peek(c, 0) != '"' && peek(c, 0) != '\n') {
				if (peek(c, 0) == '\\')
					adv(c, 1);
				adv(c, 1);
			}
			adv(c, 1);
			continue;
		}
		if (ch == '/' && peek(c, 1) == '*') {
			const char *e = strstr(c->s + c->pos + 2, "*/");

			adv(c, (e ? (size_t)(e - c->s) + 2 : c->len) - c->pos);
			continue;
		}
		if (ch == '/' && peek(c, 1) == '/') {
			skip_to_eol(c);
			continue;
		}
		if (ch == '&' && peek(c, 1) == '{') {
			while (peek(c, 0) && peek(c, 0) != '}' && peek(c, 0) != '\n')
				adv(c, 1);
			adv(c, 1);
			continue;
		}
		if (ch == '<')
			angle++;
		else if (ch == '>' && angle)
			angle--;
		else if (ch == '[')
			bracket++;
		else if (ch == ']' && bracket)
			bracket--;
		else if (ch == '(')
			paren++;
		else if (ch == ')' && paren)
			paren--;
		if (ch == ';' && !bracket) {
			end = c->pos;
			adv(c, 1);
			break;
		}
		if (ch == '}' && !angle && !bracket && !paren) {
			end = c->pos;	/* missing ';' before a closing brace */
			break;
		}
		if (ch == '\n' && !bracket && next_is_statement(c, c->pos + 1)) {
			end = c->pos;	/* missing ';' */
			break;
		}
		adv(c, 1);
	}
	while (end > start && strchr(" \t\n", c->s[end - 1]))
		end--;
	const char *v = cv_strndup(c->cv, c->s + start, end - start);

	if (v && (strstr(v, "...") || strstr(v, "\xe2\x80\xa6") || !*v))
		*bad = true;
	if (v && angle)
		*bad = true;
	return v;
}

/* Is [p, e) a valid cell: a number, a macro, a reference, a char or a (expression)? */
static bool valid_cell_token(const char *p, const char *e)
{
	size_t n = (size_t)(e - p);

	if (!n)
		return true;
	if (*p == '&')
		return n > 1;
	if (*p == '(')
		return p[n - 1] == ')';
	if (*p == '\'')
		return n >= 3 && p[n - 1] == '\'';
	if (isdigit((unsigned char)*p)) {
		for (const char *q = p; q < e; q++)
			if (!isalnum((unsigned char)*q))
				return false;
		return true;
	}
	if (isalpha((unsigned char)*p) || *p == '_') {
		for (const char *q = p; q < e; q++)
			if (!is_label_char((unsigned char)*q))
				return false;
		return true;
	}
	return false;
}

/*
 * The inside of <...>: tokens checked; lines of junk ("::::") dropped;
 * bare negative numbers put in parentheses.  Returns false when beyond repair.
 */
static bool fix_cells(struct strbuf *out, const char *p, const char *end)
{
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *le = eol ? eol : end;
		struct strbuf line;
		bool junk = false, any = false;

		sb_init(&line);
		for (const char *q = p; q < le;) {
			if (isspace((unsigned char)*q)) {
				sb_putc(&line, *q++);
				continue;
			}
			if (q[0] == '/' && q + 1 < le && q[1] == '*') {
				const char *c = strstr(q + 2, "*/");
				const char *ce = c && c + 2 <= le ? c + 2 : le;

				sb_putn(&line, q, (size_t)(ce - q));
				q = ce;
				continue;
			}
			const char *t = q;

			if (*q == '(') {
				int depth = 0;

				for (; q < le; q++) {
					if (*q == '(')
						depth++;
					else if (*q == ')' && !--depth) {
						q++;
						break;
					}
				}
			} else if (*q == '&' && q + 1 < le && q[1] == '{') {
				while (q < le && *q != '}')
					q++;
				if (q < le)
					q++;
			} else if (*q == '\'') {
				q++;
				while (q < le && *q != '\'')
					q++;
				if (q < le)
					q++;
			} else if (*q == '-' && q + 1 < le && isdigit((unsigned char)q[1])) {
				q++;
				while (q < le && isalnum((unsigned char)*q))
					q++;
				sb_putc(&line, '(');
				sb_putn(&line, t, (size_t)(q - t));
				sb_putc(&line, ')');
				any = true;
				continue;
			} else {
				if (*q == '&')
					q++;
				while (q < le && !isspace((unsigned char)*q) && *q != '(' &&
				       !(q[0] == '/' && q + 1 < le && q[1] == '*'))
					q++;
			}
			if (!valid_cell_token(t, q)) {
				junk = true;
				break;
			}
			sb_putn(&line, t, (size_t)(q - t));
			any = true;
		}
		if (junk) {
			/* A line of junk goes; junk among cells cannot be repaired. */
			if (any) {
				sb_free(&line);
				return false;
			}
		} else {
			sb_putn(out, line.buf ? line.buf : "", line.len);
		}
		sb_free(&line);
		if (eol) {
			if (!junk)
				sb_putc(out, '\n');
		}
		p = eol ? eol + 1 : end;
	}
	return true;
}

/*
 * A property value as dtc accepts it, or NULL: "= 3072000;" gets its <>,
 * a trailing comma goes, cells are checked.
 */
static const char *normalize_value(struct conv *cv, const char *v)
{
	struct strbuf sb;
	const char *p = v;
	bool ok = true, need_item = true;

	sb_init(&sb);
	while (*p && ok) {
		if (isspace((unsigned char)*p)) {
			sb_putc(&sb, *p++);
			continue;
		}
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			size_t n = e ? (size_t)(e - p) + 2 : strlen(p);

			sb_putn(&sb, p, n);
			p += n;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);

			sb_putn(&sb, p, n);
			p += n;
			continue;
		}
		if (*p == ',') {
			const char *q = p + 1;

			while (*q && isspace((unsigned char)*q))
				q++;
			if (!*q || need_item) {
				p++;	/* "<...>,;" or ",," */
				continue;
			}
			sb_putc(&sb, *p++);
			need_item = true;
			continue;
		}
		if (!need_item) {
			ok = false;
			break;
		}
		if (*p == '"') {
			const char *q = p + 1;

			while (*q && *q != '"') {
				if (*q == '\\' && q[1])
					q++;
				q++;
			}
			if (!*q) {
				ok = false;
				break;
			}
			sb_putn(&sb, p, (size_t)(q + 1 - p));
			p = q + 1;
			need_item = false;
			continue;
		}
		if (starts_with(p, "/bits/")) {
			const char *q = p + 6;

			while (isspace((unsigned char)*q))
				q++;
			while (isdigit((unsigned char)*q))
				q++;
			sb_putn(&sb, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (*p == '<') {
			const char *q = p + 1;
			int depth = 0;

			for (; *q && !(*q == '>' && !depth); q++) {
				if (*q == '(')
					depth++;
				else if (*q == ')' && depth)
					depth--;
				else if (q[0] == '/' && q[1] == '*') {
					const char *e = strstr(q + 2, "*/");

					if (!e)
						break;
					q = e + 1;
				}
			}
			if (*q != '>') {
				ok = false;
				break;
			}
			sb_putc(&sb, '<');
			ok = fix_cells(&sb, p + 1, q);
			sb_putc(&sb, '>');
			p = q + 1;
			need_item = false;
			continue;
		}
		if (*p == '[') {
			const char *q = strchr(p, ']');

			if (!q) {
				ok = false;
				break;
			}
			for (const char *b = p + 1; b < q; b++)
				if (!isxdigit((unsigned char)*b) && !isspace((unsigned char)*b))
					ok = false;
			sb_putn(&sb, p, (size_t)(q + 1 - p));
			p = q + 1;
			need_item = false;
			continue;
		}
		if (*p == '&') {
			const char *q = p + 1;

			if (*q == '{') {
				q = strchr(q, '}');
				if (!q) {
					ok = false;
					break;
				}
				q++;
			} else {
				while (is_label_char((unsigned char)*q))
					q++;
			}
			if (q == p + 1) {
				ok = false;
				break;
			}
			sb_putn(&sb, p, (size_t)(q - p));
			p = q;
			need_item = false;
			continue;
		}
		if (isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '(') {
			/* Bare cells: "3072000", "1 2", "GPIO_ACTIVE_LOW". */
			const char *q = p;

			while (*q && *q != ',' && *q != '"' && *q != '<' && !(q[0] == '/' && q[1] == '*'))
				q++;
			while (q > p && isspace((unsigned char)q[-1]))
				q--;
			sb_putc(&sb, '<');
			ok = fix_cells(&sb, p, q);
			sb_putc(&sb, '>');
			p = q;
			need_item = false;
			continue;
		}
		ok = false;
	}
	if (ok && need_item) {
		/* Nothing, or a trailing comma only. */
		size_t k = sb.len;

		while (k && isspace((unsigned char)sb.buf[k - 1]))
			k--;
		if (!k)
			ok = false;
	}
	const char *r = ok ? cv_strndup(cv, sb.buf ? sb.buf : "", sb.len) : NULL;

	sb_free(&sb);
	if (r) {
		/* Trim, keeping comments. */
		char *t = (char *)r;
		size_t n = strlen(t);

		while (n && isspace((unsigned char)t[n - 1]))
			t[--n] = '\0';
	}
	return r;
}

static struct ditem *mk_item(struct conv *cv, enum ditem_kind kind, const char *name,
			     struct ditem *parent);

static struct ditem *new_item(struct dts_cur *c, enum ditem_kind kind, const char *name,
			      unsigned line)
{
	struct ditem *it = mk_item(c->cv, kind, name, NULL);

	if (!it)
		return NULL;
	it->line = line;
	it->lead = take_lead(c);
	return it;
}

static void append_item(struct ditem **head, struct ditem *it)
{
	while (*head)
		head = &(*head)->next;
	*head = it;
}

static void parse_body(struct dts_cur *c, struct ditem *parent, struct ditem **head,
		       struct strbuf *directives, unsigned depth);

static bool is_directive(const struct dts_cur *c)
{
	static const char *const d[] = {
		"#include", "#define", "#undef", "#ifdef", "#ifndef", "#if", "#else", "#elif",
		"#endif",
	};
	size_t ls = c->pos;

	while (ls > 0 && (c->s[ls - 1] == ' ' || c->s[ls - 1] == '\t'))
		ls--;
	if (ls > 0 && c->s[ls - 1] != '\n')
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(d); i++) {
		size_t n = strlen(d[i]);

		if (!strncmp(c->s + c->pos, d[i], n) &&
		    (c->pos + n >= c->len || strchr(" \t\n<\"", c->s[c->pos + n])))
			return true;
	}
	return false;
}

/* One statement; returns false at the end of the block. */
static bool parse_statement(struct dts_cur *c, struct ditem *parent, struct ditem **head,
			    struct strbuf *directives, unsigned depth)
{
	const char *labels[4];
	size_t nlabels = 0;
	size_t start;
	unsigned line;

	skip_space(c);
	if (c->pos >= c->len)
		return false;
	start = c->pos;
	line = cur_line(c);
	if (peek(c, 0) == '}') {
		adv(c, 1);
		while (peek(c, 0) == ' ' || peek(c, 0) == '\t')
			adv(c, 1);
		if (peek(c, 0) == ';')
			adv(c, 1);
		if (depth)
			return false;
		return true;	/* stray brace at top level */
	}
	if (peek(c, 0) == '#' && is_directive(c)) {
		size_t s0 = c->pos;

		skip_to_eol(c);
		if (directives) {
			sb_putn(directives, c->s + s0, c->pos - s0);
			sb_putc(directives, '\n');
		}
		return true;
	}
	if (peek(c, 0) == '.' || (peek(c, 0) == '[' && peek(c, 1) == '.') ||
	    (unsigned char)peek(c, 0) == 0xe2) {
		drop_line(c, start);
		return true;
	}
	/* Labels. */
	for (;;) {
		size_t n = 0;

		while (c->pos + n < c->len && is_label_char((unsigned char)c->s[c->pos + n]))
			n++;
		if (!n || isdigit((unsigned char)c->s[c->pos]))
			break;
		size_t p = c->pos + n;

		while (p < c->len && (c->s[p] == ' ' || c->s[p] == '\t'))
			p++;
		if (p < c->len && c->s[p] == ':' && (p + 1 >= c->len || c->s[p + 1] != ':')) {
			if (nlabels < ARRAY_SIZE(labels))
				labels[nlabels++] = cv_strndup(c->cv, c->s + c->pos, n);
			adv(c, p + 1 - c->pos);
			while (strchr(" \t\n", peek(c, 0)) && peek(c, 0))
				adv(c, 1);
			continue;
		}
		break;
	}
	const char *name = NULL;
	bool is_ref = false;

	if (peek(c, 0) == '&') {
		size_t s0 = c->pos;

		adv(c, 1);
		if (peek(c, 0) == '{') {
			while (peek(c, 0) && peek(c, 0) != '}')
				adv(c, 1);
			adv(c, 1);
		} else {
			while (is_label_char((unsigned char)peek(c, 0)))
				adv(c, 1);
		}
		name = cv_strndup(c->cv, c->s + s0, c->pos - s0);
		is_ref = true;
	} else if (peek(c, 0) == '/') {
		static const char *const skip[] = {
			"/dts-v1/", "/plugin/", "/memreserve/", "/delete-node/", "/delete-property/",
			"/include/", "/omit-if-no-ref/",
		};
		for (size_t i = 0; i < ARRAY_SIZE(skip); i++) {
			if (!strncmp(c->s + c->pos, skip[i], strlen(skip[i]))) {
				while (peek(c, 0) && peek(c, 0) != ';' && peek(c, 0) != '\n')
					adv(c, 1);
				if (peek(c, 0) == ';')
					adv(c, 1);
				return true;
			}
		}
		adv(c, 1);
		name = "/";
	} else {
		size_t n = ident_len(c, c->pos);

		if (!n) {
			drop_line(c, start);
			return true;
		}
		name = cv_strndup(c->cv, c->s + c->pos, n);
		adv(c, n);
	}
	if (!name)
		return false;
	while (peek(c, 0) == ' ' || peek(c, 0) == '\t')
		adv(c, 1);
	if (peek(c, 0) == '\n') {
		/* "node\n{" */
		size_t p = c->pos;

		while (p < c->len && strchr(" \t\n", c->s[p]))
			p++;
		if (p < c->len && c->s[p] == '{')
			adv(c, p - c->pos);
	}
	char ch = peek(c, 0);
	struct ditem *it = NULL;

	if (ch == '{') {
		adv(c, 1);
		if (depth >= MAX_NESTING) {
			drop_line(c, start);
			return true;
		}
		it = new_item(c, DI_NODE, name, line);
		if (!it)
			return false;
		it->parent = parent;
		memcpy(it->labels, labels, nlabels * sizeof(labels[0]));
		it->nlabels = nlabels;
		c->last = NULL;
		parse_body(c, it, &it->children, NULL, depth + 1);
		if (c->lead.len)
			it->tail = take_lead(c);
		c->last = it;
		c->last_li = c->li;
		append_item(head, it);
		return true;
	}
	if (is_ref || !strcmp(name, "/")) {
		drop_line(c, start);
		return true;
	}
	if (ch == '=') {
		bool bad;

		adv(c, 1);
		const char *v = read_value(c, &bad);

		if (v && !bad)
			v = normalize_value(c->cv, v);
		if (bad || !v) {
			if (!c->dropped++)
				c->dropped_line = line;
			return true;
		}
		it = new_item(c, DI_PROP, name, line);
		if (!it)
			return false;
		if (!strcmp(name, "compatible") && strchr(v, '<') && strchr(v, '"')) {
			/* "<vendor,panel>": a placeholder, written as a plain string. */
			char *w = cv_strdup(c->cv, v), *q = w;

			for (const char *r = v; w && *r; r++)
				if (*r != '<' && *r != '>')
					*q++ = *r;
			if (w) {
				*q = '\0';
				v = w;
			}
		}
		it->value = v;
	} else if (ch == ';' || ((ch == '\n' || ch == '}' || !ch) && depth &&
				 (strchr(name, '-') || strchr(name, ',') || is_std_prop(name)))) {
		if (ch == ';')
			adv(c, 1);
		it = new_item(c, DI_PROP, name, line);
		if (!it)
			return false;
	} else {
		drop_line(c, start);
		return true;
	}
	memcpy(it->labels, labels, nlabels * sizeof(labels[0]));
	it->nlabels = nlabels;
	it->parent = parent;
	append_item(head, it);
	c->last = it;
	c->last_li = c->li;
	return true;
}

static void parse_body(struct dts_cur *c, struct ditem *parent, struct ditem **head,
		       struct strbuf *directives, unsigned depth)
{
	while (c->pos < c->len && !c->cv->oom) {
		size_t before = c->pos;

		if (!parse_statement(c, parent, head, directives, depth))
			break;
		if (c->pos == before)
			adv(c, 1);	/* never loop in place */
	}
}

/* Parse lines [a, b] of the text (one code run) into @ex. */
static void parse_example(struct conv *cv, struct example *ex, size_t a, size_t b)
{
	struct strbuf text, dir;
	unsigned *lno = cv_alloc(cv, (b - a + 1) * sizeof(*lno));
	struct dts_cur c = { .cv = cv };

	if (!lno)
		return;
	sb_init(&text);
	sb_init(&dir);
	sb_init(&c.lead);
	for (size_t i = a; i <= b; i++) {
		sb_puts(&text, cv->lines[i].s);
		sb_putc(&text, '\n');
		lno[i - a] = cv->lines[i].no;
	}
	c.s = sb_cstr(&text);
	c.len = text.len;
	c.lno = lno;
	c.nl = b - a + 1;
	parse_body(&c, NULL, &ex->top, &dir, 0);
	if (c.lead.len) {
		/* Comments after the last node: keep them with it. */
		struct ditem *last = ex->top;

		while (last && last->next)
			last = last->next;
		if (last && !last->tail && last->kind == DI_NODE)
			last->tail = NULL;
	}
	if (dir.len)
		ex->directives = cv_strndup(cv, dir.buf, dir.len);
	if (c.dropped)
		finding(cv, DTBIND_WARNING, c.dropped_line, 1, "doc2yaml-example",
			"%u line%s of the example %s not devicetree source and %s dropped",
			c.dropped, c.dropped == 1 ? "" : "s", c.dropped == 1 ? "is" : "are",
			c.dropped == 1 ? "was" : "were");
	ex->line = cv->lines[a].no;
	ex->last = cv->lines[b].no;
	sb_free(&text);
	sb_free(&dir);
	sb_free(&c.lead);
}

/* Cut the example sections into code runs and parse each. */
static void collect_examples(struct conv *cv)
{
	size_t i = 0;

	while (i < cv->nlines) {
		if (!cv->lines[i].exsec) {
			i++;
			continue;
		}
		unsigned sec = cv->lines[i].exsec;
		int depth = 0;
		size_t run_start = SIZE_MAX, run_end = 0;
		bool in_comment = false;

		for (; i < cv->nlines && (cv->lines[i].exsec == sec || cv->lines[i].blank); i++) {
			const struct line *l = &cv->lines[i];
			bool code;

			if (l->blank)
				continue;
			code = depth > 0 || in_comment || dts_like(l->t);
			if (!code) {
				if (run_start != SIZE_MAX) {
					struct example *ex = cv_alloc(cv, sizeof(*ex));

					if (ex) {
						parse_example(cv, ex, run_start, run_end);
						vec_push(cv, &cv->examples, ex);
					}
				}
				run_start = SIZE_MAX;
				continue;
			}
			if (run_start == SIZE_MAX)
				run_start = i;
			run_end = i;
			for (const char *p = l->t; *p; p++) {
				if (in_comment) {
					if (p[0] == '*' && p[1] == '/')
						in_comment = false, p++;
					continue;
				}
				if (*p == '"') {
					for (p++; *p && *p != '"'; p++)
						;
					if (!*p)
						break;
				} else if (p[0] == '/' && p[1] == '*') {
					in_comment = true;
					p++;
				} else if (p[0] == '/' && p[1] == '/') {
					break;
				} else if (*p == '{') {
					depth++;
				} else if (*p == '}' && depth) {
					depth--;
				}
			}
		}
		if (run_start != SIZE_MAX) {
			struct example *ex = cv_alloc(cv, sizeof(*ex));

			if (ex) {
				parse_example(cv, ex, run_start, run_end);
				vec_push(cv, &cv->examples, ex);
			}
		}
	}
}

/* ---- DTS values ---------------------------------------------------- */

/* The strings of a value ("a", "b") into @out (up to @max); returns the count. */
static size_t value_strings(struct conv *cv, const char *v, const char **out, size_t max)
{
	size_t n = 0;

	if (!v)
		return 0;
	for (const char *p = v; *p; p++) {
		if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				break;
			p = e + 1;
			continue;
		}
		if (*p != '"')
			continue;
		const char *s = ++p;

		while (*p && *p != '"') {
			if (*p == '\\' && p[1])
				p++;
			p++;
		}
		if (n < max)
			out[n] = cv_strndup(cv, s, (size_t)(p - s));
		n++;
		if (!*p)
			break;
	}
	return n < max ? n : max;
}

struct vshape {
	unsigned groups;	/* <...> groups */
	unsigned cells;		/* cells in all groups */
	unsigned max_group;	/* cells in the largest group */
	unsigned refs;		/* &phandles */
	unsigned strings;
	unsigned bits;		/* /bits/ N, else 0 */
	bool bytes;		/* [..] */
	bool other;		/* something else */
};

static void value_shape(const char *v, struct vshape *sh)
{
	memset(sh, 0, sizeof(*sh));
	if (!v)
		return;
	for (const char *p = v; *p; p++) {
		if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				return;
			p = e + 1;
		} else if (*p == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
			if (!*p)
				return;
		} else if (*p == '"') {
			sh->strings++;
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return;
		} else if (starts_with(p, "/bits/")) {
			sh->bits = (unsigned)strtoul(p + 6, NULL, 10);
			p += 5;
		} else if (*p == '[') {
			sh->bytes = true;
			while (*p && *p != ']')
				p++;
			if (!*p)
				return;
		} else if (*p == '<') {
			unsigned cells = 0;
			int paren = 0;

			sh->groups++;
			for (p++; *p && *p != '>'; p++) {
				if (*p == '(') {
					if (!paren++)
						cells++;
					continue;
				}
				if (*p == ')') {
					paren--;
					continue;
				}
				if (paren)
					continue;
				if (*p == '&') {
					sh->refs++;
					cells++;
					if (p[1] == '{')
						while (*p && *p != '}')
							p++;
					else
						while (is_label_char((unsigned char)p[1]))
							p++;
					if (!*p)
						return;
				} else if (isalnum((unsigned char)*p) || *p == '_' || *p == '-') {
					cells++;
					while (isalnum((unsigned char)p[1]) || p[1] == '_' || p[1] == '.')
						p++;
				} else if (*p == '/' && p[1] == '*') {
					const char *e = strstr(p + 2, "*/");

					if (!e)
						return;
					p = e + 1;
				}
			}
			sh->cells += cells;
			if (cells > sh->max_group)
				sh->max_group = cells;
			if (!*p)
				return;
		} else if (!strchr(" \t\n,", *p)) {
			sh->other = true;
		}
	}
}

/* Integer cells of a single-group value with literal numbers (up to @max). */
static size_t value_ints(const char *v, unsigned long long *out, size_t max)
{
	size_t n = 0;
	const char *p = v ? strchr(v, '<') : NULL;

	if (!p)
		return 0;
	for (p++; *p && *p != '>' && n < max;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (!isdigit((unsigned char)*p))
			return n;
		char *e;

		out[n++] = strtoull(p, &e, 0);
		if (e == p)
			return n - 1;
		p = e;
		if (*p && !isspace((unsigned char)*p) && *p != '>')
			return n - 1;
	}
	return n;
}

static struct ditem *node_prop(const struct ditem *node, const char *name)
{
	struct ditem *found = NULL;

	for (struct ditem *it = node->children; it; it = it->next)
		if (!it->dead && it->kind == DI_PROP && !strcmp(it->name, name))
			found = it;
	return found;
}

/* Does any of the examples' device nodes have property @name? */
static bool devnodes_use(const struct conv *cv, const char *name)
{
	for (size_t d = 0; d < cv->devnodes.n; d++)
		if (node_prop(cv->devnodes.v[d], name))
			return true;
	return false;
}

static unsigned cells_prop(const struct ditem *node, const char *name, unsigned dflt)
{
	const struct ditem *p = node ? node_prop(node, name) : NULL;
	unsigned long long v[2];

	if (p && value_ints(p->value, v, 2) == 1 && v[0] <= 4)
		return (unsigned)v[0];
	return dflt;
}

/* #address-cells and #size-cells a node's reg uses (the example wrapper gives 1, 1). */
static void parent_cells(const struct ditem *node, unsigned *ac, unsigned *sc)
{
	const struct ditem *parent = node->parent;

	*ac = cells_prop(parent, "#address-cells", parent ? 2 : 1);
	*sc = cells_prop(parent, "#size-cells", parent ? 1 : 1);
	if (!parent) {
		*ac = 1;
		*sc = 1;
	}
}


/* ------------------------------------------------------------------ */
/* Item text                                                           */

/*
 * The text of an item: the rest of its first line, then the following
 * lines dedented by their common indentation.  With @epapr_only, the
 * Usage:/Value type: lines are dropped and "Definition:" is unwrapped.
 */
static const char *prop_text(struct conv *cv, const struct prop *pr, bool clean)
{
	struct strbuf sb;
	unsigned min = UINT_MAX, def_col = 0;

	sb_init(&sb);
	for (size_t k = 1; k < pr->nlines; k++) {
		const struct line *l = pr->lines[k];

		if (!l->blank && l->ind < min)
			min = l->ind;
	}
	const char *first = pr->first ? pr->first : "";

	if (clean) {
		while (*first == ':' || *first == '-' || *first == ' ')
			first++;
	}
	sb_puts(&sb, first);
	for (size_t k = 1; k < pr->nlines; k++) {
		const struct line *l = pr->lines[k];
		const char *t = l->t;

		if (clean && (starts_with_ci(t, "usage:") || starts_with_ci(t, "value type:")))
			continue;
		if (clean && starts_with_ci(t, "definition:")) {
			t = skip_blanks(t + 11);
			if (sb.len)
				sb_putc(&sb, '\n');
			sb_puts(&sb, t);
			/* Its continuation lines line up with the text after "Definition:". */
			def_col = vcol(l->s, t);
			continue;
		}
		if (sb.len)
			sb_putc(&sb, '\n');
		/* Keep indentation beyond the common one (lists, tables). */
		unsigned extra = l->ind > min ? l->ind - min : 0;

		if (def_col && l->ind >= def_col)
			extra = l->ind - def_col;

		if (extra > 24)
			extra = 24;
		for (unsigned e = 0; e < extra; e++)
			sb_putc(&sb, ' ');
		for (const char *p = t; *p; p++)
			sb_putc(&sb, *p == '\t' ? ' ' : *p);
	}
	const char *r = cv_strndup(cv, sb.buf ? sb.buf : "", sb.len);

	sb_free(&sb);
	return r;
}

/* "Usage:" and "Value type:" of an ePAPR item. */
static void epapr_fields(struct conv *cv, struct prop *pr)
{
	for (size_t k = 1; k < pr->nlines; k++) {
		const char *t = pr->lines[k]->t;

		if (starts_with_ci(t, "usage:")) {
			const char *u = skip_blanks(t + 6);

			/* "required" alone; "required for systems that ..." is a condition. */
			if (starts_with_ci(u, "required") && !*skip_blanks(u + 8 + strspn(u + 8, ".,;")))
				pr->req = REQ_YES;
			else if (starts_with_ci(u, "optional") || starts_with_ci(u, "required") ||
				 find_ci(u, "when"))
				pr->req = REQ_NO;
		} else if (starts_with_ci(t, "value type:")) {
			pr->vtype = cv_strdup(cv, skip_blanks(t + 11));
		}
	}
}

/* ------------------------------------------------------------------ */
/* Compatibles                                                         */

static bool chain_has(const struct chain *ch, const char *s)
{
	for (size_t i = 0; i < ch->n; i++)
		if (!strcmp(ch->s[i], s))
			return true;
	return false;
}

static bool our_compatible(const struct conv *cv, const char *s)
{
	for (size_t i = 0; i < cv->chains.n; i++)
		if (chain_has(cv->chains.v[i], s))
			return true;
	return false;
}

static struct chain *new_chain(struct conv *cv, const char **s, size_t n, unsigned line)
{
	struct chain *ch = cv_alloc(cv, sizeof(*ch));

	if (!ch)
		return NULL;
	ch->s = cv_alloc(cv, (n ? n : 1) * sizeof(*ch->s));
	if (!ch->s)
		return NULL;
	memcpy(ch->s, s, n * sizeof(*s));
	ch->n = n;
	ch->line = line;
	return ch;
}

static bool chain_equal(const struct chain *a, const char *const *s, size_t n)
{
	if (a->n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (strcmp(a->s[i], s[i]))
			return false;
	return true;
}

static void add_chain(struct conv *cv, const char **s, size_t n, unsigned line, bool deprecated)
{
	if (!n)
		return;
	for (size_t i = 0; i < cv->chains.n; i++)
		if (chain_equal(cv->chains.v[i], s, n))
			return;
	struct chain *ch = new_chain(cv, s, n, line);

	if (ch) {
		ch->deprecated = deprecated;
		vec_push(cv, &cv->chains, ch);
	}
}

/* "vendor,device-123" -> shape "vendor,device-#" (digits collapsed). */
static void compat_shape(const char *s, char *out, size_t max)
{
	size_t n = 0;

	for (; *s && n + 1 < max; s++) {
		if (isdigit((unsigned char)*s)) {
			if (!n || out[n - 1] != '#')
				out[n++] = '#';
		} else {
			out[n++] = *s;
		}
	}
	out[n] = '\0';
}

static const char *compat_device(const char *s)
{
	const char *c = strchr(s, ',');

	return c ? c + 1 : s;
}

/* A compatible many devices share as their fallback ("syscon", "simple-mfd"). */
static bool generic_compatible(const char *s)
{
	static const char *const generic[] = {
		"syscon", "simple-mfd", "simple-bus", "simple-pm-bus", "cfi-flash", "jedec,spi-nor",
		"ns16550a", "ns16550", "ns8250", "snps,dw-apb-uart", "generic-ehci", "generic-ohci",
		"usb-ehci", "usb-ohci", "mmio-sram", "regulator-fixed", "gpio-leds", "pwm-backlight",
		"arm,primecell", "arm,pl330", "snps,dwmac", "snps,dw-pcie", "cdns,macb",
	};

	for (size_t i = 0; i < ARRAY_SIZE(generic); i++)
		if (!strcmp(s, generic[i]))
			return true;
	return false;
}

/* Is @last a generic fallback for @first ("syscon", "vendor,ip" after "vendor,soc-ip")? */
static bool generic_fallback(const char *first, const char *last)
{
	const char *fv = strchr(first, ','), *lv = strchr(last, ',');
	const char *fd = compat_device(first), *ld = compat_device(last);

	if (generic_compatible(last))
		return true;
	if ((fv ? (size_t)(fv - first) : 0) != (lv ? (size_t)(lv - last) : 0) ||
	    (fv && lv && strncmp(first, last, (size_t)(fv - first))))
		return true;	/* another vendor */
	if (strstr(fd, ld) && strcmp(fd, ld))
		return true;	/* "kpss-gcc-ipq8064" then "kpss-gcc" */
	return strpbrk(fd, "0123456789") && !strpbrk(ld, "0123456789");
}

/* Is @group (as written "a", "b") a fallback chain rather than a list of alternatives? */
static bool group_is_chain(const char **s, size_t n, bool sure)
{
	if (n < 2)
		return false;
	if (sure)
		return true;
	char a[128], b[128];
	bool siblings = true;

	compat_shape(s[0], a, sizeof(a));
	for (size_t i = 1; i < n; i++) {
		compat_shape(s[i], b, sizeof(b));
		if (strcmp(a, b))
			siblings = false;
	}
	if (siblings)
		return false;
	return generic_fallback(s[0], s[n - 1]);
}

/* Every compatible list used by the examples (nodes at any depth) into @out. */
static void example_compat_lists(struct conv *cv, const struct ditem *it, struct vec *out,
				 unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_NODE) {
			const struct ditem *p = node_prop(it, "compatible");

			if (p && p->value) {
				const char *s[16];
				size_t n = value_strings(cv, p->value, s, 16);
				struct chain *ch = n ? new_chain(cv, s, n, it->line) : NULL;

				if (ch) {
					ch->node = it;
					vec_push(cv, out, (void *)ch);
				}
			}
			example_compat_lists(cv, it->children, out, depth + 1);
		}
	}
}

static bool seq_contains(const char *const *hay, size_t nh, const char *const *s, size_t n)
{
	for (size_t i = 0; i + n <= nh; i++) {
		size_t k = 0;

		while (k < n && !strcmp(hay[i + k], s[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

/* Glob match for placeholders: <...> and * match [a-z0-9_-]+. */
static bool placeholder_match(const char *pat, const char *s)
{
	if (!*pat)
		return !*s;
	if (*pat == '<' || *pat == '*') {
		const char *rest = pat + 1;

		if (*pat == '<') {
			rest = strchr(pat, '>');
			rest = rest ? rest + 1 : pat + strlen(pat);
		}
		for (const char *q = s; ; q++) {
			if (q > s && placeholder_match(rest, q))
				return true;
			if (!*q || !(isalnum((unsigned char)*q) || *q == '_' || *q == '-'))
				return false;
		}
	}
	return *pat == *s && placeholder_match(pat + 1, s + 1);
}

/* A chip name as tables list them: lower-case letters and digits, with a digit ("ls1021a"). */
static bool chip_token(const char *s, size_t n)
{
	bool digit = false;

	if (!n || n > 32 || !islower((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			digit = true;
		else if (!islower((unsigned char)s[i]))
			return false;
	}
	return digit;
}

/*
 * The values of the table column headed by @word ("Chips" for <chip>): a
 * header line with the word, a rule line under it, then rows up to a blank
 * line; the row text at or right of the header's column, split at commas
 * and blanks, keeping chip names.  Returns how many went into @out.
 */
static size_t table_column(struct conv *cv, const char *word, size_t wl, const char **out,
			   size_t max)
{
	for (size_t i = 0; i + 2 < cv->nlines; i++) {
		const struct line *h = &cv->lines[i];
		const char *at = NULL;

		for (const char *p = h->s; *p && !at; p++) {
			const char *e = p + wl;

			if (strncasecmp(p, word, wl) || (p > h->s && isalnum((unsigned char)p[-1])))
				continue;
			if (*e == 's' || *e == 'S')
				e++;
			if (!isalnum((unsigned char)*e))
				at = p;
		}
		if (!at || !is_rule_line(&cv->lines[i + 1]))
			continue;
		/* The column starts where its header's words do ("Example Chips"). */
		while (at - 2 >= h->s && at[-1] == ' ' && !isspace((unsigned char)at[-2])) {
			at--;
			while (at > h->s && !isspace((unsigned char)at[-1]))
				at--;
		}
		unsigned col = vcol(h->s, at), col_end = UINT_MAX;
		/* It ends where the next header starts, after a tab or two blanks. */
		const char *q = at;

		for (; *q; q++)
			if (*q == '\t' || (q[0] == ' ' && q[1] == ' '))
				break;
		q = skip_blanks(q);
		if (*q)
			col_end = vcol(h->s, q);
		size_t n = 0;

		for (size_t k = i + 2; k < cv->nlines && !cv->lines[k].blank && n < max; k++) {
			const char *r = cv->lines[k].s;

			for (const char *p = r; *p && n < max;) {
				while (*p && (isspace((unsigned char)*p) || *p == ','))
					p++;
				const char *b = p;

				while (*p && !isspace((unsigned char)*p) && *p != ',')
					p++;
				if (p > b && vcol(r, b) + 4 >= col && vcol(r, b) < col_end &&
				    chip_token(b, (size_t)(p - b)))
					out[n++] = cv_strndup(cv, b, (size_t)(p - b));
			}
		}
		return n;
	}
	return 0;
}

/*
 * Expand "atmel,<chip>-gpio", where <chip> is at91rm9200 or at91sam9x5, or
 * from a table whose column is headed "Chips".
 */
static size_t expand_placeholder(struct conv *cv, const char *pat, const char *text,
				 const char **out, size_t max)
{
	const char *lt = strchr(pat, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	size_t n = 0;

	if (!lt || !gt)
		return 0;
	char ph[64];

	snprintf(ph, sizeof(ph), "%.*s", (int)(gt - lt + 1), lt);
	const char *w = strstr(text, ph);

	/* The placeholder mentioned again after the string, followed by "is"/"can be". */
	while (w && (w = strstr(w + 1, ph)) != NULL) {
		const char *p = skip_blanks(w + strlen(ph));

		if (starts_with(p, "is ") || starts_with(p, "are ") || starts_with(p, "can be ") ||
		    starts_with(p, "is one of") || starts_with(p, "="))
			break;
	}
	if (!w) {
		const char *names[64];
		size_t wl = 0;

		while (isalpha((unsigned char)lt[1 + wl]))
			wl++;
		if (wl < 3)
			return 0;
		size_t nn = table_column(cv, lt + 1, wl, names, ARRAY_SIZE(names));

		for (size_t k = 0; k < nn && n < max; k++)
			if (names[k])
				out[n++] = cv_printf(cv, "%.*s%s%s", (int)(lt - pat), pat, names[k],
						     gt + 1);
		return n;
	}
	const char *p = w + strlen(ph);

	while (*p && n < max) {
		while (*p && !isalnum((unsigned char)*p) && *p != '.' && *p != '\n')
			p++;
		if (!*p || *p == '.' || *p == '\n')
			break;
		const char *s = p;

		while (isalnum((unsigned char)*p) || *p == '-' || *p == '_')
			p++;
		size_t len = (size_t)(p - s);

		if ((len == 2 && !strncmp(s, "is", 2)) || (len == 2 && !strncmp(s, "or", 2)) ||
		    (len == 3 && !strncmp(s, "and", 3)) || (len == 3 && !strncmp(s, "one", 3)) ||
		    (len == 2 && !strncmp(s, "of", 2)) || (len == 3 && !strncmp(s, "are", 3)) ||
		    (len == 3 && !strncmp(s, "can", 3)) || (len == 2 && !strncmp(s, "be", 2)) ||
		    (len == 3 && !strncmp(s, "the", 3)))
			continue;
		if (!strpbrk(s, "0123456789") || p - s > 32)
			break;
		out[n++] = cv_printf(cv, "%.*s%.*s%s", (int)(lt - pat), pat, (int)len, s, gt + 1);
	}
	return n;
}

struct qstr {
	const char *s;
	size_t at, end;		/* offsets in the text */
};

/* Quoted strings of a compatible item's text; unquoted vendor,device words when none are. */
static size_t find_compat_strings(struct conv *cv, const char *text, struct qstr *out, size_t max)
{
	size_t n = 0;

	for (const char *p = text; *p && n < max; p++) {
		/*
		 * 'vendor,dev' is a string too, but not '"a", "b"': single
		 * quotes around double-quoted strings only group them.
		 */
		if (*p == '\'' && p[1] && strchr(p + 1, '\'')) {
			size_t sl = (size_t)(strchr(p + 1, '\'') - p - 1);

			if (!memchr(p + 1, ',', sl) || memchr(p + 1, '"', sl))
				continue;
		} else if (*p != '"') {
			continue;
		}
		char q = *p;
		const char *s = ++p;

		while (*p && *p != q && *p != '\n')
			p++;
		if (*p != q)
			break;
		char *str = cv_strndup(cv, s, (size_t)(p - s));

		if (!str)
			return n;
		trim(str);
		out[n].s = str;
		out[n].at = (size_t)(s - 1 - text);
		out[n].end = (size_t)(p + 1 - text);
		n++;
	}
	if (n)
		return n;
	/* "compatible: brcm,bcm21664-resetmgr" */
	for (const char *p = text; *p && n < max;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *s = p;

		while (*p && (isalnum((unsigned char)*p) || strchr(",.-_+<>", *p)))
			p++;
		size_t len = (size_t)(p - s);

		while (len && strchr(".,", s[len - 1]))
			len--;
		const char *comma = memchr(s, ',', len);

		if (comma && comma > s && (size_t)(comma - s) + 1 < len &&
		    islower((unsigned char)s[0]) && !memchr(s, ' ', len)) {
			out[n].s = cv_strndup(cv, s, len);
			out[n].at = (size_t)(s - text);
			out[n].end = (size_t)(s - text) + len;
			n++;
		}
	}
	return n;
}

/* The .txt line of offset @off in an item's text. */
static unsigned prop_text_line(const struct prop *pr, const char *text, size_t off)
{
	unsigned k = 0;

	for (size_t i = 0; i < off && text[i]; i++)
		if (text[i] == '\n')
			k++;
	return k < pr->nlines ? pr->lines[k]->no : pr->line;
}

static bool in_lists(const struct vec *lists, const char *s)
{
	for (size_t e = 0; e < lists->n; e++)
		if (chain_has(lists->v[e], s))
			return true;
	return false;
}

/* Where a placeholder's expansions go in a group (compared by address). */
static const char placeholder_slot[] = "<placeholder>";

static void compat_from_item(struct conv *cv, struct prop *pr, struct vec *ex_lists)
{
	const char *text = prop_text(cv, pr, false);
	struct qstr q[256];
	size_t n;

	if (!text)
		return;
	n = find_compat_strings(cv, text, q, ARRAY_SIZE(q));
	if (!cv->compat_line)
		cv->compat_line = pr->line;
	bool any_comma = false;

	for (size_t k = 0; k < n; k++)
		if (strchr(q[k].s, ','))
			any_comma = true;
	size_t i = 0;

	while (i < n) {
		const char *grp[32];
		size_t g = 0;
		bool sure = false;
		unsigned line = prop_text_line(pr, text, q[i].at);
		size_t j = i;

		grp[g++] = q[i].s;
		while (j + 1 < n && g < ARRAY_SIZE(grp)) {
			const char *sep = text + q[j].end;
			size_t sl = q[j + 1].at - q[j].end;
			char buf[128];

			if (sl >= sizeof(buf))
				break;
			memcpy(buf, sep, sl);
			buf[sl] = '\0';
			bool only_comma = true;

			for (size_t k = 0; k < sl; k++)
				if (!strchr(" \t,", buf[k]))
					only_comma = false;
			if (find_ci(buf, "followed by") || find_ci(buf, "fallback")) {
				sure = true;
			} else if (!(only_comma && strchr(buf, ','))) {
				if (!(find_word(buf, "and") && !strchr(buf, '\n') && sl < 8))
					break;
			}
			grp[g++] = q[j + 1].s;
			j++;
		}
		/*
		 * Placeholders.  One written with other strings ("nvidia,<chip>-spi",
		 * "nvidia,tegra114-spi" where <chip> is ...) keeps its place: each
		 * expansion heads the chain.
		 */
		const char *slot_alts[16];
		size_t nslot = 0;

		for (size_t k = 0; k < g; k++) {
			if (!strpbrk(grp[k], "<>*"))
				continue;
			const char *alts[16];
			size_t na = expand_placeholder(cv, grp[k], text, alts, ARRAY_SIZE(alts));

			if (na && g >= 2 && !nslot) {
				for (size_t a = 0; a < na; a++)
					if (alts[a] && valid_compatible(alts[a]))
						slot_alts[nslot++] = alts[a];
				if (nslot) {
					grp[k] = placeholder_slot;
					continue;
				}
			}
			for (size_t a = 0; a < na; a++) {
				const char *one[1] = { alts[a] };

				if (alts[a] && valid_compatible(alts[a]))
					add_chain(cv, one, 1, line, false);
			}
			grp[k] = NULL;
			/* Concrete strings elsewhere or in the examples resolve it too. */
			if (!na) {
				bool concrete = false;

				for (size_t m = 0; m < n; m++)
					if (!strpbrk(q[m].s, "<>*") && placeholder_match(q[i + k].s, q[m].s))
						concrete = true;
				for (size_t e = 0; !concrete && e < ex_lists->n; e++) {
					struct chain *ch = ex_lists->v[e];

					for (size_t m = 0; m < ch->n; m++) {
						if (placeholder_match(q[i + k].s, ch->s[m])) {
							const char *one[1] = { ch->s[m] };

							add_chain(cv, one, 1, line, false);
						}
					}
				}
			}
		}
		size_t w = 0;

		for (size_t k = 0; k < g; k++) {
			if (!grp[k])
				continue;
			if (grp[k] == placeholder_slot) {
				grp[w++] = grp[k];
				continue;
			}
			/* "rockchip.rk3288-dp-phy": a typo the examples correct. */
			if (!strchr(grp[k], ',') && strchr(grp[k], '.')) {
				char fix[128];

				snprintf(fix, sizeof(fix), "%s", grp[k]);
				*strchr(fix, '.') = ',';
				for (size_t e = 0; e < ex_lists->n; e++) {
					struct chain *ch = ex_lists->v[e];

					for (size_t m = 0; m < ch->n; m++)
						if (!strcmp(ch->s[m], fix))
							grp[k] = ch->s[m];
				}
			}
			/* "string" in `compatible - "string" - One of:` is no compatible. */
			if (!strchr(grp[k], ',') && any_comma && !in_lists(ex_lists, grp[k]))
				continue;
			if (valid_compatible(grp[k]))
				grp[w++] = grp[k];
		}
		g = w;
		/* Deprecated when its line says so. */
		const char *ls = text + q[i].at, *le = text + q[j].end;

		while (ls > text && ls[-1] != '\n')
			ls--;
		le = strchr(le, '\n');
		if (!le)
			le = text + strlen(text);
		char lbuf[512];

		snprintf(lbuf, sizeof(lbuf), "%.*s", (int)(le - ls), ls);
		bool dep = find_ci(lbuf, "deprecated") != NULL;

		if (nslot) {
			for (size_t a = 0; a < nslot; a++) {
				const char *one[32];

				for (size_t k = 0; k < g; k++)
					one[k] = grp[k] == placeholder_slot ? slot_alts[a] : grp[k];
				add_chain(cv, one, g, line, dep);
			}
			i = j + 1;
			continue;
		}
		if (g >= 2 && !group_is_chain(grp, g, sure)) {
			/* A chain if an example uses it so. */
			bool used = false;

			for (size_t e = 0; e < ex_lists->n && !used; e++) {
				struct chain *ch = ex_lists->v[e];

				used = seq_contains(ch->s, ch->n, grp, g);
				if (used && strcmp(ch->s[ch->n - 1], grp[g - 1]))
					used = false;
			}
			if (!used) {
				for (size_t k = 0; k < g; k++)
					add_chain(cv, &grp[k], 1, line, dep);
				i = j + 1;
				continue;
			}
		}
		add_chain(cv, grp, g, line, dep);
		i = j + 1;
	}
}

/*
 * A table of compatibles (trivial-devices.txt):
 *	Compatible		Vendor / Chip
 *	==========		=============
 *	abracon,abb5zes3	AB-RTCMC-32.768kHz-B5ZE-S3: Real Time Clock...
 */
static void compat_table(struct conv *cv)
{
	for (size_t i = 0; i + 2 < cv->nlines; i++) {
		const struct line *h = &cv->lines[i], *r = &cv->lines[i + 1];

		if (!starts_with_ci(h->t, "compatible") || isalnum((unsigned char)h->t[10]) ||
		    *skip_blanks(h->t + 10) == ':' || !is_rule_line(r))
			continue;
		cv->lines[i].used = true;
		cv->lines[i + 1].used = true;
		for (size_t k = i + 2; k < cv->nlines; k++) {
			struct line *l = &cv->lines[k];
			const char *e = l->t;

			if (l->blank)
				continue;
			while (*e && !isspace((unsigned char)*e))
				e++;
			char *c = cv_strndup(cv, l->t, (size_t)(e - l->t));

			if (!c || !strchr(c, ',') || !valid_compatible(c)) {
				if (c && valid_compatible(c) && *skip_blanks(e))
					goto row;	/* "adt7461  description": no vendor, still a row */
				break;
			}
row:
			{
				const char *one[1] = { c };
				size_t before = cv->chains.n;

				add_chain(cv, one, 1, l->no, false);
				if (cv->chains.n > before)
					((struct chain *)cv->chains.v[before])->desc =
						cv_strdup(cv, skip_blanks(e));
				if (!cv->compat_line)
					cv->compat_line = l->no;
				l->used = true;
			}
		}
		return;
	}
}

/* The node name without unit address and trailing digits ("tsensor@f7030700" -> "tsensor"). */
static size_t node_base_len(const char *name)
{
	size_t n = strcspn(name, "@");

	while (n > 1 && isdigit((unsigned char)name[n - 1]))
		n--;
	return n;
}

/* The last '-' word of a compatible's device part ("hi3660-tsensor" -> "tsensor"). */
static const char *compat_last_word(const char *s)
{
	const char *d = compat_device(s), *dash = strrchr(d, '-');

	return dash ? dash + 1 : d;
}

/*
 * Another variant of the device that only an example shows: a node named
 * like one of ours ("tsensor@fff30000" beside "tsensor@f7030700") whose
 * compatible is the same vendor's and ends in the same word
 * ("hisilicon,hi3660-tsensor" beside "hisilicon,tsensor").
 */
static void example_variants(struct conv *cv, const struct vec *ex_lists)
{
	for (size_t e = 0; e < ex_lists->n; e++) {
		const struct chain *ch = ex_lists->v[e];
		bool any_ours = false;

		for (size_t m = 0; m < ch->n; m++)
			if (our_compatible(cv, ch->s[m]) || !valid_compatible(ch->s[m]))
				any_ours = true;
		if (any_ours || !ch->node || !strchr(ch->s[0], ','))
			continue;
		for (size_t o = 0; o < ex_lists->n; o++) {
			const struct chain *mine = ex_lists->v[o];
			const char *a = ch->s[0], *b = mine->s[0];
			size_t an = node_base_len(ch->node->name);

			if (!mine->node || !our_compatible(cv, b) || mine->node == ch->node ||
			    an != node_base_len(mine->node->name) ||
			    strncmp(ch->node->name, mine->node->name, an) ||
			    compat_device(a) - a != compat_device(b) - b ||
			    strncmp(a, b, (size_t)(compat_device(a) - a)) ||
			    strcmp(compat_last_word(a), compat_last_word(b)) ||
			    strlen(compat_last_word(a)) < 3)
				continue;
			add_chain(cv, ch->s, ch->n, ch->line, false);
			break;
		}
	}
}

/*
 * Is @node inside an example node that is one of our devices: its most
 * specific compatible ours, not @self, and not a generic one ("syscon")?
 */
static bool inside_our_node(struct conv *cv, const struct ditem *node, const char *self)
{
	unsigned depth = 0;

	for (const struct ditem *a = node->parent; a && depth < MAX_NESTING; a = a->parent, depth++) {
		const struct ditem *p = node_prop(a, "compatible");
		const char *s[1];

		if (p && p->value && value_strings(cv, p->value, s, 1) && s[0] &&
		    strcmp(s[0], self) && !generic_compatible(s[0]) && our_compatible(cv, s[0]))
			return true;
	}
	return false;
}

/*
 * Does the file's name name the device of @ch ("oxnas,stdclk.txt" for
 * "oxsemi,ox810se-stdclk")?  Then it is what the file is about, nested in
 * the examples or not.
 */
static bool names_the_file(const struct conv *cv, const struct chain *ch)
{
	const char *b = strrchr(cv->file, '/');

	b = b ? b + 1 : cv->file;
	const char *comma = strchr(b, ',');

	if (comma)
		b = comma + 1;
	for (size_t i = 0; i < ch->n; i++) {
		const char *w = compat_last_word(ch->s[i]);
		size_t wl = strlen(w);

		for (const char *p = b; (p = strstr(p, w)) != NULL; p++)
			if ((p == b || strchr("-_.", p[-1])) && strchr("-_.", p[wl]) && p[wl])
				return true;
	}
	return false;
}

/* The main-scope compatible item the chain was read from, if any. */
static struct prop *chain_item(const struct conv *cv, const struct chain *ch)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		unsigned last = pr->nlines ? pr->lines[pr->nlines - 1]->no : pr->line;

		if (!pr->scope && !strcmp(pr->name, "compatible") && pr->line <= ch->line &&
		    ch->line <= last)
			return pr;
	}
	return NULL;
}

/*
 * The properties of a sub-device's part of the text ("GPIO sub-device",
 * then its property lists) are the child's: they go to a scope of their
 * own, unless that part also has a compatible the device keeps.
 */
static void child_block_props(struct conv *cv, const struct chain *ch)
{
	const struct prop *item = chain_item(cv, ch);

	if (!item || !item->block)
		return;
	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *o = cv->chains.v[c];
		const struct prop *oi = o == ch ? NULL : chain_item(cv, o);

		if (oi && oi->block == item->block && our_compatible(cv, o->s[0]) &&
		    strcmp(o->s[0], ch->s[0]))
			return;
	}
	int scope = ++cv->nscopes;
	unsigned block = item->block;

	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (!pr->scope && pr->block == block)
			pr->scope = scope;
	}
}

/*
 * A file that also describes its sub-devices ("2. Clock Provider",
 * "Required properties for the ECC nodes") lists their compatibles too.
 * A chain the examples only ever show inside a node of another of ours is
 * a child's: its node schema (from the examples) has it, the device's
 * compatible does not.  Chains no example shows stay.
 */
static void drop_child_compatibles(struct conv *cv, const struct vec *ex_lists)
{
	bool *child = cv_alloc(cv, (cv->chains.n + 1) * sizeof(*child));
	size_t nchild = 0;

	if (!child)
		return;
	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *ch = cv->chains.v[c];
		bool seen = false, nested = true;

		for (size_t e = 0; e < ex_lists->n && nested; e++) {
			const struct chain *x = ex_lists->v[e];

			if (!x->node || strcmp(x->s[0], ch->s[0]))
				continue;
			seen = true;
			nested = inside_our_node(cv, x->node, ch->s[0]);
		}
		child[c] = seen && nested && !names_the_file(cv, ch);
		nchild += child[c];
	}
	if (!nchild || nchild == cv->chains.n)
		return;
	size_t w = 0;

	for (size_t c = 0; c < cv->chains.n; c++) {
		if (child[c])
			child_block_props(cv, cv->chains.v[c]);
		else
			cv->chains.v[w++] = cv->chains.v[c];
	}
	cv->chains.n = w;
}

static void extract_compatibles(struct conv *cv)
{
	struct vec ex_lists = { 0 };

	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		example_compat_lists(cv, ex->top, &ex_lists, 0);
	}
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (strcmp(pr->name, "compatible") || pr->share)
			continue;
		if (pr->scope) {
			const char *text = prop_text(cv, pr, false);
			struct qstr q[64];
			size_t n = text ? find_compat_strings(cv, text, q, ARRAY_SIZE(q)) : 0;

			for (size_t i = 0; i < n; i++)
				vec_push(cv, &cv->sub_compat, (void *)q[i].s);
			continue;
		}
		compat_from_item(cv, pr, &ex_lists);
	}
	/* A text without a compatible item: the examples' nodes named like the file. */
	if (!cv->chains.n && !cv->root_binding) {
		const char *b = strrchr(cv->file, '/');
		char base[128];

		snprintf(base, sizeof(base), "%s", b ? b + 1 : cv->file);
		if (str_ends_with(base, ".txt"))
			base[strlen(base) - 4] = '\0';
		for (size_t e = 0; e < ex_lists.n; e++) {
			struct chain *ch = ex_lists.v[e];
			const char *dev = compat_device(ch->s[0]);

			if (!strcmp(dev, base) || !strcmp(ch->s[0], base) ||
			    (strlen(dev) > 6 && strstr(base, dev))) {
				add_chain(cv, ch->s, ch->n, ch->line, false);
				if (!cv->compat_line)
					cv->compat_line = ch->line;
			}
		}
	}
	if (!cv->chains.n)
		return;
	/* Chains the examples use with one of our strings first, not in the text yet. */
	size_t ntext = cv->chains.n;

	for (size_t e = 0; e < ex_lists.n; e++) {
		struct chain *ch = ex_lists.v[e];
		bool ours = false, known = false, valid = true;

		for (size_t m = 0; m < ch->n; m++) {
			if (!valid_compatible(ch->s[m]))
				valid = false;
		}
		for (size_t c = 0; c < ntext; c++) {
			struct chain *t = cv->chains.v[c];

			if (chain_equal(t, ch->s, ch->n))
				known = true;
			if (chain_has(t, ch->s[ch->n - 1]) || chain_has(t, ch->s[0]))
				ours = true;
		}
		if (!valid || known || !ours || ch->n < 2)
			continue;
		/* Only fallbacks we know: the first is new (a SoC) and the rest are ours. */
		bool rest_ours = true;

		for (size_t m = 1; m < ch->n; m++)
			if (!our_compatible(cv, ch->s[m]) && !generic_fallback(ch->s[0], ch->s[m]))
				rest_ours = false;
		if (!rest_ours)
			continue;
		add_chain(cv, ch->s, ch->n, cv->compat_line, false);
	}
	example_variants(cv, &ex_lists);
	drop_child_compatibles(cv, &ex_lists);
	/* A lone string that is the fallback of a chain: not used alone. */
	for (size_t i = 0; i < cv->chains.n; i++) {
		struct chain *one = cv->chains.v[i];
		bool fallback = false, alone = false;

		if (one->n != 1)
			continue;
		for (size_t j = 0; j < cv->chains.n; j++) {
			struct chain *ch = cv->chains.v[j];

			if (ch->n > 1 && !strcmp(ch->s[ch->n - 1], one->s[0]))
				fallback = true;
		}
		for (size_t e = 0; e < ex_lists.n; e++) {
			struct chain *ch = ex_lists.v[e];

			if (ch->n == 1 && !strcmp(ch->s[0], one->s[0]))
				alone = true;
		}
		if (fallback && !alone) {
			memmove(&cv->chains.v[i], &cv->chains.v[i + 1],
				(cv->chains.n - i - 1) * sizeof(void *));
			cv->chains.n--;
			i--;
		}
	}
}


/* ------------------------------------------------------------------ */
/* Examples: device nodes, clean-ups, printing                         */

static bool node_is_ours(struct conv *cv, const struct ditem *n)
{
	const struct ditem *p = node_prop(n, "compatible");
	const char *s[16];
	size_t k;

	if (!p || !p->value)
		return false;
	k = value_strings(cv, p->value, s, 16);
	for (size_t i = 0; i < k; i++)
		if (s[i] && our_compatible(cv, s[i]))
			return true;
	return false;
}

static void find_devnodes(struct conv *cv, struct ditem *it, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead || it->kind != DI_NODE)
			continue;
		if (node_is_ours(cv, it))
			vec_push(cv, &cv->devnodes, it);
		else
			find_devnodes(cv, it->children, depth + 1);
	}
}

/* An example item made by the converter (no .txt line of its own). */
static struct ditem *mk_item(struct conv *cv, enum ditem_kind kind, const char *name,
			     struct ditem *parent)
{
	struct ditem *it = cv_alloc(cv, sizeof(*it));

	if (!it)
		return NULL;
	it->kind = kind;
	it->name = name;
	it->parent = parent;
	return it;
}

static struct ditem *mk_prop(struct conv *cv, const char *name, const char *value,
			     struct ditem *parent)
{
	struct ditem *it = mk_item(cv, DI_PROP, name, parent);

	if (it)
		it->value = value;
	return it;
}

static struct ditem *mk_node(struct conv *cv, const char *name, struct ditem *parent)
{
	return mk_item(cv, DI_NODE, name, parent);
}

static void set_parent(struct ditem *list, struct ditem *parent)
{
	for (; list; list = list->next)
		list->parent = parent;
}

/* Prepend "#address-cells = <ac>; #size-cells = <sc>;" unless the node has them. */
static void add_cells(struct conv *cv, struct ditem *node, unsigned ac, unsigned sc)
{
	if (!node_prop(node, "#size-cells")) {
		struct ditem *p = mk_prop(cv, "#size-cells", cv_printf(cv, "<%u>", sc), node);

		if (p) {
			p->next = node->children;
			node->children = p;
		}
	}
	if (!node_prop(node, "#address-cells")) {
		struct ditem *p = mk_prop(cv, "#address-cells", cv_printf(cv, "<%u>", ac), node);

		if (p) {
			p->next = node->children;
			node->children = p;
		}
	}
}

/* Replace *@link (a node) by its children; returns the new *link. */
static void unwrap(struct ditem **link, bool keep_props)
{
	struct ditem *n = *link, *after = n->next, **tail = link;
	struct ditem *kids = n->children, *prev = NULL;

	/* Drop properties (they belong to a node the example does not show). */
	for (struct ditem *k = kids; k; k = k->next) {
		if (k->kind == DI_PROP && !keep_props) {
			k->dead = true;
			continue;
		}
		k->parent = NULL;
		(void)prev;
	}
	*tail = kids;
	while (*tail)
		tail = &(*tail)->next;
	*tail = after;
	if (kids && n->lead && !kids->lead)
		kids->lead = n->lead;
}

static bool is_bus_label(const char *ref, const char *bus)
{
	return find_ci(ref, bus) != NULL;
}

/* Root nodes and &label references at the top of an example. */
static void fix_top(struct conv *cv, struct example *ex)
{
	for (struct ditem **link = &ex->top; *link;) {
		struct ditem *n = *link;

		if (n->dead || n->kind != DI_NODE) {
			link = &n->next;
			continue;
		}
		if (!strcmp(n->name, "/")) {
			bool has_nodes = false;

			for (struct ditem *k = n->children; k; k = k->next)
				if (k->kind == DI_NODE)
					has_nodes = true;
			if (!has_nodes) {
				n->dead = true;
				link = &n->next;
				continue;
			}
			unwrap(link, false);
			continue;
		}
		if (n->name[0] == '&') {
			const char *ref = n->name + 1;
			const char *bus = is_bus_label(ref, "i2c") ? "i2c" :
					  is_bus_label(ref, "spi") ? "spi" :
					  is_bus_label(ref, "mdio") ? "mdio" : NULL;

			if (bus) {
				/* The device's bus: a plain bus node the example can hold. */
				n->name = bus;
				for (struct ditem *k = n->children; k; k = k->next)
					if (k->kind == DI_PROP)
						k->dead = true;
				add_cells(cv, n, 1, 0);
				n->nlabels = 0;
				link = &n->next;
				continue;
			}
			unwrap(link, false);
			continue;
		}
		link = &n->next;
	}
	/* Properties at the top level (a board's root compatible) say nothing here. */
	bool has_nodes = false;

	for (struct ditem *k = ex->top; k; k = k->next)
		if (!k->dead && k->kind == DI_NODE)
			has_nodes = true;
	if (!has_nodes)
		for (struct ditem *k = ex->top; k; k = k->next)
			k->dead = true;
}

static bool same_node_name(const struct ditem *a, const struct ditem *b)
{
	return a->kind == DI_NODE && b->kind == DI_NODE && !a->dead && !b->dead &&
	       !strcmp(a->name, b->name);
}

/* Siblings of the same name are one node to dtc: merge them (later properties win). */
static void merge_dups(struct conv *cv, struct ditem *list, unsigned depth)
{
	if (depth > MAX_NESTING)
		return;
	for (struct ditem *a = list; a; a = a->next) {
		if (a->dead)
			continue;
		if (a->kind == DI_PROP) {
			for (struct ditem *b = a->next; b; b = b->next)
				if (!b->dead && b->kind == DI_PROP && !strcmp(a->name, b->name)) {
					a->dead = true;
					break;
				}
			continue;
		}
		for (struct ditem *b = a->next; b; b = b->next) {
			if (!same_node_name(a, b))
				continue;
			struct ditem **tail = &a->children;

			while (*tail)
				tail = &(*tail)->next;
			*tail = b->children;
			set_parent(b->children, a);
			for (size_t l = 0; l < b->nlabels && a->nlabels < ARRAY_SIZE(a->labels); l++) {
				bool have = false;

				for (size_t m = 0; m < a->nlabels; m++)
					if (!strcmp(a->labels[m], b->labels[l]))
						have = true;
				if (!have)
					a->labels[a->nlabels++] = b->labels[l];
			}
			b->children = NULL;
			b->dead = true;
		}
		merge_dups(cv, a->children, depth + 1);
	}
}

/* Unit addresses that agree with reg (dtc's unit_address_vs_reg and format checks). */
static void fix_unit_addresses(struct conv *cv, struct ditem *list, unsigned depth)
{
	if (depth > MAX_NESTING)
		return;
	for (struct ditem *n = list; n; n = n->next) {
		if (n->dead || n->kind != DI_NODE || n->name[0] == '&' || !strcmp(n->name, "/"))
			continue;
		fix_unit_addresses(cv, n->children, depth + 1);
		const struct ditem *reg = node_prop(n, "reg");
		const char *at = strchr(n->name, '@');
		unsigned ac, sc;
		unsigned long long v[8];
		size_t k;

		parent_cells(n, &ac, &sc);
		if (reg && (k = value_ints(reg->value, v, 8)) >= ac && ac >= 1 && ac <= 2) {
			char unit[40];

			if (ac == 2 && v[0])
				snprintf(unit, sizeof(unit), "%llx,%llx", v[0], v[1]);
			else
				snprintf(unit, sizeof(unit), "%llx", v[ac - 1]);
			if (ac == 2 && v[0])
				snprintf(unit, sizeof(unit), "%llx%08llx", v[0], v[1]);
			if (at && strchr(at, ','))
				continue;	/* "nor@0,0": the bus's own format */
			size_t base = at ? (size_t)(at - n->name) : strlen(n->name);

			n->name = cv_printf(cv, "%.*s@%s", (int)base, n->name, unit);
			continue;
		}
		if (at && !reg) {
			/* No reg: a unit address would be wrong; leading zeros still go. */
			const char *u = at + 1;
			bool hex = *u != '\0';

			for (const char *q = u; *q; q++)
				if (!isxdigit((unsigned char)*q))
					hex = false;
			if (hex && (u[0] == '0' && u[1])) {
				unsigned long long x = strtoull(u, NULL, 16);

				n->name = cv_printf(cv, "%.*s@%llx", (int)(at - n->name), n->name, x);
			}
		}
	}
}

/* reg = <0 0xa 0 0xb>: a 64-bit bus; give the node one. */
static bool needs_64bit_bus(const struct ditem *n)
{
	const struct ditem *reg = node_prop(n, "reg");
	unsigned long long v[16];
	size_t k;
	struct vshape sh;

	if (!reg)
		return false;
	value_shape(reg->value, &sh);
	k = value_ints(reg->value, v, 16);
	if (sh.groups == 1 && k == sh.cells && k >= 4 && k % 4 == 0 && v[0] == 0 && v[2] == 0)
		return true;
	if (sh.groups == 1 && k == sh.cells && k == 3 && v[0] == 0)
		return true;	/* <0 addr size>: 2 address cells, 1 size cell */
	if (sh.groups > 1 && sh.max_group == 4 && sh.cells == 4 * sh.groups && k == 4 && v[0] == 0)
		return true;
	return false;
}

static bool reg_single_cell(const struct ditem *n)
{
	const struct ditem *reg = node_prop(n, "reg");
	struct vshape sh;

	if (!reg)
		return false;
	value_shape(reg->value, &sh);
	return sh.max_group == 1 && !sh.refs;
}

/* Put top-level nodes into a bus node when their reg needs one. */
static void wrap_in_bus(struct conv *cv, struct example *ex)
{
	for (struct ditem **link = &ex->top; *link; link = &(*link)->next) {
		struct ditem *n = *link;
		const char *bus = NULL;
		unsigned ac = 1, sc = 0;

		if (n->dead || n->kind != DI_NODE || n->name[0] == '&')
			continue;
		if (needs_64bit_bus(n)) {
			unsigned long long v[4];
			const struct ditem *reg = node_prop(n, "reg");

			bus = "soc";
			ac = 2;
			sc = reg && value_ints(reg->value, v, 4) == 3 ? 1 : 2;
		} else if (reg_single_cell(n) && node_is_ours(cv, n) && (cv->is_i2c || cv->is_spi)) {
			bus = cv->is_spi && !cv->is_i2c ? "spi" : cv->is_i2c ? "i2c" : NULL;
		} else if (reg_single_cell(n) && node_is_ours(cv, n) && node_prop(n, "spi-max-frequency")) {
			bus = "spi";
		}
		if (!bus)
			continue;
		struct ditem *b = mk_node(cv, bus, NULL);

		if (!b)
			return;
		b->next = n->next;
		n->next = NULL;
		b->children = NULL;
		add_cells(cv, b, ac, sc);
		append_item(&b->children, n);
		n->parent = b;
		b->lead = n->lead;
		n->lead = NULL;
		b->line = n->line;
		*link = b;
	}
	merge_dups(cv, ex->top, 0);
}

/* ---- labels --------------------------------------------------------- */

static void collect_refs(const char *v, struct hmap *refs, struct conv *cv)
{
	for (const char *p = v; p && *p; p++) {
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				;
			if (!*p)
				break;
			continue;
		}
		if (*p != '&' || !is_label_char((unsigned char)p[1]))
			continue;
		const char *s = ++p;

		while (is_label_char((unsigned char)*p))
			p++;
		char *l = cv_strndup(cv, s, (size_t)(p - s));

		if (l)
			hmap_put_str(refs, l, strlen(l), (void *)1);
		p--;
	}
}

static void walk_refs(struct conv *cv, const struct ditem *it, struct hmap *refs, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_PROP)
			collect_refs(it->value, refs, cv);
		else
			walk_refs(cv, it->children, refs, depth + 1);
		if (it->name[0] == '&')
			collect_refs(it->name, refs, cv);
	}
}

struct label_ctx {
	struct hmap *refs;	/* referenced anywhere */
	struct hmap *seen;	/* label names in use (earlier examples and this one) */
	struct hmap *here;	/* defined by this example: old -> new */
	struct conv *cv;
	unsigned ex;
};

static void fix_labels_in(struct label_ctx *lc, struct ditem *it, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		size_t w = 0;

		for (size_t i = 0; i < it->nlabels; i++) {
			const char *l = it->labels[i];

			if (!l || !hmap_get_str(lc->refs, l, strlen(l)))
				continue;	/* unused: drop */
			if (hmap_get_str(lc->seen, l, strlen(l))) {
				/* Taken by this or an earlier example: the first free "label_N". */
				char *nl = NULL;

				for (unsigned k = lc->ex ? lc->ex : 1; k < lc->ex + 1000; k++) {
					nl = cv_printf(lc->cv, "%s_%u", l, k);
					if (!nl || !hmap_get_str(lc->seen, nl, strlen(nl)))
						break;
				}
				if (!nl)
					continue;
				hmap_put_str(lc->here, l, strlen(l), nl);
				l = nl;
			} else {
				hmap_put_str(lc->here, l, strlen(l), (void *)l);
			}
			hmap_put_str(lc->seen, l, strlen(l), (void *)1);
			it->labels[w++] = l;
		}
		it->nlabels = w;
		if (it->kind == DI_NODE)
			fix_labels_in(lc, it->children, depth + 1);
	}
}

/*
 * Value rewriters (label references, macros): rewrite_value() walks a DTS
 * value, copies quoted strings and comments as they are, keeps track of
 * whether it is inside <cells>, and lets a step function rewrite what
 * starts at each other character.
 */
struct rewrite {
	struct conv *cv;
	struct strbuf sb;
	const char *value;	/* the whole value, to look behind */
	bool changed;
	int angle;		/* depth of <...> */
	unsigned line;
	void *ctx;
};

/*
 * A step rewrites what starts at @p into rw->sb and returns where to go on,
 * returns @p itself to have the character copied, or NULL to stop (out of
 * memory: the value is then left as it was).
 */
typedef const char *(*rewrite_step)(struct rewrite *rw, const char *p);

static const char *rewrite_value(struct conv *cv, const char *v, rewrite_step step, void *ctx,
				 unsigned line)
{
	struct rewrite rw = { .cv = cv, .value = v, .line = line, .ctx = ctx };
	bool stopped = false;

	sb_init(&rw.sb);
	for (const char *p = v; *p;) {
		const char *s = p;

		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p)
				p++;
		} else if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
		} else {
			if (*p == '<')
				rw.angle++;
			else if (*p == '>' && rw.angle)
				rw.angle--;
			p = step(&rw, p);
			if (!p) {
				stopped = true;
				break;
			}
			if (p != s)
				continue;
			p++;
		}
		sb_putn(&rw.sb, s, (size_t)(p - s));
	}
	const char *r = rw.changed && !stopped ? cv_strndup(cv, rw.sb.buf, rw.sb.len) : NULL;

	sb_free(&rw.sb);
	return r ? r : v;
}

typedef const char *(*value_rewriter)(struct conv *cv, const char *v, void *ctx, unsigned line);

/* Apply @fn to every property value of the live items below @it. */
static void rewrite_values(struct conv *cv, struct ditem *it, value_rewriter fn, void *ctx,
			   unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_PROP)
			it->value = fn(cv, it->value, ctx, it->line);
		else
			rewrite_values(cv, it->children, fn, ctx, depth + 1);
	}
}

/* &old to the renamed label (rw->ctx: the hmap of renames). */
static const char *rename_ref_step(struct rewrite *rw, const char *p)
{
	if (*p != '&' || !is_label_char((unsigned char)p[1]))
		return p;
	const char *s = p + 1, *e = s;

	while (is_label_char((unsigned char)*e))
		e++;
	const char *nl = hmap_get_str(rw->ctx, s, (size_t)(e - s));

	if (nl && strlen(nl) != (size_t)(e - s)) {
		sb_putc(&rw->sb, '&');
		sb_puts(&rw->sb, nl);
		rw->changed = true;
	} else {
		sb_putn(&rw->sb, p, (size_t)(e - p));
	}
	return e;
}

/* Rewrite &old references of one example to renamed labels. */
static const char *rename_refs(struct conv *cv, const char *v, void *ctx, unsigned line)
{
	if (!v || !strchr(v, '&'))
		return v;
	return rewrite_value(cv, v, rename_ref_step, ctx, line);
}

static void fix_labels(struct conv *cv)
{
	struct hmap refs, seen;

	hmap_init(&seen);
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];
		struct hmap here;
		struct label_ctx lc = { &refs, &seen, &here, cv, (unsigned)e };

		if (!ex->keep)
			continue;
		/* Each example stands alone: a label it does not use itself goes. */
		hmap_init(&refs);
		walk_refs(cv, ex->top, &refs, 0);
		hmap_init(&here);
		fix_labels_in(&lc, ex->top, 0);
		rewrite_values(cv, ex->top, rename_refs, &here, 0);
		hmap_free(&here);
		hmap_free(&refs);
	}
	hmap_free(&seen);
}

/* ---- macros ---------------------------------------------------------- */

static int collect_dir_macros(struct dtbind_doc2yaml *c, const char *root, const char *dir,
			      unsigned depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL && depth < 8) {
		char *p;
		struct stat st;

		if (de->d_name[0] == '.' || asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
			collect_dir_macros(c, root, p, depth + 1);
		} else if (str_ends_with(de->d_name, ".h")) {
			char *buf;
			size_t len;

			if (read_file(p, 4u << 20, &buf, &len) == 0) {
				const char *rel = arena_strdup(&c->macro_arena, p + strlen(root) + 1);

				if (rel)
					hmap_put_str(&c->headers, rel, strlen(rel), (void *)rel);

				for (char *q = buf; q && *q;) {
					char *eol = strchr(q, '\n');
					char *t = q;

					while (*t == ' ' || *t == '\t')
						t++;
					if (*t == '#') {
						t++;
						while (*t == ' ' || *t == '\t')
							t++;
						if (starts_with(t, "define") && (t[6] == ' ' || t[6] == '\t')) {
							t += 7;
							while (*t == ' ' || *t == '\t')
								t++;
							char *s = t;

							while (is_label_char((unsigned char)*t))
								t++;
							if (t > s && rel) {
								char *name = arena_strndup(&c->macro_arena, s, (size_t)(t - s));

								if (name && !hmap_get_str(&c->macros, name, strlen(name)))
									hmap_put_str(&c->macros, name, strlen(name),
										     (void *)rel);
							}
						}
					}
					q = eol ? eol + 1 : NULL;
				}
				free(buf);
			}
		}
		free(p);
	}
	closedir(d);
	return 0;
}

static void load_macros(struct dtbind_doc2yaml *c, const char *root)
{
	if (c->macros_loaded)
		return;
	c->macros_loaded = true;
	for (size_t i = 0; i < c->opts.n_include_dirs; i++) {
		char *p;

		if (asprintf(&p, "%s/dt-bindings", c->opts.include_dirs[i]) >= 0) {
			collect_dir_macros(c, c->opts.include_dirs[i], p, 0);
			free(p);
		}
	}
	if (root) {
		/* The kernel tree around the bindings: include/ and scripts/dtc/include-prefixes. */
		static const char *const rel[] = { "../../../include",
						   "../../../scripts/dtc/include-prefixes" };

		for (size_t i = 0; i < ARRAY_SIZE(rel); i++) {
			char *inc, *p;

			if (asprintf(&inc, "%s/%s", root, rel[i]) < 0)
				continue;
			if (asprintf(&p, "%s/dt-bindings", inc) >= 0) {
				collect_dir_macros(c, inc, p, 0);
				free(p);
			}
			free(inc);
		}
	}
}

static const char *macro_header(struct conv *cv, const char *name, bool *known)
{
	*known = false;
	for (size_t i = 0; i < ARRAY_SIZE(macro_headers); i++) {
		const char *pfx = macro_headers[i].prefix;
		size_t n = strlen(pfx);

		if (pfx[n - 1] == '*' ? !strncmp(name, pfx, n - 1) : !strcmp(name, pfx)) {
			*known = true;
			return macro_headers[i].header[0] ? macro_headers[i].header : NULL;
		}
	}
	load_macros(cv->c, cv->root);
	return hmap_get_str(&cv->c->macros, name, strlen(name));
}

static void add_include(struct conv *cv, const char *h)
{
	for (size_t i = 0; i < cv->n_includes; i++)
		if (!strcmp(cv->macro_includes[i], h))
			return;
	if (cv->n_includes < ARRAY_SIZE(cv->macro_includes))
		cv->macro_includes[cv->n_includes++] = h;
}

struct macro_ctx {
	struct hmap unknown;	/* name -> replacement */
	unsigned next;
	unsigned first_line;
	struct strbuf names;
};

/* Note a value the example had to lose, for the finding that lists them. */
static void note_replaced(struct macro_ctx *mc, const char *name, size_t n, unsigned line)
{
	if (mc->names.len)
		sb_puts(&mc->names, ", ");
	sb_putn(&mc->names, name, n);
	if (!mc->first_line)
		mc->first_line = line;
}

/* Remember that the example uses @name from header @h ("h\0name\0" or "h\0name(\0"). */
static void note_macro_use(struct conv *cv, const char *h, const char *name, bool call)
{
	size_t hl = strlen(h), nl = strlen(name);
	char *u = cv_alloc(cv, hl + nl + 3);

	if (!u)
		return;
	memcpy(u, h, hl + 1);
	memcpy(u + hl + 1, name, nl + 1);
	if (call)
		strcpy(u + hl + 1 + nl, "(");
	vec_push(cv, &cv->macro_uses, u);
}

/* The end of a call "(a, b)" starting at the first non-blank after @p, or NULL. */
static const char *call_args_end(const char *p)
{
	int depth = 0;

	p = skip_blanks(p);
	if (*p != '(')
		return NULL;
	for (; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && !--depth)
			return p + 1;
	}
	return NULL;
}

/* One identifier or number in cells (rw->ctx: the macro_ctx). */
static const char *macro_step(struct rewrite *rw, const char *p)
{
	struct macro_ctx *mc = rw->ctx;
	const char *s = p;

	if (*p == '&') {
		/* A reference: never a macro. */
		p++;
		if (*p == '{')
			while (*p && *p != '}')
				p++;
		else
			while (is_label_char((unsigned char)*p))
				p++;
		sb_putn(&rw->sb, s, (size_t)(p - s));
		return p;
	}
	if (!rw->angle || (p != rw->value && is_label_char((unsigned char)p[-1])))
		return p;
	if (isdigit((unsigned char)*p)) {
		/* A number, or a placeholder that looks like one ("0xXXXXXXXX"). */
		char *e;

		while (is_label_char((unsigned char)*p))
			p++;
		strtoull(s, &e, 0);
		while (e < p && strchr("uUlL", *e))
			e++;
		if (e == p) {
			sb_putn(&rw->sb, s, (size_t)(p - s));
		} else {
			sb_putc(&rw->sb, '0');
			rw->changed = true;
			note_replaced(mc, s, (size_t)(p - s), rw->line);
		}
		return p;
	}
	if (!isalpha((unsigned char)*p) && *p != '_')
		return p;
	while (is_label_char((unsigned char)*p))
		p++;
	size_t n = (size_t)(p - s);
	char name[128];
	/* FOO(a, b): the call as a whole. */
	const char *call_end = call_args_end(p);
	const char *end = call_end ? call_end : p;

	if (n >= sizeof(name)) {
		sb_putn(&rw->sb, s, n);
		return p;
	}
	snprintf(name, sizeof(name), "%.*s", (int)n, s);
	bool known;
	const char *h = macro_header(rw->cv, name, &known);

	if (h) {
		add_include(rw->cv, h);
		sb_putn(&rw->sb, s, (size_t)(end - s));
		note_macro_use(rw->cv, h, name, call_end != NULL);
		return end;
	}
	const char *rep = hmap_get_str(&mc->unknown, name, n);

	if (!rep) {
		rep = cv_printf(rw->cv, "%u", mc->next++);
		char *key = cv_strdup(rw->cv, name);

		if (!rep || !key)
			return NULL;
		hmap_put_str(&mc->unknown, key, n, (void *)rep);
		note_replaced(mc, name, n, rw->line);
	}
	sb_puts(&rw->sb, rep);
	rw->changed = true;
	return end;
}

/* Identifiers in cells: headers for known ones, numbers for the rest. */
static const char *fix_macros(struct conv *cv, const char *v, void *ctx, unsigned line)
{
	if (!v || !strchr(v, '<'))
		return v;
	return rewrite_value(cv, v, macro_step, ctx, line);
}

/* ---- printing --------------------------------------------------------- */

static void put_indent(struct strbuf *sb, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		sb_putc(sb, ' ');
}

/*
 * Output text with the .txt line of each output line, so that what the
 * self-check finds in the YAML (or in a printed example) is reported where
 * it came from.  The DTS printer and the YAML emitter both write through it.
 */
struct emitter {
	struct strbuf sb;
	unsigned *map;		/* .txt line of each output line */
	size_t nmap, capmap;
	unsigned src;		/* .txt line of what is being written */
	bool oom;
};

static void em_nl(struct emitter *em)
{
	sb_putc(&em->sb, '\n');
	if (em->nmap == em->capmap) {
		size_t ncap = em->capmap ? em->capmap * 2 : 256;
		unsigned *nm = realloc(em->map, ncap * sizeof(*nm));

		if (!nm) {
			em->oom = true;
			return;
		}
		em->map = nm;
		em->capmap = ncap;
	}
	em->map[em->nmap++] = em->src;
}

static void print_comment(struct emitter *em, const char *c, unsigned ind)
{
	const char *p = c;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *t = p;

		while (t < p + n && (*t == ' ' || *t == '\t'))
			t++;
		n -= (size_t)(t - p);
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		put_indent(&em->sb, ind + (p != c && *t == '*' ? 1 : 0));
		for (size_t k = 0; k < n; k++)
			sb_putc(&em->sb, t[k] == '\t' ? ' ' : t[k]);
		em_nl(em);
		p = eol ? eol + 1 : NULL;
	}
}

static void print_labels(struct strbuf *sb, const struct ditem *it)
{
	for (size_t i = 0; i < it->nlabels; i++) {
		sb_puts(sb, it->labels[i]);
		sb_puts(sb, ": ");
	}
}

static void print_value(struct emitter *em, const char *v, unsigned align)
{
	const char *p = v;
	bool first = true;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *t = p;

		if (!first) {
			while (t < p + n && (*t == ' ' || *t == '\t'))
				t++;
			n -= (size_t)(t - p);
			em_nl(em);
			put_indent(&em->sb, align);
		}
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		for (size_t k = 0; k < n; k++)
			sb_putc(&em->sb, t[k] == '\t' ? ' ' : t[k]);
		first = false;
		p = eol ? eol + 1 : NULL;
	}
}

static void print_items(struct emitter *em, const struct ditem *list, unsigned ind, unsigned depth)
{
	bool any_prop = false, first_node = true;

	if (depth > MAX_NESTING)
		return;
	for (const struct ditem *it = list; it; it = it->next) {
		if (it->dead || it->kind != DI_PROP)
			continue;
		if (it->line)
			em->src = it->line;
		if (it->lead)
			print_comment(em, it->lead, ind);
		put_indent(&em->sb, ind);
		print_labels(&em->sb, it);
		sb_puts(&em->sb, it->name);
		if (it->value) {
			sb_puts(&em->sb, " = ");
			print_value(em, it->value, ind + (unsigned)strlen(it->name) + 3);
		}
		sb_putc(&em->sb, ';');
		if (it->trail) {
			sb_putc(&em->sb, ' ');
			sb_puts(&em->sb, it->trail);
		}
		em_nl(em);
		any_prop = true;
	}
	for (const struct ditem *it = list; it; it = it->next) {
		if (it->dead || it->kind != DI_NODE)
			continue;
		if (it->line)
			em->src = it->line;
		if (any_prop || !first_node)
			em_nl(em);
		first_node = false;
		if (it->lead)
			print_comment(em, it->lead, ind);
		put_indent(&em->sb, ind);
		print_labels(&em->sb, it);
		sb_puts(&em->sb, it->name);
		sb_puts(&em->sb, " {");
		em_nl(em);
		print_items(em, it->children, ind + 4, depth + 1);
		if (it->tail)
			print_comment(em, it->tail, ind + 4);
		put_indent(&em->sb, ind);
		sb_puts(&em->sb, "};");
		if (it->trail) {
			sb_putc(&em->sb, ' ');
			sb_puts(&em->sb, it->trail);
		}
		em_nl(em);
	}
}

static bool example_has_nodes(const struct example *ex)
{
	for (const struct ditem *k = ex->top; k; k = k->next)
		if (!k->dead && k->kind == DI_NODE)
			return true;
	return false;
}

static bool subtree_has(const struct ditem *list, const struct ditem *target, unsigned depth)
{
	for (; list && depth < MAX_NESTING; list = list->next) {
		if (list == target)
			return true;
		if (list->kind == DI_NODE && subtree_has(list->children, target, depth + 1))
			return true;
	}
	return false;
}

static void process_examples(struct conv *cv)
{
	struct macro_ctx mc = { .next = 0 };
	bool any_ours = false;

	hmap_init(&mc.unknown);
	sb_init(&mc.names);
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		fix_top(cv, ex);
		merge_dups(cv, ex->top, 0);
	}
	for (size_t e = 0; e < cv->examples.n; e++)
		find_devnodes(cv, ((struct example *)cv->examples.v[e])->top, 0);
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		ex->keep = example_has_nodes(ex);
		for (size_t d = 0; d < cv->devnodes.n; d++)
			if (subtree_has(ex->top, cv->devnodes.v[d], 0))
				any_ours = true;
	}
	/* With the device in some examples, the others show consumers: drop them. */
	if (any_ours) {
		for (size_t e = 0; e < cv->examples.n; e++) {
			struct example *ex = cv->examples.v[e];
			bool ours = false;

			for (size_t d = 0; d < cv->devnodes.n; d++)
				if (subtree_has(ex->top, cv->devnodes.v[d], 0))
					ours = true;
			if (!ours)
				ex->keep = false;
		}
	} else if (!cv->chains.n) {
		/* A generic binding: its examples' top-level nodes show the properties. */
		for (size_t e = 0; e < cv->examples.n; e++) {
			struct example *ex = cv->examples.v[e];

			if (!ex->keep)
				continue;
			for (struct ditem *k = ex->top; k; k = k->next)
				if (!k->dead && k->kind == DI_NODE && k->name[0] != '&')
					vec_push(cv, &cv->devnodes, k);
		}
	}
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		if (!ex->keep)
			continue;
		wrap_in_bus(cv, ex);
		fix_unit_addresses(cv, ex->top, 0);
		rewrite_values(cv, ex->top, fix_macros, &mc, 0);
	}
	fix_labels(cv);
	if (mc.names.len)
		finding(cv, DTBIND_WARNING, mc.first_line, 1, "doc2yaml-macro",
			"no dt-bindings header found for %s in the example; replaced by numbers "
			"(give the kernel's include directory with -I to keep the names)",
			sb_cstr(&mc.names));
	hmap_free(&mc.unknown);
	sb_free(&mc.names);
}

/*
 * Is @h (dt-bindings/...) a header the example can include: one of the
 * macro table's, or one found in the include directories?  The text's own
 * #include of a header that exists nowhere (or that we cannot see, with no
 * include directory) cannot help: the macros the example uses got their
 * headers or were replaced by numbers already.
 */
static bool header_known(struct conv *cv, const char *h)
{
	for (size_t i = 0; i < ARRAY_SIZE(macro_headers); i++)
		if (!strcmp(macro_headers[i].header, h))
			return true;
	load_macros(cv->c, cv->root);
	return hmap_get_str(&cv->c->headers, h, strlen(h)) != NULL;
}

static void print_examples(struct conv *cv)
{
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		if (!ex->keep)
			continue;
		struct emitter em = { .src = ex->line };

		sb_init(&em.sb);
		if (ex->directives) {
			/* #define kept; #include of files the example tree cannot have dropped. */
			for (const char *p = ex->directives; *p;) {
				const char *eol = strchr(p, '\n');
				size_t n = eol ? (size_t)(eol - p) : strlen(p);

				if (starts_with(p, "#include")) {
					const char *lt = strchr(p, '<');

					if (lt && lt < p + n && starts_with(lt + 1, "dt-bindings/")) {
						const char *gt = memchr(lt, '>', (size_t)(p + n - lt));
						const char *h = gt ? cv_strndup(cv, lt + 1,
										(size_t)(gt - lt - 1)) : NULL;

						if (h && header_known(cv, h))
							add_include(cv, h);
					}
				} else {
					sb_putn(&em.sb, p, n);
					em_nl(&em);
				}
				p = eol ? eol + 1 : p + n;
			}
			if (em.sb.len)
				em_nl(&em);
		}
		print_items(&em, ex->top, 0, 0);
		ex->text = cv_strndup(cv, sb_cstr(&em.sb), em.sb.len);
		ex->lmap = cv_alloc(cv, (em.nmap + 1) * sizeof(unsigned));
		if (ex->lmap && em.nmap)
			memcpy(ex->lmap, em.map, em.nmap * sizeof(unsigned));
		ex->nlmap = em.nmap;
		if (em.oom)
			cv->oom = true;
		sb_free(&em.sb);
		free(em.map);
	}
}


/* ------------------------------------------------------------------ */
/* A small YAML tree for the schema                                    */

enum ykind { Y_MAP, Y_SEQ, Y_STR, Y_RAW, Y_TEXT };

struct ynode {
	enum ykind kind;
	const char *key;	/* member of a map */
	const char *s;		/* scalars */
	unsigned src;		/* .txt line */
	struct ynode *first, *last, *next;
	bool flow;		/* Y_SEQ of raw scalars printed as [a, b] */
	const unsigned *lmap;	/* Y_TEXT: .txt line of each text line */
	size_t nlmap;
	const char *comment;	/* "# ..." line printed before a sequence item */
};

static struct ynode *yn(struct conv *cv, enum ykind k, const char *s, unsigned src)
{
	struct ynode *n = cv_alloc(cv, sizeof(*n));

	if (!n)
		return NULL;
	n->kind = k;
	n->s = s;
	n->src = src;
	return n;
}

static struct ynode *ymap(struct conv *cv, unsigned src)
{
	return yn(cv, Y_MAP, NULL, src);
}

static struct ynode *yseq(struct conv *cv, unsigned src)
{
	return yn(cv, Y_SEQ, NULL, src);
}

static struct ynode *ystr(struct conv *cv, const char *s, unsigned src)
{
	return s ? yn(cv, Y_STR, s, src) : NULL;
}

static struct ynode *yraw(struct conv *cv, const char *s, unsigned src)
{
	return s ? yn(cv, Y_RAW, s, src) : NULL;
}

static struct ynode *yint(struct conv *cv, long long v, unsigned src)
{
	return yraw(cv, cv_printf(cv, "%lld", v), src);
}

static struct ynode *yget(const struct ynode *map, const char *key)
{
	for (struct ynode *m = map ? map->first : NULL; m; m = m->next)
		if (m->key && !strcmp(m->key, key))
			return m;
	return NULL;
}

static struct ynode *yset(struct ynode *map, const char *key, struct ynode *v)
{
	if (!map || !v)
		return v;
	v->key = key;
	for (struct ynode **pp = &map->first; *pp; pp = &(*pp)->next) {
		if ((*pp)->key && !strcmp((*pp)->key, key)) {
			v->next = (*pp)->next;
			if (map->last == *pp)
				map->last = v;
			*pp = v;
			return v;
		}
	}
	if (map->last)
		map->last->next = v;
	else
		map->first = v;
	map->last = v;
	return v;
}

static void ypush(struct ynode *seq, struct ynode *v)
{
	if (!seq || !v)
		return;
	v->key = NULL;
	if (seq->last)
		seq->last->next = v;
	else
		seq->first = v;
	seq->last = v;
}

static void ymove_end(struct ynode *map, const char *key)
{
	struct ynode **pp, *x = NULL;

	for (pp = &map->first; *pp; pp = &(*pp)->next) {
		if ((*pp)->key && !strcmp((*pp)->key, key)) {
			x = *pp;
			*pp = x->next;
			break;
		}
	}
	if (!x)
		return;
	x->next = NULL;
	map->last = NULL;
	for (struct ynode *m = map->first; m; m = m->next)
		map->last = m;
	if (map->last)
		map->last->next = x;
	else
		map->first = x;
	map->last = x;
}

static bool yempty(const struct ynode *n)
{
	return !n || ((n->kind == Y_MAP || n->kind == Y_SEQ) && !n->first);
}

/* ---- scalars ---------------------------------------------------------- */

static bool looks_like_number(const char *s)
{
	const char *p = s;

	if (*p == '+' || *p == '-')
		p++;
	if (!strcasecmp(p, ".inf") || !strcasecmp(p, ".nan"))
		return true;
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return false;
	return only_chars(p, isxdigit, "xXoO._:+-");
}

/* Can @s be written as a plain scalar in block context, read back as the same string? */
static bool plain_ok(const char *s)
{
	static const char *const special[] = {
		"null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE",
		"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y",
		"Y", "n", "N", "=", "<<",
	};
	size_t n = strlen(s);

	if (!n || s[0] == ' ' || s[n - 1] == ' ' || s[n - 1] == ':')
		return false;
	if (strchr("-?:,[]{}#&*!|>'\"%@`", s[0]))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(special); i++)
		if (!strcmp(s, special[i]))
			return false;
	if (looks_like_number(s))
		return false;
	for (const char *p = s; *p; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return false;
		if (*p == ':' && (p[1] == ' ' || !p[1]))
			return false;
		if (*p == '#' && p > s && p[-1] == ' ')
			return false;
	}
	return true;
}

static void put_scalar(struct strbuf *sb, const char *s, bool force_quote)
{
	bool ctrl = false;

	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			ctrl = true;
	if (!force_quote && plain_ok(s)) {
		sb_puts(sb, s);
		return;
	}
	if (!ctrl) {
		sb_putc(sb, force_quote && !strchr(s, '\'') ? '"' : '\'');
		for (const char *p = s; *p; p++) {
			if (*p == '\'' && !(force_quote && !strchr(s, '\'')))
				sb_putc(sb, '\'');
			sb_putc(sb, *p);
		}
		sb_putc(sb, force_quote && !strchr(s, '\'') ? '"' : '\'');
		return;
	}
	sb_putc(sb, '"');
	for (const char *p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			sb_printf(sb, "\\%c", *p);
		else if (*p == '\n')
			sb_puts(sb, "\\n");
		else if (*p == '\t')
			sb_puts(sb, "\\t");
		else if ((unsigned char)*p < 0x20 || *p == 0x7f)
			sb_printf(sb, "\\x%02x", (unsigned char)*p);
		else
			sb_putc(sb, *p);
	}
	sb_putc(sb, '"');
}

/* Keys: regexes in double quotes (as kernel schemas write them), others only when needed. */
static void put_key(struct strbuf *sb, const char *k)
{
	if (strpbrk(k, "^$[(|*\\") && k[0] != '$')
		put_scalar(sb, k, true);
	else
		put_scalar(sb, k, false);
}

/* ---- emitter ----------------------------------------------------------- */

/* Wrap @line (no newline) at spaces so that ind + width <= YAML_WIDTH. */
static void em_text_line(struct emitter *em, const char *line, size_t n, unsigned ind)
{
	size_t width = YAML_WIDTH > ind + 20 ? YAML_WIDTH - ind : 20;
	size_t lead = 0, pad = 0;

	while (lead < n && line[lead] == ' ')
		lead++;
	/*
	 * Continuations keep the line's own indentation, if that leaves room
	 * for text (a line indented past the width would never get shorter).
	 */
	if (lead + 20 > width) {
		line += lead;
		n -= lead;
		lead = 0;
	}
	while (n) {
		size_t avail = width - pad, take = n;

		if (n > avail) {
			/* Cut at the last blank that fits, not inside the first line's indentation. */
			size_t cut = avail, min = pad ? 0 : lead;

			while (cut > min + 1 && line[cut] != ' ')
				cut--;
			if (cut <= min + 1) {
				cut = avail;
				while (cut < n && line[cut] != ' ')
					cut++;
			}
			take = cut;
		}
		put_indent(&em->sb, ind + (unsigned)pad);
		size_t e = take;

		while (e && line[e - 1] == ' ')
			e--;
		sb_putn(&em->sb, line, e);
		em_nl(em);
		while (take < n && line[take] == ' ')
			take++;
		line += take;
		n -= take;
		pad = lead;
	}
}

/* A literal block: "|" then the text's lines at @ind. */
static void em_block(struct emitter *em, const char *text, unsigned ind, const unsigned *lmap,
		     size_t nlmap)
{
	size_t lno = 0;

	unsigned min = UINT_MAX;
	const char *p;

	for (p = text; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		unsigned sp = 0;

		while (sp < n && p[sp] == ' ')
			sp++;
		if (sp < n && sp < min)
			min = sp;
		p = eol ? eol + 1 : p + n;
	}
	if (min == UINT_MAX)
		min = 0;
	/* Leading spaces on the first line need an indentation indicator. */
	p = text;
	while (*p == '\n')
		p++;
	bool indicator = p[0] == ' ' && (size_t)min < strspn(p, " ");

	sb_puts(&em->sb, indicator ? " |2" : " |");
	em_nl(em);
	int blank_run = 0;

	for (; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *t = p + (n >= min ? min : n);
		size_t tn = n >= min ? n - min : 0;

		while (tn && t[tn - 1] == ' ')
			tn--;
		if (lmap && lno < nlmap && lmap[lno])
			em->src = lmap[lno];
		lno++;
		if (!tn) {
			blank_run++;
		} else {
			/* Keep single blank lines; never end on one. */
			if (blank_run)
				em_nl(em);
			blank_run = 0;
			em_text_line(em, t, tn, ind);
		}
		p = eol ? eol + 1 : p + n;
	}
}

static void em_node(struct emitter *em, const struct ynode *n, unsigned ind, unsigned depth);

static void em_value(struct emitter *em, const struct ynode *v, unsigned ind, unsigned depth)
{
	switch (v->kind) {
	case Y_STR:
		sb_putc(&em->sb, ' ');
		put_scalar(&em->sb, v->s, false);
		em_nl(em);
		break;
	case Y_RAW:
		sb_putc(&em->sb, ' ');
		sb_puts(&em->sb, v->s);
		em_nl(em);
		break;
	case Y_TEXT:
		em_block(em, v->s, ind + 2, v->lmap, v->nlmap);
		break;
	case Y_MAP:
	case Y_SEQ:
		if (yempty(v)) {
			sb_puts(&em->sb, v->kind == Y_MAP ? " {}" : " []");
			em_nl(em);
		} else if (v->kind == Y_SEQ && v->flow) {
			sb_puts(&em->sb, " [");
			for (const struct ynode *i = v->first; i; i = i->next) {
				if (i->kind == Y_STR)
					put_scalar(&em->sb, i->s, !plain_ok(i->s) || strchr(i->s, ','));
				else
					sb_puts(&em->sb, i->s);
				if (i->next)
					sb_puts(&em->sb, ", ");
			}
			sb_putc(&em->sb, ']');
			em_nl(em);
		} else {
			em_nl(em);
			em_node(em, v, ind + 2, depth + 1);
		}
		break;
	}
}

static void em_node(struct emitter *em, const struct ynode *n, unsigned ind, unsigned depth)
{
	if (depth > 64)
		return;
	for (const struct ynode *m = n->first; m; m = m->next) {
		if (m->src)
			em->src = m->src;
		put_indent(&em->sb, ind);
		if (n->kind == Y_MAP) {
			put_key(&em->sb, m->key);
			sb_putc(&em->sb, ':');
			em_value(em, m, ind, depth);
			continue;
		}
		/* A sequence item, after its comment. */
		if (m->comment) {
			size_t cl = strlen(m->comment);
			size_t room = YAML_WIDTH + 10 > ind + 4 ? YAML_WIDTH + 10 - ind - 4 : 20;

			sb_puts(&em->sb, "  # ");
			while (cl > room && m->comment[cl - 1] != ' ')
				cl--;
			if (cl > room || !cl)
				cl = strlen(m->comment) < room ? strlen(m->comment) : room;
			while (cl && m->comment[cl - 1] == ' ')
				cl--;
			sb_putn(&em->sb, m->comment, cl);
			em_nl(em);
			put_indent(&em->sb, ind);
		}
		sb_putc(&em->sb, '-');
		if (m->kind == Y_MAP && !yempty(m)) {
			/* "- key: value" with the rest of the map under it. */
			const struct ynode *f = m->first;

			sb_putc(&em->sb, ' ');
			put_key(&em->sb, f->key);
			sb_putc(&em->sb, ':');
			if (f->src)
				em->src = f->src;
			em_value(em, f, ind + 2, depth);
			struct ynode rest = *m;

			rest.first = f->next;
			if (rest.first)
				em_node(em, &rest, ind + 2, depth + 1);
		} else if (m->kind == Y_TEXT) {
			em_block(em, m->s, ind + 2, m->lmap, m->nlmap);
		} else {
			em_value(em, m, ind, depth);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Schema: properties                                                  */

/* A property of the device as the schema will describe it. */
struct pinfo {
	const char *name;
	struct prop *pr;	/* NULL: only in the examples */
	const char *desc;
	const char *values[32];	/* the device nodes' raw values (NULL: boolean) */
	const struct ditem *nodes[32];
	size_t nvalues;
	unsigned line;
};

static const char *const skip_props[] = {
	"pinctrl-names", "status", "interrupt-parent", "phandle", "linux,phandle",
	"assigned-clocks", "assigned-clock-parents", "assigned-clock-rates", "compatible",
};

static bool skip_prop(const char *name)
{
	if (starts_with(name, "pinctrl-"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(skip_props); i++)
		if (!strcmp(name, skip_props[i]))
			return true;
	return false;
}

/* Cell-array properties whose entries start with a phandle. */
static bool phandle_list_prop(const char *name)
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

static bool names_prop(const char *name)
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
static unsigned example_int_cells(const struct conv *cv)
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
static const char *clean_desc(struct conv *cv, struct prop *pr)
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
static struct ynode *ydesc(struct conv *cv, const char *d, unsigned src, unsigned ind)
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


/* ---- one property's schema --------------------------------------------- */

struct propctx {
	bool refs[CS_COUNT];	/* common schemas referenced */
	unsigned int_cells;
	struct pinfo *all;	/* every property of the node (for *-names pairs) */
	size_t nall;
};

/*
 * The values @node gives its properties, into @pis (@np entries, room for
 * @cap); a property not there yet is added, at .txt line @line (0: the
 * example's line).  compatible is kept only with @with_compatible.
 */
static void pinfo_add_values(struct pinfo *pis, size_t *np, size_t cap, const struct ditem *node,
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

static struct ynode *prop_schema(struct conv *cv, struct propctx *pc, struct pinfo *pi,
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

/* ------------------------------------------------------------------ */
/* Schema: child nodes                                                 */

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
	bool units, nounits, digits, same_name;
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
			if (strcmp(g[k].name, c->name))
				g[k].same_name = false;
		}
	}
}

static const char *group_pattern(struct conv *cv, const struct child_group *g)
{
	const char *unit = "";
	bool hexunit = true;

	for (size_t i = 0; i < g->n; i++) {
		const char *at = strchr(g->inst[i]->name, '@');

		if (at)
			for (const char *q = at + 1; *q; q++)
				if (!isxdigit((unsigned char)*q))
					hexunit = false;
	}
	if (g->units && !g->nounits)
		unit = hexunit ? "@[0-9a-f]+" : "@.*";
	else if (g->units)
		unit = hexunit ? "(@[0-9a-f]+)?" : "(@.*)?";
	return cv_printf(cv, "^%s%s%s$", g->base, g->digits ? "[0-9]+" : "", unit);
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

static struct ynode *node_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
				 int scope, unsigned src, unsigned depth, const char *desc);
static void add_dependencies(struct conv *cv, struct ynode *props);
static void dedupe_required(struct ynode *req);

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
	if (simple) {
		yset(s, "$ref", ystr(cv, "/schemas/graph.yaml#/properties/port", src));
		if (desc)
			yset(s, "description", ydesc(cv, desc, src, 4));
		return s;
	}
	yset(s, "$ref", ystr(cv, "/schemas/graph.yaml#/$defs/port-base", src));
	yset(s, "unevaluatedProperties", yraw(cv, "false", src));
	if (desc)
		yset(s, "description", ydesc(cv, desc, src, 4));
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
			for (const struct ditem *c = eps[i]->children; c; c = c->next) {
				if (c->dead || c->kind != DI_PROP || yget(props, c->name) ||
				    !is_vendor_prop(c->name))
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
				pi.nodes[0] = eps[i];
				pi.nvalues = 1;
				yset(props, c->name, prop_schema(cv, &pc, &pi, 10));
			}
		}
		if (!yempty(props))
			yset(ep, "properties", props);
		struct ynode *pp = ymap(cv, src);

		if (units)
			yset(pp, "^endpoint(@[0-9a-f]+)?$", ep);
		else
			yset(pp, "endpoint", ep);
		yset(s, units ? "patternProperties" : "properties", pp);
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
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
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

/* Place child nodes of @inst under @schema (properties / patternProperties). */
static void add_children(struct conv *cv, struct ynode *schema, struct ynode *props,
			 const struct ditem *const *inst, size_t n, int scope, unsigned src,
			 unsigned depth, struct ynode *req)
{
	struct child_group g[24];
	size_t ng;
	struct ynode *pat = yget(schema, "patternProperties");

	if (depth > 6)
		return;
	group_children(cv, inst, n, g, &ng, ARRAY_SIZE(g));
	arbitrary_names(cv, g, ng);
	for (size_t k = 0; k < ng; k++) {
		const char *desc = NULL;
		unsigned line = src;
		struct ynode *cs;

		if (g[k].gone)
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
		} else if (!strcmp(g[k].base, "regulators") && g[k].same_name) {
			struct child_group rg[16];
			size_t nrg;
			struct ynode *rp = ymap(cv, line);
			struct strbuf alt;

			cs = ymap(cv, line);
			yset(cs, "type", yraw(cv, "object", line));
			if (desc)
				yset(cs, "description", ydesc(cv, desc, line, 4));
			group_children(cv, g[k].inst, g[k].n, rg, &nrg, ARRAY_SIZE(rg));
			sb_init(&alt);
			for (size_t r = 0; r < nrg; r++) {
				sb_puts(&alt, alt.len ? "|" : "^(");
				sb_puts(&alt, rg[r].base);
				if (rg[r].digits)
					sb_puts(&alt, "[0-9]+");
			}
			if (alt.len) {
				struct ynode *reg = ymap(cv, line);

				sb_puts(&alt, ")$");
				yset(reg, "type", yraw(cv, "object", line));
				yset(reg, "$ref", ystr(cv, "/schemas/regulator/regulator.yaml#", line));
				yset(reg, "unevaluatedProperties", yraw(cv, "false", line));
				yset(rp, cv_strdup(cv, sb_cstr(&alt)), reg);
				yset(cs, "patternProperties", rp);
			}
			sb_free(&alt);
			yset(cs, "additionalProperties", yraw(cv, "false", line));
		} else {
			cs = node_schema(cv, g[k].inst, g[k].n, scope, line, depth + 1, desc);
		}
		if (!cs)
			continue;
		if (g[k].same_name && !strchr(g[k].name, '@') && !g[k].pattern &&
		    (!valid_prop_name(g[k].name) || meta_typed(g[k].name)) &&
		    strcmp(g[k].name, "ports") && strcmp(g[k].name, "port") &&
		    strcmp(g[k].name, "mdio") && strcmp(g[k].name, "regulators")) {
			/* A node named like a property ("gpio-controller {"): left open. */
			continue;
		}
		if (g[k].same_name && !strchr(g[k].name, '@') && valid_prop_name(g[k].name) &&
		    !g[k].pattern) {
			yset(props, g[k].name, cs);
		} else {
			if (!pat) {
				pat = ymap(cv, line);
				/* After "properties". */
				yset(schema, "patternProperties", pat);
			}
			yset(pat, g[k].pattern ? g[k].pattern : group_pattern(cv, &g[k]), cs);
		}
	}
}

/* A generic child node: the properties its instances use, typed; text of scope @scope. */
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
		pinfo_add_values(pis, &np, 64, inst[i], true, src);
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
	struct propctx pc = { .all = pis, .nall = np, .int_cells = example_int_cells(cv) };

	for (size_t k = 0; k < np; k++) {
		if (!strcmp(pis[k].name, "compatible")) {
			const char *v[8];
			size_t nv = value_strings(cv, pis[k].values[0], v, 8);

			for (size_t j = 0; j < nv; j++)
				if (!v[j] || !valid_compatible(v[j]))
					nv = 0;

			if (nv == 1) {
				struct ynode *c = ymap(cv, src);

				yset(c, "const", ystr(cv, v[0], src));
				yset(props, "compatible", c);
			} else if (nv > 1) {
				struct ynode *c = ymap(cv, src), *items = yseq(cv, src);

				for (size_t j = 0; j < nv; j++) {
					struct ynode *e = ymap(cv, src);

					yset(e, "const", ystr(cv, v[j], src));
					ypush(items, e);
				}
				yset(c, "items", items);
				yset(props, "compatible", c);
			}
			continue;
		}
		yset(props, pis[k].name, prop_schema(cv, &pc, &pis[k], 6 + 2 * depth));
	}
	add_dependencies(cv, props);
	add_children(cv, s, props, inst, n, scope, src, depth, NULL);
	if (!yempty(props))
		yset(s, "properties", props);
	dedupe_required(req);
	if (yget(s, "patternProperties"))
		ymove_end(s, "patternProperties");
	if (!yempty(req))
		yset(s, "required", req);
	yset(s, "additionalProperties", yraw(cv, "false", src));
	return s;
}


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

static bool any_prop_named(struct pinfo *pis, size_t n, const char *name)
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

static bool root_has(const struct conv *cv, const char *rel)
{
	char *p;
	struct stat st;
	bool ok;

	if (!cv->root)
		return true;	/* assume a recent tree */
	if (asprintf(&p, "%s/%s", cv->root, rel) < 0)
		return false;
	ok = stat(p, &st) == 0;
	free(p);
	return ok;
}

static bool text_mentions(const struct conv *cv, const char *word);

/* Which common schemas the binding uses. */
static void choose_refs(struct conv *cv, struct pinfo *pis, size_t n, bool *refs)
{
	const char *dir = cv->dir_hint ? cv->dir_hint : "";
	bool device = cv->chains.n > 0;
	const char *t = cv->title ? cv->title : "";

	memset(refs, 0, CS_COUNT * sizeof(*refs));
	if (any_prop_prefix(pis, n, "spi-") && !any_prop_named(pis, n, "#address-cells"))
		refs[CS_SPI_PERIPHERAL] = true;
	if (!refs[CS_SPI_PERIPHERAL] && cv->is_spi && !cv->is_i2c && device &&
	    strcmp(dir, "spi"))
		refs[CS_SPI_PERIPHERAL] = true;
	if (any_prop_named(pis, n, "#sound-dai-cells") ||
	    (!strcmp(dir, "sound") && device && (find_ci(t, "codec") || find_word(t, "dai"))))
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
	if (!strcmp(dir, "serial") && device)
		refs[CS_SERIAL] = true;
	if (any_prop_named(pis, n, "#dma-cells"))
		refs[CS_DMA_CONTROLLER] = true;
	if (any_prop_prefix(pis, n, "touchscreen-"))
		refs[CS_TOUCHSCREEN] = true;
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
	/* A DSI host: its peripherals are child nodes addressed by virtual channel. */
	if (cv->dir_hint && !strcmp(cv->dir_hint, "display") && device &&
	    find_word(t, "dsi") && any_prop_named(pis, n, "#address-cells"))
		refs[CS_DSI_CONTROLLER] = true;
	for (size_t i = 0; i < CS_COUNT; i++) {
		if (refs[i] && !root_has(cv, common_schemas[i]))
			refs[i] = false;
	}
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

	if (refs[CS_SPI_PERIPHERAL] && starts_with(name, "spi-"))
		return true;
	if (refs[CS_DAI_COMMON] && !strcmp(name, "sound-name-prefix"))
		return true;
	if (refs[CS_TOUCHSCREEN] && starts_with(name, "touchscreen-"))
		return true;
	if (refs[CS_MMC]) {
		if (starts_with(name, "cap-") || starts_with(name, "mmc-") ||
		    starts_with(name, "sd-uhs-"))
			return true;
		for (size_t i = 0; i < ARRAY_SIZE(mmc); i++)
			if (!strcmp(name, mmc[i]))
				return true;
	}
	if (refs[CS_ETHERNET])
		for (size_t i = 0; i < ARRAY_SIZE(eth); i++)
			if (!strcmp(name, eth[i]))
				return true;
	if (refs[CS_SERIAL])
		for (size_t i = 0; i < ARRAY_SIZE(serial); i++)
			if (!strcmp(name, serial[i]))
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
	if (refs[CS_NVMEM] && (!strcmp(name, "read-only") || !strcmp(name, "#address-cells") ||
			       !strcmp(name, "#size-cells")))
		return true;
	return false;
}

/* What the meta-schema requires along with what we have. */
static void add_dependencies(struct conv *cv, struct ynode *props)
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
		yset(props, d[1], yraw(cv, "true", have->src));
	}
}

/* Remove repeated names from a "required" list. */
static void dedupe_required(struct ynode *req)
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
		(!strcmp(name, "#address-cells") || !strcmp(name, "#size-cells")));
}

/* Is @name a child node of the device in some example? */
static bool devnode_child(const struct conv *cv, const char *name)
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
	return find_ci(t, "codec") || find_word(t, "amplifier") || find_word(t, "dac") ||
	       find_word(t, "adc") || find_ci(t, "dmic") || find_ci(t, "microphone");
}

/*
 * A binding of CPU nodes: the examples' device nodes are "cpu@N" or have
 * device_type = "cpu"; without an example, the title names CPUs
 * ("Broadcom MIPS (BMIPS) CPUs").  The schema then describes one cpu node,
 * not the /cpus container around it.
 */
static bool cpu_binding(const struct conv *cv)
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

static void build_device(struct conv *cv, struct ynode *schema)
{
	size_t cap = cv->props.n + 64, np = 0;
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

	if (cs)
		yset(props, "compatible", cs);
	if (cs && !cv->root_binding)
		ypush(req, ystr(cv, "compatible", cv->compat_line));
	if (!cv->props.n && !cpu && cs && !cv->root_binding)
		add_prose_props(cv, props, req);
	/* The text's properties, in its order. */
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		size_t i;

		if (!pr->scope && pr->pattern && str_ends_with(pr->name, "-supply")) {
			/* "xxx-supply: ..." then "vin3-supply: Input supply for ldo3" lines. */
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
			continue;
		}
		if (pr->scope || pr->pattern || skip_prop(pr->name) || !valid_prop_name(pr->name))
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
		if (pr->req == REQ_UNKNOWN && pis[np].desc) {
			if (starts_with_ci(pis[np].desc, "required"))
				pr->req = REQ_YES;
		}
		np++;
	}
	size_t ntext = np;

	/* Values from the examples; properties only the examples use. */
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *n = cv->devnodes.v[d];

		pinfo_add_values(pis, &np, cap, n, false, 0);
	}
	choose_refs(cv, pis, np, refs);
	memcpy(cv->refs, refs, sizeof(refs));
	struct propctx pc = { .all = pis, .nall = np, .int_cells = example_int_cells(cv) };

	memcpy(pc.refs, refs, sizeof(refs));
	for (size_t i = 0; i < np; i++) {
		struct pinfo *pi = &pis[i];
		bool example_only = i >= ntext;

		/* A generic binding's examples are other devices: their properties are not ours. */
		if (example_only && !cv->chains.n)
			continue;
		if (covered_by_refs(refs, pi->name) &&
		    !(refs[CS_ETHERNET] && !example_only && starts_with(pi->name, "phy"))) {
			/* The referenced schema defines it; required stays the text's word. */
			if (!example_only && pi->pr->req == REQ_YES && !pi->pr->deprecated &&
			    !pi->pr->pattern && !required_by_refs(refs, pi->name))
				ypush(req, ystr(cv, pi->name, pi->line));
			continue;
		}
		if (example_only && !strcmp(pi->name, "interrupts-extended") &&
		    (yget(props, "interrupts") || any_prop_named(pis, ntext, "interrupts")))
			continue;	/* implied by "interrupts" */
		if (example_only && (!strcmp(pi->name, "device_type") ||
				     ((!strcmp(pi->name, "#address-cells") ||
				       !strcmp(pi->name, "#size-cells")) && !unit_children(cv))))
			continue;
		if (example_only && is_vendor_prop(pi->name) && pi->nvalues)
			pi->desc = NULL;
		struct ynode *ps = prop_schema(cv, &pc, pi, 4);

		if (!ps)
			continue;
		yset(props, pi->name, ps);
		if (example_only) {
			if ((!strcmp(pi->name, "reg") || !strcmp(pi->name, "interrupts")) &&
			    pi->nvalues == cv->devnodes.n)
				ypush(req, ystr(cv, pi->name, pi->line));
			if (is_vendor_prop(pi->name))
				finding(cv, DTBIND_WARNING, pi->line, 1, "doc2yaml-type",
					"'%s' is used by the example but not described by the text",
					pi->name);
		} else if (pi->pr->req == REQ_YES && !pi->pr->deprecated && !pi->pr->pattern &&
			   !required_by_refs(refs, pi->name)) {
			bool dup = false;

			for (struct ynode *r = req->first; r; r = r->next)
				if (!strcmp(r->s, pi->name))
					dup = true;
			if (!dup)
				ypush(req, ystr(cv, pi->name, pi->line));
		}
	}
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
	/* Nodes the text requires that no example shows. */
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (!pr->is_node || pr->scope || pr->pattern || !valid_prop_name(pr->name) ||
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
	/* Properties of other nodes the examples did not let us place. */
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
	if (cpu)
		add_cpu_node_props(cv, props, req);
	if (!yempty(props) || !yget(schema, "patternProperties"))
		yset(schema, "properties", props);
	if (yget(schema, "patternProperties"))
		ymove_end(schema, "patternProperties");
	dedupe_required(req);
	if (!yempty(req))
		yset(schema, "required", req);
	struct ynode *allof = yseq(cv, cv->compat_line);
	bool any_ref = false;

	for (size_t i = 0; i < CS_COUNT; i++) {
		if (!refs[i])
			continue;
		struct ynode *r = ymap(cv, cv->compat_line);
		const char *path = common_schemas[i];
		const char *slash = strchr(path, '/');
		bool same_dir = cv->dir_hint && slash &&
				!strncmp(path, cv->dir_hint, (size_t)(slash - path)) &&
				strlen(cv->dir_hint) == (size_t)(slash - path) &&
				!strchr(slash + 1, '/') && cv->dir_is_top;

		yset(r, "$ref", ystr(cv, same_dir ? cv_printf(cv, "%s#", slash + 1) :
					 cv_printf(cv, "/schemas/%s#", path), cv->compat_line));
		ypush(allof, r);
		any_ref = true;
	}
	memcpy(cv->refs, refs, sizeof(refs));
	if (any_ref)
		yset(schema, "allOf", allof);
	if (cv->root_binding || !cv->chains.n)
		yset(schema, "additionalProperties", yraw(cv, "true", cv->compat_line));
	else if (any_ref)
		yset(schema, "unevaluatedProperties", yraw(cv, "false", cv->compat_line));
	else
		yset(schema, "additionalProperties", yraw(cv, "false", cv->compat_line));
}


/* ------------------------------------------------------------------ */
/* Examples completed from the schema                                  */

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
		sb_init(&sb);
		sb_puts(&sb, "<");
		if (ac == 2)
			sb_printf(&sb, "0x%llx 0x%llx", addr >> 32, addr & 0xffffffffull);
		else
			sb_printf(&sb, "0x%llx", addr);
		if (sc == 2)
			sb_puts(&sb, " 0x0 0x1000");
		else if (sc == 1)
			sb_puts(&sb, " 0x1000");
		sb_puts(&sb, ">");
		r = cv_strdup(cv, sb_cstr(&sb));
		sb_free(&sb);
		return r;
	}
	if (!strcmp(name, "ranges")) {
		*flag = true;
		return NULL;
	}
	if (!strcmp(name, "interrupts")) {
		unsigned cells = example_int_cells(cv), n = schema_count(ps);

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
		const struct ynode *c = yget(ps, "const");

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
	if (!t) {
		if (fixup_has_unit_suffix(name))
			return cv_printf(cv, "<%lld>", schema_int(ps, 0));
		return NULL;
	}
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
	const char *s[2];

	if (!names || node_prop(node, "#clock-cells") || !yget(props, "#clock-cells"))
		return;
	struct ditem *p = mk_prop(cv, "#clock-cells",
				  value_strings(cv, names->value, s, 2) > 1 ? "<1>" : "<0>", node);

	if (!p)
		return;
	p->line = names->line;
	p->next = names->next;
	((struct ditem *)names)->next = p;
	if (added->len)
		sb_puts(added, ", ");
	sb_puts(added, "#clock-cells");
}

static void complete_node(struct conv *cv, struct ditem *node, const struct ynode *schema,
			  struct strbuf *added)
{
	const struct ynode *req = yget(schema, "required");
	const struct ynode *props = yget(schema, "properties");

	complete_dependencies(cv, node, props, added);
	for (const struct ynode *r = req ? req->first : NULL; r; r = r->next) {
		const struct ynode *ps = yget(props, r->s);
		bool flag;

		if (node_prop(node, r->s) || !ps)
			continue;
		bool child = false;

		for (const struct ditem *c = node->children; c; c = c->next)
			if (!c->dead && c->kind == DI_NODE && !strcmp(c->name, r->s))
				child = true;
		if (child || (ps->kind == Y_MAP && (yget(ps, "type") &&
						    !strcmp(yget(ps, "type")->s, "object"))) ||
		    (ps->kind == Y_MAP && yget(ps, "$ref") &&
		     strstr(yget(ps, "$ref")->s, "graph.yaml")))
			continue;	/* a child node: not made up */
		const char *v = sample_value(cv, r->s, ps, node, &flag);

		if (!v && !flag)
			continue;
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
		{ "display", "display" }, { "power", "power-controller" },
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
	for (size_t i = 0; cv->dir_hint && i < ARRAY_SIZE(names); i++)
		if (!strcmp(cv->dir_hint, names[i][0]))
			return names[i][1];
	return "device";
}

static void complete_examples(struct conv *cv, struct ynode *schema)
{
	struct strbuf added;
	bool any = false;
	const struct ditem *made = NULL;	/* the node written from the schema */

	for (size_t e = 0; e < cv->examples.n; e++)
		if (((struct example *)cv->examples.v[e])->keep)
			any = true;
	if (!any && cv->chains.n && !cv->root_binding) {
		/* The text has no example: one from the schema. */
		struct example *ex = cv_alloc(cv, sizeof(*ex));
		struct chain *ch = cv->chains.v[0];
		const struct ynode *req = yget(schema, "required");
		bool has_reg = false;

		for (const struct ynode *r = req ? req->first : NULL; r; r = r->next)
			if (!strcmp(r->s, "reg"))
				has_reg = true;
		if (!ex)
			return;
		bool cpu = yget(yget(schema, "properties"), "device_type") && cpu_binding(cv);
		bool bus = has_reg && (cv->is_i2c || cv->is_spi) && !cpu;
		struct ditem *parent = NULL;

		if (bus || cpu) {
			parent = mk_node(cv, cpu ? "cpus" : cv->is_spi && !cv->is_i2c ? "spi" : "i2c",
					 NULL);
			if (!parent)
				return;
			add_cells(cv, parent, 1, 0);
		}
		const char *unit = !has_reg ? "" : cpu ? "@0" :
				   bus ? (cv->is_spi && !cv->is_i2c ? "@0" : "@10") : "@10000000";
		struct ditem *n = mk_node(cv, cv_printf(cv, "%s%s",
							cpu ? "cpu" : generic_node_name(cv, schema), unit),
					  parent);

		if (!n)
			return;
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
		made = n;
		finding(cv, DTBIND_WARNING, ex->line, 1, "doc2yaml-example",
			"the text has no example; one was written from the schema");
	}
	sb_init(&added);
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *n = cv->devnodes.v[d];
		size_t before = added.len;

		complete_node(cv, n, schema, &added);
		if (added.len > before && n != made)
			finding(cv, DTBIND_WARNING, n->line, 1, "doc2yaml-example",
				"example node '%s' lacks required properties; added with sample "
				"values: %s", n->name, added.buf + before + (before ? 2 : 0));
	}
	sb_free(&added);
	/* #address-cells/#size-cells a node without addressed children does not need. */
	const struct ynode *props = yget(schema, "properties");

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *n = cv->devnodes.v[d];

		/* device_type is deprecated outside cpus and memory. */
		for (struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_PROP && !strcmp(c->name, "device_type") &&
			    !yget(props, "device_type"))
				c->dead = true;
		/* Common schemas fix the node name ("pwm@...", "rtc@..."). */
		static const struct { int cs; const char *name; } gen[] = {
			{ CS_PWM, "pwm" }, { CS_RTC, "rtc" }, { CS_SPI_CONTROLLER, "spi" },
			{ CS_WATCHDOG, "watchdog" }, { CS_MMC, "mmc" }, { CS_SERIAL, "serial" },
			{ CS_DMA_CONTROLLER, "dma-controller" }, { CS_I2C_CONTROLLER, "i2c" },
			{ CS_ETHERNET, "ethernet" }, { CS_NVMEM, "efuse" },
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
			n->name = cv_printf(cv, "%s%s", gen[g].name, at ? at : "");
			break;
		}
	}

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *n = cv->devnodes.v[d];
		bool units = false;

		for (const struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_NODE && strchr(c->name, '@'))
				units = true;
		if (units)
			continue;
		for (struct ditem *c = n->children; c; c = c->next)
			if (!c->dead && c->kind == DI_PROP && (!strcmp(c->name, "#address-cells") ||
							       !strcmp(c->name, "#size-cells")) &&
			    !yget(props, c->name))
				c->dead = true;
	}
}

/* ------------------------------------------------------------------ */
/* Header: $id, maintainers, description                               */

/* The devicetree/bindings directory above @path (absolute or relative), or NULL. */
static char *find_root_above(const char *path)
{
	char *abs = realpath(path, NULL);
	char *dir = NULL;

	if (!abs) {
		/* The file may not exist yet: its directory does. */
		char *copy = strdup(path), *slash = copy ? strrchr(copy, '/') : NULL;

		if (!copy)
			return NULL;
		if (slash) {
			*slash = '\0';
			char *d = realpath(*copy ? copy : "/", NULL);

			if (d && asprintf(&abs, "%s/%s", d, slash + 1) < 0)
				abs = NULL;
			free(d);
		} else {
			char *d = realpath(".", NULL);

			if (d && asprintf(&abs, "%s/%s", d, copy) < 0)
				abs = NULL;
			free(d);
		}
		free(copy);
		if (!abs)
			return NULL;
	}
	dir = abs;
	char *slash;

	while ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';
		if (str_ends_with(dir, "/devicetree/bindings"))
			return dir;
	}
	free(abs);
	return NULL;
}

/* Absolute form of @path (whose last component may not exist). */
static char *abs_path(const char *path)
{
	char *r = realpath(path, NULL);

	if (r)
		return r;
	char *copy = strdup(path);
	char *slash = copy ? strrchr(copy, '/') : NULL;
	char *d, *out = NULL;

	if (!copy)
		return NULL;
	if (slash) {
		*slash = '\0';
		d = realpath(*copy ? copy : "/", NULL);
		if (d && asprintf(&out, "%s/%s", d, slash + 1) < 0)
			out = NULL;
	} else {
		d = realpath(".", NULL);
		if (d && asprintf(&out, "%s/%s", d, copy) < 0)
			out = NULL;
	}
	free(d);
	free(copy);
	return out;
}

static bool is_binding_dir(const char *s, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(binding_dirs); i++)
		if (strlen(binding_dirs[i]) == n && !strncmp(binding_dirs[i], s, n))
			return true;
	return false;
}

/*
 * The output's path under the bindings tree ("sound/wlf,wm8904.yaml"):
 * under the root when known; else the directories the input and output
 * paths share at their ends, from the first one that is a top-level
 * bindings directory; else the file name alone.
 */
static const char *relative_id_path(struct conv *cv, const char *in, const char *out)
{
	char *ain = in ? abs_path(in) : NULL, *aout = out ? abs_path(out) : NULL;
	const char *res = NULL;
	const char *target = aout ? aout : ain;
	char *tmp = NULL;

	if (!target)
		goto done;
	if (!aout) {
		/* Standard output: the input's place, with .yaml. */
		size_t n = strlen(ain);

		if (str_ends_with(ain, ".txt"))
			n -= 4;
		if (asprintf(&tmp, "%.*s.yaml", (int)n, ain) < 0)
			goto done;
		target = tmp;
	}
	if (cv->root) {
		char *r = realpath(cv->root, NULL);
		size_t rl = r ? strlen(r) : 0;

		if (r && !strncmp(target, r, rl) && target[rl] == '/') {
			res = cv_strdup(cv, target + rl + 1);
			free(r);
			goto done;
		}
		free(r);
	}
	const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	/* Directory components of the output, and how many end both paths. */
	const char *comps[64];
	size_t lens[64], nc = 0;

	for (const char *p = target + 1; p < base && nc < 64;) {
		const char *e = strchr(p, '/');

		if (!e || e >= base)
			break;
		comps[nc] = p;
		lens[nc++] = (size_t)(e - p);
		p = e + 1;
	}
	size_t common = 0;

	if (ain && aout) {
		const char *ib = strrchr(ain, '/');
		const char *ie = ib;

		/* Walk both directory paths backwards. */
		for (size_t k = nc; k > 0; k--) {
			const char *is = ie;

			while (is > ain && is[-1] != '/')
				is--;
			if (is <= ain || (size_t)(ie - is) != lens[k - 1] ||
			    strncmp(is, comps[k - 1], lens[k - 1]))
				break;
			common++;
			ie = is - 1;
		}
		if (common == nc)
			common = nc;	/* same directory: bounded by the bindings dirs below */
	}
	size_t from = nc;

	for (size_t k = (common ? nc - common : 0); k < nc; k++)
		if (is_binding_dir(comps[k], lens[k])) {
			from = k;
			break;
		}
	if (!common && from == nc) {
		for (size_t k = 0; k < nc; k++)
			if (is_binding_dir(comps[k], lens[k])) {
				from = k;
				break;
			}
	}
	struct strbuf sb;

	sb_init(&sb);
	for (size_t k = from; k < nc; k++) {
		sb_putn(&sb, comps[k], lens[k]);
		sb_putc(&sb, '/');
	}
	sb_puts(&sb, base);
	res = cv_strdup(cv, sb_cstr(&sb));
	sb_free(&sb);
done:
	free(ain);
	free(aout);
	free(tmp);
	return res;
}

/* Glob with '*' and '?' not crossing '/' (MAINTAINERS F: patterns). */
static bool glob_match(const char *p, const char *s)
{
	for (; *p; p++, s++) {
		if (*p == '*') {
			for (const char *q = s;; q++) {
				if (glob_match(p + 1, q))
					return true;
				if (!*q || *q == '/')
					return false;
			}
		}
		if (!*s || (*p != '?' && *p != *s) || (*p == '?' && *s == '/'))
			return false;
	}
	return !*s;
}

static bool maint_pattern_match(const char *pat, size_t n, const char *path)
{
	char buf[512];

	if (n >= sizeof(buf))
		return false;
	memcpy(buf, pat, n);
	buf[n] = '\0';
	if (buf[n - 1] == '/')
		return !strncmp(path, buf, n);
	if (glob_match(buf, path))
		return true;
	/* A directory named without its slash. */
	size_t l = strlen(buf);

	return !strpbrk(buf, "*?") && !strncmp(path, buf, l) && path[l] == '/';
}

/* Maintainers of @paths from MAINTAINERS: the entries with the most specific F: match. */
/* The F: specificity of one MAINTAINERS entry [e, end) for @paths (0: no match). */
static size_t entry_score(const char *e, const char *end, const char *const *paths, size_t npaths)
{
	size_t score = 0;
	bool excluded = false;

	for (const char *l = e; l < end;) {
		const char *eol = memchr(l, '\n', (size_t)(end - l));

		if (!eol)
			eol = end;
		if ((l[0] == 'F' || l[0] == 'X') && l[1] == ':') {
			const char *p = skip_blanks(l + 2);
			size_t pn = (size_t)(eol - p);

			while (pn && (p[pn - 1] == ' ' || p[pn - 1] == '\t'))
				pn--;
			for (size_t k = 0; pn && k < npaths; k++) {
				if (!maint_pattern_match(p, pn, paths[k]))
					continue;
				if (l[0] == 'X') {
					excluded = true;
					continue;
				}
				size_t fixed = 0;

				for (size_t c = 0; c < pn && p[c] != '*' && p[c] != '?'; c++)
					fixed++;
				/* The catch-all DT entry is nobody's binding. */
				if (fixed <= strlen("Documentation/devicetree/bindings/"))
					continue;
				if (fixed > score)
					score = fixed;
			}
		}
		l = eol + 1;
	}
	return excluded ? 0 : score;
}

/* "M:" people of an entry; without any, its own (not a public) list, as kernel schemas do. */
static size_t entry_people(struct conv *cv, const char *e, const char *end, const char **out,
			   size_t n, size_t max)
{
	for (int want_list = 0; want_list < 2; want_list++) {
		size_t before = n;

		for (const char *l = e; l < end;) {
			const char *eol = memchr(l, '\n', (size_t)(end - l));

			if (!eol)
				eol = end;
			if (l[0] == (want_list ? 'L' : 'M') && l[1] == ':' && n < max) {
				const char *p = skip_blanks(l + 2);
				char *m = cv_strndup(cv, p, (size_t)(eol - p));
				bool dup = false;

				if (m) {
					trim(m);
					char *sp = want_list ? strchr(m, ' ') : NULL;

					if (sp)
						*sp = '\0';	/* "list@x (moderated for ...)" */
					for (size_t k = 0; k < n; k++)
						if (!strcmp(out[k], m))
							dup = true;
					if (want_list && (strstr(m, "vger.kernel.org") || strstr(m, "@lists.") ||
							  strstr(m, "lists.infradead.org") ||
							  strstr(m, "alsa-project.org")))
						dup = true;
					if (!dup && strchr(m, '@'))
						out[n++] = m;
				}
			}
			l = eol + 1;
		}
		if (n > before)
			break;
	}
	return n;
}

/*
 * Maintainers of @paths from MAINTAINERS: the entries with the most
 * specific F: match; when those name nobody, the next most specific.
 */
static size_t maintainers_for(struct conv *cv, const char *const *paths, size_t npaths,
			      const char **out, size_t max)
{
	const char *text = cv->c->maint_text;
	size_t n = 0, below = SIZE_MAX;

	if (!text)
		return 0;
	for (int round = 0; round < 4 && !n; round++) {
		size_t best = 0;

		for (const char *e = text; *e;) {
			const char *end = strstr(e, "\n\n");

			if (!end)
				end = e + strlen(e);
			size_t sc = entry_score(e, end, paths, npaths);

			if (sc > best && sc < below)
				best = sc;
			e = *end ? end + 2 : end;
			while (*e == '\n')
				e++;
		}
		if (!best)
			break;
		for (const char *e = text; *e;) {
			const char *end = strstr(e, "\n\n");

			if (!end)
				end = e + strlen(e);
			if (entry_score(e, end, paths, npaths) == best)
				n = entry_people(cv, e, end, out, n, max);
			e = *end ? end + 2 : end;
			while (*e == '\n')
				e++;
		}
		below = best;
	}
	return n;
}

static void load_maintainers_file(struct dtbind_doc2yaml *c, const char *root)
{
	char *path;

	if (!root || asprintf(&path, "%s/../../../MAINTAINERS", root) < 0)
		return;
	if (c->maint_path && !strcmp(c->maint_path, path)) {
		free(path);
		return;
	}
	free(c->maint_path);
	free(c->maint_text);
	c->maint_path = path;
	c->maint_text = NULL;
	size_t len;

	if (read_file(path, 16u << 20, &c->maint_text, &len))
		c->maint_text = NULL;
}

/* The prose for the top-level description: no references list, no blank runs. */
static const char *top_description(struct conv *cv)
{
	const char *t = sb_cstr(&cv->desc);
	struct strbuf sb;
	bool blank = true;

	sb_init(&sb);
	for (const char *p = t; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *line = cv_strndup(cv, p, n);

		p = eol ? eol + 1 : p + n;
		if (!line)
			break;
		for (char *q = line; *q; q++)
			if (*q == '\t')
				*q = ' ';
		const char *s = skip_blanks(line);

		/* "[1] Documentation/devicetree/bindings/..." */
		if (s[0] == '[' && isdigit((unsigned char)s[1]) && strstr(s, "Documentation/"))
			continue;
		if (!*s) {
			if (!blank)
				sb_putc(&sb, '\n');
			blank = true;
			continue;
		}
		sb_puts(&sb, line);
		sb_putc(&sb, '\n');
		blank = false;
	}
	while (sb.len && sb.buf[sb.len - 1] == '\n')
		sb.len--;
	const char *r = sb.len ? cv_strndup(cv, sb.buf, sb.len) : NULL;

	sb_free(&sb);
	return r;
}

/* ------------------------------------------------------------------ */
/* Conversion                                                          */

/* @word in the text (not the examples), as a token: "SPI" but not "GIC_SPI". */
static bool text_mentions(const struct conv *cv, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i < cv->nlines; i++) {
		const char *s = cv->lines[i].s;

		if (cv->lines[i].exsec)
			continue;
		for (const char *p = s; (p = find_ci(p, word)) != NULL; p++) {
			bool before = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
			bool after = !(isalnum((unsigned char)p[n]) || p[n] == '_');

			if (before && after)
				return true;
		}
	}
	return false;
}

static void emit_top(struct emitter *em, struct ynode *schema)
{
	for (struct ynode *m = schema->first; m; m = m->next) {
		struct ynode one = *schema;

		one.first = m;
		one.last = m;
		struct ynode *next = m->next;

		m->next = NULL;
		if (strcmp(m->key, "$schema") && strcmp(m->key, "$id"))
			em_nl(em);
		em_node(em, &one, 0, 0);
		m->next = next;
	}
}

struct selfcheck_line {
	unsigned line;
	enum dtbind_severity sev;
	const char *msg;
};

static void self_check(struct conv *cv, struct ynode *schema, const char *rel,
		       const struct emitter *em);

static int emit_schema(struct conv *cv, struct ynode *schema, struct emitter *em)
{
	sb_init(&em->sb);
	em->src = 1;
	sb_puts(&em->sb, "# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)");
	em_nl(em);
	sb_puts(&em->sb, "%YAML 1.2");
	em_nl(em);
	sb_puts(&em->sb, "---");
	em_nl(em);
	emit_top(em, schema);
	em->src = cv->nlines ? cv->lines[cv->nlines - 1].no : 1;
	sb_puts(&em->sb, "...");
	em_nl(em);
	return em->oom || em->sb.oom ? -DTBIND_ENOMEM : 0;
}

/*
 * "- interrupt: ..." where the examples' device nodes say "interrupts": the
 * text misspells the standard property (the singular is no property at
 * all), so the item describes the one the examples use.
 */
static void fix_misspelt_props(struct conv *cv)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		bool taken = false;

		if (pr->scope || pr->pattern || is_std_prop(pr->name) || is_vendor_prop(pr->name) ||
		    devnodes_use(cv, pr->name))
			continue;
		const char *plural = cv_printf(cv, "%ss", pr->name);

		if (!plural || !is_std_prop(plural) || !devnodes_use(cv, plural))
			continue;
		for (size_t j = 0; j < cv->props.n; j++) {
			const struct prop *o = cv->props.v[j];

			if (!o->scope && !strcmp(o->name, plural))
				taken = true;
		}
		if (taken)
			continue;
		finding(cv, DTBIND_WARNING, pr->line, 1, "doc2yaml-name",
			"'%s' is written for '%s', which the example uses", pr->name, plural);
		pr->name = plural;
	}
}

static int convert(struct conv *cv, const char *text, size_t len, const char *out_path,
		   char **yaml, size_t *yaml_len)
{
	size_t first = 0;

	split_lines(cv, text, len);
	if (cv->oom)
		return -DTBIND_ENOMEM;
	/* Title: the first line that is not a rule; maybe a heading we also need. */
	while (first < cv->nlines && (cv->lines[first].blank || is_rule_line(&cv->lines[first])))
		first++;
	if (first < cv->nlines) {
		struct heading h;
		const struct line *l = &cv->lines[first];

		if (classify_heading(cv, first, false, &h) && h.kind != SEC_OTHER) {
			cv->title = title_from_path(cv, cv->file);
			cv->title_line = l->no;
		} else if (l->t[0] == '-' && l->t[1] == ' ') {
			cv->title = title_from_path(cv, cv->file);
			cv->title_line = l->no;
		} else if (first + 1 < cv->nlines && !cv->lines[first + 1].blank &&
			   !is_rule_line(&cv->lines[first + 1]) && !strchr("*=#", l->t[0]) &&
			   strlen(l->t) > 50) {
			/* A paragraph, not a heading: its first sentence, and it stays prose. */
			struct strbuf sb;

			sb_init(&sb);
			for (size_t k = first; k < cv->nlines && !cv->lines[k].blank; k++) {
				const char *t = cv->lines[k].t, *dot = strstr(t, ". ");

				if (sb.len)
					sb_putc(&sb, ' ');
				if (!dot && str_ends_with(t, "."))
					dot = t + strlen(t) - 1;
				sb_putn(&sb, t, dot ? (size_t)(dot - t) : strlen(t));
				if (dot)
					break;
			}
			char *sent = (char *)sb_cstr(&sb);
			char *comma = strstr(sent, ", ");

			if (strlen(sent) > 90 && comma)
				*comma = '\0';
			cv->title = clean_title(cv, sent);
			cv->title_line = l->no;
			sb_free(&sb);
		} else {
			cv->title = clean_title(cv, l->t);
			cv->title_line = l->no;
			cv->lines[first].used = true;
			first++;
		}
	}
	if (!cv->title || !*cv->title)
		cv->title = title_from_path(cv, cv->file);
	compat_table(cv);
	parse_structure(cv, first);
	cv->is_i2c = text_mentions(cv, "i2c");
	cv->is_spi = text_mentions(cv, "spi");
	collect_examples(cv);
	extract_compatibles(cv);
	if (!cv->chains.n && !cv->root_binding)
		finding(cv, DTBIND_WARNING, cv->compat_line ? cv->compat_line : 1, 1,
			"doc2yaml-compatible", "no compatible string found; the schema has none");
	process_examples(cv);
	fix_misspelt_props(cv);
	if (!cv->props.n && !cv->chains.n)
		finding(cv, DTBIND_WARNING, 1, 1, "doc2yaml-input",
			"no property list found (no \"Required properties:\" or ePAPR items)");
	if (cv->oom)
		return -DTBIND_ENOMEM;

	/* The schema. */
	struct ynode *schema = ymap(cv, 1);
	const char *rel = relative_id_path(cv, cv->file, out_path);

	if (!schema || !rel)
		return -DTBIND_ENOMEM;
	{
		const char *slash = strchr(rel, '/');

		cv->dir_hint = slash ? cv_strndup(cv, rel, (size_t)(slash - rel)) : NULL;
		cv->dir_is_top = slash && !strchr(slash + 1, '/');
	}
	yset(schema, "$id", ystr(cv, cv_printf(cv, DT_SCHEMAS "%s#", rel), 1));
	yset(schema, "$schema", ystr(cv, "http://devicetree.org/meta-schemas/core.yaml#", 1));
	yset(schema, "title", ystr(cv, cv->title, cv->title_line));
	struct ynode *maint = yseq(cv, cv->title_line);
	const struct dtbind_doc2yaml_opts *o = &cv->c->opts;

	for (size_t i = 0; i < o->n_maintainers; i++)
		ypush(maint, ystr(cv, o->maintainers[i], 1));
	if (!o->n_maintainers && cv->root) {
		const char *paths[2], *m[8];
		size_t nm;

		load_maintainers_file(cv->c, cv->root);
		paths[0] = cv_printf(cv, "Documentation/devicetree/bindings/%s",
				     cv->txt_rel ? cv->txt_rel : rel);
		paths[1] = cv_printf(cv, "Documentation/devicetree/bindings/%s", rel);
		nm = maintainers_for(cv, paths, 2, m, 4);
		for (size_t i = 0; i < nm; i++)
			ypush(maint, ystr(cv, m[i], 1));
	}
	if (yempty(maint)) {
		ypush(maint, ystr(cv, "FIXME Maintainer Name <fixme@example.com>", 1));
		finding(cv, DTBIND_WARNING, 1, 1, "doc2yaml-maintainer",
			"no maintainer given (--maintainer) or found in MAINTAINERS; "
			"a placeholder is written");
	}
	yset(schema, "maintainers", maint);
	const char *desc = top_description(cv);

	if (desc)
		yset(schema, "description", yn(cv, Y_TEXT, desc, cv->desc_line));
	build_device(cv, schema);
	complete_examples(cv, schema);
	print_examples(cv);
	struct ynode *exs = yseq(cv, 1);

	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];
		struct strbuf sb;

		if (!ex->keep || !ex->text)
			continue;
		sb_init(&sb);
		/* Every include in the first example: cpp reads them all, once. */
		if (yempty(exs) && cv->n_includes) {
			for (size_t i = 0; i < cv->n_includes; i++)
				sb_printf(&sb, "#include <%s>\n", cv->macro_includes[i]);
			sb_putc(&sb, '\n');
		}
		size_t pre = 0;

		for (size_t i = 0; i < sb.len; i++)
			if (sb.buf[i] == '\n')
				pre++;
		sb_puts(&sb, ex->text);
		struct ynode *t = yn(cv, Y_TEXT, cv_strndup(cv, sb_cstr(&sb), sb.len), ex->line);
		unsigned *lm = cv_alloc(cv, (pre + ex->nlmap + 1) * sizeof(*lm));

		if (t && lm) {
			for (size_t i = 0; i < pre; i++)
				lm[i] = ex->line;
			if (ex->nlmap)
				memcpy(lm + pre, ex->lmap, ex->nlmap * sizeof(*lm));
			t->lmap = lm;
			t->nlmap = pre + ex->nlmap;
		}
		ypush(exs, t);
		sb_free(&sb);
	}
	if (!yempty(exs))
		yset(schema, "examples", exs);
	if (cv->oom)
		return -DTBIND_ENOMEM;

	/* Emit. */
	struct emitter em = { .src = 1 };

	if (emit_schema(cv, schema, &em)) {
		sb_free(&em.sb);
		free(em.map);
		return -DTBIND_ENOMEM;
	}
	if (!o->no_self_check)
		self_check(cv, schema, rel, &em);
	*yaml = em.sb.buf;
	*yaml_len = em.sb.len;
	free(em.map);
	return cv->oom ? -DTBIND_ENOMEM : 0;
}

/* ---- self-check ----------------------------------------------------------- */

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void rm_tree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}


static bool file_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

/* The sink's text written since the last call. */
static char *take_output(struct dtbind_doc2yaml *c)
{
	char *r;

	fflush(c->cout);
	if (c->clen <= c->coff)
		return NULL;
	r = strndup(c->cbuf + c->coff, c->clen - c->coff);
	c->coff = c->clen;
	return r;
}

static int check_setup(struct dtbind_doc2yaml *c)
{
	char dir[] = "/tmp/dtbind-doc2yaml-XXXXXX";
	char *root = NULL;
	struct dtbind_lint_opts lo = { 0 };

	if (c->tmp)
		return 0;
	if (!mkdtemp(dir))
		return -DTBIND_EIO;
	c->tmp = strdup(dir);
	c->cout = open_memstream(&c->cbuf, &c->clen);
	c->cdiag = c->cout ? dtbind_diag_new(c->cout, DTBIND_FORMAT_GCC) : NULL;
	if (!c->tmp || !c->cdiag || asprintf(&root, "%s/root", c->tmp) < 0)
		return -DTBIND_ENOMEM;
	mkdir(root, 0700);
	dtbind_diag_set_rule(c->cdiag, "id-matches-path", -1);
	/* The linter keeps the pointer: the string lives as long as the converter. */
	c->check_root = root;
	lo.bindings_root = root;
	/* The scratch root has no Makefile: the real tree says which dt-schema. */
	lo.gen = dtbind_gen_choose(c->opts.bindings_root, c->opts.gen);
	return dtbind_linter_new(c->cdiag, &lo, &c->linter);
}

/* Findings of the inner sink for @path, back at the .txt lines. */
static void relay(struct dtbind_doc2yaml *c, const char *txt, const char *path, const unsigned *map,
		  size_t nmap, const char *rule, char *out)
{
	size_t pl = strlen(path);

	for (char *p = out; p && *p;) {
		char *eol = strchr(p, '\n');

		if (eol)
			*eol = '\0';
		if (!strncmp(p, path, pl) && p[pl] == ':') {
			char *q = p + pl + 1;
			unsigned yl = (unsigned)strtoul(q, &q, 10);

			if (*q == ':')
				strtoul(q + 1, &q, 10);
			if (*q == ':')
				q++;
			q = (char *)skip_blanks(q);
			enum dtbind_severity sev = DTBIND_NOTE;

			if (starts_with(q, "error: ")) {
				sev = DTBIND_ERROR;
				q += 7;
			} else if (starts_with(q, "warning: ")) {
				sev = DTBIND_WARNING;
				q += 9;
			} else if (starts_with(q, "note: ")) {
				q += 6;
			}
			/* Example findings are for a reviewer: warnings, not errors. */
			if (!strcmp(rule, "doc2yaml-exampletest") && sev == DTBIND_ERROR)
				sev = DTBIND_WARNING;
			unsigned tl = yl && yl <= nmap ? map[yl - 1] : 1;
			struct dtbind_loc loc = { txt, tl ? tl : 1, 1 };

			dtbind_diag_report(c->diag, sev, loc, rule, "generated schema line %u: %s", yl, q);
		}
		p = eol ? eol + 1 : NULL;
	}
}

/* $refs of a YAML text ("$ref: /schemas/x.yaml#..." or "$ref: x.yaml#"), by file. */
static void link_refs(struct dtbind_doc2yaml *c, const char *real_root, const char *text,
		      const char *rel, unsigned depth)
{
	if (depth > 8)
		return;
	for (const char *p = strstr(text, "$ref:"); p; p = strstr(p + 5, "$ref:")) {
		const char *q = skip_blanks(p + 5);
		char ref[512], path[512];
		size_t n = 0;

		if (*q == '"' || *q == '\'')
			q++;
		while (q[n] && q[n] != '#' && !isspace((unsigned char)q[n]) && q[n] != '"' &&
		       q[n] != '\'' && n + 1 < sizeof(ref))
			n++;
		if (!n)
			continue;
		snprintf(ref, sizeof(ref), "%.*s", (int)n, q);
		if (starts_with(ref, "/schemas/")) {
			snprintf(path, sizeof(path), "%s", ref + 9);
		} else if (!strstr(ref, "://")) {
			const char *slash = strrchr(rel, '/');

			int dl = slash ? (int)(slash - rel + 1) : 0;

			if ((size_t)dl + strlen(ref) + 1 > sizeof(path))
				continue;
			memcpy(path, rel, (size_t)dl);
			strcpy(path + dl, ref);
		} else {
			continue;
		}
		if (strstr(path, ".."))
			continue;
		char *dst, *src;

		if (asprintf(&dst, "%s/root/%s", c->tmp, path) < 0)
			return;
		if (asprintf(&src, "%s/%s", real_root, path) < 0) {
			free(dst);
			return;
		}
		if (!file_exists(dst) && file_exists(src) && !mkdir_parents(dst, 0700) && !symlink(src, dst)) {
			char *buf;
			size_t len;

			if (read_file(src, 4u << 20, &buf, &len) == 0) {
				link_refs(c, real_root, buf, path, depth + 1);
				free(buf);
			}
		}
		free(dst);
		free(src);
	}
}

static bool is_core_ref(const char *ref)
{
	char path[512];
	size_t n = 0;

	if (ref[0] == '#')
		return true;
	if (!starts_with(ref, "/schemas/"))
		return false;
	ref += 9;
	while (ref[n] && ref[n] != '#' && n + 1 < sizeof(path) - 5)
		n++;
	snprintf(path, sizeof(path), "core/%.*s", (int)n, ref);
	return embedded_find(path) != NULL;
}

/* Without the bindings tree: drop $refs to its schemas, let what they allowed pass. */
static void strip_refs(struct conv *cv, struct ynode *n, unsigned depth)
{
	bool stripped = false;

	if (!n || depth > 32)
		return;
	if (n->kind == Y_MAP) {
		for (struct ynode **pp = &n->first; *pp;) {
			struct ynode *m = *pp;

			if (!strcmp(m->key, "$ref") && m->kind == Y_STR && !is_core_ref(m->s)) {
				*pp = m->next;
				stripped = true;
				continue;
			}
			if (!strcmp(m->key, "allOf") && m->kind == Y_SEQ) {
				for (struct ynode **ap = &m->first; *ap;) {
					struct ynode *r = yget(*ap, "$ref");

					if (r && r->kind == Y_STR && !is_core_ref(r->s) && !r->next &&
					    (*ap)->first == r) {
						*ap = (*ap)->next;
						stripped = true;
						continue;
					}
					ap = &(*ap)->next;
				}
				m->last = NULL;
				for (struct ynode *x = m->first; x; x = x->next)
					m->last = x;
				if (!m->first) {
					*pp = m->next;
					continue;
				}
			}
			pp = &m->next;
		}
		n->last = NULL;
		for (struct ynode *x = n->first; x; x = x->next)
			n->last = x;
		if (stripped) {
			struct ynode *u = yget(n, "unevaluatedProperties");

			if (u && u->kind == Y_RAW)
				u->s = "true";
			if (yget(n, "properties") && !yget(n, "type") && !yget(n, "$ref") && depth)
				yset(n, "type", yraw(cv, "object", n->src));
		}
	}
	for (struct ynode *m = n->first; m; m = m->next)
		if (m->kind == Y_MAP || m->kind == Y_SEQ)
			strip_refs(cv, m, depth + 1);
}

/* Known values of the macros whose headers we name (for stub headers). */
static const char *macro_value(const char *name)
{
	static const struct { const char *n, *v; } known[] = {
		{ "GIC_SPI", "0" }, { "GIC_PPI", "1" }, { "IRQ_TYPE_NONE", "0" },
		{ "IRQ_TYPE_EDGE_RISING", "1" }, { "IRQ_TYPE_EDGE_FALLING", "2" },
		{ "IRQ_TYPE_EDGE_BOTH", "3" }, { "IRQ_TYPE_LEVEL_HIGH", "4" },
		{ "IRQ_TYPE_LEVEL_LOW", "8" }, { "GPIO_ACTIVE_HIGH", "0" },
		{ "GPIO_ACTIVE_LOW", "1" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(known); i++)
		if (!strcmp(known[i].n, name))
			return known[i].v;
	return "0";
}

static void include_dirs(struct dtbind_doc2yaml *c, const char **dirs, size_t *n, size_t max,
			 char **owned)
{
	*n = 0;
	for (size_t i = 0; i < c->opts.n_include_dirs && *n < max; i++)
		dirs[(*n)++] = c->opts.include_dirs[i];
	if (c->inc_root && *n + 2 < max) {
		if (asprintf(&owned[0], "%s/../../../include", c->inc_root) >= 0)
			dirs[(*n)++] = owned[0];
		if (asprintf(&owned[1], "%s/../../../scripts/dtc/include-prefixes", c->inc_root) >= 0)
			dirs[(*n)++] = owned[1];
	}
}

/* Stub headers for the macros whose header no include directory has. */
static void write_stubs(struct conv *cv)
{
	struct dtbind_doc2yaml *c = cv->c;
	const char *dirs[16];
	char *owned[2] = { NULL, NULL };
	size_t nd;

	include_dirs(c, dirs, &nd, ARRAY_SIZE(dirs) - 1, owned);
	for (size_t i = 0; i < cv->macro_uses.n; i++) {
		const char *h = cv->macro_uses.v[i], *name = h + strlen(h) + 1;
		bool found = false;
		size_t hl = strlen(h), nl = strlen(name);

		if (hmap_get_str(&c->stubs, h, hl + nl + 1))
			continue;
		for (size_t d = 0; d < nd && !found; d++) {
			char *p;

			if (asprintf(&p, "%s/%s", dirs[d], h) >= 0) {
				found = file_exists(p);
				free(p);
			}
		}
		if (found)
			continue;
		char *key = arena_strndup(&c->macro_arena, h, hl + nl + 1), *path;

		if (!key)
			break;
		hmap_put_str(&c->stubs, key, hl + nl + 1, (void *)1);
		if (asprintf(&path, "%s/inc/%s", c->tmp, h) < 0)
			break;
		mkdir_parents(path, 0700);
		FILE *f = fopen(path, "a");

		if (f) {
			size_t ln = strlen(name);

			if (ln && name[ln - 1] == '(')
				fprintf(f, "#define %.*s(...) 0\n", (int)ln - 1, name);
			else
				fprintf(f, "#define %s %s\n", name, macro_value(name));
			fclose(f);
		}
		free(path);
	}
	free(owned[0]);
	free(owned[1]);
}

/*
 * Exampletest findings of one result: those another result's schema raised
 * (all results share the check root) are not this file's; the "from this
 * schema" notes say whose they are.
 */
static void relay_examples(struct dtbind_doc2yaml *c, const struct check_item *ci, char *out)
{
	char own[64];
	const char *slash = strstr(ci->path, "/dtbind-selfcheck/");
	struct strbuf keep;

	if (!out)
		return;
	snprintf(own, sizeof(own), "%.*s", slash ? (int)(strcspn(slash + 18, "/") + 18) : 0,
		 slash ? slash : "");
	sb_init(&keep);
	for (char *p = out; p && *p;) {
		/* One block: a finding and its notes. */
		char *end = p;

		do {
			end = strchr(end, '\n');
			if (end)
				end++;
		} while (end && *end && (strstr(end, ": note: ") &&
					 strstr(end, ": note: ") < strchr(end, '\n')));
		size_t n = end ? (size_t)(end - p) : strlen(p);
		bool other = false;

		for (char *q = p; q < p + n;) {
			char *eol = memchr(q, '\n', (size_t)(p + n - q));
			size_t ln = eol ? (size_t)(eol - q) : (size_t)(p + n - q);
			char *sc = strstr(q, "/dtbind-selfcheck/");

			if (sc && sc < q + ln && memmem(q, ln, "from this schema", 16) && own[0] &&
			    strncmp(sc, own, strlen(own)))
				other = true;
			q = eol ? eol + 1 : p + n;
		}
		if (!other)
			for (char *q = p; q < p + n;) {
				char *eol = memchr(q, '\n', (size_t)(p + n - q));
				size_t ln = eol ? (size_t)(eol - q) + 1 : (size_t)(p + n - q);

				if (!memmem(q, ln, "from this schema", 16))
					sb_putn(&keep, q, ln);
				q += ln;
			}
		p = end;
	}
	if (keep.len)
		relay(c, ci->txt, ci->path, ci->map, ci->nmap, "doc2yaml-exampletest", keep.buf);
	sb_free(&keep);
}

static void run_example_checks(struct dtbind_doc2yaml *c)
{
	const char *dirs[16];
	char *owned[2] = { NULL, NULL }, *root = NULL, *inc = NULL;
	size_t nd;
	struct dt_checker *chk = NULL;

	if (!c->pending)
		return;
	include_dirs(c, dirs, &nd, ARRAY_SIZE(dirs) - 2, owned);
	if (asprintf(&inc, "%s/inc", c->tmp) >= 0)
		dirs[nd++] = inc;
	struct dt_checker_opts o = { .include_dirs = dirs, .n_include_dirs = nd, .show_schema = true,
				     .gen = dtbind_gen_choose(c->opts.bindings_root, c->opts.gen) };

	if (asprintf(&root, "%s/root", c->tmp) >= 0) {
		o.bindings_root = root;
		if (dt_checker_new(c->cdiag, &o, &chk))
			chk = NULL;
	}
	free(take_output(c));	/* schema load warnings are not ours to report */
	for (struct check_item *ci = c->pending, *next; ci; ci = next) {
		unsigned findings = 0;

		next = ci->next;
		if (chk) {
			dt_checker_examples(chk, ci->path, &findings);
			char *out = take_output(c);

			relay_examples(c, ci, out);
			free(out);
		}
		free(ci->txt);
		free(ci->path);
		free(ci->map);
		free(ci);
	}
	c->pending = NULL;
	c->ptail = &c->pending;
	dt_checker_free(chk);
	free(root);
	free(inc);
	free(owned[0]);
	free(owned[1]);
}

/*
 * The copy that is checked has an $id of its own (a result named like a
 * common schema, graph.txt say, must not stand in for it) and absolute $refs.
 */
static void check_identity(struct conv *cv, struct ynode *n, const char *idpath, unsigned depth)
{
	if (!n || depth > 32)
		return;
	for (struct ynode *m = n->first; m; m = m->next) {
		if (n->kind == Y_MAP && !strcmp(m->key, "$ref") && m->kind == Y_STR &&
		    m->s[0] != '/' && m->s[0] != '#' && !strstr(m->s, "://")) {
			const char *slash = strrchr(idpath, '/');

			m->s = cv_printf(cv, "/schemas/%.*s%s", slash ? (int)(slash - idpath + 1) : 0,
					 idpath, m->s);
		}
		if (m->kind == Y_MAP || m->kind == Y_SEQ)
			check_identity(cv, m, idpath, depth + 1);
	}
}

static void self_check(struct conv *cv, struct ynode *schema, const char *rel,
		       const struct emitter *out_em)
{
	struct dtbind_doc2yaml *c = cv->c;
	char *lint_path = NULL, *ex_path = NULL, *out;
	struct emitter cem = { .src = 1 };
	const struct emitter *em = &cem;

	if (check_setup(c))
		return;
	if (!c->inc_root && cv->root)
		c->inc_root = strdup(cv->root);
	unsigned seq = c->seq++;
	const char *crel = cv_printf(cv, "dtbind-selfcheck/%u/%s", seq, rel);

	if (!crel)
		return;
	if (cv->root)
		link_refs(c, cv->root, out_em->sb.buf, rel, 0);
	check_identity(cv, schema, rel, 0);
	yset(schema, "$id", ystr(cv, cv_printf(cv, DT_SCHEMAS "%s#", crel), 1));
	if (emit_schema(cv, schema, &cem) || cem.nmap != out_em->nmap)
		goto done;

	/* Lint the result (its copy: only $id and the $ref spelling differ). */
	if (asprintf(&lint_path, "%s/lint-%u.yaml", c->tmp, seq) < 0)
		goto done;
	if (!dtbind_doc2yaml_write_atomic(lint_path, em->sb.buf, em->sb.len, true)) {
		dtbind_diag_set_rule(c->cdiag, "ref-resolves", cv->root ? DTBIND_ERROR : -1);
		dtbind_lint_file(c->linter, lint_path);
		out = take_output(c);
		relay(c, cv->file, lint_path, out_em->map, out_em->nmap, "doc2yaml-lint", out);
		free(out);
		unlink(lint_path);
	}
	free(lint_path);
	rel = crel;
	if (!yget(schema, "examples"))
		goto done;
	/* The examples, against the schema in a bindings root of its own. */
	struct emitter vem = { .src = 1 };
	const struct emitter *use = em;

	if (!cv->root) {
		strip_refs(cv, schema, 0);
		if (emit_schema(cv, schema, &vem)) {
			sb_free(&vem.sb);
			free(vem.map);
			goto done;
		}
		use = &vem;
	}
	if (asprintf(&ex_path, "%s/root/%s", c->tmp, rel) >= 0) {
		if (file_exists(ex_path)) {
			/* Another result has this $id: check this one under a name of its own. */
			free(ex_path);
			ex_path = NULL;
			if (asprintf(&ex_path, "%s/root/dtbind-%u/%s", c->tmp, seq, rel) < 0)
				ex_path = NULL;
		}
	}
	if (ex_path && !mkdir_parents(ex_path, 0700) &&
	    !dtbind_doc2yaml_write_atomic(ex_path, use->sb.buf, use->sb.len, true)) {
		struct check_item *ci = calloc(1, sizeof(*ci));

		write_stubs(cv);
		if (ci) {
			ci->txt = strdup(cv->file);
			ci->path = ex_path;
			ex_path = NULL;
			ci->map = malloc((use->nmap + 1) * sizeof(*ci->map));
			ci->nmap = use->nmap;
			if (ci->map && use->nmap)
				memcpy(ci->map, use->map, use->nmap * sizeof(*ci->map));
			if (!c->ptail)
				c->ptail = &c->pending;
			*c->ptail = ci;
			c->ptail = &ci->next;
		}
		if (!c->defer)
			run_example_checks(c);
	}
	free(ex_path);
	if (use == &vem) {
		sb_free(&vem.sb);
		free(vem.map);
	}
done:
	sb_free(&cem.sb);
	free(cem.map);
}

void dtbind_doc2yaml_flush(struct dtbind_doc2yaml *c)
{
	if (c && c->tmp)
		run_example_checks(c);
}

void dtbind_doc2yaml_set_defer(struct dtbind_doc2yaml *c, bool defer)
{
	c->defer = defer;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */

int dtbind_doc2yaml_new(struct dtbind_diag *diag, const struct dtbind_doc2yaml_opts *opts,
			struct dtbind_doc2yaml **out)
{
	struct dtbind_doc2yaml *c = calloc(1, sizeof(*c));

	*out = NULL;
	if (!c)
		return -DTBIND_ENOMEM;
	c->diag = diag;
	if (opts)
		c->opts = *opts;
	hmap_init(&c->macros);
	hmap_init(&c->headers);
	hmap_init(&c->stubs);
	arena_init(&c->macro_arena, 256 * 1024);
	c->ptail = &c->pending;
	*out = c;
	return 0;
}

void dtbind_doc2yaml_free(struct dtbind_doc2yaml *c)
{
	if (!c)
		return;
	run_example_checks(c);
	dtbind_linter_free(c->linter);
	dtbind_diag_free(c->cdiag);
	if (c->cout)
		fclose(c->cout);
	free(c->cbuf);
	if (c->tmp)
		rm_tree(c->tmp);
	free(c->tmp);
	free(c->check_root);
	free(c->inc_root);
	free(c->maint_path);
	free(c->maint_text);
	hmap_free(&c->macros);
	hmap_free(&c->headers);
	hmap_free(&c->stubs);
	arena_release(&c->macro_arena);
	free(c);
}

int dtbind_doc2yaml_convert(struct dtbind_doc2yaml *c, const char *txt_path, const char *text,
			    size_t len, const char *out_path, char **yaml, size_t *yaml_len)
{
	struct conv cv = { .c = c, .file = txt_path };
	char *root = NULL;
	int ret;

	*yaml = NULL;
	*yaml_len = 0;
	arena_init(&cv.a, 64 * 1024);
	sb_init(&cv.desc);
	if (c->opts.bindings_root)
		root = realpath(c->opts.bindings_root, NULL);
	if (!root && out_path)
		root = find_root_above(out_path);
	if (!root && txt_path)
		root = find_root_above(txt_path);
	cv.root = root;
	if (root && txt_path) {
		char *a = abs_path(txt_path);
		size_t rl = strlen(root);

		if (a && !strncmp(a, root, rl) && a[rl] == '/')
			cv.txt_rel = cv_strdup(&cv, a + rl + 1);
		free(a);
	}
	ret = convert(&cv, text, len, out_path, yaml, yaml_len);
	if (ret) {
		free(*yaml);
		*yaml = NULL;
		*yaml_len = 0;
	}
	sb_free(&cv.desc);
	arena_release(&cv.a);
	free(root);
	return ret;
}

int dtbind_doc2yaml_write_atomic(const char *path, const char *buf, size_t len, bool force)
{
	char *tmp = NULL;
	const char *slash = strrchr(path, '/');
	struct stat st;
	int fd, err;
	mode_t mask;

	if (!force && lstat(path, &st) == 0) {
		errno = EEXIST;
		return -DTBIND_EIO;
	}
	if (asprintf(&tmp, "%.*s.%s.XXXXXX", slash ? (int)(slash - path + 1) : 0, path,
		     slash ? slash + 1 : path) < 0)
		return -DTBIND_ENOMEM;
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = errno;
		free(tmp);
		errno = err;
		return -DTBIND_EIO;
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		goto fail;
	for (size_t off = 0; off < len;) {
		ssize_t w = write(fd, buf + off, len - off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		off += (size_t)w;
	}
	if (close(fd)) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (!force) {
		/* link() fails if the file appeared meanwhile: never overwrite. */
		if (link(tmp, path) == 0) {
			unlink(tmp);
			free(tmp);
			return 0;
		}
		if (errno == EEXIST)
			goto fail;
	}
	if (rename(tmp, path))
		goto fail;
	free(tmp);
	return 0;
fail:
	err = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	errno = err;
	return -DTBIND_EIO;
}

int dtbind_doc2yaml_file(struct dtbind_doc2yaml *c, const char *in, const char *out, FILE *stream,
			 bool force)
{
	char *buf, *yaml;
	size_t len, ylen;
	int ret = read_file(in, 4u << 20, &buf, &len);
	struct dtbind_loc at = { .file = in };

	if (ret) {
		if (ret == -DTBIND_ELIMIT)
			dtbind_diag_report(c->diag, DTBIND_ERROR, at, "doc2yaml-input",
					   "file is larger than 4 MiB");
		else
			dtbind_diag_report(c->diag, DTBIND_ERROR, at, "doc2yaml-input",
					   "cannot read: %s", strerror(errno));
		return ret;
	}
	if (out && !force) {
		struct stat st;

		if (lstat(out, &st) == 0) {
			dtbind_diag_report(c->diag, DTBIND_ERROR, (struct dtbind_loc){ .file = out },
					   "doc2yaml-output", "exists; use --force to replace it");
			free(buf);
			return -DTBIND_EIO;
		}
	}
	ret = dtbind_doc2yaml_convert(c, in, buf, len, out, &yaml, &ylen);
	free(buf);
	if (ret)
		return ret;
	if (out) {
		ret = dtbind_doc2yaml_write_atomic(out, yaml, ylen, force);
		if (ret)
			dtbind_diag_report(c->diag, DTBIND_ERROR, (struct dtbind_loc){ .file = out },
					   "doc2yaml-output", "cannot write: %s", strerror(errno));
	} else if (fwrite(yaml, 1, ylen, stream) != ylen || fflush(stream)) {
		ret = -DTBIND_EIO;
	}
	free(yaml);
	return ret;
}
