// SPDX-License-Identifier: BSD-2-Clause
/*
 * regex.c - ECMA-262 regular expressions (what JSON Schema specifies) on
 * pcre2.  Patterns are translated where the two dialects differ, compiled
 * once (JIT where available) and matched under match and depth limits so a
 * pathological pattern costs a bounded amount of time.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MATCH_LIMIT 2000000u
#define DEPTH_LIMIT 5000u

struct dtbind_regex {
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	bool jit, jit_tried;
	unsigned matches;		/* until JIT-compiled */
	/*
	 * What every match needs, from pcre2's own analysis: at least
	 * min_length code units; when anchored, a first byte from first_set;
	 * somewhere, the byte required.  Checked before calling pcre2, whose
	 * per-call cost dominated validation: most names match no pattern.
	 */
	size_t min_length;
	bool has_first_set, has_required;
	unsigned char required;
	uint8_t first_set[32];
};

/* ECMA-262 WhiteSpace and LineTerminator; pcre2's \s without UCP is ASCII only. */
#define ECMA_SPACE "\\s\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}"

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

char *regex_translate(const char *p, size_t n, struct arena *a)
{
	struct strbuf sb;
	bool in_class = false;
	char *res;

	sb_init(&sb);
	for (size_t i = 0; i < n; i++) {
		char c = p[i];

		if (c == '\\' && i + 1 < n) {
			char e = p[i + 1];

			if (e == 'u' && i + 5 < n + 0 && is_hex(p[i + 2]) && is_hex(p[i + 3]) &&
			    is_hex(p[i + 4]) && is_hex(p[i + 5])) {
				sb_puts(&sb, "\\x{");
				sb_putn(&sb, p + i + 2, 4);
				sb_putc(&sb, '}');
				i += 5;
				continue;
			}
			if (e == 'u' && i + 2 < n && p[i + 2] == '{') {
				size_t j = i + 3;

				while (j < n && is_hex(p[j]))
					j++;
				if (j < n && p[j] == '}' && j > i + 3) {
					sb_puts(&sb, "\\x{");
					sb_putn(&sb, p + i + 3, j - (i + 3));
					sb_putc(&sb, '}');
					i = j;
					continue;
				}
			}
			if (e == 's' || e == 'S') {
				if (in_class && e == 's')
					sb_puts(&sb, ECMA_SPACE);
				else if (e == 's')
					sb_puts(&sb, "[" ECMA_SPACE "]");
				else if (!in_class)
					sb_puts(&sb, "[^" ECMA_SPACE "]");
				else
					sb_puts(&sb, "\\S");
				i++;
				continue;
			}
			sb_putc(&sb, c);
			sb_putc(&sb, e);
			i++;
			continue;
		}
		if (!in_class && c == '[') {
			if (i + 2 < n + 1 && i + 2 <= n && p[i + 1] == '^' && i + 2 < n && p[i + 2] == ']') {
				sb_puts(&sb, "[\\s\\S]");	/* [^] matches anything */
				i += 2;
				continue;
			}
			if (i + 1 < n && p[i + 1] == ']') {
				sb_puts(&sb, "(?!)");		/* [] matches nothing */
				i += 1;
				continue;
			}
			in_class = true;
			sb_putc(&sb, c);
			/* A ']' right after '[' or '[^' is literal in pcre2 but closes in ECMA. */
			continue;
		}
		if (in_class && c == ']')
			in_class = false;
		/*
		 * "{,N}": Python reads it as {0,N} and devicetree bindings are
		 * written for dt-schema's Python; pcre2 10.42 would take it literally.
		 */
		if (!in_class && c == '{' && i + 1 < n && p[i + 1] == ',') {
			size_t j = i + 2;

			while (j < n && p[j] >= '0' && p[j] <= '9')
				j++;
			if (j > i + 2 && j < n && p[j] == '}') {
				sb_puts(&sb, "{0,");
				sb_putn(&sb, p + i + 2, j - (i + 2));
				sb_putc(&sb, '}');
				i = j;
				continue;
			}
		}
		sb_putc(&sb, c);
	}
	res = sb.oom ? NULL : arena_strndup(a, sb_cstr(&sb), sb.len);
	sb_free(&sb);
	return res;
}

/* "(?i)" and friends: pcre2 syntax that can make a literal caseless. */
static bool has_inline_options(const char *tr)
{
	for (const char *p = strstr(tr, "(?"); p; p = strstr(p + 2, "(?"))
		if (!strchr(":=!<", p[2]))
			return true;
	return false;
}

static void learn_prefilter(struct dtbind_regex *re, bool literal_units)
{
	uint32_t all = 0, min = 0, type = 0, unit = 0;
	const uint8_t *bitmap = NULL;

	pcre2_pattern_info(re->code, PCRE2_INFO_ALLOPTIONS, &all);
	if (pcre2_pattern_info(re->code, PCRE2_INFO_MINLENGTH, &min) == 0)
		re->min_length = min;	/* in characters: never more bytes than that */
	if (!literal_units)
		return;	/* a reported first/last unit may be caseless */
	if ((all & PCRE2_ANCHORED) && pcre2_pattern_info(re->code, PCRE2_INFO_FIRSTCODETYPE, &type) == 0) {
		if (type == 1 && pcre2_pattern_info(re->code, PCRE2_INFO_FIRSTCODEUNIT, &unit) == 0 &&
		    unit < 256) {
			re->first_set[unit >> 3] |= (uint8_t)(1u << (unit & 7));
			re->has_first_set = true;
		} else if (type == 0 &&
			   pcre2_pattern_info(re->code, PCRE2_INFO_FIRSTBITMAP, &bitmap) == 0 && bitmap) {
			memcpy(re->first_set, bitmap, sizeof(re->first_set));
			re->has_first_set = true;
		}
	}
	if (pcre2_pattern_info(re->code, PCRE2_INFO_LASTCODETYPE, &type) == 0 && type == 1 &&
	    pcre2_pattern_info(re->code, PCRE2_INFO_LASTCODEUNIT, &unit) == 0 && unit < 128) {
		re->required = (unsigned char)unit;
		re->has_required = true;
	}
}

struct dtbind_regex *regex_compile(const char *pattern, size_t len, const char **err,
				   struct arena *a)
{
	struct arena tmp;
	struct dtbind_regex *re;
	char *tr;
	int ec;
	PCRE2_SIZE off;

	arena_init(&tmp, 4096);
	tr = regex_translate(pattern, len, &tmp);
	if (!tr) {
		arena_release(&tmp);
		if (err)
			*err = "out of memory";
		return NULL;
	}
	re = calloc(1, sizeof(*re));
	if (!re) {
		arena_release(&tmp);
		if (err)
			*err = "out of memory";
		return NULL;
	}
	/* No PCRE2_NO_UTF_CHECK: patterns come from user files, invalid UTF-8 is UB there. */
	re->code = pcre2_compile((PCRE2_SPTR)tr, PCRE2_ZERO_TERMINATED,
				 PCRE2_UTF | PCRE2_DOLLAR_ENDONLY, &ec, &off, NULL);
	bool literal_units = !has_inline_options(tr);

	arena_release(&tmp);
	if (!re->code) {
		if (err) {
			PCRE2_UCHAR msg[256];

			pcre2_get_error_message(ec, msg, sizeof(msg));
			*err = arena_printf(a, "%s at offset %zu", (const char *)msg, (size_t)off);
		}
		free(re);
		return NULL;
	}
	learn_prefilter(re, literal_units);
	re->md = pcre2_match_data_create(1, NULL);
	re->mctx = pcre2_match_context_create(NULL);
	if (!re->md || !re->mctx) {
		regex_free(re);
		if (err)
			*err = "out of memory";
		return NULL;
	}
	pcre2_set_match_limit(re->mctx, MATCH_LIMIT);
	pcre2_set_depth_limit(re->mctx, DEPTH_LIMIT);
	return re;
}

/*
 * Well-formed UTF-8 as pcre2 defines it: no overlong forms, no surrogates,
 * nothing above U+10FFFF.  Checked here, once, so that pcre2 can be told
 * not to check again on every match (its check dominated the match time).
 */
bool utf8_valid(const unsigned char *s, size_t n)
{
	return utf8_invalid_at(s, n) == n;
}

size_t utf8_sequence(const unsigned char *s, size_t n)
{
	unsigned char c = n ? s[0] : 0;
	size_t k;
	uint32_t cp, min;

	if (!n)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		k = 1; cp = c & 0x1f; min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		k = 2; cp = c & 0x0f; min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		k = 3; cp = c & 0x07; min = 0x10000;
	} else {
		return 0;
	}
	if (n <= k)
		return 0;
	for (size_t j = 1; j <= k; j++) {
		if ((s[j] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[j] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return k + 1;
}

size_t utf8_invalid_at(const unsigned char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		uint64_t w;

		/* ASCII, nearly all of any file, eight bytes at a time. */
		if (n - i >= 8 && (memcpy(&w, s + i, 8), !(w & 0x8080808080808080ull))) {
			i += 8;
			continue;
		}
		if (!(k = utf8_sequence(s + i, n - i)))
			break;
		i += k;
	}
	return i;
}

/*
 * JIT compiling costs as much as a few dozen matches: most patterns of a
 * schema set are matched a few times in a run, if at all, so only those
 * that keep being used are compiled to machine code.
 */
#define JIT_AFTER 16

int regex_match(const struct dtbind_regex *cre, const char *subject, size_t len)
{
	/* Logically const: the JIT state is a cache of the compiled pattern. */
	struct dtbind_regex *re = (struct dtbind_regex *)cre;
	int rc;

	if (len < re->min_length)
		return 0;
	if (re->has_first_set) {
		unsigned char c = len ? (unsigned char)subject[0] : 0;

		if (!len || !(re->first_set[c >> 3] & (1u << (c & 7))))
			return 0;
	}
	if (re->has_required && !memchr(subject, re->required, len))
		return 0;
	if (!utf8_valid((const unsigned char *)subject, len))
		return 0;	/* not UTF-8: cannot match a UTF pattern */
	if (!re->jit_tried && ++re->matches >= JIT_AFTER) {
		/* An optimisation only: the interpreter serves when JIT is unavailable. */
		re->jit_tried = true;
		re->jit = pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) == 0;
	}
	if (re->jit)
		rc = pcre2_jit_match(re->code, (PCRE2_SPTR)subject, len, 0, PCRE2_NO_UTF_CHECK,
				     re->md, re->mctx);
	else
		rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, PCRE2_NO_UTF_CHECK,
				 re->md, re->mctx);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	return -DTBIND_ELIMIT;	/* match/depth/heap limit or JIT stack */
}

void regex_free(struct dtbind_regex *re)
{
	if (!re)
		return;
	pcre2_match_data_free(re->md);
	pcre2_match_context_free(re->mctx);
	pcre2_code_free(re->code);
	free(re);
}
