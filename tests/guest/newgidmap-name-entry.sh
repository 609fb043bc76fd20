#!/bin/sh
# A group NAME entry (nogames, held by alice and the target): setgroups
# allow -> shadow, map written, and nogames can't be dropped inside.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy "nogames"

new_target
map_expect_shadow
check_groups_kept
end_target

finish
