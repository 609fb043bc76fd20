#!/bin/sh
# A file that exists but can't be read makes the policy apply (fail
# closed): a directory, a symlink loop, an open(2) that fails with EACCES
# (injected: chmod 000 is no obstacle to the setuid-root newgidmap).
# The policy then applies with "deny" and the map is written as
# requested; the notice says only that the file is invalid.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

for kind in directory loop; do
	say "=== /etc/negative-groups is a $kind"
	rm -rf "$NEG"
	if [ "$kind" = directory ]; then
		mkdir "$NEG"
		why="not a regular file"
	else
		ln -s negative-groups "$NEG"
		why="Too many levels of symbolic links"
	fi
	new_target --reuid=1000 --regid=1000 --groups=1000
	CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
	call_newgidmap $FULL
	check_not_out "$why"
	check_failed_closed
	end_target
done

# newgidmap runs as root, which reads any file: EACCES (root squashed on
# NFS, an LSM) is injected into the open of the file.  The stat(2)s before
# it succeed, so the refusal comes from open(2) itself.
require_strace
say "=== the open of $NEG fails with EACCES"
set_policy "user:root"
new_target --reuid=1000 --regid=1000 --groups=1000
traced_call -P "$NEG" -e trace=openat,open \
	-e inject=openat,open:error=EACCES -- $FULL
if grep -q "negative-groups.*EACCES.*INJECTED" "$saved/strace.log"; then
	pass "EACCES injected into the open of $NEG"
else
	bad "the trace shows no EACCES injected into the open of $NEG"
fi
check_not_out "Permission denied"
check_failed_closed
end_target

finish
