#!/bin/sh
# A user namespace inside a rootless podman container, whose root maps
# it and drops all groups there with setgroups(2): the groups stick one
# level down too, as the child namespace inherits "shadow".
. "$TESTS/matrix-lib.sh"

podman_image
for f in $MATRIX_FILES; do
	cell "podman run, a user namespace inside, setgroups([])" "$f" \
		alice_podman_run /tests/nested-probe "$f"
done
matrix_done
