# The before/after matrix (sourced, not run): each way a user reaches a
# user namespace (podman, unshare, nsenter), against each file of the
# fixture.  A cell is "readable", "denied" or "error".
#
# Each cell is a TAP result of its own ("ok N ROW: FILE CELL") and a line
# "CELL<TAB>ROW<TAB>FILE<TAB>CELL" that make demo collects into its table.
. "$TESTS/lib.sh"
set -u

MATRIX_FILES="/srv/games /srv/acl-denied /srv/proj/README"
ALICE_ENV="env HOME=/home/alice USER=alice LOGNAME=alice XDG_RUNTIME_DIR=/run/user/1000"
cells=0
cells_failed=0

# The cell each pair must show.  Stock: setgroups sheds nogames (the hole)
# and proj with it.  Patched: both groups stick.
expected_cell() {
	case $GUEST_FLAVOUR:$1 in
	stock:/srv/proj/*)	echo denied ;;
	stock:*)		echo readable ;;
	*:/srv/proj/*)		echo readable ;;
	*)			echo denied ;;
	esac
}

# The setgroups state the probe must see: newgidmap switches to shadow.
expected_setgroups() {
	case $GUEST_FLAVOUR in
	stock)	echo allow ;;
	*)	echo shadow ;;
	esac
}

# cell ROW FILE COMMAND...: COMMAND runs a probe of FILE; report the cell.
cell() {
	row=$1
	file=$2
	shift 2
	cells=$((cells + 1))
	out=$("$@" 2>&1)
	got=$(printf '%s\n' "$out" | sed -n 's/^@cell //p' | tail -n 1)
	case $got in
	readable|denied) ;;
	*) got=error ;;
	esac
	printf 'CELL\t%s\t%s\t%s\n' "$row" "$file" "$got"

	why=""
	want=$(expected_cell "$file")
	[ "$got" = "$want" ] || why="expected $want"
	state=$(printf '%s\n' "$out" | sed -n 's/^@setgroups //p' | tail -n 1)
	[ "$got" = error ] || [ "$state" = "$(expected_setgroups)" ] ||
		why="$why${why:+; }setgroups is $state, expected $(expected_setgroups)"
	if [ "$GUEST_FLAVOUR" != stock ]; then
		case $(printf '%s\n' "$out" | grep -E '^@(groups|status) ') in
		*[!0-9]65534*) why="$why${why:+; }unmapped groups are shown as 65534" ;;
		esac
	fi

	if [ -z "$why" ]; then
		echo "ok $cells $row: $file $got"
	else
		printf '%s\n' "$out" | sed 's/^/#   /'
		echo "not ok $cells $row: $file $got # $why"
		cells_failed=$((cells_failed + 1))
	fi
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

# Import the test image into alice's podman storage, once per boot.
podman_image() {
	IMAGE=localhost/sticky-groups-probe
	as_alice_login podman image exists "$IMAGE" 2>/dev/null ||
		as_alice_login podman import --quiet /usr/local/share/sticky-groups/image.tar "$IMAGE" >/dev/null ||
		fail "podman import of the test image failed"
}

# podman run as alice, with /srv and the tests disk mounted.
alice_podman_run() {
	as_alice_login podman run --rm --network none \
		-v /srv:/srv:ro -v "$TESTS:/tests:ro" "$IMAGE" "$@"
}
