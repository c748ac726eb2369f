// SPDX-License-Identifier: BSD-2-Clause
/* value.c - the value tree: lookup, equality, JSON rendering. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const struct dtbind_member *dtbind_value_member(const struct dtbind_value *map, const char *key)
{
	if (!map || map->kind != DTBIND_MAP)
		return NULL;
	size_t len = strlen(key);

	for (size_t i = 0; i < map->u.map.n; i++) {
		const struct dtbind_member *m = &map->u.map.members[i];

		if (m->key_len == len && memcmp(m->key, key, len) == 0)
			return m;
	}
	return NULL;
}

const struct dtbind_value *dtbind_value_get(const struct dtbind_value *map, const char *key)
{
	const struct dtbind_member *m = dtbind_value_member(map, key);

	return m ? m->value : NULL;
}

const char *dtbind_kind_name(enum dtbind_kind kind)
{
	switch (kind) {
	case DTBIND_NULL: return "null";
	case DTBIND_BOOL: return "boolean";
	case DTBIND_INT: return "integer";
	case DTBIND_FLOAT: return "number";
	case DTBIND_STRING: return "string";
	case DTBIND_SEQ: return "array";
	case DTBIND_MAP: return "object";
	case DTBIND_BYTES: return "bytes";
	}
	return "unknown";
}

double dtbind_value_number(const struct dtbind_value *v)
{
	if (v->kind == DTBIND_INT)
		return (double)v->u.i;
	if (v->kind == DTBIND_FLOAT)
		return v->u.f;
	return NAN;
}

bool dtbind_value_is_integer(const struct dtbind_value *v)
{
	if (v->kind == DTBIND_INT)
		return true;
	return v->kind == DTBIND_FLOAT && isfinite(v->u.f) && v->u.f == floor(v->u.f);
}

/* Exact: converting @i to double would make 2^53 + 1 equal 2^53. */
static bool int_equals_float(int64_t i, double f)
{
	if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0) || f != floor(f))
		return false;
	return (int64_t)f == i;
}

static bool numbers_equal(const struct dtbind_value *a, const struct dtbind_value *b)
{
	if (a->kind == DTBIND_INT && b->kind == DTBIND_INT)
		return a->u.i == b->u.i;
	if (a->kind == DTBIND_INT)
		return int_equals_float(a->u.i, b->u.f);
	if (b->kind == DTBIND_INT)
		return int_equals_float(b->u.i, a->u.f);
	return a->u.f == b->u.f;
}

/* Member by counted key: keys may contain NULs. */
static const struct dtbind_member *member_n(const struct dtbind_value *map, const char *key,
					    size_t len)
{
	for (size_t i = 0; i < map->u.map.n; i++) {
		const struct dtbind_member *m = &map->u.map.members[i];

		if (m->key_len == len && memcmp(m->key, key, len) == 0)
			return m;
	}
	return NULL;
}

static bool is_number(const struct dtbind_value *v)
{
	return v->kind == DTBIND_INT || v->kind == DTBIND_FLOAT;
}

bool dtbind_value_equal(const struct dtbind_value *a, const struct dtbind_value *b)
{
	if (is_number(a) && is_number(b))
		return numbers_equal(a, b);
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DTBIND_NULL:
		return true;
	case DTBIND_BOOL:
		return a->u.b == b->u.b;
	case DTBIND_STRING:
	case DTBIND_BYTES:
		return a->u.str.len == b->u.str.len &&
		       memcmp(a->u.str.ptr, b->u.str.ptr, a->u.str.len) == 0;
	case DTBIND_SEQ:
		if (a->u.seq.n != b->u.seq.n)
			return false;
		for (size_t i = 0; i < a->u.seq.n; i++)
			if (!dtbind_value_equal(a->u.seq.items[i], b->u.seq.items[i]))
				return false;
		return true;
	case DTBIND_MAP:
		if (a->u.map.n != b->u.map.n)
			return false;
		for (size_t i = 0; i < a->u.map.n; i++) {
			const struct dtbind_member *ma = &a->u.map.members[i];
			const struct dtbind_member *mb = member_n(b, ma->key, ma->key_len);

			if (!mb || !dtbind_value_equal(ma->value, mb->value))
				return false;
		}
		return true;
	default:
		return false;
	}
}

/* The shortest of %.15g..%.17g that reads back as @f: 0.1, not 0.10000000000000001. */
static void put_double(struct strbuf *sb, double f)
{
	char buf[32];

	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, f);
		if (prec == 17 || strtod(buf, NULL) == f)
			break;
	}
	sb_puts(sb, buf);
}

static void to_json(const struct dtbind_value *v, struct strbuf *sb, size_t max, unsigned depth)
{
	if (sb->len > max || depth > 64) {
		sb_puts(sb, "...");
		return;
	}
	switch (v->kind) {
	case DTBIND_NULL:
		sb_puts(sb, "null");
		break;
	case DTBIND_BOOL:
		sb_puts(sb, v->u.b ? "true" : "false");
		break;
	case DTBIND_INT:
		sb_printf(sb, "%lld", (long long)v->u.i);
		break;
	case DTBIND_FLOAT:
		if (isnan(v->u.f))
			sb_puts(sb, ".nan");
		else if (isinf(v->u.f))
			sb_puts(sb, v->u.f > 0 ? ".inf" : "-.inf");
		else
			put_double(sb, v->u.f);
		break;
	case DTBIND_STRING:
		sb_json_string(sb, v->u.str.ptr, v->u.str.len);
		break;
	case DTBIND_BYTES: {
		/*
		 * Text with NUL separators (strings of a property whose type is
		 * unknown) reads best as b"a\0b\0", like dt-validate's b'...';
		 * anything else as a DTS byte string.
		 */
		const unsigned char *b = (const unsigned char *)v->u.str.ptr;
		size_t n = v->u.str.len;
		bool text = n > 0;

		for (size_t i = 0; i < n && text; i++)
			text = b[i] == 0 || (b[i] >= 0x20 && b[i] < 0x7f);
		if (text) {
			sb_puts(sb, "b\"");
			for (size_t i = 0; i < n && sb->len <= max; i++) {
				if (!b[i])
					sb_puts(sb, "\\0");
				else if (b[i] == '"' || b[i] == '\\')
					sb_printf(sb, "\\%c", b[i]);
				else
					sb_putc(sb, (char)b[i]);
			}
			sb_putc(sb, '"');
			break;
		}
		sb_putc(sb, '[');
		for (size_t i = 0; i < n && sb->len <= max; i++)
			sb_printf(sb, "%s%02x", i ? " " : "", b[i]);
		sb_putc(sb, ']');
		break;
	}
	case DTBIND_SEQ:
		sb_putc(sb, '[');
		for (size_t i = 0; i < v->u.seq.n && sb->len <= max; i++) {
			if (i)
				sb_puts(sb, ", ");
			to_json(v->u.seq.items[i], sb, max, depth + 1);
		}
		sb_putc(sb, ']');
		break;
	case DTBIND_MAP:
		sb_putc(sb, '{');
		for (size_t i = 0; i < v->u.map.n && sb->len <= max; i++) {
			const struct dtbind_member *m = &v->u.map.members[i];

			if (i)
				sb_puts(sb, ", ");
			sb_json_string(sb, m->key, m->key_len);
			sb_puts(sb, ": ");
			to_json(m->value, sb, max, depth + 1);
		}
		sb_putc(sb, '}');
		break;
	}
}

char *dtbind_value_to_json_dup(const struct dtbind_value *v)
{
	struct strbuf sb;

	sb_init(&sb);
	to_json(v, &sb, SIZE_MAX - 1, 0);
	if (sb.oom) {
		sb_free(&sb);
		return NULL;
	}
	return sb.buf ? sb.buf : strdup("");
}

size_t dtbind_value_to_json(const struct dtbind_value *v, char *out, size_t max)
{
	struct strbuf sb;
	size_t n;

	if (!max)
		return 0;
	sb_init(&sb);
	to_json(v, &sb, max, 0);
	n = sb.len;
	if (n >= max) {
		n = max - 1;
		if (n >= 3)
			memcpy(sb.buf + n - 3, "...", 3);
	}
	memcpy(out, sb_cstr(&sb), n);
	out[n] = '\0';
	sb_free(&sb);
	return n;
}
