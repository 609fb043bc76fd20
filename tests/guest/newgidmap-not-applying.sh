#!/bin/sh
# Entries that do not concern alice: a user: entry for another user and a
# group alice does not hold.  Stock behaviour: setgroups stays allow.

. "$TESTS/newgidmap-lib.sh"

if id -Gn alice | tr ' ' '\n' | grep -qx adm; then
	die "fixture: alice must not be in group adm"
fi
set_policy "user:root" "user:0" "adm" "# nogames"

new_target
call_newgidmap $FULL
check_rc 0
check_quiet
check_setgroups allow
check_map "$FULL"
end_target

say "=== adm listed, target and caller hold only alice and proj"
set_policy "adm"
new_target --reuid=1000 --regid=1000 --groups=1000,1002
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000,1002 --"
call_newgidmap $FULL
check_rc 0
check_setgroups allow
check_map "$FULL"
end_target

finish
