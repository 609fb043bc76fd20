#!/bin/sh
# Turn a copy of the debootstrapped root into a bootable guest: the .debs
# under test installed with dpkg, guest-init as PID 1, the fixture laid.
#
# usage: customize.sh BASE DEST GUEST_INIT [DEB...]
set -eu

base=$1
dest=$2
init=$3
shift 3
here=$(dirname "$0")

rm -rf "$dest" "$dest.tmp"
cp -a "$base" "$dest.tmp"

# One dpkg -i for all: a package goes in with the library it needs at
# its own version (trixie's uidmap depends on libsubid5 (= its version)).
if [ $# -gt 0 ]; then
	mkdir -p "$dest.tmp/tmp/debs"
	for deb in "$@"; do
		echo "  DPKG    $(basename "$deb")"
		cp "$deb" "$dest.tmp/tmp/debs/"
	done
	chroot "$dest.tmp" sh -c 'dpkg -i /tmp/debs/*.deb' >"$dest.log" 2>&1 || {
		cat "$dest.log" >&2
		echo "customize.sh: dpkg -i of $* failed in the guest root" >&2
		exit 1
	}
	rm -rf "$dest.tmp/tmp/debs"
fi

install -m 0755 "$init" "$dest.tmp/sbin/guest-init"
echo guest >"$dest.tmp/etc/hostname"
printf '127.0.0.1\tlocalhost guest\n' >"$dest.tmp/etc/hosts"
printf '/dev/vda\t/\text4\tdefaults\t0\t1\n' >"$dest.tmp/etc/fstab"
mkdir -p "$dest.tmp/mnt/tests"

echo "  FIXTURE alice, nogames, proj, /srv, /etc/negative-groups"
sh "$here/fixture.sh" "$dest.tmp"

echo "  PODMAN  rootless configuration and the image tarball"
install -m 0644 "$here/containers/containers.conf" "$here/containers/storage.conf" \
	"$dest.tmp/etc/containers/"
sh "$here/container-image.sh" "$dest.tmp" /usr/local/share/sticky-groups/image.tar
mv "$dest.tmp" "$dest"
