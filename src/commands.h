/* SPDX-License-Identifier: BSD-2-Clause */
/* commands.h - the command table of the dtbind program: one entry per tool command. */
#ifndef DTBIND_COMMANDS_H
#define DTBIND_COMMANDS_H

#include "cli.h"
#include "doc2yaml/doc2yaml.h"
#include "exampletest/exampletest.h"
#include "kbuild/kbuild.h"
#include "lint/lint.h"
#include "lsp/lsp.h"
#include "validate/validate.h"

struct command {
	int (*run)(int argc, char **argv);
	const struct cli_help *help;	/* its name, summary, --help and man page */
};

/* The commands over the foundation alone: the JSON Schema engine and the loader. */
int cmd_jsonschema(int argc, char **argv);
extern const struct cli_help help_jsonschema;
int cmd_parse(int argc, char **argv);
extern const struct cli_help help_parse;

#endif
