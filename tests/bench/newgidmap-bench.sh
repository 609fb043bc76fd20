#!/bin/sh
# newgidmap-bench.sh - time newgidmap end to end, patched against stock.
#
# Runs as root in the guest.  Alice (uid 1000, in nogames and proj, with
# alice:100000:65536 in /etc/subgid) maps "0 1000 1 1 100000 65536" onto
# fresh "unshare --user sleep" targets of hers, with /etc/negative-groups
# absent, with 10 entries and with 10,000 entries (nogames by name, the
# others numeric gids that nobody holds: a name would cost an NSS lookup
# each and one that does not resolve makes the policy fail closed).  The
# gids have five digits, so that 10,000 entries stay below the 64 KiB
# that newgidmap reads of the file (a larger file makes the policy fail
# closed, and alice's map is refused).
# The patched newgidmap (the installed one) writes "shadow" and then the
# map when the file lists nogames; the stock one ignores the file.
#
# What is timed is a loop of calls in one shell of alice's, so each call
# costs a fork, the exec of a setuid binary and newgidmap itself: end to
# end, as a container runtime sees it.  The targets are started before
# the clock starts.  The samples of the variants are taken in turn, so
# that a change of load on the host hits both alike.  A loop of /bin/true
# is timed too (op=exec), the part of the cost that is not newgidmap.
#
# usage: newgidmap-bench.sh STOCK_NEWGIDMAP
#   STOCK_NEWGIDMAP is Debian's newgidmap, setuid root (make bench puts it
#   on the tests disk).  Environment: NGM_SAMPLES (default 5),
#   NGM_CALLS (calls per sample, default 10), NGM_PATCHED (default
#   /usr/bin/newgidmap).
#
# Output: lines "BENCH<TAB>kernel=R<TAB>op=newgidmap<TAB>variant=stock|patched
# <TAB>entries=absent|10|10000<TAB>ns_per_op=X<TAB>samples=K<TAB>reps=C",
# X the median over the samples.  Timings are never a test: the exit
# status is non-zero only if a newgidmap could not be timed at all.

set -u
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH

STOCK=${1:?usage: newgidmap-bench.sh STOCK_NEWGIDMAP}
PATCHED=${NGM_PATCHED:-/usr/bin/newgidmap}
SAMPLES=${NGM_SAMPLES:-5}
CALLS=${NGM_CALLS:-10}
NEG=/etc/negative-groups
FULL="0 1000 1 1 100000 65536"
KERNEL=$(uname -r)
TAB=$(printf '\t')

say() {
	printf '%s\n' "$*"
}

die() {
	say "newgidmap-bench: FAIL: $*"
	exit 1
}

targets=""
saved=""

kill_targets() {
	for p in $targets; do
		kill "$p" 2>/dev/null
	done
	for p in $targets; do
		wait "$p" 2>/dev/null
	done
	targets=""
}

# The guest's root image is a snapshot, but leave the fixture as found
# all the same: other tests may run after this one in the same boot.
cleanup() {
	kill_targets
	if [ -n "$saved" ]; then
		rm -f "$NEG"
		[ -e "$saved/negative-groups" ] && cp -a "$saved/negative-groups" "$NEG"
		rm -rf "$saved"
	fi
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

[ "$(id -u)" -eq 0 ] || die "must run as root"
id alice >/dev/null 2>&1 || die "no user alice"
nogames=$(getent group nogames | cut -d: -f3)
[ -n "$nogames" ] || die "no group nogames"
date +%s%N | grep -q '^[0-9]*$' || die "date +%s%N does not give nanoseconds"
saved=$(mktemp -d /tmp/newgidmap-bench.XXXXXX) || die "mktemp failed"
[ -e "$NEG" ] && cp -a "$NEG" "$saved/negative-groups"

# setuid_root FILE: FILE is a setuid-root executable, as newgidmap must be
setuid_root() {
	[ -f "$1" ] && [ -x "$1" ] && [ -u "$1" ] && [ "$(stat -c %u "$1")" = 0 ]
}

variants=""
if setuid_root "$PATCHED"; then
	variants="patched"
else
	die "the patched newgidmap $PATCHED is missing or not setuid root"
fi
if setuid_root "$STOCK"; then
	variants="$variants stock"
else
	die "the stock newgidmap $STOCK is missing or not setuid root: no patched/stock ratio"
fi

# On a kernel without the shadow mode the patched newgidmap refuses to map
# when the policy applies: only "absent" can be timed for it there.

# policy ENTRIES: write /etc/negative-groups with that many entries
policy() {
	rm -f "$NEG"
	case $1 in
	absent)	return ;;
	esac
	{
		echo "# newgidmap-bench: $1 entries"
		echo nogames
		awk -v n="$1" 'BEGIN { for (i = 1; i < n; i++) print 20000 + i }'
	} >"$NEG"
	chmod 0644 "$NEG"
	[ "$(wc -c <"$NEG")" -le 65536 ] ||
		die "$NEG: $(wc -c <"$NEG") bytes, more than newgidmap reads"
}

# start_targets: start $CALLS sleeps of alice's in new user namespaces
start_targets() {
	i=0
	while [ "$i" -lt "$CALLS" ]; do
		setpriv --reuid=1000 --regid=1000 --init-groups -- \
			unshare --user sleep 1000 &
		targets="$targets $!"
		i=$((i + 1))
	done
	self_ns=$(readlink /proc/self/ns/user)
	for p in $targets; do
		tries=0
		while [ "$(readlink "/proc/$p/ns/user" 2>/dev/null)" = "$self_ns" ]; do
			kill -0 "$p" 2>/dev/null || die "target $p died"
			tries=$((tries + 1))
			[ "$tries" -lt 400 ] || die "target $p never entered a new user namespace"
			sleep 0.05
		done
	done
}

# The probe writes from outside, as newgidmap does: a process that execs
# in a new user namespace without a uid map loses its capabilities there.
shadow=no
targets=""
CALLS_SAVED=$CALLS
CALLS=1
start_targets
CALLS=$CALLS_SAVED
if echo shadow 2>/dev/null >"/proc/${targets# }/setgroups"; then
	shadow=yes
else
	say "# newgidmap-bench: the kernel has no setgroups shadow mode: patched newgidmap timed with entries=absent only"
fi
kill_targets

# run_loop PROGRAM ARG...: as alice, run PROGRAM once per ARG, on that
# target with the map (newgidmap), or with no argument (/bin/true);
# prints "NANOSECONDS FAILURES"
run_loop() {
	prog=$1
	shift
	setpriv --reuid=1000 --regid=1000 --init-groups -- sh -c '
		prog=$1; shift
		full=$1; shift
		fail=0
		t0=$(date +%s%N)
		for p in "$@"; do
			if [ "$prog" = /bin/true ]; then
				/bin/true || fail=$((fail + 1))
			else
				"$prog" "$p" $full || fail=$((fail + 1))
			fi
		done
		t1=$(date +%s%N)
		echo "$((t1 - t0)) $fail"' sh "$prog" "$FULL" "$@"
}

# check_targets VARIANT ENTRIES: each target got the map and the state
# this variant and policy must give, else the timing is of something else
check_targets() {
	want=allow
	[ "$1" = patched ] && [ "$2" != absent ] && want=shadow
	for p in $targets; do
		state=$(cat "/proc/$p/setgroups")
		lines=$(wc -l <"/proc/$p/gid_map")
		if [ "$state" != "$want" ] || [ "$lines" -ne 2 ]; then
			say "# newgidmap-bench: WARNING: $1 entries=$2: target $p has setgroups $state (expected $want) and $lines gid_map lines (expected 2)"
			return
		fi
	done
}

median() {
	tr ' ' '\n' | sed '/^$/d' | sort -n | awk '
		{ v[NR] = $1 }
		END {
			if (NR % 2)
				m = v[(NR + 1) / 2]
			else
				m = (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%.1f\n", m
		}'
}

emit() {
	printf 'BENCH\tkernel=%s\top=%s\tvariant=%s\tentries=%s\tns_per_op=%s\tsamples=%s\treps=%s\n' \
		"$KERNEL" "$1" "$2" "$3" "$4" "$SAMPLES" "$CALLS"
}

start=$(date +%s)
say "# newgidmap-bench: kernel $KERNEL, $SAMPLES samples of $CALLS calls, variants:$(printf ' %s' $variants)"
timed=0
for entries in absent 10 10000; do
	policy "$entries"
	run=""
	for v in $variants; do
		if [ "$v" = patched ] && [ "$shadow" = no ] && [ "$entries" != absent ]; then
			continue
		fi
		run="$run $v"
	done
	samples_patched=""
	samples_stock=""
	samples_exec=""
	k=0
	while [ "$k" -lt "$SAMPLES" ]; do
		for v in $run; do
			prog=$PATCHED
			[ "$v" = stock ] && prog=$STOCK
			start_targets
			# shellcheck disable=SC2046,SC2086 # one word each
			set -- $(run_loop "$prog" $targets)
			if [ "${2:-x}" != 0 ]; then
				say "# newgidmap-bench: WARNING: $v entries=$entries: ${2:-all} of $CALLS calls failed"
			else
				check_targets "$v" "$entries"
				per=$(( $1 / CALLS ))
				if [ "$v" = stock ]; then
					samples_stock="$samples_stock $per"
				else
					samples_patched="$samples_patched $per"
				fi
			fi
			kill_targets
		done
		if [ "$entries" = absent ]; then
			# shellcheck disable=SC2046 # one word each
			set -- $(run_loop /bin/true $(seq "$CALLS"))
			[ $# -eq 2 ] && samples_exec="$samples_exec $(( $1 / CALLS ))"
		fi
		k=$((k + 1))
	done
	if [ -n "$samples_patched" ]; then
		emit newgidmap patched "$entries" "$(echo "$samples_patched" | median)"
		timed=$((timed + 1))
	fi
	if [ -n "$samples_stock" ]; then
		emit newgidmap stock "$entries" "$(echo "$samples_stock" | median)"
	fi
	if [ -n "$samples_exec" ]; then
		emit exec true absent "$(echo "$samples_exec" | median)"
	fi
done
say "# newgidmap-bench: done in $(( $(date +%s) - start )) s"
[ "$timed" -gt 0 ] || die "the patched newgidmap could not be timed"
exit 0
