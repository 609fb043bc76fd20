#!/bin/sh
# Print the table of make demo from the consoles of the four guest runs
# of tests/guest/demo.list: the stock pair ("allow"), the stock pair with
# "deny" written before each gid map by a wrapper ("deny"), the stock
# kernel with the patched uidmap ("uidmap") and the patched pair
# ("shadow").
#
# usage: demo-table.sh STOCK_OUTDIR DENY_OUTDIR STOCK_KERNEL_OUTDIR PATCHED_OUTDIR
set -eu

usage="usage: demo-table.sh STOCK_OUTDIR DENY_OUTDIR STOCK_KERNEL_OUTDIR PATCHED_OUTDIR"
[ $# -eq 4 ] || { echo "$usage" >&2; exit 2; }
cells=$(dirname "$4")/demo-cells.tsv

# cells OUTDIR COLUMN: "FILE<TAB>ROW<TAB>COLUMN<TAB>CELL" lines of one run,
# in the order of the tests in the list (two tests run at a time, and the
# console has each test's output when it ends)
cells() {
	tr -d '\r' <"$1/console.log" | awk -F '\t' -v col="$2" '
		FILENAME != "-" { split($0, w, " "); index_of[w[1]] = FNR; next }
		$1 ~ /^=== RUN / { split($1, w, " "); test = index_of[w[3]] }
		$1 == "CELL" { print test "\t" $3 "\t" $2 "\t" col "\t" $4 }' \
		"$1/disk/tests.list" - | sort -s -t "$(printf '\t')" -k1,1n | cut -f2-
}

describe() {
	case $1 in
	/srv/games)	  echo "/srv/games: mode 0604 root:nogames, so members of nogames may not read it" ;;
	/srv/acl-denied)  echo "/srv/acl-denied: an ACL entry g:nogames:--- denies it to nogames" ;;
	/srv/proj/README) echo "/srv/proj/README: in /srv/proj, 0770 root:proj, for members of proj" ;;
	/srv/alice-group) echo "/srv/alice-group: 0640 root:alice; alice's group is gid 0, root's group, inside" ;;
	*)		  echo "$1" ;;
	esac
}

{ cells "$1" allow; cells "$2" deny; cells "$3" uidmap; cells "$4" shadow; } >"$cells"

cat <<'HEAD'

What alice can read, and run, inside user namespaces
====================================================

alice is in the groups "nogames" (listed in /etc/negative-groups: a group
used to deny access) and "proj".  Each row is a way she gets root in a
user namespace and what runs there: a runtime setting the groups, root
dropping all groups with setgroups(2), or a switch to nobody with its
groups.  Four setups:

  allow   stock Linux and Debian's uidmap: setgroups(2) works, and sheds
          nogames (the hole, CVE-2014-8989)
  deny    stock Linux and Debian's uidmap, every namespace put in "deny"
          before its gid map (mainline's answer; a newgidmap wrapper
          ahead in PATH writes it, which alice could go around by
          calling /usr/bin/newgidmap): nothing is shed, and nothing may
          call setgroups(2)
  uidmap  stock Linux and the patched uidmap, deployable today: the
          setuid newgidmap itself writes "deny" where /etc/negative-groups
          applies, as the kernel has no "shadow" mode
  shadow  Linux with the "shadow" setgroups mode and newgidmap with
          /etc/negative-groups: setgroups(2) works, nogames and proj stick

HEAD

for file in /srv/games /srv/acl-denied /srv/proj/README /srv/alice-group; do
	describe "$file"
	printf '  %-52s %-9s %-9s %-9s %s\n' "" allow deny uidmap shadow
	awk -F '\t' -v file="$file" '
		$1 == file {
			if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
			cell[$2, $3] = $4
		}
		END {
			for (i = 1; i <= n; i++) {
				r = order[i]
				for (c = 1; c <= 4; c++) {
					col = c == 1 ? "allow" : c == 2 ? "deny" : c == 3 ? "uidmap" : "shadow"
					v[c] = ((r, col) in cell) ? cell[r, col] : "(no run)"
				}
				printf "  %-52s %-9s %-9s %-9s %s\n", r, v[1], v[2], v[3], v[4]
			}
		}' "$cells"
	echo
done

cat <<TAIL
readable: the file was read; denied: the kernel refused (EACCES); EPERM:
the workload failed, setgroups(2) was refused; error: the client itself
failed (see the console logs).

allow reads what nogames denies: the hole.  deny keeps it denied, but
every workload that calls setgroups(2) fails, and the runtime that skips
setgroups(2) leaves nobody in the container's root group (alice-group
readable after --user).  uidmap shows the cells of deny and breaks the
same rows: it is the same "deny", written by the setuid newgidmap itself,
which alice cannot step around as she can the wrapper (without
newgidmap, the kernel gives her a gid map only with "deny").  shadow
keeps nogames denied, proj readable without podman's --group-add
keep-groups, drops the groups the namespace maps, and every workload runs.

Read more:
  README                                  how this is built and tested
  kernel/patches/0000-cover-letter.patch  the kernel change, for reviewers
  shadow-utils-patches/                   the newgidmap change
  tests/guest/demo.list and its tests     what each row runs
  $1/console.log
  $2/console.log
  $3/console.log
  $4/console.log
                                          what ran, in full
TAIL
