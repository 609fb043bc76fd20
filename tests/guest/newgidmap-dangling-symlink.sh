#!/bin/sh
# /etc/negative-groups a symlink to nothing (config management, a late
# mount) fails closed and keeps running: "deny" and the map as requested,
# with one notice that the file is invalid.  Only a path with nothing at
# it means "no file".  Control: a symlink to a good
# file is followed (admins use them).

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

# Caller and target hold no listed group: only failing closed applies.
LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"

for target in /etc/negative-groups.missing /nonexistent/negative-groups negative-groups.missing; do
	say "=== $NEG -> $target (dangling)"
	rm -rf "$NEG" /etc/negative-groups.missing
	ln -s "$target" "$NEG"
	ls -l "$NEG"
	[ -e "$NEG" ] && die "$NEG is not dangling"
	new_target $LONE
	call_newgidmap $FULL
	check_failed_closed
	end_target
done

say "=== control: $NEG -> a good file listing only user:root"
keep_file /etc/negative-groups.real
rm -rf "$NEG"
printf 'user:root\n' > /etc/negative-groups.real
chmod 0644 /etc/negative-groups.real
ln -s negative-groups.real "$NEG"
new_target $LONE
call_newgidmap $FULL
check_rc 0
check_quiet
check_setgroups allow
check_map "$FULL"
end_target

say "=== control: $NEG -> a good file listing nogames, alice holds it"
printf 'nogames\n' > /etc/negative-groups.real
CALLER=$ALICE
new_target
map_expect_shadow
end_target

finish
