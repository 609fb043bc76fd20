#!/bin/sh
# auth-unix-bench.sh - the instructions that choosing the 16 groups of
# AUTH_UNIX costs per call: groups_sticky_first() of a patched kernel
# tree, built in user space (auth_unix_bench.c), against mainline's
# first 16 of the sorted list, counted by callgrind.  A benchmark, never
# a test: the exit status is non-zero only if it could not run.
#
# usage: auth-unix-bench.sh TREE OUTDIR
set -eu

tree=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
calls=10

sh "$here/../unit/extract-sticky-first.sh" "$tree" "$out" "$here/auth_unix_bench.c"

# instructions FUNCTION SCENARIO: per call, over $calls calls
instructions() {
	n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		--collect-atstart=no --toggle-collect="$1" \
		"$out/auth_unix_bench" "$2" $calls 2>&1 |
		sed -n 's/.*Collected : //p')
	[ -n "$n" ] || { echo "auth-unix-bench.sh: callgrind failed on $1 $2" >&2; exit 1; }
	echo $((n / calls))
}

echo "# AUTH_UNIX: instructions per call to choose the 16 groups sent ($(basename "$tree"))"
printf '# %-11s %12s %12s\n' scenario stock patched
for s in few many-allow many; do
	stock=$(instructions choose_stock $s)
	patched=$(instructions groups_sticky_first $s)
	printf '# %-11s %12s %12s\n' $s $stock $patched
	echo "BENCH auth_unix scenario=$s stock=$stock patched=$patched unit=instructions"
done
echo "# few: 8 groups; many: 65536 groups, two nested shadow namespaces mapping all"
echo "# but two of them; many-allow: the same groups, no namespace in shadow mode"
