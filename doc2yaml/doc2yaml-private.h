/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * doc2yaml-private.h - what the modules of doc2yaml share: the converter,
 * one conversion, the parsed .txt and examples, the YAML tree; not part of
 * doc2yaml.h's API.
 *
 * The modules, in the order a conversion runs them (doc2yaml.c drives it):
 * text.c cuts the .txt into sections and items, compat.c finds the
 * compatibles, parse.c reads the example code, example.c, macros.c and
 * print.c clean and print it; props.c, children.c and device.c build the
 * schema (values.c reads what the text says of values), complete.c
 * completes the examples from it, header.c writes $id and maintainers,
 * description.c the description, yaml.c emits it and selfcheck.c lints the
 * result.
 */
#ifndef DTBIND_DOC2YAML_PRIVATE_H
#define DTBIND_DOC2YAML_PRIVATE_H

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

#include "cleanup.h"
#include "exampletest/exampletest.h"
#include "lint/lint.h"
#include "doc2yaml.h"
#include "fixup.h"
#include "internal.h"

#define DT_SCHEMAS "http://devicetree.org/schemas/"
#define MAX_NAME 64		/* DT property name length the meta-schema allows */
#define MAX_NESTING 64		/* DTS nodes nested deeper are flattened */
#define YAML_WIDTH 100		/* wrap descriptions to this column (yamllint allows 110) */

/* Common schemas a binding may $ref (present in recent kernels), by path under /schemas/. */
enum common_schema {
	CS_SPI_PERIPHERAL, CS_DAI_COMMON, CS_SPI_CONTROLLER, CS_I2C_CONTROLLER, CS_PWM,
	CS_MMC, CS_SERIAL, CS_DMA_CONTROLLER, CS_TOUCHSCREEN, CS_ETHERNET, CS_NVMEM, CS_RTC,
	CS_WATCHDOG, CS_THERMAL_SENSOR, CS_REGULATOR, CS_MDIO, CS_VIDEO_INTERFACES, CS_PINCTRL,
	CS_LEDS, CS_INPUT, CS_ADC, CS_GRAPH, CS_DSA_PORTS, CS_DSI_CONTROLLER, CS_QCOM_TLMM, CS_SDHCI, CS_USB_HCD,
	CS_MSI_CONTROLLER, CS_PCI_HOST, CS_SOUND_CARD, CS_SLIMBUS, CS_NVMEM_DEPRECATED, CS_USB_XHCI,
	CS_COUNT
};

struct vec {
	void **v;
	size_t n, cap;
};

struct conv;

/*
 * MAINTAINERS indexed once per tree: its entries, and their F:/X: patterns
 * sorted by the literal text before the first wildcard, so that a path is
 * tried only against the patterns it starts with.
 */
struct maint_pat {
	const char *p;
	size_t n, fixed;	/* length; length before the first '*' or '?' */
	size_t entry;
	bool exclude;		/* X: */
};

struct maint_index {
	const char **ents;	/* entry i is [ents[2i], ents[2i+1]) */
	size_t nents;
	struct maint_pat *pats;
	size_t npats;
	size_t *score, *touched;	/* per entry, per lookup; score SIZE_MAX: excluded */
};

/* What the board sources say, by compatible, label and path (boards.c). */
struct board_index {
	char *dir;		/* the directory read; NULL: none */
	struct hmap lists;	/* compatible -> struct board_ref *, lists that have it */
	struct hmap seen;	/* "a\nb\n" -> struct board_list *: each list once */
	struct hmap nodes;	/* compatible -> struct board_noderef *, nodes that have it */
	struct hmap overrides;	/* label -> struct board_props *, of its &label { } blocks */
	struct hmap labelled;	/* label -> struct board_props *, of the nodes it labels */
	struct hmap paths;	/* "/soc/x@1" -> struct board_props *, of nodes at that path */
	struct hmap values;	/* vendor property -> its first value seen ("" for a flag) */
	struct board_file *files;	/* by the file's number */
	size_t nfiles, capfiles;
	struct arena arena;
};

/* ---- the converter and one conversion ------------------------------- */

struct dtbind_doc2yaml {
	struct dtbind_diag *diag;
	struct dtbind_doc2yaml_opts opts;
	/*
	 * The conversion is for dt-schema 2026.06, by --dtschema or the tree's
	 * DT_SCHEMA_MIN_VERSION: names like "ti,#tlb-entries" and
	 * "interrupt-parent: true" beside no interrupts are allowed.  By
	 * default a conversion passes both generations' lint, and 2022.08's
	 * meta-schemas forbid both.
	 */
	bool gen_2026;
	bool gen_settled;
	/* MAINTAINERS, loaded once per tree. */
	char *maint_path;
	char *maint_text;
	struct maint_index maint;
	/* Macro name -> header, from the include directories (loaded on first use). */
	bool macros_loaded;
	struct hmap macros;
	struct hmap headers;	/* every dt-bindings header found (relative path) */
	struct arena macro_arena;
	/* Compatible -> the tree's schema that lists it (elsewhere.c), for compat_root. */
	char *compat_root;
	struct hmap compat_docs;
	/* Property name -> the type the tree's schemas give it at their top level ("uint32"). */
	struct hmap prop_types;
	/* The board sources (boards.c), read once per directory. */
	struct board_index boards;
	bool no_boards_said;	/* the note that there are none, once a run */
	/*
	 * The bindings root found above the last output's directory ([0]) and
	 * the last input's ([1]): a batch alternates between the two.
	 */
	struct root_memo {
		char *dir, *root;
	} root_memo[2];
	/*
	 * Self-check: a bindings root in memory (an overlay) holding the
	 * results (and links to the schemas they reference), one linter
	 * reporting to a collect sink, stub headers for macros whose header is
	 * not at hand, and the example checks still to run.
	 */
	char *top;			/* the overlay's top */
	struct fs_overlay *ov;
	unsigned seq;
	struct dtbind_diag *cdiag;
	struct dtbind_linter *linter;
	char *inc_root;			/* the tree whose include/ the examples use */
	char *check_root;		/* <top>/root */
	struct hmap stubs;		/* "header\0macro" already stubbed */
	struct check_item *pending, **ptail;
	bool defer;
	/* Parts of the last text for other devices, to convert on their own (doc2yaml.c). */
	bool split_parts;		/* record them: the output is a file */
	const char *part_of;		/* converting a part: the whole text's title */
	struct text_part {
		unsigned first, last;	/* 1-based lines, the part's heading first */
		char name[96];		/* its output's file name, from its first compatible */
		char compats[256];	/* its compatibles, each followed by '\n' */
		char title[128];	/* the whole text's title */
	} parts[8];
	size_t nparts;
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

/* A .txt line of the description: its offset in conv.desc. */
struct desc_at {
	size_t off;
	unsigned line;
};

/* Lines @first..@last of the text. */
struct line_range {
	unsigned first, last;
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
	const char *qual;	/* its heading names some compatibles: "for rk3399" */
	enum req qual_req;	/* what that heading says */
	const char *lead;	/* its heading's words before "properties": "TDM dai-link" */
	unsigned head_line;	/* that heading's line */
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
	struct vec desc_at;		/* struct desc_at *: where in desc each .txt line starts */
	struct vec other_parts;		/* struct line_range *: parts converted on their own */

	struct vec props;		/* struct prop * */
	int nscopes;
	unsigned block;		/* parts of the text so far: headings other than property lists */
	bool root_binding;		/* properties of the root node (board compatibles) */

	/* Models of the text's quoted compatibles ("ltc2974" of "lltc,ltc2974"), sorted; read once. */
	const char **models;
	size_t nmodels;
	bool models_read;

	struct vec chains;		/* struct chain *, the device's compatibles */
	struct vec sub_compat;		/* const char *, compatibles of other nodes, NULL after each item's */
	struct vec sibling_compat;	/* const char *, of devices documented beside this one (compat.c) */
	struct vec part_children;	/* const char *, of those nested in ours (others.c) */
	struct vec alternatives;	/* struct alternative *: "only one of a or b" (device.c) */
	unsigned compat_line;

	struct vec examples;		/* struct example * */
	struct vec devnodes;		/* struct ditem *, the device's nodes in the examples */
	const char *macro_includes[32];
	size_t n_includes;
	struct vec macro_uses;		/* "header\0macro" of every macro with a header */

	const char *txt_rel;		/* the input's path under the bindings tree, if known */
	const char *root;		/* bindings root, if known */
	char *abs_in, *abs_out;		/* input and output resolved once (NULL: none on disk) */
	unsigned calls_evaluated;	/* interrupts cells computed by the preprocessor (macros.c) */
	const char *dir_hint;		/* directory of the output under the root ("sound") */
	const char *id_rel;		/* the output's path under the root ("input/touchscreen/x.yaml") */
	bool dir_is_top;		/* the output sits directly in that directory */
	bool is_i2c, is_spi;
	bool refs[CS_COUNT];		/* common schemas the result references */
	const char *xrefs[8];		/* others the text names (refs.c), under bindings/ */
	size_t nxrefs;

	/* The schema, in a small YAML tree. */
	struct ynode *schema;
};


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

struct qstr {
	const char *s;
	size_t at, end;		/* offsets in the text */
};

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

typedef const char *(*value_rewriter)(struct conv *cv, const char *v, void *ctx, unsigned line);

struct macro_ctx {
	struct hmap unknown;	/* name -> replacement */
	unsigned next;
	unsigned first_line;
	struct strbuf names;
};

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


/* ---- a small YAML tree for the schema -------------------------------- */

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

/* ---- schema: properties --------------------------------------------- */

/* A property of the device as the schema will describe it. */
struct pinfo {
	const char *name;
	struct prop *pr;	/* NULL: only in the examples */
	const char *desc;
	const char *values[32];	/* the device nodes' raw values (NULL: boolean) */
	const struct ditem *nodes[32];
	size_t nvalues;
	unsigned line;
	bool from_boards;	/* not in the text or examples: the board sources use it */
};


struct propctx {
	bool refs[CS_COUNT];	/* common schemas referenced */
	struct pinfo *all;	/* every property of the node (for *-names pairs) */
	size_t nall;
};

struct selfcheck_line {
	unsigned line;
	enum dtbind_severity sev;
	const char *msg;
};

/* util.c: small string helpers, the conversion's allocator and its findings */
bool is_name_char(int c);
bool is_label_char(int c);
bool starts_with(const char *s, const char *prefix);
bool starts_with_ci(const char *s, const char *prefix);
const char *skip_blanks(const char *s);
const char *find_ci(const char *hay, const char *needle);
const char *find_word(const char *s, const char *word);
bool word_before(const char *start, const char *e, const char *const *words, size_t n);
int cmp_strp(const void *a, const void *b);
bool is_std_prop(const char *name);
const char *std_prop_one_off(const char *name);
bool str_in(const char *s, const char *const *list, size_t n);
bool span_in_ci(const char *w, size_t len, const char *const *list, size_t n);
const char *paren_token(const char *p, size_t *len);
bool only_chars(const char *s, int (*is_class)(int), const char *extra);
bool valid_prop_name(const char *s);
bool prop_name_ok(const struct conv *cv, const char *s);
bool valid_compatible(const char *s);
bool is_vendor_prop(const char *name);
unsigned vcol(const char *line, const char *p);
void *cv_alloc(struct conv *cv, size_t n);
char *cv_strndup(struct conv *cv, const char *s, size_t n);
char *cv_strdup(struct conv *cv, const char *s);
char *cv_printf(struct conv *cv, const char *fmt, ...) DTBIND_PRINTF(2, 3);
void vec_push(struct conv *cv, struct vec *v, void *p);
void finding(struct conv *cv, enum dtbind_severity sev, unsigned line, unsigned col,
		    const char *rule, const char *fmt, ...) DTBIND_PRINTF(6, 7);
const char *reflow(struct conv *cv, const char *text, unsigned width);
bool prose_line(const char *s, size_t n);
const char *epapr_label(const char *t, const char *label);
#define DESC_WIDTH 80		/* prose paragraphs are wrapped to this column, as in kernel schemas */

/* text.c: the .txt as lines: title, headings, sections and property items */
void split_lines(struct conv *cv, const char *text, size_t len);
bool is_rule_line(const struct line *l);
void trim(char *s);
char *clean_title(struct conv *cv, const char *t);
char *title_from_path(struct conv *cv, const char *path);
const struct line *next_line(const struct conv *cv, size_t i);
size_t line_index(const struct conv *cv, unsigned no);
/* heading.c: headings and what they say of their items */
bool mentions_props(const char *s);
bool classify_heading(const struct conv *cv, size_t i, bool in_example, struct heading *h);
bool bullet_at(const char *t, const char **after);
void parse_structure(struct conv *cv, size_t first);

/* parse.c: example code blocks and the tolerant DTS parser that reads them; value shapes */
void append_item(struct ditem **head, struct ditem *it);
bool dts_like(const char *t);
void collect_examples(struct conv *cv);
size_t value_strings(struct conv *cv, const char *v, const char **out, size_t max);
void value_shape(const char *v, struct vshape *sh);
size_t value_ints(const char *v, unsigned long long *out, size_t max);
struct ditem *node_prop(const struct ditem *node, const char *name);
struct ditem *node_child(const struct ditem *node, const char *name);
bool devnodes_use(const struct conv *cv, const char *name);
bool prop_below(const struct ditem *n, const char *name, bool prefix);
unsigned cells_prop(const struct ditem *node, const char *name, unsigned dflt);
void parent_cells(const struct ditem *node, unsigned *ac, unsigned *sc);

/* text.c: an item's text */
const char *prop_text(struct conv *cv, const struct prop *pr, bool clean);
const char *item_names(struct conv *cv, const char *s, bool bullet, const char **names,
		       size_t *nnames, bool *pattern);
bool code_sets(const struct conv *cv, const char *name);
void epapr_fields(struct conv *cv, struct prop *pr);

/* compat.c: compatible strings from the items, tables and examples */
bool our_compatible(const struct conv *cv, const char *s);
bool chain_has(const struct chain *ch, const char *s);
const char *compat_last_word(const char *s);
/* others.c: the compatibles of children and of devices documented beside */
void drop_other_devices(struct conv *cv, const struct vec *ex_lists);
const char *compat_device(const char *s);
struct ynode *own_compatibles_select(struct conv *cv);
bool generic_compatible(const char *s);
bool generic_fallback(const char *first, const char *last);
void add_chain(struct conv *cv, const char **s, size_t n, unsigned line, bool deprecated);
size_t find_compat_strings(struct conv *cv, const char *text, struct qstr *out, size_t max);
void compat_table(struct conv *cv);
void extract_compatibles(struct conv *cv);

/* example.c: example clean-up: device nodes, top level, unit addresses, bus wrappers, labels */
void find_devnodes(struct conv *cv, struct ditem *it, unsigned depth);
struct ditem *mk_item(struct conv *cv, enum ditem_kind kind, const char *name,
			     struct ditem *parent);
struct ditem *mk_prop(struct conv *cv, const char *name, const char *value,
			     struct ditem *parent);
struct ditem *mk_node(struct conv *cv, const char *name, struct ditem *parent);
void add_cells(struct conv *cv, struct ditem *node, unsigned ac, unsigned sc);
void fix_top(struct conv *cv, struct example *ex);
void merge_dups(struct conv *cv, struct ditem *list, unsigned depth);
void fix_unit_addresses(struct conv *cv, struct ditem *list, unsigned depth);
void wrap_in_bus(struct conv *cv, struct example *ex);
const char *rewrite_value(struct conv *cv, const char *v, rewrite_step step, void *ctx,
				 unsigned line);
void rewrite_values(struct conv *cv, struct ditem *it, value_rewriter fn, void *ctx,
			   unsigned depth);
void fix_labels(struct conv *cv);

/* macros.c: example macros and the dt-bindings headers that define them (#include) */
void add_include(struct conv *cv, const char *h);
const char *fix_macros(struct conv *cv, const char *v, void *ctx, unsigned line);
const char *valid_label(struct conv *cv, const char *s, size_t n);
bool core_schema_path(enum dtbind_gen gen, const char *rel);
bool macro_name_only(const char *v);
bool header_known(struct conv *cv, const char *h);

/* print.c: the DTS printer for the cleaned examples */
void put_indent(struct strbuf *sb, unsigned n);
void em_nl(struct emitter *em);
void process_examples(struct conv *cv);
void print_examples(struct conv *cv);

/* yaml.c: a small YAML tree for the schema and its emitter */
struct ynode *yn(struct conv *cv, enum ykind k, const char *s, unsigned src);
struct ynode *ymap(struct conv *cv, unsigned src);
struct ynode *yseq(struct conv *cv, unsigned src);
struct ynode *ystr(struct conv *cv, const char *s, unsigned src);
struct ynode *yraw(struct conv *cv, const char *s, unsigned src);
struct ynode *yint(struct conv *cv, long long v, unsigned src);
struct ynode *yget(const struct ynode *map, const char *key);
struct ynode *yset(struct ynode *map, const char *key, struct ynode *v);
void ypush(struct ynode *seq, struct ynode *v);
void ymove_end(struct ynode *map, const char *key);
void yremove(struct ynode *n, const char *key, const char *s);
bool yempty(const struct ynode *n);
bool plain_ok(const char *s);
void em_node(struct emitter *em, const struct ynode *n, unsigned ind, unsigned depth);

/* props.c: property schemas: types, enums, defaults and counts from text and examples */
bool skip_prop(const char *name);
bool phandle_list_prop(const char *name);
bool names_prop(const char *name);
unsigned node_int_cells(struct conv *cv, const struct ditem *node);
bool valid_names_entry(const char *s);
/* values.c: what a property's text says of its values */
enum ptype type_from_text(const char *d, bool *weak);
size_t desc_enum_strings(struct conv *cv, const char *d, const char **out, size_t max);
size_t desc_paren_names(struct conv *cv, const char *d, const char **out, size_t max);
size_t desc_bullet_names(struct conv *cv, const struct prop *pr, const char **out, size_t max);
bool desc_default(const char *d, long long *v);
bool desc_cells_value(const char *d, long long *v);
size_t desc_int_enum(const char *d, long long *out, size_t max, long long *lo, long long *hi,
		     bool *range);
size_t desc_value_legend(const char *d, long long *out, size_t max);
size_t desc_sublist(struct conv *cv, const struct prop *pr, const char **out, size_t max,
		    bool *numbered);
size_t names_legend(struct conv *cv, const struct pinfo *names, const char *const *l, size_t n,
		    const char **out);
unsigned desc_reg_count(const char *d);
unsigned count_word(const char *w, size_t wl);	/* conditions.c: "two" .. "eight", 2 .. 64 */
const char *clean_desc(struct conv *cv, struct prop *pr);
struct ynode *ydesc(struct conv *cv, const char *d, unsigned src, unsigned ind);
void pinfo_add_values(const struct conv *cv, struct pinfo *pis, size_t *np, size_t cap,
		      const struct ditem *node,
			     bool with_compatible, unsigned line);
struct ynode *prop_schema(struct conv *cv, struct propctx *pc, struct pinfo *pi,
				 unsigned ind);

/* children.c: child node schemas: grouping, name patterns, ports */
void add_children(struct conv *cv, struct ynode *schema, struct ynode *props,
			 const struct ditem *const *inst, size_t n, int scope, unsigned src,
			 unsigned depth, struct ynode *req);

/* device.c: the device node's schema: compatible, common schema $refs, required */
bool root_has(const struct conv *cv, const char *rel);
bool devnode_child(const struct conv *cv, const char *name);
bool refs_define(const struct conv *cv, const char *name);
void add_dependencies(struct conv *cv, struct ynode *props);
void dedupe_required(struct ynode *req);
bool cpu_binding(const struct conv *cv);
void build_device(struct conv *cv, struct ynode *schema);

/* conditions.c: per-compatible conditions (allOf: if compatible contains ... then ...) */
bool qualifier_names_compatible(const struct conv *cv, const char *q);
void add_conditions(struct conv *cv, struct ynode *schema);

/* refs.c: common bindings the text refers to ("see ../mmc/mmc.txt") */
void text_refs(struct conv *cv);
extern const char *const common_schemas[CS_COUNT];	/* by CS_*, under bindings/ */
bool any_prop_named(struct pinfo *pis, size_t n, const char *name);
bool brought_by_family(const struct conv *cv, size_t kind);
enum ref_use { REF_USE_NONE, REF_USE_LEFT, REF_USE_LISTED };
enum ref_use ref_prop_use(const struct conv *cv, const bool *refs, const char *name);
bool ref_schemas_define(const struct conv *cv, const bool *refs, const char *name);
void choose_refs(struct conv *cv, struct pinfo *pis, size_t n, bool *refs);
const char *xref_node_name(const struct conv *cv, const char *name);
const char *child_named_schema(struct conv *cv, const char *desc);
bool generic_binding_txt(const char *s, size_t n);

/* boards.c: the compatible lists of the tree's board sources */
struct board_list {
	const char **s;
	size_t n;
	const char *file;	/* where it was seen first, under the boards directory */
	unsigned line;
};

struct board_ref {
	struct board_ref *next;
	const struct board_list *l;
};

/* A source file: what it includes, and which .dts builds read it. */
struct board_file {
	const char *rel;	/* below the boards directory: "arm/boot/dts/x.dtsi" */
	const char *incs;	/* "name\n" each, as its #include and /include/ write them */
	unsigned *roots;	/* the .dts files whose build reads it, ascending */
	size_t nroots;
};

/* A node of a board source with a compatible: its own properties ("name\n" each). */
struct board_node {
	unsigned fid;		/* the file it is in */
	const struct board_list *l;
	const char *props;
	const char *labels;	/* "label\n" each */
	const char *ref;	/* set in a &ref { } block: the node it labels has the rest */
	const char *path;	/* "/soc/x@1", when under the root node */
	const char *names;	/* its -names lists: "clock-names=a\x1fb\x1f\n" each */
	const char *counts;	/* entries of its phandle lists: "clocks=2\n" each */
};

struct board_noderef {
	struct board_noderef *next;
	const struct board_node *node;
};

struct board_props {
	struct board_props *next;
	unsigned fid;		/* the file that sets them */
	const char *props;
	const char *counts;	/* entries of the phandle lists it sets: "clocks=2\n" each */
};

bool boards_lack_property(struct conv *cv, const char *name, size_t *nodes);
void board_family_pinfos(struct conv *cv, struct pinfo *pis, size_t *np, size_t cap);
void board_other_pinfos(struct conv *cv, struct pinfo *pis, size_t *np, size_t cap);
const char *board_names_of(struct conv *cv, const char *head, const char *prop, size_t *nodes);
unsigned board_count_of(struct conv *cv, const char *head, const char *prop, size_t *nodes);
unsigned board_count_max(struct conv *cv, const char *prop, unsigned *least);

const struct board_ref *board_lists_with(struct conv *cv, const char *compat);
bool board_uses_alone(struct conv *cv, const char *s);
void board_index_free(struct dtbind_doc2yaml *c);
void load_boards(struct conv *cv);
bool same_vendor(const char *a, const char *b);
bool built_together(const struct board_index *b, unsigned x, unsigned y);
void board_index_from_buffer(struct dtbind_doc2yaml *c, const char *dir, const char *buf,
			     size_t len);
void board_chains(struct conv *cv);

/* elsewhere.c: child nodes another binding of the tree documents */
#define AMBIGUOUS_DOC ""	/* several schemas list the compatible */
/* parts.c: parts of a text for other devices */
void report_uncovered_parts(struct conv *cv, const char *yaml);
bool part_range(const struct conv *cv, unsigned line, unsigned *first, unsigned *last);
bool part_child(const struct conv *cv, const char *s);
void note_other_part(struct conv *cv, unsigned first, unsigned last);
bool in_other_part(const struct conv *cv, unsigned line);
int convert_parts(struct dtbind_doc2yaml *c, const char *in, const char *buf, size_t len,
		  const char *out, bool force);
int doc2yaml_write_output(struct dtbind_doc2yaml *c, const char *out, const char *yaml,
			  size_t ylen, bool force);
const char *documented_elsewhere(struct conv *cv, const char *s);
const char *tree_property_type(struct conv *cv, const char *name);
struct ynode *elsewhere_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
			       unsigned src, const char *desc);
struct ynode *child_ref_schema(struct conv *cv, const char *doc, unsigned src, const char *desc);

/* complete.c: examples completed from the schema (required properties the example lacks) */
void fix_interrupts_values(struct conv *cv, struct ditem *it, unsigned depth);
/* macros.c: an interrupts value's calls with arguments written as their values */
const char *interrupt_calls(struct conv *cv, const char *v, unsigned line);
void fix_example_node_kinds(struct conv *cv);
void complete_examples(struct conv *cv, struct ynode *schema);

/* header.c: the schema's header: $id, maintainers */
const char *relative_id_path(struct conv *cv);
size_t maintainers_for(struct conv *cv, const char *const *paths, size_t npaths,
			      const char **out, size_t max);
void load_maintainers_file(struct dtbind_doc2yaml *c, const char *root);
void maint_index_free(struct maint_index *mi);

/* description.c: the top-level description; pointers to generic .txt bindings out of any */
const char *top_description(struct conv *cv);
const char *drop_generic_pointers(struct conv *cv, const char *desc);

/* selfcheck.c: the self-check: lint and exampletest on the output, relayed to .txt lines */
void settle_example_tree(struct conv *cv);
void include_dirs(struct dtbind_doc2yaml *c, const char **dirs, size_t *n, size_t max,
			 char **owned);
void run_example_checks(struct dtbind_doc2yaml *c);
void self_check(struct conv *cv, struct ynode *schema, const char *rel,
		       const struct emitter *em);

/* doc2yaml.c: legacy .txt bindings to DT schema: one conversion and the public API */
bool text_mentions(const struct conv *cv, const char *word);
int emit_schema(struct conv *cv, struct ynode *schema, struct emitter *em);

#endif /* DTBIND_DOC2YAML_PRIVATE_H */
