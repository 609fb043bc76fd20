#!/bin/sh
# The uidmap package built from shadow-utils-patches, as dpkg installed it:
# setuid-root helpers, negative-groups(5), and a newgidmap(1) that
# describes the policy.
. "$TESTS/lib.sh"
set -u

step "uidmap $UIDMAP_VERSION is installed"
dpkg-query -W -f '${Version} ${Status}\n' uidmap
[ "$(dpkg-query -W -f '${Status}' uidmap)" = "install ok installed" ] ||
	fail "uidmap is not installed"
dpkg -L uidmap | grep -qx /usr/share/man/man5/negative-groups.5.gz ||
	fail "uidmap does not ship negative-groups(5)"

step "negative-groups(5) and newgidmap(1)"
zcat /usr/share/man/man5/negative-groups.5.gz | grep -q 'user:' ||
	fail "negative-groups(5) does not describe user: entries"
zcat /usr/share/man/man1/newgidmap.1.gz | grep -q 'negative-groups' ||
	fail "newgidmap(1) does not mention /etc/negative-groups"
zcat /usr/share/man/man1/newgidmap.1.gz | grep -q 'shadow' ||
	fail "newgidmap(1) does not mention the shadow mode"
echo "ok"
