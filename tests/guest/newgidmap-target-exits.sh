#!/bin/sh
# The target exits (and is reaped) while newgidmap works on it: newgidmap
# holds /proc/PID open, so it can't write to another process that reuses
# the pid; it must end with a clear error (exit 1, a message that does not
# send the user to write "deny" to a setgroups file that no longer exists),
# write nothing and not crash.  strace (as root, so newgidmap stays setuid)
# holds newgidmap (for $HOLD, newgidmap-lib.sh) at the entry of its open of
# "setgroups", or of "gid_map", while the test kills and reaps the target:
# openat2(2) since Debian 13's uidmap 1:4.17.4-2+deb13u1, openat(2) before
# (PROC_OPEN, newgidmap-lib.sh).

. "$TESTS/newgidmap-lib.sh"

require_strace
require_shadow_kernel

for policy in with without; do
	for file in setgroups gid_map; do
		if [ "$policy" = with ]; then
			set_policy nogames
		else
			no_policy
		fi
		for map in full self; do
			if [ "$map" = full ]; then
				set -- $FULL
			else
				set -- 0 1000 1
			fi
			# Without the policy, a full map never opens setgroups.
			if [ "$policy" = without ] && [ "$file" = setgroups ] && [ "$map" = full ]; then
				continue
			fi
			say "=== $policy policy, $map map: the target exits before the $PROC_OPEN of $file"
			new_target
			traced_start -P "$file" -e trace=$PROC_OPEN,open \
				-e inject=$PROC_OPEN,open:delay_enter=$HOLD:when=1 -- "$@"
			[ -n "$ngm" ] || die "newgidmap did not start"
			wait_stopped $PROC_OPEN_NR "/proc/$pid"
			kill -KILL "$pid"
			wait "$pid" 2>/dev/null
			[ -e "/proc/$pid" ] && die "/proc/$pid still exists after the target was reaped"
			say "  target $pid killed and reaped"
			NR=$PROC_OPEN_NR
			stopped_at >/dev/null || die "newgidmap was no longer held when the target was gone: the delay was too short"
			traced_wait
			if grep -q "^[0-9]* *$PROC_OPEN(.*\"$file\".*DELAYED" "$saved/strace.log"; then
				pass "newgidmap was held at the $PROC_OPEN of $file"
			else
				bad "the trace shows no delayed $PROC_OPEN of $file"
			fi
			check_rc 1
			check_no_crash
			check_not_out "deny"
		done
	done
done

finish
