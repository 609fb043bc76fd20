#!/bin/sh
# Make the tarball of the container image the guest tests import with
# "podman import": busybox for a shell, and util-linux's setpriv, unshare
# and nsenter with the libraries they link, all copied from the guest
# root itself, so nothing is downloaded.
#
# usage: container-image.sh GUEST_ROOT TARBALL_IN_GUEST
set -eu

root=$1
tarball=$2
bins="/bin/busybox /usr/bin/setpriv /usr/bin/unshare /usr/bin/nsenter"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/usr/bin" "$stage/etc" "$stage/tmp" \
	"$stage/proc" "$stage/sys" "$stage/dev" "$stage/srv" "$stage/tests"
chmod 1777 "$stage/tmp"
# mktemp -d makes the folder 0700: the container's / must be searchable by
# every user in it, or nobody could run anything there.
chmod 0755 "$stage"

for bin in $bins; do
	[ -x "$root$bin" ] || { echo "container-image.sh: $bin is not in $root" >&2; exit 1; }
	cp -p "$root$bin" "$stage$bin"
	# ldd run in the guest root: the libraries are the guest's own.
	chroot "$root" ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
done | sort -u | while read -r lib; do
	mkdir -p "$stage$(dirname "$lib")"
	cp -pL "$root$lib" "$stage$lib"
done

for applet in sh cat id grep sed sleep mkfifo mktemp readlink kill echo ls \
		chmod chown rm; do
	ln -s busybox "$stage/bin/$applet"
done
printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' \
	'nobody:x:65534:65534:nobody:/nonexistent:/bin/sh' >"$stage/etc/passwd"
printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' >"$stage/etc/group"

mkdir -p "$root$(dirname "$tarball")"
tar -C "$stage" --numeric-owner --owner=0 --group=0 -cf "$root$tarball" .
echo "  IMAGE   $tarball: $(du -k "$root$tarball" | cut -f1) KiB"
