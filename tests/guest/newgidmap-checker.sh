#!/bin/sh
# negative-groups-check, the checker of /etc/negative-groups shipped with
# newgidmap in the uidmap package: it reads the file (or a named one)
# with newgidmap's rules and prints every problem as FILE:LINE: REASON,
# exit status 1 if there is one; run by a user who cannot read the file,
# it says so and judges nothing (exit status 2); it warns of a listed gid
# inside an /etc/subgid range.  Exactly newgidmap's rules: a file it
# passes gives shadow, one it fails gives deny (fail closed).

. "$TESTS/newgidmap-lib.sh"

CHECK=/usr/sbin/negative-groups-check

# checker ARG...: run the checker as root; sets out and rc
checker() {
	say "+ negative-groups-check $*"
	out=$("$CHECK" "$@" 2>&1)
	rc=$?
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed 's/^/  | /'
	fi
	say "  exit status $rc"
}

say "=== the uidmap package ships the checker and its page, not setuid"
dpkg -L uidmap | grep -qx "$CHECK" && pass "uidmap ships $CHECK" ||
	bad "uidmap does not ship $CHECK"
dpkg -L uidmap | grep -qx /usr/share/man/man8/negative-groups-check.8.gz &&
	pass "uidmap ships negative-groups-check(8)" ||
	bad "uidmap does not ship negative-groups-check(8)"
if [ -u "$CHECK" ] || [ -g "$CHECK" ]; then
	bad "$CHECK is setuid or setgid"
else
	pass "$CHECK is not setuid"
fi
zcat /usr/share/man/man5/negative-groups.5.gz | grep -q 'negative-groups-check' &&
	pass "negative-groups(5) tells how to check the file" ||
	bad "negative-groups(5) does not mention the checker"

say "=== a good file: exit 0"
set_policy "# by gid" "$(getent group nogames | cut -d: -f3)" "nogames" "user:alice" "*"
checker
check_rc 0
check_out "/etc/negative-groups: OK"

say "=== no file: no policy, exit 0; a named file that is missing: exit 1"
no_policy
checker
check_rc 0
check_out "no policy"
checker /etc/negative-groups.nosuch
check_rc 1

say "=== every problem, each as FILE:LINE: REASON, exit 1"
set_policy "# typos" "nogamez" "nogames extra" "user:nosuchuser-xyz" "proj"
checker
check_rc 1
check_out "/etc/negative-groups:2: unknown group 'nogamez'"
check_out "/etc/negative-groups:3: trailing garbage after 'nogames'"
check_out "/etc/negative-groups:4: unknown user 'user:nosuchuser-xyz'"
check_out "newgidmap writes \"deny\" for every caller"
check_not_out ":5:"

say "=== the same file, as newgidmap reads it: deny and the map"
new_target
call_newgidmap $FULL
check_failed_closed
end_target

say "=== a group-writable file: exit 1, FILE: REASON"
set_policy nogames
chmod 0664 "$NEG"
checker
check_rc 1
check_out "/etc/negative-groups: writable by group or others"

say "=== a new version checked before it is installed"
keep_file /etc/negative-groups.new
printf 'nogames\n' > /etc/negative-groups.new
chmod 0644 /etc/negative-groups.new
checker /etc/negative-groups.new
check_rc 0
check_out "/etc/negative-groups.new: OK"
printf 'nogames\n0 1\n' > /etc/negative-groups.new
checker /etc/negative-groups.new
check_rc 1
check_out "/etc/negative-groups.new:2: trailing garbage after '0'"

say "=== a file the checker passes, as newgidmap reads it: shadow"
set_policy nogames
checker
check_rc 0
new_target
map_expect_shadow
end_target

say "=== run by a user who cannot read the file: says so, judges nothing, exit 2"
set_policy nogames
chmod 0600 "$NEG"
say "+ negative-groups-check (as alice)"
out=$(setpriv --reuid=1000 --regid=1000 --init-groups -- "$CHECK" 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/  | /'
say "  exit status $rc"
check_rc 2
check_out "/etc/negative-groups cannot be read by this user"
check_not_out "invalid"
check_not_out "deny"
check_not_out "OK"
chmod 0644 "$NEG"

say "=== a listed gid inside alice's /etc/subgid range: a warning, exit 0"
set_policy nogames 100005
checker
check_rc 0
check_out "/etc/negative-groups:2: warning: gid 100005 is inside the range 100000-165535 of alice in /etc/subgid:1"
check_out "/etc/negative-groups: OK"

say "=== usage"
checker -h
check_rc 1
check_out "Usage:"

finish
