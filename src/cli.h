/* SPDX-License-Identifier: BSD-2-Clause */
/* cli.h - what the subcommands of the dtbind program share. */
#ifndef DTBIND_CLI_H
#define DTBIND_CLI_H

#include "dtbind.h"
#include "internal.h"

/* Exit codes of every subcommand. */
enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2 };

struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
	void (*help)(FILE *out);
};

int cmd_jsonschema(int argc, char **argv);
void help_jsonschema(FILE *out);
int cmd_parse(int argc, char **argv);
void help_lint(FILE *out);
void help_validate(FILE *out);
void help_mkschema(FILE *out);
int cmd_mkschema(int argc, char **argv);
void help_exampletest(FILE *out);
int cmd_exampletest(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_lint(int argc, char **argv);
int cmd_check(int argc, char **argv);
void help_check(FILE *out);
int cmd_hook(int argc, char **argv);
void help_hook(FILE *out);
void help_parse(FILE *out);
int cmd_doc2yaml(int argc, char **argv);
void help_doc2yaml(FILE *out);

/*
 * Expand @FILE arguments (one argument per line of FILE, as dt-schema's
 * tools accept) in place.  Returns the new argv (malloc'd) or NULL.
 */
char **cli_expand_args(int *argc, char **argv);
void help_jsonschema(FILE *out);

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

/* Parse "--format=gcc|json"; returns false on an unknown value. */
bool cli_parse_format(const char *arg, enum dtbind_format *out);

#endif
