#!/bin/sh
# The autopkgtest of the policy (debian/tests/negative-groups of the shadow
# source the installed uidmap was built from, with its stanza of
# debian/tests/control), run on the installed package as autopkgtest runs
# a test: its Depends installed, its Restrictions ones this guest meets
# (root, a machine of its own), the source tree as working directory,
# AUTOPKGTEST_TMP and AUTOPKGTEST_ARTIFACTS set, and a failure on a
# non-zero exit or, without allow-stderr, on any output to stderr.

. "$TESTS/newgidmap-lib.sh"

dir=$TESTS/autopkgtest
[ -f "$dir/debian/tests/control" ] && [ -f "$dir/debian/tests/negative-groups" ] ||
	die "no autopkgtest of the policy on the tests disk ($dir)"

stanza=$(awk '/^Tests: negative-groups$/ { on = 1 } on && /^$/ { exit } on' "$dir/debian/tests/control")
[ -n "$stanza" ] || die "debian/tests/control has no stanza for negative-groups"
say "--- debian/tests/control:"
printf '%s\n' "$stanza" | sed 's/^/  | /'
field() {
	printf '%s\n' "$stanza" | sed -n "s/^$1: *//p" | tr ',' ' '
}

allow_stderr=no
for r in $(field Restrictions); do
	case $r in
	needs-root|isolation-machine|isolation-container|breaks-testbed) pass "restriction $r is met" ;;
	allow-stderr) allow_stderr=yes ;;
	*) bad "restriction $r cannot be met here" ;;
	esac
done
for d in $(field Depends); do
	if [ "$(dpkg-query -W -f '${Status}' "$d" 2>/dev/null)" = "install ok installed" ]; then
		pass "dependency $d is installed"
	else
		bad "dependency $d is not installed"
	fi
done

tmp=$(mktemp -d /tmp/autopkgtest.XXXXXX) || die "mktemp failed"
mkdir "$tmp/tmp" "$tmp/artifacts"
cp -a "$dir/." "$tmp/src"
say "+ debian/tests/negative-groups"
rc=0
(cd "$tmp/src" && AUTOPKGTEST_TMP=$tmp/tmp AUTOPKGTEST_ARTIFACTS=$tmp/artifacts \
	ADTTMP=$tmp/tmp ADT_ARTIFACTS=$tmp/artifacts \
	sh debian/tests/negative-groups >"$tmp/stdout" 2>"$tmp/stderr") || rc=$?
sed 's/^/  | /' "$tmp/stdout"
if [ -s "$tmp/stderr" ]; then
	say "  stderr:"
	sed 's/^/  ! /' "$tmp/stderr"
fi
if [ "$rc" -eq 0 ]; then
	pass "negative-groups exited 0"
else
	bad "negative-groups exited $rc"
fi
if [ -s "$tmp/stderr" ] && [ "$allow_stderr" = no ]; then
	bad "negative-groups wrote to stderr without allow-stderr"
fi
rm -rf "$tmp"

finish
