// SPDX-License-Identifier: BSD-2-Clause
/* cli.c - what every command of the dtbind program does with its command line. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

char **cli_expand_args(int *argc, char **argv)
{
	size_t n = 0, cap = (size_t)*argc + 16;
	char **out = malloc(cap * sizeof(*out));

	if (!out)
		return NULL;
	for (int i = 0; i < *argc; i++) {
		if (i == 0 || argv[i][0] != '@' || !argv[i][1]) {
			out[n++] = argv[i];
		} else {
			FILE *f = fopen(argv[i] + 1, "r");
			char *line = NULL;
			size_t lcap = 0;
			ssize_t len;

			if (!f) {
				fprintf(stderr, "dtbind: cannot read argument file '%s'\n", argv[i] + 1);
				free(out);
				return NULL;
			}
			while ((len = getline(&line, &lcap, f)) >= 0) {
				while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
					line[--len] = '\0';
				if (!len)
					continue;
				if (n + 2 > cap) {
					char **no = realloc(out, (cap *= 2) * sizeof(*out));

					if (!no) {
						fclose(f);
						free(line);
						free(out);
						return NULL;
					}
					out = no;
				}
				/* Argument strings live until exit, like argv itself. */
				out[n++] = strdup(line);
			}
			free(line);
			fclose(f);
		}
		if (n + 2 > cap) {
			char **no = realloc(out, (cap *= 2) * sizeof(*out));

			if (!no) {
				free(out);
				return NULL;
			}
			out = no;
		}
	}
	out[n] = NULL;
	*argc = (int)n;
	return out;
}

bool cli_collect_paths(struct dtbind_diag *diag, char **args, int n, bool (*want)(const char *name),
		       struct path_list *out)
{
	bool ok = true;

	for (int i = 0; i < n; i++) {
		if (path_list_add(out, args[i], want)) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = args[i] },
					   "io", "%s", strerror(errno));
			ok = false;
		}
	}
	return ok;
}

bool cli_parse_gen(const char *cmd, const char *arg, enum dtbind_gen *out)
{
	if (dtbind_gen_parse(arg, out))
		return true;
	fprintf(stderr, "dtbind %s: unknown dt-schema generation '%s' (2022.08 or 2026.06)\n",
		cmd, arg);
	return false;
}

bool cli_parse_format(const char *arg, enum dtbind_format *out)
{
	if (!strcmp(arg, "gcc") || !strcmp(arg, "text")) {
		*out = DTBIND_FORMAT_GCC;
		return true;
	}
	if (!strcmp(arg, "json")) {
		*out = DTBIND_FORMAT_JSON;
		return true;
	}
	return false;
}
