// SPDX-License-Identifier: BSD-2-Clause
/* main.c - the dtbind program: one binary, one subcommand per tool. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"

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
	{ "lsp", "a Language Server Protocol server on stdio: findings, hover, completion as you type",
	  cmd_lsp, help_lsp },
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
		printf("dtbind 0.1\n"
		       "dt-schema generations: %s, %s (chosen per bindings tree from its\n"
		       "DT_SCHEMA_MIN_VERSION, %s without one; --dtschema=GEN overrides)\n",
		       dtbind_gen_name(DTBIND_GEN_2022_08), dtbind_gen_name(DTBIND_GEN_2026_06),
		       dtbind_gen_name(DTBIND_GEN_2026_06));
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
