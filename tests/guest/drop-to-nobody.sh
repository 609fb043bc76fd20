#!/bin/sh
# Privilege separation inside a namespace: root inside drops to nobody with
# its groups (setpriv --init-groups, as initgroups(3) in runuser or a
# container entrypoint does).  alice's own group is the namespace's gid 0,
# mapped, so nobody must not keep it: a root:root 0640 file inside stays
# denied to nobody.  The groups the map leaves out (nogames) still stick.
# Checked in a util-linux unshare namespace and in a rootless podman
# container, both with the maps written by the setuid helpers.
. "$TESTS/matrix-lib.sh"

# The script run as root inside: make the file, read it as root, then as
# nobody; print what nobody got.
drop='umask 077; f=$(mktemp) || exit 2; echo secret >"$f" && chmod 0640 "$f" &&
	chown 0:0 "$f" && cat "$f" >/dev/null || exit 2
echo "@setgroups $(cat /proc/self/setgroups)"
echo "@nobody-groups $(setpriv --reuid=65534 --regid=65534 --init-groups id -G)"
if setpriv --reuid=65534 --regid=65534 --init-groups cat "$f" >/dev/null 2>&1; then
	echo "@nobody readable"
else
	echo "@nobody denied"
fi
rm -f "$f"'

# check WHERE OUTPUT: nobody was denied, its groups are its own
check() {
	where=$1
	out=$2
	printf '%s\n' "$out" | sed 's/^/#   /'
	case $out in
	*"@nobody denied"*) ;;
	*"@nobody readable"*) fail "$where: nobody reads a root:root 0640 file: it kept root's group" ;;
	*) fail "$where: the drop to nobody did not run" ;;
	esac
	groups=$(printf '%s\n' "$out" | sed -n 's/^@nobody-groups //p')
	[ "$groups" = 65534 ] || fail "$where: nobody's groups are '$groups', expected 65534 alone"
	state=$(printf '%s\n' "$out" | sed -n 's/^@setgroups //p')
	[ "$state" = "$(expected_setgroups)" ] || fail "$where: setgroups is $state"
}

step "util-linux unshare with newuidmap/newgidmap: root drops to nobody"
out=$(alice_unshare sh -c "$drop" 2>&1)
check unshare "$out"

step "... and nobody still cannot read what nogames denies"
alice_unshare setpriv --reuid=65534 --regid=65534 --init-groups cat /srv/games >/dev/null 2>&1 &&
	[ "$GUEST_FLAVOUR" != stock ] && fail "nobody in the namespace reads /srv/games: nogames was shed"

step "rootless podman: root in the container drops to nobody"
podman_image
out=$(alice_podman_run sh -c "$drop" 2>&1)
check "podman run" "$out"
echo "nobody is denied in both"
