// SPDX-License-Identifier: BSD-2-Clause
/*
 * results.c - what dt-validate said of each binding's example, kept next to
 * the processed schema set for the runs that follow.
 *
 * kbuild runs dt-validate once per example: loading the schema set is then
 * most of the cost.  Once a run has checked a few examples one by one, the
 * next one checks every example of the tree in one go (one load) and keeps
 * each binding's findings; the other runs of the same make print theirs.
 * A result is used only for the same schema set (its identity: the program
 * and the hash of what the set holds, the same after a touch or a change
 * the set does not see, as a comment), the same options, and the same
 * .yaml (size, mtime, inode).  The results of other sets are removed; those of other
 * options with the same set stay (a DT_SCHEMA_FILES make between two whole
 * ones keeps the whole one's).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dtschema.h"
#include "internal.h"
#include "kbuild.h"

static char *hex_name(const char *dir, uint64_t h)
{
	char *p;

	return asprintf(&p, "%s/%016llx", dir, (unsigned long long)h) < 0 ? NULL : p;
}

/* Other sets' results go (names not starting with @keep): one schema set is current. */
static void remove_others(const char *top, const char *keep)
{
	DIR *d = opendir(top);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *sub;

		if (e->d_name[0] == '.' || !strncmp(e->d_name, keep, strlen(keep)) ||
		    asprintf(&sub, "%s/%s", top, e->d_name) < 0)
			continue;
		DIR *s = opendir(sub);
		struct dirent *f;

		while (s && (f = readdir(s))) {
			char *file;

			if (strcmp(f->d_name, ".") && strcmp(f->d_name, "..") &&
			    asprintf(&file, "%s/%s", sub, f->d_name) >= 0) {
				unlink(file);
				free(file);
			}
		}
		if (s)
			closedir(s);
		rmdir(sub);
		unlink(sub);
		free(sub);
	}
	closedir(d);
}

bool kb_store_open(struct kb_store *st, const char *schema, const char *options)
{
	char *top = NULL, set[24];
	uint64_t h;

	memset(st, 0, sizeof(*st));
	if (!schema || dtbind_dtschemas_file_identity(schema, &h) || asprintf(&top, "%s.dtbind", schema) < 0)
		return false;
	snprintf(set, sizeof(set), "%016llx-", (unsigned long long)h);
	if (asprintf(&st->dir, "%s/%s%016llx", top, set,
		     (unsigned long long)hash64(0, options, strlen(options))) >= 0 &&
	    asprintf(&st->lock, "%s.lock", st->dir) >= 0 &&
	    asprintf(&st->done, "%s/.all", st->dir) >= 0 &&
	    (mkdir(top, 0755) == 0 || errno == EEXIST)) {
		if (mkdir(st->dir, 0755) == 0)
			remove_others(top, set);
		st->ok = access(st->dir, W_OK) == 0;
	}
	free(top);
	return st->ok;
}

void kb_store_close(struct kb_store *st)
{
	free(st->dir);
	free(st->lock);
	free(st->done);
	memset(st, 0, sizeof(*st));
}

/* The line that must match: the .yaml as it is now. */
static bool yaml_stamp(const char *yaml, char *buf, size_t n)
{
	struct stat sb;

	if (stat(yaml, &sb))
		return false;
	snprintf(buf, n, "%llu %llu %lld.%09ld\n", (unsigned long long)sb.st_ino,
		 (unsigned long long)sb.st_size, (long long)sb.st_mtim.tv_sec, sb.st_mtim.tv_nsec);
	return true;
}

char *kb_store_get(const struct kb_store *st, const char *yaml)
{
	char stamp[128], *path, *buf = NULL;
	size_t len;

	if (!st->ok || !yaml_stamp(yaml, stamp, sizeof(stamp)) ||
	    !(path = hex_name(st->dir, hash64(0, yaml, strlen(yaml)))))
		return NULL;
	if (read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len) == 0 &&
	    !strncmp(buf, stamp, strlen(stamp))) {
		memmove(buf, buf + strlen(stamp), len - strlen(stamp) + 1);
	} else {
		free(buf);
		buf = NULL;
	}
	free(path);
	return buf;
}

void kb_store_put(const struct kb_store *st, const char *yaml, const char *text, size_t len)
{
	char stamp[128], *path, *tmp;

	if (!st->ok || !yaml_stamp(yaml, stamp, sizeof(stamp)) ||
	    !(path = hex_name(st->dir, hash64(0, yaml, strlen(yaml)))))
		return;
	/* Whole or not at all: a parallel reader never sees half a result. */
	if (asprintf(&tmp, "%s.%d", path, (int)getpid()) >= 0) {
		FILE *f = fopen(tmp, "w");
		bool ok = f && fputs(stamp, f) >= 0 && fwrite(text, 1, len, f) == len;

		if (f && fclose(f))
			ok = false;
		if (!ok || rename(tmp, path))
			unlink(tmp);
		free(tmp);
	}
	free(path);
}

size_t kb_store_count(const struct kb_store *st)
{
	DIR *d = st->ok ? opendir(st->dir) : NULL;
	size_t n = 0;

	while (d && readdir(d))
		n++;
	if (d)
		closedir(d);
	return n;
}

bool kb_store_lock(const struct kb_store *st, int *fd)
{
	*fd = st->ok ? open(st->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644) : -1;
	if (*fd >= 0 && flock(*fd, LOCK_EX) == 0)
		return true;
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
	return false;
}

void kb_store_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}
