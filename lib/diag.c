// SPDX-License-Identifier: BSD-2-Clause
/* diag.c - the one diagnostics sink: gcc-style text or JSON Lines. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct dtbind_diag {
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
};

static const char *const severity_name[] = {
	[DTBIND_NOTE] = "note",
	[DTBIND_WARNING] = "warning",
	[DTBIND_ERROR] = "error",
};

struct dtbind_diag *dtbind_diag_new(FILE *out, enum dtbind_format format)
{
	struct dtbind_diag *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->out = out;
	d->format = format;
	return d;
}

void dtbind_diag_free(struct dtbind_diag *d)
{
	if (!d)
		return;
	free(d->src_path);
	free(d->src);
	for (size_t i = 0; i < d->n_overrides; i++)
		free(d->overrides[i].rule);
	free(d->overrides);
	free(d);
}

/* Rule names compare with '_' and '-' alike: -Wno-unit_address_vs_reg works. */
static bool rule_equal(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char ca = *a == '_' ? '-' : *a, cb = *b == '_' ? '-' : *b;

		if (ca != cb)
			return false;
	}
	return *a == *b;
}

int dtbind_diag_set_rule(struct dtbind_diag *d, const char *rule, int severity)
{
	if (severity < -1 || severity > DTBIND_ERROR)
		return -DTBIND_EINVAL;	/* would index count[] out of bounds */
	for (size_t i = 0; i < d->n_overrides; i++)
		if (rule_equal(d->overrides[i].rule, rule)) {
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
		if (rule_equal(d->overrides[i].rule, rule))
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

static void emit_gcc(struct dtbind_diag *d, const struct dtbind_finding *f)
{
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

static void emit_json(struct dtbind_diag *d, const struct dtbind_finding *f)
{
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
	if (f->fix_from && f->fix_to) {
		json_field(&sb, "fix_from", f->fix_from);
		json_field(&sb, "fix_to", f->fix_to);
	}
	sb_puts(&sb, "}\n");
	if (d->out)
		fwrite(sb_cstr(&sb), 1, sb.len, d->out);
	sb_free(&sb);
}

void dtbind_diag_emit(struct dtbind_diag *d, const struct dtbind_finding *in)
{
	struct dtbind_finding copy = *in;
	const struct dtbind_finding *f = &copy;

	if (in->rule) {
		for (size_t i = 0; i < d->n_overrides; i++) {
			if (!rule_equal(d->overrides[i].rule, in->rule))
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
	if (d->format == DTBIND_FORMAT_JSON)
		emit_json(d, f);
	else
		emit_gcc(d, f);
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
