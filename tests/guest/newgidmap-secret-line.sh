#!/bin/sh
# A 0600 (or 0640) /etc/negative-groups with a bad line: newgidmap fails
# closed and names the file and line, but any user can run newgidmap, so
# it must never show the line itself: a marker string in the line never
# appears in the output.  A malformed line and a name that does not
# resolve.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"
MARK=Zq7secretMARK

for mode in 0600 0640; do
	for kind in malformed unknown; do
		say "=== mode $mode, $kind entry with the marker on line 3"
		if [ "$kind" = malformed ]; then
			set_policy "# the marker is on line 3" "adm" "$MARK-x y$MARK"
		else
			set_policy "# the marker is on line 3" "adm" "nosuchgroup-$MARK"
		fi
		chmod "$mode" "$NEG"
		ls -l "$NEG"
		new_target $LONE
		call_newgidmap $FULL
		check_rc 0
		check_out "/etc/negative-groups:3:"
		check_out "applying the policy"
		check_not_out "$MARK"
		check_setgroups shadow
		check_map "$FULL"
		end_target
	done
done

say "=== mode 0600, the marker in a comment and a bad line after it"
set_policy "# $MARK" "nogames junkQ9"
chmod 0600 "$NEG"
new_target $LONE
call_newgidmap $FULL
check_rc 0
check_out "/etc/negative-groups:2:"
check_not_out "$MARK"
check_not_out "junkQ9"
check_setgroups shadow
check_map "$FULL"
end_target

finish
