#!/bin/sh
# The first steps on a Debian 13 host, in a trixie chroot instead of a
# machine: mmdebstrap makes a minbase trixie from the host's mirror, with
# the apt sources a trixie installation has (debian.sources: trixie,
# trixie-updates, trixie-security; no deb-src), the tracked files of this
# tree are copied into /src, and there, as root:
#
#   shadow 1:4.17.4-2+deb13u1           the source the recipe gets: Debian's,
#                                       or the reconstruction from a local
#                                       source repository when
#                                       trixie-security does not serve it
#   the README's uidmap recipe          as written ("Deploying on Debian
#                                       13", with /path/to/ as /src/), in
#                                       /root, before anything else; apt
#                                       answers its questions "yes", as
#                                       the administrator would
#   uidmap installed                    1:4.17.4-2+deb13u1+0sticky1 of uidmap
#                                       and libsubid5,
#                                       held, negative-groups-check there
#   uidmap rollback                     the README's: unhold, apt-get
#                                       install --allow-downgrades of
#                                       Debian's version
#   ./bootstrap                         packages, deb-src entries, ./configure
#                                       (linux-source-6.12; 6.1 is not in trixie)
#   ./configure                         the default: trixie, its 6.12
#   ./configure --with-suite=bookworm   6.1, which trixie does not have
#   make .../build/linux-source-6.1.tar.xz
#                                       kernel/fetch-source.sh takes it
#                                       from bookworm into build/
#
# One TAP line per step ("ok - debian13/bootstrap"); the output of all of
# them is in CHROOT.log.  Exit status 1 when a step failed.  Nothing on
# the host changes but CHROOT, which is made again on each run; the
# steps run in a private mount namespace (/proc, /dev).  Needs root,
# mmdebstrap and about 4 GB under CHROOT.
#
# usage: tests/debian13-host.sh CHROOT [MIRROR]
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
chroot=$1
if [ -n "${2:-}" ]; then
	mirror=$2
elif ! mirror=$(sh "$here/debian-mirror.sh"); then
	echo "$0: give a Debian mirror as the second argument" >&2
	exit 2
fi
log=$chroot.log

rm -rf "$chroot"
: >"$log"
echo "# trixie chroot from $mirror (log: $log)"
if ! nice mmdebstrap --mode=root --variant=minbase trixie "$chroot" "$mirror" >>"$log" 2>&1; then
	echo "not ok - debian13/mmdebstrap # see $log"
	exit 1
fi
echo "ok - debian13/mmdebstrap $(cat "$chroot/etc/debian_version")"
# The sources of a trixie installation, with the host's mirrors.
rm -f "$chroot/etc/apt/sources.list"
{
	printf 'Types: deb\nURIs: %s\nSuites: trixie trixie-updates\nComponents: main\n' "$mirror"
	printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
	if security=$(sh "$here/debian-mirror.sh" -s 2>/dev/null); then
		printf '\nTypes: deb\nURIs: %s\nSuites: trixie-security\nComponents: main\n' "$security"
		printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
	fi
} >"$chroot/etc/apt/sources.list.d/debian.sources"
# Debian 13's shadow, 1:4.17.4-2+deb13u1, as "apt-get source shadow" of the
# recipe takes it: from trixie-security when it serves the source, else
# the reconstruction of shadow-utils-patches/deb13u1.sh, served from a
# local source repository (/srv/deb13u1) in /etc/apt/sources.list, which
# apt reads before debian.sources: of two sources of the same version,
# apt-get source takes the first.
sh "$here/shadow-utils-patches/deb13u1.sh" source "$chroot.deb13u1" "$mirror" >>"$log" 2>&1 || {
	echo "not ok - debian13/shadow-source # see $log"
	exit 1
}
dsc=$(readlink "$chroot.deb13u1/shadow.dsc")
case $dsc in
*/recon/*)
	mkdir -p "$chroot/srv/deb13u1"
	(cd "$(dirname "$dsc")" && dcmd cp "$(basename "$dsc")" "$chroot/srv/deb13u1/")
	(cd "$chroot/srv/deb13u1" && dpkg-scansources . /dev/null >Sources 2>/dev/null && gzip -k Sources)
	echo 'deb-src [trusted=yes] file:/srv/deb13u1 ./' >"$chroot/etc/apt/sources.list"
	echo "ok - debian13/shadow-source the reconstruction of 1:4.17.4-2+deb13u1, served from /srv/deb13u1 (trixie-security does not serve Debian's source)"
	;;
*)
	echo "ok - debian13/shadow-source Debian's 1:4.17.4-2+deb13u1, from trixie-security"
	;;
esac
cp -L /etc/resolv.conf "$chroot/etc/resolv.conf"
mkdir -p "$chroot/src"
git -C "$here" ls-files -z | (cd "$here" && xargs -0 tar -cf - --) | tar -xf - -C "$chroot/src"

# step NAME COMMAND: run COMMAND in /src of the chroot, report it
failed=0
step() {
	name=$1
	shift
	echo "=== $name: $*" >>"$log"
	if unshare --mount --propagation private -- sh -ec '
		c=$1; shift
		mount -t proc proc "$c/proc"
		mount --rbind /dev "$c/dev"
		exec chroot "$c" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
			LC_ALL=C.UTF-8 sh -c "cd /src && nice $*"
	' step "$chroot" "$@" >>"$log" 2>&1; then
		echo "ok - debian13/$name"
	else
		echo "not ok - debian13/$name # see $log"
		failed=1
	fi
}

# The code block of the README's "uidmap" section, its lines unindented
sed -n '/^uidmap$/,/^The policy file$/p' "$here/README" | sed -n 's/^    //p' |
	sed 's|/path/to/|/src/|g' >"$chroot/root/uidmap-recipe.sh"
echo 'APT::Get::Assume-Yes "true";' >"$chroot/etc/apt/apt.conf.d/90yes"
step uidmap-recipe 'sh -exc "cd /root && . ./uidmap-recipe.sh"'
step uidmap-installed 'dpkg-query -W -f "\${Version}\n" uidmap libsubid5 | grep -c "^1:4.17.4-2+deb13u1+0sticky1\$" | grep -qx 2 &&
	test "$(apt-mark showhold | tr "\n" " ")" = "libsubid5 uidmap " &&
	test -u /usr/bin/newgidmap && test -x /usr/sbin/negative-groups-check'
# The README's rollback of uidmap: unhold, Debian's version again (from
# the patched one: without it, this proves nothing)
step uidmap-rollback 'dpkg-query -W -f "\${Version}" uidmap | grep -q "+0sticky1\$" &&
	apt-mark unhold uidmap libsubid5 &&
	V=$(apt-cache show uidmap | sed -n "s/^Version: //p" | grep -v sticky | head -n 1) &&
	apt-get install --allow-downgrades uidmap=$V libsubid5=$V &&
	test "$(dpkg-query -W -f "\${Version}" uidmap)" = "$V" && test -z "$(apt-mark showhold)"'
rm "$chroot/etc/apt/apt.conf.d/90yes"

step bootstrap ./bootstrap
step linux-source 'dpkg-query -W linux-source-6.12 && ! dpkg-query -W linux-source-6.1'
step configure ./configure
step configure-bookworm ./configure --with-suite=bookworm
step fetch-6.1 make /src/build/linux-source-6.1.tar.xz
exit $failed
