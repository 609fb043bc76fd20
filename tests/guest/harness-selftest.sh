#!/bin/sh
# Checks of the test harness itself: each test is its own process with a
# clean environment, the tests disk is read-only and /tmp writable.  With
# TESTS_SELFTEST_FAIL=1 it fails on purpose, to show that a failure reaches
# the summary; with TESTS_SELFTEST_FAIL=hang it overruns its time limit.
. "$TESTS/lib.sh"
set -u

case $TESTS_SELFTEST_FAIL in
1)	fail "failing on purpose (TESTS_SELFTEST_FAIL=1)" ;;
hang)	echo "hanging on purpose (TESTS_SELFTEST_FAIL=hang)"; sleep 100000 ;;
esac

step "not PID 1, no inherited variables"
[ $$ -ne 1 ] || fail "the test runs as PID 1"
[ -z "${GUEST_RUN_LEAK:-}" ] || fail "the environment leaks into tests"
step "tests disk read-only, /tmp writable"
if touch "$TESTS/.probe" 2>/dev/null; then
	fail "the tests disk is writable"
fi
echo probe >/tmp/probe && rm /tmp/probe || fail "/tmp is not writable"
echo "ok"
