#!/bin/sh
# The check the README gives an administrator ("Check it"), run as
# written, as alice in her login-like environment: podman's namespace is
# in "shadow", and root there that drops every group with setgroups(2)
# still cannot read /srv/games.  On the stock kernel (flavour
# stock-kernel) newgidmap writes "deny" instead, and setgroups(2) fails.
# Where the policy does not apply to alice (nogames not listed, say), the
# first prints "allow" and the second reads the file: the test fails.
# (podman's warnings on stderr, here that "/" is not a shared mount, are
# shown and not judged.)
. "$TESTS/matrix-lib.sh"

case $GUEST_FLAVOUR in
stock-kernel)
	want_state=deny
	want_error="setpriv: setgroups failed: Operation not permitted"
	;;
*)
	want_state=shadow
	want_error="cat: /srv/games: Permission denied"
	;;
esac

step "podman unshare cat /proc/self/setgroups"
out=$(as_alice_login podman unshare cat /proc/self/setgroups)
echo "$out"
[ "$out" = "$want_state" ] || fail "expected $want_state"

step "podman unshare setpriv --clear-groups cat /srv/games"
out=$(as_alice_login podman unshare setpriv --clear-groups cat /srv/games 2>&1) &&
	fail "read /srv/games: $out"
echo "$out"
printf '%s\n' "$out" | grep -qxF "$want_error" || fail "expected $want_error"
echo ok
