#!/bin/sh
# CVE-2014-8989: in a user namespace whose gid map the setuid newgidmap
# wrote, root inside drops its groups with setgroups(2) and so escapes
# deny rules on them.  On the stock pair the escape works (the hole);
# where "deny" was written first (by a wrapper, or by the patched
# newgidmap on a stock kernel) setgroups(2) fails; on the patched pair
# newgidmap switches the namespace to "shadow", setgroups still succeeds
# but nogames and proj stick, and getgroups hides the unmapped groups
# instead of showing 65534.
. "$TESTS/matrix-lib.sh"

# readable USER_CMD... FILE: "readable" or "denied"
readable() {
	if "$@" >/dev/null 2>&1; then echo readable; else echo denied; fi
}

step "the fixture denies alice outside any namespace"
[ "$(readable as_alice cat /srv/games)" = denied ] || fail "alice reads /srv/games"
[ "$(readable as_alice cat /srv/acl-denied)" = denied ] || fail "alice reads /srv/acl-denied"
[ "$(readable setpriv --reuid=2000 --regid=2000 --clear-groups cat /srv/games)" = readable ] ||
	fail "/srv/games is not readable by others: the test would prove nothing"
[ "$(readable setpriv --reuid=2000 --regid=2000 --clear-groups cat /srv/acl-denied)" = readable ] ||
	fail "/srv/acl-denied is not readable by others: the test would prove nothing"

step "the namespace"
alice_unshare sh -c 'echo "setgroups: $(cat /proc/self/setgroups)"; cat /proc/self/gid_map' ||
	fail "unshare with newuidmap/newgidmap failed"

# The column, not the flavour: the patched newgidmap on a stock kernel
# writes "deny" too (matrix-lib.sh).
if [ "$column" = deny ]; then
	step "setgroups(2) fails inside, as \"deny\" was written before the map"
	alice_unshare setpriv --clear-groups true && fail "setgroups([]) succeeded in a deny namespace"
else
	step "setgroups(2) with an empty list succeeds inside"
	alice_unshare setpriv --clear-groups true || fail "setgroups([]) failed inside the namespace"
fi

row root eperm "unshare --map-users/--map-groups, setgroups([])" \
	alice_unshare setpriv --clear-groups "$TESTS/probe"

if [ "$GUEST_FLAVOUR" = patched ]; then
	step "getgroups inside shows the mapped groups alone"
	groups=$(alice_unshare setpriv --clear-groups id -G)
	echo "id -G inside after setgroups([]): $groups"
	[ "$groups" = 0 ] || fail "id -G inside shows $groups, expected 0 alone"
fi
matrix_done
