#!/bin/sh
# "user:1000": same as user:alice, by UID.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy "user:1000"

new_target --reuid=1000 --regid=1000 --groups=1000
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
map_expect_shadow
end_target

finish
