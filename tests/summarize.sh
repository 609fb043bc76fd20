#!/bin/sh
# Print one line per test from TAP files and the closing line
# "N passed, N failed".  Exit status 1 when a test failed or none ran.
# A skipped test counts as failed: a scenario that cannot run must not
# look like a pass.
#
# usage: summarize.sh TAP_FILE...
awk '
/^ok / && !/# *(SKIP|TODO)/ {
	sub(/^ok [0-9]* *- */, ""); print "PASS " $0; pass++; next
}
/^(not )?ok / {
	sub(/^(not )?ok [0-9]* *- */, ""); print "FAIL " $0; fail++; next
}
/^#   / { print; next }
END {
	printf "%d passed, %d failed\n", pass, fail
	exit (fail > 0 || pass == 0)
}' "$@"
