#!/bin/sh
# What negative-groups(5) and the README tell an administrator about rootless
# podman when the policy changes: podman's pause process keeps the user
# namespace it has, with its setgroups state, until "podman system
# migrate"; and when the user's primary group is listed, the next
# namespace is refused, since podman maps the user's own gid as the
# container's gid 0.  As alice, with a home and runtime folder of her
# own here, so that the pause process is this test's alone (the podman
# tests beside it keep theirs), over a private /etc ("etc").
. "$TESTS/matrix-lib.sh"

H=/tmp/policy-change-alice

step "no policy: podman's namespace is in allow"
: >/etc/negative-groups
setgroups_is allow

step "nogames listed: the pause process keeps its namespace"
echo nogames >/etc/negative-groups
setgroups_is allow

step "podman system migrate: a new namespace, in shadow"
alice_podman system migrate || fail "podman system migrate"
setgroups_is shadow

step "alice's primary group listed: the next namespace is refused"
echo "$(id -g alice)" >>/etc/negative-groups
setgroups_is shadow
alice_podman system migrate || fail "podman system migrate"
out=$(alice_podman unshare cat /proc/self/setgroups 2>&1) && fail "podman unshare ran: $out"
echo "$out"
g=$(id -g alice)
printf '%s\n' "$out" | grep -qF "newgidmap: gid range [0-1) -> [$g-$((g + 1))) refused by the policy" ||
	fail "expected newgidmap's refusal of [0-1) -> [$g-$((g + 1)))"
echo ok
