// SPDX-License-Identifier: BSD-2-Clause
/* cmd_jsonschema.c - dtbind jsonschema: validate instances against a schema. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "dtschema.h"

static const char *const jsonschema_synopsis[] = {
	"-s SCHEMA [-m PREFIX=DIR]... [-r DIR]... [--draft7] [--format=gcc|json] "
	"[-W RULE|-Wno-RULE|-E RULE|-Werror]... INSTANCE...",
	NULL,
};

static const struct cli_option jsonschema_options[] = {
	{ 's', "schema", "SCHEMA", "schema file, or an absolute URI known to the registry" },
	{ 'm', "map", "PREFIX=DIR", "serve URIs starting with PREFIX from files under DIR" },
	{ 'r', "register", "DIR", "register every *.yaml/*.json schema under DIR by its $id" },
	{ 0, "draft7", NULL, "treat a schema without $schema as draft-07" },
	CLI_OPTION_FORMAT,
	CLI_OPTIONS_RULES,
	{ 'q', "quiet", NULL, "print nothing, only set the exit status" },
	{ 0 },
};

static const struct cli_example jsonschema_examples[] = {
	{ "Instances against a schema that refers to others by their $id:",
	  "dtbind jsonschema -s schema.json -r schemas/ a.yaml b.json" },
	{ NULL },
};

const struct cli_help help_jsonschema = {
	.name = "jsonschema",
	.summary = "validate YAML/JSON instances against a JSON Schema",
	.synopsis = jsonschema_synopsis,
	.description =
		"Validate YAML or JSON instance files against a JSON Schema (draft-07 or 2019-09, "
		"chosen by the schema's $schema; 2019-09 when it has none).",
	.options = jsonschema_options,
	.exit_status = "0 all valid, 1 an instance is invalid, 2 usage, I/O or schema error.",
	.examples = jsonschema_examples,
	.see_also = "parse",
	.operand_exts = "yaml json",
};

static bool is_uri(const char *s)
{
	return strstr(s, "://") != NULL || !strncmp(s, "urn:", 4);
}

int cmd_jsonschema(int argc, char **argv)
{
	enum { OPT_LIST = 256 };
	static const struct option opts[] = {
		{ "list-rules", optional_argument, NULL, OPT_LIST },
		{ "schema", required_argument, NULL, 's' },
		{ "map", required_argument, NULL, 'm' },
		{ "register", required_argument, NULL, 'r' },
		{ "draft7", no_argument, NULL, '7' },
		{ "format", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	const char *schema_arg = NULL;
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	bool draft7 = false, quiet = false;
	const char **maps = calloc((size_t)argc + 1, sizeof(*maps));
	const char **dirs = calloc((size_t)argc + 1, sizeof(*dirs));
	size_t nmaps = 0, ndirs = 0;
	int opt, status = EXIT_CLEAN;
	bool list = false;
	const char *list_arg = NULL;
	struct cli_rules rules = { .cmd = "jsonschema", .accept = DTBIND_TOOL_JSONSCHEMA };

	if (!maps || !dirs) {
		free(maps);
		free(dirs);
		return EXIT_USAGE;
	}
	optind = 1;
	while ((opt = getopt_long(argc, argv, "s:m:r:qW:E:", opts, NULL)) != -1) {
		switch (opt) {
		case 's': schema_arg = optarg; break;
		case 'm': maps[nmaps++] = optarg; break;
		case 'r': dirs[ndirs++] = optarg; break;
		case '7': draft7 = true; break;
		case 'q': quiet = true; break;
		case 'W':
		case 'E':
			if (!cli_rules_option(&rules, opt, optarg))
				status = EXIT_USAGE;
			break;
		case OPT_LIST:
			list = true;
			list_arg = optarg;
			break;
		case 'f':
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "dtbind jsonschema: unknown format '%s'\n", optarg);
				status = EXIT_USAGE;
			}
			break;
		default:
			status = EXIT_USAGE;
		}
	}
	if (status == EXIT_CLEAN && list) {
		if (!cli_list_rules(stdout, "jsonschema", DTBIND_TOOL_JSONSCHEMA, list_arg))
			status = EXIT_USAGE;
		cli_rules_free(&rules);
		free(maps);
		free(dirs);
		return status;
	}
	if (status == EXIT_CLEAN && (!schema_arg || optind >= argc)) {
		fprintf(stderr, "dtbind jsonschema: %s\n",
			!schema_arg ? "a schema is required (-s SCHEMA)" : "no instance given");
		status = EXIT_USAGE;
	}
	if (status != EXIT_CLEAN) {
		cli_help_print(stderr, &help_jsonschema);
		cli_rules_free(&rules);
		free(maps);
		free(dirs);
		return status;
	}

	FILE *out = quiet ? fopen("/dev/null", "w") : stderr;
	struct dtbind_diag *diag = quiet && out ? dtbind_diag_new(out, format) : cli_diag_new(format);
	struct dtbind_schema_set *set = dtbind_schema_set_new(diag);
	const struct dtbind_schema *schema = NULL;
	int ret = 0;

	/* Bindings are JSON Schemas too: dt-schema's URIs and typeSize work here. */
	if (!diag || !set || dtbind_dtschemas_configure_set(set) || cli_rules_apply(&rules, diag)) {
		status = EXIT_USAGE;
		goto out;
	}
	dtbind_diag_set_show_source(diag, format == DTBIND_FORMAT_GCC);
	if (draft7)
		dtbind_schema_set_default_dialect(set, DTBIND_DRAFT7);
	for (size_t i = 0; i < nmaps; i++) {
		char *eq = strchr(maps[i], '=');

		if (!eq) {
			fprintf(stderr, "dtbind jsonschema: -m wants PREFIX=DIR, got '%s'\n", maps[i]);
			status = EXIT_USAGE;
			goto out;
		}
		*eq = '\0';
		dtbind_schema_set_map_prefix(set, maps[i], eq + 1);
	}
	for (size_t i = 0; i < ndirs; i++) {
		if ((ret = dtbind_schema_set_add_dir(set, dirs[i])) < 0) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = dirs[i] },
					   "io", "cannot register schemas: %s", dtbind_strerror(ret));
			status = EXIT_USAGE;
			goto out;
		}
	}
	ret = is_uri(schema_arg) ? dtbind_schema_set_get(set, schema_arg, &schema)
				 : dtbind_schema_set_add_file(set, schema_arg, &schema);
	if (ret < 0) {
		if (ret != -DTBIND_EPARSE && ret != -DTBIND_EIO && ret != -DTBIND_ELIMIT)
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = schema_arg },
					   "schema", "cannot load the schema: %s",
					   dtbind_strerror(ret));
		status = EXIT_USAGE;
		goto out;
	}
	for (int i = optind; i < argc; i++) {
		struct dtbind_doc *doc;
		struct dtbind_validation *res = NULL;

		dtbind_diag_set_input(diag, argv[i]);
		if (dtbind_doc_load_file(argv[i], diag, 0, &doc) < 0) {
			status = EXIT_USAGE;
			continue;
		}
		ret = dtbind_schema_validate(schema, dtbind_doc_root(doc), &res);
		if (res)
			dtbind_validation_report(res, diag, "jsonschema");
		if (ret < 0)
			status = EXIT_USAGE;
		else if (ret == 0 && status == EXIT_CLEAN)
			status = EXIT_FINDINGS;
		dtbind_validation_free(res);
		dtbind_doc_free(doc);
	}
out:
	dtbind_schema_set_free(set);
	dtbind_diag_free(diag);
	if (quiet && out)
		fclose(out);
	cli_rules_free(&rules);
	free(maps);
	free(dirs);
	return status;
}
