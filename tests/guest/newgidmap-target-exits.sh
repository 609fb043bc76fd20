#!/bin/sh
# The target exits (and is reaped) while newgidmap works on it: newgidmap
# holds /proc/PID open, so it can't write to another process that reuses
# the pid; it must end with a clear error (exit 1, a message that does not
# send the user to write "deny" to a setgroups file that no longer exists),
# write nothing and not crash.  strace (as root, so newgidmap stays setuid)
# holds newgidmap (for $HOLD, newgidmap-lib.sh) at the entry of its openat()
# of "setgroups", or of "gid_map", while the test kills and reaps the target.

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
			say "=== $policy policy, $map map: the target exits before the openat of $file"
			new_target
			traced_start -P "$file" -e trace=openat,open \
				-e inject=openat,open:delay_enter=$HOLD:when=1 -- "$@"
			[ -n "$ngm" ] || die "newgidmap did not start"
			wait_stopped 257 "/proc/$pid"
			kill -KILL "$pid"
			wait "$pid" 2>/dev/null
			[ -e "/proc/$pid" ] && die "/proc/$pid still exists after the target was reaped"
			say "  target $pid killed and reaped"
			NR=257
			stopped_at >/dev/null || die "newgidmap was no longer held when the target was gone: the delay was too short"
			traced_wait
			if grep -q "\"$file\".*DELAYED" "$saved/strace.log"; then
				pass "newgidmap was held at the openat of $file"
			else
				bad "the trace shows no delayed openat of $file"
			fi
			check_rc 1
			check_no_crash
			check_not_out "deny"
		done
	done
done

finish
