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
rm -f "$img.tmp"
echo "  MKE2FS  $(basename "$img") (${size} MiB${part:+, partitioned})"
if [ -n "$part" ]; then
	offset=1048576
	truncate -s "$((size + 1))M" "$img.tmp"
	echo 'start=2048, type=linux, bootable' | sfdisk -q "$img.tmp"
else
	offset=0
	truncate -s "${size}M" "$img.tmp"
fi
mke2fs -q -t ext4 -F -L "$(basename "$img" .img)" -E offset=$offset -d "$dir" "$img.tmp" "${size}M"
mv "$img.tmp" "$img"
