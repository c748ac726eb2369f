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

void help_check(FILE *out)
{
	fprintf(out,
		"usage: dtbind check [--tree DIR] [--format=gcc|json]\n"
		"                    [-W RULE|-Wno-RULE|-E RULE|-Werror]... [--schemas DIR] [-I DIR]...\n"
		"                    [--extract DIR] PATCH...|-\n"
		"       dtbind check --staged [OPTIONS]\n"
		"       dtbind check --list-rules\n\n"
		"Check devicetree patches before they are sent: git format-patch files, an mbox\n"
		"holding a series (copies that mail archives add are skipped), or '-' for\n"
		"standard input.  Each binding the series adds is rebuilt from the patches\n"
		"alone, each one it changes is applied to the tree in memory; both are linted\n"
		"and their examples tested, and findings are reported at the file's line with\n"
		"a note at the patch line that added it.  checkpatch.pl's devicetree rules run\n"
		"under their own names: DT_SPLIT_BINDING_PATCH, DT_SCHEMA_BINDING_PATCH,\n"
		"UNDOCUMENTED_DT_STRING (needs the tree) and SPDX_LICENSE_TAG.\n\n"
		"  -t, --tree DIR        the kernel tree the series applies to (default: the\n"
		"                        kernel tree around the current directory, if any)\n"
		"      --no-tree         do not look for a tree\n"
		"      --staged          check `git diff --cached` of the current repository,\n"
		"                        findings at the staged files (what the hook runs)\n"
		"      --schemas DIR     lint's core/ and meta/ schemas from DIR\n"
		CLI_HELP_DTSCHEMA
		"  -I DIR                #include directory for examples (default: the series'\n"
		"                        include/dt-bindings, then the tree's include-prefixes)\n"
		"      --extract DIR     also write the rebuilt binding files under DIR\n"
		"      --format=FORMAT   gcc (default) or json (JSON Lines)\n"
		CLI_HELP_RULES
		"                        (-W also takes lint's rules: dtbind lint --list-rules;\n"
		"                        lint's spdx is off here, SPDX_LICENSE_TAG says the same\n"
		"                        at the patch line)\n"
		"      --no-source       do not quote the source line under each finding\n\n"
		"Exit status: 0 clean, 1 errors or warnings (as checkpatch), 2 usage or I/O\n"
		"error.\n");
}

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

static bool is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

/* The kernel tree around the current directory, as checkpatch finds its root. */
static char *find_tree(void)
{
	char *dir = getcwd(NULL, 0), *slash;

	while (dir) {
		char *b, *s;
		bool ok;

		if (asprintf(&b, "%s/Documentation/devicetree/bindings", *dir ? dir : "/") < 0 ||
		    asprintf(&s, "%s/scripts", *dir ? dir : "/") < 0)
			break;
		ok = is_dir(b) && is_dir(s);
		free(b);
		free(s);
		if (ok)
			return dir;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	free(dir);
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
			help_check(stderr);
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
	if (!(diag = dtbind_diag_new(stderr, a.format))) {
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
