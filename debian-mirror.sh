#!/bin/sh
# Print the URI of the Debian archive that the host's apt sources list,
# so that the build fetches from the mirror the host already uses and no
# mirror is written into the project.
#
# usage: debian-mirror.sh [-s]
#
#   -s       the Debian security archive instead: the URI of the entry
#            whose suite is RELEASE-security
#
# The sources are those apt reads: APT_SOURCES_DIR/sources.list (one-line
# entries, "deb [OPTIONS] URI SUITE COMPONENT...") and the *.list and
# *.sources (deb822: Types, URIs, Suites, Components...) files of
# APT_SOURCES_DIR/sources.list.d, in that order; APT_SOURCES_DIR defaults
# to /etc/apt.  The Debian entry is a "deb" entry with component main
# for a Debian release, a codename such as bookworm or sid or an alias
# such as stable or unstable, possibly with -updates, -backports or
# -proposed-updates; its URI does not end in -security (a security
# archive).  With -s, it is one for RELEASE-security instead.  Entries
# signed by a key other than Debian's archive keyring are someone else's
# repository and are skipped, and so are those for an alias whose URI
# does not end in /debian (-s: /debian-security).  Of several entries, a
# codename beats an alias and a URI ending so beats another one; then the
# first in apt's order wins.
#
# Exits 1, saying so, when the sources have no Debian entry.
set -eu

want=archive
case ${1:-} in
'') ;;
-s|--security) want=security ;;
*)
	echo "usage: $0 [-s]" >&2
	exit 2
	;;
esac
dir=${APT_SOURCES_DIR:-/etc/apt}

# Debian's release names: those of distro-info-data when it is installed
# (it knows the releases named after this was written), and these.
releases="buzz rex bo hamm slink potato woody sarge etch lenny squeeze
wheezy jessie stretch buster bullseye bookworm trixie forky duke sid"
if [ -r /usr/share/distro-info/debian.csv ]; then
	releases="$releases $(awk -F, 'NR > 1 { print $3 }' /usr/share/distro-info/debian.csv)"
fi
releases=$(echo "$releases" | tr '\n' ' ')
aliases="oldoldstable oldstable stable testing unstable experimental"

set --
if [ -f "$dir/sources.list" ]; then
	set -- "$dir/sources.list"
fi
for f in "$dir"/sources.list.d/*; do
	case $f in
	*.list|*.sources)
		if [ -f "$f" ]; then
			set -- "$@" "$f"
		fi
		;;
	esac
done

uri=
if [ $# -gt 0 ]; then
	uri=$(awk -v want="$want" -v releases="$releases" -v aliases="$aliases" '
	BEGIN {
		n = split(releases, r)
		for (i = 1; i <= n; i++)
			release[r[i]] = 1
		n = split(aliases, r)
		for (i = 1; i <= n; i++)
			alias[r[i]] = 1
		best = ""
		bestrank = 100
	}

	function has(list, word,   w, n, i) {
		n = split(list, w)
		for (i = 1; i <= n; i++)
			if (w[i] == word)
				return 1
		return 0
	}

	# One entry: its types, URIs, suites and components (space-separated
	# lists), its Signed-By and its Enabled field.
	function consider(types, uris, suites, comps, signedby, enabled,
			u, s, n, i, base, rank, suiterank, urirank) {
		if (tolower(enabled) == "no" || !has(types, "deb") || !has(comps, "main"))
			return
		if (signedby != "" && signedby !~ /debian-archive/)
			return
		suiterank = 100
		n = split(suites, s)
		for (i = 1; i <= n; i++) {
			base = s[i]
			if (want == "security") {
				if (!sub(/-security$/, "", base))
					continue
			} else {
				if (base ~ /-security$/)
					continue
				sub(/-(updates|backports|backports-sloppy|proposed-updates)$/, "", base)
			}
			if (base in release)
				rank = 0
			else if (base in alias)
				rank = 2
			else
				continue
			if (rank < suiterank)
				suiterank = rank
		}
		if (suiterank == 100)
			return
		n = split(uris, u)
		for (i = 1; i <= n; i++) {
			if (u[i] ~ /^cdrom:/)
				continue
			sub(/\/+$/, "", u[i])
			if (want == "security") {
				urirank = (u[i] ~ /\/debian-security$/) ? 0 : 1
			} else {
				if (u[i] ~ /-security$/)
					continue
				urirank = (u[i] ~ /\/debian$/) ? 0 : 1
			}
			# An alias (stable...) is common in other repositories.
			if (suiterank == 2 && urirank == 1)
				continue
			if (suiterank + urirank < bestrank) {
				best = u[i]
				bestrank = suiterank + urirank
			}
		}
	}

	# deb822 stanzas (*.sources): fields up to a blank line or the end
	# of the file; comments and continuation lines carry nothing we use.
	function stanza() {
		if (nfields)
			consider(f["types"], f["uris"], f["suites"], f["components"],
				f["signed-by"], f["enabled"])
		split("", f)
		nfields = 0
	}

	FNR == 1 { stanza() }

	FILENAME ~ /\.sources$/ {
		if ($0 ~ /^#/ || $0 ~ /^[ \t]/)
			next
		if ($0 ~ /^[ \t]*$/) {
			stanza()
			next
		}
		i = index($0, ":")
		if (i == 0)
			next
		name = tolower(substr($0, 1, i - 1))
		value = substr($0, i + 1)
		gsub(/^[ \t]+|[ \t]+$/, "", value)
		f[name] = value
		nfields++
		next
	}

	# One-line entries: deb [OPTION=VALUE ...] URI SUITE COMPONENT...
	{
		sub(/#.*/, "")
		if ($1 != "deb")
			next
		opts = ""
		i = 2
		if ($2 ~ /^\[/) {
			while (i <= NF) {
				opts = opts " " $i
				if ($(i++) ~ /\]$/)
					break
			}
			gsub(/[][]/, " ", opts)
		}
		signedby = ""
		n = split(opts, o)
		for (j = 1; j <= n; j++)
			if (o[j] ~ /^signed-by=/)
				signedby = substr(o[j], 11)
		comps = ""
		for (j = i + 2; j <= NF; j++)
			comps = comps " " $j
		consider("deb", $i, $(i + 1), comps, signedby, "")
	}

	END {
		stanza()
		if (best != "")
			print best
	}
	' "$@")
fi

if [ -z "$uri" ]; then
	if [ "$want" = security ]; then
		what="Debian security archive (a deb entry for RELEASE-security, component main)"
	else
		what="Debian archive (a deb entry for a Debian release, component main)"
	fi
	echo "debian-mirror.sh: no $what in the apt sources of $dir (sources.list, sources.list.d/*.list and *.sources)" >&2
	exit 1
fi
echo "$uri"
