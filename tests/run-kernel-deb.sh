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
# The packages are those of the guest configuration (make check's
# KERNEL_RELEASE, VERSION-patched: the README's VERSION-sticky).  The
# commands go to the guest as the README has them: the "dpkg -i" lines of
# "The kernel", the code blocks of the kernel's and uidmap's "Rollback",
# and the "apt install" and "apt-mark hold" lines of the uidmap recipe.
#
# usage: run-kernel-deb.sh OUTDIR BZIMAGE KDEB_IMG TESTS_DIR LISTS_DIR DEBS_DIR README UIDMAP_DIR
# (UIDMAP_DIR: where make built the uidmap .debs)
# Writes OUTDIR/guest.tap, the results of the three boots.
set -eu

out=$1
bzimage=$2
img=$3
tests=$4
lists=$5
debs=$6
readme=$7
uidmap=$8

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
readme_item "The kernel" >"$out/files/rollback.sh"
readme_item uidmap >"$out/files/uidmap-rollback.sh"
sed -n '/^uidmap$/,/^The policy file$/p' "$readme" | sed -n 's/^    \(apt install \|apt-mark hold \)/\1/p' \
	>"$out/files/uidmap-install.sh"
mkdir -p "$out/files/uidmap/src"
cp "$uidmap"/uidmap_*.deb "$uidmap"/libsubid[0-9]_*.deb "$out/files/uidmap/"
for f in install.sh rollback.sh uidmap-rollback.sh uidmap-install.sh; do
	[ -s "$out/files/$f" ] || { echo "run-kernel-deb.sh: no commands for $f in $readme" >&2; exit 1; }
done
echo "  COPY    $(basename "$img") to $out/root.img (the three boots write it)"
cp --sparse=always "$img" "$out/root.img"

# guest NAME BZIMAGE: boot the disk (BZIMAGE "-": through GRUB) and run
# kernel-deb-NAME.list
guest() {
	sh "$(dirname "$0")/run-guest.sh" check "$out/$1" "$2" "$out/root.img" \
		"$tests" "$lists/kernel-deb-$1.list" "kernel-deb-$1"
}
export ROOT_RW=1 GUEST_ROOT=/dev/vda1 GUEST_FILES="$out/files" GUEST_LANES=1
guest install "$bzimage"
guest boot -
guest rollback -
cat "$out/install/guest.tap" "$out/boot/guest.tap" "$out/rollback/guest.tap" >"$out/guest.tap"
