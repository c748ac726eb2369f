// SPDX-License-Identifier: BSD-2-Clause
/* cmd_lint.c - dtbind lint: check binding schemas like dt_binding_check does, and more. */
#define _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lint.h"

static const char *const lint_synopsis[] = {
	"[-u BINDINGS_DIR] [--schemas DIR] [--format=gcc|json] [-W RULE|-Wno-RULE|-Werror]... "
	"[--list-rules] PATH...",
	NULL,
};

static const struct cli_option lint_options[] = {
	{ 'u', "url-path", "DIR", "the bindings root (default: the devicetree/bindings "
	  "directory above each file)" },
	{ 0, "schemas", "DIR", "core/ and meta/ schemas from DIR instead of the built-in ones" },
	CLI_OPTION_DTSCHEMA,
	CLI_OPTION_FORMAT,
	CLI_OPTION_WARN,
	{ 0, "list-rules", NULL, "print the rules with their default severity" },
	CLI_OPTION_NO_SOURCE,
	{ 0 },
};

static const struct cli_example lint_examples[] = {
	{ "The meta-schemas, $id/$ref checks, SPDX and .yamllint layout of some bindings:",
	  "dtbind lint Documentation/devicetree/bindings/iio/adc/" },
	{ "A rule silenced:", "dtbind lint -Wno-quoted-strings acme,adc.yaml" },
	{ NULL },
};

const struct cli_help help_lint = {
	.name = "lint",
	.summary = "check binding schemas against the devicetree meta-schemas",
	.synopsis = lint_synopsis,
	.description =
		"Check devicetree binding schemas: the devicetree meta-schemas (what "
		"dt-doc-validate checks), $id against the file's path, every $ref resolving, "
		"quoting, and the SPDX line.  PATH is a file or a directory (every *.yaml below "
		"it, processed-schema* skipped); @FILE reads paths from FILE.",
	.options = lint_options,
	.exit_status = "0 no errors, 1 errors found, 2 usage or I/O error.",
	.examples = lint_examples,
	.see_also = "exampletest check",
	.operand_exts = "yaml",
};

int cmd_lint(int argc, char **argv)
{
	enum { OPT_SCHEMAS = 256, OPT_LIST, OPT_NOSRC, OPT_GEN };
	static const struct option opts[] = {
		{ "url-path", required_argument, NULL, 'u' },
		{ "schemas", required_argument, NULL, OPT_SCHEMAS },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ "format", required_argument, NULL, 'f' },
		{ "list-rules", no_argument, NULL, OPT_LIST },
		{ "no-source", no_argument, NULL, OPT_NOSRC },
		{ NULL, 0, NULL, 0 },
	};
	struct dtbind_lint_opts lo = { .yamllint = true };
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	const char **wopts = calloc((size_t)argc + 1, sizeof(*wopts));
	size_t nw = 0;
	bool list = false, source = true;
	int opt;

	if (!wopts)
		return EXIT_USAGE;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "u:W:", opts, NULL)) != -1) {
		switch (opt) {
		case 'u': lo.bindings_root = optarg; break;
		case OPT_SCHEMAS: lo.schemas_dir = optarg; break;
		case OPT_GEN:
			if (!cli_parse_gen("lint", optarg, &lo.gen)) {
				free(wopts);
				return EXIT_USAGE;
			}
			break;
		case 'W': wopts[nw++] = optarg; break;
		case OPT_LIST: list = true; break;
		case OPT_NOSRC: source = false; break;
		case 'f':
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "dtbind lint: unknown format '%s'\n", optarg);
				free(wopts);
				return EXIT_USAGE;
			}
			break;
		default:
			cli_help_print(stderr, &help_lint);
			free(wopts);
			return EXIT_USAGE;
		}
	}
	if (list) {
		size_t n;
		const struct dtbind_rule *r = dtbind_lint_rules(&n);

		for (size_t i = 0; i < n; i++)
			printf("%-26s %-8s %s\n", r[i].name,
			       r[i].off ? "off" : r[i].severity == DTBIND_ERROR ? "error" : "warning",
			       r[i].summary);
		free(wopts);
		return EXIT_CLEAN;
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind lint: no file or directory given\n");
		free(wopts);
		return EXIT_USAGE;
	}
	struct dtbind_diag *diag = dtbind_diag_new(stderr, format);
	struct dtbind_linter *linter = NULL;
	struct path_list files = { 0 };
	int status = EXIT_CLEAN;

	if (!diag) {
		free(wopts);
		return EXIT_USAGE;
	}
	dtbind_diag_set_show_source(diag, source && format == DTBIND_FORMAT_GCC);
	for (size_t i = 0; i < nw; i++) {
		const char *w = wopts[i];
		bool off = !strncmp(w, "no-", 3);

		if (!strcmp(w, "error")) {
			dtbind_diag_set_werror(diag, true);
			continue;
		}
		const struct dtbind_rule *r = dtbind_lint_rule(off ? w + 3 : w);

		if (!r) {
			fprintf(stderr, "dtbind lint: unknown rule '%s' (see --list-rules)\n",
				off ? w + 3 : w);
			status = EXIT_USAGE;
			goto out;
		}
		dtbind_diag_set_rule(diag, r->name, off ? -1 : (int)r->severity);
	}
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
	free(wopts);
	return status;
}
