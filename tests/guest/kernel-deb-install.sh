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

install_packages
echo ok
