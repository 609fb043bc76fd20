#!/bin/sh
# A malformed line makes the file invalid: the policy applies with "deny"
# and the map is written as requested (fail closed, and keep running),
# with one notice that names neither the line nor its entry.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel
long=$(awk 'BEGIN { s = ""; for (i = 0; i < 5000; i++) s = s "x"; print s }')

n=0
for entry in "adm extra" "user:" "user:alice:x" "user:-1" "-5" \
    "4294967295" "* junk" "adm,proj" "$long" NUL; do
	n=$((n + 1))
	say "=== malformed entry $n"
	if [ "$entry" = NUL ]; then
		rm -rf "$NEG"
		printf '# a NUL byte on line 2\nad\000m\n' > "$NEG"
		line=2
		say "--- $NEG: a NUL byte on line 2"
	else
		set_policy "# comment" "$entry"
		line=2
	fi
	new_target --reuid=1000 --regid=1000 --groups=1000
	CALLER="setpriv --reuid=1000 --regid=1000 --groups=1000 --"
	call_newgidmap $FULL
	check_not_out "/etc/negative-groups:$line"
	check_failed_closed
	end_target
done

finish
