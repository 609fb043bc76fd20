#!/bin/sh
# What newgidmap prints speaks only of the caller's request: whatever the
# mode of /etc/negative-groups, a bad line is never quoted (a marker
# string in it never appears), nor its number, the kind of problem
# ("unknown user" would tell of a user: line) or how many there are; and a
# refusal names the refused extent of the requested map, never the listed
# gid in it.  The system log gets the details.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"
MARK=Zq7secretMARK

for mode in 0600 0644; do
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
		# Neither the entry, nor its line, nor its kind, nor a count
		check_not_out "$MARK"
		check_not_out ":3"
		check_not_out "unknown"
		check_not_out "user:"
		check_not_out "malformed"
		check_not_out "problem"
		check_failed_closed
		end_target
	done
done

# A listed gid in the caller's subgid range, which neither the caller nor
# the target holds (the policy applies through user:alice): the refusal
# names the extent the caller asked for and the policy, not the gid.
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
	check_out "gid range [1-65537) -> [100000-165536) refused by the policy of /etc/negative-groups"
	check_one_line
	check_not_out "$secret_gid"
	check_not_out "user:"
	end_target
done

finish
