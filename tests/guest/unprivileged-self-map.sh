#!/bin/sh
# The unprivileged self-map in shadow mode, with the real tools and no
# setuid helper: alice runs the example of
# Documentation/admin-guide/namespaces/setgroups.rst word for word.  She
# writes "shadow" and the maps of her own ids from outside, then nsenter
# (which calls setgroups(2)) and setpriv --clear-groups work inside, while
# /srv/games stays denied and /srv/proj stays readable.  Then the map is
# written with nogames as egid, as sg(1) gives it to her: nogames is
# mapped, and must stick all the same.
. "$TESTS/lib.sh"

# The example, as alice's shell would run it; $1 is the command for
# nsenter to run inside.  The lines between "unshare" and "nsenter" are
# those of setgroups.rst.
example() {
	as_alice sh -c '
		unshare --user sleep 600 &
		pid=$!
		while [ "$(readlink /proc/$pid/ns/user)" = "$(readlink /proc/self/ns/user)" ]
		do sleep 0.1; done
		echo shadow > /proc/$pid/setgroups &&
		echo "0 $(id -u) 1" > /proc/$pid/uid_map &&
		echo "0 $(id -g) 1" > /proc/$pid/gid_map &&
		nsenter --target $pid --user setpriv --clear-groups '"$1"'
		rc=$?
		kill $pid
		exit $rc'
}

step "the example of the documentation"
out=$(example id 2>&1) || fail "the example failed: $out"
echo "$out"
case $out in
"uid=0(root) gid=0(root) groups=0(root)") ;;
*) fail "id inside shows '$out', expected root with group 0 alone" ;;
esac

step "alice's unmapped groups stay: /srv/games denied, /srv/proj readable"
out=$(example 'cat /srv/games' 2>&1) && fail "alice read /srv/games from the namespace: $out"
case $out in
*"Permission denied"*) echo "/srv/games: $out" ;;
*) fail "reading /srv/games failed otherwise: $out" ;;
esac
out=$(example 'cat /srv/proj/README' 2>&1) || fail "alice cannot read /srv/proj/README: $out"
echo "/srv/proj/README: $out"

# The writer chooses the gid it maps: its egid.  sg(1) and newgrp(1) give
# alice, a member of nogames, nogames as egid (setpriv --regid does the
# same here, from root).  With nogames mapped that way, a process of hers
# that holds it enters the namespace without a switch of credentials and
# drops its groups: nogames must stick all the same, mapped or not.
step "a writer with egid nogames maps nogames: it sticks all the same"
nogames=$(getent group nogames | cut -d: -f3)
start_alice_userns
setpriv --reuid=1000 --regid=nogames --init-groups -- sh -c '
	echo shadow > /proc/'"$target"'/setgroups &&
	echo "0 1000 1" > /proc/'"$target"'/uid_map &&
	echo "0 $(id -g) 1" > /proc/'"$target"'/gid_map' ||
	fail "alice with egid nogames could not write the self map"
grep . /proc/$target/gid_map /proc/$target/setgroups
[ "$(awk '{ print $2 }' /proc/$target/gid_map)" = "$nogames" ] ||
	fail "the gid map does not map nogames ($nogames)"
out=$(as_alice nsenter --target $target --user --preserve-credentials \
	setpriv --clear-groups cat /srv/games 2>&1) &&
	fail "alice shed the mapped nogames and read /srv/games: $out"
case $out in
*"Permission denied"*) echo "/srv/games: $out" ;;
*) fail "reading /srv/games failed otherwise: $out" ;;
esac
stop_target

step "with allow (nothing written) the self gid map stays refused"
out=$(as_alice sh -c '
	unshare --user sleep 600 &
	target=$!
	while [ "$(readlink /proc/$target/ns/user)" = "$(readlink /proc/self/ns/user)" ]; do
		sleep 0.05
	done
	echo "0 $(id -g) 1" > /proc/$target/gid_map
	rc=$?
	kill $target
	exit $rc' 2>&1) && fail "an unprivileged gid map was written with setgroups at allow"
echo "refused as expected: $out"
echo "ok"
