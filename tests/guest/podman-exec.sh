#!/bin/sh
# podman exec as alice into her running rootless container: crun sets the
# groups of the new process with setgroups(2), as for podman run.
. "$TESTS/matrix-lib.sh"

podman_image
name=matrix-exec
as_alice_login podman run -d --name "$name" --network none \
	-v /srv:/srv:ro -v "$TESTS:/tests:ro" "$IMAGE" sleep 600 >/dev/null ||
	fail "podman run -d failed"
row root keeps "podman exec (crun sets the image's groups)" \
	as_alice_login podman exec "$name" /tests/probe
as_alice_login podman rm --force --time 0 "$name" >/dev/null 2>&1
matrix_done
