// SPDX-License-Identifier: BSD-2-Clause
/* cmd_exampletest.c - dtbind exampletest: build every binding example and validate it. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exampletest.h"

void help_exampletest(FILE *out)
{
	fprintf(out,
		"usage: dtbind exampletest [-u BINDINGS_DIR] [-I DIR]... [-l SUBSTR]\n"
		"                          [--format=gcc|json] [-W RULE|-Wno-RULE|-E RULE|-Werror]...\n"
		"                          PATH...\n\n"
		"Build the examples of binding schemas the way dt_binding_check does (wrapped\n"
		"as dt-extract-example wraps them, preprocessed, compiled to a real FDT with\n"
		"libfdt) and validate them against every schema that selects their nodes, in\n"
		"one process.  Findings are reported at the example's line in the .yaml.\n"
		"PATH is a file or a directory (every *.yaml below it); @FILE reads paths.\n\n"
		"  -u, --url-path DIR    the bindings root (default: the devicetree/bindings\n"
		"                        directory above the first file)\n"
		"  -I DIR                #include search directory (default: the kernel's\n"
		"                        scripts/dtc/include-prefixes)\n"
		"  -l, --limit SUBSTR    only schemas whose file name contains SUBSTR\n"
		"  -s, --schema-cache FILE  the compiled schema set (dtbind mkschema -o FILE);\n"
		"                        default: an automatic cache under ~/.cache/dtbind,\n"
		"                        keyed by the content of every schema file\n"
		"      --no-cache        load and process every schema, no cache\n"
		CLI_HELP_DTSCHEMA
		"      --format=FORMAT   gcc (default) or json (JSON Lines)\n"
		CLI_HELP_RULES
		"      --no-source       do not quote the source line under each finding\n\n"
		"Exit status: 0 every example is valid, 1 findings, 2 usage or I/O error.\n");
}

int cmd_exampletest(int argc, char **argv)
{
	enum { OPT_NOSRC = 256, OPT_NOCACHE, OPT_GEN, OPT_LIST };
	static const struct option opts[] = {
		{ "list-rules", optional_argument, NULL, OPT_LIST },
		{ "url-path", required_argument, NULL, 'u' },
		{ "limit", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "no-source", no_argument, NULL, OPT_NOSRC },
		{ "schema-cache", required_argument, NULL, 's' },
		{ "no-cache", no_argument, NULL, OPT_NOCACHE },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ NULL, 0, NULL, 0 },
	};
	struct dt_checker_opts co = { .use_cache = true };
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	const char **incs = calloc((size_t)argc + 1, sizeof(*incs));
	char *root = NULL;
	bool source = true;
	int opt, status = EXIT_CLEAN;
	struct cli_rules rules = { .cmd = "exampletest", .accept = DTBIND_TOOL_EXAMPLETEST };

	if (!incs)
		return EXIT_USAGE;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "u:I:l:s:W:E:", opts, NULL)) != -1) {
		switch (opt) {
		case 'W':
		case 'E':
			if (cli_rules_option(&rules, opt, optarg))
				break;
			status = EXIT_USAGE;
			goto done;
		case OPT_LIST:
			status = cli_list_rules(stdout, "exampletest", DTBIND_TOOL_EXAMPLETEST, optarg) ?
					 EXIT_CLEAN : EXIT_USAGE;
			goto done;
		case 'u': root = realpath(optarg, NULL); break;
		case 'I': incs[co.n_include_dirs++] = optarg; break;
		case 'l': co.limit = optarg; break;
		case OPT_NOSRC: source = false; break;
		case 's': co.schema_cache = optarg; break;
		case OPT_NOCACHE: co.use_cache = false; break;
		case OPT_GEN:
			if (cli_parse_gen("exampletest", optarg, &co.gen))
				break;
			goto usage;
		case 'f':
			if (cli_parse_format(optarg, &format))
				break;
			fprintf(stderr, "dtbind exampletest: unknown format '%s'\n", optarg);
			/* fall through */
		usage:
		default:
			help_exampletest(stderr);
			status = EXIT_USAGE;
			goto done;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind exampletest: no file or directory given\n");
		status = EXIT_USAGE;
		goto done;
	}
	if (!root)
		root = cli_find_bindings_root(argv[optind]);
	co.bindings_root = root;
	co.include_dirs = incs;
	struct dtbind_diag *diag = dtbind_diag_new(stderr, format);
	struct dt_checker *checker = NULL;
	struct path_list files = { 0 };

	if (!diag || cli_rules_apply(&rules, diag) || dt_checker_new(diag, &co, &checker)) {
		fprintf(stderr, "dtbind exampletest: cannot load the schemas\n");
		status = EXIT_USAGE;
		goto out;
	}
	dtbind_diag_set_show_source(diag, source && format == DTBIND_FORMAT_GCC);
	if (!cli_collect_paths(diag, argv + optind, argc - optind, is_binding_name, &files))
		status = EXIT_USAGE;
	for (size_t i = 0; i < files.n; i++) {
		unsigned findings = 0;

		if (dt_checker_examples(checker, files.v[i], &findings) < 0) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = files.v[i] },
					   "io", "cannot read the file");
			status = EXIT_USAGE;
		} else if (findings && status == EXIT_CLEAN) {
			status = EXIT_FINDINGS;
		}
	}
out:
	path_list_free(&files);
	dt_checker_free(checker);
	dtbind_diag_free(diag);
done:
	cli_rules_free(&rules);
	free(incs);
	free(root);
	return status;
}
