# SPDX-License-Identifier: BSD-2-Clause
# shellcheck shell=sh disable=SC2034  # B, SECS and HARNESSES are for the sourcing script
# Sourced by run.sh and speed.sh: their arguments and the libFuzzer options of each harness.

# fuzz_setup BUILD SECONDS [HARNESS...]: sets B, SECS and HARNESSES, makes
# the seeds when missing, and points the harnesses at the kernel's headers
# for the seeds' #includes (fuzz.c) when the 6.12 tree is there.
fuzz_setup() {
	[ $# -ge 2 ] || { echo "usage: $0 BUILD SECONDS [HARNESS...]" >&2; return 2; }
	B=$1
	SECS=$2
	shift 2
	HARNESSES=${*:-yaml jsonschema dts fdt examples doc2yaml boards patch cache}
	# Made again when what makes them changed: stale seeds of an older cache
	# format, cut at -max_len, left the cache harness at a third of its edges.
	if [ ! -d "$B/seeds" ] ||
		[ -n "$(find "$HERE/seeds.sh" "$B/fuzz/cache_seed" -newer "$B/seeds" 2>/dev/null)" ]; then
		sh "$HERE/seeds.sh" "$B" >/dev/null || return 2
	fi
	k=$(sh "${SHARED:-../shared}/corpus.sh" 6.12 2>/dev/null | tail -n 1) || k=
	if [ -d "$k" ]; then
		DTBIND_FUZZ_KERNEL=$k
		export DTBIND_FUZZ_KERNEL
	fi
}

# fuzz_dict HERE HARNESS: the harness's dictionary (the ones it wants, joined).
fuzz_dict() {
	case $2 in
	yaml|cache) set -- "$1" yaml ;;
	jsonschema) set -- "$1" jsonschema yaml ;;
	dts|fdt|boards) set -- "$1" dts ;;
	examples) set -- "$1" yaml dts ;;
	doc2yaml) set -- "$1" doc2yaml ;;
	patch) set -- "$1" patch ;;
	esac
	d=$1
	shift
	for n in "$@"; do cat "$d/$n.dict"; done
}

# fuzz_options HARNESS: its other options.  -max_len bounds what the
# mutations grow to (libFuzzer's default is the largest seed): the slow
# harnesses spend their time in whole-input work (a board validated, headers
# preprocessed, every cache record decoded), so inputs past what their code
# paths need only slow them down.  Seeds longer than it are cut at it.
fuzz_options() {
	case $1 in
	dts|boards) echo -max_len=8192 ;;
	patch|examples|fdt) echo -max_len=16384 ;;
	cache) echo -max_len=98304 ;;
	esac
}
