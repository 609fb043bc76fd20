#!/bin/sh
# The README's installation on a machine that boots with Secure Boot on
# (rootfs/kdeb.sh uefi, set up by kernel-deb-efi-setup.sh): shim and GRUB
# booted Debian's signed kernel; the packages are installed with the
# README's "dpkg -i", then its Secure Boot commands run as written, with
# mokutil's password typed twice: a key and certificate made, the
# certificate queued for MokManager, the kernel signed.
. "$TESTS/kernel-deb-lib.sh"

step "Secure Boot is on, and shim and GRUB booted Debian's kernel $debian"
secure_boot_on
[ "$(uname -r)" = "$debian" ] || fail "running $(uname -r), not Debian's $debian"
grep -q "BOOT_IMAGE=/boot/vmlinuz-$debian " /proc/cmdline || fail "GRUB did not boot $debian"

install_packages

step "the README's Secure Boot commands"
readme_commands secure-boot.sh | run_commands "$MOK_PASSWORD" "$MOK_PASSWORD"
ls -l /root/MOK.key
[ "$(stat -c %a /root/MOK.key)" = 600 ] || fail "/root/MOK.key is readable by others than root"

step "the kernel is signed with the key, whose certificate waits for MokManager"
sbverify --list "/boot/vmlinuz-$R"
sbverify --cert /root/MOK.pem "/boot/vmlinuz-$R" || fail "/boot/vmlinuz-$R is not signed with MOK.key"
mokutil --list-new | grep -F 'CN=kernel signing' || fail "mokutil --list-new has no certificate 'kernel signing'"
mokutil --test-key /root/MOK.der
echo ok
