#!/bin/sh
# The policy applies when the target OR the caller holds a listed group,
# as a supplementary group or (caller) as the effective gid, or when the
# caller's user is a member of one in /etc/group.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy "nogames"
nogames=$(getent group nogames | cut -d: -f3)
proj=$(getent group proj | cut -d: -f3)
[ -n "$nogames" ] && [ -n "$proj" ] || die "no group nogames or proj"
WITHOUT="--reuid=1000 --regid=1000 --groups=1000,$proj"

say "=== only the caller holds nogames"
new_target $WITHOUT
CALLER=$ALICE
call_newgidmap $FULL
check_rc 0
check_setgroups shadow
check_map "$FULL"
end_target

say "=== only the target holds nogames"
new_target
CALLER="setpriv $WITHOUT --"
call_newgidmap $FULL
check_rc 0
check_setgroups shadow
check_map "$FULL"
check_groups_kept
end_target

say "=== the caller holds nogames as its effective gid only"
new_target $WITHOUT
CALLER="setpriv --ruid=1000 --euid=1000 --rgid=1000 --egid=$nogames --groups=1000,$proj --"
call_newgidmap $FULL
check_rc 0
check_setgroups shadow
check_map "$FULL"
end_target

say "=== neither holds nogames, alice is a member in /etc/group: shadow"
new_target $WITHOUT
CALLER="setpriv $WITHOUT --"
map_expect_shadow
end_target

say "=== neither holds adm, alice is no member of it: stock behaviour"
set_policy adm
new_target $WITHOUT
map_expect_stock
end_target

finish
