// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_cleanup.c - what a signal must not leave behind: a registered tree
 * and file are removed when SIGTERM or SIGINT stops the process, the exit
 * status still names the signal, forgotten paths are kept, and an ignored
 * signal stays ignored.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <dirent.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "cleanup.h"

static char base[64];

static int setup(void **state)
{
	(void)state;
	snprintf(base, sizeof(base), "/tmp/dtbind-test-cleanup-XXXXXX");
	return mkdtemp(base) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	return system(cmd) == 0 ? 0 : -1;
}

static void touch(const char *dir, const char *name)
{
	char p[256];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_CREAT | O_WRONLY, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
}

static bool exists(const char *name)
{
	char p[256];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", base, name);
	return lstat(p, &st) == 0;
}

static bool base_is_empty(void)
{
	DIR *d = opendir(base);
	struct dirent *de;
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)))
		n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
	closedir(d);
	return n == 0;
}

/* In a child: a deep tree with many entries (several getdents passes), a file, then @sig. */
static int child_status(int sig, bool ignore, bool forget)
{
	pid_t pid = fork();
	int status;

	assert_true(pid >= 0);
	if (pid == 0) {
		char tree[256], sub[128], file[128];

		/*
		 * Set the disposition the case is about: a test run from a
		 * background shell inherits SIGINT ignored, which cleanup keeps.
		 */
		signal(sig, ignore ? SIG_IGN : SIG_DFL);
		snprintf(tree, sizeof(tree), "%s/tree-XXXXXX", base);
		if (!cleanup_mkdtemp(tree))
			_exit(90);
		snprintf(sub, sizeof(sub), "%s/tree-moved", base);
		if (rename(tree, sub))
			_exit(91);
		/* Registered under its final name, like check's realpath. */
		cleanup_on_signal(sub);
		cleanup_forget(tree);
		snprintf(tree, sizeof(tree), "%s", sub);
		for (int d = 0; d < 6; d++) {
			strcat(tree, "/d");
			mkdir(tree, 0700);
			for (int i = 0; i < 300; i++) {
				char n[48];

				snprintf(n, sizeof(n), "f%03d-with-a-long-name-to-fill-buffers", i);
				touch(tree, n);
			}
		}
		snprintf(file, sizeof(file), "%s/out.yaml.XXXXXX", base);
		if (cleanup_mkstemp(file) < 0)
			_exit(92);
		if (forget) {
			cleanup_forget(file);
			cleanup_forget(sub);
		}
		raise(sig);
		_exit(0);	/* an ignored signal: the child goes on */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static void term_removes_tree_and_file(void **state)
{
	int status;

	(void)state;
	status = child_status(SIGTERM, false, false);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGTERM);
	assert_false(exists("tree-moved"));
	assert_true(base_is_empty());
}

static void int_removes_tree(void **state)
{
	int status;

	(void)state;
	status = child_status(SIGINT, false, false);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGINT);
	assert_false(exists("tree-moved"));
}

static void forgotten_paths_stay(void **state)
{
	int status;

	(void)state;
	status = child_status(SIGTERM, false, true);
	assert_true(WIFSIGNALED(status));
	assert_true(exists("tree-moved/d/d/d/d/d/d/f299-with-a-long-name-to-fill-buffers"));
}

static void ignored_signal_stays_ignored(void **state)
{
	int status;

	(void)state;
	status = child_status(SIGHUP, true, false);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(exists("tree-moved"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(term_removes_tree_and_file, setup, teardown),
		cmocka_unit_test_setup_teardown(int_removes_tree, setup, teardown),
		cmocka_unit_test_setup_teardown(forgotten_paths_stay, setup, teardown),
		cmocka_unit_test_setup_teardown(ignored_signal_stays_ignored, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
