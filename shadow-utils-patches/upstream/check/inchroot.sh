#!/bin/sh
# usage: inchroot.sh ROOT DIR 'command'
#
# Run a shell command as root in the Debian root ROOT (made with
# mmdebstrap), with DIR bind-mounted at the same path, in a private mount
# namespace with /proc and /dev, as build-in-chroot.sh does.  For builds.
set -eu
root=$1 dir=$2
shift 2
mkdir -p "$root$dir"
exec unshare --mount --propagation private -- sh -ec '
	root=$1 dir=$2
	shift 2
	mount --bind "$dir" "$root$dir"
	mount -t proc proc "$root/proc"
	mount --rbind /dev "$root/dev"
	exec chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C.UTF-8 sh -c "$*"
' inchroot "$root" "$dir" "$@"
