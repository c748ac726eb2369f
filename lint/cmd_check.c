// SPDX-License-Identifier: BSD-2-Clause
/* cmd_check.c - dtbind check: patches, mbox series or the staged changes, before they are sent. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "lint.h"
#include "patch.h"

static const char *const check_synopsis[] = {
	"[--tree DIR] [--format=gcc|json] [-W RULE|-Wno-RULE|-E RULE|-Werror]... [--schemas DIR] "
	"[-I DIR]... [--extract DIR] PATCH...|-",
	"--staged [OPTIONS]",
	"--list-rules",
	NULL,
};

static const struct cli_option check_options[] = {
	{ 't', "tree", "DIR", "the kernel tree the series applies to (default: the kernel "
	  "tree around the current directory, if any)" },
	{ 0, "no-tree", NULL, "do not look for a tree" },
	{ 0, "staged", NULL, "check `git diff --cached` of the current repository, findings "
	  "at the staged files (what the hook runs)" },
	{ 0, "schemas", "DIR", "lint's core/ and meta/ schemas from DIR" },
	CLI_OPTION_DTSCHEMA,
	{ 'I', NULL, "DIR", "#include directory for examples (default: the series' "
	  "include/dt-bindings, then the tree's include-prefixes)" },
	{ 0, "extract", "DIR", "also write the rebuilt binding files under DIR" },
	CLI_OPTION_FORMAT,
	CLI_OPTIONS_WE,
	{ 0, "list-rules", "[=all]", "the rules of this command (or of all), and exit; -W "
	  "also takes lint's rules (dtbind lint --list-rules); lint's spdx is off here, "
	  "SPDX_LICENSE_TAG says the same at the patch line" },
	CLI_OPTION_NO_SOURCE,
	{ 0 },
};

static const struct cli_example check_examples[] = {
	{ "A series as git format-patch wrote it, against a kernel tree:",
	  "dtbind check --tree ~/linux 0001-dt-bindings-iio-add-foo.patch" },
	{ "What is staged for the next commit (what the pre-commit hook runs):",
	  "dtbind check --staged" },
	{ NULL },
};

const struct cli_help help_check = {
	.name = "check",
	.summary = "check patches, mbox series or staged changes (bindings, checkpatch DT rules)",
	.synopsis = check_synopsis,
	.description =
		"Check devicetree patches before they are sent: git format-patch files, an mbox "
		"holding a series (copies that mail archives add are skipped), or '-' for "
		"standard input.  Each binding the series adds is rebuilt from the patches "
		"alone, each one it changes is applied to the tree in memory; both are linted "
		"and their examples tested, and findings are reported at the file's line with "
		"a note at the patch line that added it.  checkpatch.pl's devicetree rules run "
		"under their own names: DT_SPLIT_BINDING_PATCH, DT_SCHEMA_BINDING_PATCH, "
		"UNDOCUMENTED_DT_STRING (needs the tree) and SPDX_LICENSE_TAG.",
	.options = check_options,
	.exit_status = "0 clean, 1 errors or warnings (as checkpatch), 2 usage or I/O error.",
	.examples = check_examples,
	.see_also = "hook lint exampletest",
	.operand_exts = "patch diff mbox mbx eml",
};

/* Run @argv, its standard output into *buf (at most @max bytes).  Returns the exit status or -1. */
static int run_capture(const char *const argv[], bool quiet, size_t max, char **buf, size_t *len)
{
	int fds[2], status;
	pid_t pid;
	struct strbuf sb;
	char chunk[65536];
	ssize_t n;

	*buf = NULL;
	*len = 0;
	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		if (quiet) {
			FILE *null = freopen("/dev/null", "w", stderr);

			(void)null;
		}
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	sb_init(&sb);
	while ((n = read(fds[0], chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (sb.len + (size_t)n <= max)
			sb_putn(&sb, chunk, (size_t)n);
		else
			sb.oom = true;	/* too large: keep reading so the child can finish */
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (sb.oom) {
		sb_free(&sb);
		return -1;
	}
	*len = sb.len;
	*buf = sb.buf ? sb.buf : strdup("");
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* --staged: the preimage of a modified file is its HEAD version. */
static int read_head(void *user, const char *path, char **buf, size_t *len)
{
	char *spec;
	int st;

	(void)user;
	if (asprintf(&spec, "HEAD:%s", path) < 0)
		return -DTBIND_ENOMEM;
	const char *argv[] = { "git", "cat-file", "blob", spec, NULL };

	st = run_capture(argv, true, DTBIND_MAX_FILE_SIZE, buf, len);
	free(spec);
	if (st != 0) {
		free(*buf);
		*buf = NULL;
		return -DTBIND_ENOTFOUND;
	}
	return 0;
}

static int read_stdin(char **buf, size_t *len)
{
	struct strbuf sb;
	char chunk[65536];
	size_t n;

	sb_init(&sb);
	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0) {
		if (sb.len + n > DTBIND_MAX_FILE_SIZE) {
			sb_free(&sb);
			return -DTBIND_ELIMIT;
		}
		sb_putn(&sb, chunk, n);
	}
	if (ferror(stdin) || sb.oom) {
		sb_free(&sb);
		return -DTBIND_EIO;
	}
	*len = sb.len;
	*buf = sb.buf ? sb.buf : strdup("");
	return *buf ? 0 : -DTBIND_ENOMEM;
}

/*
 * The kernel tree around the current directory, as checkpatch finds its
 * root: the tree of the bindings root every tool finds from here
 * (bindings_root_above()), when that is a kernel tree's, with scripts/.
 */
static char *find_tree(void)
{
	static const char sub[] = "/Documentation/devicetree/bindings";
	char *root = bindings_root_above("."), *s = NULL;

	if (root && str_ends_with(root, sub)) {
		root[strlen(root) - strlen(sub)] = '\0';
		if (asprintf(&s, "%s/scripts", *root ? root : "") >= 0 && is_dir(s)) {
			free(s);
			if (!*root) {
				free(root);
				return strdup("/");
			}
			return root;
		}
		free(s);
	}
	free(root);
	return NULL;
}


/* git diff --cached of the repository around the current directory; chdir()s to its top. */
static int staged_diff(char **buf, size_t *len, char **top)
{
	const char *argv_top[] = { "git", "rev-parse", "--show-toplevel", NULL };
	const char *argv_diff[] = { "git", "-c", "core.quotepath=false", "diff", "--cached", "-M",
			      "--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/",
			      "--dst-prefix=b/", NULL };
	size_t tl;

	if (run_capture(argv_top, false, 1 << 16, top, &tl) != 0) {
		fprintf(stderr, "dtbind check: --staged needs a git work tree\n");
		free(*top);
		*top = NULL;
		return -1;
	}
	while (tl && ((*top)[tl - 1] == '\n' || (*top)[tl - 1] == '\r'))
		(*top)[--tl] = '\0';
	if (chdir(*top)) {
		fprintf(stderr, "dtbind check: cannot enter '%s': %s\n", *top, strerror(errno));
		return -1;
	}
	if (run_capture(argv_diff, false, DTBIND_MAX_FILE_SIZE, buf, len) != 0) {
		fprintf(stderr, "dtbind check: git diff --cached failed\n");
		return -1;
	}
	return 0;
}

/* The command line of check, parsed. */
struct check_args {
	struct dtbind_series_opts so;
	enum dtbind_format format;
	const char **incs;
	struct cli_rules rules;
	bool staged, no_tree;
};

/*
 * Parse the options into @a: 0 to go on, 1 when there is nothing left to do
 * (--list-rules), -1 on a usage error (reported).
 */
static int check_parse_args(int argc, char **argv, struct check_args *a)
{
	enum { OPT_SCHEMAS = 256, OPT_LIST, OPT_NOSRC, OPT_STAGED, OPT_EXTRACT, OPT_NOTREE, OPT_GEN };
	static const struct option opts[] = {
		{ "tree", required_argument, NULL, 't' },
		{ "no-tree", no_argument, NULL, OPT_NOTREE },
		{ "staged", no_argument, NULL, OPT_STAGED },
		{ "schemas", required_argument, NULL, OPT_SCHEMAS },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ "extract", required_argument, NULL, OPT_EXTRACT },
		{ "format", required_argument, NULL, 'f' },
		{ "list-rules", optional_argument, NULL, OPT_LIST },
		{ "no-source", no_argument, NULL, OPT_NOSRC },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "t:W:E:I:", opts, NULL)) != -1) {
		switch (opt) {
		case 't': a->so.tree = optarg; break;
		case OPT_NOTREE: a->no_tree = true; break;
		case OPT_STAGED: a->staged = true; break;
		case OPT_SCHEMAS: a->so.schemas_dir = optarg; break;
		case OPT_GEN:
			if (cli_parse_gen("check", optarg, &a->so.gen))
				break;
			return -1;
		case OPT_EXTRACT: a->so.extract_dir = optarg; break;
		case 'I': a->incs[a->so.n_include_dirs++] = optarg; break;
		case 'W':
		case 'E':
			if (cli_rules_option(&a->rules, opt, optarg))
				break;
			return -1;
		case OPT_NOSRC: a->so.show_source = false; break;
		case OPT_LIST:
			return cli_list_rules(stdout, "check", DTBIND_TOOL_CHECK, optarg) ? 1 : -1;
		case 'f':
			if (cli_parse_format(optarg, &a->format))
				break;
			fprintf(stderr, "dtbind check: unknown format '%s'\n", optarg);
			/* fall through */
		default:
			cli_help_print(stderr, &help_check);
			return -1;
		}
	}
	if (a->staged == (optind < argc)) {
		fprintf(stderr,
			a->staged ? "dtbind check: --staged takes no PATCH arguments\n" :
				    "dtbind check: no patch given (PATCH..., '-' or --staged)\n");
		return -1;
	}
	a->so.rules = &a->rules;
	a->so.include_dirs = a->incs;
	return 0;
}

/*
 * Read the patch files (or '-') of argv[optind...] into @series: returns the
 * exit status so far, or -1 when a patch cannot be parsed at all.
 */
static int check_read_patches(int argc, char **argv, struct dtbind_patch_series *series,
			      struct dtbind_diag *diag)
{
	int status = EXIT_CLEAN;

	for (int i = optind; i < argc; i++) {
		char *buf;
		size_t len;
		bool in = !strcmp(argv[i], "-");
		int ret = in ? read_stdin(&buf, &len)
			     : read_file(argv[i], DTBIND_MAX_FILE_SIZE, &buf, &len);

		if (ret) {
			dtbind_diag_report(
				diag, DTBIND_ERROR,
				(struct dtbind_loc){ .file = in ? "<stdin>" : argv[i] },
				"io", "cannot read: %s",
				ret == -DTBIND_ELIMIT ? "larger than the size limit" :
							strerror(errno));
			status = EXIT_USAGE;
			continue;
		}
		if (dtbind_patch_parse(series, in ? "<stdin>" : argv[i], buf, len, diag)) {
			free(buf);
			return -1;
		}
		free(buf);
	}
	bool any = false;

	for (size_t k = 0; k < series->n; k++)
		any = any || series->patches[k].n_files;
	/* A cover letter alone is fine among patches, but not as the only input. */
	if (!any && status == EXIT_CLEAN)
		dtbind_diag_report(
			diag, DTBIND_ERROR,
			(struct dtbind_loc){ .file = optind + 1 == argc ?
							     (strcmp(argv[optind], "-") ?
								      argv[optind] :
								      "<stdin>") :
							     NULL },
			"patch", "no diff found: the input is not a patch or mbox");
	return status;
}

int cmd_check(int argc, char **argv)
{
	struct check_args a = {
		.so.show_source = true, .format = DTBIND_FORMAT_GCC,
		.rules = { .cmd = "check",
			   .accept = DTBIND_TOOL_CHECK | DTBIND_TOOL_LINT | DTBIND_TOOL_EXAMPLETEST },
	};
	char *tree = NULL, *top = NULL;
	int ret, status = EXIT_CLEAN;
	struct dtbind_patch_series series;
	struct dtbind_diag *diag = NULL;

	dtbind_patch_series_init(&series);
	a.incs = calloc((size_t)argc + 1, sizeof(*a.incs));
	if (!a.incs) {
		status = EXIT_USAGE;
		goto out;
	}
	ret = check_parse_args(argc, argv, &a);
	if (ret) {
		status = ret < 0 ? EXIT_USAGE : EXIT_CLEAN;
		goto out;
	}
	if (!(diag = cli_diag_new(a.format))) {
		status = EXIT_USAGE;
		goto out;
	}
	a.so.show_source = a.so.show_source && a.format == DTBIND_FORMAT_GCC;
	dtbind_diag_set_show_source(diag, a.so.show_source);
	if (cli_rules_apply(&a.rules, diag)) {
		status = EXIT_USAGE;
		goto out;
	}
	/* lint's SPDX rule repeats SPDX_LICENSE_TAG: off unless asked for. */
	dtbind_diag_set_rule_default(diag, "spdx", -1);

	if (a.staged) {
		char *buf;
		size_t len;

		if (staged_diff(&buf, &len, &top)) {
			status = EXIT_USAGE;
			goto out;
		}
		a.so.at_files = true;
		a.so.read_base = read_head;
		if (!a.so.tree)
			a.so.tree = top;
		dtbind_patch_parse(&series, "<staged>", buf, len, diag);
		free(buf);
	} else {
		if (!a.so.tree && !a.no_tree)
			a.so.tree = tree = find_tree();
		/* One patch or mbox named: every finding comes from it. */
		if (argc - optind == 1)
			dtbind_diag_set_input(diag, argv[optind]);
		status = check_read_patches(argc, argv, &series, diag);
		if (status < 0) {
			status = EXIT_USAGE;
			goto out;
		}
	}
	if (dtbind_check_series(diag, &series, &a.so))
		status = EXIT_USAGE;
	if (status == EXIT_CLEAN &&
	    (dtbind_diag_count(diag, DTBIND_ERROR) || dtbind_diag_count(diag, DTBIND_WARNING)))
		status = EXIT_FINDINGS;
out:
	dtbind_patch_series_release(&series);
	dtbind_diag_free(diag);
	cli_rules_free(&a.rules);
	free(a.incs);
	free(tree);
	free(top);
	return status;
}
