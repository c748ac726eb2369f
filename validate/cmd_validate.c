// SPDX-License-Identifier: BSD-2-Clause
/* cmd_validate.c - dtbind validate: check whole device trees against every binding. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pool.h"
#include "validate.h"

static const char *const validate_synopsis[] = {
	"[-u BINDINGS_DIR] [-I DIR]... [-j N] [-l SUBSTR] [-p FILE] [--format=gcc|json] "
	"[-W RULE|-Wno-RULE|-E RULE|-Werror]... FILE...",
	NULL,
};

static const struct cli_option validate_options[] = {
	{ 'u', "url-path", "DIR", "the bindings root (Documentation/devicetree/bindings)" },
	{ 'I', NULL, "DIR", "#include search directory for .dts sources" },
	{ 'j', "jobs", "N", "validate N files at a time (schemas are loaded once)" },
	CLI_OPTION_LIMIT,
	CLI_OPTION_SCHEMA_CACHE,
	CLI_OPTION_PROCESSED_SCHEMA,
	CLI_OPTION_DTSCHEMA,
	{ 'm', "show-unmatched", NULL, "warn about compatibles no binding documents" },
	{ 'M', "show-matched", NULL, "note which schemas selected each node" },
	{ 0, "undocumented", NULL, "only list compatibles that no binding documents (the job "
	  "of dt-check-compatible); exit 1 when there are some" },
	CLI_OPTION_FORMAT,
	CLI_OPTIONS_RULES,
	{ 0, "dump", NULL, "print each decoded tree as JSON on stdout (what the schemas see)" },
	CLI_OPTION_NO_SOURCE,
	{ 0 },
};

static const struct cli_example validate_examples[] = {
	{ "Whole trees, from .dtb or from .dts (findings at the .dts/.dtsi line), two at a "
	  "time, with the compatibles no binding documents:",
	  "dtbind validate -u Documentation/devicetree/bindings -j2 -m board.dtb other.dts" },
	{ NULL },
};

const struct cli_help help_validate = {
	.name = "validate",
	.summary = "check device trees (.dtb or .dts) against every binding",
	.synopsis = validate_synopsis,
	.description =
		"Validate device trees against every binding schema that selects each node, "
		"as dt-validate does.  FILE is a .dtb/.dtbo blob or a .dts source (preprocessed "
		"in process; findings then point at the source line); a directory stands for "
		"every .dtb, .dtbo and .dts below it.  @LISTFILE reads file names from "
		"LISTFILE.",
	.options = validate_options,
	.exit_status = "0 no findings, 1 findings, 2 usage or I/O error.",
	.examples = validate_examples,
	.see_also = "mkschema exampletest",
	.operand_exts = "dts dtb dtbo",
};

static int worse(int a, int b)
{
	return a > b ? a : b;
}

static int check_one(struct dt_checker *checker, struct dtbind_diag *diag, const char *file)
{
	unsigned findings = 0, before = dtbind_diag_findings(diag);
	int ret;

	dtbind_diag_set_input(diag, file);	/* findings in a shared .dtsi name their board */
	ret = dt_checker_tree(checker, file, &findings);
	/* A finding -Wno silenced is none. */
	bool seen = dtbind_diag_findings(diag) > before;

	if (ret < 0 && ret != -DTBIND_EPARSE) {
		dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = file }, "io",
				   "cannot check the file: %s", dtbind_strerror(ret));
		return EXIT_USAGE;
	}
	return (findings || ret == -DTBIND_EPARSE) && seen ? EXIT_FINDINGS : EXIT_CLEAN;
}

struct job {
	struct dt_checker *checker;
	char **files;
};

static int check_item(void *user, size_t i, struct dtbind_diag *diag)
{
	struct job *job = user;

	return check_one(job->checker, diag, job->files[i]);
}

static bool is_tree_name(const char *name)
{
	return str_ends_with(name, ".dtb") || str_ends_with(name, ".dtbo") ||
	       str_ends_with(name, ".dts");
}

/*
 * The bindings root, when -u gave none: in a kernel tree, its bindings;
 * else the one -p FILE was made for; else only the core schemas, said once.
 * *@found holds what was looked up (caller frees).  False: -p unusable.
 */
static bool choose_root(struct dt_checker_opts *co, const char *processed, const char *first,
			char **found)
{
	if (!co->bindings_root) {
		*found = bindings_root_above(first);
		if (!*found)
			*found = bindings_root_above(".");
	}
	if (processed && !cli_processed_schema("validate", processed, co, found))
		return false;
	if (!co->bindings_root && *found)
		co->bindings_root = *found;
	else if (!co->bindings_root)
		fprintf(stderr, "dtbind validate: no bindings tree found above %s or here "
			"(-u DIR names one): only the core schemas are used\n", first);
	return true;
}

int cmd_validate(int argc, char **argv)
{
	enum { OPT_NOSRC = 256, OPT_UNDOC, OPT_NOCACHE, OPT_GEN, OPT_LIST };
	static const struct option opts[] = {
		{ "list-rules", optional_argument, NULL, OPT_LIST },
		{ "url-path", required_argument, NULL, 'u' },
		{ "limit", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "dump", no_argument, NULL, 'd' },
		{ "no-source", no_argument, NULL, OPT_NOSRC },
		{ "schema-cache", required_argument, NULL, 's' },
		{ "processed-schema", required_argument, NULL, 'p' },
		{ "no-cache", no_argument, NULL, OPT_NOCACHE },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ "jobs", required_argument, NULL, 'j' },
		{ "show-unmatched", no_argument, NULL, 'm' },
		{ "show-matched", no_argument, NULL, 'M' },
		{ "undocumented", no_argument, NULL, OPT_UNDOC },
		{ NULL, 0, NULL, 0 },
	};
	struct dt_checker_opts co = { .show_schema = true, .use_cache = true };
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	const char **incs = calloc((size_t)argc + 1, sizeof(*incs));
	bool dump = false, source = true;
	const char *processed = NULL;
	int opt, status = EXIT_CLEAN, jobs = 1;
	struct cli_rules rules = { .cmd = "validate", .accept = DTBIND_TOOL_VALIDATE };

	if (!incs)
		return EXIT_USAGE;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "u:I:l:mMs:p:j:W:E:", opts, NULL)) != -1) {
		switch (opt) {
		case 'W':
		case 'E':
			if (cli_rules_option(&rules, opt, optarg))
				break;
			cli_rules_free(&rules);
			free(incs);
			return EXIT_USAGE;
		case OPT_LIST:
			status = cli_list_rules(stdout, "validate", DTBIND_TOOL_VALIDATE, optarg) ?
					 EXIT_CLEAN : EXIT_USAGE;
			cli_rules_free(&rules);
			free(incs);
			return status;
		case 'u': co.bindings_root = optarg; break;
		case 'I': incs[co.n_include_dirs++] = optarg; break;
		case 'l': co.limit = optarg; break;
		case 'd': dump = true; break;
		case 'm': co.show_unmatched = true; break;
		case 'M': co.show_matched = true; break;
		case OPT_UNDOC: co.only_undocumented = true; break;
		case OPT_NOSRC: source = false; break;
		case 's': co.schema_cache = optarg; break;
		case 'p': processed = optarg; break;
		case OPT_NOCACHE: co.use_cache = false; break;
		case OPT_GEN:
			if (cli_parse_gen("validate", optarg, &co.gen))
				break;
			goto usage;
		case 'j':
			jobs = atoi(optarg);
			if (jobs < 1 || jobs > 256) {
				fprintf(stderr, "dtbind validate: -j wants 1 to 256, got '%s'\n", optarg);
				free(incs);
				return EXIT_USAGE;
			}
			break;
		case 'f':
			if (cli_parse_format(optarg, &format))
				break;
			fprintf(stderr, "dtbind validate: unknown format '%s'\n", optarg);
			/* fall through */
		usage:
		default:
			cli_help_print(stderr, &help_validate);
			cli_rules_free(&rules);
			free(incs);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind validate: no file given\n");
		cli_rules_free(&rules);
		free(incs);
		return EXIT_USAGE;
	}
	co.include_dirs = incs;
	char *found = NULL;

	if (!choose_root(&co, processed, argv[optind], &found)) {
		free(found);
		cli_rules_free(&rules);
		free(incs);
		return EXIT_USAGE;
	}
	struct dtbind_diag *diag = cli_diag_new(format);
	struct dt_checker *checker = NULL;
	int ret;

	if (!diag || cli_rules_apply(&rules, diag)) {
		dtbind_diag_free(diag);
		cli_rules_free(&rules);
		free(incs);
		free(found);
		return EXIT_USAGE;
	}
	dtbind_diag_set_show_source(diag, source && format == DTBIND_FORMAT_GCC);
	if ((ret = dt_checker_new(diag, &co, &checker))) {
		fprintf(stderr, "dtbind validate: cannot load the schemas: %s\n", dtbind_strerror(ret));
		dtbind_diag_free(diag);
		cli_rules_free(&rules);
		free(incs);
		free(found);
		return EXIT_USAGE;
	}
	if (dump)
		dt_checker_set_dump(checker, stdout);
	struct path_list files = { 0 };

	/* A directory: every .dtb, .dtbo and .dts below it. */
	if (!cli_collect_paths(diag, argv + optind, argc - optind, is_tree_name, &files))
		status = EXIT_USAGE;
	/* -j N: N workers share the loaded schemas (fork, copy on write). */
	struct job job = { checker, files.v };

	status = worse(status, dtbind_pool_run(diag, files.n, (unsigned)jobs, check_item, &job));
	path_list_free(&files);
	dt_checker_free(checker);
	free(found);
	dtbind_diag_free(diag);
	cli_rules_free(&rules);
	free(incs);
	return status;
}
