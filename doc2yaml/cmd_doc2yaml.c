// SPDX-License-Identifier: BSD-2-Clause
/* cmd_doc2yaml.c - dtbind doc2yaml: convert legacy .txt bindings into DT schemas. */
#define _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "doc2yaml.h"

static const char *const doc2yaml_synopsis[] = {
	"[-o OUT] [-u BINDINGS_DIR] [--maintainer 'Name <email>']... [-I INCLUDE_DIR]... "
	"[--dts DIR] [--force] [--no-self-check] [--no-parts] [--format=gcc|json] "
	"[-W RULE|-Wno-RULE|-E RULE|-Werror] "
	"IN...",
	NULL,
};

static const struct cli_option doc2yaml_options[] = {
	{ 'o', "output", "OUT", "output file ('-' for standard output), or directory (required for several inputs; "
	  "inputs keep their names with .yaml, and their paths under a directory input)" },
	{ 'u', "url-path", "DIR", "the bindings root (default: the devicetree/bindings "
	  "directory above the output or the input)" },
	{ 0, "maintainer", "M", "a maintainer, 'Name <email>' (repeatable)" },
	{ 'I', NULL, "DIR", "a directory with dt-bindings/ headers for the examples' macros "
	  "(default: the kernel tree around the bindings)" },
	{ 0, "dts", "DIR", "board sources (*.dts, *.dtsi below DIR, merged as their #includes "
	  "say): the SoC strings they place before the text's, the properties and counts they "
	  "use that the text does not say (default: arch/ of the kernel tree around the "
	  "bindings; each change is noted)" },
	{ 'f', "force", NULL, "replace existing output files (one that holds the same YAML "
	  "already is left as it is, its time too)" },
	{ 0, "no-self-check", NULL, "do not lint the result" },
	{ 0, "no-parts", NULL, "do not convert a part of the text for another device (its own "
	  "heading and compatibles) into a schema of its own beside the output" },
	CLI_OPTION_DTSCHEMA,
	{ 0, "format", "=FORMAT", "findings as gcc (default, on stderr), json (JSON Lines) or "
	  "sarif (SARIF 2.1.0), both on stdout (on stderr when the YAML goes to stdout)",
	  CLI_FORMATS },
	CLI_OPTIONS_RULES,
	{ 0 },
};

static const struct cli_example doc2yaml_examples[] = {
	{ "One legacy binding converted, next to it, with its maintainer:",
	  "dtbind doc2yaml --maintainer 'Jane Doe <jane@example.com>' -o acme,adc.yaml "
	  "acme,adc.txt" },
	{ NULL },
};

const struct cli_help help_doc2yaml = {
	.name = "doc2yaml",
	.summary = "convert legacy .txt bindings into DT schemas",
	.synopsis = doc2yaml_synopsis,
	.description =
		"Convert legacy free-form .txt devicetree bindings into DT schemas (YAML): "
		"header ($id from the output path under the bindings root, title, maintainers "
		"from --maintainer or MAINTAINERS), compatibles, typed properties, required, "
		"child nodes and examples that compile.  The result is linted in process and "
		"what still fails is reported at the .txt line it came from.\n\n"
		"IN is a .txt file or a directory (every *.txt below it); @FILE reads paths "
		"from FILE.  With one input and no -o the YAML goes to standard output.\n\n"
		"Findings: FILE.txt:LINE:COL: severity: message [doc2yaml-RULE].  Warnings mark "
		"what a reviewer should check (a guessed type, a placeholder maintainer); "
		"errors are what the self-check still finds wrong.\n\n"
		"A pointer stub (a few lines that only say where the binding moved) is skipped "
		"with a note and nothing written; an output whose $id would be one of "
		"dt-schema's core schemas (graph.yaml, gpio/gpio.yaml, ...) is refused with an "
		"error, so that it never shadows it.",
	.options = doc2yaml_options,
	.exit_status = "0 converted, 1 converted with errors left, 2 usage or I/O error.",
	.examples = doc2yaml_examples,
	.see_also = "lint exampletest",
	.operand_exts = "txt",
};

struct job {
	char *in, *out;
};

struct jobs {
	struct job *v;
	size_t n, cap;
};

static int add_job(struct jobs *j, const char *in, char *out)
{
	if (j->n == j->cap) {
		size_t ncap = j->cap ? j->cap * 2 : 64;
		struct job *nv = realloc(j->v, ncap * sizeof(*nv));

		if (!nv)
			return -1;
		j->v = nv;
		j->cap = ncap;
	}
	j->v[j->n].in = strdup(in);
	j->v[j->n].out = out;
	return j->v[j->n++].in ? 0 : -1;
}

static int cmp_job(const void *a, const void *b)
{
	return strcmp(((const struct job *)a)->in, ((const struct job *)b)->in);
}


static char *yaml_name(const char *rel)
{
	char *o;
	size_t n = strlen(rel);

	if (str_ends_with(rel, ".txt"))
		n -= 4;
	if (asprintf(&o, "%.*s.yaml", (int)n, rel) < 0)
		return NULL;
	return o;
}

/* Every *.txt under @dir, with the output path under @outdir mirroring it. */
static int collect(struct jobs *j, const char *dir, const char *rel, const char *outdir,
		   unsigned depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d || depth > 32) {
		if (d)
			closedir(d);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		char *p, *r;

		if (de->d_name[0] == '.')
			continue;
		if (asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (asprintf(&r, "%s%s%s", rel, *rel ? "/" : "", de->d_name) < 0) {
			free(p);
			continue;
		}
		if (is_dir(p)) {
			collect(j, p, r, outdir, depth + 1);
		} else if (str_ends_with(de->d_name, ".txt")) {
			char *y = yaml_name(r), *o = NULL;

			if (y && asprintf(&o, "%s/%s", outdir, y) < 0)
				o = NULL;
			free(y);
			if (o)
				add_job(j, p, o);
		}
		free(p);
		free(r);
	}
	closedir(d);
	return 0;
}

/*
 * The jobs for the inputs argv[first..argc): each input and where its YAML
 * goes (@out, a directory when *@out_dir).  Returns 0, or -1 (said on stderr).
 */
static int plan_jobs(struct jobs *jobs, char **argv, int first, int argc, const char *out,
		     bool *out_dir)
{
	bool multi = argc - first > 1;

	for (int a = first; a < argc; a++)
		if (is_dir(argv[a]))
			multi = true;
	if (multi && !out) {
		fprintf(stderr, "dtbind doc2yaml: several inputs need -o DIR\n");
		return -1;
	}
	*out_dir = out && (multi || is_dir(out) || str_ends_with(out, "/"));
	if (*out_dir && mkdir_p(out, 0777)) {
		fprintf(stderr, "dtbind doc2yaml: cannot create '%s': %s\n", out, strerror(errno));
		return -1;
	}
	for (int a = first; a < argc; a++) {
		if (is_dir(argv[a])) {
			size_t before = jobs->n;

			if (collect(jobs, argv[a], "", out, 0)) {
				fprintf(stderr, "dtbind doc2yaml: cannot read directory '%s'\n", argv[a]);
				return -1;
			}
			qsort(jobs->v + before, jobs->n - before, sizeof(*jobs->v), cmp_job);
			continue;
		}
		char *o2 = NULL;

		if (*out_dir) {
			const char *b = strrchr(argv[a], '/');
			char *y = yaml_name(b ? b + 1 : argv[a]);

			if (!y || asprintf(&o2, "%s/%s", out, y) < 0)
				o2 = NULL;
			free(y);
			if (!o2)
				return -1;
		} else if (out) {
			o2 = strdup(out);
			if (!o2)
				return -1;
		}
		if (add_job(jobs, argv[a], o2))
			return -1;
	}
	return 0;
}

/* Every job in turn; the exit status so far (EXIT_CLEAN or EXIT_USAGE). */
static int run_jobs(struct dtbind_doc2yaml *c, struct dtbind_diag *diag, const struct jobs *jobs,
		    bool out_dir, bool force)
{
	int status = EXIT_CLEAN;
	char *made = NULL;	/* the output directory made last: jobs come sorted by it */

	dtbind_doc2yaml_set_defer(c, jobs->n > 1);
	for (size_t i = 0; i < jobs->n; i++) {
		const char *o3 = jobs->v[i].out;
		int ret;

		if (o3 && out_dir) {
			char *dir = strdup(o3), *slash = dir ? strrchr(dir, '/') : NULL;

			if (slash) {
				*slash = '\0';
				if (!made || strcmp(made, dir)) {
					mkdir_p(dir, 0777);
					free(made);
					made = dir;
					dir = NULL;
				}
			}
			free(dir);
		}
		dtbind_diag_set_input(diag, jobs->v[i].in);
		ret = dtbind_doc2yaml_file(c, jobs->v[i].in, o3, stdout, force);
		if (ret == -DTBIND_ENOMEM) {
			fprintf(stderr, "dtbind doc2yaml: out of memory\n");
			status = EXIT_USAGE;
			break;
		}
		if (ret)
			status = EXIT_USAGE;
	}
	free(made);
	dtbind_diag_set_input(diag, NULL);	/* the deferred checks are of every input */
	return status;
}

int cmd_doc2yaml(int argc, char **argv)
{
	enum { OPT_MAINT = 256, OPT_NOCHECK, OPT_LIST, OPT_FORMAT, OPT_GEN, OPT_NOPARTS, OPT_DTS };
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "url-path", required_argument, NULL, 'u' },
		{ "maintainer", required_argument, NULL, OPT_MAINT },
		{ "force", no_argument, NULL, 'f' },
		{ "no-self-check", no_argument, NULL, OPT_NOCHECK },
		{ "no-parts", no_argument, NULL, OPT_NOPARTS },
		{ "dts", required_argument, NULL, OPT_DTS },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "list-rules", optional_argument, NULL, OPT_LIST },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ NULL, 0, NULL, 0 },
	};
	struct dtbind_doc2yaml_opts o = { 0 };
	const char **maint = calloc((size_t)argc + 1, sizeof(*maint));
	const char **incs = calloc((size_t)argc + 1, sizeof(*incs));
	struct cli_rules rules = { .cmd = "doc2yaml",
				   .accept = DTBIND_TOOL_DOC2YAML | DTBIND_TOOL_LINT |
					     DTBIND_TOOL_EXAMPLETEST };
	const char *list_arg = NULL;
	size_t nm = 0, ni = 0;
	const char *out = NULL;
	bool force = false, list = false, out_dir = false;
	enum dtbind_format format = DTBIND_FORMAT_GCC;
	int opt, status = EXIT_USAGE;
	struct jobs jobs = { 0 };
	struct dtbind_diag *diag = NULL;
	struct dtbind_doc2yaml *c = NULL;

	if (!maint || !incs)
		goto out;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:u:I:fW:E:", opts, NULL)) != -1) {
		switch (opt) {
		case 'o': out = strcmp(optarg, "-") ? optarg : NULL; break;	/* '-': stdout */
		case 'u': o.bindings_root = optarg; break;
		case 'I': incs[ni++] = optarg; break;
		case 'f': force = true; break;
		case 'W':
		case 'E':
			if (!cli_rules_option(&rules, opt, optarg))
				goto out;
			break;
		case OPT_MAINT: maint[nm++] = optarg; break;
		case OPT_GEN:
			if (!cli_parse_gen("doc2yaml", optarg, &o.gen))
				goto out;
			break;
		case OPT_NOCHECK: o.no_self_check = true; break;
		case OPT_NOPARTS: o.no_parts = true; break;
		case OPT_DTS: o.dts_dir = optarg; break;
		case OPT_LIST:
			list = true;
			list_arg = optarg;
			break;
		case OPT_FORMAT:
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "dtbind doc2yaml: unknown format '%s'\n", optarg);
				goto out;
			}
			break;
		default:
			cli_help_print(stderr, &help_doc2yaml);
			goto out;
		}
	}
	if (list) {
		if (cli_list_rules(stdout, "doc2yaml", DTBIND_TOOL_DOC2YAML, list_arg))
			status = EXIT_CLEAN;
		goto out;
	}
	if (optind >= argc) {
		fprintf(stderr, "dtbind doc2yaml: no input given\n");
		goto out;
	}
	for (size_t i = 0; i < nm; i++) {
		if (!strchr(maint[i], '@')) {
			fprintf(stderr, "dtbind doc2yaml: --maintainer '%s' has no email address\n",
				maint[i]);
			goto out;
		}
	}
	o.maintainers = maint;
	o.n_maintainers = nm;
	o.include_dirs = incs;
	o.n_include_dirs = ni;
	if (o.bindings_root && !is_dir(o.bindings_root)) {
		fprintf(stderr, "dtbind doc2yaml: '%s' is not a directory\n", o.bindings_root);
		goto out;
	}
	if (o.dts_dir && !is_dir(o.dts_dir)) {
		fprintf(stderr, "dtbind doc2yaml: --dts '%s' is not a directory\n", o.dts_dir);
		goto out;
	}
	/* Inputs and where each goes. */
	if (plan_jobs(&jobs, argv, optind, argc, out, &out_dir))
		goto out;
	/* Machine-readable findings go to stdout, unless the YAML does. */
	diag = jobs.n == 1 && !jobs.v[0].out ? dtbind_diag_new(stderr, format) :
					       cli_diag_new(format);
	if (!diag)
		goto out;
	if (cli_rules_apply(&rules, diag))
		goto out;
	if (dtbind_doc2yaml_new(diag, &o, &c))
		goto out;
	status = run_jobs(c, diag, &jobs, out_dir, force);
	dtbind_doc2yaml_flush(c);
	if (status == EXIT_CLEAN && dtbind_diag_count(diag, DTBIND_ERROR))
		status = EXIT_FINDINGS;
out:
	dtbind_doc2yaml_free(c);
	dtbind_diag_free(diag);
	for (size_t i = 0; i < jobs.n; i++) {
		free(jobs.v[i].in);
		free(jobs.v[i].out);
	}
	free(jobs.v);
	free(maint);
	free(incs);
	cli_rules_free(&rules);
	return status;
}
