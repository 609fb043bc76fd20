#!/bin/sh
# Packaging change that is not a quilt patch.  Run in the unpacked shadow
# source directory, after the patches of this directory were added to
# debian/patches/ and to debian/patches/series.  Idempotent.
#
# The patches build and install negative-groups(5), the checker
# negative-groups-check(8) and its page; ship them in the uidmap package
# with newgidmap(1):
#   debian/uidmap.install:  + usr/sbin/negative-groups-check
#   debian/uidmap.manpages: + usr/share/man/man5/negative-groups.5
#                           + usr/share/man/man8/negative-groups-check.8
# and add the autopkgtest of the policy (debian/tests/ of this directory):
#   debian/tests/negative-groups, and its stanza in debian/tests/control
set -e

here=$(cd "$(dirname "$0")" && pwd)

install=debian/uidmap.install
manpages=debian/uidmap.manpages

for f in "$install" "$manpages"; do
	if [ ! -f "$f" ]; then
		echo "$0: $f not found; run this in the shadow source directory" >&2
		exit 1
	fi
done

# add FILE LINE: append LINE to FILE unless it is there
add() {
	if ! grep -qxF "$2" "$1"; then
		printf '%s\n' "$2" >> "$1"
	fi
}

add "$install" usr/sbin/negative-groups-check
add "$manpages" usr/share/man/man5/negative-groups.5
add "$manpages" usr/share/man/man8/negative-groups-check.8

mkdir -p debian/tests
cp "$here/debian/tests/negative-groups" debian/tests/negative-groups
chmod 0755 debian/tests/negative-groups
touch debian/tests/control
if ! grep -qx 'Tests: negative-groups' debian/tests/control; then
	if [ -s debian/tests/control ]; then
		printf '\n' >> debian/tests/control
	fi
	cat "$here/debian/tests/control" >> debian/tests/control
fi
