// SPDX-License-Identifier: BSD-2-Clause
/* fuzz.c - the helpers the libFuzzer harnesses share. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devicetree.h"
#include "fuzz.h"

#ifndef FUZZ_SRCDIR
#define FUZZ_SRCDIR "."
#endif

struct dtbind_diag *fuzz_diag(void)
{
	static struct dtbind_diag *diag;

	if (!diag) {
		FILE *null = fopen("/dev/null", "w");

		diag = dtbind_diag_new(null, DTBIND_FORMAT_GCC);
		if (!diag)
			abort();
	}
	return diag;
}

static char dir[256];
static char path[512];

/* libFuzzer leaves by exit(): the file and its directory go with it. */
static void remove_file(void)
{
	if (*path)
		unlink(path);
	rmdir(dir);
}

const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
	FILE *f;

	if (!*dir) {
		const char *tmp = getenv("TMPDIR");
		struct stat st;

		if (!tmp || !*tmp)
			tmp = stat("/dev/shm", &st) == 0 ? "/dev/shm" : "/tmp";
		snprintf(dir, sizeof(dir), "%s/dtbind-fuzz.%ld", tmp, (long)getpid());
		if (mkdir(dir, 0700) && access(dir, W_OK))
			abort();
		atexit(remove_file);
	}
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	return path;
}

const char *const *fuzz_include_dirs(size_t *n)
{
	static char *dirs[2];
	static size_t count;
	static int done;
	const char *k = getenv("DTBIND_FUZZ_KERNEL");

	if (!done && k && *k) {
		/* Where the kernel's dt_binding_check and dtbs find their headers. */
		if (asprintf(&dirs[count], "%s/include", k) >= 0)
			count++;
		if (asprintf(&dirs[count], "%s/scripts/dtc/include-prefixes", k) >= 0)
			count++;
	}
	done = 1;
	*n = count;
	return (const char *const *)dirs;
}

struct dt_checker *fuzz_checker(void)
{
	static struct dt_checker *checker;
	struct dt_checker_opts o = { .bindings_root = FUZZ_SRCDIR "/corpus/bindings" };

	if (!checker) {
		o.include_dirs = fuzz_include_dirs(&o.n_include_dirs);
		if (dt_checker_new(fuzz_diag(), &o, &checker))
			abort();
	}
	return checker;
}

int fuzz_init_checker(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_checker();
	return 0;
}
