#!/bin/sh
# A name that does not resolve (a typo, a name service that is down) makes
# the file invalid: the policy applies with "deny" and the map is written
# as requested (fail closed, and keep running), with one notice that
# quotes nothing of the file; the system log has the details.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

say "=== unknown group"
set_policy "# groups" "adm" "nosuchgroup-xyz"
new_target --reuid=1000 --regid=1000 --groups=1000
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
call_newgidmap $FULL
check_not_out "nosuchgroup-xyz"
check_not_out ":3"
check_failed_closed
end_target

say "=== unknown user"
set_policy "user:nosuchuser-xyz"
new_target --reuid=1000 --regid=1000 --groups=1000
call_newgidmap $FULL
check_not_out "nosuchuser-xyz"
check_not_out ":1"
check_failed_closed
end_target

finish
