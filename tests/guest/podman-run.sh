#!/bin/sh
# Rootless podman as alice, three workloads: the container as podman starts
# it (its runtime, crun, sets the image's groups with setgroups(2)); podman
# run --user with --group-add (crun sets nobody's groups); and root in the
# container switching to nobody with its groups (setpriv --init-groups, as
# initgroups(3) in an entrypoint does).  On the stock pair the runtime's
# setgroups sheds nogames (the hole); in "deny" crun skips setgroups, so
# nobody keeps the container's root group, and the switch fails; on the
# patched pair nogames and proj stick, and only they.
. "$TESTS/matrix-lib.sh"

podman_image
row root keeps "podman run (crun sets the image's groups)" \
	alice_podman_run /tests/probe
row nobody keeps "podman run --user 65534:65534 --group-add 65534" \
	as_alice_login podman run --rm --network none --user 65534:65534 --group-add 65534 \
	-v /srv:/srv:ro -v "$TESTS:/tests:ro" "$IMAGE" /tests/probe
row nobody eperm "podman run, root to nobody: setpriv --init-groups" \
	alice_podman_run setpriv --reuid=65534 --regid=65534 --init-groups /tests/probe
matrix_done
