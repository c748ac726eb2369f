/* SPDX-License-Identifier: BSD-2-Clause */
/* dts.h - the devicetree source parser (the whole dtc grammar) into struct dt_tree. */
#ifndef DTBIND_DTS_H
#define DTBIND_DTS_H

#include "dt.h"

/*
 * Parse preprocessed DTS text into @t (initialised by the caller).  @map
 * gives each line's original location (from cpp); NULL means @name:line.
 * Syntax and semantic errors (undefined label outside a plugin, duplicate
 * label, bad /bits/, ...) are reported to @diag at their original
 * file:line:col with rule "dts-syntax" or "dts-semantic"; parsing goes on
 * where it can.  Returns 0 when the tree is usable, -DTBIND_EPARSE after
 * errors, -DTBIND_ENOMEM.
 *
 * After parsing, references are resolved as dtc does: phandles assigned
 * (starting at 1, in tree order of first reference) to every referenced
 * node, DT_M_REF_PHANDLE cells filled, &{/path} and &label path references
 * expanded, /delete-node/ and /delete-property/ applied, duplicate nodes
 * merged, /omit-if-no-ref/ nodes dropped when unreferenced.  In a /plugin/
 * tree, references to labels it does not define stay as markers (for
 * __fixups__) with a 0xffffffff cell, as dtc does.
 */
int dts_parse(struct dt_tree *t, const char *name, const char *text, size_t len,
	      const struct srcmap *map, struct dtbind_diag *diag);

#endif
