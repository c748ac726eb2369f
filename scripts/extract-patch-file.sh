#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Print one whole file out of a patch or mbox.
#
# Usage: scripts/extract-patch-file.sh [--old|--new] PATCH PATH
#        scripts/extract-patch-file.sh --list PATCH
#
# PATCH is a git-format-patch file, a raw mail or an mbox (possibly with the
# same message more than once: the first diff of PATH wins).  PATH is the path
# as it appears in the diff (without a/ or b/), or a trailing part of it that
# starts at a '/' boundary, e.g. "arm/cpus.txt".
#
# By default prints the new side of a file the patch creates and the old side
# of a file it deletes.  A modified file only holds the changed hunks, so it
# cannot be reconstructed whole and is refused.  --old / --new force a side
# (the file must then be entirely inside its hunks).  --list prints
# "STATUS PATH" (A added, D deleted, M modified) for each distinct file.
#
# Hunks are read by their line counts, so content lines that look like diff
# headers ("--- x", "diff --git") are handled.  A line-ending "\ No newline at
# end of file" marker is honoured.  Exit: 0 ok, 1 not found / not whole,
# 2 usage or malformed patch.  Needs only POSIX sh and awk.

set -eu

me=extract-patch-file.sh
side=auto
case ${1-} in
--old)	side=old; shift ;;
--new)	side=new; shift ;;
--list)	side=list; shift ;;
esac

if [ "$side" = list ]; then
	[ $# -eq 1 ] || { echo "usage: $me --list PATCH" >&2; exit 2; }
	want=
else
	[ $# -eq 2 ] || { echo "usage: $me [--old|--new] PATCH PATH | --list PATCH" >&2; exit 2; }
	want=$2
fi
[ -r "$1" ] || { echo "$me: cannot read '$1'" >&2; exit 2; }

exec awk -v side="$side" -v want="$want" -v me="$me" '
function strip(p) {
	sub(/\t.*$/, "", p)		# "--- a/x\t2018-10-05 ..." (non-git diffs)
	if (p != "/dev/null")
		sub(/^[ab]\//, "", p)
	return p
}
function matches(p) {
	if (p == want)
		return 1
	return length(p) > length(want) && substr(p, length(p) - length(want)) == "/" want
}
# Buffer the output: nothing is printed unless the whole file was found.
function emit(s) {
	out[++nout] = s
}
# A file header is "--- OLD" then "+++ NEW" outside any hunk.
function begin_file(oldp, newp,    name, st) {
	name = (newp != "/dev/null") ? newp : oldp
	st = (oldp == "/dev/null") ? "A" : (newp == "/dev/null") ? "D" : "M"
	if (side == "list") {
		if (!(name in seen)) {
			seen[name] = 1
			print st " " name
		}
		return
	}
	if (!matches(name))
		return
	if (side == "auto") {
		if (st == "M") {
			print me ": " name ": modified, not whole in the patch (use --old/--new if it is)" > "/dev/stderr"
			exit_code = 1
			exit
		}
		use = (st == "A") ? "new" : "old"
	} else {
		use = side
	}
	found = name
	active = 1
}
BEGIN {
	exit_code = 0
	in_hunk = 0		# remaining old/new lines of the current hunk
}
{
	sub(/\r$/, "")
}
in_hunk {
	c = substr($0, 1, 1)
	if ($0 == "") {
		# A mail client ate the leading space of an empty line.
		if (orem > 0 && nrem > 0) c = " "
		else if (nrem > 0) c = "+"
		else c = "-"
		line = ""
	} else {
		line = substr($0, 2)
	}
	if (c == " ") { orem--; nrem--; mine = 1 }
	else if (c == "-") { orem--; mine = (use == "old") }
	else if (c == "+") { nrem--; mine = (use == "new") }
	else if (c == "\\") {
		# "\ No newline at end of file" in the middle of a hunk.
		if (last_mine)
			no_eol = 1
		last_mine = 0
		next
	}
	else {
		print me ": malformed hunk at line " NR ": " $0 > "/dev/stderr"
		exit_code = 2
		exit
	}
	if (active && mine)
		emit(line)
	last_mine = active && mine
	if (orem < 0 || nrem < 0) {
		print me ": hunk longer than its header at line " NR > "/dev/stderr"
		exit_code = 2
		exit
	}
	if (orem == 0 && nrem == 0)
		in_hunk = 0
	next
}
# "\ No newline at end of file" right after the last line of a hunk.
/^\\ / {
	if (last_mine)
		no_eol = 1
	last_mine = 0
	next
}
{
	last_mine = 0
}
/^@@ -[0-9]+(,[0-9]+)? \+[0-9]+(,[0-9]+)? @@/ && have_hdr {
	h = $0
	sub(/^@@ -/, "", h)
	split(h, a, " ")
	o = a[1]; n = a[2]; sub(/^\+/, "", n)
	orem = (o ~ /,/) ? substr(o, index(o, ",") + 1) + 0 : 1
	nrem = (n ~ /,/) ? substr(n, index(n, ",") + 1) + 0 : 1
	ostart = o + 0
	nstart = n + 0
	if (active) {
		# Whole-file extraction: hunks must tile the file from line 1.
		s = (use == "old") ? ostart : nstart
		cnt = (use == "old") ? orem : nrem
		if (cnt > 0 && s != next_line) {
			print me ": " found ": hunk starts at line " s ", expected " next_line " (not the whole file)" > "/dev/stderr"
			exit_code = 1
			exit
		}
		next_line = s + cnt
	}
	in_hunk = (orem > 0 || nrem > 0)
	next
}
# Anything else ends the current file; once ours is done, stop (mbox dups).
active && hunks_seen {
	done = 1
	exit
}
/^--- / {
	pending_old = strip(substr($0, 5))
	have_minus = 1
	next
}
/^\+\+\+ / && have_minus {
	have_minus = 0
	begin_file(pending_old, strip(substr($0, 5)))
	have_hdr = 1
	if (active) {
		hunks_seen = 1
		next_line = 1
	}
	next
}
{
	have_minus = 0
	have_hdr = 0		# "@@" only counts right after a header or a hunk
}
END {
	if (exit_code)
		exit exit_code
	if (side == "list")
		exit 0
	if (!found) {
		print me ": " want ": not found in the patch" > "/dev/stderr"
		exit 1
	}
	if (in_hunk) {
		print me ": " found ": patch ends inside a hunk" > "/dev/stderr"
		exit 2
	}
	for (i = 1; i < nout; i++)
		printf "%s\n", out[i]
	if (nout)
		printf "%s%s", out[nout], (no_eol ? "" : "\n")
}
' "$1"
