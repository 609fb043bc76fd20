#!/bin/sh
# A user namespace inside a rootless podman container, whose root maps
# it and drops all groups there with setgroups(2): the groups stick one
# level down too, as the child namespace inherits "shadow" (and "deny",
# where setgroups then fails).
. "$TESTS/matrix-lib.sh"

podman_image
row root eperm "podman run, a user namespace inside, setgroups([])" \
	alice_podman_run /tests/nested-probe
matrix_done
