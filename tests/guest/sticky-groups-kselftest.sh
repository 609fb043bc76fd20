#!/bin/sh
# The kselftest of the series, 64-bit.
. "$TESTS/kselftest-lib.sh"
run_kselftest sticky_groups/sticky_groups_test
