#!/bin/sh
# "podman unshare": a command in alice's rootless podman namespace (made
# with newuidmap and newgidmap), which drops all groups with setgroups(2).
. "$TESTS/matrix-lib.sh"

row root eperm "podman unshare, setgroups([])" \
	as_alice_login podman unshare setpriv --clear-groups "$TESTS/probe"
matrix_done
