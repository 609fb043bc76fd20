#!/bin/sh
# Write a kernel series as its sender sends it: the sender as From: of
# every patch and of the cover letter, Assisted-by: and Signed-off-by:
# at the end of each changelog, and the sender's account of how the
# series was made as the "Origin" section of the cover letter
# (Documentation/process/submitting-patches.rst, coding-assistants.rst
# and generated-content.rst).  The committed patches name no author.
#
# usage: stamp-series.sh SERIES_DIR OUTDIR SENDER ASSISTED_BY DISCLOSURE
#
#   SERIES_DIR   kernel/patches or kernel/patches-6.12 (its series file,
#                and 0000-cover-letter.patch if it has one)
#   OUTDIR       made anew; nothing is written there unless every
#                argument is valid
#   SENDER       "Full Name <address>", who certifies the Developer's
#                Certificate of Origin
#   ASSISTED_BY  the Assisted-by: value, "AGENT_NAME:MODEL_VERSION
#                [TOOL...]" as coding-assistants.rst describes it
#   DISCLOSURE   a file: what the cover letter's Origin section says
#                (the tools, their input, the parts they affected, how
#                the series was tested)
set -eu

usage() {
	echo "stamp-series.sh: $*" >&2
	echo "usage: stamp-series.sh SERIES_DIR OUTDIR 'Full Name <address>' 'AGENT:MODEL [TOOL...]' DISCLOSURE_FILE" >&2
	exit 2
}

[ $# -eq 5 ] || usage "five arguments needed, $# given"
series=$1
out=$2
sender=$3
assisted=$4
disclosure=$5

[ -f "$series/series" ] || usage "$series has no series file"
printf '%s\n' "$sender" | grep -Eqx '[^<>@]*[^<>@ ] <[^<>@ ]+@[^<>@ ]+\.[^<>@ ]+>' ||
	usage "SENDER must be 'Full Name <address>', not '$sender'"
printf '%s\n' "$assisted" | grep -Eqx '[^ :]+:[^ :]+( [^ ]+)*' ||
	usage "ASSISTED_BY must be 'AGENT_NAME:MODEL_VERSION [TOOL...]', not '$assisted'"
[ -s "$disclosure" ] || usage "DISCLOSURE must be a file that says how the series was made"

rm -rf "$out.tmp"
mkdir -p "$out.tmp"

# From: SENDER in the mail header, in place of any From: there
header() {
	awk -v sender="$sender" '
		!body && /^From: / { next }
		!body && /^Subject: / { print "From: " sender }
		/^$/ { body = 1 }
		{ print }
	' "$1"
}

n=0
while read -r patch rest; do
	case $patch in ''|'#'*) continue ;; esac
	# The trailers go after the changelog's last line, in the block of
	# trailers if it ends in one
	header "$series/$patch" | awk -v sender="$sender" -v assisted="$assisted" '
		!done && /^---$/ {
			if (last !~ /^[A-Za-z-]+: /)
				print ""
			print "Assisted-by: " assisted
			print "Signed-off-by: " sender
			done = 1
		}
		{ print; if (!done && $0 != "") last = $0 }
	' >"$out.tmp/$patch"
	grep -q "^Signed-off-by: $sender\$" "$out.tmp/$patch" || {
		echo "stamp-series.sh: $patch has no changelog to sign (no '---' line)" >&2
		exit 1
	}
	n=$((n + 1))
done <"$series/series"

cover=$series/0000-cover-letter.patch
if [ -f "$cover" ]; then
	grep -qx 'Origin' "$cover" || {
		echo "stamp-series.sh: $cover has no Origin section" >&2
		exit 1
	}
	# The Origin section: the sender's account, up to the next
	# section; the shortlog under the sender's name
	name=${sender% <*}
	header "$cover" | awk -v file="$disclosure" -v name="$name" '
		/^Patches \([0-9]+\):$/ { sub(/^Patches/, name) }
		/^Origin$/ { print; getline; print; print ""
			while ((getline line < file) > 0) print line
			print ""; skip = 1; next }
		skip && /^Changes in v[0-9]+$/ { skip = 0 }
		!skip { print }
	' >"$out.tmp/0000-cover-letter.patch"
fi
cp "$series/series" "$out.tmp/series"

rm -rf "$out"
mv "$out.tmp" "$out"
echo "  STAMP   $n patches$( [ -f "$cover" ] && echo " and the cover letter") in $out, from $sender"
