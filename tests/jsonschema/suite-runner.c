// SPDX-License-Identifier: BSD-2-Clause
/*
 * suite-runner.c - run the official JSON Schema Test Suite (draft2019-09 and
 * draft7, required tests only) on the dtbind engine.  Tests that do not pass
 * must be listed in the expected-failures file, each with its reason; an
 * expected failure that passes is reported too, so the list stays honest.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "dtbind.h"

struct xfail {
	char *key;
	bool seen;
};

static struct xfail *xfails;
static size_t n_xfails;

static void load_xfails(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!f)
		return;
	while ((len = getline(&line, &cap, f)) >= 0) {
		char *hash;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		/* "KEY  # reason": the key is everything before " #" */
		hash = strstr(line, " #");
		if (hash)
			*hash = '\0';
		len = (ssize_t)strlen(line);
		while (len && (line[len - 1] == '\n' || line[len - 1] == ' '))
			line[--len] = '\0';
		xfails = realloc(xfails, (n_xfails + 1) * sizeof(*xfails));
		xfails[n_xfails].key = strdup(line);
		xfails[n_xfails++].seen = false;
	}
	free(line);
	fclose(f);
}

static struct xfail *find_xfail(const char *key)
{
	for (size_t i = 0; i < n_xfails; i++)
		if (!strcmp(xfails[i].key, key))
			return &xfails[i];
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static unsigned passed, failed, expected;
static bool verbose;

static void run_file(const char *suite, const char *draft, const char *name,
		     struct dtbind_diag *quiet)
{
	char path[4096], remotes[4096];
	struct dtbind_doc *doc;

	snprintf(path, sizeof(path), "%s/tests/%s/%s", suite, draft, name);
	snprintf(remotes, sizeof(remotes), "%s/remotes/", suite);
	if (dtbind_doc_load_file(path, quiet, DTBIND_DOC_JSON, &doc) < 0) {
		printf("FAIL %s/%s: cannot load the test file\n", draft, name);
		failed++;
		return;
	}
	const struct dtbind_value *groups = dtbind_doc_root(doc);

	for (size_t g = 0; groups->kind == DTBIND_SEQ && g < groups->u.seq.n; g++) {
		const struct dtbind_value *group = groups->u.seq.items[g];
		const struct dtbind_value *desc = dtbind_value_get(group, "description");
		const struct dtbind_value *schema_v = dtbind_value_get(group, "schema");
		const struct dtbind_value *tests = dtbind_value_get(group, "tests");
		struct dtbind_schema_set *set = dtbind_schema_set_new(quiet);
		const struct dtbind_schema *schema = NULL;
		struct dtbind_doc *sdoc = NULL;
		int ret;

		dtbind_schema_set_map_prefix(set, "http://localhost:1234/", remotes);
		if (!strcmp(draft, "draft7"))
			dtbind_schema_set_default_dialect(set, DTBIND_DRAFT7);
		ret = dtbind_doc_from_value(path, schema_v, &sdoc);
		if (!ret)
			ret = dtbind_schema_set_add_doc(set, sdoc, NULL, &schema);
		for (size_t t = 0; tests && t < tests->u.seq.n; t++) {
			const struct dtbind_value *test = tests->u.seq.items[t];
			const struct dtbind_value *tdesc = dtbind_value_get(test, "description");
			const struct dtbind_value *data = dtbind_value_get(test, "data");
			const struct dtbind_value *valid = dtbind_value_get(test, "valid");
			char key[1024];
			int got = ret < 0 ? ret : dtbind_schema_validate(schema, data, NULL);
			bool ok = got >= 0 && (got == 1) == valid->u.b;

			snprintf(key, sizeof(key), "%s/%s | %s | %s", draft, name, desc->u.str.ptr,
				 tdesc->u.str.ptr);
			struct xfail *xf = find_xfail(key);

			if (xf)
				xf->seen = true;
			if (ok && !xf) {
				passed++;
			} else if (!ok && xf) {
				expected++;
				if (verbose)
					printf("XFAIL %s\n", key);
			} else if (ok && xf) {
				printf("FAIL %s: passes but is listed as an expected failure\n", key);
				failed++;
			} else {
				printf("FAIL %s: expected %s, got %s\n", key,
				       valid->u.b ? "valid" : "invalid",
				       got < 0 ? dtbind_strerror(got) : got ? "valid" : "invalid");
				failed++;
			}
		}
		dtbind_schema_set_free(set);
	}
	dtbind_doc_free(doc);
}

static void run_draft(const char *suite, const char *draft, struct dtbind_diag *quiet)
{
	char dir[4096];
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0;

	snprintf(dir, sizeof(dir), "%s/tests/%s", suite, draft);
	d = opendir(dir);
	if (!d) {
		printf("FAIL %s: cannot open %s\n", draft, dir);
		failed++;
		return;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len > 5 && !strcmp(de->d_name + len - 5, ".json")) {
			names = realloc(names, (n + 1) * sizeof(*names));
			names[n++] = strdup(de->d_name);
		}
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n; i++) {
		run_file(suite, draft, names[i], quiet);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "suite", required_argument, NULL, 's' },
		{ "expected-failures", required_argument, NULL, 'x' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	const char *suite = "../shared/json-schema-test-suite";
	int opt;

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (opt) {
		case 's': suite = optarg; break;
		case 'x': load_xfails(optarg); break;
		case 'v': verbose = true; break;
		default:
			fprintf(stderr, "usage: suite-runner [--suite DIR] [--expected-failures FILE] [-v]\n");
			return 2;
		}
	}
	FILE *devnull = fopen("/dev/null", "w");
	struct dtbind_diag *quiet = dtbind_diag_new(devnull, DTBIND_FORMAT_GCC);

	run_draft(suite, "draft2019-09", quiet);
	run_draft(suite, "draft7", quiet);
	for (size_t i = 0; i < n_xfails; i++) {
		if (!xfails[i].seen) {
			printf("FAIL %s: listed as an expected failure but no such test\n", xfails[i].key);
			failed++;
		}
		free(xfails[i].key);
	}
	free(xfails);
	dtbind_diag_free(quiet);
	fclose(devnull);
	printf("json-schema-test-suite (draft2019-09, draft7): %u expected failures listed\n",
	       expected);
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
