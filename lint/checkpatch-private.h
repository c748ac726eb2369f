/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * checkpatch-private.h - what the modules of `dtbind check` share: the
 * series' tracked files, the run's context (struct ctx), and the functions
 * one module calls in another.  The rule table stays in checkpatch.c.
 */
#ifndef DTBIND_CHECKPATCH_PRIVATE_H
#define DTBIND_CHECKPATCH_PRIVATE_H

#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"
#include "exampletest/exampletest.h"
#include "lint.h"
#include "patch.h"

#define BINDINGS "Documentation/devicetree/bindings/"
#define BINDINGS_DIR "Documentation/devicetree/bindings"
#define DT_HEADERS "include/dt-bindings/"
#define MAX_READ DTBIND_MAX_FILE_SIZE

/* A file of the series whose content is followed: bindings and dt-bindings headers. */
struct tracked {
	const char *path;		/* repository path, at the end of the series */
	const char *base_path;		/* where its base came from in the tree, or NULL */
	struct dtbind_text text;
	bool exists;			/* false once deleted */
	bool known;			/* text holds the content */
	bool failed;			/* a patch did not apply (reported) */
	bool changed;			/* the series changes it */
	const struct dtbind_patch *last_patch;
	const struct dtbind_patch_file *last_file;
	/* created by the series but in the tree already (buffer in ctx->bufs) */
	const char *tree_buf;
	size_t tree_len;
	const struct dtbind_patch *add_patch;
	const struct dtbind_patch_file *add_file;
};

struct disk_cache {
	char *path;
	char *buf;
	size_t len;
	bool ok;
	unsigned age;
};

struct corpus_file {
	char *path;
	char *buf;
	size_t len;
};

struct ctx {
	struct dtbind_diag *diag;
	const struct dtbind_series_opts *o;
	const struct dtbind_patch_series *s;
	struct arena arena;
	struct tracked *files;
	size_t n_files, cap_files;
	struct hmap by_path;		/* path -> index + 1 */
	char **bufs;			/* base file buffers the texts point into */
	size_t n_bufs, cap_bufs;
	char *tree;			/* realpath of opts->tree, or NULL */
	char *top;			/* the tree's top as lint and exampletest see it */
	char *root;			/* top/Documentation/devicetree/bindings */
	struct fs_overlay *ov;		/* the series' files over the tree, under top */
	bool mirrored[2];		/* the tree's bindings, its dt-bindings headers shown */
	/* lint and exampletest write here (JSON Lines) */
	struct dtbind_diag *inner;
	bool keep;			/* the last inner finding was kept: keep its notes */
	struct dtbind_finding pending;	/* the patch note of that finding */
	char *pending_msg;
	bool has_pending;
	bool pending_source;
	struct disk_cache disk[4];
	unsigned disk_clock;
	struct corpus_file *corpus;
	size_t n_corpus;
	bool corpus_loaded;
	bool no_tree_noted;
	bool applied_noted;
};

/* ---- checkpatch.c ---- */
bool cp_has_prefix(const char *s, const char *p);
const char *cp_subject_of(const struct dtbind_patch *p);
void cp_report(struct ctx *c, const char *rule, struct dtbind_loc loc, const char *fmt, ...) DTBIND_PRINTF(4, 5);
bool cp_disk_matches(struct ctx *c, const char *path, uint32_t line, char prefix,
		     const char *text, size_t tlen);
void cp_emit(struct ctx *c, const struct dtbind_finding *f, bool source_ok);
void cp_note(struct ctx *c, struct dtbind_loc loc, bool source_ok, const char *fmt, ...) DTBIND_PRINTF(4, 5);
struct tracked *cp_lookup(struct ctx *c, const char *path);

/* ---- checkpatch-tmp.c ---- */
int cp_make_overlay(struct ctx *c);
int cp_extract(struct ctx *c);
void cp_drain(struct ctx *c);
int cp_inner_new(struct ctx *c);

/* ---- checkpatch-rules.c ---- */
void cp_rule_split(struct ctx *c, const struct dtbind_patch *p);
void cp_rule_schema(struct ctx *c, const struct dtbind_patch *p,
		    const struct dtbind_patch_file *f);
void cp_rule_spdx(struct ctx *c, const struct dtbind_patch *p,
		  const struct dtbind_patch_file *f);
int cp_rule_compatibles(struct ctx *c, const struct dtbind_patch *p,
			const struct dtbind_patch_file *f);

#endif /* DTBIND_CHECKPATCH_PRIVATE_H */
