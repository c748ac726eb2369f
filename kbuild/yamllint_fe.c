// SPDX-License-Identifier: BSD-2-Clause
/*
 * yamllint_fe.c - `yamllint` as the kernel calls it (-f parsable -c FILE
 * FILE...), on dtbind's implementation of the yamllint rules.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kbuild.h"
#include "lint/yamllint.h"

static void yamllint_usage(FILE *out)
{
	fprintf(out, "usage: yamllint [-h] [-c CONFIG_FILE | -d CONFIG_DATA] [--list-files]\n"
		"                [-f FORMAT] [-s] [-v] (- | FILE_OR_DIR ...)\n\n"
		"dtbind's implementation of the yamllint rules the kernel's .yamllint uses.\n"
		"Problems go to stdout in the parsable layout, file:line:col: [level] message\n"
		"(rule), whatever -f asks.  Without -c or -d: ./.yamllint if present, else\n"
		"yamllint's default configuration.\n\n"
		"  -c, --config-file FILE   the configuration\n"
		"  -d, --config-data TEXT   the configuration as YAML text\n"
		"  -s, --strict             exit 2 on warnings too\n"
		"  -f, --format FORMAT      accepted: parsable, standard, colored, github, auto\n"
		"      --list-files         list the files that would be checked\n"
		"  -v, --version            say what this is\n\n"
		"Exit status: 0 clean (or warnings only), 1 errors, 2 warnings with -s,\n"
		"or a usage or I/O error.\n");
}

static bool is_yaml_name(const char *name)
{
	return str_ends_with(name, ".yaml") || str_ends_with(name, ".yml") ||
	       !strcmp(name, ".yamllint");
}

static int load_config(const char *file, const char *data, struct dtbind_diag *diag,
		       struct yamllint_config **cfg)
{
	static const char *const local[] = { ".yamllint", ".yamllint.yaml", ".yamllint.yml" };
	static const char fallback[] = "extends: default\n";

	if (file)
		return yamllint_config_load(file, diag, cfg);
	if (data)
		return yamllint_config_load_string("-d", data, strlen(data), diag, cfg);
	for (size_t i = 0; i < 3; i++)
		if (access(local[i], R_OK) == 0)
			return yamllint_config_load(local[i], diag, cfg);
	return yamllint_config_load_string("default", fallback, sizeof(fallback) - 1, diag, cfg);
}

/* Lint one file ("-": stdin); -1 when it cannot be read. */
static int lint_one(const struct yamllint_config *cfg, const char *path, struct dtbind_diag *out)
{
	char *buf = NULL;
	size_t len = 0;

	if (!strcmp(path, "-")) {
		FILE *mem = open_memstream(&buf, &len);
		char chunk[65536];
		size_t n;

		if (!mem)
			return -1;
		while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
			fwrite(chunk, 1, n, mem);
		fclose(mem);
		path = "stdin";
	} else if (read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len)) {
		fprintf(stderr, "yamllint: %s: cannot read the file\n", path);
		return -1;
	}
	int n = yamllint_check(cfg, path, buf, len, out);

	free(buf);
	return n < 0 ? -1 : 0;
}

int kb_yamllint(struct kbuild_ctx *k, int argc, char **argv)
{
	enum { OPT_LIST = 256, OPT_NOWARN };
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "config-file", required_argument, NULL, 'c' },
		{ "config-data", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "strict", no_argument, NULL, 's' },
		{ "list-files", no_argument, NULL, OPT_LIST },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "parsable", "standard", "colored", "github", "auto" };
	const char *file = NULL, *data = NULL;
	bool strict = false, list = false, use_stdin = false;
	int opt;

	(void)k;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "hc:d:f:sv", opts, NULL)) != -1) {
		bool known = false;

		switch (opt) {
		case 'h': yamllint_usage(stdout); return EXIT_CLEAN;
		case 'c': file = optarg; break;
		case 'd': data = optarg; break;
		case 's': strict = true; break;
		case OPT_LIST: list = true; break;
		case 'v':
			printf("yamllint (dtbind 0.1: its own implementation of the yamllint rules)\n");
			return EXIT_CLEAN;
		case 'f':
			for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
				known |= !strcmp(optarg, formats[i]);
			if (known)
				break;
			fprintf(stderr, "yamllint: -f: invalid choice: '%s'\n", optarg);
			return EXIT_USAGE;
		default: yamllint_usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind >= argc || (file && data)) {
		yamllint_usage(stderr);
		return EXIT_USAGE;
	}
	struct dtbind_diag *err = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_diag *out = dtbind_diag_new(stdout, DTBIND_FORMAT_YAMLLINT);
	struct yamllint_config *cfg = NULL;
	struct path_list files = { 0 };
	int status = EXIT_CLEAN;

	if (!err || !out || load_config(file, data, err, &cfg)) {
		fprintf(stderr, "yamllint: invalid config\n");
		status = -1;
		goto done;
	}
	for (int i = optind; i < argc; i++) {
		if (!strcmp(argv[i], "-")) {
			use_stdin = true;
		} else if (path_list_add(&files, argv[i], is_yaml_name)) {
			fprintf(stderr, "yamllint: %s: no such file or directory\n", argv[i]);
			status = -1;
		}
	}
	if (use_stdin && !list && lint_one(cfg, "-", out))
		status = -1;
	for (size_t i = 0; i < files.n; i++) {
		if (list)
			printf("%s\n", files.v[i]);
		else if (lint_one(cfg, files.v[i], out))
			status = -1;
	}
done:
	if (status == 0 && dtbind_diag_count(out, DTBIND_ERROR))
		status = 1;
	else if (status == 0 && strict && dtbind_diag_count(out, DTBIND_WARNING))
		status = 2;
	yamllint_config_free(cfg);
	path_list_free(&files);
	dtbind_diag_free(out);
	dtbind_diag_free(err);
	return status < 0 ? EXIT_USAGE : status;
}
