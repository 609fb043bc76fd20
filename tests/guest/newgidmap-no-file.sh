#!/bin/sh
# No /etc/negative-groups: stock behaviour, setgroups stays allow (and
# nogames can then be dropped inside the namespace, as with stock shadow).

. "$TESTS/newgidmap-lib.sh"

no_policy

new_target
call_newgidmap $FULL
check_rc 0
check_quiet
check_setgroups allow
check_map "$FULL"
end_target

say "=== deny before the call is kept"
new_target
map_keeps_deny $FULL
end_target

finish
