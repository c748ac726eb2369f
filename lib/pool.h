/* SPDX-License-Identifier: BSD-2-Clause */
/* pool.h - a pool of forked workers whose findings come back to the parent's sink. */
#ifndef DTBIND_POOL_H
#define DTBIND_POOL_H

#include <stddef.h>

#include "dtbind.h"

/* One item of work: report to @diag, return an exit status (0, 1 or 2). */
typedef int (*dtbind_pool_fn)(void *user, size_t item, struct dtbind_diag *diag);

/**
 * dtbind_pool_run() - run @fn on items 0..@n-1 in @jobs forked workers
 * @diag: the sink; workers report to their copy of it (with its -W and
 *        -Werror), their findings come back over a pipe as records and are
 *        replayed into @diag in item order, so that the output, the counts
 *        and the format do not depend on @jobs
 * @jobs: worker processes (state built before the call is shared copy on write)
 *
 * Returns the worst status of the items; 2 for an item whose worker died
 * (reported as an io finding).  With @jobs < 2, or when fork fails, the
 * items run in this process.
 */
int dtbind_pool_run(struct dtbind_diag *diag, size_t n, unsigned jobs, dtbind_pool_fn fn,
		    void *user);

#endif
