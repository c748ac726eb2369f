// SPDX-License-Identifier: BSD-2-Clause
/* cmd_lint.c - dtbind lint: check binding schemas like dt_binding_check does, and more. */
#define _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lint.h"

void help_lint(FILE *out)
{
	fprintf(out,
		"usage: dtbind lint [-u BINDINGS_DIR] [--schemas DIR] [--format=gcc|json]\n"
		"                   [-W RULE|-Wno-RULE|-E RULE|-Werror]... [--list-rules] PATH...\n\n"
		"Check devicetree binding schemas: the devicetree meta-schemas (what\n"
		"dt-doc-validate checks), $id against the file's path, every $ref resolving,\n"
		"quoting, and the SPDX line.  PATH is a file or a directory (every *.yaml below\n"
		"it, processed-schema* skipped); @FILE reads paths from FILE.\n\n"
		"  -u, --url-path DIR    the bindings root (default: the devicetree/bindings\n"
		"                        directory above each file)\n"
		"      --schemas DIR     core/ and meta/ schemas from DIR instead of the built-in ones\n"
		CLI_HELP_DTSCHEMA
		"      --format=FORMAT   gcc (default) or json (JSON Lines)\n"
		CLI_HELP_RULES
		"      --no-source       do not quote the source line under each finding\n\n"
		"Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.\n");
}

int cmd_lint(int argc, char **argv)
{
	enum { OPT_SCHEMAS = 256, OPT_LIST, OPT_NOSRC, OPT_GEN };
	static const struct option opts[] = {
		{ "url-path", required_argument, NULL, 'u' },
		{ "schemas", required_argument, NULL, OPT_SCHEMAS },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ "format", required_argument, NULL, 'f' },
		{ "list-rules", optional_argument, NULL, OPT_LIST },
		{ "no-source", no_argument, NULL, OPT_NOSRC },
		{ NULL, 0, NULL, 0 },
	};
	struct dtbind_lint_opts lo = { .yamllint = true };
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	struct cli_rules rules = { .cmd = "lint", .accept = DTBIND_TOOL_LINT };
	const char *list_arg = NULL;
	bool list = false, source = true;
	int opt, status = EXIT_USAGE;
	struct dtbind_diag *diag = NULL;
	struct dtbind_linter *linter = NULL;
	struct path_list files = { 0 };

	optind = 1;
	while ((opt = getopt_long(argc, argv, "u:W:E:", opts, NULL)) != -1) {
		switch (opt) {
		case 'u': lo.bindings_root = optarg; break;
		case OPT_SCHEMAS: lo.schemas_dir = optarg; break;
		case OPT_GEN:
			if (!cli_parse_gen("lint", optarg, &lo.gen))
				goto out;
			break;
		case 'W':
		case 'E':
			if (!cli_rules_option(&rules, opt, optarg))
				goto out;
			break;
		case OPT_LIST:
			list = true;
			list_arg = optarg;
			break;
		case OPT_NOSRC: source = false; break;
		case 'f':
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "dtbind lint: unknown format '%s'\n", optarg);
				goto out;
			}
			break;
		default:
			help_lint(stderr);
			goto out;
		}
	}
	if (list) {
		if (cli_list_rules(stdout, "lint", DTBIND_TOOL_LINT, list_arg))
			status = EXIT_CLEAN;
		goto out;
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind lint: no file or directory given\n");
		goto out;
	}
	diag = dtbind_diag_new(stderr, format);
	if (!diag || cli_rules_apply(&rules, diag))
		goto out;
	status = EXIT_CLEAN;
	dtbind_diag_set_show_source(diag, source && format == DTBIND_FORMAT_GCC);
	if (!cli_collect_paths(diag, argv + optind, argc - optind, is_binding_name, &files))
		status = EXIT_USAGE;
	if (dtbind_linter_new(diag, &lo, &linter)) {
		status = EXIT_USAGE;
		goto out;
	}
	for (size_t i = 0; i < files.n; i++)
		if (dtbind_lint_file(linter, files.v[i]) < 0)
			status = EXIT_USAGE;
	if (status == EXIT_CLEAN && dtbind_diag_count(diag, DTBIND_ERROR))
		status = EXIT_FINDINGS;
out:
	dtbind_linter_free(linter);
	path_list_free(&files);
	dtbind_diag_free(diag);
	cli_rules_free(&rules);
	return status;
}
