#!/bin/sh
# A self-map (newgidmap PID 0 GID 1, GID the caller's primary group from
# /etc/passwd, no /etc/subgid range) of a LISTED group is refused when the
# policy applies: exit 1, no map written, a message naming the refused
# extent and the policy, not the group.  Two users whose primary group is listed: bob
# (added for the test, primary group nogames) and alice with her own group
# listed by gid.  Control: the same self-map with nothing of hers listed.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

nogames=$(getent group nogames | cut -d: -f3)
[ -n "$nogames" ] || die "no group nogames"
alicegid=$(id -g alice)

keep_file /etc/passwd
getent passwd 1010 >/dev/null && die "uid 1010 is taken"
printf 'bob:x:1010:%s:primary group nogames:/nonexistent:/usr/sbin/nologin\n' \
	"$nogames" >> /etc/passwd
say "--- bob: $(id bob)"

# refused: the call of $CALLER to map "0 $1 1" in a target of $2... is
# refused and writes no map; the message does not name group $name
refused() {
	lower=$1
	shift
	new_target "$@"
	call_newgidmap 0 "$lower" 1
	check_rc 1
	check_out "refused by the policy of /etc/negative-groups"
	check_not_out "$name"
	check_map ""
	say "  (setgroups is $(cat "/proc/$pid/setgroups"))"
	end_target
}

BOB="--reuid=1010 --regid=$nogames --init-groups"
for entry in nogames "$nogames"; do
	say "=== bob, primary group nogames, $entry listed: self-map of $nogames"
	set_policy "$entry"
	name=nogames
	CALLER="setpriv $BOB --"
	refused "$nogames" $BOB
done

say "=== alice, her primary group alice listed by gid: self-map of $alicegid"
set_policy "$alicegid"
name=alice
CALLER=$ALICE
refused "$alicegid" --reuid=1000 --regid="$alicegid" --init-groups

say "=== alice, primary group alice listed, caller and target hold only it"
set_policy alice
CALLER="setpriv --reuid=1000 --regid=$alicegid --groups=$alicegid --"
refused "$alicegid" --reuid=1000 --regid="$alicegid" --groups="$alicegid"

say "=== control: nogames listed, alice's self-map of her own group is mapped"
set_policy nogames
CALLER=$ALICE
new_target
call_newgidmap 0 "$alicegid" 1
check_rc 0
check_setgroups shadow
check_map "0 $alicegid 1"
end_target

finish
