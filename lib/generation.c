// SPDX-License-Identifier: BSD-2-Clause
/*
 * generation.c - which dt-schema a bindings tree is checked as.
 *
 * dt-schema changed its meta-schemas, core schemas and fixups between
 * 2022.08 and today; a kernel tree states the oldest dt-schema it accepts
 * (DT_SCHEMA_MIN_VERSION in the bindings Makefile).  Trees older than
 * 2023.9 get the 2022.08 generation; the rest, and plain files outside any
 * tree, get the current one.  The built-in schemas of a generation are the
 * base set (schemas/core, schemas/meta) under its overlay
 * (schemas/GEN/core, schemas/GEN/meta), a file there replacing or adding one.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const gen_names[] = {
	[DTBIND_GEN_AUTO] = "auto",
	[DTBIND_GEN_2022_08] = "2022.08",
	[DTBIND_GEN_2026_06] = "2026.06",
};

const char *dtbind_gen_name(enum dtbind_gen gen)
{
	return (unsigned)gen < ARRAY_SIZE(gen_names) ? gen_names[gen] : "?";
}

bool dtbind_gen_parse(const char *s, enum dtbind_gen *out)
{
	for (size_t i = 0; s && i < ARRAY_SIZE(gen_names); i++)
		if (!strcmp(s, gen_names[i])) {
			*out = (enum dtbind_gen)i;
			return true;
		}
	return false;
}

/* "2023.9" -> 202309; 0 when it is not YEAR.MONTH. */
static long version_number(const char *p)
{
	char *end;
	long year = strtol(p, &end, 10), month;

	if (end == p || *end != '.' || year < 2000 || year > 9999)
		return 0;
	p = end + 1;
	month = strtol(p, &end, 10);
	if (end == p || month < 1 || month > 12)
		return 0;
	return year * 100 + month;
}

long dtbind_gen_tree_min_version(const char *bindings_root)
{
	char *path, line[512];
	FILE *f;
	long v = 0;

	if (!bindings_root || asprintf(&path, "%s/Makefile", bindings_root) < 0)
		return 0;
	f = fopen(path, "r");
	free(path);
	if (!f)
		return 0;
	while (!v && fgets(line, sizeof(line), f)) {
		const char *p = line;
		static const char key[] = "DT_SCHEMA_MIN_VERSION";

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, key, sizeof(key) - 1))
			continue;
		p += sizeof(key) - 1;
		while (*p == ' ' || *p == '\t')
			p++;
		/* "=", ":=", "?=": an assignment, not a use like $(DT_SCHEMA_MIN_VERSION) */
		if (*p == ':' || *p == '?')
			p++;
		if (*p != '=')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		v = version_number(p);
	}
	fclose(f);
	return v;
}

enum dtbind_gen dtbind_gen_choose(const char *bindings_root, enum dtbind_gen override)
{
	long v;

	if (override != DTBIND_GEN_AUTO)
		return override;
	v = dtbind_gen_tree_min_version(bindings_root);
	/* Absent or unreadable: a tree newer than the keyword, or no tree at all. */
	if (!v || v >= 202309)
		return DTBIND_GEN_2026_06;
	return DTBIND_GEN_2022_08;
}

/* The overlay directory of a generation under schemas/, or NULL for the base set. */
static const char *gen_overlay(enum dtbind_gen gen)
{
	return gen == DTBIND_GEN_2026_06 ? "2026.06/" : NULL;
}

const struct embedded_file *embedded_find_gen(const char *path, enum dtbind_gen gen)
{
	const char *ov = gen_overlay(gen);

	if (!path)
		return NULL;
	if (ov) {
		char full[512];
		const struct embedded_file *ef;

		snprintf(full, sizeof(full), "%s%s", ov, path);
		if ((ef = embedded_find(full)))
			return ef;
	}
	return embedded_find(path);
}

/* A base path with an overlay in @gen is shadowed; an overlay path belongs to its generation. */
static bool in_gen(const struct embedded_file *ef, enum dtbind_gen gen, const char **rel)
{
	const char *ov = gen_overlay(gen);

	*rel = ef->path;
	if (!strncmp(ef->path, "2026.06/", 8)) {
		if (!ov || strncmp(ef->path, ov, strlen(ov)))
			return false;
		*rel = ef->path + strlen(ov);
		return true;
	}
	return !ov || embedded_find_gen(ef->path, gen) == ef;
}

const struct embedded_file *embedded_next(const char *prefix, enum dtbind_gen gen, size_t *i)
{
	for (; *i < dtbind_embedded_count; (*i)++) {
		const struct embedded_file *ef = &dtbind_embedded_files[*i];
		const char *rel;

		if (in_gen(ef, gen, &rel) && !strncmp(rel, prefix, strlen(prefix))) {
			(*i)++;
			return ef;
		}
	}
	return NULL;
}
