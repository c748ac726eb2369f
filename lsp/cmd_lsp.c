// SPDX-License-Identifier: BSD-2-Clause
/* cmd_lsp.c - `dtbind lsp`: the language server on stdin/stdout. */
#define _GNU_SOURCE
#include <getopt.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "clihelp.h"
#include "lsp.h"

static const char *const lsp_synopsis[] = { "[--stdio] [--dtschema=GEN]", NULL };

static const struct cli_option lsp_options[] = {
	{ 0, "stdio", NULL, "the transport (the only one; accepted for editors)" },
	CLI_OPTION_DTSCHEMA,
	{ 0 },
};

static const struct cli_example lsp_examples[] = {
	{ "Start the server from Neovim (init.lua), for bindings and device trees:",
	  "vim.lsp.start({ name = 'dtbind', cmd = { 'dtbind', 'lsp' } })" },
	{ NULL },
};

const struct cli_help help_lsp = {
	.name = "lsp",
	.summary = "a Language Server Protocol server on stdio: findings, hover, completion as you type",
	.synopsis = lsp_synopsis,
	.description =
		"A Language Server Protocol server (LSP 3.17, JSON-RPC on stdin/stdout) for "
		"binding .yaml files and .dts/.dtsi files of a kernel tree: diagnostics as you "
		"type (lint and exampletest for a binding; validate for a .dts, and for a .dtsi "
		"through a board that includes it), hover, completion and quick fixes.  Each "
		"file is checked against the bindings of the kernel tree it is in.  Messages "
		"about the server itself go to stderr.",
	.options = lsp_options,
	.exit_status = "0 after the client's exit notification, 2 usage error.",
	.examples = lsp_examples,
	.see_also = "lint exampletest validate",
	.operand_words = "",
};

int cmd_lsp(int argc, char **argv)
{
	enum { OPT_GEN = 256, OPT_STDIO };
	static const struct option longopts[] = {
		{ "stdio", no_argument, NULL, OPT_STDIO },
		{ "dtschema", required_argument, NULL, OPT_GEN },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	enum dtbind_gen gen = DTBIND_GEN_AUTO;
	int opt;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_STDIO:
			break;
		case OPT_GEN:
			if (cli_parse_gen("lsp", optarg, &gen))
				break;
			return EXIT_USAGE;
		case 'h':
			cli_help_print(stdout, &help_lsp);
			return EXIT_CLEAN;
		default:
			cli_help_print(stderr, &help_lsp);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		cli_help_print(stderr, &help_lsp);
		return EXIT_USAGE;
	}
	/* An editor that goes away must not kill us mid-write: lsp_write() sees the error. */
	signal(SIGPIPE, SIG_IGN);
	return lsp_serve(STDIN_FILENO, STDOUT_FILENO, gen, stderr);
}
