#!/bin/sh
# The version of the patched shadow packages sorts as the README says:
# above the Debian version it was built from, so that it replaces it, and
# below Debian's next update of it (+debNNuM), so that the update shows in
# "apt list --upgradable" (held back by "apt-mark hold") and is not
# silently ignored.  TAP on stdout.
#
# usage: uidmap-version.sh CHANGELOG RELEASE
#   CHANGELOG  debian/changelog of the patched tree: its first entry is
#              the local version, the second the version it was built from
#   RELEASE    the Debian release number of the suite (13 for trixie)
set -u
changelog=$1
release=$2

ours=$(dpkg-parsechangelog -l "$changelog" -S Version) || exit 1
base=$(dpkg-parsechangelog -l "$changelog" --offset 1 --count 1 -S Version) || exit 1

# Debian's next update of VERSION: +debNNu1, or +debNNuM with M one more
next_update() {
	case $1 in
	*+deb${release}u[0-9]*)
		m=${1##*+deb${release}u}
		echo "${1%+deb${release}u*}+deb${release}u$((m + 1))"
		;;
	*) echo "$1+deb${release}u1" ;;
	esac
}

n=0
check() {
	n=$((n + 1))
	if dpkg --compare-versions "$1" "$2" "$3"; then
		echo "ok $n - $1 $2 $3"
	else
		echo "not ok $n - $1 $2 $3"
	fi
}

echo "1..6"
n=$((n + 1))
case $ours in
"$base"+0sticky[0-9]*) echo "ok $n - $ours is $base+0stickyN" ;;
*) echo "not ok $n - $ours is not $base+0stickyN" ;;
esac
update=$(next_update "$base")
check "$ours" gt "$base"
check "$ours" lt "$update"
# The same rules hold for the rebuild on that update, and on the one after
check "$update+0sticky1" gt "$update"
check "$update+0sticky1" lt "$(next_update "$update")"
# A binNMU of the version it was built from replaces it too
check "$ours" lt "$base+b1"
