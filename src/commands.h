/* SPDX-License-Identifier: BSD-2-Clause */
/* commands.h - the command table of the dtbind program: one entry per tool command. */
#ifndef DTBIND_COMMANDS_H
#define DTBIND_COMMANDS_H

#include "cli.h"
#include "doc2yaml/doc2yaml.h"
#include "exampletest/exampletest.h"
#include "lint/lint.h"
#include "lsp/lsp.h"
#include "validate/validate.h"

struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
	void (*help)(FILE *out);
};

/* The commands over the foundation alone: the JSON Schema engine and the loader. */
int cmd_jsonschema(int argc, char **argv);
void help_jsonschema(FILE *out);
int cmd_parse(int argc, char **argv);
void help_parse(FILE *out);

#endif
