#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Rebuild tests/lsp/tree/: a small kernel tree cut from Linux 6.12 (the
# corpus of ../shared, /work/shared/corpus.sh), so that the LSP tests run
# where the kernel sources are absent.  Every file is a whole, unchanged
# copy of the kernel's; the tree keeps the kernel's layout (bindings, the
# dtc include prefix, one board and its .dtsi).
#
# Usage: tests/lsp/make-fixtures.sh KERNEL_6.12_ROOT
set -eu
K=${1:?usage: make-fixtures.sh KERNEL_ROOT}
T=$(dirname "$0")/tree
rm -rf "$T"
B=Documentation/devicetree/bindings
for f in $B/Makefile $B/arm/bitmain.yaml $B/serial/snps-dw-apb-uart.yaml $B/serial/serial.yaml \
	$B/serial/rs485.yaml $B/serial/serial-peripheral-props.yaml \
	$B/gpio/snps,dw-apb-gpio.yaml \
	arch/arm64/boot/dts/bitmain/bm1880-sophon-edge.dts arch/arm64/boot/dts/bitmain/bm1880.dtsi \
	include/dt-bindings/clock/bm1880-clock.h include/dt-bindings/interrupt-controller/arm-gic.h \
	include/dt-bindings/interrupt-controller/irq.h include/dt-bindings/reset/bitmain,bm1880-reset.h \
	include/dt-bindings/gpio/gpio.h; do
	mkdir -p "$T/$(dirname "$f")"
	cp "$K/$f" "$T/$f"
done
mkdir -p "$T/scripts/dtc/include-prefixes"
ln -s ../../../include/dt-bindings "$T/scripts/dtc/include-prefixes/dt-bindings"
