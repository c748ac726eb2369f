// SPDX-License-Identifier: BSD-2-Clause
/*
 * kbuild.c - one binary, many names (busybox style): run as dt-validate,
 * dt-doc-validate, ... it takes that program's command line, so the
 * kernel's `make dt_binding_check` and `make dtbs_check` run unchanged.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "clihelp.h"
#include "kbuild.h"

/* What version we say we are, besides the generation. */
#define KBUILD_DTBIND_VERSION "dtbind 0.1"

static const struct frontend {
	const char *name;
	int (*run)(struct kbuild_ctx *k, int argc, char **argv);
} frontends[] = {
	{ "dt-doc-validate", kb_doc_validate },
	{ "dt-mk-schema", kb_mk_schema },
	{ "dt-extract-example", kb_extract_example },
	{ "dt-validate", kb_validate },
	{ "dt-check-compatible", kb_check_compatible },
	{ "yamllint", kb_yamllint },
};

const char *const kbuild_names[] = {
	"dt-doc-validate", "dt-mk-schema", "dt-extract-example", "dt-validate",
	"dt-check-compatible", "yamllint", NULL,
};

bool kbuild_is_frontend(const char *name)
{
	for (size_t i = 0; kbuild_names[i]; i++)
		if (!strcmp(name, kbuild_names[i]))
			return true;
	return false;
}

/*
 * DTBIND_KBUILD_TIMES=FILE: each run appends "name user_s sys_s" to FILE, so
 * a whole make run can tell our share of the CPU time from the kernel's own
 * steps (make, gcc -E, dtc).  One write with O_APPEND: parallel runs do not mix.
 */
static void log_times(const char *name)
{
	const char *file = getenv("DTBIND_KBUILD_TIMES");
	struct rusage ru, kids;
	char line[256];
	int fd, n;

	/* With the workers dt-validate forks (waited for by now). */
	if (!file || !*file || getrusage(RUSAGE_SELF, &ru) || getrusage(RUSAGE_CHILDREN, &kids))
		return;
	n = snprintf(line, sizeof(line), "%s %.6f %.6f\n", name,
		     (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		     (double)kids.ru_utime.tv_sec + kids.ru_utime.tv_usec / 1e6,
		     (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6 +
		     (double)kids.ru_stime.tv_sec + kids.ru_stime.tv_usec / 1e6);
	fd = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (write(fd, line, (size_t)n) != n)
		fprintf(stderr, "%s: DTBIND_KBUILD_TIMES=%s: write failed\n", name, file);
	close(fd);
}

int kbuild_main(const char *name, int argc, char **argv)
{
	struct kbuild_ctx k = { .prog = name };
	const char *env = getenv("DTBIND_DTSCHEMA");

	if (env && *env && !dtbind_gen_parse(env, &k.gen)) {
		fprintf(stderr, "%s: DTBIND_DTSCHEMA=%s: not a dt-schema generation (2022.08 or "
			"2026.06)\n", name, env);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < sizeof(frontends) / sizeof(frontends[0]); i++) {
		if (strcmp(name, frontends[i].name))
			continue;
		int n = argc;
		char **v = cli_expand_args(&n, argv);

		if (!v)
			return EXIT_USAGE;
		int ret = frontends[i].run(&k, n, v);

		/* What @FILE expanded into was allocated; the original arguments were not. */
		for (int a = 0; a < n; a++) {
			bool own = true;

			for (int o = 0; o < argc && own; o++)
				own = v[a] != argv[o];
			if (own)
				free(v[a]);
		}
		free(v);
		fflush(stdout);
		log_times(name);
		return ret;
	}
	return EXIT_USAGE;
}

enum dtbind_gen kbuild_gen(const struct kbuild_ctx *k, const char *root)
{
	return dtbind_gen_choose(root, k->gen);
}

static bool kb_dir_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

char *kbuild_root(const char *url_path, const char *file)
{
	const char *srctree = getenv("srctree");
	char *r;

	if (url_path)
		return strdup(url_path);
	if (file && (r = bindings_root_above(file)))
		return r;
	if (srctree && *srctree &&
	    asprintf(&r, "%s/Documentation/devicetree/bindings", srctree) >= 0) {
		if (kb_dir_exists(r))
			return r;
		free(r);
	}
	return bindings_root_above(".");
}

int kbuild_version(const struct kbuild_ctx *k, const char *url_path)
{
	char *root = kbuild_root(url_path, NULL);
	enum dtbind_gen gen = kbuild_gen(k, root);

	/*
	 * The kernel runs `sort -Vc` over its minimum and our first line, so
	 * that line is the bare version; ours follows it and sorts after any
	 * number (and the check reads stdout only).
	 */
	printf("%s\n%s, with dt-schema %s semantics (%s)\n", dtbind_gen_name(gen),
	       KBUILD_DTBIND_VERSION, dtbind_gen_name(gen),
	       k->gen != DTBIND_GEN_AUTO ? "from DTBIND_DTSCHEMA" :
	       root ? "from DT_SCHEMA_MIN_VERSION of the tree" : "no kernel tree here");
	free(root);
	return EXIT_CLEAN;
}

/* ---- dtbind kbuild-path ---------------------------------------------- */

static const char *const kbuild_path_synopsis[] = { "", NULL };

static const struct cli_example kbuild_path_examples[] = {
	{ "Check bindings with the kernel's own target, on dtbind:",
	  "make dt_binding_check PATH=$(dtbind kbuild-path):$PATH" },
	{ "Check the device trees of arm64 the same way:",
	  "make ARCH=arm64 dtbs_check PATH=$(dtbind kbuild-path):$PATH" },
	{ NULL },
};

const struct cli_help help_kbuild_path = {
	.name = "kbuild-path",
	.summary = "print the directory of the front-ends for the kernel's make targets",
	.synopsis = kbuild_path_synopsis,
	.description =
		"Print the directory that holds dtbind's front-ends for the kernel's make "
		"targets (dt-doc-validate, dt-mk-schema, dt-extract-example, dt-validate, "
		"dt-check-compatible, yamllint): links to this binary.  Put it first in PATH.  "
		"It is BUILD/kbuild next to an uninstalled build, PREFIX/libexec/dtbind/kbuild "
		"after make install.  DTBIND_DTSCHEMA=2022.08|2026.06 in the environment "
		"overrides the dt-schema generation each tree asks for.",
	.exit_status = "0, or 2 when the directory is missing.",
	.examples = kbuild_path_examples,
	.see_also = "lint exampletest validate mkschema",
	.operand_words = "",
};

/* The front-end directory next to the program: its build's, or the installed one. */
static char *frontend_dir(void)
{
	char exe[PATH_MAX], *slash, *d;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	const char *candidates[] = { "%s/kbuild", "%s/../libexec/dtbind/kbuild" };

	for (size_t i = 0; i < 2; i++) {
		char *link;

		if (asprintf(&d, candidates[i], exe) < 0)
			return NULL;
		if (asprintf(&link, "%s/dt-validate", d) >= 0 && access(link, X_OK) == 0) {
			char *real = realpath(d, NULL);

			free(link);
			free(d);
			return real;
		}
		free(link);
		free(d);
	}
	return NULL;
}

int cmd_kbuild_path(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		cli_help_print(stderr, &help_kbuild_path);
		return EXIT_USAGE;
	}
	char *d = frontend_dir();

	if (!d) {
		fprintf(stderr, "dtbind kbuild-path: no front-end directory next to this program "
			"(run 'make' in the source tree, or 'make install')\n");
		return EXIT_USAGE;
	}
	printf("%s\n", d);
	free(d);
	return EXIT_CLEAN;
}
