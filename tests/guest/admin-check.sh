#!/bin/sh
# The check the README gives an administrator ("Check it"), run as
# written, as alice in her login-like environment: podman's namespace is
# in "shadow", and root there that drops every group with setgroups(2)
# still cannot read /srv/games.  Where the policy does not apply to alice
# (nogames not listed, say), the first prints "allow" and the second reads
# the file: the test fails.  (podman's warnings on stderr, here that "/"
# is not a shared mount, are shown and not judged.)
. "$TESTS/matrix-lib.sh"

step "podman unshare cat /proc/self/setgroups"
out=$(as_alice_login podman unshare cat /proc/self/setgroups)
echo "$out"
[ "$out" = shadow ] || fail "expected shadow"

step "podman unshare setpriv --clear-groups cat /srv/games"
out=$(as_alice_login podman unshare setpriv --clear-groups cat /srv/games 2>&1) &&
	fail "read /srv/games: $out"
echo "$out"
printf '%s\n' "$out" | grep -qx "cat: /srv/games: Permission denied" ||
	fail "expected cat: /srv/games: Permission denied"
echo ok
