#!/bin/sh
# Print the before/after table of make demo from the consoles of two guest
# runs of tests/guest/demo.list: the stock pair and the patched pair.
#
# usage: demo-table.sh STOCK_OUTDIR PATCHED_OUTDIR
set -eu

stock=$1
patched=$2

cells() {
	tr -d '\r' <"$1/console.log" | awk -F '\t' -v col="$2" '
		$1 == "CELL" { print $3 "\t" $2 "\t" col "\t" $4 }'
}

describe() {
	case $1 in
	/srv/games)	  echo "/srv/games: mode 0604 root:nogames, so members of nogames may not read it" ;;
	/srv/acl-denied)  echo "/srv/acl-denied: an ACL entry g:nogames:--- denies it to nogames" ;;
	/srv/proj/README) echo "/srv/proj/README: in /srv/proj, 0770 root:proj, for members of proj" ;;
	*)		  echo "$1" ;;
	esac
}

{ cells "$stock" stock; cells "$patched" patched; } >"$patched/cells.tsv"

cat <<'HEAD'

What alice can read from inside user namespaces
================================================

alice is in the groups "nogames" (listed in /etc/negative-groups: a group
used to deny access) and "proj".  Each row is a way she gets root inside
a user namespace and drops her supplementary groups with setgroups(2),
as container runtimes, nsenter and su do.

  stock    Linux and Debian's uidmap, unchanged
  patched  Linux with the "shadow" setgroups mode and newgidmap with
           /etc/negative-groups: setgroups(2) still works, but nogames
           and proj stick

HEAD

for file in /srv/games /srv/acl-denied /srv/proj/README; do
	describe "$file"
	printf '  %-52s %-10s %s\n' "" stock patched
	awk -F '\t' -v file="$file" '
		$1 == file {
			if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
			cell[$2, $3] = $4
		}
		END {
			for (i = 1; i <= n; i++) {
				r = order[i]
				s = ((r, "stock") in cell) ? cell[r, "stock"] : "(no run)"
				p = ((r, "patched") in cell) ? cell[r, "patched"] : "(no run)"
				printf "  %-52s %-10s %s\n", r, s, p
			}
		}' "$patched/cells.tsv"
	echo
done

cat <<TAIL
readable: the file was read; denied: the kernel refused (EACCES);
error: the client itself failed (see the console logs).  On the stock
pair "readable" in the first two tables is the hole (CVE-2014-8989);
on the patched pair the third table stays "readable" without podman's
--group-add keep-groups.

Read more:
  README                                  how this is built and tested
  kernel/patches/0000-cover-letter.patch  the kernel change, for reviewers
  shadow-utils-patches/                   the newgidmap change
  man 5 negative-groups                   (in the guest) the policy file
  tests/guest/podman-run.sh and the other tests of tests/guest/demo.list
                                          what each row runs
  $stock/console.log
  $patched/console.log
                                          what ran, in full
TAIL
