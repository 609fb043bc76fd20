#!/bin/sh
# Debian 13's shadow as it ships today, 1:4.17.4-2+deb13u1 (trixie-security),
# whose source the archive may not serve.
#
# usage: deb13u1.sh source OUTDIR [MIRROR]
#        deb13u1.sh compare OUTDIR [MIRROR]
#
#   source   leave OUTDIR/shadow.dsc, a link to the source package of
#            1:4.17.4-2+deb13u1: Debian's own when trixie-security serves
#            it (apt-get checks it against the SHA256 of the Sources
#            index), else the reconstruction: Debian's 1:4.17.4-2 with
#            deb13u1/Remove-fd-N-open-proc-files-with-openat2.patch added
#            to debian/patches and a changelog entry of that version dated
#            as Debian's upload (the man pages carry that date).  The first
#            line printed says which.
#
#   compare  build 1:4.17.4-2 as it is and the source of "source" with
#            build-in-chroot.sh in OUTDIR/../chroot-trixie, download
#            Debian's uidmap of both versions (amd64), and compare the
#            .text of newgidmap and newuidmap: rebuilt -2 against Debian's
#            -2 (does the build reproduce?), the source of "source"
#            against Debian's +deb13u1.  Compared are the disassembly
#            (objdump -d) without addresses: the address column, the
#            targets of jumps and calls and the displacements of
#            %rip-relative operands are replaced by one word; opcodes,
#            registers, other constants and the order and count of the
#            instructions, alignment padding included, are kept.  Then
#            the sections loaded in memory that differ byte for byte are
#            named (a build ID is expected: it hashes the build paths).
#            Prints a verdict per pair and exits 1 unless all four .text
#            are equal.
#
# apt-get runs with a configuration of its own under OUTDIR/apt (trixie
# and trixie-security of MIRROR and of debian-mirror.sh -s): nothing is
# installed on the host, and the host's apt state is neither read nor
# changed.
set -eu

version=1:4.17.4-2+deb13u1
base=1:4.17.4-2
here=$(cd "$(dirname "$0")" && pwd)

if [ $# -lt 2 ]; then
	echo "usage: $0 source|compare OUTDIR [MIRROR]" >&2
	exit 2
fi
mode=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)
if [ -n "${3:-}" ]; then
	mirror=$3
elif ! mirror=$(sh "$here/../debian-mirror.sh"); then
	echo "$0: give a Debian mirror as the third argument" >&2
	exit 1
fi
security=$(sh "$here/../debian-mirror.sh" -s 2>/dev/null) ||
	security=$(echo "$mirror" | sed 's|/debian/*$|/debian-security|')
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

# A private apt for trixie, updated once per run (the host's apt state is
# neither read nor changed).
apt=$out/apt
apt_ready=
apt_get() {
	apt_init
	apt-get -q -o Dir::State="$apt/state" -o Dir::State::status="$apt/status" \
		-o Dir::Cache="$apt/cache" \
		-o Dir::Etc::SourceList="$apt/sources.list" \
		-o Dir::Etc::SourceParts="$apt/sources.list.d" \
		-o Dir::Etc::Preferences="$apt/preferences" \
		-o Dir::Etc::PreferencesParts="$apt/preferences.d" \
		-o APT::Sandbox::User=root "$@"
}
apt_init() {
	if [ -z "$apt_ready" ]; then
		# The lists of a former run are kept: apt-get update then
		# fetches only what changed.
		mkdir -p "$apt/state/lists/partial" "$apt/cache/archives/partial" \
			"$apt/sources.list.d" "$apt/preferences.d"
		for t in deb deb-src; do
			echo "$t [signed-by=$keyring] $mirror trixie main"
			echo "$t [signed-by=$keyring] $security trixie-security main"
		done >"$apt/sources.list"
		: >"$apt/preferences"
		: >"$apt/status"
		apt_ready=yes
		apt_get update >"$apt/update.log" 2>&1 || {
			cat "$apt/update.log" >&2
			echo "$0: apt-get update failed" >&2
			exit 1
		}
	fi
}

# --- source ------------------------------------------------------------
make_source() {
	# Made in OUTDIR/new, and moved in place only once complete: when the
	# archive does not answer, the source of a former run stays.
	w=$out/new
	rm -rf "$w"
	mkdir -p "$w/debian-src"
	if (cd "$w/debian-src" && apt_get source --download-only "shadow=$version") \
		>"$out/source.log" 2>&1; then
		echo "  SOURCE  shadow $version: Debian's own, served by trixie-security (its SHA256 checked against the Sources index)"
		rm -rf "$out/debian-src" "$out/recon" "$out/shadow.dsc"
		mv "$w/debian-src" "$out/debian-src"
		ln -s "$(ls "$out"/debian-src/shadow_*.dsc)" "$out/shadow.dsc"
		rm -rf "$w"
		return 0
	fi
	echo "  SOURCE  shadow $version: the reconstruction (trixie-security does not serve Debian's source; $out/source.log)"
	mkdir -p "$w/recon"
	(cd "$w/recon" && apt_get source --download-only "shadow=$base") \
		>>"$out/source.log" 2>&1 || {
		cat "$out/source.log" >&2
		echo "$0: could not download shadow $base" >&2
		exit 1
	}
	dpkg-source -x "$w/recon/shadow_4.17.4-2.dsc" "$w/recon/shadow-4.17.4" \
		>>"$out/source.log" 2>&1
	p=Remove-fd-N-open-proc-files-with-openat2.patch
	cp "$here/deb13u1/$p" "$w/recon/shadow-4.17.4/debian/patches/debian/$p"
	echo "debian/$p" >>"$w/recon/shadow-4.17.4/debian/patches/series"
	cl=$w/recon/shadow-4.17.4/debian/changelog
	{
		cat <<-ENTRY
		shadow ($version) trixie-security; urgency=medium

		  * Reconstruction of Debian's security update $version, whose
		    source was not served, from its binaries: newuidmap/newgidmap no
		    longer take fd:N and open the files under /proc/PID with openat2(2)
		    (debian/patches/debian/$p).  Dated as Debian's upload.

		 -- sticky-groups build <build@localhost>  Tue, 17 Nov 2026 11:10:39 +0100

		ENTRY
		cat "$cl"
	} >"$cl.new"
	mv "$cl.new" "$cl"
	(cd "$w/recon" && SOURCE_DATE_EPOCH=$(date -d "Tue, 17 Nov 2026 11:10:39 +0100" +%s) dpkg-source -b shadow-4.17.4) >>"$out/source.log" 2>&1 || {
		cat "$out/source.log" >&2
		echo "$0: dpkg-source -b failed" >&2
		exit 1
	}
	rm -rf "$w/recon/shadow-4.17.4"
	rm -rf "$out/debian-src" "$out/recon" "$out/shadow.dsc"
	mv "$w/recon" "$out/recon"
	ln -s "$out/recon/shadow_4.17.4-2+deb13u1.dsc" "$out/shadow.dsc"
	rm -rf "$w"
}

# --- compare -----------------------------------------------------------
norm() {
	objdump -d --no-show-raw-insn -j .text "$1" |
	sed -n -E '/^ *[0-9a-f]+:/{
		s/^ *[0-9a-f]+:[[:space:]]*//
		s/[[:space:]]*#.*$//
		s/[0-9a-f]+ <[^>]*>/TARGET/g
		s/-?0x[0-9a-f]+\(%rip\)/DISP(%rip)/g
		s/[[:space:]]+$//
		p
	}'
}

# build NAME DSC: the uidmap of DSC unpacked in OUTDIR/NAME/root; a build
# of the same source (the SHA256 of its files) is kept from a former run
build() {
	dsc=$(readlink -f "$2")
	sum=$(cd "$(dirname "$dsc")" && dcmd sha256sum "$(basename "$dsc")")
	if [ -x "$out/$1/root/usr/bin/newgidmap" ] &&
	   [ "$sum" = "$(cat "$out/$1/source.sha256" 2>/dev/null)" ]; then
		echo "          (kept from a former build of the same source)"
		return 0
	fi
	rm -rf "$out/$1"
	mkdir -p "$out/$1"
	dpkg-source -x "$dsc" "$out/$1/src" >"$out/$1.log" 2>&1
	if ! MIRROR=$mirror sh "$here/build-in-chroot.sh" trixie "$out/$1/src" "$out/$1" \
		"$(dirname "$out")/chroot-trixie" >>"$out/$1.log" 2>&1; then
		tail -n 20 "$out/$1.log" >&2
		echo "$0: the build of $1 failed: $out/$1.log" >&2
		exit 1
	fi
	dpkg-deb -x "$out/$1"/uidmap_*.deb "$out/$1/root"
	echo "$sum" >"$out/$1/source.sha256"
}

# sections_differ A B: the sections loaded in memory (those objcopy -O
# binary dumps) whose bytes differ between ELF files A and B, or " none"
sections_differ() {
	list=
	for sec in $(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p'); do
		objcopy -O binary --only-section="$sec" "$1" "$out/sec.a" 2>/dev/null || continue
		objcopy -O binary --only-section="$sec" "$2" "$out/sec.b" 2>/dev/null || continue
		cmp -s "$out/sec.a" "$out/sec.b" || list="$list $sec"
	done
	rm -f "$out/sec.a" "$out/sec.b"
	echo "${list:- none}"
}

compare() { # LABEL OURS THEIRS
	for prog in newgidmap newuidmap; do
		a=$2/usr/bin/$prog
		b=$3/usr/bin/$prog
		if cmp -s "$a" "$b"; then
			echo "  SAME    $1: $prog bit for bit"
			continue
		fi
		norm "$a" >"$a.s"
		norm "$b" >"$b.s"
		n=$(wc -l <"$b.s")
		if cmp -s "$a.s" "$b.s"; then
			echo "  SAME    $1: $prog .text, $n instructions, equal without addresses; loaded sections that differ byte for byte:$(sections_differ "$a" "$b")"
		else
			d=$(diff "$a.s" "$b.s" | grep -c '^[<>]' || true)
			echo "  DIFFER  $1: $prog .text: $d of $n instruction lines differ ($a.s, $b.s)"
			status=1
		fi
	done
}

case $mode in
source)
	make_source
	;;
compare)
	make_source
	rm -rf "$out/debian-deb"
	mkdir -p "$out/debian-deb"
	(cd "$out/debian-deb" && apt_get download "uidmap:amd64=$base" "uidmap:amd64=$version") \
		>"$out/download.log" 2>&1 || {
		cat "$out/download.log" >&2
		echo "$0: could not download Debian's uidmap $base and $version" >&2
		exit 1
	}
	for v in 2 2+deb13u1; do
		dpkg-deb -x "$out"/debian-deb/uidmap_1%3a4.17.4-${v}_amd64.deb "$out/debian-deb/$v"
	done
	echo "  BUILD   shadow $base, as Debian's source is (log: $out/rebuilt-2.log)"
	rm -rf "$out/base"
	mkdir -p "$out/base"
	(cd "$out/base" && apt_get source --download-only "shadow=$base") \
		>>"$out/download.log" 2>&1 || {
		cat "$out/download.log" >&2
		echo "$0: could not download shadow $base" >&2
		exit 1
	}
	build rebuilt-2 "$out/base/shadow_4.17.4-2.dsc"
	echo "  BUILD   shadow $version, the source above (log: $out/rebuilt-deb13u1.log)"
	build rebuilt-deb13u1 "$out/shadow.dsc"
	status=0
	compare "rebuilt $base vs Debian's $base" "$out/rebuilt-2/root" "$out/debian-deb/2"
	compare "rebuilt $version vs Debian's $version" "$out/rebuilt-deb13u1/root" "$out/debian-deb/2+deb13u1"
	if [ $status -eq 0 ]; then
		echo "  VERDICT equal: the build reproduces Debian's $base, and the source of $version gives the code of Debian's $version in both helpers"
	else
		echo "  VERDICT not equal: see the DIFFER lines"
	fi
	exit $status
	;;
*)
	echo "usage: $0 source|compare OUTDIR [MIRROR]" >&2
	exit 2
	;;
esac
