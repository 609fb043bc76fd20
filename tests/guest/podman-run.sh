#!/bin/sh
# Rootless podman as alice: the container's runtime (crun) calls
# setgroups(2) with the image's groups, as it does by default.  On the
# stock pair that sheds nogames (the hole); on the patched pair the
# container starts, its setgroups succeeds, nogames and proj stick and
# id inside shows no 65534.
. "$TESTS/matrix-lib.sh"

podman_image
for f in $MATRIX_FILES; do
	cell "podman run (crun calls setgroups)" "$f" alice_podman_run /tests/probe "$f"
done
matrix_done
