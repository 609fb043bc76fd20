#!/bin/sh
# /etc/negative-groups reached through a directory a user can change is
# unsafe (negative-groups(5), OWNER AND MODE): the user could swap what
# the path leads to.  The case of the second review: /etc/negative-groups
# is a link to a link in a directory of alice's, which alice points at an
# empty file of root's.  Every file on the way is root's and safe, yet
# alice chose what newgidmap reads; before the whole path was checked,
# newgidmap wrote "allow".  It must fail closed: "deny", the map, one
# notice; and the checker reports the directory.  Control: the same links
# through root's directories only are followed.

. "$TESTS/newgidmap-lib.sh"

require_shadow_kernel

LONE="--reuid=1000 --regid=1000 --groups=1000"
CALLER="setpriv $LONE --"

# A directory of alice's in her home (not in /tmp, which is itself
# writable by others and would be reported first)
udir=/home/alice/newgidmap-links
rm -rf "$udir"
$CALLER mkdir -m 0755 "$udir" || die "alice cannot make $udir"
keep_file /etc/negative-groups.empty
keep_file /etc/negative-groups.real
: > /etc/negative-groups.empty
chmod 0644 /etc/negative-groups.empty
printf 'nogames\n' > /etc/negative-groups.real
chmod 0644 /etc/negative-groups.real
trap 'rm -rf "$udir"; cleanup' EXIT

say "=== $NEG -> $udir/link (alice's directory) -> /etc/negative-groups.empty"
rm -rf "$NEG"
ln -s "$udir/link" "$NEG"
$CALLER ln -s /etc/negative-groups.empty "$udir/link" || die "alice cannot make her link"
ls -l "$NEG" "$udir/link" /etc/negative-groups.empty | sed 's/^/  | /'
new_target $LONE
call_newgidmap $FULL
check_failed_closed
end_target

say "+ negative-groups-check"
out=$(/usr/sbin/negative-groups-check 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/  | /'
check_rc 1
# the first directory on the way that alice owns: her home
check_out "/etc/negative-groups: in a directory not owned by root or writable by others: /home/alice"

say "=== control: $NEG -> /etc/negative-groups.link -> negative-groups.real (root's directories)"
keep_file /etc/negative-groups.link
rm -rf "$NEG" /etc/negative-groups.link
ln -s negative-groups.real /etc/negative-groups.link
ln -s /etc/negative-groups.link "$NEG"
CALLER=$ALICE
new_target
map_expect_shadow
end_target

finish
