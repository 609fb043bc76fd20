#!/bin/sh
# Debootstrap a minbase guest root with the packages listed in a file.
#
# usage: debootstrap.sh SUITE MIRROR PACKAGES_FILE DEST
set -eu

suite=$1
mirror=$2
pkgfile=$3
dest=$4

pkgs=$(sed -e 's/#.*//' "$pkgfile" | tr -s ' \t\n' ',' | sed -e 's/^,//' -e 's/,$//')

rm -rf "$dest" "$dest.tmp"
echo "  DEBOOTSTRAP $suite minbase + $pkgs (log: $dest.log)"
if ! debootstrap --variant=minbase --include="$pkgs" "$suite" "$dest.tmp" "$mirror" \
		>"$dest.log" 2>&1; then
	tail -n 20 "$dest.log" >&2
	echo "debootstrap.sh: debootstrap failed; full log in $dest.log" >&2
	exit 1
fi
# No package caches in the image.
rm -rf "$dest.tmp"/var/cache/apt/archives/*.deb "$dest.tmp"/var/lib/apt/lists/*
mv "$dest.tmp" "$dest"
