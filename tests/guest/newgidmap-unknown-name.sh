#!/bin/sh
# A name that does not resolve makes the policy apply (fail closed), and
# every group the caller holds then counts as listed: the unknown name
# might be one of them.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

say "=== unknown group"
set_policy "# groups" "adm" "nosuchgroup-xyz"
new_target --reuid=1000 --regid=1000 --groups=1000
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
call_newgidmap $FULL
check_out "/etc/negative-groups:3: unknown group 'nosuchgroup-xyz'; applying the policy"
check_failed_closed
end_target

say "=== unknown user"
set_policy "user:nosuchuser-xyz"
new_target --reuid=1000 --regid=1000 --groups=1000
call_newgidmap $FULL
check_out "/etc/negative-groups:1: unknown user 'user:nosuchuser-xyz'"
check_failed_closed
end_target

finish
