#!/bin/sh
# Self-map (newgidmap PID 0 1000 1, no /etc/subgid range): setgroups
# becomes shadow instead of deny, so setgroups(2) and nsenter work in the
# namespace, and no group is shed.  An existing deny is kept.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

for policy in without with; do
	if [ "$policy" = with ]; then
		set_policy "nogames"
	else
		no_policy
	fi
	say "=== self-map, $policy policy"
	new_target
	call_newgidmap 0 1000 1
	check_rc 0
	check_setgroups shadow
	check_map "0 1000 1"
	out=$($ALICE newuidmap "$pid" 0 1000 1 2>&1) || bad "newuidmap failed: $out"

	# plain nsenter calls setgroups(2) (shadow-maint/shadow#1256)
	out=$($ALICE nsenter -U -t "$pid" id -u 2>&1)
	if [ "$out" = 0 ]; then
		pass "nsenter -U -t $pid works (uid 0 inside)"
	else
		bad "nsenter -U -t $pid: $out"
	fi
	out=$($ALICE nsenter --preserve-credentials -U -t "$pid" setpriv --clear-groups id -G 2>&1)
	if [ "$out" = 0 ]; then
		pass "nsenter --preserve-credentials + setgroups(0) works, unmapped groups hidden"
	else
		bad "nsenter --preserve-credentials + setpriv --clear-groups id -G: $out"
	fi
	out=$($ALICE nsenter --preserve-credentials -U -t "$pid" setpriv --clear-groups \
		sh -c 'if cat /srv/games >/dev/null 2>&1; then echo READ; else echo DENIED; fi' 2>&1)
	if [ "$out" = DENIED ]; then
		pass "no group shed: /srv/games still denied after setgroups(0)"
	else
		bad "after setgroups(0) in the namespace: $out"
	fi
	end_target
done

say "=== self-map with deny before the call"
no_policy
new_target
map_keeps_deny 0 1000 1
end_target

finish
