// SPDX-License-Identifier: BSD-2-Clause
/*
 * diag.c - the one diagnostics sink.  Reporters hand it findings; it applies
 * -W/-Wno, -Werror and --max-errors, counts, and passes each surviving
 * finding as a record to one consumer: the gcc-style printer, the JSON Lines
 * printer, an in-memory collection, or a caller's callback (libfyaml's
 * output_fn, jq's error callback).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct dtbind_diag {
	dtbind_diag_fn fn;	/* the consumer */
	void *user;
	FILE *out;
	enum dtbind_format format;
	bool show_source;
	unsigned max;
	unsigned printed;
	bool suppressing;	/* the last non-note finding was over max: drop its notes too */
	unsigned count[DTBIND_ERROR + 1];
	/* Last file read for source lines: findings come in file order. */
	char *src_path;
	char *src;
	size_t src_len;
	uint32_t quoted_line, quoted_col;	/* of the last quote, in src_path */
	bool werror;
	struct rule_override {
		char *rule;
		int severity;
	} *overrides;
	size_t n_overrides;
	char *input;		/* dtbind_diag_set_input */
	/* SARIF: the results so far; the one open (its notes are related locations). */
	struct strbuf sarif;
	bool sarif_open, sarif_related;
	/* The collect consumer: deep copies, in order. */
	struct dtbind_finding *kept;
	size_t n_kept, cap_kept;
};

static const char *const severity_name[] = {
	[DTBIND_NOTE] = "note",
	[DTBIND_WARNING] = "warning",
	[DTBIND_ERROR] = "error",
};

static void emit_gcc(void *user, const struct dtbind_finding *f);
static void emit_json(void *user, const struct dtbind_finding *f);
static void emit_dtschema(void *user, const struct dtbind_finding *f);
static void emit_yamllint(void *user, const struct dtbind_finding *f);
static void collect(void *user, const struct dtbind_finding *f);
static void emit_sarif(void *user, const struct dtbind_finding *f);
static void sarif_finish(struct dtbind_diag *d);

struct dtbind_diag *dtbind_diag_new(FILE *out, enum dtbind_format format)
{
	struct dtbind_diag *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->out = out;
	d->format = format;
	d->fn = format == DTBIND_FORMAT_JSON ? emit_json :
		format == DTBIND_FORMAT_SARIF ? emit_sarif :
		format == DTBIND_FORMAT_DTSCHEMA ? emit_dtschema :
		format == DTBIND_FORMAT_YAMLLINT ? emit_yamllint : emit_gcc;
	sb_init(&d->sarif);
	d->user = d;
	return d;
}

struct dtbind_diag *dtbind_diag_new_callback(dtbind_diag_fn fn, void *user)
{
	struct dtbind_diag *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->fn = fn;
	d->user = user;
	return d;
}

void dtbind_diag_set_callback(struct dtbind_diag *d, dtbind_diag_fn fn, void *user)
{
	d->fn = fn;
	d->user = user;
}

struct dtbind_diag *dtbind_diag_new_collect(void)
{
	struct dtbind_diag *d = dtbind_diag_new_callback(collect, NULL);

	if (d)
		d->user = d;
	return d;
}

void dtbind_diag_set_input(struct dtbind_diag *d, const char *input)
{
	free(d->input);
	d->input = input ? strdup(input) : NULL;
}

static void finding_release(struct dtbind_finding *f)
{
	free((char *)f->input);
	free((char *)f->loc.file);
	free((char *)f->rule);
	free((char *)f->message);
	free((char *)f->node);
	free((char *)f->schema);
	free((char *)f->fix_from);
	free((char *)f->fix_to);
}

void dtbind_diag_clear(struct dtbind_diag *d)
{
	for (size_t i = 0; i < d->n_kept; i++)
		finding_release(&d->kept[i]);
	d->n_kept = 0;
}

size_t dtbind_diag_collected(const struct dtbind_diag *d, const struct dtbind_finding **out)
{
	*out = d->kept;
	return d->n_kept;
}

void dtbind_diag_free(struct dtbind_diag *d)
{
	if (!d)
		return;
	if (d->format == DTBIND_FORMAT_SARIF && d->fn == emit_sarif)
		sarif_finish(d);
	sb_free(&d->sarif);
	free(d->input);
	free(d->src_path);
	free(d->src);
	dtbind_diag_clear(d);
	free(d->kept);
	for (size_t i = 0; i < d->n_overrides; i++)
		free(d->overrides[i].rule);
	free(d->overrides);
	free(d);
}

int dtbind_diag_set_rule(struct dtbind_diag *d, const char *rule, int severity)
{
	if (severity < -1 || severity > DTBIND_ERROR)
		return -DTBIND_EINVAL;	/* would index count[] out of bounds */
	for (size_t i = 0; i < d->n_overrides; i++)
		if (dtbind_rule_name_equal(d->overrides[i].rule, rule)) {
			d->overrides[i].severity = severity;
			return 0;
		}
	struct rule_override *no = realloc(d->overrides, (d->n_overrides + 1) * sizeof(*no));

	if (!no)
		return -DTBIND_ENOMEM;
	d->overrides = no;
	no[d->n_overrides].rule = strdup(rule);
	if (!no[d->n_overrides].rule)
		return -DTBIND_ENOMEM;
	no[d->n_overrides++].severity = severity;
	return 0;
}

int dtbind_diag_set_rule_default(struct dtbind_diag *d, const char *rule, int severity)
{
	for (size_t i = 0; i < d->n_overrides; i++)
		if (dtbind_rule_name_equal(d->overrides[i].rule, rule))
			return 0;	/* the user said already */
	return dtbind_diag_set_rule(d, rule, severity);
}

void dtbind_diag_set_werror(struct dtbind_diag *d, bool werror)
{
	d->werror = werror;
}

void dtbind_diag_set_show_source(struct dtbind_diag *d, bool show)
{
	d->show_source = show;
}

void dtbind_diag_set_max(struct dtbind_diag *d, unsigned max)
{
	d->max = max;
}

unsigned dtbind_diag_count(const struct dtbind_diag *d, enum dtbind_severity sev)
{
	return d->count[sev];
}

unsigned dtbind_diag_findings(const struct dtbind_diag *d)
{
	return d->count[DTBIND_ERROR] + d->count[DTBIND_WARNING];
}

/* The text of line @line (1-based) of @file, or NULL. */
static const char *source_line(struct dtbind_diag *d, const char *file, uint32_t line, size_t *len)
{
	if (!d->src_path || strcmp(d->src_path, file) != 0) {
		free(d->src_path);
		free(d->src);
		d->src = NULL;
		d->src_path = strdup(file);
		/* The built-in schemas are quoted from the copy in the program. */
		const struct embedded_file *ef =
			!strncmp(file, "<dtbind>/schemas/", 17) ? embedded_find(file + 17) : NULL;

		if (ef) {
			d->src = malloc(ef->len + 1);
			if (d->src) {
				memcpy(d->src, ef->data, ef->len);
				d->src[ef->len] = '\0';
				d->src_len = ef->len;
			}
		} else if (read_file(file, DTBIND_MAX_FILE_SIZE, &d->src, &d->src_len) < 0) {
			d->src = NULL;
		}
	}
	if (!d->src)
		return NULL;
	return text_line(d->src, d->src_len, line, len);
}

static void emit_gcc(void *user, const struct dtbind_finding *f)
{
	struct dtbind_diag *d = user;
	struct strbuf sb;

	sb_init(&sb);
	if (f->loc.file) {
		sb_puts(&sb, f->loc.file);
		if (f->loc.line)
			sb_printf(&sb, ":%u:%u", f->loc.line, f->loc.col ? f->loc.col : 1);
		sb_puts(&sb, ": ");
	}
	sb_printf(&sb, "%s: ", severity_name[f->severity]);
	/* Notes belong to the finding above them, which named the node already. */
	if (f->node && *f->node && f->severity != DTBIND_NOTE)
		sb_printf(&sb, "%s: ", f->node);
	sb_puts(&sb, f->message);
	if (f->rule)
		sb_printf(&sb, " [%s]", f->rule);
	sb_putc(&sb, '\n');
	/* A note at the place just quoted (a hint, then the keyword) is not quoted again. */
	bool again = f->severity == DTBIND_NOTE && d->src_path && f->loc.file &&
		     !strcmp(d->src_path, f->loc.file) && f->loc.line == d->quoted_line &&
		     f->loc.col == d->quoted_col;

	if (d->show_source && f->loc.file && f->loc.line && !again) {
		size_t len;
		const char *line = source_line(d, f->loc.file, f->loc.line, &len);

		d->quoted_line = d->quoted_col = 0;
		if (line) {
			d->quoted_line = f->loc.line;
			d->quoted_col = f->loc.col;
			sb_printf(&sb, "  %5u | ", f->loc.line);
			sb_putn(&sb, line, len);
			sb_puts(&sb, "\n        | ");
			for (uint32_t c = 1; c < f->loc.col && c <= len; c++)
				sb_putc(&sb, line[c - 1] == '\t' ? '\t' : ' ');
			sb_puts(&sb, "^\n");
		}
	}
	/* One write per finding so parallel runs do not interleave lines. */
	if (d->out)
		fwrite(sb_cstr(&sb), 1, sb.len, d->out);
	sb_free(&sb);
}

static void json_field(struct strbuf *sb, const char *name, const char *value)
{
	if (!value)
		return;
	sb_printf(sb, ",\"%s\":", name);
	sb_json_string(sb, value, strlen(value));
}

static void emit_json(void *user, const struct dtbind_finding *f)
{
	struct dtbind_diag *d = user;
	struct strbuf sb;

	sb_init(&sb);
	sb_puts(&sb, "{\"file\":");
	if (f->loc.file)
		sb_json_string(&sb, f->loc.file, strlen(f->loc.file));
	else
		sb_puts(&sb, "null");
	if (f->loc.line)
		sb_printf(&sb, ",\"line\":%u,\"col\":%u", f->loc.line, f->loc.col ? f->loc.col : 1);
	else
		sb_puts(&sb, ",\"line\":null,\"col\":null");
	json_field(&sb, "severity", severity_name[f->severity]);
	json_field(&sb, "rule", f->rule);
	json_field(&sb, "message", f->message);
	json_field(&sb, "node", f->node);
	json_field(&sb, "schema", f->schema);
	json_field(&sb, "input", f->input);
	if (f->fix_from && f->fix_to) {
		json_field(&sb, "fix_from", f->fix_from);
		json_field(&sb, "fix_to", f->fix_to);
	}
	sb_puts(&sb, "}\n");
	/* Flushed: on stdout, findings keep their place among messages on stderr. */
	if (d->out) {
		fwrite(sb_cstr(&sb), 1, sb.len, d->out);
		fflush(d->out);
	}
	sb_free(&sb);
}

static char *dup_or_null(const char *s, bool *ok)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*ok = false;
	return c;
}

static void collect(void *user, const struct dtbind_finding *f)
{
	struct dtbind_diag *d = user;
	struct dtbind_finding c = *f;
	bool ok = true;

	if (d->n_kept == d->cap_kept) {
		size_t cap = d->cap_kept ? 2 * d->cap_kept : 16;
		struct dtbind_finding *k = realloc(d->kept, cap * sizeof(*k));

		if (!k)
			return;	/* counted, not kept: the count still says there was one */
		d->kept = k;
		d->cap_kept = cap;
	}
	c.loc.file = dup_or_null(f->loc.file, &ok);
	c.rule = dup_or_null(f->rule, &ok);
	c.message = dup_or_null(f->message, &ok);
	c.node = dup_or_null(f->node, &ok);
	c.schema = dup_or_null(f->schema, &ok);
	c.input = dup_or_null(f->input, &ok);
	c.fix_from = dup_or_null(f->fix_from, &ok);
	c.fix_to = dup_or_null(f->fix_to, &ok);
	if (!ok) {
		finding_release(&c);
		return;
	}
	d->kept[d->n_kept++] = c;
}

/*
 * dt-validate's layout, which kernel developers know: no severity, the node
 * after the file, notes indented under their finding, the schema's $id on
 * the last of them.  Our line:col stays where there is one.
 */
static void emit_dtschema(void *user, const struct dtbind_finding *f)
{
	struct dtbind_diag *d = user;
	struct strbuf sb;

	sb_init(&sb);
	if (f->severity == DTBIND_NOTE) {
		/* The note naming the schema reads as dt-validate's last line. */
		if (f->schema && !strcmp(f->message, "from this schema")) {
			const char *hash = strchr(f->schema, '#');

			sb_puts(&sb, "\tfrom schema $id: ");
			sb_putn(&sb, f->schema, hash ? (size_t)(hash - f->schema) : strlen(f->schema));
		} else {
			sb_printf(&sb, "\t%s", f->message);
		}
	} else {
		if (f->loc.file) {
			sb_puts(&sb, f->loc.file);
			if (f->loc.line)
				sb_printf(&sb, ":%u:%u", f->loc.line, f->loc.col ? f->loc.col : 1);
			sb_puts(&sb, ": ");
		}
		if (f->severity == DTBIND_WARNING)
			sb_puts(&sb, "warning: ");
		if (f->node && *f->node)
			sb_printf(&sb, "%s: ", f->node);
		sb_puts(&sb, f->message);
	}
	sb_putc(&sb, '\n');
	if (d->out)
		fwrite(sb_cstr(&sb), 1, sb.len, d->out);
	sb_free(&sb);
}

/* yamllint -f parsable; notes have no place there. */
static void emit_yamllint(void *user, const struct dtbind_finding *f)
{
	struct dtbind_diag *d = user;

	if (f->severity == DTBIND_NOTE || !d->out)
		return;
	fprintf(d->out, "%s:%u:%u: [%s] %s", f->loc.file ? f->loc.file : "-",
		f->loc.line ? f->loc.line : 1, f->loc.col ? f->loc.col : 1,
		severity_name[f->severity], f->message);
	if (f->rule)
		fprintf(d->out, " (%s)", f->rule);
	fputc('\n', d->out);
}

void dtbind_diag_emit(struct dtbind_diag *d, const struct dtbind_finding *in)
{
	struct dtbind_finding copy = *in;
	const struct dtbind_finding *f = &copy;

	if (!copy.input)
		copy.input = d->input;
	if (in->rule) {
		for (size_t i = 0; i < d->n_overrides; i++) {
			if (!dtbind_rule_name_equal(d->overrides[i].rule, in->rule))
				continue;
			if (d->overrides[i].severity < 0) {
				if (in->severity != DTBIND_NOTE)
					d->suppressing = true;	/* its notes go too */
				return;
			}
			copy.severity = (enum dtbind_severity)d->overrides[i].severity;
		}
	}
	if (d->werror && copy.severity == DTBIND_WARNING)
		copy.severity = DTBIND_ERROR;
	d->count[f->severity]++;
	/* Notes follow their finding: printed with it, or dropped with it. */
	if (f->severity != DTBIND_NOTE) {
		d->suppressing = d->max && d->printed >= d->max;
		if (!d->suppressing)
			d->printed++;
	}
	if (d->suppressing)
		return;
	d->fn(d->user, f);
}

void dtbind_diag_vreport(struct dtbind_diag *d, enum dtbind_severity sev, struct dtbind_loc loc,
			 const char *rule, const char *fmt, va_list ap)
{
	struct dtbind_finding f = { .severity = sev, .loc = loc, .rule = rule };
	va_list ap2;

	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);

	va_end(ap2);
	if (n >= 0) {
		char *buf = malloc((size_t)n + 1);

		if (buf) {
			vsnprintf(buf, (size_t)n + 1, fmt, ap);
			f.message = buf;
			dtbind_diag_emit(d, &f);
			free(buf);
			return;
		}
	}
	f.message = "out of memory formatting a diagnostic";
	dtbind_diag_emit(d, &f);
}

void dtbind_diag_report(struct dtbind_diag *d, enum dtbind_severity sev, struct dtbind_loc loc,
			const char *rule, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dtbind_diag_vreport(d, sev, loc, rule, fmt, ap);
	va_end(ap);
}

/*
 * SARIF 2.1.0: one run; tool.driver.rules is the registry; one result per
 * finding, its notes as relatedLocations.  Written whole when the sink is
 * freed, since it is one JSON document.
 */
static const char *const sarif_level[] = {
	[DTBIND_NOTE] = "note", [DTBIND_WARNING] = "warning", [DTBIND_ERROR] = "error",
};

static void sarif_location(struct strbuf *sb, const struct dtbind_finding *f)
{
	sb_puts(sb, "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
	sb_json_string(sb, f->loc.file, strlen(f->loc.file));
	sb_puts(sb, "}");
	if (f->loc.line)
		sb_printf(sb, ",\"region\":{\"startLine\":%u,\"startColumn\":%u}", f->loc.line,
			  f->loc.col ? f->loc.col : 1);
	sb_puts(sb, "}}");	/* physicalLocation, location */
}

static void sarif_message(struct strbuf *sb, const struct dtbind_finding *f)
{
	struct strbuf m;

	sb_init(&m);
	if (f->node && *f->node && f->severity != DTBIND_NOTE)
		sb_printf(&m, "%s: ", f->node);
	sb_puts(&m, f->message);
	sb_puts(sb, "\"message\":{\"text\":");
	sb_json_string(sb, sb_cstr(&m), m.len);
	sb_puts(sb, "}");
	sb_free(&m);
}

static void sarif_close(struct dtbind_diag *d)
{
	if (!d->sarif_open)
		return;
	if (d->sarif_related)
		sb_puts(&d->sarif, "]");
	sb_puts(&d->sarif, "}");
	d->sarif_open = d->sarif_related = false;
}

static void emit_sarif(void *user, const struct dtbind_finding *f)
{
	struct dtbind_diag *d = user;
	struct strbuf *sb = &d->sarif;

	if (f->severity == DTBIND_NOTE && d->sarif_open) {
		if (!f->loc.file)
			return;
		sb_puts(sb, d->sarif_related ? "," : ",\"relatedLocations\":[");
		d->sarif_related = true;
		sarif_location(sb, f);
		sb->len--;	/* the location's closing brace: the note's message goes inside */
		sb_puts(sb, ",");
		sarif_message(sb, f);
		sb_puts(sb, "}");
		return;
	}
	bool first = !sb->len;

	sarif_close(d);
	sb_puts(sb, first ? "" : ",");
	sb_puts(sb, "{\"ruleId\":");
	sb_json_string(sb, f->rule ? f->rule : "", f->rule ? strlen(f->rule) : 0);
	sb_printf(sb, ",\"level\":\"%s\",", sarif_level[f->severity]);
	sarif_message(sb, f);
	if (f->loc.file) {
		sb_puts(sb, ",\"locations\":[");
		sarif_location(sb, f);
		sb_puts(sb, "]");
	}
	if (f->input || f->schema) {
		sb_puts(sb, ",\"properties\":{");
		if (f->input) {
			sb_puts(sb, "\"input\":");
			sb_json_string(sb, f->input, strlen(f->input));
		}
		if (f->schema) {
			sb_puts(sb, f->input ? ",\"schema\":" : "\"schema\":");
			sb_json_string(sb, f->schema, strlen(f->schema));
		}
		sb_puts(sb, "}");
	}
	d->sarif_open = true;
}

static void sarif_finish(struct dtbind_diag *d)
{
	struct strbuf sb;
	size_t n;
	const struct dtbind_rule *rules = dtbind_rules(&n);

	sarif_close(d);
	sb_init(&sb);
	sb_puts(&sb, "{\"version\":\"2.1.0\",\"$schema\":"
		     "\"https://json.schemastore.org/sarif-2.1.0.json\",\"runs\":[{\"tool\":"
		     "{\"driver\":{\"name\":\"dtbind\",\"rules\":[");
	for (size_t i = 0; i < n; i++) {
		sb_puts(&sb, i ? ",{\"id\":" : "{\"id\":");
		sb_json_string(&sb, rules[i].name, strlen(rules[i].name));
		sb_puts(&sb, ",\"shortDescription\":{\"text\":");
		sb_json_string(&sb, rules[i].summary, strlen(rules[i].summary));
		sb_printf(&sb, "},\"defaultConfiguration\":{\"level\":\"%s\",\"enabled\":%s}}",
			  sarif_level[rules[i].severity], rules[i].off ? "false" : "true");
	}
	sb_puts(&sb, "]}},\"results\":[");
	sb_putn(&sb, sb_cstr(&d->sarif), d->sarif.len);
	sb_puts(&sb, "]}]}\n");
	if (d->out) {
		fwrite(sb_cstr(&sb), 1, sb.len, d->out);
		fflush(d->out);
	}
	sb_free(&sb);
}

/*
 * Records for a pipe or file between processes: a tag byte, the severity,
 * line and column, then the six strings, each as a length (~0 = NULL) and
 * its bytes.  Host byte order: both ends are the same program.
 */
static void rec_put_str(struct strbuf *sb, const char *s)
{
	uint32_t n = s ? (uint32_t)strlen(s) : UINT32_MAX;

	sb_putn(sb, (const char *)&n, sizeof(n));
	if (s)
		sb_putn(sb, s, n);
}

void dtbind_diag_encode(struct strbuf *sb, const struct dtbind_finding *f)
{
	uint32_t head[3] = { (uint32_t)f->severity, f->loc.line, f->loc.col };

	sb_putc(sb, 'F');
	sb_putn(sb, (const char *)head, sizeof(head));
	rec_put_str(sb, f->loc.file);
	rec_put_str(sb, f->rule);
	rec_put_str(sb, f->message);
	rec_put_str(sb, f->node);
	rec_put_str(sb, f->schema);
	rec_put_str(sb, f->input);
	rec_put_str(sb, f->fix_from);
	rec_put_str(sb, f->fix_to);
}

static bool rec_get_str(const char *buf, size_t len, size_t *pos, char **out)
{
	uint32_t n;

	*out = NULL;
	if (len - *pos < sizeof(n))
		return false;
	memcpy(&n, buf + *pos, sizeof(n));
	*pos += sizeof(n);
	if (n == UINT32_MAX)
		return true;
	if (len - *pos < n || !(*out = strndup(buf + *pos, n)))
		return false;
	*pos += n;
	return true;
}

int dtbind_diag_replay(struct dtbind_diag *d, const char *buf, size_t len)
{
	size_t pos = 0;

	while (pos < len) {
		uint32_t head[3];
		char *s[8] = { 0 };
		bool ok = buf[pos] == 'F' && len - pos - 1 >= sizeof(head);

		if (ok) {
			memcpy(head, buf + pos + 1, sizeof(head));
			pos += 1 + sizeof(head);
			ok = head[0] <= DTBIND_ERROR;
		}
		for (int i = 0; ok && i < 8; i++)
			ok = rec_get_str(buf, len, &pos, &s[i]);
		if (ok && s[2]) {
			struct dtbind_finding f = {
				.severity = (enum dtbind_severity)head[0],
				.loc = { .file = s[0], .line = head[1], .col = head[2] },
				.rule = s[1], .message = s[2], .node = s[3], .schema = s[4],
				.input = s[5],
				.fix_from = s[6], .fix_to = s[7],
			};

			dtbind_diag_emit(d, &f);
		}
		for (int i = 0; i < 8; i++)
			free(s[i]);
		if (!ok || !s[2])
			return -DTBIND_EPARSE;
	}
	return 0;
}
