#!/bin/sh
# /etc/negative-groups that a user other than root could have written
# (world-writable, group-writable, owned by alice) fails closed: its
# content is not trusted, so a file that would not apply (user:root)
# still gives "deny" (and the map as requested, with one notice).  Controls: the same content in
# a 0644 or 0600 file owned by root gives stock behaviour, silently.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"

for kind in "0666 root" "0646 root" "0664 root" "0620 root" "0644 alice" "0600 alice"; do
	set -- $kind
	say "=== mode $1, owner $2: fails closed"
	set_policy "user:root"
	chmod "$1" "$NEG"
	chown "$2:root" "$NEG"
	ls -l "$NEG"
	new_target $LONE
	call_newgidmap $FULL
	check_failed_closed
	end_target
done

for mode in 0644 0600 0400; do
	say "=== control: mode $mode, owner root, user:root listed: stock"
	set_policy "user:root"
	chmod "$mode" "$NEG"
	ls -l "$NEG"
	new_target $LONE
	call_newgidmap $FULL
	check_rc 0
	check_quiet
	check_setgroups allow
	check_map "$FULL"
	end_target
done

finish
