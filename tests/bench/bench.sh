#!/bin/sh
# bench.sh - the guest side of "make bench", run as one guest test.
#
# Runs sticky_bench (next to this script), then, on a kernel with the
# setgroups "shadow" mode, newgidmap-bench.sh against the stock newgidmap
# that make bench puts next to it in stock-uidmap/.  Their BENCH lines go to
# the console, where the host picks them up (report.sh also reads a
# whole console.log and skips what is not a BENCH line):
#   tr -d '\r' <console.log | grep -a '^BENCH' >results
# Timings are a benchmark, never a test: the exit status is non-zero only
# if a benchmark could not run at all (missing binary, failed setup, an
# operation that fails), never because of a number.
set -u
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/bench.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
rc=0
start=$(date +%s)
echo "# bench.sh: kernel $(uname -r), flavour ${GUEST_FLAVOUR:-?}, uidmap $(dpkg-query -W -f '${Version}' uidmap 2>/dev/null || echo ?)"

if [ -x "$here/sticky_bench" ]; then
	# Streamed to the console as it comes, and kept to look at below
	{ "$here/sticky_bench" ${BENCH_SAMPLES:+-s "$BENCH_SAMPLES"}; echo $? >"$tmp/rc"; } | tee "$tmp/out"
	st=$(cat "$tmp/rc")
	if [ "$st" -ne 0 ]; then
		echo "bench.sh: FAIL: sticky_bench exit status $st"
		rc=1
	fi
else
	echo "bench.sh: FAIL: $here/sticky_bench is missing"
	rc=1
fi

# newgidmap is compared, patched against stock, on the patched kernel
# only: on a stock kernel the patched newgidmap refuses when the policy
# applies, by design, and the stock guest need not have it.
if grep -q 'shadow=unsupported' "$tmp/out" 2>/dev/null; then
	echo "# bench.sh: no setgroups shadow mode in this kernel: newgidmap-bench.sh skipped"
else
	sh "$here/newgidmap-bench.sh" "$here/stock-uidmap/newgidmap" || {
		echo "bench.sh: FAIL: newgidmap-bench.sh exit status $?"
		rc=1
	}
fi

echo "# bench.sh: done in $(( $(date +%s) - start )) s, exit status $rc"
exit $rc
