#!/bin/sh
# A target that is not alice's: newgidmap refuses as stock does, with or
# without a policy, and writes nothing.

. "$TESTS/newgidmap-lib.sh"

for policy in with without; do
	if [ "$policy" = with ]; then
		set_policy "nogames"
	else
		no_policy
	fi

	say "=== target of another user (uid 2000), $policy policy"
	new_target --reuid=2000 --regid=2000 --clear-groups
	call_newgidmap $FULL
	check_rc 1
	check_out "owned by a different user"
	check_setgroups allow
	check_map ""
	end_target

	say "=== target of root, $policy policy"
	new_target --reuid=0 --regid=0 --clear-groups
	call_newgidmap 0 1000 1
	check_rc 1
	check_out "owned by a different user"
	check_setgroups allow
	check_map ""
	end_target
done

finish
