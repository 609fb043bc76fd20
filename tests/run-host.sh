#!/bin/sh
# Run a host-side TAP test program and normalise its output for
# summarize.sh: test names get a prefix, and a crash, a non-zero exit
# status or a count that does not match the plan is a failed test too.
#
# usage: run-host.sh PREFIX PROGRAM [ARG...] >OUT.tap
prefix=$1
shift

out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out" | grep -Ev '^(not )?ok ' | sed 's/^/# /' >&2
printf '%s\n' "$out" | sed -n -E "s|^(not )?ok [0-9]+ -? *|&$prefix/|p"

plan=$(printf '%s\n' "$out" | sed -n -E 's/^1\.\.([0-9]+).*/\1/p' | head -n 1)
ran=$(printf '%s\n' "$out" | grep -cE '^(not )?ok ')
if [ -z "$plan" ] || [ "$plan" -ne "$ran" ]; then
	echo "not ok - $prefix/plan # planned ${plan:-nothing}, ran $ran"
fi
if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok '; then
	echo "not ok - $prefix/exit # exit status $rc without a failed test"
fi
exit 0
