#!/bin/sh
# For a kernel WITHOUT the setgroups shadow mode (the baseline target):
# when the policy applies and setgroups is allow, newgidmap writes "deny"
# and then the map, with one notice that setgroups(2) will fail in the
# namespace; root in it then cannot shed nogames (setgroups(2) fails with
# EPERM, /srv/games stays denied).  An existing deny is kept; without a
# file, or with a policy that does not apply, it is stock.  (Self-maps:
# newgidmap-stock-kernel-maps.sh.)

. "$TESTS/newgidmap-lib.sh"

say "=== this kernel must not have the shadow mode"
new_target
write_setgroups shadow
if [ "$rc" -eq 0 ]; then
	die "writing shadow to setgroups succeeded: this test is for a kernel without the shadow mode"
fi
case "$out" in
*"Invalid argument"*)
	pass "writing shadow fails with EINVAL: $out"
	;;
*)
	die "writing shadow failed, but not with EINVAL: $out"
	;;
esac
check_setgroups allow
end_target

n=0
for entry in nogames "user:alice" "user:1000" "*"; do
	n=$((n + 1))
	say "=== policy $n: $entry"
	set_policy "$entry"
	new_target
	call_newgidmap $FULL
	check_rc 0
	check_out "no \"shadow\" mode"
	check_out "wrote \"deny\""
	check_out "setgroups(2) will fail"
	check_one_line
	check_setgroups deny
	check_map "$FULL"
	check_groups_kept_deny
	end_target
done

say "=== caller and target hold only gid 1000, alice is a member of nogames: deny"
set_policy nogames
LONE="--reuid=1000 --regid=1000 --groups=1000"
new_target $LONE
CALLER="setpriv $LONE --"
call_newgidmap $FULL
check_rc 0
check_out "setgroups(2) will fail"
check_one_line
check_setgroups deny
check_map "$FULL"
check_groups_kept_deny
end_target
CALLER=$ALICE

say "=== a broken file: deny, and the map as requested"
set_policy "nosuchgroup-xyz"
new_target
call_newgidmap $FULL
check_not_out "nosuchgroup-xyz"
check_failed_closed
end_target

say "=== deny written first is kept, silently"
set_policy "nogames"
new_target
write_setgroups deny
[ "$rc" -eq 0 ] || die "cannot write deny: $out"
call_newgidmap $FULL
check_rc 0
check_quiet
check_setgroups deny
check_map "$FULL"
end_target

say "=== a policy that does not apply: stock"
set_policy "user:root"
new_target
call_newgidmap $FULL
check_rc 0
check_setgroups allow
check_map "$FULL"
end_target

say "=== no file: stock"
no_policy
new_target
call_newgidmap $FULL
check_rc 0
check_setgroups allow
check_map "$FULL"
end_target

finish
