/* SPDX-License-Identifier: BSD-2-Clause */
/* Test stand-in for the kernel header: only what the test examples use. */
#define USBD_GATE 77
