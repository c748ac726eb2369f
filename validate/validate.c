// SPDX-License-Identifier: BSD-2-Clause
/* validate.c - a whole tree, from a .dtb blob or from .dts source. */
#define _GNU_SOURCE
#include <libfdt.h>
#include <stdlib.h>

#include "devicetree.h"
#include "dtdecode.h"
#include "validate.h"

int dt_checker_tree(struct dt_checker *c, const char *path, unsigned *findings)
{
	char *buf;
	size_t len;
	int ret = read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len);

	*findings = 0;
	if (ret)
		return ret;
	if (len >= sizeof(struct fdt_header) && fdt_magic(buf) == FDT_MAGIC) {
		if (!dt_fdt_is_valid(buf, len)) {
			dtbind_diag_report(dt_checker_diag(c), DTBIND_ERROR, (struct dtbind_loc){ .file = path },
					   "dtb", "not a valid flattened devicetree blob (version 16 or later)");
			free(buf);
			return -DTBIND_EPARSE;
		}
		ret = dt_checker_blob(c, path, buf, false, NULL, findings);
	} else {
		ret = dt_checker_source(c, path, buf, len, NULL, false, findings);
	}
	free(buf);
	return ret;
}
