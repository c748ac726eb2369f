/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cpp.h - the C preprocessor subset that devicetree sources and binding
 * examples use, in process (no fork of cpp), as the kernel runs it:
 * `cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp`.
 */
#ifndef DTBIND_CPP_H
#define DTBIND_CPP_H

#include "dt.h"

/* A file whose text is an editor's buffer instead of what is on disk. */
struct cpp_unsaved {
	const char *path;	/* its real path */
	const char *text;
	size_t len;
};

struct cpp_opts {
	const char *const *include_dirs;	/* searched for <...> and, after the file's dir, "..." */
	size_t n_include_dirs;
	const char *const *defines;		/* "NAME" or "NAME=VALUE" */
	size_t n_defines;
	unsigned max_include_depth;		/* 0 = 200, as gcc */
	/* Included files read from these buffers instead of from disk. */
	const struct cpp_unsaved *unsaved;
	size_t n_unsaved;
};

struct cpp_output {
	char *text;			/* malloc'd, NUL-terminated */
	size_t len;
	struct srcmap map;		/* one entry per output line, spans where columns move */
	struct arena names;		/* file names the map points at */
};

/*
 * Preprocess @buf (named @name).  @in_map, when not NULL, says where each
 * input line came from (a binding example inside its .yaml); else line N of
 * @buf is @name:N.  Errors (missing include, bad directive, unterminated
 * #if, recursion limits) go to @diag at their original location; returns 0,
 * or -DTBIND_EPARSE after reporting, -DTBIND_ENOMEM, -DTBIND_ELIMIT.
 * On success @out holds the text; free with cpp_output_free().
 */
int cpp_run(const struct cpp_opts *opts, const char *name, const char *buf, size_t len,
	    const struct srcmap *in_map, struct dtbind_diag *diag, struct cpp_output *out);
void cpp_output_free(struct cpp_output *out);

#endif
