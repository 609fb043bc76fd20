#!/bin/sh
# An empty file, or one with comments and blank lines only, lists nothing:
# stock behaviour (setgroups stays allow).

. "$TESTS/newgidmap-lib.sh"

for kind in empty comments; do
	say "=== $kind file"
	if [ "$kind" = empty ]; then
		set_policy
	else
		set_policy "# nogames" "" "   # * " "	"
	fi
	new_target
	call_newgidmap $FULL
	check_rc 0
	check_quiet
	check_setgroups allow
	check_map "$FULL"
	end_target
done

finish
