#!/bin/sh
# /etc/negative-groups a FIFO with no writer: newgidmap must not block on
# it (it is run under timeout here) and fails closed: "deny" and the map
# as requested, with one notice that the file is invalid.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="timeout -k 5 20 setpriv $LONE --"

say "=== $NEG is a FIFO"
rm -rf "$NEG"
mkfifo -m 0644 "$NEG" || die "mkfifo failed"
ls -l "$NEG"
new_target $LONE
call_newgidmap $FULL
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	bad "newgidmap blocked on the FIFO (killed after 20 s)"
fi
check_failed_closed
end_target

say "=== $NEG a symlink to a FIFO"
rm -rf "$NEG"
keep_file /etc/negative-groups.fifo
rm -f /etc/negative-groups.fifo
mkfifo -m 0644 /etc/negative-groups.fifo || die "mkfifo failed"
ln -s negative-groups.fifo "$NEG"
new_target $LONE
call_newgidmap $FULL
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	bad "newgidmap blocked on the FIFO (killed after 20 s)"
fi
check_failed_closed
end_target

finish
