// SPDX-License-Identifier: BSD-2-Clause
/* main.c - the dtbind program: one binary, one subcommand per tool. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct command commands[] = {
	{ "jsonschema", "validate YAML/JSON instances against a JSON Schema", cmd_jsonschema,
	  help_jsonschema },
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
		return commands[i].run(argc - 1, argv + 1);
	}
	fprintf(stderr, "dtbind: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
