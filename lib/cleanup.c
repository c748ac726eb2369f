// SPDX-License-Identifier: BSD-2-Clause
/*
 * cleanup.c - what a signal must not leave behind: check's mirror tree,
 * doc2yaml's self-check tree, files being written before their rename.
 *
 * The handler may interrupt malloc or stdio, so it uses only system calls:
 * unlinkat, openat and getdents64 on fixed buffers.  Then it restores the
 * default action and raises the signal again, so that the exit status
 * still says which signal it was.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cleanup.h"
#include "dtbind.h"

#define CLEANUP_MAX 16		/* paths at once: a few trees and files being written */
#define CLEANUP_DEPTH 24	/* directory levels removed under a path */

static char *volatile paths[CLEANUP_MAX];
static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
static int installed;

struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* Empty the directory @fd, then remove it as @name of @parent.  Signal-safe. */
static void remove_dir_at(int parent, const char *name, unsigned depth)
{
	char buf[2048];
	int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return;
	/* Entries removed while reading may shift the rest: pass again until one removes nothing. */
	for (int removed = 1, pass = 0; removed && pass < 64; pass++) {
		long n;

		removed = 0;
		lseek(fd, 0, SEEK_SET);
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
			for (long off = 0; off < n;) {
				struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);
				const char *e = d->d_name;

				off += d->d_reclen;
				if (!strcmp(e, ".") || !strcmp(e, ".."))
					continue;
				if (unlinkat(fd, e, 0) == 0) {
					removed = 1;
				} else if ((errno == EISDIR || errno == EPERM) && depth < CLEANUP_DEPTH) {
					remove_dir_at(fd, e, depth + 1);
					removed = 1;
				}
			}
		}
	}
	close(fd);
	unlinkat(parent, name, AT_REMOVEDIR);
}

static void on_signal(int sig)
{
	int saved = errno;

	for (size_t i = 0; i < CLEANUP_MAX; i++) {
		const char *p = paths[i];

		if (p && unlinkat(AT_FDCWD, p, 0) && (errno == EISDIR || errno == EPERM))
			remove_dir_at(AT_FDCWD, p, 0);
	}
	signal(sig, SIG_DFL);
	errno = saved;
	raise(sig);
}

static void install(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);	/* one cleanup at a time */
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
		/* nohup's or a shell's "ignore" stays: such a signal stops nothing. */
		if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(signals[i], &sa, NULL);
	}
	installed = 1;
}

/* Slots change with every signal blocked: the handler never sees one half-made. */
static void block(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, old);
}

static int add_path(char *copy)
{
	int ret = -DTBIND_ELIMIT;

	if (!installed)
		install();
	if (!installed)
		install();
	for (size_t i = 0; i < CLEANUP_MAX; i++) {
		if (!paths[i]) {
			paths[i] = copy;
			copy = NULL;
			ret = 0;
			break;
		}
	}
	free(copy);
	return ret;
}

int cleanup_on_signal(const char *path)
{
	char *copy = strdup(path);
	sigset_t old;
	int ret;

	if (!copy)
		return -DTBIND_ENOMEM;
	block(&old);
	ret = add_path(copy);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return ret;
}

/* mkdtemp() (@dir) or mkstemp(), registered at once: the fd, 0 for a directory, or -1. */
static int make_temp(char *tmpl, bool dir)
{
	/* The copy is made first: malloc must not run with the file made but unregistered. */
	char *copy = strdup(tmpl);
	sigset_t old;
	int ret;

	block(&old);
	ret = dir ? (mkdtemp(tmpl) ? 0 : -1) : mkstemp(tmpl);
	if (ret >= 0 && copy) {
		memcpy(copy, tmpl, strlen(tmpl));
		add_path(copy);
	} else {
		free(copy);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return ret;
}

int cleanup_mkstemp(char *tmpl)
{
	return make_temp(tmpl, false);
}

char *cleanup_mkdtemp(char *tmpl)
{
	return make_temp(tmpl, true) == 0 ? tmpl : NULL;
}

void cleanup_forget(const char *path)
{
	char *gone = NULL;
	sigset_t old;

	block(&old);
	for (size_t i = 0; i < CLEANUP_MAX && !gone; i++) {
		if (paths[i] && !strcmp(paths[i], path)) {
			gone = paths[i];
			paths[i] = NULL;
		}
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(gone);
}
