#!/bin/sh
# Build the Debian packages of a kernel tree with the kernel's own
# "make bindeb-pkg": linux-image-RELEASE (the kernel, its modules, its
# configuration) and linux-headers-RELEASE (to build modules, DKMS),
# plus linux-libc-dev, which is not needed.  RELEASE is the tree's version
# with LOCALVERSION appended (6.12.118-sticky).
#
# usage: build-deb.sh [-c CONFIG] TREE OBJDIR OUTDIR LOCALVERSION
#
#   -c CONFIG  the configuration to start from, usually a distribution
#              kernel's /boot/config-* (xz-compressed if it ends in .xz):
#              copied to OBJDIR/.config and completed with olddefconfig,
#              with what the build of a distribution's configuration
#              needs changed: no trusted or revoked keys from files this
#              tree does not have (SYSTEM_TRUSTED_KEYS,
#              SYSTEM_REVOCATION_KEYS); no debug information (no -dbg
#              package, a shorter build; BTF goes with it); modules
#              signed with a key the build makes (MODULE_SIG_ALL, when
#              MODULE_SIG is on) so that a kernel under lockdown loads
#              them.  Without -c, OBJDIR is a tree already configured and
#              built with this LOCALVERSION, packaged as it is: only
#              vmlinux is linked again, with the package's build number.
#   TREE       the kernel source tree
#   OBJDIR     the object tree (make O=); bindeb-pkg writes the packages
#              to its parent
#   OUTDIR     where the packages are moved (may be OBJDIR's parent)
#
# Environment: CC (default gcc; "ccache gcc" with CCACHE_BASEDIR), JOBS
# (default: nproc).  Everything runs under nice.  The packages are not
# signed, nor is the kernel for Secure Boot.
set -eu

config=
if [ "${1:-}" = -c ]; then
	config=$2
	shift 2
fi
if [ $# -ne 4 ]; then
	echo "usage: $0 [-c CONFIG] TREE OBJDIR OUTDIR LOCALVERSION" >&2
	exit 2
fi
tree=$(cd "$1" && pwd)
mkdir -p "$2" "$3"
obj=$(cd "$2" && pwd)
out=$(cd "$3" && pwd)
localversion=$4
parent=$(dirname "$obj")
: "${CC:=gcc}" "${JOBS:=$(nproc)}"

kmake() {
	nice make -C "$tree" O="$obj" ARCH=x86_64 CC="$CC" LOCALVERSION="$localversion" "$@"
}

if [ -n "$config" ]; then
	if [ ! -f "$config" ]; then
		echo "$0: no kernel configuration $config" >&2
		exit 1
	fi
	case $config in
	*.xz) xz -dc "$config" >"$obj/.config.new" ;;
	*) cp "$config" "$obj/.config.new" ;;
	esac
	# The same CONFIG again keeps the .config made from it: nothing is
	# rebuilt but what the tree's changes need.
	if ! cmp -s "$obj/.config.new" "$obj/.config.given"; then
		mv "$obj/.config.new" "$obj/.config.given"
		cp "$obj/.config.given" "$obj/.config"
		"$tree/scripts/config" --file "$obj/.config" \
			--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
			--disable DEBUG_INFO --disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
			--disable DEBUG_INFO_DWARF4 --disable DEBUG_INFO_DWARF5 \
			--enable DEBUG_INFO_NONE --enable MODULE_SIG_ALL
		kmake -s olddefconfig
		echo "  CONFIG  $config, olddefconfig: $(grep -c '=[ym]$' "$obj/.config") options enabled"
	fi
	rm -f "$obj/.config.new"
elif [ ! -f "$obj/.config" ]; then
	echo "$0: $obj has no .config: give one with -c CONFIG" >&2
	exit 1
fi

release=$(kmake -s kernelrelease)
rm -f "$parent"/linux-image-*.deb "$parent"/linux-headers-*.deb \
	"$parent"/linux-libc-dev_*.deb "$parent"/linux-upstream_*
echo "  DEBPKG  $release: make bindeb-pkg -j$JOBS (log: $out/bindeb-pkg.log)"
start=$(date +%s)
if ! kmake -j"$JOBS" bindeb-pkg >"$out/bindeb-pkg.log" 2>&1; then
	tail -n 30 "$out/bindeb-pkg.log" >&2
	echo "$0: make bindeb-pkg failed: $out/bindeb-pkg.log" >&2
	exit 1
fi
echo "  DEBPKG  $release in $(($(date +%s) - start))s"
if [ "$parent" != "$out" ]; then
	rm -f "$out"/linux-*.deb "$out"/linux-upstream_*
	mv "$parent"/linux-image-*.deb "$parent"/linux-headers-*.deb \
		"$parent"/linux-libc-dev_*.deb "$parent"/linux-upstream_* "$out/"
fi
for deb in "$out/linux-image-$release"_*.deb "$out/linux-headers-$release"_*.deb; do
	test -f "$deb" || { echo "$0: bindeb-pkg made no $deb" >&2; exit 1; }
	echo "  DEB     $deb"
done
