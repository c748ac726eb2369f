// SPDX-License-Identifier: BSD-2-Clause
/* cmd_parse.c - dtbind parse: check that YAML/JSON files load, with located errors. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static const char *const parse_synopsis[] = {
	"[--format=gcc|json] [--json] [--dump] FILE...",
	NULL,
};

static const struct cli_option parse_options[] = {
	{ 0, "json", NULL, "parse every file as JSON (else: by the .json extension)" },
	{ 0, "dump", NULL, "print each document as one line of JSON on stdout" },
	{ 0, "format", "=FORMAT", "gcc (default), json (JSON Lines) or sarif (SARIF 2.1.0), "
	  "all on stderr (stdout carries --dump)", CLI_FORMATS },
	{ 0 },
};

static const struct cli_example parse_examples[] = {
	{ "A binding as every dtbind tool loads it, one JSON line:",
	  "dtbind parse --dump acme,adc.yaml" },
	{ NULL },
};

const struct cli_help help_parse = {
	.name = "parse",
	.summary = "check that YAML/JSON files load, with located errors",
	.synopsis = parse_synopsis,
	.description =
		"Load YAML (1.2 core schema) or JSON files the way every dtbind tool does and "
		"report syntax errors, duplicate keys and size or nesting limits at their "
		"file:line:col.  @LISTFILE reads file names, one per line, from LISTFILE.",
	.options = parse_options,
	.exit_status = "0 all loaded, 1 a file has errors, 2 usage error.",
	.examples = parse_examples,
	.see_also = "jsonschema lint",
	.operand_exts = "yaml json",
};

int cmd_parse(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "dump", no_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	unsigned flags = 0;
	bool dump = false;
	int opt, status = EXIT_CLEAN;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "dtbind parse: unknown format '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'j': flags |= DTBIND_DOC_JSON; break;
		case 'd': dump = true; break;
		default:
			cli_help_print(stderr, &help_parse);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind parse: no file given\n");
		return EXIT_USAGE;
	}
	struct dtbind_diag *diag = dtbind_diag_new(stderr, format);

	if (!diag)
		return EXIT_USAGE;
	dtbind_diag_set_show_source(diag, format == DTBIND_FORMAT_GCC);
	for (int i = optind; i < argc; i++) {
		struct dtbind_doc *doc;

		if (dtbind_doc_load_file(argv[i], diag, flags, &doc) < 0) {
			status = EXIT_FINDINGS;
			continue;
		}
		if (dump) {
			char *json = dtbind_value_to_json_dup(dtbind_doc_root(doc));

			if (!json) {
				dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = argv[i] },
						   "io", "out of memory printing the document");
				status = EXIT_USAGE;
			} else {
				puts(json);
				free(json);
			}
		}
		dtbind_doc_free(doc);
	}
	dtbind_diag_free(diag);
	return status;
}
