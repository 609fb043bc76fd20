#!/bin/sh
# For a kernel WITHOUT the setgroups shadow mode (the stock kernel with the
# patched uidmap): a map that mixes a self-map with /etc/subgid ranges, and
# a self-map alone, with and without /etc/negative-groups.
#   mixed, no file: stock (setgroups stays allow, map written, silent)
#   mixed, policy applies: refused, nothing written (it can't be made
#     sticky and "deny" was not asked for)
#   mixed, deny written first: deny kept, map written
#   self-map, no file: stock (deny, map written, silent)
#   self-map, policy applies: deny, map written
#   a subgid range covering a listed group, policy applies: refused

. "$TESTS/newgidmap-lib.sh"

say "=== this kernel must not have the shadow mode"
new_target
write_setgroups shadow
[ "$rc" -ne 0 ] || die "writing shadow to setgroups succeeded: this test is for a kernel without the shadow mode"
check_setgroups allow
end_target

# the self-map of gid 1000 in the middle of two subgid ranges
MIXED="0 100000 1000 1000 1000 1 1001 101000 64536"

say "=== mixed self-map and subgid map, no file"
no_policy
new_target
call_newgidmap $MIXED
check_rc 0
check_quiet
check_setgroups allow
check_map "$MIXED"
end_target

say "=== mixed self-map and subgid map, the policy applies: deny, with a notice"
set_policy nogames
new_target
call_newgidmap $MIXED
check_rc 0
check_out "setgroups(2) will fail"
check_map "$MIXED"
check_setgroups deny
end_target

say "=== mixed self-map and subgid map, the policy applies, deny written first"
new_target
write_setgroups deny
[ "$rc" -eq 0 ] || die "cannot write deny: $out"
call_newgidmap $MIXED
check_rc 0
check_setgroups deny
check_map "$MIXED"
end_target

say "=== self-map, no file"
no_policy
new_target
call_newgidmap 0 1000 1
check_rc 0
check_quiet
check_setgroups deny
check_map "0 1000 1"
end_target

say "=== self-map, the policy applies"
set_policy nogames
new_target
call_newgidmap 0 1000 1
check_rc 0
check_setgroups deny
check_map "0 1000 1"
end_target

say "=== a subgid range covering nogames, the policy applies, deny written first"
nogames=$(getent group nogames | cut -d: -f3)
keep_file /etc/subgid
printf 'alice:%s:1\n' "$nogames" >> /etc/subgid
new_target
write_setgroups deny
[ "$rc" -eq 0 ] || die "cannot write deny: $out"
call_newgidmap 0 "$nogames" 1
check_rc 1
check_out "refused by the policy of /etc/negative-groups"
check_map ""
end_target

finish
