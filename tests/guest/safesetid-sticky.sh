#!/bin/sh
# SafeSetID judges what setgroups(2) was asked for, not the sticky groups
# the kernel keeps.  A gid policy constrains gid 4242; a process of user
# and group 4242 (a service account, as SafeSetID's users have them: its
# setgroups hook checks the policy of the real gid, then looks each group
# up under the value of the real uid) holds group 4243, which the gid map
# of its shadow namespace leaves out.  setgroups([]) there must succeed,
# with 4243 kept; asking for a group the policy does not permit must still
# be killed.  In a namespace whose gid map came through the unprivileged
# self-map, every held group is kept, mapped ones too: setgroups([]) there
# keeps the mapped 4245, which the policy does not permit, and must not be
# killed for it either.
#
# The processes take their ids before the policy is written (setpriv's own
# setgroups would be judged too), and wait on a FIFO to go on.
. "$TESTS/lib.sh"

sec=/sys/kernel/security
mountpoint -q $sec || mount -t securityfs securityfs $sec ||
	fail "cannot mount securityfs"
grep -q safesetid $sec/lsm || fail "SafeSetID is not active: $(cat $sec/lsm)"

# Not through a shell function: $! must be the process itself.
AS_4242="setpriv --reuid=4242 --regid=4242 --groups=4243 --"

# $target: in a shadow namespace whose uid map is 4242 (as 0) and gid map
# 4242 (as 0) and 4244 (as 1).
$AS_4242 unshare --user sleep 600 &
target=$!
wait_userns "$target"
echo shadow >/proc/$target/setgroups || fail "writing shadow"
echo '0 4242 1' >/proc/$target/uid_map || fail "writing the uid map"
printf '0 4242 1\n1 4244 1\n' >/proc/$target/gid_map || fail "writing the gid map"

# $selfmap: 4242, with groups 4243 and 4245, maps 4245 (as 0) itself,
# egid 4245, without privilege: a namespace that keeps every held group.
setpriv --reuid=4242 --regid=4242 --groups=4243,4245 -- unshare --user sleep 600 &
selfmap=$!
wait_userns "$selfmap"
setpriv --reuid=4242 --regid=4245 --groups=4243,4245 -- sh -c '
	echo shadow >/proc/$1/setgroups && echo "0 4242 1" >/proc/$1/uid_map &&
	echo "0 4245 1" >/proc/$1/gid_map' sh "$selfmap" ||
	fail "4242 could not map its own egid 4245 in shadow mode"

# joiner FIFO TARGET CMD...: as 4242 with group 4243 (and 4245 for
# $selfmap), once FIFO is written, join the namespace of TARGET (its
# owner: root in it) and exec CMD; the process is $joined.
joiner() {
	fifo=$1 ns=$2
	shift 2
	mkfifo -m 0600 "$fifo" && chown 4242:4242 "$fifo" || fail "mkfifo $fifo"
	groups=4243
	[ "$ns" = "$selfmap" ] && groups=4243,4245
	setpriv --reuid=4242 --regid=4242 --groups=$groups -- sh -c 'fifo=$1 ns=$2; shift 2
		read go <"$fifo" &&
		exec nsenter --target "$ns" --user --preserve-credentials -- "$@"' \
		sh "$fifo" "$ns" "$@" &
	joined=$!
	# Its ids are taken once setpriv has become sh: only then may the
	# policy be written.
	wait_comm $joined sh || fail "the joiner died before it started"
}
mkdir -p /run/ssid
joiner /run/ssid/clear "$target" setpriv --clear-groups sleep 30
clear=$joined
joiner /run/ssid/ask "$target" setpriv --groups=1 true
ask=$joined
joiner /run/ssid/keep "$selfmap" setpriv --clear-groups sleep 30
keep=$joined

echo 4242:4242 >$sec/safesetid/gid_allowlist_policy ||
	fail "cannot write the SafeSetID gid policy"

step "setgroups([]) in the namespace: no kill, 4243 kept"
echo go >/run/ssid/clear
# Until setpriv has run its setgroups(2) and become sleep, or died
wait_comm $clear sleep || { wait $clear; fail "setpriv --clear-groups died with status $? (137: SIGKILL)"; }
# Read from outside, where every group shows
real=$(sed -n 's/^Groups:[[:space:]]*//p' /proc/$clear/status)
real=$(echo $real)
kill $clear; wait $clear 2>/dev/null
echo "real groups after setgroups([]): $real"
[ "$real" = 4243 ] || fail "real groups '$real', expected 4243"

step "asking for gid 1 (4244), which the policy does not permit: killed"
echo go >/run/ssid/ask
wait $ask
rc=$?
dmesg | grep 'SafeSetID' | tail -n 3
[ $rc -eq 137 ] || fail "setgroups([1]) exited $rc, expected 137 (SIGKILL)"

step "setgroups([]) where every held group is kept: no kill, 4243 and 4245 kept"
echo go >/run/ssid/keep
wait_comm $keep sleep || { wait $keep; fail "setpriv --clear-groups died with status $? (137: SIGKILL)"; }
real=$(sed -n 's/^Groups:[[:space:]]*//p' /proc/$keep/status)
real=$(echo $real)
kill $keep $selfmap; wait $keep $selfmap 2>/dev/null
echo "real groups after setgroups([]): $real"
[ "$real" = "4243 4245" ] || fail "real groups '$real', expected 4243 4245"

stop_target
echo "ok"
