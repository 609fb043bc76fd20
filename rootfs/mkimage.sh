#!/bin/sh
# Make an ext4 image from a directory without loop mounts (mke2fs -d keeps
# owners, modes, setuid bits and ACLs).  With -p, the image is a disk with
# an MBR partition table and the file system in its one partition, from
# 1 MiB on, as a Debian machine that boots through GRUB has it (grub-install
# puts its core image in the gap before the partition).
#
# usage: mkimage.sh [-p] DIR IMAGE [EXTRA_MIB]
set -eu

part=
if [ "$1" = -p ]; then
	part=1
	shift
fi
dir=$1
img=$2
extra=${3:-512}

mib=$(du -sm "$dir" | cut -f1)
size=$((mib * 5 / 4 + extra))
rm -f "$img.tmp" "$img.fs"
echo "  MKE2FS  $(basename "$img") (${size} MiB${part:+, partitioned})"
if [ -z "$part" ]; then
	truncate -s "${size}M" "$img.tmp"
	mke2fs -q -t ext4 -F -L "$(basename "$img" .img)" -d "$dir" "$img.tmp"
else
	truncate -s "${size}M" "$img.fs"
	mke2fs -q -t ext4 -F -L "$(basename "$img" .img)" -d "$dir" "$img.fs"
	truncate -s "$((size + 1))M" "$img.tmp"
	echo 'start=2048, type=linux, bootable' | sfdisk -q "$img.tmp"
	dd if="$img.fs" of="$img.tmp" bs=1M seek=1 conv=notrunc,sparse status=none
	rm "$img.fs"
fi
mv "$img.tmp" "$img"
