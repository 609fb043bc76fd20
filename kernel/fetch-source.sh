#!/bin/sh
# Fetch Debian's linux-source-VERSION package from the release that has
# it, whichever release the host runs, and leave its tarball in DESTDIR as
# linux-source-VERSION.tar.xz: 6.1 from bookworm, 6.12 from trixie, any
# other version from unstable (SUITE overrides), with the release's
# security updates when the host's apt sources list a security archive.
# apt-get runs with a configuration of its own under DESTDIR/apt-SUITE:
# the host's sources, lists, preferences and installed packages are
# neither read by it nor changed, and nothing is installed.  MIRROR
# defaults to the Debian archive that the host's apt sources list
# (debian-mirror.sh).
#
# usage: fetch-source.sh VERSION DESTDIR [MIRROR [SUITE]]
set -eu

version=$1
dest=$2
if [ -n "${3:-}" ]; then
	mirror=$3
elif ! mirror=$(sh "$(dirname "$0")/../debian-mirror.sh"); then
	echo "fetch-source.sh: give a Debian mirror as MIRROR, the third argument (./configure --with-debian-mirror=URL)" >&2
	exit 1
fi
case $version in
6.1) suite=bookworm ;;
6.12) suite=trixie ;;
*) suite=unstable ;;
esac
suite=${4:-$suite}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
pkg=linux-source-$version

test -r "$keyring" || {
	echo "fetch-source.sh: $keyring missing (Debian package debian-archive-keyring)" >&2
	exit 1
}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
apt=$dest/apt-$suite
rm -rf "$apt"
mkdir -p "$apt/state/lists/partial" "$apt/cache/archives/partial" \
	"$apt/sources.list.d" "$apt/preferences.d" "$apt/deb"
echo "deb [signed-by=$keyring] $mirror $suite main" >"$apt/sources.list"
if [ "$suite" != unstable ] &&
   security=$(sh "$(dirname "$0")/../debian-mirror.sh" -s 2>/dev/null); then
	echo "deb [signed-by=$keyring] $security $suite-security main" >>"$apt/sources.list"
fi
: >"$apt/preferences"
: >"$apt/status"

set -- -q -o Dir::State="$apt/state" -o Dir::State::status="$apt/status" \
	-o Dir::Cache="$apt/cache" \
	-o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts="$apt/sources.list.d" \
	-o Dir::Etc::Preferences="$apt/preferences" \
	-o Dir::Etc::PreferencesParts="$apt/preferences.d" \
	-o APT::Sandbox::User=root

echo "  FETCH   $pkg from $suite (log: $apt/apt.log)"
if ! { apt-get "$@" update &&
	(cd "$apt/deb" && apt-get "$@" download "$pkg"); } >"$apt/apt.log" 2>&1; then
	cat "$apt/apt.log" >&2
	echo "fetch-source.sh: could not download $pkg from $suite" >&2
	exit 1
fi

deb=$(ls "$apt/deb/${pkg}_"*.deb)
echo "  DEB     $(basename "$deb")"
dpkg-deb -x "$deb" "$apt/root"
tarball=$apt/root/usr/src/$pkg.tar.xz
test -f "$tarball" || {
	echo "fetch-source.sh: $(basename "$deb") has no usr/src/$pkg.tar.xz" >&2
	exit 1
}
mv "$tarball" "$dest/$pkg.tar.xz.tmp"
mv "$dest/$pkg.tar.xz.tmp" "$dest/$pkg.tar.xz"
rm -rf "$apt/root" "$apt/deb" "$apt/state/lists"
echo "  SOURCE  $dest/$pkg.tar.xz"
