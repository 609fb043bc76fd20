#!/bin/sh
# After the README's Secure Boot commands and MokManager's enrolment: with
# Secure Boot on, shim and GRUB booted the kernel of the package, signed
# with the enrolled key (its package, initramfs and modules:
# kernel-deb.sh).
. "$TESTS/kernel-deb-lib.sh"

step "Secure Boot is on, the key is enrolled, and GRUB booted $R"
secure_boot_on
[ "$(uname -r)" = "$R" ] || fail "running $(uname -r), not $R"
mokutil --test-key /root/MOK.der
mokutil --test-key /root/MOK.der | grep -q 'is already enrolled' ||
	fail "MOK.der is not enrolled"
mokutil --list-new 2>&1 | grep -F 'CN=kernel signing' && fail "the key still waits for MokManager"
echo ok
