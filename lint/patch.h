/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * patch.h - git format-patch files and mbox series: parsing, in-memory
 * apply with the origin of every line, and the pre-submission checks
 * (checkpatch's devicetree rules, lint and exampletest on the bindings a
 * series adds or changes) that `dtbind check` runs.
 *
 * Every location is 1-based and names the input as it was given; findings
 * about malformed input go to the diag sink under the rule "patch".
 */
#ifndef DTBIND_PATCH_H
#define DTBIND_PATCH_H

#include "internal.h"
#include "cli.h"

enum dtbind_patch_op {
	DTBIND_PATCH_MODIFY,
	DTBIND_PATCH_ADD,
	DTBIND_PATCH_DELETE,
	DTBIND_PATCH_RENAME,
	DTBIND_PATCH_COPY,
};

/* One line of a hunk. */
struct dtbind_patch_line {
	char kind;		/* ' ' context, '-' removed, '+' added */
	bool no_eol;		/* followed by "\ No newline at end of file" */
	const char *text;	/* without the kind character; NUL-terminated */
	size_t len;
	uint32_t at;		/* line of the input */
};

struct dtbind_patch_hunk {
	uint32_t old_start, old_count, new_start, new_count;
	uint32_t at;		/* the "@@" line */
	struct dtbind_patch_line *lines;
	size_t n;
};

/* One file of one patch: the part from "diff --git" to the next file. */
struct dtbind_patch_file {
	const char *old_path;	/* "a/" stripped; NULL for /dev/null */
	const char *new_path;	/* "b/" stripped; NULL for /dev/null */
	enum dtbind_patch_op op;
	bool binary;		/* "Binary files ... differ" or "GIT binary patch" */
	bool broken;		/* a hunk was malformed (reported); do not apply */
	uint32_t at;		/* the "diff --git" (or "---") line */
	uint32_t mode_at;	/* the "new file mode" line, or 0 */
	struct dtbind_patch_hunk *hunks;
	size_t n_hunks;
};

/* One message of a series: one commit. */
struct dtbind_patch {
	const char *input;	/* name of the input, as given ("-" is "<stdin>") */
	const char *subject;	/* unfolded Subject:, "" when none */
	const char *message_id;	/* without " (raw)"; NULL when none */
	uint32_t at;		/* first line of the message */
	struct dtbind_patch_file *files;
	size_t n_files;
};

/* A series: the patches of every input, in order, copies left out. */
struct dtbind_patch_series {
	struct arena arena;	/* paths, subjects, texts */
	struct dtbind_patch *patches;
	size_t n, cap;
	struct {		/* what dtbind_patch_parse() saw, for copies */
		uint64_t body_hash;
		bool archive;
	} *seen;
};

void dtbind_patch_series_init(struct dtbind_patch_series *s);
void dtbind_patch_series_release(struct dtbind_patch_series *s);

/**
 * dtbind_patch_parse() - add the patches of one input to a series
 * @s: the series
 * @name: the input's name, used in locations (kept)
 * @buf, @len: the input: a git format-patch file, an mbox of several
 *	messages (mbox "From " lines, mail-archive "WARNING: multiple messages
 *	have this Message-ID" preambles), or a bare diff
 * @diag: where malformed input is reported (rule "patch"), located
 *
 * A message whose Message-ID, or whose Subject under an archive preamble or
 * with the same diff, was seen before is a copy and is skipped: silently
 * when its diff is the same, with a note when it differs.  Quoted-printable
 * bodies are decoded.  Returns 0 (findings or not) or -DTBIND_ENOMEM.
 */
int dtbind_patch_parse(struct dtbind_patch_series *s, const char *name, const char *buf,
		       size_t len, struct dtbind_diag *diag);

/* ------------------------------------------------------------------ */
/* In-memory apply                                                      */

/*
 * A line of a file being rebuilt, and where it came from: line @at of
 * @patch->input when @patch is set (the patch that added it), else line @at
 * of the base file.
 */
struct dtbind_text_line {
	const char *s;
	size_t len;
	const struct dtbind_patch *patch;
	uint32_t at;
};

struct dtbind_text {
	struct dtbind_text_line *lines;
	size_t n;
	bool no_eol;		/* the last line has no newline */
};

/* Split @buf (borrowed: it must outlive @t) into lines whose origin is the base file. */
int dtbind_text_from_buffer(struct dtbind_text *t, const char *buf, size_t len);
/* The whole text, malloc'd (caller frees); NULL when out of memory. */
char *dtbind_text_join(const struct dtbind_text *t, size_t *len);
void dtbind_text_free(struct dtbind_text *t);

/**
 * dtbind_patch_apply() - apply the hunks of one file of @p to @t in place
 * @display: the file's name in messages
 *
 * Hunks apply at their line or, like git apply, at an offset where their
 * context and removed lines match exactly (no fuzz).  Added lines take
 * their origin from @p; context lines keep theirs.  Returns 0; 1 when @t
 * has the patch already (every hunk's new lines are there, as in a tree
 * where the series was applied: those lines get their origin from @p,
 * nothing else changes); -DTBIND_EPARSE when a hunk does not apply
 * (reported at the hunk's line, rule "patch-apply"; @t is unchanged); or
 * -DTBIND_ENOMEM.
 */
int dtbind_patch_apply(const struct dtbind_patch *p, const struct dtbind_patch_file *f,
		       struct dtbind_text *t, const char *display, struct dtbind_diag *diag);

/* ------------------------------------------------------------------ */
/* dtbind check                                                         */

struct dtbind_series_opts {
	const char *tree;		/* kernel tree (checkout or work tree), or NULL */
	/*
	 * The preimage of @path (relative to the tree) for files the series
	 * modifies; NULL reads tree/path.  Returns 0 or a negative error;
	 * *buf is malloc'd.
	 */
	int (*read_base)(void *user, const char *path, char **buf, size_t *len);
	void *user;
	bool at_files;			/* --staged: findings at the files, no patch notes */
	bool show_source; /* the sink quotes source lines (restored after toggling) */
	const char *schemas_dir;	/* lint's --schemas, or NULL */
	enum dtbind_gen gen;		/* --dtschema; AUTO: from the tree */
	const char *const *include_dirs; /* exampletest's -I; NULL: the tree's */
	size_t n_include_dirs;
	const struct cli_rules *rules;	/* the user's -W/-E, for inner sinks; NULL: none */
	const char *extract_dir;	/* write the rebuilt binding files here, or NULL */
};

/**
 * dtbind_check_series() - run every check on a parsed series
 *
 * checkpatch's devicetree rules at the patch lines; every binding file the
 * series adds or modifies rebuilt (modified ones on top of the tree), then
 * linted and example-tested in process, each finding at the file's own
 * line with a note at the patch line that added it.  Returns 0 when the
 * checks ran (findings or not), or a negative error (-DTBIND_EIO for an
 * unreadable tree, -DTBIND_ENOMEM).
 */
int dtbind_check_series(struct dtbind_diag *diag, const struct dtbind_patch_series *s,
			const struct dtbind_series_opts *opts);

#endif
