/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dtbind.h - the public API of libdtbind.
 *
 * Conventions (see README): functions that can fail return 0 or a negative
 * -DTBIND_E* code; findings about the user's files go to a diagnostics sink
 * (struct dtbind_diag), never to stderr directly.  Getters return borrowed
 * pointers that live as long as their owner (document, schema set).
 */
#ifndef DTBIND_H
#define DTBIND_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__) || defined(__clang__)
#define DTBIND_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DTBIND_PRINTF(f, a)
#endif

/* Error codes, returned negated. */
enum {
	DTBIND_OK = 0,
	DTBIND_ENOMEM = 1,	/* out of memory */
	DTBIND_EIO,		/* file could not be read or written */
	DTBIND_EPARSE,		/* input is not well-formed; details went to the diag sink */
	DTBIND_ENOTFOUND,	/* a URI, file or pointer does not resolve */
	DTBIND_ELIMIT,		/* a size, depth or backtracking limit was hit */
	DTBIND_EINVAL,		/* bad argument or schema */
	DTBIND_EMAX
};

/** dtbind_strerror() - a static, human readable text for an error code (either sign) */
const char *dtbind_strerror(int err);

/* ------------------------------------------------------------------ */
/* Locations and diagnostics                                           */

/*
 * A position in a source file.  line and col are 1-based; line 0 means
 * "no position" (for example a .dtb).  col counts characters, a tab as one.
 * file is borrowed from whoever loaded the source.
 */
struct dtbind_loc {
	const char *file;
	uint32_t line;
	uint32_t col;
};

enum dtbind_severity {
	DTBIND_NOTE,
	DTBIND_WARNING,
	DTBIND_ERROR,
};

enum dtbind_format {
	DTBIND_FORMAT_GCC,	/* file:line:col: severity: message [rule] */
	DTBIND_FORMAT_JSON,	/* one JSON object per line */
	DTBIND_FORMAT_SARIF,	/* one SARIF 2.1.0 log, written when the sink is freed */
	/* The kbuild front-ends: what dt-validate and `yamllint -f parsable` print. */
	DTBIND_FORMAT_DTSCHEMA,	/* file[:line:col]: node: message, notes "\t..." under it */
	DTBIND_FORMAT_YAMLLINT,	/* file:line:col: [severity] message (rule) */
};

/*
 * One finding.  Only message is mandatory; NULL fields are omitted.  The
 * notes of a finding are the findings of severity DTBIND_NOTE that follow it.
 */
struct dtbind_finding {
	enum dtbind_severity severity;
	struct dtbind_loc loc;
	const char *rule;	/* kebab-case rule name */
	const char *message;
	const char *node;	/* devicetree path or JSON pointer into the instance */
	const char *schema;	/* schema $id + '#' + JSON pointer of the failing keyword */
	const char *input;	/* the board or binding named on the command line (NULL:
				   the sink's current input, dtbind_diag_set_input) */
	/* A did-you-mean: replace the text fix_from, at or after loc, with fix_to (or NULL). */
	const char *fix_from;
	const char *fix_to;
};

struct dtbind_diag;

/**
 * dtbind_diag_new() - create a sink that writes findings to @out
 * @out: stream (borrowed), usually stderr; NULL counts findings, prints none
 * @format: gcc-style text or JSON Lines
 *
 * Returns the sink, or NULL when out of memory.
 */
struct dtbind_diag *dtbind_diag_new(FILE *out, enum dtbind_format format);
void dtbind_diag_free(struct dtbind_diag *diag);

/*
 * The consumer of a sink: called once per finding that survives -W/-Wno,
 * -Werror (severity already adjusted) and --max-errors.  @f and its strings
 * are borrowed for the duration of the call.
 */
typedef void (*dtbind_diag_fn)(void *user, const struct dtbind_finding *f);

/* A sink that hands every finding to @fn.  Returns NULL when out of memory. */
struct dtbind_diag *dtbind_diag_new_callback(dtbind_diag_fn fn, void *user);
/*
 * The input (board, binding, patch) the findings reported from now on come
 * from, as named on the command line; NULL for none.  Copied.
 */
void dtbind_diag_set_input(struct dtbind_diag *diag, const char *input);
/* Hand the findings of @diag to @fn from now on (its rules and counts stay). */
void dtbind_diag_set_callback(struct dtbind_diag *diag, dtbind_diag_fn fn, void *user);
/* A sink that keeps every finding in memory (deep copies), in order. */
struct dtbind_diag *dtbind_diag_new_collect(void);
/* The findings a collect sink kept (borrowed until the next clear or free). */
size_t dtbind_diag_collected(const struct dtbind_diag *diag, const struct dtbind_finding **out);
/* Forget the findings a collect sink kept (the counts stay). */
void dtbind_diag_clear(struct dtbind_diag *diag);
/*
 * Emit the findings of @buf, records written by dtbind_diag_encode() in
 * another process, into @diag.  Returns 0, or -DTBIND_EPARSE when @buf is
 * damaged (the records before the damage were emitted).
 */
int dtbind_diag_replay(struct dtbind_diag *diag, const char *buf, size_t len);

/* Print the offending source line and a caret under gcc-style findings. */
void dtbind_diag_set_show_source(struct dtbind_diag *diag, bool show);
/* Stop printing (but keep counting) after @max findings; 0 = no limit. */
void dtbind_diag_set_max(struct dtbind_diag *diag, unsigned max);

/*
 * -W/-Wno for one rule: @severity is the severity findings of @rule get from
 * now on, or -1 to drop them.  Returns 0 or -DTBIND_ENOMEM.
 */
int dtbind_diag_set_rule(struct dtbind_diag *diag, const char *rule, int severity);
/* Same, unless the rule was already set (tools' defaults under the user's -W). */
int dtbind_diag_set_rule_default(struct dtbind_diag *diag, const char *rule, int severity);
/* Promote every warning to an error (-Werror). */
void dtbind_diag_set_werror(struct dtbind_diag *diag, bool werror);

void dtbind_diag_emit(struct dtbind_diag *diag, const struct dtbind_finding *f);
void dtbind_diag_report(struct dtbind_diag *diag, enum dtbind_severity sev,
			struct dtbind_loc loc, const char *rule, const char *fmt, ...)
	DTBIND_PRINTF(5, 6);
void dtbind_diag_vreport(struct dtbind_diag *diag, enum dtbind_severity sev,
			 struct dtbind_loc loc, const char *rule, const char *fmt, va_list ap)
	DTBIND_PRINTF(5, 0);
/* Number of findings of severity @sev reported so far. */
unsigned dtbind_diag_count(const struct dtbind_diag *diag, enum dtbind_severity sev);
/* Number of errors and warnings that passed -W/-Wno so far (what a user sees as findings). */
unsigned dtbind_diag_findings(const struct dtbind_diag *diag);

/* ------------------------------------------------------------------ */
/* Values: the tree every YAML or JSON document is loaded into          */

enum dtbind_kind {
	DTBIND_NULL,
	DTBIND_BOOL,
	DTBIND_INT,	/* fits int64_t */
	DTBIND_FLOAT,	/* also integers too large for int64_t */
	DTBIND_STRING,
	DTBIND_SEQ,
	DTBIND_MAP,
	/*
	 * Raw bytes (u.str): a devicetree property whose type is unknown.  No
	 * JSON Schema type matches it, as in the reference.
	 */
	DTBIND_BYTES,
};

struct dtbind_value;

struct dtbind_member {
	const char *key;		/* NUL-terminated; key_len excludes the NUL */
	size_t key_len;
	struct dtbind_loc key_loc;
	struct dtbind_value *value;
};

/* How a scalar was written in YAML (lint's quoting checks need it). */
enum dtbind_style {
	DTBIND_STYLE_PLAIN,
	DTBIND_STYLE_SINGLE_QUOTED,
	DTBIND_STYLE_DOUBLE_QUOTED,
	DTBIND_STYLE_LITERAL,
	DTBIND_STYLE_FOLDED,
	DTBIND_STYLE_FLOW,	/* a flow collection: [a, b] or {a: b} */
};

struct dtbind_value {
	enum dtbind_kind kind;
	uint8_t style;		/* enum dtbind_style */
	struct dtbind_loc loc;
	union {
		bool b;
		int64_t i;
		double f;
		struct {
			const char *ptr;	/* NUL-terminated, may contain NULs */
			size_t len;
		} str;
		struct {
			struct dtbind_value **items;
			size_t n;
		} seq;
		struct {
			struct dtbind_member *members;
			size_t n;
		} map;
	} u;
};

/* Member of a mapping by key, or NULL.  Linear; maps in schemas are small. */
const struct dtbind_member *dtbind_value_member(const struct dtbind_value *map, const char *key);
const struct dtbind_value *dtbind_value_get(const struct dtbind_value *map, const char *key);
/* JSON-style type name: "null", "boolean", "integer", "number", "string", "array", "object". */
const char *dtbind_kind_name(enum dtbind_kind kind);
/* Numeric value of an INT or FLOAT. */
double dtbind_value_number(const struct dtbind_value *v);
/* True for INT, and for FLOAT with no fractional part (JSON Schema's "integer"). */
bool dtbind_value_is_integer(const struct dtbind_value *v);
/* JSON Schema equality: 1 == 1.0, maps compare without regard to order. */
bool dtbind_value_equal(const struct dtbind_value *a, const struct dtbind_value *b);
/*
 * Write @v as compact JSON into @out (at most @max bytes of output, longer
 * output is cut and ends in "..."). Returns the number of bytes written.
 */
size_t dtbind_value_to_json(const struct dtbind_value *v, char *out, size_t max);
/* The whole of @v as compact JSON, malloc'd (caller frees); NULL when out of memory. */
char *dtbind_value_to_json_dup(const struct dtbind_value *v);

/* ------------------------------------------------------------------ */
/* Documents                                                            */

struct dtbind_doc;

enum dtbind_doc_flags {
	DTBIND_DOC_JSON = 1 << 0,	/* force JSON mode (else: by extension .json) */
};

/**
 * dtbind_doc_load_file() - load a YAML (1.2 core schema) or JSON file
 * @path: file name; kept for locations
 * @diag: where syntax errors, duplicate keys and limit errors go, located
 * @flags: DTBIND_DOC_*
 * @out: the document; caller frees with dtbind_doc_free()
 *
 * Anchors and aliases are resolved.  A file holding more than one document
 * is an error.  Returns 0, -DTBIND_EIO, -DTBIND_EPARSE, -DTBIND_ELIMIT or
 * -DTBIND_ENOMEM.
 */
int dtbind_doc_load_file(const char *path, struct dtbind_diag *diag, unsigned flags,
			 struct dtbind_doc **out);
/* Same from memory; @name is used in locations; @buf is copied. */
int dtbind_doc_load_string(const char *name, const char *buf, size_t len,
			   struct dtbind_diag *diag, unsigned flags, struct dtbind_doc **out);
/* Build a document from a value tree of another document (deep copy). */
int dtbind_doc_from_value(const char *name, const struct dtbind_value *v, struct dtbind_doc **out);
/* The root value (borrowed). */
const struct dtbind_value *dtbind_doc_root(const struct dtbind_doc *doc);
const char *dtbind_doc_path(const struct dtbind_doc *doc);
void dtbind_doc_free(struct dtbind_doc *doc);

/* Limits applied to every document. */
#define DTBIND_MAX_DEPTH 512		/* nesting of sequences and mappings */
#define DTBIND_MAX_FILE_SIZE (64u << 20)	/* bytes */

/* ------------------------------------------------------------------ */
/* dt-schema generations                                                */

/*
 * Which dt-schema's semantics the built-in schemas follow: meta-schemas,
 * core schemas and fixups.  AUTO means "choose from the bindings tree".
 */
enum dtbind_gen {
	DTBIND_GEN_AUTO = 0,
	DTBIND_GEN_2022_08,
	DTBIND_GEN_2026_06,
};

/* "2022.08", "2026.06" ("auto" for AUTO). */
const char *dtbind_gen_name(enum dtbind_gen gen);
/* Parse a --dtschema argument ("2022.08", "2026.06", "auto"); false if unknown. */
bool dtbind_gen_parse(const char *s, enum dtbind_gen *out);
/*
 * DT_SCHEMA_MIN_VERSION from @bindings_root/Makefile as YEAR*100+MONTH
 * (2023.9 -> 202309), or 0 when the file or the assignment is absent.
 */
long dtbind_gen_tree_min_version(const char *bindings_root);
/*
 * The generation for a bindings tree: @override unless AUTO; else 2022.08
 * when the tree's minimum is below 2023.9, 2026.06 when it is at least that,
 * absent, or there is no tree (@bindings_root NULL).
 */
enum dtbind_gen dtbind_gen_choose(const char *bindings_root, enum dtbind_gen override);

/* ------------------------------------------------------------------ */
/* JSON Schema                                                          */

enum dtbind_dialect {
	DTBIND_DRAFT7,
	DTBIND_DRAFT2019_09,
};

struct dtbind_schema_set;
struct dtbind_schema;

/**
 * dtbind_schema_set_new() - an empty registry of schemas
 * @diag: where load errors of schema files go (borrowed)
 *
 * The set serves the embedded JSON Schema meta-schemas (draft-07, 2019-09)
 * without any setup; an application maps its own URIs (a prefix map to
 * DTBIND_EMBEDDED "dir" serves the program's embedded schemas/dir).
 */
#define DTBIND_EMBEDDED "dtbind-embedded:"
struct dtbind_schema_set *dtbind_schema_set_new(struct dtbind_diag *diag);
void dtbind_schema_set_free(struct dtbind_schema_set *set);
/*
 * Devicetree mode: properties a $ref'd schema accepted count as evaluated
 * even when that schema failed elsewhere, as dt-schema's validator counts
 * them (fewer cascading unevaluatedProperties errors).  Off by default.
 */
void dtbind_schema_set_dt_annotations(struct dtbind_schema_set *set, bool on);
/*
 * Assert format "regex": a string that does not compile as a pattern is an
 * error (dt-doc-validate checks binding patterns this way).  Off by default:
 * JSON Schema makes format an annotation.
 */
void dtbind_schema_set_assert_regex_format(struct dtbind_schema_set *set, bool on);
/*
 * The generation of the built-in core and meta-schemas the set serves
 * (default 2026.06; AUTO is taken as that).  Set it before the first lookup.
 */
void dtbind_schema_set_generation(struct dtbind_schema_set *set, enum dtbind_gen gen);
/* The dialect of schemas whose $schema is absent (default 2019-09). */
void dtbind_schema_set_default_dialect(struct dtbind_schema_set *set, enum dtbind_dialect d);
/* Serve URIs starting with @prefix from files under @dir (prefix "foo/" + "a.json" = dir/a.json). */
int dtbind_schema_set_map_prefix(struct dtbind_schema_set *set, const char *prefix, const char *dir);
/*
 * A source of documents by URI (without fragment), asked before the prefix
 * maps when a $ref names a document the set does not have yet.  The value
 * returned must outlive the set; NULL means "not mine".
 */
typedef const struct dtbind_value *(*dtbind_schema_loader)(void *ctx, const char *uri);
void dtbind_schema_set_loader(struct dtbind_schema_set *set, dtbind_schema_loader fn, void *ctx);
/*
 * A keyword of the application's own vocabulary, checked on arrays where the
 * engine checks its array keywords: @check gets the keyword's value and the
 * array, and returns true when it holds; else it writes why into @why (the
 * message is the array's JSON, a space, then @why).  -DTBIND_ENOMEM, or 0.
 */
typedef bool (*dtbind_array_keyword_fn)(const struct dtbind_value *arg,
					const struct dtbind_value *inst, char *why, size_t why_size);
int dtbind_schema_set_array_keyword(struct dtbind_schema_set *set, const char *name,
				    dtbind_array_keyword_fn check);
/*
 * Keep @doc alive as long as the set, without registering it (values made
 * from it point into it).  The set takes ownership; freed on failure.
 */
int dtbind_schema_set_keep_doc(struct dtbind_schema_set *set, struct dtbind_doc *doc);
/* Load every *.yaml / *.json file under @dir and register it by its $id. */
int dtbind_schema_set_add_dir(struct dtbind_schema_set *set, const char *dir);
/*
 * Register a loaded document under @uri (its retrieval URI; may be NULL when
 * the document has a $id).  The set takes ownership of @doc.
 */
int dtbind_schema_set_add_doc(struct dtbind_schema_set *set, struct dtbind_doc *doc,
			      const char *uri, const struct dtbind_schema **out);
/*
 * Register a schema value that the caller keeps alive as long as the set
 * (for example one built in an arena); like add_doc otherwise.
 */
int dtbind_schema_set_add_value(struct dtbind_schema_set *set, const struct dtbind_value *root,
				const char *uri, const struct dtbind_schema **out);
/* Load a schema from a file and register it; its URI is its $id or file:// path. */
int dtbind_schema_set_add_file(struct dtbind_schema_set *set, const char *path,
			       const struct dtbind_schema **out);

/*
 * Find the schema at @uri (absolute, may have a fragment), loading it
 * through prefix maps or the embedded schemas when needed.
 */
int dtbind_schema_set_get(struct dtbind_schema_set *set, const char *uri,
			  const struct dtbind_schema **out);

/* One validation error. */
struct dtbind_verror {
	struct dtbind_loc loc;			/* of the instance value */
	const char *instance_path;		/* JSON pointer into the instance */
	struct dtbind_loc schema_loc;		/* of the failing keyword in the schema */
	const char *schema_path;		/* $id#pointer of the failing keyword */
	const char *keyword;			/* e.g. "required" */
	const char *message;
	unsigned depth;				/* nesting under anyOf/oneOf explanations */
	const char *hint;			/* the failing schema's description, or NULL */
	/* a did-you-mean, as in dtbind_finding; an anyOf/oneOf head has its closest branch's */
	const char *fix_from, *fix_to;
	bool branch_missing;			/* anyOf/oneOf: some branch (not only the one
						 * explained) failed by 'required' or
						 * 'unevaluatedProperties' */
};

struct dtbind_verrors {
	struct dtbind_verror *v;
	size_t n;
};

struct dtbind_validation;

/**
 * dtbind_schema_validate() - validate @instance against @schema
 * @errors: when not NULL, receives the errors (owned by @errs, freed with it)
 *
 * Returns 1 valid, 0 invalid, or a negative error (-DTBIND_ENOTFOUND for an
 * unresolvable $ref, -DTBIND_ELIMIT for a recursion or regex limit), in which
 * case the errors say where.
 */
int dtbind_schema_validate(const struct dtbind_schema *schema, const struct dtbind_value *instance,
			   struct dtbind_validation **result);
const struct dtbind_verrors *dtbind_validation_errors(const struct dtbind_validation *result);
void dtbind_validation_free(struct dtbind_validation *result);
/* Report every error of @result to @diag, with rule @rule. */
void dtbind_validation_report(const struct dtbind_validation *result, struct dtbind_diag *diag,
			      const char *rule);

/* The schema's own URI ($id#pointer) and location. */
const char *dtbind_schema_uri(const struct dtbind_schema *schema);
struct dtbind_loc dtbind_schema_loc(const struct dtbind_schema *schema);
/* The schema's source value (a map, or a boolean). */
const struct dtbind_value *dtbind_schema_value(const struct dtbind_schema *schema);
enum dtbind_dialect dtbind_schema_dialect(const struct dtbind_schema *schema);

/* ------------------------------------------------------------------ */
/* Rules: the named checks findings carry, as in [name] and -Wno-name  */

/* The commands, as a mask: which ones report a rule. */
enum dtbind_tool {
	DTBIND_TOOL_LINT = 1u << 0,
	DTBIND_TOOL_EXAMPLETEST = 1u << 1,
	DTBIND_TOOL_VALIDATE = 1u << 2,
	DTBIND_TOOL_CHECK = 1u << 3,
	DTBIND_TOOL_DOC2YAML = 1u << 4,
	DTBIND_TOOL_JSONSCHEMA = 1u << 5,
	DTBIND_TOOL_ALL = (1u << 6) - 1,
};

struct dtbind_rule {
	const char *name;		/* as in [name] and -Wno-name */
	enum dtbind_severity severity;	/* default */
	const char *summary;
	bool off;			/* off unless enabled with -W */
	unsigned tools;			/* enum dtbind_tool bits: who reports it */
};

/* The registry (lib/rules.def), in --list-rules order. */
const struct dtbind_rule *dtbind_rules(size_t *n);
/* The rule named @name (case, '_' and '-' not significant), or NULL. */
const struct dtbind_rule *dtbind_rule_find(const char *name);
/* Whether two rule names are the same under dtbind_rule_find()'s matching. */
bool dtbind_rule_name_equal(const char *a, const char *b);
/* The default severity of rule @name, or @fallback when it is not registered. */
enum dtbind_severity dtbind_rule_severity(const char *name, enum dtbind_severity fallback);
/* The command name of one tool bit ("lint"), or NULL; and back (0 if unknown). */
const char *dtbind_tool_name(unsigned tool);
unsigned dtbind_tool_parse(const char *name);

#endif /* DTBIND_H */
