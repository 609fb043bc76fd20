#!/bin/sh
# "podman unshare": a command in alice's rootless podman namespace (made
# with newuidmap and newgidmap), which drops all groups with setgroups(2).
. "$TESTS/matrix-lib.sh"

for f in $MATRIX_FILES; do
	cell "podman unshare, setgroups([])" "$f" \
		as_alice_login podman unshare setpriv --clear-groups "$TESTS/probe" "$f"
done
matrix_done
