#!/bin/sh
# The machine of the Secure Boot boots of tests/run-kernel-deb.sh (rootfs/
# kdeb.sh uefi), set up on the guest kernel booted directly: the EFI
# system partition formatted and mounted at /boot/efi, shim and GRUB
# signed for Secure Boot put on it where the firmware finds them without
# a boot entry (--removable: the guest's firmware variables start empty),
# GRUB's menu with Debian's kernel.
. "$TESTS/kernel-deb-lib.sh"

step "the EFI system partition at /boot/efi"
mkfs.vfat -n EFI /dev/vda2 || fail "mkfs.vfat /dev/vda2"
mkdir -p /boot/efi
mount /boot/efi || fail "mount /boot/efi (fstab: /dev/vda2)"

step "shim and GRUB signed for Secure Boot, GRUB's menu with $debian"
grub-install --target=x86_64-efi --removable --uefi-secure-boot ||
	fail "grub-install --target=x86_64-efi"
find /boot/efi -type f
cmp /usr/lib/shim/shimx64.efi.signed /boot/efi/EFI/BOOT/BOOTX64.EFI ||
	fail "the firmware's boot file is not the signed shim"
update-grub || fail "update-grub"
grub_lists "$debian" || fail "update-grub did not list $debian"
umount /boot/efi
echo ok
