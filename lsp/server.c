// SPDX-License-Identifier: BSD-2-Clause
/*
 * server.c - the JSON-RPC side of `dtbind lsp`: one thread, a batch at a
 * time.  Every message already on the input is read before any is handled,
 * so a $/cancelRequest cancels the requests of its batch that wait, and
 * several edits of a document are checked once, after the last.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

struct msg {
	struct dtbind_doc *doc;		/* NULL: the body was not JSON */
	bool cancelled;
};

struct server {
	int out;
	FILE *log;
	struct lsp_docs docs;
	struct lsp_workspace *ws;
	bool initialized, shutdown, exit;
	bool output_gone;
};

const char *lsp_json_str(const struct dtbind_value *map, const char *key)
{
	const struct dtbind_value *v = map ? dtbind_value_get(map, key) : NULL;

	return v && v->kind == DTBIND_STRING ? v->u.str.ptr : NULL;
}

int64_t lsp_json_int(const struct dtbind_value *map, const char *key, int64_t dflt)
{
	const struct dtbind_value *v = map ? dtbind_value_get(map, key) : NULL;

	return v && v->kind == DTBIND_INT ? v->u.i : dflt;
}

bool lsp_json_pos(const struct dtbind_value *map, const char *key, struct lsp_pos *out)
{
	const struct dtbind_value *p = map ? dtbind_value_get(map, key) : NULL;
	int64_t l = lsp_json_int(p, "line", -1), c = lsp_json_int(p, "character", -1);

	if (p && p->kind != DTBIND_MAP)
		return false;
	if (l < 0 || c < 0 || l > UINT32_MAX || c > UINT32_MAX)
		return false;
	out->line = (uint32_t)l;
	out->character = (uint32_t)c;
	return true;
}

void lsp_put_range(struct strbuf *sb, struct lsp_pos from, struct lsp_pos to)
{
	sb_printf(sb, "{\"start\":{\"line\":%u,\"character\":%u},\"end\":{\"line\":%u,\"character\":%u}}",
		  from.line, from.character, to.line, to.character);
}

static const struct dtbind_value *member(const struct dtbind_value *v, const char *key)
{
	return v && v->kind == DTBIND_MAP ? dtbind_value_get(v, key) : NULL;
}

static void send(struct server *s, struct strbuf *sb)
{
	if (!s->output_gone && !lsp_write(s->out, sb_cstr(sb), sb->len))
		s->output_gone = true;
}

/* The id of a request as JSON text ("null" when there is none), malloc'd. */
static char *id_json(const struct dtbind_value *id)
{
	return id ? dtbind_value_to_json_dup(id) : strdup("null");
}

static void respond(struct server *s, const struct dtbind_value *id, const char *result)
{
	struct strbuf sb;
	char *idj = id_json(id);

	sb_init(&sb);
	sb_printf(&sb, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}", idj ? idj : "null", result);
	send(s, &sb);
	sb_free(&sb);
	free(idj);
}

static void respond_error(struct server *s, const struct dtbind_value *id, int code, const char *msg)
{
	struct strbuf sb;
	char *idj = id_json(id);

	sb_init(&sb);
	sb_printf(&sb, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":%d,\"message\":",
		  idj ? idj : "null", code);
	sb_json_string(&sb, msg, strlen(msg));
	sb_puts(&sb, "}}");
	send(s, &sb);
	sb_free(&sb);
	free(idj);
}

static void publish(struct server *s, struct lsp_doc *doc)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_puts(&sb, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
	sb_json_string(&sb, doc->uri, strlen(doc->uri));
	sb_printf(&sb, ",\"version\":%lld,\"diagnostics\":[", (long long)doc->version);
	for (size_t i = 0; i < doc->found.n; i++) {
		const struct lsp_finding *f = &doc->found.v[i];

		sb_puts(&sb, i ? ",{\"range\":" : "{\"range\":");
		lsp_put_range(&sb, f->from, f->to);
		sb_printf(&sb, ",\"severity\":%d,\"source\":\"dtbind\"",
			  f->severity == DTBIND_WARNING ? 2 : f->severity == DTBIND_NOTE ? 3 : 1);
		if (f->rule) {
			sb_puts(&sb, ",\"code\":");
			sb_json_string(&sb, f->rule, strlen(f->rule));
		}
		sb_puts(&sb, ",\"message\":");
		sb_json_string(&sb, f->message ? f->message : "", f->message ? strlen(f->message) : 0);
		sb_putc(&sb, '}');
	}
	sb_puts(&sb, "]}}");
	send(s, &sb);
	sb_free(&sb);
}

/* Check and publish every document edited since its last check. */
static void flush_dirty(struct server *s)
{
	for (size_t i = 0; i < s->docs.n; i++) {
		struct lsp_doc *doc = s->docs.v[i];

		if (!doc->dirty)
			continue;
		doc->dirty = false;
		lsp_findings_free(&doc->found);
		if (doc->path && lsp_workspace_check(s->ws, doc, &s->docs, &doc->found) < 0 && s->log)
			fprintf(s->log, "dtbind lsp: %s could not be checked\n", doc->path);
		publish(s, doc);
	}
}

static struct lsp_doc *param_doc(struct server *s, const struct dtbind_value *params)
{
	const char *uri = lsp_json_str(member(params, "textDocument"), "uri");

	return uri ? lsp_docs_get(&s->docs, uri) : NULL;
}

static void did_open(struct server *s, const struct dtbind_value *params)
{
	const struct dtbind_value *td = member(params, "textDocument");
	const char *uri = lsp_json_str(td, "uri");
	const struct dtbind_value *text = member(td, "text");

	if (!uri || !text || text->kind != DTBIND_STRING)
		return;
	if (!lsp_docs_open(&s->docs, uri, text->u.str.ptr, text->u.str.len,
			   lsp_json_int(td, "version", 0)) && s->log)
		fprintf(s->log, "dtbind lsp: cannot open %s\n", uri);
}

/*
 * @doc, a file that sources include, changed in the editor: the other open
 * sources read its text from there (lsp_workspace_check()), so check them
 * again too.
 */
static void included_changed(struct server *s, const struct lsp_doc *doc)
{
	if (!doc->path || !(str_ends_with(doc->path, ".dtsi") || str_ends_with(doc->path, ".h")))
		return;
	for (size_t i = 0; i < s->docs.n; i++)
		if (s->docs.v[i] != doc && s->docs.v[i]->path &&
		    (str_ends_with(s->docs.v[i]->path, ".dts") ||
		     str_ends_with(s->docs.v[i]->path, ".dtsi")))
			s->docs.v[i]->dirty = true;
}

static void did_change(struct server *s, const struct dtbind_value *params)
{
	struct lsp_doc *doc = param_doc(s, params);
	const struct dtbind_value *changes = member(params, "contentChanges");

	if (!doc || !changes || changes->kind != DTBIND_SEQ)
		return;
	doc->version = lsp_json_int(member(params, "textDocument"), "version", doc->version);
	for (size_t i = 0; i < changes->u.seq.n; i++) {
		const struct dtbind_value *c = changes->u.seq.items[i], *text = member(c, "text");
		const struct dtbind_value *range = member(c, "range");
		struct lsp_pos from = { 0, 0 }, to = { 0, 0 };

		if (!text || text->kind != DTBIND_STRING)
			continue;
		if (range && (!lsp_json_pos(range, "start", &from) || !lsp_json_pos(range, "end", &to)))
			continue;	/* a malformed change: skipped, the next full text mends it */
		lsp_doc_edit(doc, !range, from, to, text->u.str.ptr, text->u.str.len);
	}
	included_changed(s, doc);
}

static void did_close(struct server *s, const struct dtbind_value *params)
{
	struct lsp_doc *doc = param_doc(s, params);

	if (!doc)
		return;
	/* Its findings leave the editor's list with it. */
	lsp_findings_free(&doc->found);
	publish(s, doc);
	included_changed(s, doc);	/* back to the text on disk */
	lsp_docs_close(&s->docs, doc->uri);
}

static void did_save(struct server *s, const struct dtbind_value *params)
{
	struct lsp_doc *doc = param_doc(s, params);

	if (!doc || !doc->path)
		return;
	lsp_workspace_saved(s->ws, doc);
	doc->dirty = true;
}

static const char capabilities[] =
	"{\"capabilities\":{"
	"\"positionEncoding\":\"utf-16\","
	"\"textDocumentSync\":{\"openClose\":true,\"change\":2,\"save\":{\"includeText\":false}},"
	"\"hoverProvider\":true,"
	"\"completionProvider\":{\"triggerCharacters\":[\"\\\"\",\"/\",\"#\"]},"
	"\"codeActionProvider\":{\"codeActionKinds\":[\"quickfix\"]}},"
	"\"serverInfo\":{\"name\":\"dtbind\"}}";

static void request(struct server *s, const char *method, const struct dtbind_value *id,
		    const struct dtbind_value *params)
{
	struct strbuf sb;
	struct lsp_doc *doc;
	struct lsp_pos pos, from, to;

	if (!strcmp(method, "initialize")) {
		s->initialized = true;
		respond(s, id, capabilities);
		return;
	}
	if (!s->initialized) {
		respond_error(s, id, LSP_SERVER_NOT_INITIALIZED, "initialize first");
		return;
	}
	if (s->shutdown) {
		respond_error(s, id, LSP_INVALID_REQUEST, "the server is shutting down");
		return;
	}
	if (!strcmp(method, "shutdown")) {
		s->shutdown = true;
		respond(s, id, "null");
		return;
	}
	bool hover = !strcmp(method, "textDocument/hover");
	bool complete = !strcmp(method, "textDocument/completion");
	bool action = !strcmp(method, "textDocument/codeAction");

	if (!hover && !complete && !action) {
		respond_error(s, id, LSP_METHOD_NOT_FOUND, "method not supported");
		return;
	}
	flush_dirty(s);		/* answers about the text as it is now */
	doc = param_doc(s, params);
	if (!doc) {
		respond_error(s, id, LSP_INVALID_PARAMS, "no such open document");
		return;
	}
	sb_init(&sb);
	if (action && lsp_json_pos(member(params, "range"), "start", &from) &&
	    lsp_json_pos(member(params, "range"), "end", &to)) {
		lsp_code_actions(doc, &doc->found, from, to, &sb);
	} else if (!action && lsp_json_pos(params, "position", &pos)) {
		if (hover)
			lsp_hover(s->ws, doc, pos, &sb);
		else
			lsp_complete(s->ws, doc, pos, &sb);
	}
	if (sb.len)
		respond(s, id, sb_cstr(&sb));
	else
		respond_error(s, id, LSP_INVALID_PARAMS, "a position or range is missing");
	sb_free(&sb);
}

static void notification(struct server *s, const char *method, const struct dtbind_value *params)
{
	if (!strcmp(method, "exit")) {
		s->exit = true;
		return;
	}
	if (!s->initialized)
		return;		/* notifications before initialize are dropped */
	if (!strcmp(method, "textDocument/didOpen"))
		did_open(s, params);
	else if (!strcmp(method, "textDocument/didChange"))
		did_change(s, params);
	else if (!strcmp(method, "textDocument/didClose"))
		did_close(s, params);
	else if (!strcmp(method, "textDocument/didSave"))
		did_save(s, params);
	/* initialized, $/cancelRequest (see mark_cancelled), others: nothing to do */
}

static void handle(struct server *s, struct msg *m)
{
	const struct dtbind_value *root = m->doc ? dtbind_doc_root(m->doc) : NULL;
	const struct dtbind_value *id = member(root, "id"), *params = member(root, "params");
	const char *method = lsp_json_str(root, "method");

	if (!root) {
		respond_error(s, NULL, LSP_PARSE_ERROR, "the message is not JSON");
		return;
	}
	if (id && id->kind != DTBIND_INT && id->kind != DTBIND_STRING)
		id = NULL;
	if (!method || root->kind != DTBIND_MAP) {
		/* a response from the client (we send no requests) or nonsense */
		if (!member(root, "result") && !member(root, "error"))
			respond_error(s, id, LSP_INVALID_REQUEST, "not a JSON-RPC request");
		return;
	}
	if (!member(root, "id")) {
		notification(s, method, params);
		return;
	}
	if (m->cancelled)
		respond_error(s, id, LSP_REQUEST_CANCELLED, "cancelled");
	else
		request(s, method, id, params);
}

/* Mark the requests of the batch that a $/cancelRequest of the batch names. */
static void mark_cancelled(struct msg *batch, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct dtbind_value *r = batch[i].doc ? dtbind_doc_root(batch[i].doc) : NULL;
		const char *method = lsp_json_str(r, "method");
		const struct dtbind_value *id = member(member(r, "params"), "id");

		if (!method || strcmp(method, "$/cancelRequest") || !id)
			continue;
		for (size_t k = 0; k < i; k++) {
			const struct dtbind_value *kr = batch[k].doc ? dtbind_doc_root(batch[k].doc) : NULL;
			const struct dtbind_value *kid = member(kr, "id");

			if (kid && lsp_json_str(kr, "method") && dtbind_value_equal(kid, id))
				batch[k].cancelled = true;
		}
	}
}

/* Read one batch: wait for a message, then take every one already there. */
static size_t read_batch(struct server *s, struct lsp_reader *r, struct msg **batch, size_t *cap,
			 bool *eof)
{
	size_t n = 0;
	bool wait = true;

	for (;;) {
		char *body;
		size_t len;
		enum lsp_read_status st = lsp_read(r, wait, &body, &len);

		if (st == LSP_READ_EOF) {
			*eof = true;
			break;
		}
		if (st == LSP_READ_NONE)
			break;
		wait = false;
		if (st == LSP_READ_BAD_HEADER || st == LSP_READ_TOO_BIG) {
			respond_error(s, NULL, st == LSP_READ_TOO_BIG ? LSP_INVALID_REQUEST : LSP_PARSE_ERROR,
				      st == LSP_READ_TOO_BIG ? "message too large" :
							       "header without a valid Content-Length");
			continue;
		}
		if (vec_reserve_one(batch, n, cap, sizeof(**batch), 16)) {
			free(body);
			respond_error(s, NULL, LSP_INTERNAL_ERROR, "out of memory");
			continue;
		}
		struct msg *m = &(*batch)[n++];

		m->cancelled = false;
		m->doc = NULL;
		dtbind_doc_load_string("<lsp>", body, len, NULL, DTBIND_DOC_JSON, &m->doc);
		free(body);
	}
	return n;
}

int lsp_serve(int in, int out, enum dtbind_gen gen, FILE *log)
{
	struct server s = { .out = out, .log = log };
	struct lsp_reader r;
	struct msg *batch = NULL;
	size_t cap = 0;
	bool eof = false;

	s.ws = lsp_workspace_new(gen, log);
	if (!s.ws)
		return 2;
	lsp_reader_init(&r, in);
	while (!eof && !s.exit && !s.output_gone) {
		size_t n = read_batch(&s, &r, &batch, &cap, &eof);

		mark_cancelled(batch, n);
		for (size_t i = 0; i < n; i++) {
			if (!s.exit)
				handle(&s, &batch[i]);
			dtbind_doc_free(batch[i].doc);
		}
		if (!s.exit)
			flush_dirty(&s);
	}
	free(batch);
	lsp_reader_free(&r);
	lsp_docs_free(&s.docs);
	lsp_workspace_free(s.ws);
	/* LSP: exit after shutdown is a success, without it an error. */
	return s.shutdown ? 0 : 1;
}
