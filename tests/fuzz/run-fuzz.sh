#!/bin/sh
# Run a libFuzzer harness for a bounded time on a copy of its seed corpus.
#
# usage: run-fuzz.sh FUZZER_BINARY CORPUS_DIR SECONDS WORKDIR
#
# The seeds in CORPUS_DIR are copied to WORKDIR/corpus, which the fuzzer
# grows (CORPUS_DIR itself is never written).  The output of the fuzzer is
# WORKDIR/fuzz.log; a crashing, leaking or hanging input is saved as
# WORKDIR/crash-*, leak-*, timeout-* or oom-*.  Prints one summary line,
# and exits non-zero on any crash or sanitizer report, or if the fuzzer
# did not finish its run.
set -u

if [ $# -ne 4 ]; then
	echo "usage: $0 FUZZER_BINARY CORPUS_DIR SECONDS WORKDIR" >&2
	exit 2
fi
fuzzer=$1
seeds=$2
seconds=$3
work=$4
name=$(basename "$fuzzer")

[ -x "$fuzzer" ] || { echo "run-fuzz: $fuzzer is not an executable" >&2; exit 2; }
[ -d "$seeds" ] || { echo "run-fuzz: $seeds is not a directory" >&2; exit 2; }
case $seconds in
''|*[!0-9]*) echo "run-fuzz: SECONDS must be a number, not '$seconds'" >&2; exit 2 ;;
esac

# A fresh work corpus each time: the run starts from the seeds alone, so
# its numbers do not depend on earlier runs.
rm -rf "$work/corpus"
mkdir -p "$work/corpus" || exit 2
rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* \
	"$work/fuzz.log"
cp "$seeds"/* "$work/corpus/" || exit 2
nseeds=$(ls "$work/corpus" | wc -l)

# Undefined behaviour must stop the run like a memory error does; leaks
# are reported (LeakSanitizer is on by default with ASan on Linux).
ASAN_OPTIONS="detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS UBSAN_OPTIONS

rc=0
"$fuzzer" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
	-print_final_stats=1 -artifact_prefix="$work/" \
	"$work/corpus" >"$work/fuzz.log" 2>&1 || rc=$?

runs=$(sed -n 's/^Done \([0-9][0-9]*\) runs in .*/\1/p' "$work/fuzz.log" | tail -n 1)
ncorpus=$(ls "$work/corpus" | wc -l)
artifacts=$(ls "$work" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' || true)
reports=$(grep -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY: (Address|Leak|Undefined)|negative_groups_fuzz: ' \
	"$work/fuzz.log" | head -n 5 || true)

if [ "$rc" -ne 0 ] || [ -n "$artifacts" ] || [ -n "$reports" ] || [ -z "$runs" ]; then
	echo "run-fuzz: $name FAILED: exit status $rc, ${runs:-no final} runs, corpus $ncorpus files; see $work/fuzz.log"
	[ -n "$reports" ] && echo "$reports" | sed 's/^/run-fuzz:   /'
	for a in $artifacts; do
		echo "run-fuzz:   input saved as $work/$a"
	done
	exit 1
fi
echo "run-fuzz: $name: $runs executions in ${seconds}s, corpus $ncorpus files (from $nseeds seeds), no crash"
