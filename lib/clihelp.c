// SPDX-License-Identifier: BSD-2-Clause
/*
 * clihelp.c - print a command's structured description as --help text, as a
 * man page, or as the list the shell completions read.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "clihelp.h"

#define WIDTH 79	/* --help fits an 80-column terminal */
#define OPT_COL 24	/* where an option's help starts */

/*
 * The length of the next word of @s, a word being what may not be broken:
 * up to a space outside brackets when @brackets (usage lines keep
 * "[-u BINDINGS_DIR]" whole), up to any space otherwise.
 */
static size_t word_len(const char *s, bool brackets)
{
	size_t n = 0;
	int depth = 0;

	while (s[n] && s[n] != '\n' && (s[n] != ' ' || depth > 0)) {
		if (brackets && s[n] == '[')
			depth++;
		else if (brackets && s[n] == ']' && depth > 0)
			depth--;
		n++;
	}
	return n;
}

/*
 * Print @text filled to WIDTH, starting at column @col (already printed),
 * continuation lines indented by @indent.  A single newline is a space, an
 * empty line ends a paragraph (printed as an empty line, then @indent).
 */
static void fill(FILE *out, const char *text, size_t col, size_t indent, bool brackets)
{
	const char *p = text;
	bool first = true;
	size_t gap = 1;

	while (*p) {
		if (*p == ' ' || (*p == '\n' && p[1] != '\n')) {
			/* two spaces after a sentence stay two */
			gap = p > text + 1 && p[-1] == ' ' && p[-2] == '.' ? 2 : 1;
			p++;
			continue;
		}
		if (*p == '\n') {
			while (*p == '\n')
				p++;
			fprintf(out, "\n\n%*s", (int)indent, "");
			col = indent;
			first = true;
			continue;
		}
		size_t n = word_len(p, brackets);

		if (!first && col + gap + n > WIDTH) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
			first = true;
		}
		if (!first) {
			fprintf(out, "%*s", (int)gap, "");
			col += gap;
		}
		fprintf(out, "%.*s", (int)n, p);
		col += n;
		first = false;
		p += n;
	}
	fputc('\n', out);
}

/* "-u, --url-path DIR", "    --format=FORMAT", "-I DIR": the option as shown. */
static int option_label(char *buf, size_t size, const struct cli_option *o)
{
	const char *arg = o->arg ? o->arg : "";
	const char *sep = o->arg && o->arg[0] != '=' && o->arg[0] != '[' ? " " : "";

	if (o->shrt && o->lng)
		return snprintf(buf, size, "-%c, --%s%s%s", o->shrt, o->lng, sep, arg);
	if (o->shrt)
		return snprintf(buf, size, "-%c%s%s", o->shrt, sep, arg);
	return snprintf(buf, size, "    --%s%s%s", o->lng, sep, arg);
}

void cli_help_print(FILE *out, const struct cli_help *h)
{
	bool program = !strcmp(h->name, "dtbind");
	char prefix[64];

	snprintf(prefix, sizeof(prefix), program ? "dtbind" : "dtbind %s", h->name);
	for (size_t i = 0; h->synopsis[i]; i++) {
		int col = fprintf(out, "%s %s ", i ? "      " : "usage:", prefix);

		fill(out, h->synopsis[i], (size_t)col, (size_t)col, true);
	}
	fputc('\n', out);
	fill(out, h->description, 0, 0, false);
	if (h->commands) {
		fprintf(out, "\ncommands:\n");
		for (size_t i = 0; h->commands[i]; i++)
			fprintf(out, "  %-12s %s\n", h->commands[i]->name, h->commands[i]->summary);
	}
	if (h->options && h->options[0].help) {
		fputc('\n', out);
		for (const struct cli_option *o = h->options; o->help; o++) {
			char label[128];
			int n = option_label(label, sizeof(label), o);

			fprintf(out, "  %s", label);
			n += 2;
			if (n + 2 > OPT_COL) {
				fprintf(out, "  ");
				n += 2;
			} else {
				fprintf(out, "%*s", OPT_COL - n, "");
				n = OPT_COL;
			}
			fill(out, o->help, (size_t)n, OPT_COL, false);
		}
	}
	if (h->examples && h->examples[0].cmd) {
		fprintf(out, "\nexamples:\n");
		for (const struct cli_example *e = h->examples; e->cmd; e++) {
			fprintf(out, "  # ");
			fill(out, e->what, 4, 4, false);
			fprintf(out, "  %s\n", e->cmd);
		}
	}
	if (h->see_also) {
		fprintf(out, "\nSee also:");
		for (const char *p = h->see_also; *p;) {
			size_t n = strcspn(p, " ");

			fprintf(out, " dtbind %.*s%s", (int)n, p, p[n] ? "," : "");
			p += n + (p[n] == ' ');
		}
		fprintf(out, "; 'man dtbind%s%s'.\n", program ? "" : "-", program ? "" : h->name);
	}
	fprintf(out, "\nExit status: ");
	fill(out, h->exit_status, 13, 0, false);
}

/*
 * Text for a roff text line: backslashes and minus signs escaped, a line
 * break of the source a space, no control character at the start of a
 * line.  @nobreak keeps bracketed groups on one line (usage).
 */
static void roff_text(FILE *out, const char *s, size_t n, bool nobreak)
{
	int depth = 0;
	bool bol = true;

	for (size_t i = 0; i < n && s[i]; i++) {
		char c = s[i];

		if (bol && (c == '.' || c == '\''))
			fputs("\\&", out);
		bol = false;
		if (c == '\\')
			fputs("\\e", out);
		else if (c == '-')
			fputs("\\-", out);
		else if (c == '\n')
			fputc(' ', out);
		else if (c == ' ' && nobreak && depth > 0)
			fputs("\\ ", out);
		else
			fputc(c, out);
		if (c == '[')
			depth++;
		else if (c == ']' && depth > 0)
			depth--;
	}
}

/* Paragraphs separated by empty lines, each an roff paragraph. */
static void roff_paragraphs(FILE *out, const char *s)
{
	bool first = true;

	while (*s) {
		const char *end = strstr(s, "\n\n");
		size_t n = end ? (size_t)(end - s) : strlen(s);

		while (n && s[n - 1] == '\n')
			n--;
		if (n) {
			if (!first)
				fputs(".PP\n", out);
			roff_text(out, s, n, false);
			fputc('\n', out);
			first = false;
		}
		if (!end)
			break;
		s = end;
		while (*s == '\n')
			s++;
	}
}

static void upper(FILE *out, const char *s)
{
	for (; *s; s++)
		fputc(toupper((unsigned char)*s), out);
}

static void man_options(FILE *out, const struct cli_option *o)
{
	fputs(".SH OPTIONS\n", out);
	for (; o->help; o++) {
		fputs(".TP\n", out);
		if (o->shrt)
			fprintf(out, "\\fB\\-%c\\fR%s", o->shrt, o->lng ? ", " : "");
		if (o->lng) {
			fputs("\\fB\\-\\-", out);
			roff_text(out, o->lng, strlen(o->lng), false);
			fputs("\\fR", out);
		}
		if (o->arg && o->arg[0] == '[') {
			fputs("\\fI", out);
			roff_text(out, o->arg, strlen(o->arg), false);
			fputs("\\fR", out);
		} else if (o->arg) {
			bool glued = o->arg[0] == '=';

			fprintf(out, "%s\\fI", glued ? "=" : " ");
			roff_text(out, o->arg + glued, strlen(o->arg + glued), false);
			fputs("\\fR", out);
		}
		fputc('\n', out);
		roff_text(out, o->help, strlen(o->help), false);
		fputc('\n', out);
	}
}

void cli_help_man(FILE *out, const struct cli_help *h, const char *version)
{
	bool program = !strcmp(h->name, "dtbind");
	const char *dash = program ? "" : "-", *name = program ? "" : h->name;

	fputs(".TH DTBIND", out);
	if (!program) {
		fputc('-', out);
		upper(out, h->name);
	}
	fprintf(out, " 1 \"\" \"dtbind %s\" \"dtbind manual\"\n", version);
	/* options and paths read better unbroken and ragged */
	fputs(".nh\n.ad l\n", out);
	fprintf(out, ".SH NAME\ndtbind%s", dash);
	roff_text(out, name, strlen(name), false);
	fputs(" \\- ", out);
	roff_text(out, h->summary, strlen(h->summary), false);
	fputs("\n.SH SYNOPSIS\n", out);
	for (size_t i = 0; h->synopsis[i]; i++) {
		fprintf(out, "%s\\fBdtbind%s%s\\fR ", i ? ".br\n" : "", program ? "" : " ", name);
		roff_text(out, h->synopsis[i], strlen(h->synopsis[i]), true);
		fputc('\n', out);
	}
	fputs(".SH DESCRIPTION\n", out);
	roff_paragraphs(out, h->description);
	if (h->commands) {
		fputs(".SH COMMANDS\n", out);
		for (size_t i = 0; h->commands[i]; i++) {
			fprintf(out, ".TP\n\\fB%s\\fR\n", h->commands[i]->name);
			roff_text(out, h->commands[i]->summary, strlen(h->commands[i]->summary), false);
			fprintf(out, "; see \\fBdtbind\\-%s\\fR(1).\n", h->commands[i]->name);
		}
	}
	if (h->options && h->options[0].help)
		man_options(out, h->options);
	fputs(".SH EXIT STATUS\n", out);
	roff_paragraphs(out, h->exit_status);
	if (h->examples && h->examples[0].cmd) {
		fputs(".SH EXAMPLES\n", out);
		for (const struct cli_example *e = h->examples; e->cmd; e++) {
			fputs(e == h->examples ? "" : ".PP\n", out);
			roff_text(out, e->what, strlen(e->what), false);
			fputs("\n.PP\n.RS 4\n.EX\n", out);
			roff_text(out, e->cmd, strlen(e->cmd), false);
			fputs("\n.EE\n.RE\n", out);
		}
	}
	fputs(".SH SEE ALSO\n", out);
	if (!program)
		fputs("\\fBdtbind\\fR(1)", out);
	for (size_t i = 0; h->commands && h->commands[i]; i++)
		fprintf(out, "%s\\fBdtbind\\-%s\\fR(1)", i ? ",\n" : "", h->commands[i]->name);
	for (const char *p = h->see_also ? h->see_also : ""; *p;) {
		size_t n = strcspn(p, " ");

		fputs(",\n\\fBdtbind\\-", out);
		roff_text(out, p, n, false);
		fputs("\\fR(1)", out);
		p += n + (p[n] == ' ');
	}
	fputc('\n', out);
}

/* What a completion offers for an option's argument. */
static const char *arg_kind(const struct cli_option *o)
{
	const char *a = o->arg;
	size_t n;

	if (!a || *a == '[')
		return "";
	if (o->values)
		return "values";
	if (*a == '=')
		a++;
	n = strlen(a);
	if (!strcmp(a, "RULE"))
		return "rule";
	if (n >= 3 && !strcmp(a + n - 3, "DIR") && !strchr(a, '='))
		return "dir";
	if (!strcmp(a, "FILE") || !strcmp(a, "SCHEMA") || !strcmp(a, "OUT"))
		return "file";
	return "word";
}

void cli_help_complete(FILE *out, const struct cli_help *h)
{
	if (h->operand_words && !*h->operand_words)
		fprintf(out, "operands\tnone\n");
	else if (h->operand_words)
		fprintf(out, "operands\twords\t%s\n", h->operand_words);
	else
		fprintf(out, "operands\tfiles\t%s\n", h->operand_exts ? h->operand_exts : "");
	for (const struct cli_option *o = h->options; o && o->help; o++) {
		const char *kind = arg_kind(o);
		bool glued = o->arg && o->arg[0] == '=';

		if (o->shrt)
			fprintf(out, "-%c\t%s%s%s\n", o->shrt, kind, o->values ? "\t" : "",
				o->values ? o->values : "");
		if (o->lng)
			fprintf(out, "--%s%s\t%s%s%s\n", o->lng, glued ? "=" : "", kind,
				o->values ? "\t" : "", o->values ? o->values : "");
	}
}
