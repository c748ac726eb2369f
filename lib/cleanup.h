/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cleanup.h - temporary files and trees removed when a signal (SIGINT,
 * SIGTERM, SIGHUP, SIGPIPE) stops the process, as they are on a normal
 * exit: an interrupted run leaves nothing behind.
 */
#ifndef DTBIND_CLEANUP_H
#define DTBIND_CLEANUP_H

/*
 * Remove @path (a file, or a directory and everything under it) if a
 * signal stops the process before cleanup_forget(@path).  The first call
 * installs the handlers (not over a signal that is ignored).  Returns 0,
 * or -DTBIND_ENOMEM / -DTBIND_ELIMIT (too many at once): the path is then
 * only removed on the normal path.
 */
int cleanup_on_signal(const char *path);
/*
 * mkstemp() and mkdtemp() whose result is registered at once, with signals
 * blocked in between: no moment when it exists unregistered.
 */
int cleanup_mkstemp(char *tmpl);
char *cleanup_mkdtemp(char *tmpl);
/* The caller has removed @path itself (or kept it): no longer the handler's. */
void cleanup_forget(const char *path);

#endif
