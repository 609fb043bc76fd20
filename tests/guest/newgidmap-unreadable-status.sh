#!/bin/sh
# The target's groups can't be read (its /proc/PID/status fails to open or
# to read): the policy applies, with a notice naming /etc/negative-groups,
# even though neither the caller nor the target holds a listed group (adm;
# alice is no member of it either): setgroups shadow, map written.  strace
# (as root, so newgidmap stays setuid) injects the errors.  Control: the same call
# without injection gives stock behaviour.

. "$TESTS/newgidmap-lib.sh"

require_strace
require_shadow_kernel
set_policy adm

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"

for err in EACCES ENOMEM; do
	say "=== $PROC_OPEN of status fails with $err"
	new_target $LONE
	# -P status: the open of "status" under /proc/PID by newgidmap
	traced_call -P status -e trace=$PROC_OPEN,open \
		-e inject=$PROC_OPEN,open:error=$err:when=1 -- $FULL
	if grep -q "\"status\".*$err.*INJECTED" "$saved/strace.log"; then
		pass "$err injected into the open of status"
	else
		bad "the trace shows no $err injected into the open of status"
	fi
	check_applied_full
	end_target
done

say "=== read of status fails with EIO"
new_target $LONE
traced_call -P "/proc/$pid/status" -e trace=read,pread64 \
	-e inject=read,pread64:error=EIO:when=1 -- $FULL
if grep -q 'EIO.*INJECTED' "$saved/strace.log"; then
	pass "EIO injected into the read of status"
else
	bad "the trace shows no EIO injected into the read of status"
fi
check_applied_full
end_target

say "=== control: status readable, no listed group held: stock"
new_target $LONE
traced_call -P status -e trace=$PROC_OPEN,open -- $FULL
grep -q "^[0-9]* *$PROC_OPEN(.*\"status\"" "$saved/strace.log" ||
	bad "newgidmap did not open status with $PROC_OPEN"
check_rc 0
check_quiet
check_setgroups allow
check_map "$FULL"
end_target

finish
