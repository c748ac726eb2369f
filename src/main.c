// SPDX-License-Identifier: BSD-2-Clause
/* main.c - the dtbind program: one binary, one subcommand per tool. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static const struct command commands[] = {
	{ "jsonschema", "validate YAML/JSON instances against a JSON Schema", cmd_jsonschema,
	  help_jsonschema },
	{ "lint", "check binding schemas against the devicetree meta-schemas", cmd_lint,
	  help_lint },
	{ "exampletest", "build each binding's examples and validate them", cmd_exampletest,
	  help_exampletest },
	{ "validate", "check device trees (.dtb) against every binding", cmd_validate,
	  help_validate },
	{ "check", "check patches, mbox series or staged changes (bindings, checkpatch DT rules)",
	  cmd_check, help_check },
	{ "hook", "install a git pre-commit hook that runs 'check --staged'", cmd_hook, help_hook },
	{ "mkschema", "process every binding once into a compiled schema set", cmd_mkschema,
	  help_mkschema },
	{ "parse", "check that YAML/JSON files load, with located errors", cmd_parse, help_parse },
	{ "doc2yaml", "convert legacy .txt bindings into DT schemas", cmd_doc2yaml, help_doc2yaml },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: dtbind COMMAND [OPTIONS] ARGS...\n\n"
		     "Tools for Linux devicetree binding schemas.\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'dtbind COMMAND --help' describes a command.\n"
		     "Exit status: 0 clean, 1 findings, 2 usage or I/O error.\n");
}

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

char *cli_find_bindings_root(const char *path)
{
	char *abs = realpath(path, NULL), *slash;

	while (abs && (slash = strrchr(abs, '/')) && slash != abs) {
		struct stat st;
		char *b;

		if (str_ends_with(abs, "/devicetree/bindings"))
			return abs;
		/* the top of a kernel tree, seen from its arch/ or scripts/ */
		if (asprintf(&b, "%s/Documentation/devicetree/bindings", abs) < 0)
			break;
		if (stat(b, &st) == 0 && S_ISDIR(st.st_mode)) {
			free(abs);
			return b;
		}
		free(b);
		*slash = '\0';
	}
	free(abs);
	return NULL;
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
	return false;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		if (argc > 2) {
			for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
				if (!strcmp(argv[2], commands[i].name)) {
					commands[i].help(stdout);
					return EXIT_CLEAN;
				}
		}
		usage(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("dtbind 0.1\n");
		return EXIT_CLEAN;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		for (int a = 2; a < argc; a++) {
			if (!strcmp(argv[a], "--"))
				break;
			if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
				commands[i].help(stdout);
				return EXIT_CLEAN;
			}
		}
		int sub_argc = argc - 1;
		char **sub_argv = cli_expand_args(&sub_argc, argv + 1);

		if (!sub_argv)
			return EXIT_USAGE;
		int ret = commands[i].run(sub_argc, sub_argv);

		for (int a = 0; a < sub_argc; a++) {
			bool from_file = true;

			for (int k = 1; k < argc; k++)
				if (sub_argv[a] == argv[k])
					from_file = false;
			if (from_file)
				free(sub_argv[a]);
		}
		free(sub_argv);
		return ret;
	}
	fprintf(stderr, "dtbind: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
