// SPDX-License-Identifier: BSD-2-Clause
/*
 * dtschema_fe.c - dt-doc-validate, dt-mk-schema, dt-extract-example,
 * dt-validate and dt-check-compatible: their options, arguments, output
 * streams and exit codes, as the kernel's Makefiles use them, each a thin
 * translation onto lint, mkschema, the example wrapper and validate.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "devicetree.h"
#include "examples.h"
#include "exampletest/exampletest.h"
#include "kbuild.h"
#include "lint/lint.h"
#include "validate/validate.h"

#define EPILOG "\nArguments can also be passed in a file prefixed with a \"@\" character.\n" \
	"This is dtbind's %s (dtbind kbuild-path); see dtbind --help.\n"

static bool kb_dir_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- dt-doc-validate ------------------------------------------------- */

static void doc_validate_usage(FILE *out)
{
	fprintf(out, "usage: dt-doc-validate [-h] [-v] [-n] [-u URL_PATH] [-V] [yamldt ...]\n\n"
		"Check binding schemas against the devicetree meta-schemas, $id and $ref.\n"
		"Findings go to stderr as file:line:col (always: -n is implied).\n\n"
		"  -u, --url-path URL_PATH  the bindings root\n"
		"  -V, --version            the dt-schema version in force, then dtbind's\n"
		"  -v, -n                   accepted, no effect\n"
		EPILOG "Exit status: 0 clean, 1 errors, 2 usage or I/O error.\n", "dt-doc-validate");
}

int kb_doc_validate(struct kbuild_ctx *k, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "line-number", no_argument, NULL, 'n' },
		{ "url-path", required_argument, NULL, 'u' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct dtbind_lint_opts lo = { .yamllint = false, .gen = k->gen };
	bool version = false;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "hvnu:V", opts, NULL)) != -1) {
		switch (opt) {
		case 'h': doc_validate_usage(stdout); return EXIT_CLEAN;
		case 'u': lo.bindings_root = optarg; break;
		case 'V': version = true; break;
		case 'v': case 'n': break;
		default: doc_validate_usage(stderr); return EXIT_USAGE;
		}
	}
	if (version)
		return kbuild_version(k, lo.bindings_root);
	struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_linter *linter = NULL;
	struct path_list files = { 0 };
	int status = EXIT_CLEAN;

	if (!diag)
		return EXIT_USAGE;
	/*
	 * What dt-doc-validate checks, no more: in kbuild the examples are dtc's
	 * job (and dt-validate's), the SPDX line checkpatch's.
	 */
	static const char *const others[] = { "spdx", "ref-form", "cpp", "dts-syntax",
					      "dts-semantic" };

	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		dtbind_diag_set_rule(diag, others[i], -1);
	if (!cli_collect_paths(diag, argv + optind, argc - optind, is_binding_name, &files))
		status = EXIT_USAGE;
	if (dtbind_linter_new(diag, &lo, &linter)) {
		status = EXIT_USAGE;
	} else {
		for (size_t i = 0; i < files.n; i++)
			if (dtbind_lint_file(linter, files.v[i]) < 0)
				status = EXIT_USAGE;
	}
	if (status == EXIT_CLEAN && dtbind_diag_count(diag, DTBIND_ERROR))
		status = EXIT_FINDINGS;
	dtbind_linter_free(linter);
	path_list_free(&files);
	dtbind_diag_free(diag);
	return status;
}

/* ---- dt-mk-schema ---------------------------------------------------- */

static void mk_schema_usage(FILE *out)
{
	fprintf(out, "usage: dt-mk-schema [-h] [-o OUTFILE] [-j] [-u] [-V] [schemas ...]\n\n"
		"Process the bindings tree of the schemas named (and the core schemas) into\n"
		"dtbind's compiled schema set, the file dtbind's dt-validate -p reads.  It\n"
		"starts with the header \"DTBSCH\"; it is not JSON, whatever -j says.\n\n"
		"  -o, --outfile OUTFILE  write it there (default: stdout)\n"
		"  -j, --json, -u, --useronly  accepted, no effect\n"
		"  -V, --version          the dt-schema version in force, then dtbind's\n"
		EPILOG "Exit status: 0 written, 2 usage or I/O error.\n", "dt-mk-schema");
}

/*
 * @n bytes of @in to @out inside the kernel (no copy through this process:
 * the set is 25 MB on 6.12); false when the files do not allow it (a pipe,
 * an append-only output, another file system on an old kernel).
 */
static bool copy_in_kernel(int in, int out, off_t n)
{
	while (n > 0) {
		ssize_t k = copy_file_range(in, NULL, out, NULL, (size_t)n, 0);

		if (k <= 0)
			return false;
		n -= k;
	}
	return true;
}

/* Copy the file @path to @to (NULL: stdout). */
static int copy_file(const char *path, const char *to)
{
	FILE *f = fopen(path, "rb"), *out = to ? fopen(to, "wb") : stdout;
	char buf[65536];
	struct stat st;
	size_t n;
	int ret = 0;

	if (!f || !out) {
		if (f)
			fclose(f);
		if (out && out != stdout)
			fclose(out);
		return -DTBIND_EIO;
	}
	/* Where it cannot, from where it stopped: both offsets moved by what was copied. */
	if (fflush(out) || fstat(fileno(f), &st) ||
	    !copy_in_kernel(fileno(f), fileno(out), st.st_size)) {
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			if (fwrite(buf, 1, n, out) != n)
				ret = -DTBIND_EIO;
	}
	if (ferror(f) || fflush(out))
		ret = -DTBIND_EIO;
	if (out != stdout && fclose(out))
		ret = -DTBIND_EIO;
	fclose(f);
	return ret;
}

/*
 * The cache kept next to the output (@outfile, or the regular file stdout
 * is, as kbuild redirects it): ".OUTPUT.dtbind-set.tmp" in its directory, a
 * name the kernel's `make clean` removes (it deletes every ".*.tmp"), as it
 * removes the output; NULL when there is no such file (a pipe).
 */
static char *side_cache_name(const char *output)
{
	const char *base = strrchr(output, '/');
	char *p;

	base = base ? base + 1 : output;
	if (asprintf(&p, "%.*s.%s.dtbind-set.tmp", (int)(base - output), output, base) < 0)
		return NULL;
	return p;
}

static char *output_cache_path(const char *outfile)
{
	char link[PATH_MAX];
	struct stat out, named;
	ssize_t n;

	if (outfile)
		return side_cache_name(outfile);
	if (fstat(STDOUT_FILENO, &out) || !S_ISREG(out.st_mode) ||
	    (n = readlink("/proc/self/fd/1", link, sizeof(link) - 1)) <= 0)
		return NULL;
	link[n] = '\0';
	/* Still that file under that name (not removed or renamed since). */
	if (stat(link, &named) || named.st_ino != out.st_ino || named.st_dev != out.st_dev)
		return NULL;
	return side_cache_name(link);
}

int kb_mk_schema(struct kbuild_ctx *k, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "outfile", required_argument, NULL, 'o' },
		{ "json", no_argument, NULL, 'j' },
		{ "useronly", no_argument, NULL, 'u' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outfile = NULL;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "ho:juV", opts, NULL)) != -1) {
		switch (opt) {
		case 'h': mk_schema_usage(stdout); return EXIT_CLEAN;
		case 'o': outfile = optarg; break;
		case 'V': return kbuild_version(k, NULL);
		case 'j': case 'u': break;
		default: mk_schema_usage(stderr); return EXIT_USAGE;
		}
	}
	/* The set is the whole tree the files are in, as the kernel lists them all. */
	char *root = kbuild_root(NULL, optind < argc ? argv[optind] : NULL);

	if (!root) {
		fprintf(stderr, "dt-mk-schema: no devicetree/bindings directory above %s\n",
			optind < argc ? argv[optind] : "the working directory");
		return EXIT_USAGE;
	}
	/*
	 * Through a cache, so that after an edit only the changed bindings are
	 * processed again (kbuild has truncated the old output by the time we
	 * run); then that file is the output.  The cache is the output's own
	 * when we know its name: the per-user one keeps the 8 trees used last,
	 * and other work on the machine pushed the kernel's out between two
	 * makes (3.6 s CPU to process 6.12 again instead of 0.07).
	 */
	struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_dtschemas *s = NULL;
	char *own = output_cache_path(outfile);
	char *cached = own ? strdup(own) : dtbind_dtschemas_cache_path(root, k->gen);
	int ret = diag ? dtbind_dtschemas_load_cached(diag, root, own, true, k->gen, &s)
		       : -DTBIND_ENOMEM;

	if (!ret && (!cached || access(cached, R_OK))) {
		/* No cache to be had (an unwritable home): written from the set itself. */
		if (!outfile) {
			fprintf(stderr, "dt-mk-schema: no schema cache could be written "
				"(XDG_CACHE_HOME or HOME); give -o FILE\n");
			ret = -DTBIND_EIO;
		} else {
			dtbind_dtschemas_free(s);
			s = NULL;
			remove(outfile);
			ret = dtbind_dtschemas_load_cached(diag, root, outfile, false, k->gen, &s);
			free(cached);
			cached = NULL;
		}
	}
	if (!ret && cached)
		ret = copy_file(cached, outfile);
	if (ret)
		fprintf(stderr, "dt-mk-schema: %s: %s\n", outfile ? outfile : "stdout",
			dtbind_strerror(ret));
	dtbind_dtschemas_free(s);
	dtbind_diag_free(diag);
	free(cached);
	free(own);
	free(root);
	return ret ? EXIT_USAGE : EXIT_CLEAN;
}

/* ---- dt-extract-example ---------------------------------------------- */

int kb_extract_example(struct kbuild_ctx *k, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char usage[] = "usage: dt-extract-example [-h] yamlfile\n";
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (opt == 'h') {
			printf("%s\nThe examples of a binding wrapped into one DTS source, on stdout.\n"
			       "This is dtbind's dt-extract-example (dtbind kbuild-path).\n", usage);
			return EXIT_CLEAN;
		}
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (argc - optind != 1) {
		fprintf(stderr, "%sdt-extract-example: error: one yamlfile is required\n", usage);
		return EXIT_USAGE;
	}
	const char *file = argv[optind];
	struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_doc *doc = NULL;
	char *buf = NULL;
	size_t len;
	int ret;

	if (!diag)
		return EXIT_USAGE;
	if ((ret = read_file(file, DTBIND_MAX_FILE_SIZE, &buf, &len))) {
		fprintf(stderr, "dt-extract-example: %s: %s\n", file, dtbind_strerror(ret));
		dtbind_diag_free(diag);
		return EXIT_USAGE;
	}
	/* A file that does not load: its located error, exit 1, as the reference. */
	ret = dtbind_doc_load_string(file, buf, len, diag, 0, &doc) ? EXIT_FINDINGS : EXIT_CLEAN;
	const struct dtbind_value *root = doc ? dtbind_doc_root(doc) : NULL;

	if (root && root->kind == DTBIND_MAP) {
		char *broot = kbuild_root(NULL, file);
		struct strbuf dts;
		struct srcmap map;
		unsigned count;

		sb_init(&dts);
		srcmap_init(&map);
		if (examples_wrap_gen(root, file, buf, len, kbuild_gen(k, broot), &dts, &map, &count))
			ret = EXIT_USAGE;
		/* No examples at all: an empty root still makes a tree dtc accepts. */
		if (!dtbind_value_get(root, "examples"))
			sb_puts(&dts, "/ {\n    compatible = \"foo\";\n    model = \"foo\";\n"
				      "    #address-cells = <1>;\n    #size-cells = <1>;\n};\n");
		if (ret == EXIT_CLEAN)
			fwrite(sb_cstr(&dts), 1, dts.len, stdout);
		srcmap_free(&map);
		sb_free(&dts);
		free(broot);
	}
	dtbind_doc_free(doc);
	free(buf);
	dtbind_diag_free(diag);
	return ret;
}

/* ---- dt-validate ----------------------------------------------------- */

static void validate_usage(FILE *out)
{
	fprintf(out, "usage: dt-validate [-h] [-s SCHEMA] [-p PREPARSE] [-l LIMIT] [-c] [-m] [-M]\n"
		"                   [-n] [-v] [-u URL_PATH] [-V] [dtbs ...]\n\n"
		"Validate .dtb files (a directory: every .dtb below it) against the bindings.\n"
		"Findings go to stderr as dt-validate prints them; a binding's example\n"
		"(X.example.dtb built by dt_binding_check) is checked from X.yaml, its\n"
		"findings at their line and column there.\n\n"
		"  -s, --schema SCHEMA   dtbind's compiled schema set (its dt-mk-schema), or\n"
		"                        a bindings directory\n"
		"  -p, --preparse FILE   the same as -s\n"
		"  -l, --limit LIMIT     only schemas whose file contains LIMIT (several: a:b)\n"
		"  -m, --show-unmatched  warn about compatibles no binding documents\n"
		"  -M, --show-matched    note which schemas selected each node\n"
		"  -u, --url-path DIR    the bindings root\n"
		"  -v, --verbose         print \"Check:  FILE\" before each file\n"
		"  -c, -n                accepted; -c has no effect (every selecting schema is used)\n"
		"  -V, --version         the dt-schema version in force, then dtbind's\n"
		EPILOG "Exit status: 0 checked (findings or not, as dt-validate), 2 usage,\n"
		"I/O error or a schema file that is not dtbind's.\n", "dt-validate");
}

/*
 * The schema file named by -s/-p: dtbind's compiled set (its bindings root
 * into *@root when -u did not name one), or a bindings directory.  Anything
 * else is said plainly: a JSON of the Python dt-mk-schema cannot be read.
 */
static bool schema_arg(const char *prog, const char *path, const char **cache, char **root)
{
	if (kb_dir_exists(path)) {
		if (!*root)
			*root = strdup(path);
		return true;
	}
	if (!cli_schema_set_file(prog, path, "dtbind's dt-mk-schema",
				 ": rebuild it with dtbind's front-ends first in PATH, e.g. make "
				 "dt_binding_check PATH=$(dtbind kbuild-path):$PATH", root))
		return false;
	*cache = path;
	return true;
}

/* X.example.dtb of a bindings tree: X.yaml below @root, or NULL. */
static char *example_source(const char *dtb, const char *root)
{
	static const char dir[] = "devicetree/bindings/", ext[] = ".example.dtb";
	const char *rel = NULL;
	char *yaml;

	if (!root || !str_ends_with(dtb, ext))
		return NULL;
	for (const char *p = strstr(dtb, dir); p; p = strstr(p + 1, dir))
		rel = p + sizeof(dir) - 1;
	if (!rel)
		return NULL;
	if (asprintf(&yaml, "%s/%.*s.yaml", root, (int)(strlen(rel) - strlen(ext)), rel) < 0)
		return NULL;
	if (access(yaml, R_OK) == 0)
		return yaml;
	free(yaml);
	return NULL;
}

static bool is_dtb_name(const char *name)
{
	return str_ends_with(name, ".dtb");
}

/* The examples checked one by one in a run before the next checks them all. */
#define KB_BATCH_AFTER 16

struct kb_run {
	struct dt_checker_opts *co;
	struct kb_store st;
	bool store;
	struct dtbind_diag *diag;	/* into mem when the results are kept */
	struct dt_checker *checker;
	FILE *mem;
	char *buf;
	size_t len;
	int status;
};

/* Load the schema set on first need: a run served from kept results never does. */
static bool run_checker(struct kb_run *r)
{
	int ret;

	if (r->checker)
		return true;
	if (r->store && !(r->mem = open_memstream(&r->buf, &r->len)))
		r->store = false;
	r->diag = dtbind_diag_new(r->store ? r->mem : stderr, DTBIND_FORMAT_DTSCHEMA);
	if (!r->diag || (ret = dt_checker_new(r->diag, r->co, &r->checker))) {
		fprintf(stderr, "dt-validate: cannot load the schemas: %s\n",
			dtbind_strerror(r->diag ? ret : -DTBIND_ENOMEM));
		r->status = EXIT_USAGE;
		return false;
	}
	if (r->store) {	/* what loading said, said now */
		fflush(r->mem);
		fwrite(r->buf, 1, r->len, stderr);
	}
	return true;
}

/* Check one file (@yaml: an example's binding); its findings printed when @print, kept. */
static void run_one(struct kb_run *r, const char *file, const char *yaml, bool print)
{
	size_t from = 0;
	unsigned findings;
	int ret;

	if (r->store) {
		fflush(r->mem);
		from = r->len;
	}
	ret = yaml ? dt_checker_examples(r->checker, yaml, &findings)
		   : dt_checker_tree(r->checker, file, &findings);
	if (ret < 0 && ret != -DTBIND_EPARSE) {
		fprintf(stderr, "dt-validate: %s: %s\n", yaml ? yaml : file, dtbind_strerror(ret));
		r->status = EXIT_USAGE;
	}
	if (!r->store)
		return;
	fflush(r->mem);
	if (print)
		fwrite(r->buf + from, 1, r->len - from, stderr);
	if (yaml && ret >= 0)
		kb_store_put(&r->st, yaml, r->buf + from, r->len - from);
}

/*
 * Will this make check @yaml?  With DT_SCHEMA_FILES, kbuild passes it as -l
 * and builds the examples of the bindings whose path below the kernel tree
 * contains one of its parts (grep -F), so only those are worth checking.
 */
static bool make_checks(const struct kb_run *r, const char *root, const char *yaml)
{
	size_t n = strlen(root);
	char *rel;
	bool yes;

	if (!r->co->limit)
		return true;
	if (strncmp(yaml, root, n) || yaml[n] != '/' ||
	    asprintf(&rel, "Documentation/devicetree/bindings%s", yaml + n) < 0)
		return true;
	yes = dtbind_dtschemas_limit_matches(rel, r->co->limit);
	free(rel);
	return yes;
}

/* Check items @w, @w + @nw, ... of @todo (those not kept yet), keeping each result. */
static void run_share(struct kb_run *r, const struct path_list *todo, size_t w, size_t nw)
{
	for (size_t i = w; i < todo->n; i += nw) {
		char *kept = kb_store_get(&r->st, todo->v[i]);

		if (!kept)
			run_one(r, NULL, todo->v[i], false);
		free(kept);
	}
}

/*
 * Every example of the tree this make checks, once, for the runs that
 * follow.  The other jobs of make wait for this one meanwhile, so it
 * takes their processors: forked workers share the loaded schema set and
 * each keeps its own results (they are files).
 */
static void run_all(struct kb_run *r, const char *root)
{
	struct path_list all = { 0 };
	size_t n = 0;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	size_t nw = ncpu < 1 ? 1 : ncpu > 8 ? 8 : (size_t)ncpu;
	int fd;

	if (access(r->st.done, F_OK) == 0 || !kb_store_lock(&r->st, &fd))
		return;
	if (access(r->st.done, F_OK) == 0 || path_list_add(&all, root, is_binding_name)) {
		path_list_free(&all);
		kb_store_unlock(fd);
		return;
	}
	for (size_t i = 0; i < all.n; i++) {	/* those this make checks */
		if (make_checks(r, root, all.v[i]))
			all.v[n++] = all.v[i];
		else
			free(all.v[i]);
	}
	all.n = n;
	fflush(NULL);	/* nothing buffered is written twice */
	for (size_t w = 1; w < nw; w++) {
		pid_t pid = fork();

		if (pid == 0) {
			run_share(r, &all, w, nw);
			_exit(0);
		}
		if (pid < 0)	/* this process does that share too */
			run_share(r, &all, w, nw);
	}
	run_share(r, &all, 0, nw);
	while (wait(NULL) > 0 || errno == EINTR)
		;
	int done = open(r->st.done, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	if (done >= 0)
		close(done);
	path_list_free(&all);
	kb_store_unlock(fd);
}

static void validate_files(struct kb_run *r, const char *root, bool verbose, char **args, int n)
{
	struct path_list files = { 0 };
	struct dtbind_diag *err = dtbind_diag_new(stderr, DTBIND_FORMAT_DTSCHEMA);

	if (!err || !cli_collect_paths(err, args, n, is_dtb_name, &files))
		r->status = EXIT_USAGE;
	for (size_t i = 0; i < files.n; i++) {
		char *yaml = example_source(files.v[i], root);
		char *kept = yaml && r->store ? kb_store_get(&r->st, yaml) : NULL;

		if (verbose)
			printf("Check:  %s\n", files.v[i]);
		fflush(stdout);
		if (!kept && yaml && r->store && kb_store_count(&r->st) >= KB_BATCH_AFTER &&
		    run_checker(r)) {
			run_all(r, root);
			kept = kb_store_get(&r->st, yaml);
		}
		if (kept)
			fputs(kept, stderr);
		else if (run_checker(r))
			run_one(r, files.v[i], yaml, true);
		free(kept);
		free(yaml);
	}
	path_list_free(&files);
	dtbind_diag_free(err);
}

int kb_validate(struct kbuild_ctx *k, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "schema", required_argument, NULL, 's' },
		{ "preparse", required_argument, NULL, 'p' },
		{ "limit", required_argument, NULL, 'l' },
		{ "compatible-match", no_argument, NULL, 'c' },
		{ "show-unmatched", no_argument, NULL, 'm' },
		{ "show-matched", no_argument, NULL, 'M' },
		{ "line-number", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "url-path", required_argument, NULL, 'u' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	/* -p is taken as it is, as dt-validate does: kbuild remakes it when a binding changes. */
	struct dt_checker_opts co = { .show_schema = true, .use_cache = true, .trust_cache = true,
				      .gen = k->gen };
	const char *schema = NULL, *url = NULL;
	bool verbose = false, version = false;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "hs:p:l:cmMnvu:V", opts, NULL)) != -1) {
		switch (opt) {
		case 'h': validate_usage(stdout); return EXIT_CLEAN;
		case 's': case 'p': schema = optarg; break;
		case 'l': co.limit = optarg; break;
		case 'm': co.show_unmatched = true; break;
		case 'M': co.show_matched = true; break;
		case 'v': verbose = true; break;
		case 'u': url = optarg; break;
		case 'V': version = true; break;
		case 'c': case 'n': break;
		default: validate_usage(stderr); return EXIT_USAGE;
		}
	}
	if (version)
		return kbuild_version(k, url);
	char *root = url ? realpath(url, NULL) : NULL;

	if (schema && !schema_arg(k->prog, schema, &co.schema_cache, &root)) {
		free(root);
		return EXIT_USAGE;
	}
	if (!root)
		root = kbuild_root(NULL, optind < argc ? argv[optind] : NULL);
	co.bindings_root = root;
	struct kb_run r = { .co = &co, .status = EXIT_CLEAN };
	char *options = NULL;

	/* What the results depend on besides the schema set and the .yaml. */
	if (co.schema_cache &&
	    asprintf(&options, "gen=%d limit=%s m=%d M=%d root=%s", (int)co.gen,
		     co.limit ? co.limit : "", co.show_unmatched, co.show_matched,
		     root ? root : "") >= 0)
		r.store = kb_store_open(&r.st, co.schema_cache, options);
	validate_files(&r, root, verbose, argv + optind, argc - optind);
	dt_checker_free(r.checker);
	dtbind_diag_free(r.diag);
	if (r.mem)
		fclose(r.mem);
	free(r.buf);
	kb_store_close(&r.st);
	free(options);
	free(root);
	return r.status;
}

/* ---- dt-check-compatible --------------------------------------------- */

static void check_compatible_usage(FILE *out)
{
	fprintf(out, "usage: dt-check-compatible [-h] [-q] [-v] [-V] -s SCHEMA\n"
		"                           compatible_str [compatible_str ...]\n\n"
		"Print the compatibles some binding documents (-v: those none does).\n\n"
		"  -s, --schema SCHEMA   dtbind's compiled schema set, or a bindings directory\n"
		"  -v, --invert-match    print the undocumented ones\n"
		"  -q, --quiet           print nothing\n"
		"  -V, --version         the dt-schema version in force, then dtbind's\n"
		EPILOG "Exit status: 0 when something was printed (or would be), 255 when\n"
		"not, 2 usage or I/O error.\n", "dt-check-compatible");
}

int kb_check_compatible(struct kbuild_ctx *k, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "invert-match", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "schema", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	const char *schema = NULL, *cache = NULL;
	bool quiet = false, invert = false;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "hqvVs:", opts, NULL)) != -1) {
		switch (opt) {
		case 'h': check_compatible_usage(stdout); return EXIT_CLEAN;
		case 'q': quiet = true; break;
		case 'v': invert = true; break;
		case 'V': return kbuild_version(k, NULL);
		case 's': schema = optarg; break;
		default: check_compatible_usage(stderr); return EXIT_USAGE;
		}
	}
	if (!schema || optind >= argc) {
		check_compatible_usage(stderr);
		return EXIT_USAGE;
	}
	char *root = NULL;

	if (!schema_arg(k->prog, schema, &cache, &root))
		return EXIT_USAGE;
	struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_dtschemas *s = NULL;
	int ret = diag ? dtbind_dtschemas_load_cached(diag, root, cache, true, k->gen, &s)
		       : -DTBIND_ENOMEM;
	bool any = false;

	if (ret) {
		fprintf(stderr, "dt-check-compatible: cannot load the schemas: %s\n",
			dtbind_strerror(ret));
	} else {
		for (int i = optind; i < argc; i++) {
			if (dtbind_dtschemas_documented(s, argv[i]) == invert)
				continue;
			any = true;
			if (!quiet)
				printf("%s\n", argv[i]);
		}
	}
	dtbind_dtschemas_free(s);
	dtbind_diag_free(diag);
	free(root);
	return ret ? EXIT_USAGE : any ? EXIT_CLEAN : 255;
}
