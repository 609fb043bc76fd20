#!/bin/sh
# The README's kernel installation and its rollback, run as written on the
# Debian machine of rootfs/kdeb.sh (Debian's kernel, GRUB, initramfs-tools),
# in three boots of one disk, each a run of tests/run-guest.sh:
#
#   install   the guest kernel booted directly: GRUB put on the disk, then
#             "dpkg -i" of the packages (kernel-deb-install.list)
#   boot      GRUB boots the packaged kernel with its initramfs; then the
#             rollback up to its "reboot" (kernel-deb-boot.list)
#   rollback  GRUB boots Debian's kernel; the rest of the rollback, "apt
#             purge"; uidmap's rollback, then the recipe's install and
#             hold (kernel-deb-rollback.list)
#
# and its Secure Boot commands on the machine of rootfs/kdeb.sh uefi, in
# four boots of another disk, with one copy of OVMF's variables (Secure
# Boot on, Microsoft's keys) for the last three:
#
#   efi-setup    the guest kernel booted directly (no UEFI): shim and
#                GRUB put on the EFI system partition
#   sign         shim and GRUB boot Debian's kernel; "dpkg -i", then the
#                README's Secure Boot commands (kernel-deb-sign.list)
#   enroll       MokManager, driven at the console as the README says
#                (kernel-deb-enroll.keys)
#   secure-boot  shim and GRUB boot the signed kernel of the package
#                (kernel-deb-secure-boot.list)
#
# The packages are those of the guest configuration (make check's
# KERNEL_RELEASE, VERSION-patched: the README's VERSION-sticky).  The
# commands go to the guest as the README has them: the "dpkg -i" lines of
# "The kernel", the code blocks of its "Secure Boot" paragraph, the code
# blocks of the kernel's and uidmap's "Rollback", and the "apt install"
# and "apt-mark hold" lines of the uidmap recipe.
#
# usage: run-kernel-deb.sh OUTDIR BZIMAGE KDEB_IMG KDEB_EFI_IMG TESTS_DIR LISTS_DIR DEBS_DIR README UIDMAP_DIR
# (UIDMAP_DIR: where make built the uidmap .debs; OVMF_CODE and OVMF_VARS
# in the environment: the firmware and the variables it starts from)
# Writes OUTDIR/guest.tap, the results of the seven boots.
set -eu

out=$1
bzimage=$2
img=$3
efi_img=$4
tests=$5
lists=$6
debs=$7
readme=$8
uidmap=$9
: "${OVMF_VARS:?run-kernel-deb.sh: OVMF_VARS, the firmware's variables to start from, is not set}"

rm -rf "$out"
mkdir -p "$out/files/build/kernel-deb"
cp "$debs"/linux-image-*.deb "$debs"/linux-headers-*.deb "$out/files/build/kernel-deb/"
sed -n '/^The kernel$/,/^uidmap$/p' "$readme" | sed -n 's/^    \(dpkg -i \)/\1/p' \
	>"$out/files/install.sh"
# readme_item ITEM: the code block of the item "- ITEM:" of "Rollback"
readme_item() {
	sed -n '/^Rollback$/,/^For packagers$/p' "$readme" |
		awk -v item="- $1:" 'index($0, item) == 1 { on = 1; next } /^- / { on = 0 } on' |
		sed -n 's/^      \([a-z]\)/\1/p'
}
sed -n '/^Secure Boot\. /,/^uidmap$/p' "$readme" | sed -n 's/^    \([a-z ]\)/\1/p' \
	>"$out/files/secure-boot.sh"
readme_item "The kernel" >"$out/files/rollback.sh"
readme_item uidmap >"$out/files/uidmap-rollback.sh"
sed -n '/^uidmap$/,/^The policy file$/p' "$readme" | sed -n 's/^    \(apt install \|apt-mark hold \)/\1/p' \
	>"$out/files/uidmap-install.sh"
mkdir -p "$out/files/uidmap/src"
cp "$uidmap"/uidmap_*.deb "$uidmap"/libsubid[0-9]_*.deb "$out/files/uidmap/"
for f in install.sh secure-boot.sh rollback.sh uidmap-rollback.sh uidmap-install.sh; do
	[ -s "$out/files/$f" ] || { echo "run-kernel-deb.sh: no commands for $f in $readme" >&2; exit 1; }
done
echo "  COPY    $(basename "$img") to $out/root.img, $(basename "$efi_img") to $out/efi.img (the boots write them)"
cp --sparse=always "$img" "$out/root.img"
cp --sparse=always "$efi_img" "$out/efi.img"
cp "$OVMF_VARS" "$out/efi-vars.fd"

# guest MODE NAME BZIMAGE DISK [LIST]: boot DISK (BZIMAGE "-": through its
# boot loader) and run kernel-deb-NAME.list, or type LIST
guest() {
	sh "$(dirname "$0")/run-guest.sh" "$1" "$out/$2" "$3" "$out/$4" \
		"$tests" "${5:-$lists/kernel-deb-$2.list}" "kernel-deb-$2"
}
export ROOT_RW=1 GUEST_ROOT=/dev/vda1 GUEST_FILES="$out/files" GUEST_LANES=1
guest check install "$bzimage" root.img
guest check boot - root.img
guest check rollback - root.img
guest check efi-setup "$bzimage" efi.img
export GUEST_EFI_VARS="$out/efi-vars.fd"
guest check sign - efi.img
guest keys enroll - efi.img "$lists/kernel-deb-enroll.keys"
guest check secure-boot - efi.img
for b in install boot rollback efi-setup sign enroll secure-boot; do
	cat "$out/$b/guest.tap"
done >"$out/guest.tap"
