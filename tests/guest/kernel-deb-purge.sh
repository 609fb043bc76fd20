#!/bin/sh
# The README's rollback of the kernel after its "reboot", run as written:
# GRUB booted Debian's kernel, "apt purge" removes the packages under
# test, their hooks take the initramfs and the menu entries away, and
# GRUB_DEFAULT=0 gives GRUB its default back, the newest kernel (here
# Debian's, the only one left).
. "$TESTS/kernel-deb-lib.sh"

step "GRUB booted Debian's kernel $debian"
[ "$(uname -r)" = "$debian" ] || fail "running $(uname -r), not Debian's $debian"

step "the README's lines after reboot"
readme_commands rollback.sh | sed '1,/^reboot$/d' | run_commands

step "the packages, their files and their menu entries are gone"
for p in "linux-image-$R" "linux-headers-$R"; do
	status=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null) &&
		[ "$status" != "unknown ok not-installed" ] && fail "$p: $status"
done
for f in "/boot/vmlinuz-$R" "/boot/initrd.img-$R" "/lib/modules/$R"; do
	[ -e "$f" ] && fail "$f is left"
done
grub_lists "$R" && fail "GRUB's menu still lists $R"
grub_lists "$debian" || fail "GRUB's menu lost $debian"
grep -qF 'set default="0"' /boot/grub/grub.cfg ||
	fail "GRUB's default is not 0: $(grep 'set default=' /boot/grub/grub.cfg)"
dpkg-query -W linux-image-amd64 "linux-image-$debian"
echo ok
