#!/bin/sh
# usage: inroot.sh ROOT DIR 'command'
#
# Like inchroot.sh, but enters ROOT with pivot_root(8) instead of
# chroot(8): a chrooted process may not create user namespaces
# (unshare(2), EPERM), which the system tests of newgidmap need.  ROOT
# should be a copy of the build root, kept for these tests.
set -eu
root=$1 dir=$2
shift 2
mkdir -p "$root$dir"
exec unshare --mount --propagation private -- sh -ec '
	root=$1 dir=$2
	shift 2
	mount --bind "$root" "$root"
	mount --bind "$dir" "$root$dir"
	mount -t proc proc "$root/proc"
	mount --rbind /dev "$root/dev"
	mount -t tmpfs tmpfs "$root/tmp"
	mkdir -p "$root/.oldroot"
	cd "$root"
	pivot_root . .oldroot
	umount -l /.oldroot
	exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C.UTF-8 sh -c "$*"
' inroot "$root" "$dir" "$@"
