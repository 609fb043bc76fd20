#!/bin/sh
# Make an ext4 image from a directory without loop mounts (mke2fs -d keeps
# owners, modes, setuid bits and ACLs).
#
# usage: mkimage.sh DIR IMAGE [EXTRA_MIB]
set -eu

dir=$1
img=$2
extra=${3:-512}

mib=$(du -sm "$dir" | cut -f1)
size=$((mib * 5 / 4 + extra))
rm -f "$img.tmp"
echo "  MKE2FS  $(basename "$img") (${size} MiB)"
truncate -s "${size}M" "$img.tmp"
mke2fs -q -t ext4 -F -L "$(basename "$img" .img)" -d "$dir" "$img.tmp"
mv "$img.tmp" "$img"
