#!/bin/sh
# The unprivileged self-map in shadow mode, with the real tools and no
# setuid helper: alice runs the example of
# Documentation/admin-guide/namespaces/setgroups.rst word for word.  She
# writes "shadow" and the maps of her own ids from outside, then nsenter
# (which calls setgroups(2)) and setpriv --clear-groups work inside, while
# /srv/games stays denied and /srv/proj stays readable.
. "$TESTS/lib.sh"

# The example, as alice's shell would run it; $1 is the command for
# nsenter to run inside.
example() {
	as_alice sh -c '
		unshare --user sleep 600 &
		target=$!
		while [ "$(readlink /proc/$target/ns/user)" = "$(readlink /proc/self/ns/user)" ]; do
			sleep 0.05
		done
		echo shadow > /proc/$target/setgroups &&
		echo "0 $(id -u) 1" > /proc/$target/uid_map &&
		echo "0 $(id -g) 1" > /proc/$target/gid_map &&
		nsenter --target $target --user setpriv --clear-groups '"$1"'
		rc=$?
		kill $target
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
