/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef _DT_BINDINGS_CLOCK_ACME_CLK_H
#define _DT_BINDINGS_CLOCK_ACME_CLK_H

#define ACME_CLK_WIDGET		1
#define ACME_CLK_GIZMO		2

#endif
