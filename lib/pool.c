// SPDX-License-Identifier: BSD-2-Clause
/*
 * pool.c - forked workers for independent items (validate -j).  A worker
 * sends, per item, a frame over its pipe: the item number, its status and
 * the records of its findings (dtbind_diag_encode).  The parent reads every
 * pipe as data comes (a full pipe would block a worker), and replays the
 * items in order as soon as the next one is complete.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "pool.h"

struct frame_head {
	uint32_t item;
	int32_t status;
	uint32_t len;
};

struct item {
	char *rec;
	size_t len;
	int status;
	bool done;
};

struct worker {
	pid_t pid;
	int fd;
	struct strbuf in;	/* bytes read, not yet a whole frame */
};

static int worse(int a, int b)
{
	return a > b ? a : b;
}

static void encode_to(void *user, const struct dtbind_finding *f)
{
	dtbind_diag_encode(user, f);
}

static void worker_main(struct dtbind_diag *diag, size_t n, unsigned w, unsigned jobs,
			dtbind_pool_fn fn, void *user, int fd)
{
	struct strbuf sb;
	int worst = 0;

	sb_init(&sb);
	/* This process's copy of the sink: same rules, findings as records. */
	dtbind_diag_set_callback(diag, encode_to, &sb);
	for (size_t i = w; i < n; i += jobs) {
		struct frame_head h = { (uint32_t)i, 0, 0 };

		sb.len = 0;
		h.status = fn(user, i, diag);
		worst = worse(worst, h.status);
		h.len = (uint32_t)sb.len;
		if (sb.oom || !fd_write_all(fd, (const char *)&h, sizeof(h)) ||
		    !fd_write_all(fd, sb_cstr(&sb), sb.len))
			_exit(2);
	}
	sb_free(&sb);
	_exit(worst);
}

/* Move the whole frames of @wk's input into @items. */
static void take_frames(struct worker *wk, struct item *items, size_t n)
{
	size_t pos = 0;
	struct frame_head h;

	while (wk->in.len - pos >= sizeof(h)) {
		memcpy(&h, wk->in.buf + pos, sizeof(h));
		if (wk->in.len - pos - sizeof(h) < h.len)
			break;
		if (h.item < n && !items[h.item].done) {
			struct item *it = &items[h.item];

			it->rec = malloc(h.len ? h.len : 1);
			if (it->rec)
				memcpy(it->rec, wk->in.buf + pos + sizeof(h), h.len);
			it->len = it->rec ? h.len : 0;
			it->status = it->rec ? h.status : 2;
			it->done = true;
		}
		pos += sizeof(h) + h.len;
	}
	memmove(wk->in.buf, wk->in.buf + pos, wk->in.len - pos);
	wk->in.len -= pos;
}

/* Replay the items from *next on that are complete; returns the worst status. */
static int replay_ready(struct dtbind_diag *diag, struct item *items, size_t n, size_t *next)
{
	int worst = 0;

	for (; *next < n && items[*next].done; (*next)++) {
		struct item *it = &items[*next];

		dtbind_diag_replay(diag, it->rec, it->len);
		worst = worse(worst, it->status);
		free(it->rec);
		it->rec = NULL;
	}
	return worst;
}

static int run_serial(struct dtbind_diag *diag, size_t n, dtbind_pool_fn fn, void *user)
{
	int worst = 0;

	for (size_t i = 0; i < n; i++)
		worst = worse(worst, fn(user, i, diag));
	return worst;
}

/* Start the workers; returns how many started (the first ones). */
static unsigned start_workers(struct dtbind_diag *diag, size_t n, unsigned jobs,
			      dtbind_pool_fn fn, void *user, struct worker *wk)
{
	unsigned started = 0;

	fflush(stdout);
	fflush(stderr);
	for (unsigned w = 0; w < jobs; w++) {
		int fds[2];

		if (pipe(fds) < 0)
			break;
		wk[w].pid = fork();
		if (wk[w].pid < 0) {
			close(fds[0]);
			close(fds[1]);
			break;
		}
		if (wk[w].pid == 0) {
			close(fds[0]);
			for (unsigned o = 0; o < w; o++)
				close(wk[o].fd);
			worker_main(diag, n, w, jobs, fn, user, fds[1]);
		}
		close(fds[1]);
		wk[w].fd = fds[0];
		sb_init(&wk[w].in);
		started++;
	}
	return started;
}

int dtbind_pool_run(struct dtbind_diag *diag, size_t n, unsigned jobs, dtbind_pool_fn fn,
		    void *user)
{
	if (jobs < 2 || n < 2)
		return run_serial(diag, n, fn, user);
	if (jobs > n)
		jobs = (unsigned)n;
	struct worker *wk = calloc(jobs, sizeof(*wk));
	struct item *items = calloc(n, sizeof(*items));
	struct pollfd *pf = calloc(jobs, sizeof(*pf));
	unsigned started = wk && items && pf ? start_workers(diag, n, jobs, fn, user, wk) : 0;
	int status = 0;
	size_t next = 0;

	if (!wk || !items || !pf) {
		free(wk);
		free(items);
		free(pf);
		return run_serial(diag, n, fn, user);
	}
	for (unsigned live = started; live;) {
		for (unsigned w = 0; w < started; w++)
			pf[w] = (struct pollfd){ .fd = wk[w].fd, .events = POLLIN };
		if (poll(pf, started, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (unsigned w = 0; w < started; w++) {
			char buf[65536];
			ssize_t r;

			if (wk[w].fd < 0 || !(pf[w].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = read(wk[w].fd, buf, sizeof(buf));
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				close(wk[w].fd);
				wk[w].fd = -1;
				live--;
				continue;
			}
			sb_putn(&wk[w].in, buf, (size_t)r);
			take_frames(&wk[w], items, n);
		}
		status = worse(status, replay_ready(diag, items, n, &next));
	}
	for (unsigned w = 0; w < started; w++) {
		int ws;

		if (wk[w].fd >= 0)
			close(wk[w].fd);
		if (waitpid(wk[w].pid, &ws, 0) < 0 || !WIFEXITED(ws))
			status = 2;
		else
			status = worse(status, WEXITSTATUS(ws));
		sb_free(&wk[w].in);
	}
	/* Items of workers that never started run here, in order; a dead worker's are lost. */
	while (next < n) {
		if (items[next].done) {
			status = worse(status, replay_ready(diag, items, n, &next));
			continue;
		}
		if (next % jobs < started) {
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ 0 }, "io",
					   "a worker process died before item %zu was done", next);
			status = 2;
		} else {
			status = worse(status, fn(user, next, diag));
		}
		next++;
	}
	free(items);
	free(wk);
	free(pf);
	return status;
}
