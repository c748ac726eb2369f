// SPDX-License-Identifier: BSD-2-Clause
/* main.c - the dtbind program: one binary, one subcommand per tool. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"

#define VERSION "0.1"

static const struct command commands[] = {
	{ cmd_jsonschema, &help_jsonschema },
	{ cmd_lint, &help_lint },
	{ cmd_exampletest, &help_exampletest },
	{ cmd_validate, &help_validate },
	{ cmd_check, &help_check },
	{ cmd_hook, &help_hook },
	{ cmd_mkschema, &help_mkschema },
	{ cmd_parse, &help_parse },
	{ cmd_doc2yaml, &help_doc2yaml },
	{ cmd_kbuild_path, &help_kbuild_path },
	{ cmd_lsp, &help_lsp },
};
#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

/* The commands' descriptions, for the program's own help and man page. */
static const struct cli_help *command_helps[N_COMMANDS + 1];

static const char *const program_synopsis[] = {
	"COMMAND [OPTIONS] ARGS...",
	"COMMAND --help",
	"--version",
	NULL,
};

static const struct cli_option program_options[] = {
	{ 'h', "help", NULL, "describe the program, or with a COMMAND that command "
	  "('dtbind help COMMAND' says the same)" },
	{ 0, "version", NULL, "print the version and the dt-schema generations built in" },
	{ 0 },
};

static const struct cli_example program_examples[] = {
	{ "Lint the bindings of a directory, then build and validate their examples:",
	  "dtbind lint Documentation/devicetree/bindings/iio/adc/ && "
	  "dtbind exampletest Documentation/devicetree/bindings/iio/adc/" },
	{ "A board against every binding of its kernel tree:",
	  "dtbind validate arch/arm64/boot/dts/acme/acme-board.dtb" },
	{ NULL },
};

static const struct cli_help program_help = {
	.name = "dtbind",
	.summary = "tools for Linux devicetree binding schemas",
	.synopsis = program_synopsis,
	.description =
		"dtbind lints devicetree binding schemas, builds and checks their examples, "
		"validates device trees against the bindings, checks patches before they are "
		"sent, and converts legacy .txt bindings to YAML, in one native program.  It "
		"follows the kernel's dt_binding_check and dtbs_check (dt-schema 2022.08 for "
		"trees that ask for it, 2026.06 otherwise).\n\n"
		"Findings are printed one a line as file:line:col: severity: message [rule].  "
		"Paths may be files or directories, and @FILE reads arguments from FILE.  "
		"validate and exampletest keep the processed schemas in a cache under "
		"~/.cache/dtbind.",
	.options = program_options,
	.exit_status = "0 clean, 1 findings, 2 usage or I/O error.",
	.examples = program_examples,
	.commands = command_helps,
};

static const struct cli_help *find_help(const char *name)
{
	if (!strcmp(name, program_help.name))
		return &program_help;
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].help->name))
			return commands[i].help;
	return NULL;
}

/*
 * The hidden options the build and the shell completions use:
 * --man [CMD] prints a man page, --complete lists the commands and
 * --complete CMD a command's options (cli_help_complete).
 */
static int hidden_option(int argc, char **argv)
{
	const struct cli_help *h = argc > 2 ? find_help(argv[2]) : &program_help;

	if (argc > 3) {
		fprintf(stderr, "dtbind %s: one command at most\n", argv[1]);
		return EXIT_USAGE;
	}
	if (!h) {
		fprintf(stderr, "dtbind %s: unknown command '%s'\n", argv[1], argv[2]);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--man")) {
		cli_help_man(stdout, h, VERSION);
	} else if (h != &program_help) {
		cli_help_complete(stdout, h);
	} else {
		for (size_t i = 0; i < N_COMMANDS; i++)
			printf("%s\n", commands[i].help->name);
		printf("help\n");
	}
	return EXIT_CLEAN;
}

int main(int argc, char **argv)
{
	/* Run under a dt-schema program's name (a link): that program's command line. */
	const char *self = argc > 0 ? strrchr(argv[0], '/') : NULL;

	self = self ? self + 1 : argc > 0 ? argv[0] : "";
	if (kbuild_is_frontend(self))
		return kbuild_main(self, argc, argv);
	for (size_t i = 0; i < N_COMMANDS; i++)
		command_helps[i] = commands[i].help;
	if (argc < 2) {
		cli_help_print(stderr, &program_help);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		const struct cli_help *h = argc > 2 ? find_help(argv[2]) : NULL;

		cli_help_print(stdout, h ? h : &program_help);
		return EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--man") || !strcmp(argv[1], "--complete"))
		return hidden_option(argc, argv);
	if (!strcmp(argv[1], "--version")) {
		printf("dtbind " VERSION "\n"
		       "dt-schema generations: %s, %s (chosen per bindings tree from its\n"
		       "DT_SCHEMA_MIN_VERSION, %s without one; --dtschema=GEN overrides)\n",
		       dtbind_gen_name(DTBIND_GEN_2022_08), dtbind_gen_name(DTBIND_GEN_2026_06),
		       dtbind_gen_name(DTBIND_GEN_2026_06));
		return EXIT_CLEAN;
	}
	for (size_t i = 0; i < N_COMMANDS; i++) {
		if (strcmp(argv[1], commands[i].help->name))
			continue;
		for (int a = 2; a < argc; a++) {
			if (!strcmp(argv[a], "--"))
				break;
			if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
				cli_help_print(stdout, commands[i].help);
				return EXIT_CLEAN;
			}
		}
		int sub_argc = argc - 1;
		char **sub_argv = cli_expand_args(&sub_argc, argv + 1);

		if (!sub_argv)
			return EXIT_USAGE;
		int ret = commands[i].run(sub_argc, sub_argv);

		for (int a = 0; a < sub_argc; a++) {
			bool from_file = true;

			for (int k = 1; k < argc; k++)
				if (sub_argv[a] == argv[k])
					from_file = false;
			if (from_file)
				free(sub_argv[a]);
		}
		free(sub_argv);
		return ret;
	}
	fprintf(stderr, "dtbind: unknown command '%s'\n", argv[1]);
	cli_help_print(stderr, &program_help);
	return EXIT_USAGE;
}
