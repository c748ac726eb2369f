/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lsp.h - `dtbind lsp`: a Language Server Protocol server on stdio, over
 * lint, exampletest and validate.  Modules: transport (framing, JSON-RPC),
 * documents (open texts, UTF-16 positions), workspace (one checker per
 * kernel tree, findings collected in memory), features (hover, completion,
 * code actions), server (the dispatch loop).
 */
#ifndef DTBIND_LSP_H
#define DTBIND_LSP_H

#include "dtbind.h"
#include "internal.h"

/* ---- transport.c: the base protocol (Content-Length framing) ---- */

#define LSP_MAX_HEADER 8192		/* bytes of header before "\r\n\r\n" */
#define LSP_MAX_BODY (32u << 20)	/* a larger message is skipped, answered with an error */

enum lsp_read_status {
	LSP_READ_MESSAGE = 1,	/* *body holds one message */
	LSP_READ_NONE = 0,	/* nothing complete yet (not waiting) */
	LSP_READ_EOF = -1,	/* the client closed its end */
	LSP_READ_BAD_HEADER = -2,	/* a header without a valid Content-Length: skipped */
	LSP_READ_TOO_BIG = -3,	/* a body over LSP_MAX_BODY: skipped */
};

struct lsp_reader {
	int fd;
	char *buf;
	size_t len, cap;
	size_t skip;		/* bytes of a too big body still to drop */
	bool eof;
};

void lsp_reader_init(struct lsp_reader *r, int fd);
void lsp_reader_free(struct lsp_reader *r);
/*
 * The next message: its body in *@body (malloc'd, NUL-terminated, caller
 * frees).  @wait: block until one is complete or the input ends; else
 * only read what is already there.
 */
enum lsp_read_status lsp_read(struct lsp_reader *r, bool wait, char **body, size_t *len);
/* Frame and write one message; false when the output is gone. */
bool lsp_write(int fd, const char *body, size_t len);

/* JSON-RPC 2.0 error codes. */
enum {
	LSP_PARSE_ERROR = -32700,
	LSP_INVALID_REQUEST = -32600,
	LSP_METHOD_NOT_FOUND = -32601,
	LSP_INVALID_PARAMS = -32602,
	LSP_INTERNAL_ERROR = -32603,
	LSP_SERVER_NOT_INITIALIZED = -32002,
	LSP_REQUEST_CANCELLED = -32800,
};

/* ---- documents.c: open documents, UTF-16 positions ---- */

struct lsp_pos {
	uint32_t line, character;	/* 0-based; character in UTF-16 code units */
};

/* One finding collected from a run, in the document it is about. */
struct lsp_finding {
	struct lsp_pos from, to;
	enum dtbind_severity severity;
	char *rule;
	char *message;
	char *fix_from, *fix_to;	/* a did-you-mean, or NULL */
};

struct lsp_findings {
	struct lsp_finding *v;
	size_t n, cap;
};

void lsp_findings_free(struct lsp_findings *f);

struct lsp_doc {
	char *uri;
	char *path;		/* the file the URI names (file:// only), or NULL */
	char *text;
	size_t len;
	int64_t version;
	bool dirty;		/* diagnostics not yet published for this text */
	struct lsp_findings found;	/* the last published (code actions read them) */
};

struct lsp_docs {
	struct lsp_doc **v;
	size_t n, cap;
};

struct lsp_doc *lsp_docs_get(struct lsp_docs *d, const char *uri);
struct lsp_doc *lsp_docs_open(struct lsp_docs *d, const char *uri, const char *text, size_t len,
			      int64_t version);
void lsp_docs_close(struct lsp_docs *d, const char *uri);
void lsp_docs_free(struct lsp_docs *d);
/*
 * Replace the range [@from, @to) of @doc with @text (@full: the whole
 * document).  Positions past a line's end clamp to it.  Returns 0 or
 * -DTBIND_ENOMEM / -DTBIND_ELIMIT.
 */
int lsp_doc_edit(struct lsp_doc *doc, bool full, struct lsp_pos from, struct lsp_pos to,
		 const char *text, size_t len);

/* Byte offset of @p in @text (clamped to its line and to the text). */
size_t lsp_offset(const char *text, size_t len, struct lsp_pos p);
/* The position of byte @off. */
struct lsp_pos lsp_position(const char *text, size_t len, size_t off);
/*
 * The position of a 1-based line and 1-based character column (what
 * dtbind's locations hold); line 0 gives the start of the text.
 */
struct lsp_pos lsp_pos_from_loc(const char *text, size_t len, uint32_t line, uint32_t col);
/* file:// URI <-> path (percent-decoded); malloc'd, NULL when not a file URI. */
char *lsp_uri_to_path(const char *uri);
char *lsp_path_to_uri(const char *path);

/* ---- JSON helpers (server.c) ---- */

/* The string member @key of @map, or NULL. */
const char *lsp_json_str(const struct dtbind_value *map, const char *key);
/* The integer member @key of @map, or @dflt. */
int64_t lsp_json_int(const struct dtbind_value *map, const char *key, int64_t dflt);
/* Position {line, character} at @key of @map; false when missing. */
bool lsp_json_pos(const struct dtbind_value *map, const char *key, struct lsp_pos *out);
/* Write a Range of two positions. */
void lsp_put_range(struct strbuf *sb, struct lsp_pos from, struct lsp_pos to);

/* ---- workspace.c: trees, checkers, findings ---- */

struct lsp_workspace;


struct lsp_workspace *lsp_workspace_new(enum dtbind_gen gen, FILE *log);
void lsp_workspace_free(struct lsp_workspace *w);
/*
 * Check @doc (a binding .yaml, a .dts or a .dtsi) into @out, the files it
 * includes read from the editor's buffers of @open where they are open.
 * Returns 0 or a negative error.
 */
int lsp_workspace_check(struct lsp_workspace *w, const struct lsp_doc *doc,
			const struct lsp_docs *open, struct lsp_findings *out);
/* @doc was saved: a binding among the tree's is taken again from disk for the next checks. */
void lsp_workspace_saved(struct lsp_workspace *w, const struct lsp_doc *doc);

struct dtbind_dtschemas;
struct dtbind_schema_set;
/* The processed bindings of the tree @path is in, loading them on first use (NULL: none). */
struct dtbind_dtschemas *lsp_workspace_bindings(struct lsp_workspace *w, const char *path);
/* A schema set serving the tree's /schemas/ URIs and the core schemas (NULL: none). */
struct dtbind_schema_set *lsp_workspace_schema_set(struct lsp_workspace *w, const char *path);
/* The bindings directory of the tree of @path, borrowed (NULL: none). */
const char *lsp_workspace_root(struct lsp_workspace *w, const char *path);

/* ---- features: hover.c, complete.c, actions.c ---- */

/* Where the cursor is in a DTS document. */
struct lsp_dts_ctx {
	char **compatibles;	/* of the enclosing node, in order */
	size_t n_compatibles;
	char *node_name;	/* the enclosing node's name ("" for the root) */
	char *prop;		/* property name under the cursor (or being assigned), or NULL */
	char *word;		/* the token under the cursor, or NULL */
	bool in_value;		/* after '=' of @prop */
	bool in_string;		/* inside a quoted value */
	size_t word_start;	/* byte offset where @word begins */
};

/* @path: the document's file, for labels defined in the files it includes (or NULL). */
void lsp_dts_context(const char *text, size_t len, size_t off, const char *path,
		     struct lsp_dts_ctx *ctx);
void lsp_dts_ctx_free(struct lsp_dts_ctx *ctx);
/* The property schema of @name in binding value @b (properties, then patternProperties). */
const struct dtbind_value *lsp_binding_prop(const struct dtbind_value *b, const char *name);

/* Hover JSON (a Hover object, or "null") for @doc at @pos into @sb. */
void lsp_hover(struct lsp_workspace *w, const struct lsp_doc *doc, struct lsp_pos pos,
	       struct strbuf *sb);
/* Completion items (a JSON array) for @doc at @pos into @sb. */
void lsp_complete(struct lsp_workspace *w, const struct lsp_doc *doc, struct lsp_pos pos,
		  struct strbuf *sb);
/*
 * Code actions (a JSON array) for the did-you-mean findings of @found that
 * overlap [@from, @to] of @doc.
 */
void lsp_code_actions(const struct lsp_doc *doc, const struct lsp_findings *found,
		      struct lsp_pos from, struct lsp_pos to, struct strbuf *sb);

/* ---- server.c ---- */

/* Serve on @in / @out until exit; returns the process exit code. */
int lsp_serve(int in, int out, enum dtbind_gen gen, FILE *log);

int cmd_lsp(int argc, char **argv);
struct cli_help;
extern const struct cli_help help_lsp;

#endif
