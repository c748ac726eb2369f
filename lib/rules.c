// SPDX-License-Identifier: BSD-2-Clause
/* rules.c - the rule registry (rules.def) and its one name matcher. */
#include <ctype.h>
#include <string.h>

#include "internal.h"

#define L DTBIND_TOOL_LINT
#define X DTBIND_TOOL_EXAMPLETEST
#define V DTBIND_TOOL_VALIDATE
#define C DTBIND_TOOL_CHECK
#define D DTBIND_TOOL_DOC2YAML
#define J DTBIND_TOOL_JSONSCHEMA
#define ERROR DTBIND_ERROR
#define WARNING DTBIND_WARNING
#define RULE(name, sev, off, tools, help) { name, sev, help, off, tools },

static const struct dtbind_rule rules[] = {
#include "rules.def"
};

#undef RULE

const struct dtbind_rule *dtbind_rules(size_t *n)
{
	*n = ARRAY_SIZE(rules);
	return rules;
}

/*
 * Case and '_'/'-' do not matter: checkpatch's UNDOCUMENTED_DT_STRING can be
 * written undocumented-dt-string, and -Wno-unit_address_vs_reg habits work.
 */
bool dtbind_rule_name_equal(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		int ca = *a == '_' ? '-' : tolower((unsigned char)*a);
		int cb = *b == '_' ? '-' : tolower((unsigned char)*b);

		if (ca != cb)
			return false;
	}
	return *a == *b;
}

const struct dtbind_rule *dtbind_rule_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(rules); i++)
		if (dtbind_rule_name_equal(rules[i].name, name))
			return &rules[i];
	return NULL;
}

enum dtbind_severity dtbind_rule_severity(const char *name, enum dtbind_severity fallback)
{
	const struct dtbind_rule *r = name ? dtbind_rule_find(name) : NULL;

	return r ? r->severity : fallback;
}

static const char *const tool_names[] = {
	"lint", "exampletest", "validate", "check", "doc2yaml", "jsonschema",
};

const char *dtbind_tool_name(unsigned tool)
{
	for (size_t i = 0; i < ARRAY_SIZE(tool_names); i++)
		if (tool == 1u << i)
			return tool_names[i];
	return NULL;
}

unsigned dtbind_tool_parse(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(tool_names); i++)
		if (!strcmp(tool_names[i], name))
			return 1u << i;
	return 0;
}
