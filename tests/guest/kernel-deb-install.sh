#!/bin/sh
# The README's installation of make kernel-deb's packages ("The kernel":
# "dpkg -i" of linux-image and linux-headers), run as written on a Debian
# machine booting through GRUB with Debian's kernel installed
# (rootfs/kdeb.sh), here on the guest kernel booted directly: the
# package's hooks make its initramfs and run update-grub, which lists it
# beside Debian's kernel, first (the default): its version is above
# Debian's.  GRUB itself goes on the disk first, as the machine has it.
. "$TESTS/kernel-deb-lib.sh"

step "the machine: GRUB on /dev/vda, its menu with Debian's kernel $debian"
grub-install /dev/vda || fail "grub-install /dev/vda"
update-grub || fail "update-grub"
grub_lists "$debian" || fail "update-grub did not list $debian"
grub_lists "$R" && fail "$R is in GRUB's menu before its package"

step "the README's dpkg -i, in a folder holding build/kernel-deb"
mkdir -p /root/sticky-groups
cp -a "$TESTS/files/build" /root/sticky-groups/
cd /root/sticky-groups || fail "cd /root/sticky-groups"
ls build/kernel-deb
readme_commands install.sh | run_commands

step "linux-image-$R and linux-headers-$R are installed"
for p in "linux-image-$R" "linux-headers-$R"; do
	status=$(dpkg-query -W -f '${Status}' "$p" 2>&1) || fail "$p: $status"
	[ "$status" = "install ok installed" ] || fail "$p: $status"
done

step "the hooks ran: the initramfs, and GRUB's menu with both, $R first"
[ -s "/boot/initrd.img-$R" ] || fail "initramfs-tools made no /boot/initrd.img-$R"
ls -l /boot
grub_lists "$R" || fail "update-grub did not list $R"
grub_lists "$debian" || fail "$debian is gone from GRUB's menu"
first=$(sed -n 's/^[[:space:]]*linux[[:space:]]\{1,\}\([^ ]*\).*/\1/p' /boot/grub/grub.cfg | head -n 1)
[ "$first" = "/boot/vmlinuz-$R" ] || fail "GRUB's default entry boots $first, not /boot/vmlinuz-$R"
echo ok
