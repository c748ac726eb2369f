// SPDX-License-Identifier: BSD-2-Clause
/*
 * parts.c - parts of a text for other devices: a part with a heading of
 * its own ("2) sti-sas-codec: ...", "DISPC\n-----") whose compatibles the
 * schema holds nowhere is converted on its own beside the output; one
 * without a heading is said, not lost.
 */
#define _GNU_SOURCE
#include <sys/stat.h>

#include "doc2yaml-private.h"

/* Is line index @i a heading of a part of the text ("2) sti-sas-codec: ...", "DISPC\n-----")? */
static bool part_heading(const struct conv *cv, size_t i)
{
	struct heading h;

	return classify_heading(cv, i, false, &h) && h.kind == SEC_OTHER;
}

/*
 * The line that names the part whose heading is line @i: @i, or for a
 * section label ("DESCRIPTION" of an ePAPR-style text) the title over it,
 * under its rule ("=====\nFMan MURAM Node\n\nDESCRIPTION").
 */
static size_t part_title_line(const struct conv *cv, size_t i)
{
	static const char *const labels[] = { "description", "overview", "introduction" };
	const char *t = cv->lines[i].t;
	size_t j = i;

	if (!span_in_ci(t, strcspn(t, ":"), labels, ARRAY_SIZE(labels)))
		return i;
	while (j > 0 && cv->lines[j - 1].blank)
		j--;
	if (j < 2 || is_rule_line(&cv->lines[j - 1]) || !is_rule_line(&cv->lines[j - 2]) ||
	    strlen(cv->lines[j - 1].t) > 80)
		return i;
	return j - 1;
}

/*
 * The part of the text around line @line (1-based): from the part heading
 * before it to the line before the next part heading, or the end.  False
 * when no part heading comes before it, or the title is the part's.
 */
bool part_range(const struct conv *cv, unsigned line, unsigned *first, unsigned *last)
{
	size_t at = line_index(cv, line), start = SIZE_MAX, end;

	for (size_t i = at; at != SIZE_MAX && i-- > 0;)
		if (part_heading(cv, i)) {
			start = i;
			break;
		}
	if (start == SIZE_MAX || cv->lines[start].no <= cv->title_line)
		return false;
	for (end = at + 1; end < cv->nlines && !part_heading(cv, end); end++)
		;
	*first = cv->lines[part_title_line(cv, start)].no;
	*last = end < cv->nlines ? cv->lines[part_title_line(cv, end)].no - 1 :
		cv->lines[cv->nlines - 1].no;
	return true;
}

/*
 * A part of lines @first..@last for other devices (@names, ", "-separated,
 * the first naming its file) recorded for dtbind_doc2yaml_file() to convert
 * on its own; false when the output is not a file, or the part holds the
 * device's own compatible item.
 */
static bool note_part(struct conv *cv, unsigned first, unsigned last, const char *names)
{
	struct dtbind_doc2yaml *c = cv->c;
	struct text_part *tp = &c->parts[c->nparts];
	const char *sep = strstr(names, ", ");
	size_t nl = sep ? (size_t)(sep - names) : strlen(names);

	if (!c->split_parts || c->nparts >= ARRAY_SIZE(c->parts) ||
	    (cv->compat_line >= first && cv->compat_line <= last) ||
	    (size_t)snprintf(tp->name, sizeof(tp->name), "%.*s.yaml", (int)nl, names) >=
		    sizeof(tp->name) || strchr(tp->name, '/'))
		return false;
	tp->first = first;
	tp->last = last;
	snprintf(tp->title, sizeof(tp->title), "%s", cv->title ? cv->title : "");
	snprintf(tp->compats, sizeof(tp->compats), "%s", names);
	for (char *k = tp->compats; (k = strstr(k, ", ")) != NULL;)
		memmove(k, k + 1, strlen(k + 1) + 1), *k = '\n';
	strncat(tp->compats, "\n", sizeof(tp->compats) - strlen(tp->compats) - 1);
	c->nparts++;
	return true;
}

/* An uncovered compatible of another device's part, with where it is. */
struct uncovered {
	const char *s;
	unsigned line, first, last;	/* its line; its part's lines (0: no part) */
};

static bool in_yaml(const char *yaml, const char *s)
{
	char quoted[160];
	bool seen;

	snprintf(quoted, sizeof(quoted), " %s\n", s);
	seen = strstr(yaml, quoted) != NULL;
	snprintf(quoted, sizeof(quoted), "\"%s\"", s);
	return seen || strstr(yaml, quoted) != NULL;
}

/* Lines @first..@last are a part converted on its own: not the schema's description. */
void note_other_part(struct conv *cv, unsigned first, unsigned last)
{
	struct line_range *r = cv_alloc(cv, sizeof(*r));

	for (size_t i = 0; i < cv->other_parts.n; i++) {
		const struct line_range *o = cv->other_parts.v[i];

		if (o->first == first && o->last == last)
			return;
	}
	if (!r)
		return;
	r->first = first;
	r->last = last;
	vec_push(cv, &cv->other_parts, r);
}

bool in_other_part(const struct conv *cv, unsigned line)
{
	for (size_t i = 0; i < cv->other_parts.n; i++) {
		const struct line_range *r = cv->other_parts.v[i];

		if (line >= r->first && line <= r->last)
			return true;
	}
	return false;
}

/* Is @s a compatible of a child node whose part of the text is converted on its own? */
bool part_child(const struct conv *cv, const char *s)
{
	for (size_t i = 0; i < cv->part_children.n; i++)
		if (!strcmp(cv->part_children.v[i], s))
			return true;
	return false;
}

/*
 * Compatibles of another device's part of the text ("2) sti-sas-codec:
 * internal audio codec", its own "Required properties") that the schema
 * holds nowhere, neither as the device's nor as a child's: each such part
 * is converted on its own when the output is a file (dtbind_doc2yaml_file),
 * else said, so that it is not lost without a word.
 */
void report_uncovered_parts(struct conv *cv, const char *yaml)
{
	struct uncovered u[64];
	size_t nu = 0;

	/* A sibling device's compatibles count where the schema has them, not in its examples. */
	const char *ex = yaml ? strstr(yaml, "\nexamples:") : NULL;
	char *schema = yaml ? strndup(yaml, ex ? (size_t)(ex - yaml + 1) : strlen(yaml)) : NULL;
	size_t nsub = cv->sub_compat.n, nsib = cv->sibling_compat.n;

	for (size_t i = 0; i < nsub + nsib + cv->part_children.n && schema && nu < ARRAY_SIZE(u);
	     i++) {
		const char *s = i < nsub ? cv->sub_compat.v[i] :
				i < nsub + nsib ? cv->sibling_compat.v[i - nsub] :
				cv->part_children.v[i - nsub - nsib];
		size_t vl = s ? strcspn(s, ",") : 0;
		bool dup = false;

		if (!s)
			continue;	/* an item's list ends */
		/* Not a form ("slimMID,PID", "...-vX.Y") nor a generic parent's ("syscon"). */
		if (!valid_compatible(s) || !s[vl] || strstr(s, "X.Y") ||
		    strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") < vl ||
		    (in_yaml(i < nsub ? yaml : schema, s) && !part_child(cv, s)))
			continue;
		for (size_t k = 0; k < nu; k++)
			dup |= !strcmp(u[k].s, s);
		if (dup)
			continue;
		u[nu] = (struct uncovered){ .s = s };
		for (size_t k = 0; k < cv->nlines && !u[nu].line; k++)
			if (strstr(cv->lines[k].s, s))
				u[nu].line = cv->lines[k].no;
		if (!u[nu].line || !part_range(cv, u[nu].line, &u[nu].first, &u[nu].last))
			u[nu].first = u[nu].last = 0;
		nu++;
	}
	/* One finding per part (and one for those in no part), in the order of the text. */
	for (size_t i = 0; i < nu; i++) {
		struct strbuf names;
		bool done = false;

		for (size_t k = 0; k < i && !done; k++)
			done = u[k].first == u[i].first;
		if (done)
			continue;
		sb_init(&names);
		for (size_t k = i; k < nu; k++)
			if (u[k].first == u[i].first) {
				sb_puts(&names, names.len ? ", " : "");
				sb_puts(&names, u[k].s);
			}
		if (u[i].first && note_part(cv, u[i].first, u[i].last, sb_cstr(&names)))
			finding(cv, DTBIND_NOTE, u[i].line, 1, "doc2yaml-part",
				"the text documents %s in a part of its own (lines %u-%u): converted "
				"on its own, into %s", sb_cstr(&names), u[i].first, u[i].last,
				cv->c->parts[cv->c->nparts - 1].name);
		else
			finding(cv, DTBIND_WARNING, u[i].line, 1, "doc2yaml-part",
				"the text documents %s, which this schema does not cover (a part for "
				"another device without a heading of its own, or child nodes no example "
				"shows); give it a schema of its own, or its child node one here",
				sb_cstr(&names));
		sb_free(&names);
	}
	free(schema);
}

/*
 * The end of the example that starts at line @l ("Example..."): the next
 * line at the margin that is neither code nor blank, or the end.
 */
static const char *example_end(const char *l)
{
	const char *eol = strchr(l, '\n'), *end = eol ? eol + 1 : l + strlen(l);

	while (*end) {
		const char *e = strchr(end, '\n');
		size_t n = e ? (size_t)(e - end) : strlen(end);
		bool code = memchr(end, '{', n) || memchr(end, ';', n) || *end == '}' || *end == '/';

		if (*end != '\n' && *end != ' ' && *end != '\t' && !code)
			break;	/* prose or a heading at the margin */
		end += n + (e != NULL);
	}
	return end;
}

/*
 * In a part's text, an example that shows none of its compatibles (the
 * main device's, at the end of the file) is blanked: it is not the part's.
 * An example runs from an "Example" line to its example_end().
 */
static void blank_others_examples(char *text, const char *compats)
{
	for (char *l = text; l && *l;) {
		char *eol = strchr(l, '\n');

		if (!starts_with_ci(skip_blanks(l), "example")) {
			l = eol ? eol + 1 : NULL;
			continue;
		}
		char *end = (char *)example_end(l);
		bool ours = false;

		for (const char *c = compats; *c;) {
			const char *ce = strchr(c, '\n');
			size_t cl = ce ? (size_t)(ce - c) : strlen(c);
			char q[160];

			if (cl + 3 <= sizeof(q)) {
				int ql = snprintf(q, sizeof(q), "\"%.*s\"", (int)cl, c);

				ours |= memmem(l, (size_t)(end - l), q, (size_t)ql) != NULL;
			}
			c = ce ? ce + 1 : c + cl;
		}
		for (char *p = l; !ours && p < end; p++)
			if (*p != '\n')
				*p = ' ';
		l = end;
	}
}

/* An example of the text: its bytes [start, end) and its first line. */
struct example_range {
	size_t start, end;
	unsigned line;
};

/*
 * The examples of the text ("Examples:" and its code) in @r (at most
 * @max); how many.  A part whose own lines show none takes the text's (the
 * examples at its end, dra7-atl's): blank_others_examples() then keeps
 * those of its device.
 */
static size_t example_ranges(const char *buf, struct example_range *r, size_t max)
{
	size_t n = 0;
	unsigned line = 1;

	for (const char *l = buf; l && *l && n < max;) {
		const char *eol = strchr(l, '\n');

		if (starts_with_ci(skip_blanks(l), "example")) {
			const char *end = example_end(l);

			r[n++] = (struct example_range){ (size_t)(l - buf), (size_t)(end - buf), line };
			for (; l < end; l++)
				line += *l == '\n';
			continue;
		}
		line++;
		l = eol ? eol + 1 : NULL;
	}
	return n;
}

int doc2yaml_write_output(struct dtbind_doc2yaml *c, const char *out, const char *yaml,
			  size_t ylen, bool force)
{
	const struct strbuf part = { .buf = (char *)yaml, .len = ylen }, *parts[] = { &part };
	int ret = write_file_atomic(out, parts, 1, -1, force ? WRITE_IF_CHANGED : WRITE_NO_REPLACE);

	if (ret)
		dtbind_diag_report(c->diag, DTBIND_ERROR, (struct dtbind_loc){ .file = out },
				   "doc2yaml-output", "cannot write: %s", strerror(errno));
	return ret;
}

/*
 * Each part of the text the last conversion recorded (another device's,
 * with a heading of its own) converted on its own: the text with every
 * other line blanked, so that findings keep the .txt's line numbers and
 * the part's heading is its title, into the part's file beside @out.
 */
int convert_parts(struct dtbind_doc2yaml *c, const char *in, const char *buf, size_t len,
		  const char *out, bool force)
{
	struct text_part parts[ARRAY_SIZE(c->parts)];
	size_t np = c->nparts;
	const char *slash = strrchr(out, '/');
	int ret = 0;

	struct example_range exr[32];
	size_t nexr = np ? example_ranges(buf, exr, ARRAY_SIZE(exr)) : 0;

	memcpy(parts, c->parts, np * sizeof(parts[0]));
	c->nparts = 0;
	for (size_t k = 0; k < np && !ret; k++) {
		char *text = malloc(len + 1), *path = NULL, *yaml = NULL;
		size_t ylen = 0;
		unsigned line = 1;
		struct stat st;

		if (!text || asprintf(&path, "%.*s%s", slash ? (int)(slash - out + 1) : 0, out,
				      parts[k].name) < 0) {
			free(text);
			return -DTBIND_ENOMEM;
		}
		size_t nex = nexr, er = 0;

		/* The part's own examples, if it has one; else the text's. */
		for (size_t e = 0; e < nex; e++)
			if (exr[e].line >= parts[k].first && exr[e].line <= parts[k].last)
				nex = 0;
		for (size_t i = 0, o = 0, bol = 1, ex = 0; i < len; i++) {
			while (er < nex && exr[er].end <= i)
				er++;
			if (bol)
				ex = er < nex && exr[er].start <= i;
			if (buf[i] == '\n' || ex || (line >= parts[k].first && line <= parts[k].last))
				text[o++] = buf[i];
			bol = buf[i] == '\n';
			line += buf[i] == '\n';
			text[o] = '\0';
		}
		blank_others_examples(text, parts[k].compats);
		if (!force && lstat(path, &st) == 0) {
			dtbind_diag_report(c->diag, DTBIND_WARNING,
					   (struct dtbind_loc){ .file = in, .line = parts[k].first },
					   "doc2yaml-part", "%s exists: the part is not converted "
					   "(--force replaces it)", path);
		} else {
			c->part_of = parts[k].title;
			ret = dtbind_doc2yaml_convert(c, in, text, strlen(text), path, &yaml, &ylen);
			c->part_of = NULL;
			if (!ret && yaml)
				ret = doc2yaml_write_output(c, path, yaml, ylen, force);
		}
		free(yaml);
		free(path);
		free(text);
	}
	return ret;
}

