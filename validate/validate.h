/* SPDX-License-Identifier: BSD-2-Clause */
/* validate.h - whole device trees against every binding, and the processed schema set. */
#ifndef DTBIND_VALIDATE_H
#define DTBIND_VALIDATE_H

#include "devicetree.h"

/* Check a .dts source (preprocessed in process) or a .dtb/.dtbo blob. */
int dt_checker_tree(struct dt_checker *c, const char *path, unsigned *findings);

int cmd_validate(int argc, char **argv);
extern const struct cli_help help_validate;
int cmd_mkschema(int argc, char **argv);
extern const struct cli_help help_mkschema;

#endif
