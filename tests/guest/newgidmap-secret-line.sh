#!/bin/sh
# A 0600 (or 0640) /etc/negative-groups with a bad line: newgidmap fails
# closed, but any user can run newgidmap, so what it prints must tell
# nothing of the file: not the line (a marker string in it never appears),
# not its number, not the kind of problem ("unknown user" would tell of a
# user: line), not how many.  A malformed line, an unknown group and an
# unknown user.  A listed gid of the subgid range is named in a refusal
# only when the file is readable by all.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"
MARK=Zq7secretMARK

for mode in 0600 0640; do
	for kind in malformed unknown user; do
		say "=== mode $mode, $kind entry with the marker on line 3"
		case $kind in
		malformed) set_policy "# the marker is on line 3" "adm" "$MARK-x y$MARK" ;;
		unknown) set_policy "# the marker is on line 3" "adm" "nosuchgroup-$MARK" ;;
		user) set_policy "# the marker is on line 3" "adm" "user:nosuch-$MARK" ;;
		esac
		chmod "$mode" "$NEG"
		ls -l "$NEG"
		new_target $LONE
		call_newgidmap $FULL
		check_out "a line cannot be used"
		# Neither the entry, nor its line, nor its kind, nor a count
		check_not_out "$MARK"
		check_not_out ":3"
		check_not_out "unknown"
		check_not_out "user:"
		check_not_out "malformed"
		check_not_out "more problem"
		check_failed_closed
		end_target
	done
done

say "=== mode 0600, the marker in a comment and two bad lines after it"
set_policy "# $MARK" "nogames junkQ9" "user:nosuch-x"
chmod 0600 "$NEG"
new_target $LONE
call_newgidmap $FULL
check_out "a line cannot be used"
check_not_out "$MARK"
check_not_out "junkQ9"
check_not_out ":2"
check_not_out "more problem"
check_failed_closed
end_target

# A listed gid in the caller's subgid range, which neither the caller nor
# the target holds (the policy applies through user:alice): the refusal
# names it only if the file is readable by all.  Otherwise it says which
# map line holds a listed gid.
secret_gid=123457
for mode in 0600 0644; do
	say "=== mode $mode, gid $secret_gid of the subgid range listed"
	set_policy "# a gid of alice's subgid range" "$secret_gid" "user:alice"
	chmod "$mode" "$NEG"
	ls -l "$NEG"
	new_target $LONE
	call_newgidmap $FULL
	check_rc 1
	check_map ""
	check_setgroups allow
	if [ "$mode" = 0600 ]; then
		check_out "a gid listed in /etc/negative-groups lies in map line 2"
		check_not_out "$secret_gid"
	else
		check_out "refusing to map gid $secret_gid into the user namespace: it is listed in /etc/negative-groups"
	fi
	end_target
done

finish
