/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * yamllint.h - the yamllint layout rules the kernel's dt_binding_check runs,
 * on libyaml's token scanner.  Internal to libdtbind.
 *
 * Findings use yamllint's rule names, wording and 1-based line:col, so
 * `file:line:col: error: too many spaces inside brackets [brackets]` is what
 * `yamllint -f parsable` prints as `file:line:col: [error] too many spaces
 * inside brackets (brackets)`.
 */
#ifndef DTBIND_YAMLLINT_H
#define DTBIND_YAMLLINT_H

#include "dtbind.h"

struct yamllint_config;

/*
 * Which yamllint a configuration behaves as.  1.29 (Debian 12's) is what
 * dt-schema 2022.08's era ran; 1.38 is what kernels 6.12+ run.  1.38 knows the
 * `anchors` rule (on in `default`), new options (quoted-strings check-keys and
 * quote-type consistent, empty-values forbid-in-block-sequences, ...), and
 * quoted-strings that knows `,[]{}` need quotes inside a flow collection.
 * tests/yamllint/README.md lists every difference.
 */
enum yamllint_release { YAMLLINT_1_29, YAMLLINT_1_38 };

/**
 * yamllint_config_load() - read a .yamllint configuration
 * @path: the file (YAML), or NULL for the kernel's configuration built in
 *        (Documentation/devicetree/bindings/.yamllint of Linux 6.1:
 *        `extends: relaxed` plus its overrides)
 * @diag: where errors in the configuration go, located
 * @out: the configuration; caller frees with yamllint_config_free()
 *
 * Understands what yamllint does: `extends: default|relaxed|FILE`, `rules:`
 * with `enable`, `disable` or a map of options plus `level: error|warning`.
 * A rule neither in the file nor in what it extends is off.  `ignore` keys
 * are accepted and reported as unsupported (the caller picks the files).
 *
 * Returns 0, -DTBIND_EIO, -DTBIND_EPARSE, -DTBIND_EINVAL (a bad rule or
 * option, reported like yamllint's "invalid config: ..."), -DTBIND_ELIMIT
 * (extends nested too deep) or -DTBIND_ENOMEM.
 */
int yamllint_config_load(const char *path, struct dtbind_diag *diag,
			 struct yamllint_config **out);

/* Same from memory; @name is used in locations; @buf need not be NUL-terminated. */
int yamllint_config_load_string(const char *name, const char *buf, size_t len,
				struct dtbind_diag *diag, struct yamllint_config **out);

/*
 * The same as @release: options and rules that release does not know are
 * configuration errors, as they are in that yamllint.  The two above are 1.29.
 */
int yamllint_config_load_release(const char *path, enum yamllint_release release,
				 struct dtbind_diag *diag, struct yamllint_config **out);
int yamllint_config_load_string_release(const char *name, const char *buf, size_t len,
					enum yamllint_release release, struct dtbind_diag *diag,
					struct yamllint_config **out);

enum yamllint_release yamllint_config_release(const struct yamllint_config *cfg);

void yamllint_config_free(struct yamllint_config *cfg);

/**
 * yamllint_check() - check the text of one file
 * @cfg: the configuration
 * @path: the file name used in findings (borrowed)
 * @buf: its contents, UTF-8 (need not be NUL-terminated)
 * @len: bytes in @buf
 * @diag: where findings go: `path:line:col: warning|error: MESSAGE [RULE]`
 *
 * A YAML syntax error is one finding of rule "syntax", "syntax error: ..."
 * in PyYAML's wording, placed among the others as yamllint places it.
 * `# yamllint disable...` comments work as in yamllint.
 *
 * Returns the number of findings reported, or -DTBIND_ENOMEM.
 */
int yamllint_check(const struct yamllint_config *cfg, const char *path, const char *buf,
		   size_t len, struct dtbind_diag *diag);

#endif /* DTBIND_YAMLLINT_H */
