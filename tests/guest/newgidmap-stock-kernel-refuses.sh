#!/bin/sh
# For a kernel WITHOUT the setgroups shadow mode (the baseline target):
# when the policy applies and setgroups is allow, newgidmap refuses with one
# message naming the entry, /etc/negative-groups and the way out (write
# deny first), and writes no map.  Writing deny first works; a self-map
# falls back to deny; without a file it is stock.

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
for entry in nogames "user:alice" "user:1000" "*" "nosuchgroup-xyz"; do
	n=$((n + 1))
	say "=== refusal $n: $entry"
	set_policy "$entry"
	case "$entry" in
	nogames) names="nogames" ;;
	user:*) names="user:alice" ;;
	"*") names="'*'" ;;
	*) names="unknown group 'nosuchgroup-xyz'" ;;
	esac
	new_target
	call_newgidmap $FULL
	check_rc 1
	check_out "$names"
	check_out "/etc/negative-groups"
	check_out "deny"
	check_out "/proc/$pid/setgroups"
	lines=$(printf '%s\n' "$out" | grep -c -F -e "refusing")
	if [ "$lines" -eq 1 ]; then
		pass "one refusal message"
	else
		bad "$lines refusal messages"
	fi
	check_map ""
	check_setgroups allow
	end_target
done

say "=== the way out: deny first"
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

say "=== a self-map falls back to deny"
new_target
call_newgidmap 0 1000 1
check_rc 0
check_setgroups deny
check_map "0 1000 1"
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
