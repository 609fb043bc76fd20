#!/bin/sh
# "*": the policy applies to everybody, even a target and caller holding
# no listed group.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy "# system-wide" "*"

new_target --reuid=1000 --regid=1000 --groups=1000
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
map_expect_shadow
end_target

finish
