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
 * Parse "--dtschema=2022.08|2026.06|auto" for command @cmd; an unknown value
 * is reported on stderr and returns false.
 */
bool cli_parse_gen(const char *cmd, const char *arg, enum dtbind_gen *out);
struct dt_checker_opts;
/*
 * -p FILE (--processed-schema): a set made by `dtbind mkschema -o FILE`, taken
 * as it is, not compared with the binding files, as dt-validate -p takes
 * dt-mk-schema's output: for make rules and scripts that remake FILE when a
 * binding changes.  Sets @co to read it so; *@root, when NULL, becomes the
 * bindings root FILE was made for.  A file that is not such a set (a Python
 * processed-schema.json, say) or cannot be read is said on stderr: false
 * (exit 2).  One of another dtbind build, or damaged, is made again from the
 * sources into FILE (dtbind_dtschemas_load_trusted).  With -s FILE as well
 * (@co's schema_cache set): said, false.
 */
bool cli_processed_schema(const char *cmd, const char *path, struct dt_checker_opts *co,
			  char **root);
/*
 * @path is a schema set file (made by @whose, named in the message): true,
 * with *@root, when NULL, set to the bindings root it was made for (caller
 * frees).  Not a set, or unreadable: said on stderr after "@prefix: @path: "
 * (@hint ends the not-a-set message), false.
 */
bool cli_schema_set_file(const char *prefix, const char *path, const char *whose,
			 const char *hint, char **root);
/* Parse "--format=gcc|json|sarif"; returns false on an unknown value. */
bool cli_parse_format(const char *arg, enum dtbind_format *out);
/*
 * The sink of a command: gcc text on stderr (as gcc's), machine-readable
 * JSON Lines and SARIF on stdout.  NULL when out of memory.
 */
struct dtbind_diag *cli_diag_new(enum dtbind_format format);

/*
 * -W RULE, -Wno-RULE, -Werror, -E RULE, -Eno-RULE and --list-rules, the same
 * for every command, against the registry (lib/rules.def).  -W enables a
 * rule at its default severity (as dtc's -W: an error stays an error), -E
 * makes it an error, -Wno- silences it, -Eno- lowers it to a warning.
 */
struct cli_rules {
	const char *cmd;	/* for messages: "lint" */
	unsigned accept;	/* enum dtbind_tool bits whose rules -W may name */
	bool werror;
	size_t n;
	struct cli_rule_set {
		const char *rule;	/* the registry's spelling */
		int severity;		/* enum dtbind_severity, or -1 to drop */
	} *v;
};

/*
 * One -W (@opt 'W') or -E (@opt 'E') argument.  An unknown rule, or one the
 * command does not report, is said on stderr and returns false (exit 2).
 */
bool cli_rules_option(struct cli_rules *r, int opt, const char *arg);
/* Set every -W/-E on @diag, in command-line order.  0 or -DTBIND_ENOMEM. */
int cli_rules_apply(const struct cli_rules *r, struct dtbind_diag *diag);
void cli_rules_free(struct cli_rules *r);
/*
 * --list-rules[=all|TOOL]: print the registry's rules of @own (the command's
 * tools), of every tool for "all", of one for a tool's name: name, default
 * severity ("off" when off by default), the tools reporting it and the help
 * line.  Returns false (said on stderr) for an unknown @arg.
 */
bool cli_list_rules(FILE *out, const char *cmd, unsigned own, const char *arg);

#endif
