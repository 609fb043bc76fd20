#!/bin/sh
# Stress the user namespaces in every setgroups mode with
# stress/userns_stress, then check that the kernel freed every namespace
# it created (the active objects of the user_namespace slab cache are back
# to where they were) and that kmemleak finds no leak.
#
# Settings, passed from make through the environment:
#   STRESS_SECONDS=N        how long the stress runs (default 60)
#
# The kernel needs CONFIG_SLUB_DEBUG (for /proc/slabinfo, so not
# CONFIG_SLUB_TINY), CONFIG_DEBUG_FS and CONFIG_DEBUG_KMEMLEAK, and the
# guest must boot with slab_nomerge, or user_namespace shares a cache and
# cannot be counted.  Missing any of these fails the test (after running
# the stress anyway, for whatever else it shows).
. "$TESTS/lib.sh"
set -u

: "${STRESS_SECONDS:=60}"
case $STRESS_SECONDS in
''|*[!0-9]*|0) fail "STRESS_SECONDS must be a positive number, not '$STRESS_SECONDS'" ;;
esac

stress=$TESTS/stress/userns_stress
need_two_cpus
kmemleak=/sys/kernel/debug/kmemleak
shrink=/sys/kernel/slab/user_namespace/shrink

# Everything that fails the test, reported at the end
problems=
problem() {
	echo "problem: $*"
	problems="$problems${problems:+; }$*"
}

# The number of live user namespaces: active objects of their slab cache.
# SLUB counts the free objects of the per-CPU slabs as active, and KASAN
# holds freed objects in its quarantine: shrinking the cache flushes both,
# and the count is then exact while no namespace is created.
userns_count() {
	[ -w "$shrink" ] && echo 1 >"$shrink"
	awk '$1 == "user_namespace" { print $2; found = 1 }
	     END { exit !found }' /proc/slabinfo
}

step "counting user namespaces"
counting=0
if [ ! -r /proc/slabinfo ]; then
	problem "no /proc/slabinfo: cannot count user namespaces; the kernel needs CONFIG_SLUB_DEBUG=y (and CONFIG_SLUB_TINY=n)"
elif ! before=$(userns_count); then
	problem "/proc/slabinfo has no user_namespace cache: boot with slab_nomerge (it was merged into another cache)"
else
	counting=1
	[ -w "$shrink" ] ||
		echo "note: no $shrink: the counts include objects cached per CPU"
	echo "live user namespaces before: $before"
fi

step "kmemleak"
mountpoint -q /sys/kernel/debug 2>/dev/null ||
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
use_kmemleak=0
if [ -e "$kmemleak" ]; then
	use_kmemleak=1
	# Leaks from before (boot, earlier tests of the suite) fail the
	# run too; clearing them tells them apart from the stress's own.
	if ! echo scan >"$kmemleak"; then
		problem "cannot scan with $kmemleak (is kmemleak disabled?)"
		use_kmemleak=0
	else
		old=$(cat "$kmemleak")
		if [ -n "$old" ]; then
			problem "$(echo "$old" | grep -c '^unreferenced object') leak suspects from before the stress"
			echo "$old" | head -n 40
		fi
		echo clear >"$kmemleak" || problem "cannot clear $kmemleak"
	fi
else
	problem "no $kmemleak: the kernel needs CONFIG_DEBUG_KMEMLEAK=y and CONFIG_DEBUG_FS=y"
fi

step "userns_stress for ${STRESS_SECONDS}s"
[ -x "$stress" ] || fail "$stress is missing"
"$stress" "$STRESS_SECONDS"
rc=$?
[ $rc -eq 0 ] || problem "userns_stress failed (exit status $rc)"

if [ $counting = 1 ]; then
	step "every user namespace is freed"
	# Freeing takes an RCU grace period (the creds) and a work item
	tries=0
	while :; do
		after=$(userns_count) || after=unreadable
		[ "$after" != unreadable ] && [ "$after" -le "$before" ] && break
		tries=$((tries + 1))
		[ $tries -le 15 ] || break
		sleep 2
	done
	echo "live user namespaces: $before before, $after after (waited $((tries * 2))s)"
	if [ "$after" = unreadable ]; then
		problem "the user_namespace cache vanished from /proc/slabinfo"
	elif [ "$after" -gt "$before" ]; then
		problem "$((after - before)) user namespaces still live after the stress: leaked or held"
	fi
fi

if [ $use_kmemleak = 1 ]; then
	step "kmemleak finds no leak"
	# kmemleak reports objects older than 5 s, and from the second scan
	# on that finds them unreferenced
	sleep 5
	echo scan >"$kmemleak" || problem "cannot scan with $kmemleak"
	sleep 5
	echo scan >"$kmemleak" || problem "cannot scan with $kmemleak"
	leaks=$(cat "$kmemleak")
	if [ -n "$leaks" ]; then
		echo "$leaks" | head -n 80
		problem "kmemleak: $(echo "$leaks" | grep -c '^unreferenced object') suspected leaks after the stress"
	else
		echo "kmemleak: nothing"
	fi
fi

[ -z "$problems" ] || fail "$problems"
echo "ok"
