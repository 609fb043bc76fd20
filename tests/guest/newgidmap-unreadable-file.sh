#!/bin/sh
# A file that exists but can't be read makes the policy apply (fail
# closed): a directory, a symlink loop.  (chmod 000 is no obstacle to the
# setuid-root newgidmap.)

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

for kind in directory loop; do
	say "=== /etc/negative-groups is a $kind"
	rm -rf "$NEG"
	if [ "$kind" = directory ]; then
		mkdir "$NEG"
		# opened, then found not to be a regular file: no errno to show
		why=""
	else
		ln -s negative-groups "$NEG"
		why="Too many levels of symbolic links"
	fi
	new_target --reuid=1000 --regid=1000 --groups=1000
	CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
	call_newgidmap $FULL
	check_rc 0
	check_out "/etc/negative-groups"
	[ -z "$why" ] || check_out "$why"
	check_out "applying the policy"
	check_setgroups shadow
	check_map "$FULL"
	end_target
done

finish
