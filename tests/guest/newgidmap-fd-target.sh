#!/bin/sh
# The fd:N target form: newgidmap fd:N maps the process whose /proc/PID
# directory N is open on, as container runtimes pass it.  As stock, any
# directory of the same procfs is accepted, whatever its path: through a
# bind mount of /proc elsewhere it works without a policy file (stock)
# and with one (shadow).  /proc/PID and /proc/PID/task/TID work like the
# PID form; a descriptor of another /proc directory writes nothing.  The
# messages never say "process 0".  Where newgidmap has no fd:N form
# (Debian 12's shadow 4.13, and Debian 13's since the security update
# 1:4.17.4-2+deb13u1 removed it), it must refuse it as a usage error.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
set_policy nogames

# fd_call DIR ARG...: "newgidmap fd:5 ARG..." as $CALLER, with descriptor
# 5 open on DIR; sets out and rc
fd_call() {
	dir=$1
	shift
	say "+ newgidmap fd:5 $* (5 is $dir)"
	out=$($CALLER sh -c 'exec 5<"$1" || exit 99; shift; exec newgidmap fd:5 "$@"' \
		sh "$dir" "$@" 2>&1)
	rc=$?
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed 's/^/  | /'
	fi
	say "  exit status $rc"
}

# Debian 12's newgidmap (shadow 4.13) and Debian 13's since
# 1:4.17.4-2+deb13u1 have no fd:N form: there fd:N is a usage error, and
# nothing is written.
if ! newgidmap 2>&1 | grep -q 'fd:'; then
	say "=== this newgidmap has no fd:N target form: refused, nothing written"
	new_target
	fd_call "/proc/$pid" $FULL
	check_rc 1
	check_out "usage"
	check_setgroups allow
	check_map ""
	end_target
	finish
fi

# /proc mounted a second time elsewhere: the same procfs, another path
pmnt=$(mktemp -d /tmp/newgidmap-proc.XXXXXX) || die "mktemp failed"
chmod 0755 "$pmnt"
mount --bind /proc "$pmnt" || die "cannot bind-mount /proc on $pmnt"
trap 'umount "$pmnt" 2>/dev/null; rmdir "$pmnt" 2>/dev/null; cleanup' EXIT
say "--- /proc is bind-mounted on $pmnt"

say "=== no file, fd:N of $pmnt/PID: stock, the whole map"
no_policy
new_target
fd_call "$pmnt/$pid" $FULL
check_rc 0
check_quiet
check_setgroups allow
check_map "$FULL"
end_target

# The policy takes the pid from the status file, wherever procfs is seen
set_policy nogames
for proc in "$pmnt" /proc; do
	say "=== nogames listed, fd:N of $proc/PID: shadow, the whole map"
	new_target
	fd_call "$proc/$pid" $FULL
	check_rc 0
	check_quiet
	check_setgroups shadow
	check_map "$FULL"
	check_groups_kept
	end_target
done

say "=== fd:N of /proc/PID/task/TID"
new_target
fd_call "/proc/$pid/task/$pid" $FULL
check_rc 0
check_quiet
check_setgroups shadow
check_map "$FULL"
end_target

for dir in task fd ns; do
	say "=== fd:N of /proc/PID/$dir, not a process directory"
	new_target
	fd_call "/proc/$pid/$dir" $FULL
	check_rc 1
	check_not_out "process 0"
	check_setgroups allow
	check_map ""
	end_target
done

# The groups of the target cannot be read (the open of its status file
# fails, injected): the message names the pid that N refers to.
require_strace
LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"
for sub in "" "/task/PID"; do
	new_target $LONE
	dir=/proc/$pid${sub:+/task/$pid}
	say "=== fd:N of $dir, the groups of the target cannot be read"
	say "+ strace ... newgidmap fd:5 $FULL (5 is $dir)"
	strace -f -qq -o "$saved/strace.log" -P status -e trace=$PROC_OPEN,open \
		-e inject=$PROC_OPEN,open:error=EACCES:when=1 \
		$CALLER sh -c 'exec 5<"$1" || exit 99; shift; exec newgidmap fd:5 "$@"' \
		sh "$dir" $FULL >"$saved/out" 2>&1
	rc=$?
	out=$(cat "$saved/out")
	printf '%s\n' "$out" | sed 's/^/  | /'
	grep -q '"status".*EACCES.*INJECTED' "$saved/strace.log" ||
		bad "the trace shows no EACCES injected into the open of status"
	check_out "cannot read the groups of the target process"
	check_not_out "process 0"
	check_applied_full
	end_target
done

finish
