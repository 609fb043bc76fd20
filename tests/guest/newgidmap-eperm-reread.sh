#!/bin/sh
# The EPERM branch of the setgroups write: newgidmap reads "allow", then
# writes "shadow"; if the namespace was made stricter in between (its owner
# wrote "deny"), the write fails with EPERM and newgidmap reads the state
# again: "deny" is kept and the map is written.  If the write fails while
# the state is still "allow", newgidmap fails and writes no map.
#
# Deterministic: strace (as root, so newgidmap stays setuid) holds
# newgidmap at the entry of its write to /proc/PID/setgroups ($HOLD); the
# test waits until it is held there, writes "deny", checks it is still
# held, and lets it go.  The second case injects EPERM into that write.

. "$TESTS/newgidmap-lib.sh"

require_strace
require_shadow_kernel
set_policy nogames

say "=== deny written between newgidmap's read and its write of shadow"
new_target
traced_start -P "/proc/$pid/setgroups" -e trace=write,pwrite64 \
	-e inject=write,pwrite64:delay_enter=$HOLD:when=1 -- $FULL
[ -n "$ngm" ] || die "newgidmap did not start"
NRS="1 18"
held=""
tries=0
while [ -z "$held" ]; do
	for nr in $NRS; do
		NR=$nr
		if args=$(stopped_at); then
			fd=$(printf '%d' "${args%% *}")
			if [ "$(readlink "/proc/$ngm/fd/$fd")" = "/proc/$pid/setgroups" ]; then
				held=$nr
			fi
		fi
	done
	kill -0 "$tpid" 2>/dev/null || die "newgidmap ended before the injected delay"
	tries=$((tries + 1))
	[ "$tries" -lt 300 ] || die "newgidmap was never held at its write of /proc/$pid/setgroups"
	[ -n "$held" ] || sleep 0.1
done
say "  newgidmap $ngm held at system call $held on /proc/$pid/setgroups, state $(cat "/proc/$pid/setgroups")"
[ "$(cat "/proc/$pid/setgroups")" = allow ] || bad "setgroups is not allow while newgidmap is held"
write_setgroups deny
[ "$rc" -eq 0 ] || die "cannot write deny meanwhile: $out"
say "  deny written to /proc/$pid/setgroups"
NR=$held
stopped_at >/dev/null || die "newgidmap was no longer held when deny was written: the delay was too short"
traced_wait
if grep -q '"shadow\\n".*EPERM.*DELAYED' "$saved/strace.log"; then
	pass "the write of shadow failed with EPERM"
else
	bad "the trace shows no write of shadow failing with EPERM"
fi
check_rc 0
check_setgroups deny
check_map "$FULL"
end_target

say "=== EPERM injected into the write of shadow, the state still allow"
new_target
traced_call -P "/proc/$pid/setgroups" -e trace=write,pwrite64 \
	-e inject=write,pwrite64:error=EPERM:when=1 -- $FULL
if grep -q 'EPERM.*INJECTED' "$saved/strace.log"; then
	pass "EPERM injected"
else
	bad "the trace shows no injected EPERM"
fi
check_rc 1
check_no_crash
check_setgroups allow
check_map ""
end_target

finish
