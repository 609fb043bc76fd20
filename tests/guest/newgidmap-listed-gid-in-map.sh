#!/bin/sh
# A map that would give a listed group a gid inside the namespace is
# refused when the policy applies (exit 1, no map written, one message
# naming the refused extent of the request and the policy, never the
# group): a mapped group is the namespace's to
# drop.  Here through an /etc/subgid range of nogames' gid alone, or a
# wider one that covers it (950-1049) with alice's subgid range, and with
# nogames listed by name or by gid.
# alice is a member of nogames in /etc/group, so the policy applies also
# when neither process holds it.
# Controls: alice's normal map is still accepted; "*" lists no group; a
# policy that does not apply maps the range as stock newgidmap does.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

nogames=$(getent group nogames | cut -d: -f3)
[ -n "$nogames" ] || die "no group nogames"
keep_file /etc/subgid
printf 'alice:%s:1\nalice:950:100\n' "$nogames" >> /etc/subgid
say "--- /etc/subgid:"
sed 's/^/  | /' /etc/subgid
[ "$nogames" -ge 950 ] && [ "$nogames" -lt 1050 ] ||
	die "nogames ($nogames) is not in the range 950-1049 the test maps"

# refused MAP...: the call is refused and writes no map
refused() {
	new_target
	call_newgidmap "$@"
	check_rc 1
	check_out "refused by the policy of /etc/negative-groups"
	check_not_out "nogames"
	check_one_line
	check_map ""
	say "  (setgroups is $(cat "/proc/$pid/setgroups"))"
	end_target
}

for entry in nogames "$nogames"; do
	set_policy "$entry"

	say "=== $entry listed: a subgid range of nogames alone ($nogames, count 1)"
	refused 0 "$nogames" 1

	say "=== $entry listed: alice's subgid range plus a range 950-1049 (covers $nogames)"
	refused 0 100000 65536 65536 950 100
done

say "=== control: nogames listed, alice's normal map is accepted"
set_policy nogames
new_target
map_expect_shadow
end_target

say "=== control: only '*' listed, a range covering nogames is mapped (shadow)"
set_policy "*"
new_target
call_newgidmap 0 "$nogames" 1
check_rc 0
check_setgroups shadow
check_map "0 $nogames 1"
end_target

say "=== nogames listed, held by neither caller nor target: alice is a member, refused"
set_policy nogames
new_target --reuid=1000 --regid=1000 --groups=1000
CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
call_newgidmap 0 "$nogames" 1
check_rc 1
check_out "refused by the policy of /etc/negative-groups"
check_map ""
end_target

say "=== control: adm listed, alice is no member: stock, the range of nogames is mapped"
set_policy adm
new_target --reuid=1000 --regid=1000 --groups=1000
call_newgidmap 0 "$nogames" 1
check_rc 0
check_quiet
check_setgroups allow
check_map "0 $nogames 1"
end_target

finish
