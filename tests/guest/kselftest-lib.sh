# Run a kselftest binary of the series (sourced, not run).  A kselftest
# skips what the kernel lacks, as upstream wants; here a skip is a
# failure: the guest kernel must have everything the tests need.
. "$TESTS/lib.sh"

# run_kselftest PATH: run the binary under $TESTS/kselftest, fail on any
# failure or skip.
run_kselftest() {
	bin=$TESTS/kselftest/$1
	[ -x "$bin" ] || fail "$bin is missing: the kselftest was not built"
	need_two_cpus
	out=$("$bin" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	skipped=$(printf '%s\n' "$out" | grep -c '^ok [0-9].* # SKIP')
	[ "$skipped" -eq 0 ] || fail "$skipped tests skipped"
	printf '%s\n' "$out" | grep -q '^# Totals: pass:[1-9][0-9]* fail:0 ' ||
		fail "no passing Totals line"
	[ "$rc" -eq 0 ] || fail "exit status $rc"
	echo "all tests ran and passed"
}
