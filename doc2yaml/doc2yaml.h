/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * doc2yaml.h - convert a legacy free-form .txt devicetree binding into a
 * DT schema (YAML): header, compatibles, typed properties, required list,
 * child nodes and examples that compile, then lint the result in process
 * and report what still fails at the .txt line it came from.
 */
#ifndef DTBIND_DOC2YAML_H
#define DTBIND_DOC2YAML_H

#include "dtbind.h"

struct dtbind_doc2yaml_opts {
	/*
	 * The bindings root (Documentation/devicetree/bindings): $id is the
	 * output path under it; MAINTAINERS and the common schemas are found
	 * from it.  NULL: the devicetree/bindings directory above the output
	 * (or the input) file, if any.
	 */
	const char *bindings_root;
	const char *const *maintainers;	/* "Name <email>" (borrowed); none: MAINTAINERS */
	size_t n_maintainers;
	/* Directories holding dt-bindings/ headers for the examples' macros (borrowed). */
	const char *const *include_dirs;
	size_t n_include_dirs;
	/*
	 * Board sources (*.dts, *.dtsi below it) whose compatible lists add
	 * the SoC strings used before the text's.  NULL: arch/ of the kernel
	 * tree around the bindings root, if any.
	 */
	const char *dts_dir;
	bool no_self_check;		/* skip linting the result */
	bool no_parts;			/* parts for other devices: said, not converted */
	enum dtbind_gen gen;		/* dt-schema of the self-check; AUTO: bindings_root's */
};

struct dtbind_doc2yaml;

/**
 * dtbind_doc2yaml_new() - a converter; caches MAINTAINERS, headers and the linter
 * @diag: where findings about the .txt files go, at their line (borrowed)
 * @opts: options (copied; the strings are borrowed)
 * @out: the converter, freed with dtbind_doc2yaml_free()
 *
 * Returns 0 or -DTBIND_ENOMEM.
 */
int dtbind_doc2yaml_new(struct dtbind_diag *diag, const struct dtbind_doc2yaml_opts *opts,
			struct dtbind_doc2yaml **out);
void dtbind_doc2yaml_free(struct dtbind_doc2yaml *c);

/**
 * dtbind_doc2yaml_convert() - convert one .txt binding held in memory
 * @c: the converter
 * @txt_path: the name of the input, used in findings and to find its place
 *	      in the bindings tree
 * @text: its contents (need not be NUL-terminated)
 * @len: length of @text
 * @out_path: where the YAML will live ($id comes from it); NULL: next to
 *	      @txt_path with a .yaml suffix
 * @yaml: receives the YAML text (malloc'd, NUL-terminated; caller frees)
 * @yaml_len: its length
 *
 * Findings go to the diag sink at @txt_path:line:col with rules named
 * doc2yaml-*.  The self-check (lint) runs unless disabled.  Returns 0 or
 * -DTBIND_ENOMEM.  Any text converts; an input with nothing recognisable
 * gives a skeleton and findings, except a pointer stub (a few lines that
 * only send the reader to another file): 0 with @yaml NULL and a note.
 */
int dtbind_doc2yaml_convert(struct dtbind_doc2yaml *c, const char *txt_path, const char *text,
			    size_t len, const char *out_path, char **yaml, size_t *yaml_len);

/**
 * dtbind_doc2yaml_file() - convert @in and write the result to @out
 * @out: output file; NULL writes to @stream instead
 * @stream: used when @out is NULL (borrowed)
 * @force: replace an existing @out
 *
 * The output is written to a temporary file in the same directory and
 * renamed into place, so a failure never leaves a partial file.  A pointer
 * stub writes nothing and returns 0.  Returns
 * 0, -DTBIND_EIO (input unreadable, output exists without @force, or
 * write failure, reported to the diag sink), -DTBIND_ELIMIT (input too
 * large) or -DTBIND_ENOMEM.
 */
int dtbind_doc2yaml_file(struct dtbind_doc2yaml *c, const char *in, const char *out, FILE *stream,
			 bool force);

/*
 * dtbind_doc2yaml_set_defer() - check examples in one batch
 *
 * Converting many files, the examples' check (exampletest against the new
 * schemas) is cheaper in one pass: with @defer, it waits for
 * dtbind_doc2yaml_flush() (or dtbind_doc2yaml_free()).  Lint still runs
 * right after each conversion.
 */
void dtbind_doc2yaml_set_defer(struct dtbind_doc2yaml *c, bool defer);
/* Run the examples' checks still pending; their findings go to the diag sink. */
void dtbind_doc2yaml_flush(struct dtbind_doc2yaml *c);

int cmd_doc2yaml(int argc, char **argv);
extern const struct cli_help help_doc2yaml;

#endif
