#!/bin/sh
# Build a user-space program around the AUTH_UNIX order of a patched
# kernel tree: the walk of include/linux/user_namespace.h and
# kernel/user_namespace.c and groups_sticky_first() of kernel/groups.c,
# each function as the tree has it, taken out into OUTDIR/extracted.c,
# which MAIN.c includes after the stand-ins of sticky_first_replay.h.
# Used by the replay test (sticky_first_replay.c) and the AUTH_UNIX
# benchmark (../bench/auth_unix_bench.c).
#
# usage: extract-sticky-first.sh TREE OUTDIR MAIN.c
#        (the program is OUTDIR/MAIN, without .c)
set -eu

tree=$1
out=$2
main=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"

# The definition of NAME in FILE: from its first line to the closing
# brace at the start of a line ("}" of a function, "};" of a struct).
definition() {
	awk -v name="$2" '
		!found && ($0 ~ "^(static |inline |noinline )*[a-z0-9_ ]+[ *]" name "\\(" ||
			   $0 ~ "^struct " name " \\{") { found = 1 }
		found { print }
		found && /^}/ { exit }
	' "$1"
}

extracted=$out/extracted.c
{
	echo "/* From $tree; made by $(basename "$0") */"
	grep '^#define USERNS_SETGROUPS_' "$tree/include/linux/user_namespace.h"
	definition "$tree/include/linux/user_namespace.h" userns_gid_walk
	for f in userns_setgroups_shadow userns_setgroups_keep_all \
		 userns_gid_walk_id userns_gid_walk_mapped; do
		definition "$tree/include/linux/user_namespace.h" $f
	done
	definition "$tree/kernel/user_namespace.c" userns_gid_walk_start
	# groups_lower_bound() and groups_next_unmapped() where the tree
	# has them (v4 has neither before groups_sticky_first())
	for f in groups_lower_bound groups_next_unmapped groups_sticky_first; do
		definition "$tree/kernel/groups.c" $f
	done
} >"$extracted"
for f in userns_gid_walk_start groups_sticky_first userns_setgroups_keep_all; do
	grep -q "$f(" "$extracted" || {
		echo "extract-sticky-first.sh: no $f() in $tree" >&2
		exit 1
	}
done
${CC:-cc} -Wall -Wno-unused-function -g -O2 -I"$here" -I"$out" \
	-o "$out/$(basename "$main" .c)" "$main"
