#!/bin/sh
# The guest runs the kernel that was built for it, an unprivileged user
# namespace can be created, and the setuid-root newgidmap of the installed
# uidmap package maps alice's subordinate gids.
. "$TESTS/lib.sh"
set -u

step "kernel is $KERNEL_RELEASE"
[ "$(uname -r)" = "$KERNEL_RELEASE" ] || fail "running $(uname -r), built $KERNEL_RELEASE"

step "uidmap is $UIDMAP_VERSION"
have=$(dpkg-query -W -f '${Version}' uidmap) || fail "uidmap is not installed"
[ "$have" = "$UIDMAP_VERSION" ] || fail "uidmap $have is installed, expected $UIDMAP_VERSION"
for helper in /usr/bin/newuidmap /usr/bin/newgidmap; do
	[ "$(stat -c %U:%a "$helper")" = root:4755 ] ||
		fail "$helper is $(stat -c %U:%a "$helper"), not setuid root"
done

step "alice is in nogames and proj"
groups=" $(as_alice id -Gn) "
for g in nogames proj; do
	case $groups in *" $g "*) ;; *) fail "alice is not in $g: $groups" ;; esac
done

step "alice can create a user namespace"
out=$(as_alice unshare --user id -u) || fail "unshare --user failed"
[ "$out" = 65534 ] || fail "id -u in an unmapped namespace printed $out"

step "newuidmap and newgidmap map alice's subordinate ranges"
start_alice_userns
# The patched newgidmap refuses a stock kernel an "allow" map for alice,
# a member of nogames; "deny" first is the way out it names.
if [ "$GUEST_FLAVOUR" = stock-kernel ]; then
	echo deny >"/proc/$target/setgroups" || fail "cannot write deny to setgroups"
fi
as_alice newuidmap "$target" 0 1000 1 1 100000 65536 || fail "newuidmap failed"
as_alice newgidmap "$target" 0 1000 1 1 100000 65536 || fail "newgidmap failed"
map=$(awk '{ print $1, $2, $3 }' "/proc/$target/gid_map" | tr '\n' ';')
echo "gid_map: $map"
[ "$map" = "0 1000 1;1 100000 65536;" ] || fail "unexpected gid_map: $map"
map=$(awk '{ print $1, $2, $3 }' "/proc/$target/uid_map" | tr '\n' ';')
[ "$map" = "0 1000 1;1 100000 65536;" ] || fail "unexpected uid_map: $map"
stop_target

step "a range outside /etc/subgid is refused"
start_alice_userns
if as_alice newgidmap "$target" 0 1000 1 1 200000 10 2>/dev/null; then
	fail "newgidmap mapped a range alice does not own"
fi
[ -z "$(cat "/proc/$target/gid_map")" ] || fail "a gid map was written anyway"
stop_target
echo "ok"
