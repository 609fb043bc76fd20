#!/bin/sh
# Build sparse from the source of Debian unstable into DESTDIR/sparse.
# The kernel's C=1 refuses a sparse that does not know what the tree
# uses (Linux 7.2 checks for __typeof_unqual__, which the 0.6.4 of
# Debian 12 and 13 lacks: scripts/checker-valid.sh), and unstable's
# binary needs a newer libc than the host's; its source builds with the
# host's gcc.  apt-get runs with a configuration of its own under
# DESTDIR/apt, as kernel/fetch-source.sh does; nothing is installed.
#
# usage: build-sparse.sh DESTDIR [MIRROR]
set -eu

dest=$1
if [ -n "${2:-}" ]; then
	mirror=$2
elif ! mirror=$(sh "$(dirname "$0")/../debian-mirror.sh"); then
	echo "build-sparse.sh: give a Debian mirror as MIRROR" >&2
	exit 1
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
apt=$dest/apt
rm -rf "$apt" "$dest/src" "$dest/sparse"
mkdir -p "$apt/state/lists/partial" "$apt/cache/archives/partial" \
	"$apt/sources.list.d" "$apt/preferences.d" "$dest/src"
echo "deb-src [signed-by=$keyring] $mirror unstable main" >"$apt/sources.list"
: >"$apt/preferences"
: >"$apt/status"
set -- -q -o Dir::State="$apt/state" -o Dir::State::status="$apt/status" \
	-o Dir::Cache="$apt/cache" \
	-o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts="$apt/sources.list.d" \
	-o Dir::Etc::Preferences="$apt/preferences" \
	-o Dir::Etc::PreferencesParts="$apt/preferences.d" \
	-o APT::Sandbox::User=root

echo "  FETCH   sparse source from unstable (log: $dest/build.log)"
{
	apt-get "$@" update &&
	(cd "$dest/src" && apt-get "$@" source --download-only sparse) &&
	dpkg-source -x "$dest"/src/sparse_*.dsc "$dest/src/sparse" &&
	# Debian's Makefile names unstable's compiler: the host's builds it
	make -C "$dest/src/sparse" -j"$(nproc)" CC=gcc sparse
} >"$dest/build.log" 2>&1 || {
	tail -n 20 "$dest/build.log" >&2
	echo "build-sparse.sh: could not build sparse (log: $dest/build.log)" >&2
	exit 1
}
cp "$dest/src/sparse/sparse" "$dest/sparse"
rm -rf "$apt/state/lists"
echo "  SPARSE  $dest/sparse ($(sed -n 's/^Version: //p' "$dest"/src/sparse_*.dsc))"
