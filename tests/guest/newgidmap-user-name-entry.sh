#!/bin/sh
# "user:alice": the policy applies to every namespace alice maps, even
# when neither she nor the target holds a listed group.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy "user:alice"

new_target --reuid=1000 --regid=1000 --groups=1000
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
map_expect_shadow
end_target

finish
