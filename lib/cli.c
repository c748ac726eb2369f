// SPDX-License-Identifier: BSD-2-Clause
/* cli.c - what every command of the dtbind program does with its command line. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "devicetree.h"

char **cli_expand_args(int *argc, char **argv)
{
	size_t n = 0, cap = (size_t)*argc + 16;
	char **out = malloc(cap * sizeof(*out));

	if (!out)
		return NULL;
	for (int i = 0; i < *argc; i++) {
		if (i == 0 || argv[i][0] != '@' || !argv[i][1]) {
			out[n++] = argv[i];
		} else {
			FILE *f = fopen(argv[i] + 1, "r");
			char *line = NULL;
			size_t lcap = 0;
			ssize_t len;

			if (!f) {
				fprintf(stderr, "dtbind: cannot read argument file '%s'\n", argv[i] + 1);
				free(out);
				return NULL;
			}
			while ((len = getline(&line, &lcap, f)) >= 0) {
				while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
					line[--len] = '\0';
				if (!len)
					continue;
				if (n + 2 > cap) {
					char **no = realloc(out, (cap *= 2) * sizeof(*out));

					if (!no) {
						fclose(f);
						free(line);
						free(out);
						return NULL;
					}
					out = no;
				}
				/* Argument strings live until exit, like argv itself. */
				out[n++] = strdup(line);
			}
			free(line);
			fclose(f);
		}
		if (n + 2 > cap) {
			char **no = realloc(out, (cap *= 2) * sizeof(*out));

			if (!no) {
				free(out);
				return NULL;
			}
			out = no;
		}
	}
	out[n] = NULL;
	*argc = (int)n;
	return out;
}

bool cli_collect_paths(struct dtbind_diag *diag, char **args, int n, bool (*want)(const char *name),
		       struct path_list *out)
{
	bool ok = true;

	for (int i = 0; i < n; i++) {
		if (path_list_add(out, args[i], want)) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = args[i] },
					   "io", "%s", strerror(errno));
			ok = false;
		}
	}
	return ok;
}

bool cli_parse_gen(const char *cmd, const char *arg, enum dtbind_gen *out)
{
	if (dtbind_gen_parse(arg, out))
		return true;
	fprintf(stderr, "dtbind %s: unknown dt-schema generation '%s' (2022.08 or 2026.06)\n",
		cmd, arg);
	return false;
}

bool cli_schema_set_file(const char *prefix, const char *path, const char *whose,
			 const char *hint, char **root)
{
	char *made_for = NULL;
	int ret = dtbind_dtschemas_file_root(path, &made_for);

	if (ret == -DTBIND_EPARSE) {
		fprintf(stderr, "%s: %s: not a schema set of %s (no \"DTBSCH\" header; a "
			"processed-schema.json of the Python dt-schema?)%s\n", prefix, path, whose,
			hint);
		return false;
	}
	if (ret) {
		fprintf(stderr, "%s: %s: %s\n", prefix, path, dtbind_strerror(ret));
		return false;
	}
	if (!*root && *made_for)
		*root = made_for;
	else
		free(made_for);
	return true;
}

bool cli_processed_schema(const char *cmd, const char *path, struct dt_checker_opts *co,
			  char **root)
{
	char prefix[64];

	if (co->schema_cache) {
		fprintf(stderr, "dtbind %s: -p and -s both name a schema set: give one\n", cmd);
		return false;
	}
	snprintf(prefix, sizeof(prefix), "dtbind %s", cmd);
	if (!cli_schema_set_file(prefix, path, "dtbind mkschema -o", "", root))
		return false;
	co->schema_cache = path;
	co->trust_cache = true;
	return true;
}

bool cli_parse_format(const char *arg, enum dtbind_format *out)
{
	if (!strcmp(arg, "gcc") || !strcmp(arg, "text")) {
		*out = DTBIND_FORMAT_GCC;
		return true;
	}
	if (!strcmp(arg, "json")) {
		*out = DTBIND_FORMAT_JSON;
		return true;
	}
	if (!strcmp(arg, "sarif")) {
		*out = DTBIND_FORMAT_SARIF;
		return true;
	}
	return false;
}

static bool rules_add(struct cli_rules *r, const char *rule, int severity)
{
	struct cli_rule_set *v = realloc(r->v, (r->n + 1) * sizeof(*v));

	if (!v) {
		fprintf(stderr, "dtbind %s: out of memory\n", r->cmd);
		return false;
	}
	r->v = v;
	v[r->n++] = (struct cli_rule_set){ rule, severity };
	return true;
}

bool cli_rules_option(struct cli_rules *r, int opt, const char *arg)
{
	bool no = !strncmp(arg, "no-", 3);
	const char *name = no ? arg + 3 : arg;

	if (opt == 'W' && !strcmp(name, "error")) {
		r->werror = !no;
		return true;
	}
	if (opt == 'W' && !strncmp(arg, "error=", 6)) {	/* gcc's -Werror=RULE is -E RULE */
		opt = 'E';
		name = arg + 6;
	}
	const struct dtbind_rule *rule = dtbind_rule_find(name);

	if (!rule) {
		fprintf(stderr, "dtbind %s: unknown rule '%s' (see --list-rules)\n", r->cmd, name);
		return false;
	}
	if (!(rule->tools & r->accept)) {
		fprintf(stderr, "dtbind %s: rule '%s' is not one of this command's (see "
			"--list-rules)\n", r->cmd, rule->name);
		return false;
	}
	if (opt == 'E')
		return rules_add(r, rule->name, no ? DTBIND_WARNING : DTBIND_ERROR);
	return rules_add(r, rule->name, no ? -1 : (int)rule->severity);
}

int cli_rules_apply(const struct cli_rules *r, struct dtbind_diag *diag)
{
	dtbind_diag_set_werror(diag, r->werror);
	for (size_t i = 0; i < r->n; i++)
		if (dtbind_diag_set_rule(diag, r->v[i].rule, r->v[i].severity))
			return -DTBIND_ENOMEM;
	return 0;
}

void cli_rules_free(struct cli_rules *r)
{
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

bool cli_list_rules(FILE *out, const char *cmd, unsigned own, const char *arg)
{
	unsigned want = own;
	size_t n;
	const struct dtbind_rule *rules = dtbind_rules(&n);

	if (arg && !strcmp(arg, "all"))
		want = DTBIND_TOOL_ALL;
	else if (arg && !(want = dtbind_tool_parse(arg))) {
		fprintf(stderr, "dtbind %s: --list-rules takes 'all' or a command name, not '%s'\n",
			cmd, arg);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		const struct dtbind_rule *r = &rules[i];
		char tools[80] = "";

		if (!(r->tools & want))
			continue;
		for (unsigned b = 1; b & DTBIND_TOOL_ALL; b <<= 1)
			if (r->tools == DTBIND_TOOL_ALL) {
				strcpy(tools, "all");
				break;
			} else if (r->tools & b)
				snprintf(tools + strlen(tools), sizeof(tools) - strlen(tools), "%s%s",
					 *tools ? "," : "", dtbind_tool_name(b));
		fprintf(out, "%-26s %-8s %-31s %s\n", r->name,
			r->off ? "off" : r->severity == DTBIND_ERROR ? "error" : "warning", tools,
			r->summary);
	}
	return true;
}

struct dtbind_diag *cli_diag_new(enum dtbind_format format)
{
	return dtbind_diag_new(format == DTBIND_FORMAT_GCC ? stderr : stdout, format);
}
