#!/bin/sh
# Build what a kernel series changes as the kernel's build robots build
# it: for each configuration, every C file the series touches, compiled
# with W=1 and sparse (C=1), first on the unpatched tree, then on the
# patched one.  A file that builds unpatched must build patched, and the
# patched build may add no warning.  Prints one TAP line a configuration.
#
# usage: build-matrix.sh REPO REV OUTDIR [CONFIG...]
#
#   REPO    git repository of a kernel source whose tag "pristine" is the
#           unpatched tree (kernel/unpack-source.sh makes one)
#   REV     the commit of REPO with the series applied
#   OUTDIR  its work tree (OUTDIR/src), build folders and logs
#   CONFIG  ARCH:TARGET[+SYMBOL...]: a configuration target of ARCH, with
#           the symbols set to y (default: the set below)
#
# Environment: CC (default gcc; "ccache gcc" keeps rebuilds fast), JOBS,
# SPARSE (default sparse: a sparse the tree's C=1 accepts; a tree that
# finds it too old fails here, as C=1 would otherwise check nothing).
#
# Only the files the series changes are compiled, in every configuration,
# whatever the configuration builds: a file that the unpatched tree does
# not build in a configuration (kernel/user_namespace.c without
# USER_NS) is left out there, and said so.  CONFIG_WERROR is turned off,
# so that W=1 reports warnings instead of stopping at the first one.
# Warnings are compared without their line numbers, which the series
# moves.  modpost needs a whole kernel: the guest kernel of make check,
# which builds SUNRPC and the NFS client and server as modules, runs it.
set -eu

repo=$(cd "$1" && pwd)
rev=$2
out=$3
shift 3
[ $# -gt 0 ] || set -- \
	x86_64:x86_64_defconfig \
	x86_64:x86_64_defconfig+USER_NS \
	x86_64:tinyconfig \
	x86_64:allnoconfig \
	x86_64:allmodconfig \
	i386:i386_defconfig+USER_NS
cc=${CC:-gcc}
sparse=${SPARSE:-sparse}
jobs=${JOBS:-$(nproc)}

mkdir -p "$out"
out=$(cd "$out" && pwd)
src=$out/src
if ! git -C "$src" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	rm -rf "$src"
	git -C "$repo" worktree prune
	git -C "$repo" worktree add -q --detach "$src" pristine
fi
rev=$(git -C "$repo" rev-parse --verify "$rev^{commit}")

# The C files the series changes, as objects; not its selftests.
objs=$(git -C "$repo" diff --name-only pristine "$rev" -- '*.c' ':!tools' |
	sed 's/\.c$/.o/')
[ -n "$objs" ] || { echo "build-matrix.sh: $rev changes no C file" >&2; exit 1; }

# "file: message" of each warning or error of a build log, sorted
warnings() {
	sed -En "s|^$src/||; s/^([^: ]*):[0-9]+:[0-9]+: (warning|error): /\1: \2: /p" "$1" |
		sort
}

kmake() {
	make -C "$src" O="$build" ARCH="$arch" CC="$cc" CHECK="$sparse" "$@"
}

n=0 failed=0
for config; do
	n=$((n + 1))
	arch=${config%%:*}
	target=${config#*:}
	target=${target%%+*}
	syms=$(echo "${config#*:}+" | cut -d+ -f2- | tr + ' ')
	name=$(echo "$config" | tr ':+' '-_')
	build=$out/$name
	log=$out/$name.log
	: >"$log"

	git -C "$src" checkout -q --detach pristine
	mkdir -p "$build"
	kmake -s "$target" >>"$log" 2>&1
	for sym in $syms WERROR; do
		if [ "$sym" = WERROR ]; then
			"$src/scripts/config" --file "$build/.config" --disable WERROR
		else
			"$src/scripts/config" --file "$build/.config" --enable "$sym"
		fi
	done
	kmake -s olddefconfig >>"$log" 2>&1
	for sym in $syms; do
		grep -qx "CONFIG_$sym=y" "$build/.config" || {
			echo "not ok $n - $name # CONFIG_$sym=y did not hold"
			failed=$((failed + 1))
			continue 2
		}
	done

	# Unpatched: which files build in this configuration, and how
	(cd "$build" && rm -f $objs)
	kmake -k -j"$jobs" W=1 C=1 $objs >"$out/$name.stock.log" 2>&1 || true
	built= skipped=
	for o in $objs; do
		if [ -f "$build/$o" ]; then built="$built $o"; else skipped="$skipped $o"; fi
	done

	# Patched: the same files
	git -C "$src" checkout -q --detach "$rev"
	(cd "$build" && rm -f $objs)
	kmake -k -j"$jobs" W=1 C=1 $built >"$out/$name.patched.log" 2>&1 || true
	missing=
	for o in $built; do
		[ -f "$build/$o" ] || missing="$missing $o"
	done
	if grep -q 'C=1 specified, but sparse is not available' \
			"$out/$name.stock.log" "$out/$name.patched.log"; then
		echo "not ok $n - $name # $sparse is too old for this tree: C=1 checked nothing"
		failed=$((failed + 1))
		continue
	fi
	warnings "$out/$name.stock.log" >"$out/$name.stock.warnings"
	warnings "$out/$name.patched.log" >"$out/$name.patched.warnings"
	# Each warning at most as often as unpatched
	new=$(comm -13 "$out/$name.stock.warnings" "$out/$name.patched.warnings")

	echo "$config: built:$built; not built unpatched either:${skipped:- none}" >>"$log"
	if [ -n "$missing" ] || [ -n "$new" ]; then
		echo "not ok $n - $name # $(echo $built | wc -w) files, new warnings or errors (log: $out/$name.patched.log)"
		[ -z "$missing" ] || echo "#   does not build patched:$missing"
		echo "$new" | sed '/^$/d; s/^/#   /'
		failed=$((failed + 1))
	else
		echo "ok $n - $name # $(echo $built | wc -w) files built with W=1 C=1, no new warning$( [ -z "$skipped" ] || echo ";$skipped not built here")"
	fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
