#!/bin/sh
# Build the binary packages of an unpacked (and already patched) Debian
# source tree in a chroot of the release it is meant for, so that they
# link that release's libraries whatever the host runs.
#
# usage: build-in-chroot.sh [-t|-u] SUITE SRCDIR OUTDIR [CHROOT]
#
#   -t       do not build: run the tree's unit tests ("make check" in
#            SRCDIR/tests/unit, the cmocka tests; libcmocka-dev is in the
#            chroot) in the tree a former run built, and print one TAP
#            line per test ("ok - shadow/tests/unit/test_x"); the log is
#            OUTDIR/unit-tests.log.  Exit status 0 even when a test failed.
#
#   -u       SRCDIR is a checkout of upstream shadow-utils (not a Debian
#            source package): build it as upstream does (autogen.sh,
#            make), run its unit tests as -t does, and install it with
#            "make install DESTDIR=OUTDIR/destdir"; the log is
#            OUTDIR/upstream-build.log.  Uses the chroot of a former
#            package build (the build dependencies of Debian's shadow of
#            SUITE, which cover upstream's).  Exit status 1 when the build
#            or the installation fails.
#
#   SUITE    Debian suite of the chroot (trixie, bookworm)
#   SRCDIR   the source tree; it is bind-mounted into the chroot and
#            built in place, so it is left configured (config.h)
#   OUTDIR   where the .deb, .buildinfo and .changes files are put
#   CHROOT   the chroot (default: OUTDIR/../chroot-SUITE); made with
#            mmdebstrap --variant=buildd and the build dependencies of
#            SRCDIR/debian/control on first use, reused after that.
#            Remove it to start afresh.
#
# Environment:
#   MIRROR       Debian mirror (default: the Debian archive of the host's
#                apt sources, as ../debian-mirror.sh prints it)
#   JOBS         parallel jobs (default: nproc)
#   DEB_BUILD_OPTIONS  passed on (default "nocheck parallel=JOBS")
#
# Runs as root (mmdebstrap in root mode, chroot(8)); the mounts the build
# needs (/proc, /dev, OUTDIR/.chroot-build at /build and the source tree
# at /build/src) are made in a private mount namespace (unshare -m) and
# vanish with it, so builds with different OUTDIRs can share a chroot.
# Everything runs under nice.
set -eu

test_only=
upstream=
case ${1:-} in
-t)
	test_only=yes
	shift
	;;
-u)
	upstream=yes
	test_only=yes
	shift
	;;
esac
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
	echo "usage: $0 [-t|-u] SUITE SRCDIR OUTDIR [CHROOT]" >&2
	exit 2
fi
suite=$1
src=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)
chroot=${4:-$(dirname "$out")/chroot-$suite}
jobs=${JOBS:-$(nproc)}
ready=$chroot/.sticky-groups-chroot

if [ -n "$upstream" ]; then
	if [ ! -f "$src/autogen.sh" ]; then
		echo "$0: $src/autogen.sh not found: not a checkout of upstream shadow-utils" >&2
		exit 1
	fi
	if [ ! -f "$ready" ]; then
		echo "$0: no chroot $chroot yet: it is made by the package build of a Debian shadow tree" >&2
		exit 1
	fi
elif [ ! -f "$src/debian/control" ]; then
	echo "$0: $src/debian/control not found" >&2
	exit 1
fi

# --- the chroot -----------------------------------------------------------
if [ ! -f "$ready" ]; then
	if [ -n "${MIRROR:-}" ]; then
		mirror=$MIRROR
	elif ! mirror=$(sh "$(dirname "$0")/../debian-mirror.sh"); then
		echo "$0: set MIRROR to a Debian mirror (./configure --with-debian-mirror=URL)" >&2
		exit 1
	fi
	echo "  CHROOT  $suite build chroot: $chroot (log: $chroot.log)"
	rm -rf "$chroot"
	# The build dependencies come from the control file of the tree to
	# build: "apt-get build-dep DIR" reads DIR/debian/control.
	mkdir -p "$chroot.tmp/debian"
	cp "$src/debian/control" "$chroot.tmp/debian/control"
	if ! nice mmdebstrap --mode=root --variant=buildd \
		--include=libcmocka-dev \
		--customize-hook='mkdir -p "$1/tmp/build-deps"' \
		--customize-hook="copy-in $chroot.tmp/debian /tmp/build-deps" \
		--customize-hook='chroot "$1" env DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q /tmp/build-deps' \
		--customize-hook='rm -rf "$1/tmp/build-deps"' \
		"$suite" "$chroot" "$mirror" >"$chroot.log" 2>&1; then
		tail -n 30 "$chroot.log"
		echo "$0: mmdebstrap failed: $chroot.log" >&2
		rm -rf "$chroot.tmp"
		exit 1
	fi
	rm -rf "$chroot.tmp"
	echo "$suite $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$ready"
fi

# In the chroot: a private mount namespace with /proc, /dev, the build
# folder of this OUTDIR at /build (dpkg-buildpackage writes the packages
# to the parent of the tree) and the source tree at /build/src.
work=$out/.chroot-build
mkdir -p "$work/src" "$chroot/build"
in_chroot() {
	unshare --mount --propagation private -- sh -ec '
		c=$1; w=$2; s=$3; shift 3
		mount --bind "$w" "$c/build"
		mount --bind "$s" "$c/build/src"
		mount -t proc proc "$c/proc"
		mount --rbind /dev "$c/dev"
		exec chroot "$c" "$@"
	' in_chroot "$chroot" "$work" "$src" "$@"
}

# --- an upstream tree: upstream's own build -------------------------------
if [ -n "$upstream" ]; then
	echo "  UPSTREAM autogen.sh, make, make install in the $suite chroot (log: $out/upstream-build.log)" >&2
	rm -rf "$work/destdir" "$out/destdir"
	if ! in_chroot env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
		sh -c "cd /build/src && nice ./autogen.sh --enable-man --with-yescrypt \
			--without-selinux --prefix=/usr --sysconfdir=/etc &&
			nice make -j$jobs && nice make install DESTDIR=/build/destdir" \
		>"$out/upstream-build.log" 2>&1; then
		tail -n 30 "$out/upstream-build.log" >&2
		echo "$0: the upstream build failed: $out/upstream-build.log" >&2
		exit 1
	fi
	mv "$work/destdir" "$out/destdir"
fi

# --- the tree's unit tests ------------------------------------------------
if [ -n "$test_only" ]; then
	if [ ! -f "$src/config.status" ]; then
		echo "not ok - shadow/tests/unit # $src was not built"
		exit 0
	fi
	if [ ! -f "$src/tests/unit/Makefile" ]; then
		echo "# $src has no tests/unit"
		exit 0
	fi
	# Built (the package build does not build them) with the tree's own
	# flags, as upstream runs them, not with those of the package: its
	# LDFLAGS need the environment of debian/rules (dh_package_notes),
	# and with -D_FORTIFY_SOURCE vasprintf(3) is __vasprintf_chk, which
	# test_xasprintf's -Wl,-wrap,vasprintf does not catch (it fails so
	# in the stock tree too).
	in_chroot env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
		sh -c "cd /build/src/tests/unit &&
			nice make -j$jobs check CFLAGS='-g -O2' CPPFLAGS= LDFLAGS=" \
		>"$out/unit-tests.log" 2>&1 || true
	sed -n -E \
		-e 's|^PASS: (.*)|ok - shadow/tests/unit/\1|p' \
		-e 's|^(FAIL\|XPASS\|ERROR): (.*)|not ok - shadow/tests/unit/\2 # \1|p' \
		-e 's|^(SKIP\|XFAIL): (.*)|ok - shadow/tests/unit/\2 # SKIP \1|p' \
		"$out/unit-tests.log"
	if ! grep -q -E '^(PASS|FAIL|XPASS|ERROR|SKIP|XFAIL): ' "$out/unit-tests.log"; then
		echo "not ok - shadow/tests/unit # no test ran, see $out/unit-tests.log"
	fi
	exit 0
fi

# A changed debian/control (a new upload) may need more than the chroot has.
if ! in_chroot sh -c 'cd /build/src && dpkg-checkbuilddeps'; then
	echo "$0: $chroot lacks build dependencies of $src; remove it to make it again" >&2
	exit 1
fi

# --- the build --------------------------------------------------------------
rm -f "$work"/*.deb "$work"/*.buildinfo "$work"/*.changes
in_chroot env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
	DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-nocheck parallel=$jobs}" \
	sh -c 'cd /build/src && exec nice dpkg-buildpackage -b -uc -us'
for f in "$work"/*.deb "$work"/*.buildinfo "$work"/*.changes; do
	if [ -e "$f" ]; then
		mv "$f" "$out/"
	fi
done

