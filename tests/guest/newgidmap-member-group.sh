#!/bin/sh
# The group database counts: the policy applies when the caller's user is
# a member of a listed group in /etc/group (getgrouplist(3) of the user of
# the caller's real uid), even when neither the caller nor the target
# holds it: a process that started before its user was added to the
# group (a podman pause process, a systemd --user manager) does not hold
# it, yet the namespace it maps outlives it.  A later process of alice
# that holds nogames joins with nsenter and drops its groups: /srv/games
# stays denied.  Control: with alice out of nogames in /etc/group, stock.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
id -Gn alice | tr ' ' '\n' | grep -qx nogames ||
	die "fixture: alice must be a member of nogames"

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"
set_policy nogames

say "=== caller and target hold only gid 1000, alice is a member of nogames"
new_target $LONE
map_expect_shadow
check_groups_kept
end_target

say "=== the same, the target already in deny: kept"
new_target $LONE
map_keeps_deny $FULL
end_target

say "=== control: alice is no longer a member of nogames in /etc/group: stock"
keep_file /etc/group
sed -i '/^nogames:/s/:[^:]*$/:/' /etc/group
say "--- $(getent group nogames)"
id -Gn alice | tr ' ' '\n' | grep -qx nogames &&
	die "alice is still a member of nogames"
new_target $LONE
map_expect_stock
end_target

finish
