#!/bin/sh
# nsenter as alice into a user namespace of hers that util-linux unshare
# mapped through newuidmap and newgidmap.  nsenter itself calls
# setgroups(2) with an empty list on entering; it must still work, and
# alice's unmapped groups must stay with her.  In "deny" it fails.
. "$TESTS/matrix-lib.sh"

setpriv --reuid=1000 --regid=1000 --init-groups -- unshare --map-user=0 --map-group=0 \
	--map-users=100000,1,65536 --map-groups=100000,1,65536 -- sleep 600 &
target=$!
wait_userns "$target"
# unshare forks a child for the maps; wait until they are written.
tries=0
until [ -n "$(cat "/proc/$target/gid_map")" ]; do
	tries=$((tries + 1))
	[ $tries -le 200 ] || fail "the gid map of $target was never written"
	sleep 0.05
done

row root eperm "nsenter into that unshare namespace" \
	as_alice nsenter --target "$target" --user -- "$TESTS/probe"
stop_target
matrix_done
