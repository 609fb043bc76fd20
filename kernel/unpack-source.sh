#!/bin/sh
# Unpack a kernel source (tarball or directory) into a git repository whose
# single commit, tagged "pristine", is the unmodified tree.  The stock
# kernel is built from this checkout; patched trees are worktrees of it.
#
# usage: unpack-source.sh SOURCE DEST
set -eu

src=$1
dest=$2

rm -rf "$dest" "$dest.tmp"
mkdir -p "$dest.tmp"
if [ -d "$src" ]; then
	echo "  COPY    $src"
	(cd "$src" && tar -cf - --exclude=.git .) | tar -xf - -C "$dest.tmp"
else
	echo "  UNPACK  $src"
	tar -xf "$src" -C "$dest.tmp" --strip-components=1
fi

cd "$dest.tmp"
test -f Makefile && test -d kernel || {
	echo "unpack-source.sh: $src does not look like a kernel source tree" >&2
	exit 1
}
echo "  GIT     pristine"
git init -q
git config user.name "sticky-groups build"
git config user.email "build@localhost"
git config gc.auto 0
# -f: Debian's tree ignores itself ("/*" in .gitignore).
git add -A -f
git commit -q --no-verify -m "pristine $(basename "$src")"
git tag pristine
cd - >/dev/null
mv "$dest.tmp" "$dest"
