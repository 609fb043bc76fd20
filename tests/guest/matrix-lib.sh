# The matrix of make demo (sourced, not run): each way a user reaches a
# user namespace (podman, unshare, nsenter) and what runs there (a runtime
# setting the groups, setgroups([]), a switch to another user with its
# groups), against each file of the fixture.  A cell is "readable",
# "denied", "EPERM" (the workload failed: setgroups(2) was refused) or
# "error" (anything else).
#
# Each cell is a TAP result of its own ("ok N ROW: FILE CELL") and a line
# "CELL<TAB>ROW<TAB>FILE<TAB>CELL" that make demo collects into its table.
#
# The flavour says which of the four setups the guest is:
#   stock         stock kernel, Debian's uidmap: setgroups "allow" (the hole)
#   deny          stock kernel, Debian's uidmap, and every namespace put in
#                 "deny" before newgidmap writes its gid map (mainline's
#                 answer, by a wrapper ahead in PATH)
#   stock-kernel  stock kernel, the patched uidmap: the setuid newgidmap
#                 itself writes "deny" where /etc/negative-groups applies
#   patched       the patched pair: newgidmap switches to "shadow"
. "$TESTS/lib.sh"
set -u

MATRIX_FILES="/srv/games /srv/acl-denied /srv/proj/README /srv/alice-group"
ALICE_ENV="env HOME=/home/alice USER=alice LOGNAME=alice XDG_RUNTIME_DIR=/run/user/1000"
cells=0
cells_failed=0

# How an administrator applies "deny" on a stock kernel: a newgidmap ahead
# of the setuid one in PATH writes "deny" first (util-linux 2.38 cannot
# combine --setgroups=deny with --map-groups: it writes "deny" after the
# helper wrote the map, and fails).  The guest root is a snapshot, so this
# lasts for the boot.
if [ "$GUEST_FLAVOUR" = deny ]; then
	install -m 0755 "$TESTS/deny-newgidmap" /usr/local/bin/newgidmap
fi

# expected_cell USER DENY FILE: the cell a row must show.  USER is who
# reads (root of the namespace, or nobody after a user switch); DENY is
# what the row's workload does when setgroups is "deny": "eperm" (it calls
# setgroups(2) and fails) or "keeps" (it skips setgroups(2) and runs with
# all the groups it came with).
#
# The patched uidmap on a stock kernel (flavour stock-kernel) writes
# "deny" itself where the policy applies: it must show the deny column.
column=$GUEST_FLAVOUR
[ "$column" = stock-kernel ] && column=deny

expected_cell() {
	case $column:$2 in
	deny:eperm)
		echo EPERM
		return
		;;
	deny:keeps)
		# Nothing shed, nothing changed: alice's own group included.
		case $3 in
		/srv/games | /srv/acl-denied) echo denied ;;
		*) echo readable ;;
		esac
		return
		;;
	esac
	case $1:$3 in
	# alice's group is the namespace's gid 0: root's group, which a
	# switch to another user must drop in every mode.
	root:/srv/alice-group)
		echo readable
		return
		;;
	*:/srv/alice-group)
		echo denied
		return
		;;
	esac
	case $GUEST_FLAVOUR:$3 in
	# The hole: nogames is shed, and proj with it.
	stock:/srv/proj/*) echo denied ;;
	stock:*) echo readable ;;
	# Both stick.
	*:/srv/proj/*) echo readable ;;
	*) echo denied ;;
	esac
}

# The setgroups state the probe must see.
expected_setgroups() {
	case $column in
	stock) echo allow ;;
	deny) echo deny ;;
	*) echo shadow ;;
	esac
}

# row USER DENY ROW COMMAND...: run COMMAND FILE... once (a probe of every
# file of the matrix, tests/guest/probe) and report its cells.
row() {
	user=$1
	deny=$2
	row=$3
	shift 3
	out=$("$@" $MATRIX_FILES 2>&1)
	state=$(printf '%s\n' "$out" | sed -n 's/^@setgroups //p' | tail -n 1)
	for file in $MATRIX_FILES; do
		cells=$((cells + 1))
		got=$(printf '%s\n' "$out" | sed -n "s|^@cell $file ||p" | tail -n 1)
		case $got in
		readable | denied) ;;
		'')
			# The probe never ran: the workload failed before it.
			case $out in
			*"Operation not permitted"*) got=EPERM ;;
			*) got=error ;;
			esac
			;;
		*) got=error ;;
		esac
		printf 'CELL\t%s\t%s\t%s\n' "$row" "$file" "$got"

		why=""
		want=$(expected_cell "$user" "$deny" "$file")
		[ "$got" = "$want" ] || why="expected $want"
		case $got in
		readable | denied)
			[ "$state" = "$(expected_setgroups)" ] ||
				why="$why${why:+; }setgroups is $state, expected $(expected_setgroups)"
			;;
		esac
		# An unmapped group would show as 65534; nobody's own group is
		# 65534 too, and is there once.
		shown=$(printf '%s\n' "$out" | sed -n 's/^@status Groups://p' |
			tr -s ' \t' '\n' | grep -c '^65534$')
		if [ "$GUEST_FLAVOUR" = patched ] &&
			[ "$shown" -gt "$([ "$user" = nobody ] && echo 1 || echo 0)" ]; then
			why="$why${why:+; }unmapped groups are shown as 65534"
		fi

		if [ -z "$why" ]; then
			echo "ok $cells $row: $file $got"
		else
			printf '%s\n' "$out" | sed 's/^/#   /'
			echo "not ok $cells $row: $file $got # $why"
			cells_failed=$((cells_failed + 1))
		fi
	done
}

# Exit with the verdict of all cells.
matrix_done() {
	echo "$cells cells, $cells_failed failed"
	[ "$cells" -gt 0 ] && [ "$cells_failed" -eq 0 ]
	exit
}

# Run a command as alice in a login-like environment (podman needs HOME
# and a runtime directory; there is no logind to make one).
as_alice_login() {
	install -d -m 0700 -o 1000 -g 1000 /run/user/1000
	as_alice $ALICE_ENV "$@"
}

# Import the test image into alice's podman storage, once per boot.  The
# podman tests may run side by side (tests/guest-run): one imports, the
# others wait on the lock, which podman's long-lived processes (its pause
# process) must not inherit.
podman_image() {
	IMAGE=localhost/sticky-groups-probe
	exec 9>>/tmp/podman-image.lock
	flock 9 || fail "cannot lock /tmp/podman-image.lock"
	as_alice_login podman image exists "$IMAGE" 9>&- 2>/dev/null ||
		as_alice_login podman import --quiet /usr/local/share/sticky-groups/image.tar "$IMAGE" \
			9>&- >/dev/null ||
		fail "podman import of the test image failed"
	exec 9>&-
}

# podman as alice with a home and runtime folder of the test's own ($H,
# made here), so that its pause process, and the user namespace it keeps,
# is the test's alone: the podman tests beside it keep theirs.
alice_podman() {
	install -d -m 0700 -o 1000 -g 1000 "$H" "$H/run"
	as_alice env HOME="$H" USER=alice LOGNAME=alice XDG_RUNTIME_DIR="$H/run" podman "$@"
}

# setgroups_is STATE: alice's podman namespace ($H) is in STATE
setgroups_is() {
	got=$(alice_podman unshare cat /proc/self/setgroups) || fail "podman unshare failed"
	echo "setgroups: $got"
	[ "$got" = "$1" ] || fail "expected $1"
}

# podman run as alice, with /srv and the tests disk mounted.
alice_podman_run() {
	as_alice_login podman run --rm --network none \
		-v /srv:/srv:ro -v "$TESTS:/tests:ro" "$IMAGE" "$@"
}

# Run a command as root of a new user namespace of alice's: alice mapped to
# 0 and her subordinate range to 1..65536, both maps written by util-linux
# unshare through the setuid newuidmap and newgidmap.
alice_unshare() {
	as_alice unshare --map-user=0 --map-group=0 \
		--map-users=100000,1,65536 --map-groups=100000,1,65536 -- "$@"
}
