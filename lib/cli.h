/* SPDX-License-Identifier: BSD-2-Clause */
/* cli.h - what the commands of the dtbind program share: exit codes and argument handling. */
#ifndef DTBIND_CLI_H
#define DTBIND_CLI_H

#include "dtbind.h"
#include "internal.h"
#include "clihelp.h"

/* Exit codes of every command. */
enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2 };

/*
 * Expand @FILE arguments (one argument per line of FILE, as dt-schema's
 * tools accept) in place.  Returns the new argv (malloc'd) or NULL.
 */
char **cli_expand_args(int *argc, char **argv);

/*
 * The files the command line names (path_list_add with @want), each one
 * that cannot be read reported as an io error; false when there was one.
 */
bool cli_collect_paths(struct dtbind_diag *diag, char **args, int n, bool (*want)(const char *name),
		       struct path_list *out);

/*
 * The Documentation/devicetree/bindings directory of the kernel tree @path
 * is in (a binding, a .dts, a build directory inside the tree), or NULL.
 */
char *cli_find_bindings_root(const char *path);

/*
 * Parse "--dtschema=2022.08|2026.06|auto" for command @cmd; an unknown value
 * is reported on stderr and returns false.
 */
bool cli_parse_gen(const char *cmd, const char *arg, enum dtbind_gen *out);
/* Parse "--format=gcc|json"; returns false on an unknown value. */
bool cli_parse_format(const char *arg, enum dtbind_format *out);

#endif
