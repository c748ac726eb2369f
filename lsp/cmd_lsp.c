// SPDX-License-Identifier: BSD-2-Clause
/* cmd_lsp.c - `dtbind lsp`: the language server on stdin/stdout. */
#define _GNU_SOURCE
#include <getopt.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lsp.h"

void help_lsp(FILE *out)
{
	fprintf(out,
		"usage: dtbind lsp [--stdio] [--dtschema=GEN]\n"
		"\n"
		"A Language Server Protocol server (LSP 3.17, JSON-RPC on stdin/stdout) for\n"
		"binding .yaml files and .dts/.dtsi files of a kernel tree: diagnostics as you\n"
		"type (lint and exampletest for a binding; validate for a .dts, and for a .dtsi\n"
		"through a board that includes it), hover, completion and quick fixes.  Each\n"
		"file is checked against the bindings of the kernel tree it is in.  Messages\n"
		"about the server itself go to stderr.\n"
		"\n"
		"      --stdio           the transport (the only one; accepted for editors)\n"
		CLI_HELP_DTSCHEMA
		"  -h, --help            this help\n");
}

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
			help_lsp(stdout);
			return EXIT_CLEAN;
		default:
			help_lsp(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		help_lsp(stderr);
		return EXIT_USAGE;
	}
	/* An editor that goes away must not kill us mid-write: lsp_write() sees the error. */
	signal(SIGPIPE, SIG_IGN);
	return lsp_serve(STDIN_FILENO, STDOUT_FILENO, gen, stderr);
}
