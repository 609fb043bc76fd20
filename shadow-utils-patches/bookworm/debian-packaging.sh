#!/bin/sh
# Packaging change that is not a quilt patch.  Run in the unpacked shadow
# source directory, after the patches of this directory were added to
# debian/patches/ and to debian/patches/series.  Idempotent.
#
# The patches build and install negative-groups(5); ship it in the uidmap
# package with newgidmap(1):
#   debian/uidmap.manpages: + usr/share/man/man5/negative-groups.5
set -e

manpages=debian/uidmap.manpages
page=usr/share/man/man5/negative-groups.5

if [ ! -f "$manpages" ]; then
	echo "$0: $manpages not found; run this in the shadow source directory" >&2
	exit 1
fi
if ! grep -qxF "$page" "$manpages"; then
	printf '%s\n' "$page" >> "$manpages"
fi
