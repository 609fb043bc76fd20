#!/bin/sh
# The kselftest of the series as a 32-bit program: also setgroups16(2)
# and getgroups16(2).
. "$TESTS/kselftest-lib.sh"
run_kselftest sticky_groups/sticky_groups_test_32
