#!/bin/sh
# Where the policy's decisions go (README, "What changes for users"): the
# system log, facility authpriv, under the name newgidmap, which the
# README's "journalctl -t newgidmap" shows on a Debian machine: the file
# and line of the entry, the group that matched, the process and the user
# when the policy applies; the problem of a broken file, which fails
# closed with "deny"; the listed gid and the refused range when a map is
# refused.  On the Debian machine of rootfs/kdeb.sh (systemd
# installed, but guest-init is PID 1): journald is started as systemd
# starts it, its sockets its own, /dev/log linked to its syslog socket.
. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

[ -s /etc/machine-id ] || systemd-machine-id-setup || die "systemd-machine-id-setup"
/usr/lib/systemd/systemd-journald &
pids="$pids $!"
tries=0
until [ -S /run/systemd/journal/dev-log ]; do
	tries=$((tries + 1))
	[ "$tries" -lt 200 ] || die "journald made no /run/systemd/journal/dev-log"
	sleep 0.05
done
ln -sf /run/systemd/journal/dev-log /dev/log

nogames=$(getent group nogames | cut -d: -f3)
set_policy "# games" "nogames"

say "=== the policy applies to alice, a member of nogames"
new_target
applied=$pid
call_newgidmap $FULL
check_rc 0
end_target

say "=== a file with a typo: \"deny\", the problem logged"
set_policy "# games" "nogmaes"
new_target
broken=$pid
call_newgidmap $FULL
check_rc 0
check_setgroups deny
end_target
set_policy "# games" "nogames"

say "=== a map with nogames' gid is refused"
keep_file /etc/subgid
printf 'alice:%s:1\n' "$nogames" >>/etc/subgid
new_target
refused=$pid
call_newgidmap 0 1000 1 1 "$nogames" 1
check_rc 1
end_target

say "+ journalctl -t newgidmap"
tries=0
while :; do
	log=$(journalctl -t newgidmap 2>&1)
	case $log in *"refused the gid map of $refused "*) break ;; esac
	tries=$((tries + 1))
	[ "$tries" -lt 50 ] || break
	sleep 0.1
done
printf '%s\n' "$log" | sed 's/^/  | /'
check_log() {
	case $log in
	*"$1"*) pass "logged: $1" ;;
	*) bad "not in journalctl -t newgidmap: $1" ;;
	esac
}
check_log "/etc/negative-groups:2: listed group nogames (gid $nogames) is a group of the target or of the caller: the policy applies to the gid map of $applied of user alice"
check_log "/etc/negative-groups:2: listed gid $nogames is in gid range [1-2) -> [$nogames-$((nogames + 1))); refused the gid map of $refused of user alice"
check_log "/etc/negative-groups:2: unknown group 'nogmaes' (1 problem); \"deny\" before the gid map of $broken of user alice"
facility=$(journalctl -t newgidmap -o verbose | sed -n 's/^ *SYSLOG_FACILITY=//p' | sort -u)
[ "$facility" = 10 ] || bad "facility $facility, not authpriv (10)"
finish
