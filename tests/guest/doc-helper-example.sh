#!/bin/sh
# The example for privileged helpers in
# Documentation/admin-guide/namespaces/setgroups.rst, as root for a
# namespace of alice's: "shadow", then a gid map of two extents written
# with printf, one per line (two extents on one line are EINVAL).  Then
# setgroups(2) works inside and nogames sticks.  (Its example for
# unprivileged users is unprivileged-self-map.sh.)
. "$TESTS/lib.sh"

start_alice_userns
PID=$target
step "the example"
echo shadow > /proc/$PID/setgroups || fail "writing shadow"
printf '0 1000 1\n1 100000 65536\n' > /proc/$PID/gid_map ||
	fail "the gid map of the example was refused"
echo '0 1000 1' > /proc/$PID/uid_map || fail "writing the uid map"
cat /proc/$PID/gid_map
[ "$(grep -c . /proc/$PID/gid_map)" -eq 2 ] || fail "the gid map has not two extents"

step "v2's one-line form is refused, as the kernel must"
start_alice_userns
echo shadow > /proc/$target/setgroups || fail "writing shadow"
if echo '0 1000 1' '1 100000 65536' > /proc/$target/gid_map 2>/dev/null; then
	fail "two extents on one line were accepted"
fi
stop_target

step "inside: setgroups([]) works, /srv/games stays denied"
out=$(setpriv --reuid=1000 --regid=1000 --init-groups -- \
	nsenter --target $PID --user setpriv --clear-groups cat /srv/games 2>&1) &&
	fail "read /srv/games: $out"
case $out in
*"Permission denied"*) echo "$out" ;;
*) fail "unexpected: $out" ;;
esac
kill $PID
echo ok
