// SPDX-License-Identifier: BSD-2-Clause
/* util.c - arena, string buffer, hash map, files (reads, atomic writes, the bindings root). */
#define _POSIX_C_SOURCE 200809L
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"
#include "internal.h"

/* ---- arena -------------------------------------------------------- */
struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	size_t mapped;		/* bytes mmap'd for huge pages, else 0 (malloc'd) */
	_Alignas(16) unsigned char data[];
};

/*
 * Chunks start at 4 KiB and double up to @chunk_size: most arenas hold a
 * small document, and a first chunk of 64 KiB or 1 MiB for it was memory
 * allocated, and under ASan poisoned and (past 128 KiB) mapped, for nothing.
 */
void arena_init(struct arena *a, size_t chunk_size)
{
	a->head = NULL;
	a->chunk_size = chunk_size ? chunk_size : 64 * 1024;
	a->next_size = a->chunk_size < 4096 ? a->chunk_size : 4096;
}

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;

	if (size > SIZE_MAX / 2)
		return NULL;	/* rounding and the chunk header would overflow */
	size = (size + 15) & ~(size_t)15;
	if (!size)
		size = 16;
	if (!c || c->size - c->used < size) {
		/* Big requests get a chunk of their own so the current one stays in use. */
		bool own = size > a->chunk_size / 4;
		size_t csize = own ? size : a->next_size;

		while (csize < size)
			csize *= 2;
		c = malloc(sizeof(*c) + csize);
		if (!c)
			return NULL;
		c->size = csize;
		c->used = 0;
		c->mapped = 0;
		if (a->head && own) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
			a->next_size = csize < a->chunk_size / 2 ? csize * 2 : a->chunk_size;
		}
	}
	void *p = c->data + c->used;

	c->used += size;
	memset(p, 0, size);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 1);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	if ((size_t)n < sizeof(small))
		return arena_strndup(a, small, (size_t)n);
	char *p = arena_alloc(a, (size_t)n + 1);

	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		if (c->mapped)
			munmap(c, c->mapped);
		else
			free(c);
	}
	a->head = NULL;
}

#define HUGE_PAGE_SIZE (2ul << 20)

#if defined(__SANITIZE_ADDRESS__)
#define DTBIND_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DTBIND_ASAN 1
#endif
#endif
#ifndef DTBIND_ASAN
#define DTBIND_ASAN 0
#endif

#if !DTBIND_ASAN
/* @len bytes (a multiple of HUGE_PAGE_SIZE) mapped at a huge page boundary, or NULL. */
static void *map_huge_aligned(size_t len)
{
	unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	if (!((uintptr_t)m & (HUGE_PAGE_SIZE - 1)))
		return m;
	/* Not aligned (older kernels align only some mappings): map more and trim. */
	munmap(m, len);
	m = mmap(NULL, len + HUGE_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	unsigned char *at = (unsigned char *)(((uintptr_t)m + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1));

	if (at > m)
		munmap(m, (size_t)(at - m));
	munmap(at + len, (size_t)(m + HUGE_PAGE_SIZE - at));	/* at < m + HUGE_PAGE_SIZE */
	return at;
}
#endif

/*
 * The next @size bytes of @a in transparent huge pages, for an arena about to
 * fill that much at once.  On the virtual machines we measure on, a page
 * fault costs about 11 us a 4 KiB page and one 2 MiB huge page 0.1 to 0.3 ms,
 * so a megabyte of arrays decoded from a cache file cost 3 ms in faults.
 * Without huge pages the chunk is ordinary memory; under ASan it is malloc'd
 * as usual, so that ASan still sees the chunk's bounds.
 */
int arena_reserve_huge(struct arena *a, size_t size)
{
#if DTBIND_ASAN
	(void)a;
	(void)size;
	return 0;
#else
	if (size > SIZE_MAX / 4)
		return -DTBIND_ENOMEM;
	size_t len = (sizeof(struct arena_chunk) + size + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
	struct arena_chunk *c = map_huge_aligned(len);

	if (!c)
		return -DTBIND_ENOMEM;
#ifdef MADV_HUGEPAGE
	(void)madvise(c, len, MADV_HUGEPAGE);	/* a hint: without it, ordinary pages */
#endif
	c->size = len - sizeof(*c);
	c->used = 0;
	c->mapped = len;
	c->next = a->head;
	a->head = c;
	return 0;
#endif
}

/* ---- strbuf ------------------------------------------------------- */
void sb_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	sb->oom = false;
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb_init(sb);
}

static bool sb_grow(struct strbuf *sb, size_t extra)
{
	if (sb->oom)
		return false;
	if (sb->len + extra + 1 <= sb->cap)
		return true;
	size_t cap = sb->cap ? sb->cap : 64;

	while (cap < sb->len + extra + 1)
		cap *= 2;
	char *nb = realloc(sb->buf, cap);

	if (!nb) {
		sb->oom = true;
		return false;
	}
	sb->buf = nb;
	sb->cap = cap;
	return true;
}

void sb_putn(struct strbuf *sb, const char *s, size_t n)
{
	if (!sb_grow(sb, n))
		return;
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_putn(sb, s, strlen(s));
}

void sb_putc(struct strbuf *sb, char c)
{
	sb_putn(sb, &c, 1);
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !sb_grow(sb, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void sb_json_string(struct strbuf *sb, const char *s, size_t n)
{
	sb_putc(sb, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '"': sb_puts(sb, "\\\""); break;
		case '\\': sb_puts(sb, "\\\\"); break;
		case '\n': sb_puts(sb, "\\n"); break;
		case '\t': sb_puts(sb, "\\t"); break;
		case '\r': sb_puts(sb, "\\r"); break;
		default:
			if (c < 0x20)
				sb_printf(sb, "\\u%04x", c);
			else
				sb_putc(sb, (char)c);
		}
	}
	sb_putc(sb, '"');
}

const char *sb_cstr(struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

/* ---- hash map (open addressing, linear probing) ------------------- */
static uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 1469598103934665603ull;	/* FNV-1a */

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 1099511628211ull;
	}
	return h ? h : 1;
}

static uint64_t hash_ptr(const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h ? h : 1;
}

void hmap_init(struct hmap *m)
{
	m->e = NULL;
	m->n = m->cap = 0;
}

void hmap_free(struct hmap *m)
{
	free(m->e);
	hmap_init(m);
}

static bool entry_matches(const struct hmap_entry *e, uint64_t h, const void *key, size_t len)
{
	if (e->hash != h || e->key_len != len)
		return false;
	if (len == SIZE_MAX)
		return e->key == key;
	return memcmp(e->key, key, len) == 0;
}

static void *hmap_get(const struct hmap *m, const void *key, size_t len, uint64_t h)
{
	if (!m->cap)
		return NULL;
	for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		const struct hmap_entry *e = &m->e[i];

		if (!e->hash)
			return NULL;
		if (entry_matches(e, h, key, len))
			return e->value;
	}
}

static int hmap_resize(struct hmap *m, size_t ncap)
{
	struct hmap_entry *ne = calloc(ncap, sizeof(*ne));

	if (!ne)
		return -DTBIND_ENOMEM;
	for (size_t i = 0; i < m->cap; i++) {
		struct hmap_entry *e = &m->e[i];

		if (!e->hash)
			continue;
		size_t j = e->hash & (ncap - 1);

		while (ne[j].hash)
			j = (j + 1) & (ncap - 1);
		ne[j] = *e;
	}
	free(m->e);
	m->e = ne;
	m->cap = ncap;
	return 0;
}

int hmap_reserve(struct hmap *m, size_t n)
{
	size_t ncap = m->cap ? m->cap : 16;

	while (n * 4 > ncap * 3)
		ncap *= 2;
	return ncap > m->cap ? hmap_resize(m, ncap) : 0;
}

static int hmap_put(struct hmap *m, const void *key, size_t len, uint64_t h, void *value)
{
	if ((m->n + 1) * 4 > m->cap * 3) {
		int ret = hmap_resize(m, m->cap ? m->cap * 2 : 16);

		if (ret)
			return ret;
	}
	for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		struct hmap_entry *e = &m->e[i];

		if (!e->hash) {
			e->hash = h;
			e->key = key;
			e->key_len = len;
			e->value = value;
			m->n++;
			return 0;
		}
		if (entry_matches(e, h, key, len)) {
			e->value = value;
			return 0;
		}
	}
}

void *hmap_get_str(const struct hmap *m, const char *key, size_t len)
{
	return hmap_get(m, key, len, hash_bytes(key, len));
}

int hmap_put_str(struct hmap *m, const char *key, size_t len, void *value)
{
	return hmap_put(m, key, len, hash_bytes(key, len), value);
}

void *hmap_get_ptr(const struct hmap *m, const void *key)
{
	return hmap_get(m, key, SIZE_MAX, hash_ptr(key));
}

int hmap_put_ptr(struct hmap *m, const void *key, void *value)
{
	return hmap_put(m, key, SIZE_MAX, hash_ptr(key), value);
}

/* ---- files -------------------------------------------------------- */
bool fd_write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		len -= (size_t)w;
	}
	return true;
}

static int read_disk_file(const char *path, size_t max, char **bufp, size_t *lenp);

int read_file(const char *path, size_t max, char **bufp, size_t *lenp)
{
	char *disk = NULL;
	int ret;

	*bufp = NULL;
	*lenp = 0;
	if (!fs_overlay_active())
		return read_disk_file(path, max, bufp, lenp);
	ret = fs_overlay_read(path, bufp, lenp, &disk);
	if (ret > 0 && *lenp > max) {
		free(*bufp);
		*bufp = NULL;
		*lenp = 0;
		return -DTBIND_ELIMIT;
	}
	if (ret)
		return ret > 0 ? 0 : ret;
	ret = read_disk_file(disk ? disk : path, max, bufp, lenp);
	free(disk);
	return ret;
}

static int read_disk_file(const char *path, size_t max, char **bufp, size_t *lenp)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (!f)
		return -DTBIND_EIO;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return -DTBIND_EIO;
	}
	/* A regular file too large is refused before reading it. */
	if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > (uint64_t)max) {
		fclose(f);
		return -DTBIND_ELIMIT;
	}
	for (;;) {
		if (len + 4096 + 1 > cap) {
			size_t ncap = cap ? cap * 2 : 8192;
			/* len <= max here (checked after each read), so this is bounded. */
			char *nb = realloc(buf, ncap);

			if (!nb) {
				free(buf);
				fclose(f);
				return -DTBIND_ENOMEM;
			}
			buf = nb;
			cap = ncap;
		}
		size_t n = fread(buf + len, 1, cap - len - 1, f);

		len += n;
		if (len > max) {
			free(buf);
			fclose(f);
			return -DTBIND_ELIMIT;
		}
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return -DTBIND_EIO;
	}
	fclose(f);
	buf[len] = '\0';
	*bufp = buf;
	*lenp = len;
	return 0;
}

/* ---- strings ------------------------------------------------------ */
/* Levenshtein distance, giving up (returning cap + 1) once it exceeds @cap. */
unsigned edit_distance(const char *a, const char *b, unsigned cap)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned row[128];

	if (lb >= ARRAY_SIZE(row) || la >= 256)
		return cap + 1;
	if ((la > lb ? la - lb : lb - la) > cap)
		return cap + 1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned prev = row[0], best;

		row[0] = (unsigned)i;
		best = row[0];
		for (size_t j = 1; j <= lb; j++) {
			unsigned cur = row[j];
			unsigned cost = a[i - 1] == b[j - 1] ? 0 : 1;
			unsigned v = prev + cost;

			if (row[j] + 1 < v)
				v = row[j] + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			prev = cur;
			if (v < best)
				best = v;
		}
		if (best > cap)
			return cap + 1;
	}
	return row[lb] > cap ? cap + 1 : row[lb];
}

/* The candidate closest to @name by edit distance (case-only differences count as 1), or NULL. */
const char *nearest_name(const char *name, const char *const *names, size_t n)
{
	const char *best = NULL;
	unsigned best_d = 0;
	size_t len = strlen(name);
	unsigned cap_d = len < 4 ? 1 : len < 10 ? 2 : 3;

	for (size_t i = 0; i < n; i++) {
		unsigned d = edit_distance(name, names[i], cap_d);

		/* Case-only differences (additionalproperties) always count. */
		if (d > cap_d && strlen(names[i]) == len && !strcasecmp(name, names[i]))
			d = 1;
		if (d <= cap_d && d > 0 && (!best || d < best_d)) {
			best = names[i];
			best_d = d;
		}
	}
	return best;
}

const char *text_line(const char *buf, size_t buf_len, uint32_t line, size_t *len)
{
	const char *p = buf, *end = buf + buf_len;

	if (!buf || !line)
		return NULL;
	for (uint32_t l = 1; l < line; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	const char *eol = memchr(p, '\n', (size_t)(end - p));

	*len = (size_t)((eol ? eol : end) - p);
	return p;
}

bool str_ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}

const char *dtbind_strerror(int err)
{
	static const char *const text[] = {
		[DTBIND_OK] = "success",
		[DTBIND_ENOMEM] = "out of memory",
		[DTBIND_EIO] = "input/output error",
		[DTBIND_EPARSE] = "parse error",
		[DTBIND_ENOTFOUND] = "not found",
		[DTBIND_ELIMIT] = "limit exceeded",
		[DTBIND_EINVAL] = "invalid argument",
	};

	if (err < 0)
		err = err == INT_MIN ? DTBIND_EMAX : -err;
	if (err >= DTBIND_EMAX)
		return "unknown error";
	return text[err];
}

/* ---- growing arrays ------------------------------------------------ */

int vec_reserve_one(void *vp, size_t n, size_t *cap, size_t elem, size_t first)
{
	void *v, *nv;

	if (n < *cap)
		return 0;
	/* The caller's T * is read and written as bytes: no aliasing through void *. */
	memcpy(&v, vp, sizeof(v));
	size_t ncap = *cap ? *cap * 2 : first;

	if (!(nv = realloc(v, ncap * elem)))
		return -DTBIND_ENOMEM;
	memcpy(vp, &nv, sizeof(nv));
	*cap = ncap;
	return 0;
}

/* ---- binary records ------------------------------------------------ */

static uint64_t rotl64(uint64_t x, unsigned r)
{
	return x << r | x >> (64 - r);
}

/*
 * Word at a time: checksums of a cache that is read on every run.  A long
 * input goes through four lanes at once, each word xor'ed, rotated (so that
 * high bits reach low ones) and multiplied: three instructions a word and
 * four multiplies in flight, where one lane took eight and waited on each.
 */
uint64_t hash64(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	h ^= n * 0x9e3779b97f4a7c15ull;
	if (n >= 64) {
		uint64_t a = h, b = h ^ 0x243f6a8885a308d3ull, d = h ^ 0x13198a2e03707344ull,
			 e = h ^ 0xa4093822299f31d0ull;

		for (; n >= 32; c += 32, n -= 32) {
			a = rotl64(a ^ load_u64(c), 31) * 0x9fb21c651e98df25ull;
			b = rotl64(b ^ load_u64(c + 8), 31) * 0x9fb21c651e98df25ull;
			d = rotl64(d ^ load_u64(c + 16), 31) * 0x9fb21c651e98df25ull;
			e = rotl64(e ^ load_u64(c + 24), 31) * 0x9fb21c651e98df25ull;
		}
		const uint64_t lanes[] = { a, b, d, e };

		for (int k = 0; k < 4; k++) {
			h = (h ^ lanes[k]) * 0xff51afd7ed558ccdull;
			h ^= h >> 32;
		}
	}
	for (; n >= 8; c += 8, n -= 8) {
		uint64_t w;

		memcpy(&w, c, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (; n; c++, n--)
		h = (h ^ *c) * 0x100000001b3ull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return h;
}

void put_u8(struct strbuf *sb, uint8_t v)
{
	sb_putc(sb, (char)v);
}

void put_u32(struct strbuf *sb, uint32_t v)
{
	sb_putn(sb, (const char *)&v, 4);
}

void put_u64(struct strbuf *sb, uint64_t v)
{
	sb_putn(sb, (const char *)&v, 8);
}

void put_str(struct strbuf *sb, const char *s, size_t n)
{
	put_u32(sb, (uint32_t)n);
	sb_putn(sb, s, n);
	sb_putc(sb, '\0');
}

static bool get_bytes(struct reader *r, void *out, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		memset(out, 0, n);
		return false;
	}
	memcpy(out, r->p, n);
	r->p += n;
	return true;
}

uint8_t get_u8(struct reader *r)
{
	uint8_t v;

	get_bytes(r, &v, 1);
	return v;
}

uint32_t get_u32(struct reader *r)
{
	uint32_t v;

	get_bytes(r, &v, 4);
	return v;
}

uint64_t get_u64(struct reader *r)
{
	uint64_t v;

	get_bytes(r, &v, 8);
	return v;
}

const char *get_str(struct reader *r, size_t *len)
{
	uint32_t n = get_u32(r);
	const char *s = (const char *)r->p;

	if (r->bad || (size_t)(r->end - r->p) <= n || r->p[n] != '\0') {
		r->bad = true;
		if (len)
			*len = 0;
		return "";
	}
	r->p += (size_t)n + 1;
	if (len)
		*len = n;
	return s;
}

bool reader_fits(struct reader *r, uint64_t count, size_t min_size)
{
	if (r->bad || count > (uint64_t)(r->end - r->p) / min_size)
		r->bad = true;
	return !r->bad;
}

/* ---- directory walks --------------------------------------------- */

#define WALK_MAX_DEPTH 32

struct dir_entry {
	char *name;
	unsigned char type;	/* DT_*, DT_UNKNOWN when the file system does not say */
};

static int cmp_entries(const void *a, const void *b)
{
	return strcmp(((const struct dir_entry *)a)->name, ((const struct dir_entry *)b)->name);
}

/* The @i-th byte of @e's name as it sorts in a whole path (a directory's is followed by '/'); -1 past it. */
static int path_key_at(const struct dir_entry *e, size_t i, size_t len)
{
	if (i < len)
		return (unsigned char)e->name[i];
	return i == len && e->type == DT_DIR ? '/' : -1;
}

/* Entries in the order their whole paths sort, so a walk yields sorted paths. */
static int cmp_entries_as_paths(const void *a, const void *b)
{
	const struct dir_entry *x = a, *y = b;
	size_t lx = strlen(x->name), ly = strlen(y->name);

	for (size_t i = 0;; i++) {
		int cx = path_key_at(x, i, lx), cy = path_key_at(y, i, ly);

		if (cx != cy || cx < 0)
			return cx - cy;
	}
}

struct dir_list {
	struct dir_entry *v;
	size_t n, cap;
};

static int dir_list_add(void *ctx, const char *name)
{
	struct dir_list *l = ctx;

	if (vec_reserve_one(&l->v, l->n, &l->cap, sizeof(*l->v), 32))
		return -DTBIND_ENOMEM;
	if (!(l->v[l->n].name = strdup(name)))
		return -DTBIND_ENOMEM;
	l->v[l->n++].type = DT_UNKNOWN;
	return 0;
}

struct tree_walk {
	bool (*want)(const char *name);
	tree_visit visit;
	tree_visit_dir visit_dir;
	void *ctx;
	bool path_order;
};

static int walk_dir(const struct tree_walk *w, const char *dir, unsigned depth)
{
	bool (*want)(const char *name) = w->want;
	char *disk = NULL;
	/* An overlay in use may add entries, hide them, or be the whole directory. */
	int ov = fs_overlay_dir(dir, &disk);
	DIR *d = ov < 0 ? NULL : !ov ? opendir(dir) : disk ? opendir(disk) : NULL;
	struct dirent *de;
	struct dir_list l = { 0 };
	int ret = 0;

	free(disk);
	if (!d && ov <= 0) {
		/* Said all the same, with no stamps: a walker that keeps them must look again. */
		struct stat none = { .st_mode = S_IFDIR };

		if (w->visit_dir && depth && (ret = w->visit_dir(w->ctx, dir, &none)))
			return ret;
		return -DTBIND_EIO;
	}
	if (w->visit_dir) {
		struct stat dst = { .st_mode = S_IFDIR };

		/* The stamps of the directory read: unchanged ones mean the same entries. */
		if (d)
			fstat(dirfd(d), &dst);
		if ((ret = w->visit_dir(w->ctx, dir, &dst))) {
			if (d)
				closedir(d);
			return ret;
		}
	}
	while (d && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		/* A file that is not wanted needs no stat (a bindings tree is half .txt). */
		if (de->d_type == DT_REG && want && !want(de->d_name))
			continue;
		if ((ret = dir_list_add(&l, de->d_name)))
			break;
		l.v[l.n - 1].type = de->d_type;
	}
	if (ov > 0 && !ret)
		ret = fs_overlay_children(dir, dir_list_add, &l);
	/* Sorted: the same tree gives the same order on every file system. */
	if (l.v)
		qsort(l.v, l.n, sizeof(*l.v), w->path_order ? cmp_entries_as_paths : cmp_entries);
	for (size_t i = 0; i < l.n && !ret; i++) {
		char *p = NULL;
		struct stat st;

		if (ov > 0 && i && !strcmp(l.v[i].name, l.v[i - 1].name))
			continue;	/* on disk and in the overlay: the overlay says what it is */
		if (ov > 0) {
			if (asprintf(&p, "%s/%s", dir, l.v[i].name) < 0) {
				ret = -DTBIND_ENOMEM;
				break;
			}
			if (fs_stat(p, &st)) {
				free(p);
				continue;
			}
		} else if (l.v[i].type == DT_DIR) {
			st.st_mode = S_IFDIR;	/* readdir said so: no stat */
		} else if (fstatat(dirfd(d), l.v[i].name, &st, 0)) {
			/* Relative to the open directory: no walk of the whole path per file. */
			continue;
		}
		if (!S_ISDIR(st.st_mode) && !(S_ISREG(st.st_mode) && (!want || want(l.v[i].name)))) {
			free(p);
			continue;
		}
		if (!p && asprintf(&p, "%s/%s", dir, l.v[i].name) < 0) {
			ret = -DTBIND_ENOMEM;
			break;
		}
		if (S_ISDIR(st.st_mode)) {
			/* A directory that cannot be read is skipped; running out of memory is not. */
			if (depth < WALK_MAX_DEPTH && (ret = walk_dir(w, p, depth + 1)) == -DTBIND_EIO)
				ret = 0;
			free(p);
		} else {
			ret = w->visit(w->ctx, p, &st);
		}
	}
	if (d)
		closedir(d);
	for (size_t i = 0; i < l.n; i++)
		free(l.v[i].name);
	free(l.v);
	return ret;
}

int walk_tree(const char *dir, bool (*want)(const char *name), tree_visit visit, void *ctx)
{
	struct tree_walk w = { want, visit, NULL, ctx, false };

	return walk_dir(&w, dir, 0);
}

int walk_tree_path_order(const char *dir, bool (*want)(const char *name), tree_visit visit,
			 tree_visit_dir visit_dir, void *ctx)
{
	struct tree_walk w = { want, visit, visit_dir, ctx, true };

	return walk_dir(&w, dir, 0);
}

bool is_binding_name(const char *name)
{
	return str_ends_with(name, ".yaml") && strncmp(name, "processed-schema", 16);
}

static int path_list_push(struct path_list *l, char *path)
{
	if (vec_reserve_one(&l->v, l->n, &l->cap, sizeof(*l->v), 64)) {
		free(path);
		return -DTBIND_ENOMEM;
	}
	l->v[l->n++] = path;
	return 0;
}

static int visit_push(void *ctx, char *path, const struct stat *st)
{
	(void)st;
	return path_list_push(ctx, path);
}

int path_list_add(struct path_list *l, const char *path, bool (*want)(const char *name))
{
	struct stat st;
	char *copy;

	if (fs_stat(path, &st))
		return -DTBIND_EIO;
	if (S_ISDIR(st.st_mode))
		return walk_tree(path, want, visit_push, l);
	if (!(copy = strdup(path)))
		return -DTBIND_ENOMEM;
	return path_list_push(l, copy);
}

void path_list_free(struct path_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

int mkdir_p(const char *dir, unsigned mode)
{
	char *p = strdup(dir);
	int ret = 0;

	if (!p)
		return -1;
	for (char *s = p + 1; *s && !ret; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, (mode_t)mode) && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	if (!ret && mkdir(p, (mode_t)mode) && errno != EEXIST)
		ret = -1;
	free(p);
	return ret;
}

int mkdir_parents(const char *path, unsigned mode)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int ret;

	if (!slash || slash == path)
		return 0;
	if (!(dir = strndup(path, (size_t)(slash - path))))
		return -1;
	ret = mkdir_p(dir, mode);
	free(dir);
	return ret;
}

bool is_dir(const char *path)
{
	struct stat st;

	return !fs_stat(path, &st) && S_ISDIR(st.st_mode);
}

int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *abs_path(const char *path)
{
	char *abs = real_path(path), *copy, *slash, *dir;

	if (abs || !(copy = strdup(path)))
		return abs;
	slash = strrchr(copy, '/');
	if (slash)
		*slash = '\0';
	dir = real_path(slash ? (*copy ? copy : "/") : ".");
	if (dir && asprintf(&abs, "%s/%s", strcmp(dir, "/") ? dir : "",
			    slash ? slash + 1 : copy) < 0)
		abs = NULL;
	free(dir);
	free(copy);
	return abs;
}

char *bindings_root_above(const char *path)
{
	char *abs = abs_path(path), *slash;

	/* A file not saved yet, in directories not made yet: from what exists above it. */
	if (!abs && strchr(path, '/')) {
		char *up = strdup(path);

		while (up && !abs && (slash = strrchr(up, '/')) && slash != up) {
			*slash = '\0';
			abs = abs_path(up);
		}
		free(up);
	}

	while (abs && (slash = strrchr(abs, '/')) && slash != abs) {
		char *b;

		if (str_ends_with(abs, "/devicetree/bindings") && is_dir(abs))
			return abs;
		/* the top of a kernel tree, or a directory of it outside the bindings */
		if (asprintf(&b, "%s/Documentation/devicetree/bindings", abs) < 0)
			break;
		if (is_dir(b)) {
			free(abs);
			return b;
		}
		free(b);
		*slash = '\0';
	}
	free(abs);
	return NULL;
}

/* A name for a temporary file next to @path that no other writer uses. */
static char *temp_name(const char *path)
{
	static _Atomic unsigned counter;
	const char *slash = strrchr(path, '/');
	char *tmp;

	if (asprintf(&tmp, "%.*s.%s.%ld.%u.tmp", slash ? (int)(slash - path + 1) : 0, path,
		     slash ? slash + 1 : path, (long)getpid(), counter++) < 0)
		return NULL;
	return tmp;
}

/* Does the regular file @path hold exactly the @n @parts (and @mode, unless -1)? */
static bool holds_already(const char *path, const struct strbuf *const parts[], size_t n, int mode)
{
	size_t total = 0, len, off = 0;
	struct stat st;
	char *buf;
	bool same;

	for (size_t i = 0; i < n; i++)
		total += parts[i]->len;
	/* Not a link (it is replaced by a file), nor a file of another size or mode. */
	if (lstat(path, &st) || !S_ISREG(st.st_mode) || (size_t)st.st_size != total ||
	    (mode >= 0 && (st.st_mode & 07777) != (mode_t)mode))
		return false;
	/* A file that grew since is larger than @total: refused, so it differs. */
	if (read_disk_file(path, total, &buf, &len))
		return false;
	same = len == total;
	for (size_t i = 0; same && i < n; off += parts[i]->len, i++)
		same = !memcmp(buf + off, parts[i]->buf, parts[i]->len);
	free(buf);
	return same;
}

int write_file_atomic(const char *path, const struct strbuf *const parts[], size_t n, int mode,
		      unsigned flags)
{
	char *tmp = NULL;
	int fd = -1, err;
	bool created = false;
	struct stat st;

	/* Not even a temporary file when the answer is known already. */
	if ((flags & WRITE_NO_REPLACE) && !lstat(path, &st)) {
		errno = EEXIST;
		return -DTBIND_EIO;
	}

	if ((flags & WRITE_IF_CHANGED) && holds_already(path, parts, n, mode))
		return 0;
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		free(tmp);
		if (!(tmp = temp_name(path)))
			return -DTBIND_ENOMEM;
		/* Registered before it exists: a signal at any point removes it. */
		if (cleanup_on_signal(tmp)) {
			free(tmp);
			return -DTBIND_ENOMEM;
		}
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0)
			cleanup_forget(tmp);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		goto fail;
	created = true;
	if (mode >= 0 && fchmod(fd, (mode_t)mode))
		goto fail;
	for (size_t i = 0; i < n; i++) {
		for (size_t off = 0; off < parts[i]->len;) {
			ssize_t w = write(fd, parts[i]->buf + off, parts[i]->len - off);

			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0)
				goto fail;
			off += (size_t)w;
		}
	}
	/* On disk before it gets its name: a crash leaves the old file or the new one. */
	if (fsync(fd))
		goto fail;
	err = close(fd);
	fd = -1;
	if (err)
		goto fail;
	if (flags & WRITE_NO_REPLACE) {
		/* link() fails if the file appeared meanwhile: never overwrite. */
		if (link(tmp, path))
			goto fail;
		unlink(tmp);
	} else if (rename(tmp, path)) {
		goto fail;
	}
	cleanup_forget(tmp);
	free(tmp);
	return 0;
fail:
	err = errno;
	if (fd >= 0)
		close(fd);
	if (created) {
		unlink(tmp);
		cleanup_forget(tmp);
	}
	free(tmp);
	errno = err;
	return -DTBIND_EIO;
}
