#!/bin/sh
# The README's uidmap commands on the Debian machine of rootfs/kdeb.sh, as
# written: the rollback of "Rollback" (unhold, "apt-cache policy uidmap",
# Debian's version again: apt takes it from its cache, the guest has no
# network), then the recipe's last two lines, "apt install" of the .debs
# make built, from a folder beside them as after dpkg-buildpackage, and
# "apt-mark hold".  bookworm: uidmap alone, as the README says.
. "$TESTS/kernel-deb-lib.sh"

pkgs="uidmap libsubid5"
dpkg-query -W libsubid5 >/dev/null 2>&1 || pkgs=uidmap
# alone: bookworm's lines, without libsubid5
alone() {
	if [ "$pkgs" = uidmap ]; then
		sed -e 's| \.\./libsubid5_[^ ]*||g' -e 's/ libsubid5[^ ]*//g'
	else
		cat
	fi
}
# all_at VERSION: whether every package of $pkgs is installed at VERSION
all_at() {
	for p in $pkgs; do
		[ "$(dpkg-query -W -f '${Version}' "$p")" = "$1" ] || return 1
	done
}
versions() {
	dpkg-query -W -f '${Package} ${Version}; ' $pkgs
}
patched=$(dpkg-query -W -f '${Version}' uidmap)
case $patched in
*+0sticky1) ;;
*) fail "the installed uidmap $patched is not make's" ;;
esac
V=$(apt-cache show uidmap | sed -n 's/^Version: //p' | grep -v sticky | head -n 1)
[ -n "$V" ] || fail "apt knows no Debian version of uidmap"

step "the README's rollback of uidmap, VERSION $V"
readme_commands uidmap-rollback.sh | sed "s/VERSION/$V/g" | alone | run_commands
all_at "$V" || fail "after the rollback: $(versions)"
[ -z "$(apt-mark showhold)" ] || fail "still held: $(apt-mark showhold)"

step "the recipe's apt install and apt-mark hold"
cd "$TESTS/files/uidmap/src" || fail "no folder beside the .debs"
readme_commands uidmap-install.sh | alone | run_commands
all_at "$patched" || fail "after the install: $(versions)"
held=$(apt-mark showhold | sort | tr '\n' ' ')
[ "$held" = "$(printf '%s\n' $pkgs | sort | tr '\n' ' ')" ] || fail "held: $held"
[ -u /usr/bin/newgidmap ] || fail "newgidmap is not setuid"
echo ok
