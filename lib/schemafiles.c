// SPDX-License-Identifier: BSD-2-Clause
/*
 * schemafiles.c - the schemas dtbind ships with (schemas/, embedded at build
 * time), by their path.  A module of its own so that diagnostics can quote
 * a built-in schema's line without depending on the schema engine.
 */
#include <string.h>

#include "internal.h"

const struct embedded_file *embedded_find(const char *path)
{
	if (!path)
		return NULL;
	for (size_t i = 0; i < dtbind_embedded_count; i++)
		if (!strcmp(dtbind_embedded_files[i].path, path))
			return &dtbind_embedded_files[i];
	return NULL;
}
