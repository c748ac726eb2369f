// SPDX-License-Identifier: BSD-2-Clause
/* cmd_hook.c - dtbind hook install|uninstall: a pre-commit hook that runs dtbind check --staged. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "lint.h"

/* The line that tells our hook from anyone else's. */
#define HOOK_MARKER "# dtbind-managed-hook: pre-commit"

static const char *const hook_synopsis[] = {
	"install [CHECK-OPTION...]",
	"uninstall",
	NULL,
};

static const struct cli_example hook_examples[] = {
	{ "Check every commit of this repository before it is made, against the tree it is:",
	  "dtbind hook install --tree ." },
	{ NULL },
};

const struct cli_help help_hook = {
	.name = "hook",
	.summary = "install a git pre-commit hook that runs 'check --staged'",
	.synopsis = hook_synopsis,
	.description =
		"install writes the pre-commit hook of the current git repository (where "
		"`git rev-parse --git-path hooks/pre-commit` says: .git/hooks/pre-commit, or "
		"core.hooksPath).  The hook runs `dtbind check --staged [CHECK-OPTION...]` "
		"with this dtbind binary's absolute path, or with the `dtbind` on PATH when "
		"that file is gone; a commit is refused when the check reports errors or "
		"warnings (`git commit --no-verify` skips it once).  A hook that dtbind did "
		"not write is never overwritten or removed: it is recognised by the line "
		"'" HOOK_MARKER "'.  Running install again updates our hook.",
	.exit_status = "0 done, 2 refused, usage or I/O error.",
	.examples = hook_examples,
	.see_also = "check",
	.operand_words = "install uninstall",
};

/* The path of the pre-commit hook, from git (malloc'd), or NULL. */
static char *hook_path(void)
{
	int fds[2], status;
	pid_t pid;
	char buf[PATH_MAX + 2];
	size_t len = 0;
	ssize_t n;

	if (pipe(fds))
		return NULL;
	if ((pid = fork()) < 0) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (pid == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		execlp("git", "git", "rev-parse", "--git-path", "hooks/pre-commit", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], buf + len, sizeof(buf) - 1 - len)) > 0 ||
	       (n < 0 && errno == EINTR))
		if (n > 0)
			len += (size_t)n;
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) || !len)
		return NULL;
	buf[len] = '\0';
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		buf[--len] = '\0';
	return strdup(buf);
}

/* 1: a file of ours is there; 0: nothing there; -1: someone else's (or unreadable). */
static int hook_state(const char *path)
{
	char *buf;
	size_t len;
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	if (read_file(path, 1 << 20, &buf, &len))
		return -1;
	int ours = strstr(buf, "\n" HOOK_MARKER "\n") != NULL;

	free(buf);
	return ours ? 1 : -1;
}

static void sh_quote(struct strbuf *sb, const char *s)
{
	sb_putc(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sb_puts(sb, "'\\''");
		else
			sb_putc(sb, *s);
	}
	sb_putc(sb, '\'');
}


static int install(int argc, char **argv)
{
	char *path = hook_path(), *self = realpath("/proc/self/exe", NULL);
	struct strbuf sb;
	int status = EXIT_USAGE;

	if (!path) {
		fprintf(stderr, "dtbind hook: not in a git repository\n");
		goto out;
	}
	if (hook_state(path) < 0) {
		fprintf(stderr,
			"dtbind hook: %s exists and was not written by dtbind: not "
			"overwriting it (add 'dtbind check --staged' to it yourself)\n",
			path);
		goto out;
	}
	sb_init(&sb);
	sb_puts(&sb,
		"#!/bin/sh\n" HOOK_MARKER "\n"
		"# Written by `dtbind hook install`, which rewrites or removes this file only\n"
		"# while the line above is in it.  It checks the staged devicetree bindings and\n"
		"# .dts files; `git commit --no-verify` skips it once.\n"
		"dtbind=");
	sh_quote(&sb, self ? self : "dtbind");
	sb_puts(&sb, "\nif [ ! -x \"$dtbind\" ]; then\n"
		     "\tdtbind=$(command -v dtbind) || {\n"
		     "\t\techo \"pre-commit: dtbind is not at the installed path nor on PATH; run "
		     "'dtbind hook install' again, or commit with --no-verify\" >&2\n"
		     "\t\texit 1\n\t}\nfi\nexec \"$dtbind\" check --staged");
	for (int i = 0; i < argc; i++) {
		sb_putc(&sb, ' ');
		sh_quote(&sb, argv[i]);
	}
	sb_putc(&sb, '\n');
	const struct strbuf *parts[] = { &sb };

	if (sb.oom || mkdir_parents(path, 0755) || write_file_atomic(path, parts, 1, 0755, 0)) {
		fprintf(stderr, "dtbind hook: cannot write %s: %s\n", path, strerror(errno));
		sb_free(&sb);
		goto out;
	}
	sb_free(&sb);
	printf("dtbind hook: installed %s (runs %s check --staged)\n", path,
	       self ? self : "dtbind");
	status = EXIT_CLEAN;
out:
	free(path);
	free(self);
	return status;
}

static int uninstall(void)
{
	char *path = hook_path();
	int status = EXIT_USAGE, st;

	if (!path) {
		fprintf(stderr, "dtbind hook: not in a git repository\n");
		return EXIT_USAGE;
	}
	st = hook_state(path);
	if (st < 0) {
		fprintf(stderr, "dtbind hook: %s was not written by dtbind: leaving it\n", path);
	} else if (st == 0) {
		printf("dtbind hook: no hook at %s\n", path);
		status = EXIT_CLEAN;
	} else if (unlink(path)) {
		fprintf(stderr, "dtbind hook: cannot remove %s: %s\n", path, strerror(errno));
	} else {
		printf("dtbind hook: removed %s\n", path);
		status = EXIT_CLEAN;
	}
	free(path);
	return status;
}

int cmd_hook(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "install"))
		return install(argc - 2, argv + 2);
	if (argc == 2 && !strcmp(argv[1], "uninstall"))
		return uninstall();
	cli_help_print(stderr, &help_hook);
	return EXIT_USAGE;
}
