#!/bin/sh
# Make an ext4 image from a directory without loop mounts (mke2fs -d keeps
# owners, modes, setuid bits and ACLs).  With -p, the image is a disk with
# an MBR partition table and the file system in its first partition, from
# 1 MiB on, as a Debian machine that boots through GRUB has it (grub-install
# puts its core image in the gap before the partition).  With -e, the disk
# also has an EFI system partition of 64 MiB after it, left empty: the
# guest formats it (tests/guest/kernel-deb-efi-setup.sh).
#
# usage: mkimage.sh [-p|-e] DIR IMAGE [EXTRA_MIB]
set -eu

part=
case $1 in
-p|-e)	part=$1; shift ;;
esac
dir=$1
img=$2
extra=${3:-512}

mib=$(du -sm "$dir" | cut -f1)
size=$((mib * 5 / 4 + extra))
rm -f "$img.tmp"
echo "  MKE2FS  $(basename "$img") (${size} MiB${part:+, partitioned})"
case $part in
'')
	offset=0
	truncate -s "${size}M" "$img.tmp" ;;
-p)
	offset=1048576
	truncate -s "$((size + 1))M" "$img.tmp"
	echo 'start=2048, type=linux, bootable' | sfdisk -q "$img.tmp" ;;
-e)
	offset=1048576
	truncate -s "$((size + 1 + 64))M" "$img.tmp"
	printf 'start=2048, size=%dMiB, type=linux\ntype=uefi\n' "$size" | sfdisk -q "$img.tmp" ;;
esac
mke2fs -q -t ext4 -F -L "$(basename "$img" .img)" -E offset=$offset -d "$dir" "$img.tmp" "${size}M"
mv "$img.tmp" "$img"
