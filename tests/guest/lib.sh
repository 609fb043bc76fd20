# Shell helpers for the guest tests (sourced, not run).

# Print a failure and stop the test.
fail() {
	echo "FAIL: $*"
	exit 1
}

# Print what is being checked.
step() {
	echo "--- $*"
}

# Run a command as alice with her groups from /etc/group (nogames, proj).
as_alice() {
	setpriv --reuid=1000 --regid=1000 --init-groups -- "$@"
}

# Wait until process $1 is in a user namespace other than ours.
wait_userns() {
	tries=0
	while [ "$(readlink "/proc/$1/ns/user" 2>/dev/null)" = "$(readlink /proc/self/ns/user)" ]; do
		tries=$((tries + 1))
		[ $tries -le 200 ] || fail "process $1 never entered a new user namespace"
		sleep 0.05
	done
}

# Wait until process $1 runs command $2 (it exec'd it); fail if it never
# does.  Returns 1 if the process died on the way.
wait_comm() {
	tries=0
	while [ "$(cat "/proc/$1/comm" 2>/dev/null)" != "$2" ]; do
		kill -0 "$1" 2>/dev/null || return 1
		tries=$((tries + 1))
		[ $tries -le 200 ] || fail "process $1 never became $2"
		sleep 0.05
	done
}

# Start a process of alice's in a new, unmapped user namespace; sets $target.
start_alice_userns() {
	# Not through as_alice: $! must be the process itself, not a subshell.
	setpriv --reuid=1000 --regid=1000 --init-groups -- unshare --user sleep 600 &
	target=$!
	wait_userns "$target"
}

# Stop the process started by start_alice_userns.
stop_target() {
	kill "$target" 2>/dev/null
	wait "$target" 2>/dev/null
	target=
}

# A race test on one CPU proves nothing: fail unless two or more are online.
need_two_cpus() {
	cpus=$(getconf _NPROCESSORS_ONLN)
	echo "CPUs online: $cpus ($(grep -c '^processor' /proc/cpuinfo) in /proc/cpuinfo), kernel $(uname -r)"
	[ "$cpus" -ge 2 ] || fail "only $cpus CPU online: the races under test cannot happen"
	grep -q PREEMPT /proc/version || fail "the kernel is not preemptible: $(cat /proc/version)"
}
