#!/bin/sh
# What setgroups.rst and user_namespaces(7) say of a gid map of the
# writer's own effective gid alone, written in "shadow": setgroups(2) in
# the namespace drops nothing, mapped or not, when the writer's effective
# uid owns the namespace (alice writes it); when root writes the same map
# with alice's gid as its egid, the mapped group is the namespace's to
# drop, as in any "shadow" namespace, and only unmapped groups stick.
. "$TESTS/lib.sh"

# groups_after_clear PID: the Groups line of alice's setgroups([]) there
groups_after_clear() {
	setpriv --reuid=1000 --regid=1000 --init-groups -- \
		nsenter --target "$1" --user --preserve-credentials \
		setpriv --clear-groups grep '^Groups:' /proc/self/status
}

step "alice maps her own egid: gid 0 (her group) stays"
start_alice_userns
setpriv --reuid=1000 --regid=1000 --init-groups -- sh -c "
	echo shadow >/proc/$target/setgroups &&
	echo '0 1000 1' >/proc/$target/gid_map &&
	echo '0 1000 1' >/proc/$target/uid_map" || fail "alice's self-map"
out=$(groups_after_clear "$target") || fail "setgroups([]) as root inside: $out"
echo "$out"
[ "$(echo $out)" = "Groups: 0" ] || fail "expected Groups: 0"
stop_target

step "root maps its own egid, alice's gid: gid 0 is dropped"
start_alice_userns
echo shadow >/proc/$target/setgroups || fail "writing shadow"
setpriv --regid=1000 --keep-groups sh -c "echo '0 1000 1' >/proc/$target/gid_map" ||
	fail "root's map of its egid"
echo '0 1000 1' >/proc/$target/uid_map || fail "writing the uid map"
out=$(groups_after_clear "$target") || fail "setgroups([]) as root inside: $out"
echo "$out"
[ "$(echo $out)" = "Groups:" ] || fail "expected an empty Groups line"
stop_target
echo ok
