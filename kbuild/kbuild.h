/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * kbuild.h - the kernel's own make targets on dtbind: front-ends with
 * dt-schema's program names and command lines (and yamllint's), chosen by
 * the name the binary is run under.
 */
#ifndef DTBIND_KBUILD_H
#define DTBIND_KBUILD_H

#include <stdbool.h>
#include <stdio.h>

#include "dtbind.h"

/* The front-end names, NULL-terminated: the links `make` and `make install` create. */
extern const char *const kbuild_names[];

/* Is @name (a basename) one of the front-ends? */
bool kbuild_is_frontend(const char *name);
/* Run front-end @name with its own argv (@FILE arguments not yet expanded). */
int kbuild_main(const char *name, int argc, char **argv);

struct cli_help;
int cmd_kbuild_path(int argc, char **argv);
extern const struct cli_help help_kbuild_path;

/* Shared by the front-ends (kbuild.c). */
struct kbuild_ctx {
	const char *prog;	/* the name run as */
	enum dtbind_gen gen;	/* DTBIND_DTSCHEMA from the environment, or AUTO */
};

/* The generation in force for @root: $DTBIND_DTSCHEMA, else the tree's Makefile. */
enum dtbind_gen kbuild_gen(const struct kbuild_ctx *k, const char *root);
/*
 * The bindings root: @url_path when given, else the tree of @file, else
 * $srctree's (kbuild exports it), else the tree of the working directory.
 * Caller frees; NULL when there is none.
 */
char *kbuild_root(const char *url_path, const char *file);
/* `--version`: the generation's version first (kbuild compares it), then ours. */
int kbuild_version(const struct kbuild_ctx *k, const char *url_path);

/* Findings of each example, kept next to the schema set file (results.c). */
struct kb_store {
	char *dir, *lock, *done;
	bool ok;
};

/* The results of @schema (the file, as it is now) with @options; false: none kept. */
bool kb_store_open(struct kb_store *st, const char *schema, const char *options);
void kb_store_close(struct kb_store *st);
/* What was said of @yaml, if it has not changed since (caller frees), or NULL. */
char *kb_store_get(const struct kb_store *st, const char *yaml);
void kb_store_put(const struct kb_store *st, const char *yaml, const char *text, size_t len);
/* How many results are kept (a run in progress: how far it has got). */
size_t kb_store_count(const struct kb_store *st);
/* One process at a time fills the store for everyone. */
bool kb_store_lock(const struct kb_store *st, int *fd);
void kb_store_unlock(int fd);

int kb_doc_validate(struct kbuild_ctx *k, int argc, char **argv);
int kb_mk_schema(struct kbuild_ctx *k, int argc, char **argv);
int kb_extract_example(struct kbuild_ctx *k, int argc, char **argv);
int kb_validate(struct kbuild_ctx *k, int argc, char **argv);
int kb_check_compatible(struct kbuild_ctx *k, int argc, char **argv);
int kb_yamllint(struct kbuild_ctx *k, int argc, char **argv);

#endif
