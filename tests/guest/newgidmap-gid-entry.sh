#!/bin/sh
# A numeric GID entry (the gid of nogames): same as the NAME entry.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
gid=$(getent group nogames | cut -d: -f3)
[ -n "$gid" ] || die "no group nogames"
set_policy "$gid   # nogames, by GID"

new_target
map_expect_shadow
check_groups_kept
end_target

finish
