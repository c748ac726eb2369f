// SPDX-License-Identifier: BSD-2-Clause
/* cmd_validate.c - dtbind validate: check whole device trees against every binding. */
#define _GNU_SOURCE
#include <getopt.h>
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dtdecode.h"
#include "dtschema.h"

void help_validate(FILE *out)
{
	fprintf(out,
		"usage: dtbind validate [-u BINDINGS_DIR] [-l SUBSTR] [--format=gcc|json] FILE.dtb...\n\n"
		"Validate device trees against every binding schema that selects each node,\n"
		"as dt-validate does.  @LISTFILE reads file names from LISTFILE.\n\n"
		"  -u, --url-path DIR    the bindings root (Documentation/devicetree/bindings)\n"
		"  -l, --limit SUBSTR    only schemas whose file name contains SUBSTR\n"
		"      --format=FORMAT   gcc (default) or json (JSON Lines)\n"
		"      --dump            print each decoded tree as JSON on stdout (what the\n"
		"                        schemas see)\n\n"
		"Exit status: 0 no findings, 1 findings, 2 usage or I/O error.\n");
}

int cmd_validate(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "url-path", required_argument, NULL, 'u' },
		{ "limit", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "dump", no_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	const char *root = NULL;
	struct dtbind_check_opts co = { .rule = "dt-schema", .show_schema = true };
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	int opt, status = EXIT_CLEAN;
	bool dump = false;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "u:l:", opts, NULL)) != -1) {
		switch (opt) {
		case 'u': root = optarg; break;
		case 'l': co.limit = optarg; break;
		case 'd': dump = true; break;
		case 'f':
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "dtbind validate: unknown format '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		default:
			help_validate(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind validate: no file given\n");
		return EXIT_USAGE;
	}
	struct dtbind_diag *diag = dtbind_diag_new(stderr, format);
	struct dtbind_dtschemas *s = NULL;

	if (!diag)
		return EXIT_USAGE;
	int lret = dtbind_dtschemas_load(diag, root, &s);

	if (lret) {
		fprintf(stderr, "dtbind validate: cannot load the schemas: %s\n", dtbind_strerror(lret));
		dtbind_diag_free(diag);
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++) {
		char *buf;
		size_t len;
		struct arena a;
		struct dtbind_value *tree;
		unsigned findings = 0;
		FILE *f = fopen(argv[i], "rb");

		if (!f) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = argv[i] },
					   "io", "cannot open the file");
			status = EXIT_USAGE;
			continue;
		}
		fseek(f, 0, SEEK_END);
		len = (size_t)ftell(f);
		rewind(f);
		buf = malloc(len ? len : 1);
		if (!buf || fread(buf, 1, len, f) != len || len < sizeof(struct fdt_header) ||
		    fdt_check_full(buf, len)) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = argv[i] },
					   "dtb", "not a valid flattened devicetree blob");
			fclose(f);
			free(buf);
			status = EXIT_USAGE;
			continue;
		}
		fclose(f);
		arena_init(&a, 256 * 1024);
		int dret = dt_decode(&a, buf, dtbind_dtschemas_types(s), argv[i], NULL, NULL, &tree);

		if (dret)
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = argv[i] },
					   "dtb", "cannot decode: %s", dtbind_strerror(dret));
		if (dret == 0) {
			if (dump) {
				static char out[1 << 22];

				dtbind_value_to_json(tree, out, sizeof(out));
				puts(out);
			}
			dtbind_dtschemas_check(s, tree, &co, diag, &findings);
			if (findings && status == EXIT_CLEAN)
				status = EXIT_FINDINGS;
		}
		arena_release(&a);
		free(buf);
	}
	dtbind_dtschemas_free(s);
	dtbind_diag_free(diag);
	return status;
}
