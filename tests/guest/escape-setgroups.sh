#!/bin/sh
# CVE-2014-8989: in a user namespace whose gid map the setuid newgidmap
# wrote, root inside drops its groups with setgroups(2) and so escapes
# deny rules on them.  On the stock pair the escape works (the hole); on
# the patched pair newgidmap switches the namespace to "shadow", setgroups
# still succeeds but nogames sticks, and getgroups hides the unmapped
# groups instead of showing 65534.
. "$TESTS/lib.sh"
set -u

case $GUEST_FLAVOUR in
stock)	hole=yes ;;
*)	hole=no ;;
esac

# Root in a new user namespace, alice mapped to 0 and her subordinate
# range to 1..65536: util-linux unshare writes both maps through the
# setuid newuidmap and newgidmap.
inside() {
	as_alice unshare --map-user=0 --map-group=0 \
		--map-users=100000,1,65536 --map-groups=100000,1,65536 -- "$@"
}

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
inside sh -c 'echo "setgroups: $(cat /proc/self/setgroups)"; cat /proc/self/gid_map' ||
	fail "unshare with newuidmap/newgidmap failed"

step "setgroups(2) with an empty list succeeds inside"
inside setpriv --clear-groups true || fail "setgroups([]) failed inside the namespace"

for f in /srv/games /srv/acl-denied; do
	got=$(readable inside setpriv --clear-groups cat "$f")
	echo "after setgroups([]) inside: $f is $got"
	if [ $hole = yes ]; then
		[ "$got" = readable ] || fail "the stock pair no longer shows the hole on $f"
	else
		[ "$got" = denied ] || fail "root inside escaped the deny rule on $f"
	fi
done

groups=$(inside setpriv --clear-groups id -G)
status=$(inside setpriv --clear-groups grep '^Groups:' /proc/self/status)
echo "getgroups inside after setgroups([]): $groups; $status"
if [ $hole = no ]; then
	case " $groups $status " in
	*" 65534 "*|*"	65534"*) fail "unmapped groups are shown as 65534" ;;
	esac
	for g in $groups; do
		[ "$g" = 0 ] || fail "id -G inside shows $groups, expected 0 alone"
	done
	step "proj sticks too: /srv/proj stays reachable"
	[ "$(readable inside setpriv --clear-groups cat /srv/proj/README)" = readable ] ||
		fail "/srv/proj/README is not readable inside after setgroups([])"
fi
echo "ok"
