/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * clihelp.h - one structured description per command, from which --help,
 * the man pages (dtbind --man) and the shell completions (dtbind --complete)
 * are all printed, so that they cannot drift apart.
 */
#ifndef DTBIND_CLIHELP_H
#define DTBIND_CLIHELP_H

#include <stdio.h>

struct cli_option {
	char shrt;		/* the short option letter, or 0 */
	const char *lng;	/* the long option without "--", or NULL */
	/*
	 * The argument's name (DIR, FILE, RULE...), NULL for none; "=NAME"
	 * is shown glued to the long option (--format=FORMAT), as is an
	 * optional one, "[=NAME]", which never takes the next word.  Completion
	 * offers directories for *DIR, files for FILE/SCHEMA/OUT, rule names
	 * for RULE.
	 */
	const char *arg;
	const char *help;	/* one paragraph; wrapped when printed */
	const char *values;	/* the argument's possible values, space separated */
};

struct cli_example {
	const char *what;	/* what it does, one sentence */
	const char *cmd;	/* the command line */
};

struct cli_help {
	const char *name;	/* "lint"; "dtbind" for the program itself */
	const char *summary;	/* one line, for the command list and NAME */
	/* usage forms, each the arguments after "dtbind NAME", NULL-terminated */
	const char *const *synopsis;
	const char *description;	/* paragraphs separated by an empty line */
	const struct cli_option *options;	/* terminated by an entry without help */
	const char *exit_status;
	const struct cli_example *examples;	/* terminated by { NULL } */
	const char *see_also;	/* other commands' names, space separated */
	/* what the operands are, for completion: file extensions, or fixed words */
	const char *operand_exts;	/* "yaml", "dts dtsi dtb dtbo"; NULL: any file */
	const char *operand_words;	/* "install uninstall"; NULL: files */
	/* the program's own page lists its commands; NULL-terminated */
	const struct cli_help *const *commands;
};

/* --dtschema=GEN, which every command over the dt-schema set takes. */
#define CLI_OPTION_DTSCHEMA \
	{ 0, "dtschema", "=GEN", "dt-schema generation: 2022.08 or 2026.06 (default: from " \
	  "DT_SCHEMA_MIN_VERSION of the tree, 2026.06 if none)", "2022.08 2026.06" }
/* The values of --format=FORMAT. */
#define CLI_FORMATS "gcc json sarif"
/* The options several commands share, described once. */
#define CLI_OPTION_FORMAT \
	{ 0, "format", "=FORMAT", "gcc (default, on stderr), json (JSON Lines) or sarif " \
	  "(SARIF 2.1.0), both on stdout", CLI_FORMATS }
#define CLI_OPTION_NO_SOURCE \
	{ 0, "no-source", NULL, "do not quote the source line under each finding" }
/* -W, -E and --list-rules, the same for every command (cli_rules_option). */
#define CLI_OPTIONS_WE \
	{ 'W', NULL, "RULE", "enable a rule at its default severity; -Wno-RULE silences it, " \
	  "-Werror makes every warning an error" }, \
	{ 'E', NULL, "RULE", "enable a rule as an error (-Eno-RULE: as a warning)" }
#define CLI_OPTIONS_RULES \
	CLI_OPTIONS_WE, \
	{ 0, "list-rules", "[=all]", "the rules of this command (or of all), and exit" }
#define CLI_OPTION_LIMIT \
	{ 'l', "limit", "SUBSTR", "only schemas whose file name contains SUBSTR" }
#define CLI_OPTION_SCHEMA_CACHE \
	{ 's', "schema-cache", "FILE", "the compiled schema set (dtbind mkschema -o FILE); " \
	  "default: an automatic cache under ~/.cache/dtbind, keyed by the content of every " \
	  "schema file" }, \
	{ 0, "no-cache", NULL, "load and process every schema, no cache" }
#define CLI_OPTION_PROCESSED_SCHEMA \
	{ 'p', "processed-schema", "FILE", "the compiled schema set FILE (dtbind mkschema " \
	  "-o FILE) taken as it is, not compared with the binding files, as dt-validate -p " \
	  "takes one: for make rules and scripts that remake FILE when a binding changes" }

/* --help: the usage, description, options, examples, exit status. */
void cli_help_print(FILE *out, const struct cli_help *h);
/* The man page of @h in roff (man(7)); @version goes into the title line. */
void cli_help_man(FILE *out, const struct cli_help *h, const char *version);
/*
 * What the shell completions ask (dtbind --complete CMD): a line
 * "operands<TAB>files<TAB>EXTS", "operands<TAB>words<TAB>WORDS" or
 * "operands<TAB>none", then one line per option spelling:
 * "-u<TAB>dir", "--format=<TAB>values<TAB>gcc json", "--no-cache<TAB>".
 */
void cli_help_complete(FILE *out, const struct cli_help *h);

#endif
