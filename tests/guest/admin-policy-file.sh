#!/bin/sh
# The README's administrator commands for the policy file, run as
# written, as root: "The policy file" (install it beside the live one,
# negative-groups-check, mv), the policy's "Rollback" (remove the file,
# "podman system migrate"), and the hold of the uidmap recipe with its
# undoing (apt-mark hold/unhold uidmap libsubid5; uidmap alone on
# bookworm).  A file the checker refuses must not reach
# /etc/negative-groups; a checked one must, and
# alice's next podman namespace is in "shadow" ("deny" on the stock
# kernel, flavour stock-kernel); with the file gone it is in "allow".
# Over a private /etc ("etc"), with a home and runtime folder of alice's
# own, as podman-policy-change.sh.
. "$TESTS/matrix-lib.sh"

case $GUEST_FLAVOUR in
stock-kernel) want_state=deny ;;
*) want_state=shadow ;;
esac

H=/tmp/admin-policy-alice
# The README's three lines, in a folder of root's holding negative-groups.new
install_checked() {
	(
		cd "$work" || exit 1
		install -m 0644 -o root -g root negative-groups.new /etc/negative-groups.new
		negative-groups-check /etc/negative-groups.new && \
		    mv /etc/negative-groups.new /etc/negative-groups
	)
}

work=$(mktemp -d /tmp/admin-policy.XXXXXX) || fail "mktemp failed"
rm -f /etc/negative-groups /etc/negative-groups.new

step "a file with a typo: negative-groups-check refuses it, nothing installed"
printf '# games\nnogmaes\n' >"$work/negative-groups.new"
install_checked && fail "the checker passed a file with an unknown group"
[ -e /etc/negative-groups ] && fail "the refused file reached /etc/negative-groups"
setgroups_is allow

step "the corrected file: checked and installed, 0644 root:root"
printf '# games\nnogames\n' >"$work/negative-groups.new"
install_checked || fail "the checker refused a good file"
[ -e /etc/negative-groups.new ] && fail "/etc/negative-groups.new is left"
cmp "$work/negative-groups.new" /etc/negative-groups || fail "/etc/negative-groups differs"
perm=$(stat -c '%a %U %G' /etc/negative-groups)
[ "$perm" = "644 root root" ] || fail "/etc/negative-groups is $perm"

step "podman system migrate: the next namespace is in $want_state"
alice_podman system migrate || fail "podman system migrate"
setgroups_is "$want_state"

step "rollback: remove the file, podman system migrate"
rm /etc/negative-groups
alice_podman system migrate || fail "podman system migrate"
setgroups_is allow

# bookworm's recipe installs and holds its uidmap alone (libsubid4 stays)
pkgs="uidmap libsubid5"
dpkg-query -W libsubid5 >/dev/null 2>&1 || pkgs=uidmap
step "apt-mark hold $pkgs, then unhold"
apt-mark hold $pkgs || fail "apt-mark hold"
held=$(apt-mark showhold | sort | tr '\n' ' ')
echo "held: $held"
[ "$held" = "$(printf '%s\n' $pkgs | sort | tr '\n' ' ')" ] || fail "expected $pkgs held"
apt-cache policy uidmap | grep -F "Installed: $UIDMAP_VERSION" || fail "apt-cache policy uidmap"
apt-mark unhold $pkgs || fail "apt-mark unhold"
[ -z "$(apt-mark showhold)" ] || fail "still held: $(apt-mark showhold)"

rm -rf "$work"
echo ok
