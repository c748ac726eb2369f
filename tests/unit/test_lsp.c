// SPDX-License-Identifier: BSD-2-Clause
/* test_lsp.c - the LSP base protocol framing, and UTF-16 positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lsp/lsp.h"

/* A reader on a pipe holding @bytes, its write end closed (input ends after them). */
static void reader_on(struct lsp_reader *r, const char *bytes, size_t n)
{
	int fd[2];

	assert_int_equal(pipe(fd), 0);
	assert_int_equal(write(fd[1], bytes, n), (ssize_t)n);
	close(fd[1]);
	lsp_reader_init(r, fd[0]);
}

static void reader_done(struct lsp_reader *r)
{
	close(r->fd);
	lsp_reader_free(r);
}

static void expect_body(struct lsp_reader *r, const char *want)
{
	char *body;
	size_t len;

	assert_int_equal(lsp_read(r, true, &body, &len), LSP_READ_MESSAGE);
	assert_int_equal(len, strlen(want));
	assert_string_equal(body, want);
	free(body);
}

static void expect_status(struct lsp_reader *r, enum lsp_read_status want)
{
	char *body;
	size_t len;

	assert_int_equal(lsp_read(r, true, &body, &len), want);
	assert_null(body);
}

static void test_framing_two_messages_and_extra_headers(void **state)
{
	static const char in[] = "Content-Length: 2\r\n\r\n{}"
				 "content-length:7\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n[1,2,3]";
	struct lsp_reader r;

	(void)state;
	reader_on(&r, in, sizeof(in) - 1);
	expect_body(&r, "{}");
	expect_body(&r, "[1,2,3]");
	expect_status(&r, LSP_READ_EOF);
	reader_done(&r);
}

static void test_framing_bad_header_is_skipped(void **state)
{
	static const char in[] = "Content-Type: x\r\n\r\n"
				 "Content-Length: 1x\r\n\r\n"
				 "Content-Length: 3\r\n\r\nabc";
	struct lsp_reader r;

	(void)state;
	reader_on(&r, in, sizeof(in) - 1);
	expect_status(&r, LSP_READ_BAD_HEADER);
	expect_status(&r, LSP_READ_BAD_HEADER);
	expect_body(&r, "abc");
	reader_done(&r);
}

/* The rest of a body cut short runs into the next header: the server finds its way back. */
static void test_framing_resyncs_after_garbage(void **state)
{
	static const char in[] = "\"x\"}Content-Length: 3\r\n\r\nabc"
				 "Content-Length: 2\r\n\r\n{}";
	struct lsp_reader r;

	(void)state;
	reader_on(&r, in, sizeof(in) - 1);
	expect_status(&r, LSP_READ_BAD_HEADER);
	expect_body(&r, "abc");
	expect_body(&r, "{}");
	reader_done(&r);
}

static void test_framing_too_big_body_is_skipped_whole(void **state)
{
	char head[64];
	int hn = snprintf(head, sizeof(head), "Content-Length: %u\r\n\r\n", LSP_MAX_BODY + 1);
	size_t n = (size_t)hn + LSP_MAX_BODY + 1;
	static const char next[] = "Content-Length: 4\r\n\r\nnext";
	char *in = malloc(n + sizeof(next));
	struct lsp_reader r;
	int fd[2];

	(void)state;
	assert_non_null(in);
	memcpy(in, head, (size_t)hn);
	memset(in + hn, '{', LSP_MAX_BODY + 1);
	memcpy(in + n, next, sizeof(next) - 1);
	/* Too large for a pipe's buffer: a child writes it while we read. */
	assert_int_equal(pipe(fd), 0);
	if (fork() == 0) {
		close(fd[0]);
		ssize_t w = 0;

		for (size_t off = 0; off < n + sizeof(next) - 1; off += (size_t)w)
			if ((w = write(fd[1], in + off, n + sizeof(next) - 1 - off)) <= 0)
				_exit(1);
		_exit(0);
	}
	close(fd[1]);
	lsp_reader_init(&r, fd[0]);
	expect_status(&r, LSP_READ_TOO_BIG);
	expect_body(&r, "next");
	expect_status(&r, LSP_READ_EOF);
	reader_done(&r);
	free(in);
}

static void test_framing_truncated_body_is_eof(void **state)
{
	static const char in[] = "Content-Length: 10\r\n\r\nabc";
	struct lsp_reader r;

	(void)state;
	reader_on(&r, in, sizeof(in) - 1);
	expect_status(&r, LSP_READ_EOF);
	reader_done(&r);
}

static void test_framing_no_wait_returns_none(void **state)
{
	int fd[2];
	struct lsp_reader r;
	char *body;
	size_t len;

	(void)state;
	assert_int_equal(pipe(fd), 0);
	assert_int_equal(write(fd[1], "Content-Length: 5\r\n\r\nab", 23), 23);
	lsp_reader_init(&r, fd[0]);
	assert_int_equal(lsp_read(&r, false, &body, &len), LSP_READ_NONE);
	assert_int_equal(write(fd[1], "cde", 3), 3);
	assert_int_equal(lsp_read(&r, false, &body, &len), LSP_READ_MESSAGE);
	assert_string_equal(body, "abcde");
	free(body);
	close(fd[1]);
	reader_done(&r);
}

/* "a€😀b\n" : a (1 byte, 1 unit), € (3 bytes, 1 unit), 😀 (4 bytes, 2 units). */
static const char text[] = "a\xe2\x82\xac\xf0\x9f\x98\x80" "b\r\nx\n";

static void test_utf16_offsets(void **state)
{
	size_t len = sizeof(text) - 1;

	(void)state;
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 0, 0 }), 0);
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 0, 1 }), 1);
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 0, 2 }), 4);
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 0, 4 }), 8);
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 0, 5 }), 9);
	/* past the line's end: clamped before its "\r\n" */
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 0, 99 }), 9);
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 1, 0 }), 11);
	/* past the last line: the end of the text */
	assert_int_equal(lsp_offset(text, len, (struct lsp_pos){ 9, 0 }), len);
}

static void test_utf16_positions_and_locations(void **state)
{
	size_t len = sizeof(text) - 1;
	struct lsp_pos p = lsp_position(text, len, 8);

	(void)state;
	assert_int_equal(p.line, 0);
	assert_int_equal(p.character, 4);
	p = lsp_position(text, len, 12);
	assert_int_equal(p.line, 1);
	assert_int_equal(p.character, 1);
	/* dtbind's 1-based code point column 4 is the 'b' after the emoji: UTF-16 unit 4 */
	p = lsp_pos_from_loc(text, len, 1, 4);
	assert_int_equal(p.line, 0);
	assert_int_equal(p.character, 4);
	p = lsp_pos_from_loc(text, len, 2, 1);
	assert_int_equal(p.line, 1);
	assert_int_equal(p.character, 0);
}

static void test_incremental_edit(void **state)
{
	struct lsp_docs docs = { 0 };
	struct lsp_doc *d;

	(void)state;
	d = lsp_docs_open(&docs, "file:///tmp/a%20b.dts", "ab\xf0\x9f\x98\x80" "cd\nef\n", 12, 1);
	assert_non_null(d);
	assert_string_equal(d->path, "/tmp/a b.dts");
	/* replace the emoji (units 2..4) and "c" with "X" */
	assert_int_equal(lsp_doc_edit(d, false, (struct lsp_pos){ 0, 2 }, (struct lsp_pos){ 0, 5 },
				      "X", 1), 0);
	assert_string_equal(d->text, "abXd\nef\n");
	/* across lines */
	assert_int_equal(lsp_doc_edit(d, false, (struct lsp_pos){ 0, 3 }, (struct lsp_pos){ 1, 1 },
				      "", 0), 0);
	assert_string_equal(d->text, "abXf\n");
	assert_int_equal(lsp_doc_edit(d, true, (struct lsp_pos){ 0, 0 }, (struct lsp_pos){ 0, 0 },
				      "new", 3), 0);
	assert_string_equal(d->text, "new");
	lsp_docs_free(&docs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_framing_two_messages_and_extra_headers),
		cmocka_unit_test(test_framing_bad_header_is_skipped),
		cmocka_unit_test(test_framing_resyncs_after_garbage),
		cmocka_unit_test(test_framing_too_big_body_is_skipped_whole),
		cmocka_unit_test(test_framing_truncated_body_is_eof),
		cmocka_unit_test(test_framing_no_wait_returns_none),
		cmocka_unit_test(test_utf16_offsets),
		cmocka_unit_test(test_utf16_positions_and_locations),
		cmocka_unit_test(test_incremental_edit),
	};
	return cmocka_run_group_tests_name("lsp", tests, NULL, NULL);
}
