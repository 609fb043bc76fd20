#!/bin/sh
# Fuzz the writes of /proc/PID/setgroups and the id maps and the arguments
# of setgroups(2) and getgroups(2) in fresh user namespaces, against a
# model of the setgroups modes (stress/setgroups_fuzz).
#
# Settings, passed from make through the environment:
#   FUZZ_SEED=N     the seed (default: the time); a failure names it
#   FUZZ_STEPS=N    steps in all (default 20000, about a minute under TCG)
. "$TESTS/lib.sh"
set -u

: "${FUZZ_SEED:=$(date +%s)}"
: "${FUZZ_STEPS:=20000}"
for v in "$FUZZ_SEED" "$FUZZ_STEPS"; do
	case $v in
	''|*[!0-9]*) fail "FUZZ_SEED and FUZZ_STEPS must be numbers, not '$v'" ;;
	esac
done

fuzz=$TESTS/stress/setgroups_fuzz
[ -x "$fuzz" ] || fail "$fuzz is missing"

step "setgroups_fuzz: seed $FUZZ_SEED, $FUZZ_STEPS steps"
start=$(date +%s)
"$fuzz" "$FUZZ_SEED" "$FUZZ_STEPS"
rc=$?
echo "took $(( $(date +%s) - start ))s"
[ $rc -eq 0 ] ||
	fail "setgroups_fuzz: mismatches or errors (exit status $rc); run again with FUZZ_SEED=$FUZZ_SEED FUZZ_STEPS=$FUZZ_STEPS"
echo "ok"
