#!/bin/sh
# The state of setgroups before the call: deny and shadow are kept (and the
# map is written), allow becomes shadow.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy "nogames"

say "=== deny before the call"
new_target
map_keeps_deny $FULL
end_target

say "=== shadow before the call"
new_target
write_setgroups shadow
[ "$rc" -eq 0 ] || die "cannot write shadow: $out"
call_newgidmap $FULL
check_rc 0
check_setgroups shadow
check_map "$FULL"
check_groups_kept
end_target

say "=== allow before the call"
new_target
check_setgroups allow
call_newgidmap $FULL
check_rc 0
check_setgroups shadow
check_map "$FULL"
end_target

say "=== the kernel refuses allow after shadow"
new_target
write_setgroups shadow
write_setgroups allow
if [ "$rc" -ne 0 ]; then
	pass "writing allow after shadow fails"
else
	bad "writing allow after shadow succeeded"
fi
check_setgroups shadow
end_target

finish
