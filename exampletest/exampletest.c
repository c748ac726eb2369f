// SPDX-License-Identifier: BSD-2-Clause
/* exampletest.c - a binding's examples wrapped into one DTS and checked as a tree. */
#define _GNU_SOURCE
#include <stdlib.h>

#include "devicetree.h"
#include "examples.h"
#include "exampletest.h"

int dt_checker_examples(struct dt_checker *c, const char *path, unsigned *findings)
{
	char *buf;
	size_t len;
	int ret = read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len);

	*findings = 0;
	if (ret)
		return ret;
	ret = dt_checker_examples_buffer(c, path, buf, len, findings);
	free(buf);
	return ret;
}

int dt_checker_examples_buffer(struct dt_checker *c, const char *path, const char *buf, size_t len,
			       unsigned *findings)
{
	struct dtbind_doc *doc;
	struct strbuf dts;
	struct srcmap map;
	unsigned count;
	int ret = dtbind_doc_load_string(path, buf, len, dt_checker_diag(c), 0, &doc);

	*findings = 0;
	if (ret) {
		*findings = 1;
		return ret == -DTBIND_ENOMEM ? ret : 0;
	}
	sb_init(&dts);
	srcmap_init(&map);
	/* 2026.06 wraps with a fake interrupt controller: its phandle numbers come first. */
	ret = examples_wrap_gen(dtbind_doc_root(doc), dtbind_doc_path(doc), buf, len,
				dt_checker_generation(c), &dts, &map, &count);
	if (!ret && count)
		ret = dt_checker_source(c, dtbind_doc_path(doc), sb_cstr(&dts), dts.len, &map, true, findings);
	srcmap_free(&map);
	sb_free(&dts);
	dtbind_doc_free(doc);
	return ret;
}
