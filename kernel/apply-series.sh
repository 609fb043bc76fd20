#!/bin/sh
# (Re)create a worktree of the pristine kernel and apply the patches named
# in a series file with git am.  Only files the series touches change, so
# an incremental kernel build stays incremental.
#
# usage: apply-series.sh PRISTINE_REPO WORKTREE PATCH_DIR
set -eu

repo=$1
tree=$2
patches=$(cd "$3" && pwd)

# Reuse the worktree only if it is one of its own (a stale one, whose
# repository was unpacked anew, or a stray folder is made again; git must
# never act on a repository that contains the build folder).
top=$(git -C "$tree" rev-parse --show-toplevel 2>/dev/null || true)
if [ -n "$top" ] && [ "$top" = "$(cd "$tree" && pwd -P)" ]; then
	git -C "$tree" am --abort >/dev/null 2>&1 || true
	git -C "$tree" reset -q --hard pristine
	git -C "$tree" clean -qfdx
else
	rm -rf "$tree"
	git -C "$repo" worktree prune
	git -C "$repo" worktree add -q --detach "$tree" pristine
fi

n=0
while read -r patch rest; do
	case $patch in ''|'#'*) continue ;; esac
	echo "  AM      $patch"
	# The committed patches name no author: whoever sends them writes
	# their own (kernel/stamp-series.sh).  The build tree's commits are
	# the harness's, as its pristine commit is.
	if sed -n '1,/^$/p' "$patches/$patch" | grep -q '^From: '; then
		cat "$patches/$patch"
	else
		sed '0,/^Subject: /s//From: sticky-groups build <build@localhost>\nSubject: /' \
			"$patches/$patch"
	fi | git -C "$tree" am -q --keep-cr || {
		git -C "$tree" am --abort >/dev/null 2>&1 || true
		echo "apply-series.sh: $patches/$patch does not apply to $(git -C "$repo" log -1 --format=%s pristine)" >&2
		exit 1
	}
	n=$((n + 1))
done < "$patches/series"
echo "  SERIES  $n patches applied"
