# Shell helpers for the newgidmap guest tests (sourced, not run).
#
# Each test runs as root in the guest and exits 0 on pass, non-zero on
# failure.  Fixture: user alice (uid 1000) in groups nogames and proj,
# alice:100000:65536 in /etc/subuid and /etc/subgid, /etc/negative-groups
# listing nogames, /srv/games 0604 root:nogames.  Sourcing this file saves
# /etc/negative-groups; it is restored when the test exits.

set -u

PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH

NEG=/etc/negative-groups
ALICE="setpriv --reuid=1000 --regid=1000 --init-groups --"
CALLER=$ALICE
FULL="0 1000 1 1 100000 65536"

# How newgidmap opens the files under /proc/PID (setgroups, gid_map, and
# the policy's status): with openat2(2), system call 437, since Debian
# 13's uidmap 1:4.17.4-2+deb13u1 (the update that also removed the fd:N
# target form); with openat(2), 257, before it (Debian 12's 4.13, 13's
# 1:4.17.4-2) and in upstream's newgidmap, which keeps fd:N.
if ! newgidmap 2>&1 | grep -q 'fd:' &&
   dpkg --compare-versions "$(dpkg-query -W -f '${Version}' uidmap 2>/dev/null)" \
	ge 1:4.17.4-2+deb13u1; then
	PROC_OPEN=openat2
	PROC_OPEN_NR=437
else
	PROC_OPEN=openat
	PROC_OPEN_NR=257
fi

failures=0
pids=""
saved=""
pid=""
out=""
rc=0

say() {
	printf '%s\n' "$*"
}

pass() {
	say "ok: $*"
}

bad() {
	say "FAIL: $*"
	failures=$((failures + 1))
}

die() {
	say "FAIL: $*"
	exit 1
}

save_policy() {
	saved=$(mktemp -d /tmp/newgidmap-test.XXXXXX) || die "mktemp failed"
	if [ -e "$NEG" ] || [ -L "$NEG" ]; then
		cp -a "$NEG" "$saved/negative-groups" || die "cannot save $NEG"
	fi
}

restore_policy() {
	[ -n "$saved" ] || return 0
	rm -rf "$NEG"
	if [ -e "$saved/negative-groups" ] || [ -L "$saved/negative-groups" ]; then
		cp -a "$saved/negative-groups" "$NEG"
	fi
	rm -rf "$saved"
	saved=""
}

# keep_file PATH: PATH (a file of the fixture the test changes, such as
# /etc/subgid) is put back as it was, or removed if it did not exist, when
# the test exits
kept=0
kept_files=""
keep_file() {
	kept=$((kept + 1))
	if [ -e "$1" ]; then
		cp -a "$1" "$saved/kept.$kept" || die "cannot save $1"
	fi
	kept_files="$kept_files $kept:$1"
}

restore_files() {
	for k in $kept_files; do
		n=${k%%:*}
		f=${k#*:}
		rm -f "$f"
		if [ -e "$saved/kept.$n" ]; then
			cp -a "$saved/kept.$n" "$f"
		fi
	done
	kept_files=""
}

cleanup() {
	for p in $pids; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	pids=""
	restore_files
	restore_policy
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

# set_policy LINE...: write /etc/negative-groups (no LINE: an empty file)
set_policy() {
	rm -rf "$NEG"
	: > "$NEG" || die "cannot write $NEG"
	for line in "$@"; do
		printf '%s\n' "$line" >> "$NEG"
	done
	chmod 0644 "$NEG"
	say "--- $NEG:"
	sed 's/^/  | /' "$NEG"
}

no_policy() {
	rm -rf "$NEG"
	say "--- no $NEG"
}

# new_target [SETPRIV-OPTION...]: start sleep in a new user namespace, as
# alice unless options are given; sets pid
new_target() {
	if [ $# -eq 0 ]; then
		set -- --reuid=1000 --regid=1000 --init-groups
	fi
	setpriv "$@" -- unshare -U sleep 1000 &
	pid=$!
	pids="$pids $pid"
	self_ns=$(readlink /proc/self/ns/user)
	tries=0
	while :; do
		kill -0 "$pid" 2>/dev/null || die "target $pid died"
		ns=$(readlink "/proc/$pid/ns/user" 2>/dev/null) || ns=""
		if [ -n "$ns" ] && [ "$ns" != "$self_ns" ]; then
			break
		fi
		tries=$((tries + 1))
		[ "$tries" -lt 200 ] || die "target $pid did not enter a new user namespace"
		sleep 0.05
	done
	say "--- target $pid ($*), setgroups $(cat "/proc/$pid/setgroups")"
}

end_target() {
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}

# call_newgidmap ARG...: newgidmap $pid ARG... as $CALLER; sets out and rc
call_newgidmap() {
	say "+ newgidmap $pid $*"
	out=$($CALLER newgidmap "$pid" "$@" 2>&1)
	rc=$?
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed 's/^/  | /'
	fi
	say "  exit status $rc"
}

# write_setgroups WORD: write WORD to /proc/$pid/setgroups as alice
write_setgroups() {
	out=$($ALICE sh -c '/usr/bin/printf "%s\n" "$1" > "/proc/$2/setgroups"' sh "$1" "$pid" 2>&1)
	rc=$?
}

check_rc() {
	if [ "$rc" -eq "$1" ]; then
		pass "exit status $1"
	else
		bad "exit status $rc, expected $1"
	fi
}

# The file could not be used (fail closed, and keep running): one notice
# that it is invalid, nothing of its content, "deny" and the map as
# requested (the caller's own gid and its subgid range), so that
# setgroups(2) fails with EPERM in the namespace and /srv/games stays
# denied to a process of alice that joins it.
check_failed_closed() {
	check_rc 0
	check_out "/etc/negative-groups is invalid"
	check_one_line
	check_setgroups deny
	check_map "$FULL"
	check_groups_kept_deny
}

# check_one_line: the last command printed exactly one line
check_one_line() {
	lines=$(printf '%s\n' "$out" | grep -c .)
	if [ "$lines" -eq 1 ]; then
		pass "one notice"
	else
		bad "$lines lines of messages, expected one notice"
	fi
}

# The policy applied for another reason than the file (the groups of the
# target could not be read): the whole map, with setgroups at shadow.
check_applied_full() {
	check_rc 0
	check_out "the policy of /etc/negative-groups applies"
	check_setgroups shadow
	check_map "$FULL"
}

check_setgroups() {
	state=$(cat "/proc/$pid/setgroups")
	if [ "$state" = "$1" ]; then
		pass "setgroups is $1"
	else
		bad "setgroups is '$state', expected $1"
	fi
}

# check_map "GID LOWER COUNT ...": the gid map of $pid ("" for none)
check_map() {
	want=$(printf '%s\n' "$1" | awk '{ for (i = 1; i + 2 <= NF; i += 3) printf "%s %s %s;", $i, $(i + 1), $(i + 2) }')
	got=$(awk '{ printf "%s %s %s;", $1, $2, $3 }' "/proc/$pid/gid_map")
	if [ "$got" = "$want" ]; then
		pass "gid_map is '${want:-empty}'"
	else
		bad "gid_map is '${got:-empty}', expected '${want:-empty}'"
	fi
}

# check_out STRING: the output of the last command contains STRING
check_out() {
	if printf '%s\n' "$out" | grep -F -q -e "$1"; then
		pass "message mentions '$1'"
	else
		bad "message does not mention '$1'"
	fi
}

check_quiet() {
	if [ -z "$out" ]; then
		pass "no message"
	else
		bad "unexpected message"
	fi
}

# map_expect_shadow: "newgidmap $pid $FULL" as $CALLER succeeds without a
# message, and leaves setgroups at shadow with the full map written
map_expect_shadow() {
	call_newgidmap $FULL
	check_rc 0
	check_quiet
	check_setgroups shadow
	check_map "$FULL"
}

# map_expect_stock: "newgidmap $pid $FULL" as $CALLER succeeds without a
# message, and leaves setgroups at allow with the full map written: the
# policy does not apply
map_expect_stock() {
	call_newgidmap $FULL
	check_rc 0
	check_quiet
	check_setgroups allow
	check_map "$FULL"
}

# map_keeps_deny MAP...: "deny" written before "newgidmap $pid MAP" as
# $CALLER stays, and the map is written
map_keeps_deny() {
	write_setgroups deny
	[ "$rc" -eq 0 ] || die "cannot write deny: $out"
	call_newgidmap "$@"
	check_rc 0
	check_setgroups deny
	check_map "$*"
}

# require_shadow_kernel: fail loudly on a kernel without the shadow mode
require_shadow_kernel() {
	new_target
	write_setgroups shadow
	if [ "$rc" -ne 0 ]; then
		die "this test needs a kernel with the setgroups \"shadow\" mode; writing shadow to a fresh namespace failed: $out"
	fi
	state=$(cat "/proc/$pid/setgroups")
	[ "$state" = shadow ] || die "wrote shadow to setgroups but it reads '$state'"
	say "kernel has the setgroups shadow mode"
	end_target
}

# check_groups_kept: with the gid map written, map the uids too, drop all
# groups in the namespace and try to read /srv/games (0604 root:nogames)
check_groups_kept() {
	uout=$($ALICE newuidmap "$pid" $FULL 2>&1) || {
		bad "newuidmap failed: $uout"
		return
	}
	out=$($ALICE nsenter --preserve-credentials -U -t "$pid" \
		setpriv --clear-groups \
		sh -c 'if cat /srv/games >/dev/null 2>&1; then echo READ; else echo DENIED; fi' 2>&1)
	case "$out" in
	DENIED)
		pass "groups cleared in the namespace, /srv/games still denied"
		;;
	READ)
		bad "nogames was dropped in the namespace: /srv/games was read"
		;;
	*)
		bad "could not clear the groups in the namespace: $out"
		;;
	esac
}

# check_groups_kept_deny: as check_groups_kept, on a namespace in "deny":
# setgroups(2) fails with EPERM and /srv/games stays denied
check_groups_kept_deny() {
	uout=$($ALICE newuidmap "$pid" $FULL 2>&1) || {
		bad "newuidmap failed: $uout"
		return
	}
	out=$($ALICE nsenter --preserve-credentials -U -t "$pid" \
		setpriv --clear-groups true 2>&1)
	case "$out" in
	*"Operation not permitted"*)
		pass "setgroups(2) fails with EPERM in the namespace"
		;;
	*)
		bad "setgroups(2) in the namespace: '$out', expected EPERM"
		;;
	esac
	out=$($ALICE nsenter --preserve-credentials -U -t "$pid" \
		sh -c 'if cat /srv/games >/dev/null 2>&1; then echo READ; else echo DENIED; fi' 2>&1)
	if [ "$out" = DENIED ]; then
		pass "/srv/games still denied in the namespace"
	else
		bad "/srv/games in the namespace: $out"
	fi
}

# check_not_out STRING: the output of the last command does not contain
# STRING
check_not_out() {
	if printf '%s\n' "$out" | grep -F -q -e "$1"; then
		bad "message shows '$1'"
	else
		pass "message does not show '$1'"
	fi
}

# check_no_crash: the last command exited by itself (not by a signal, not
# killed by a time limit) with a message
check_no_crash() {
	if [ "$rc" -ge 124 ]; then
		bad "exit status $rc: killed by a signal or a time limit"
	else
		pass "exit status $rc, not a crash"
	fi
	if [ -n "$out" ]; then
		pass "an error message"
	else
		bad "no message"
	fi
}

# --- strace: fault and delay injection into the setuid newgidmap ---------
#
# strace runs as root and traces the caller (setpriv, then newgidmap), so
# the kernel honours newgidmap's setuid bit.  -P limits the tracing, and so
# the injection, to the system calls on one path.
#
# HOLD: how long (in microseconds, for delay_enter) strace holds newgidmap
# at the one system call a test acts around.  The test only needs to see it
# held, then do one or two quick things (write "deny", kill and reap the
# target) and check that it is still held.  3 s ran out on a guest starved
# by other guests on the same host (TCG), so 10 s; a debug kernel scales
# it with every time limit (TIME_SCALE).  A hold that ran out too early
# fails the test: "the delay was too short".
HOLD=$(awk -v s="${TIME_SCALE:-1}" 'BEGIN { printf "%d", 10000000 * s }')

require_strace() {
	command -v strace >/dev/null 2>&1 ||
		die "strace is not in the guest (rootfs/packages): this test injects faults into newgidmap with it"
}

# traced_start STRACE-ARG... -- ARG...: start "newgidmap $pid ARG..." as
# $CALLER under strace in the background; sets tpid (strace) and ngm
# (newgidmap, once it has been exec'd)
traced_start() {
	sargs=""
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		sargs="$sargs $1"
		shift
	done
	[ $# -gt 0 ] && shift
	say "+ strace$sargs $CALLER newgidmap $pid $*"
	# shellcheck disable=SC2086
	strace -f -qq -o "$saved/strace.log" $sargs $CALLER newgidmap "$pid" "$@" \
		>"$saved/out" 2>&1 &
	tpid=$!
	pids="$pids $tpid"
	ngm=""
	tries=0
	while :; do
		ngm=$(pgrep -P "$tpid" 2>/dev/null | head -n 1)
		if [ -n "$ngm" ] && [ "$(cat "/proc/$ngm/comm" 2>/dev/null)" = newgidmap ]; then
			break
		fi
		kill -0 "$tpid" 2>/dev/null || { ngm=""; break; }
		tries=$((tries + 1))
		[ "$tries" -lt 400 ] || die "newgidmap did not start under strace"
		sleep 0.05
	done
}

# traced_wait: wait for the strace started by traced_start; sets out and rc
# and shows the trace
traced_wait() {
	wait "$tpid"
	rc=$?
	out=$(cat "$saved/out")
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed 's/^/  | /'
	fi
	say "  exit status $rc"
	say "  strace:"
	sed 's/^/  : /' "$saved/strace.log"
}

# traced_call STRACE-ARG... -- ARG...: traced_start then traced_wait
traced_call() {
	traced_start "$@"
	traced_wait
}

# stopped_at NR: newgidmap ($ngm) is held by strace at the entry of
# system call NR (x86_64 numbers); prints the arguments
stopped_at() {
	st=$(awk '{ print $3 }' "/proc/$ngm/stat" 2>/dev/null) || return 1
	[ "$st" = t ] || return 1
	sc=$(cat "/proc/$ngm/syscall" 2>/dev/null) || return 1
	set -- $sc
	[ "$1" = "$NR" ] || return 1
	shift
	printf '%s\n' "$*"
}

# wait_stopped NR FD-PATH: wait (at most 30 s) until newgidmap is held at
# system call NR whose first argument is a file descriptor open on
# FD-PATH, twice in a row; dies otherwise
wait_stopped() {
	NR=$1
	tries=0
	seen=0
	while :; do
		kill -0 "$tpid" 2>/dev/null || die "newgidmap ended before the injected delay"
		if args=$(stopped_at); then
			fd=$(printf '%d' "${args%% *}" 2>/dev/null) || fd=-1
			if [ "$(readlink "/proc/$ngm/fd/$fd" 2>/dev/null)" = "$2" ]; then
				seen=$((seen + 1))
				if [ "$seen" -ge 2 ]; then
					say "  newgidmap $ngm is held at system call $NR on $2"
					return 0
				fi
			fi
		else
			seen=0
		fi
		tries=$((tries + 1))
		[ "$tries" -lt 300 ] || die "newgidmap was never held at system call $NR on $2"
		sleep 0.1
	done
}

finish() {
	if [ "$failures" -eq 0 ]; then
		say "PASS: $(basename "$0")"
		exit 0
	fi
	say "FAIL: $(basename "$0"): $failures check(s) failed"
	exit 1
}

[ "$(id -u)" -eq 0 ] || die "must run as root"
id alice >/dev/null 2>&1 || die "no user alice"
save_policy
