#!/bin/sh
# Turn a copy of the patched guest root into the Debian machine the README
# installs make kernel-deb's kernel on: Debian's own kernel
# (linux-image-amd64, its initramfs made by initramfs-tools with zstd),
# GRUB for BIOS (grub-pc), whose update-grub runs when a kernel is
# installed or removed, and systemd, whose journal the README reads
# (trixie's udev pulls it in, bookworm's does not), from the suite's
# archive.  GRUB goes on the disk
# in the guest (tests/guest/kernel-deb-install.sh); its kernel parameters
# are the guest's: serial console, guest-init.  The package lists stay,
# and Debian's uidmap and libsubid5 wait in apt's cache: the README's
# rollback of uidmap installs them again in the guest, which has no
# network (tests/guest/uidmap-install.sh).
#
# With "uefi", the machine boots through UEFI with Secure Boot: shim and
# GRUB signed for it (shim-signed, grub-efi-amd64-signed) instead of
# grub-pc, with the tools the README's signing commands use (openssl,
# mokutil, sbsigntool), dosfstools for the EFI system partition that the
# guest formats, and that partition, /dev/vda2, in fstab at /boot/efi.
#
# usage: kdeb.sh SRC DEST [bios|uefi]
set -eu

src=$1
dest=$2
firmware=${3:-bios}
case $firmware in
bios)	boot="grub-pc" ;;
uefi)	boot="grub-efi-amd64 grub-efi-amd64-signed shim-signed mokutil sbsigntool openssl dosfstools" ;;
*)	echo "kdeb.sh: unknown firmware '$firmware' (bios or uefi)" >&2; exit 1 ;;
esac

rm -rf "$dest" "$dest.tmp"
cp -a "$src" "$dest.tmp"
echo "  APT     Debian's kernel, GRUB ($firmware), initramfs-tools into $(basename "$dest") (log: $dest.log)"
cp /etc/resolv.conf "$dest.tmp/etc/resolv.conf"
if ! chroot "$dest.tmp" sh -ec '
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	apt-get install -y --no-install-recommends linux-image-amd64 \
		'"$boot"' initramfs-tools zstd systemd
	apt-get clean
	V=$(apt-cache show uidmap | sed -n "s/^Version: //p" | grep -v sticky | head -n 1)
	P="uidmap=$V"
	apt-cache show libsubid5 >/dev/null 2>&1 && P="$P libsubid5=$V"
	apt-get install -y --download-only --allow-downgrades $P' \
		>"$dest.log" 2>&1; then
	tail -n 20 "$dest.log" >&2
	echo "kdeb.sh: installing Debian's kernel and GRUB failed; log in $dest.log" >&2
	exit 1
fi
ls "$dest.tmp"/boot/vmlinuz-* "$dest.tmp"/boot/initrd.img-* >/dev/null

printf '/dev/vda1\t/\text4\tdefaults\t0\t1\n' >"$dest.tmp/etc/fstab"
[ "$firmware" = uefi ] && printf '/dev/vda2\t/boot/efi\tvfat\tumask=0077\t0\t1\n' >>"$dest.tmp/etc/fstab"
cat >>"$dest.tmp/etc/default/grub" <<'EOF'

# The guest: no menu shown, the serial console, guest-init as PID 1
GRUB_TIMEOUT=0
GRUB_TERMINAL=console
GRUB_CMDLINE_LINUX_DEFAULT="rw console=ttyS0 init=/sbin/guest-init panic=-1"
EOF
mv "$dest.tmp" "$dest"
