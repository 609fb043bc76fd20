#!/bin/sh
# userns-size.sh - sizeof(struct user_namespace), stock against patched.
#
# usage: userns-size.sh STOCK_VMLINUX PATCHED_VMLINUX [PATCH_DIR]
#
# The series promises one pointer per user namespace and nothing else.
# This prints the size of the struct from each kernel, by the first of
# these that works for both:
#
#   1. gdb -batch -ex 'print sizeof(struct user_namespace)' VMLINUX, which
#      needs a vmlinux with debug info (CONFIG_DEBUG_INFO_DWARF*);
#   2. without debug info (the guest kernel is built with
#      CONFIG_DEBUG_INFO_NONE), a one-line probe that includes
#      <linux/user_namespace.h>, compiled with -g and the very flags
#      Kbuild used for kernel/user_namespace.o (from the .cmd file next to
#      VMLINUX, so the same config and tree), then read by gdb; the
#      probe is built in a temporary directory, the build tree is only
#      read;
#   3. failing both, the lines that PATCH_DIR (default: kernel/patches of
#      this project) adds to struct user_namespace, which are to be read
#      by a human.
#
# Output: "USERNS_SIZE<TAB>stock=N<TAB>patched=M<TAB>method=..." (for
# report.sh) when the sizes are known, and "#" lines for humans.  Exit
# status 0 when both sizes were found, 1 otherwise.
set -u

[ $# -ge 2 ] && [ $# -le 3 ] ||
	{ echo "usage: userns-size.sh STOCK_VMLINUX PATCHED_VMLINUX [PATCH_DIR]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
patches=${3:-$here/../../kernel/patches}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/userns-size.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

command -v gdb >/dev/null 2>&1 || echo "# userns-size: gdb is missing (apt-get install gdb)"

# gdb_size FILE: print sizeof(struct user_namespace) from FILE's debug info
gdb_size() {
	gdb -batch -ex 'print sizeof(struct user_namespace)' "$1" 2>/dev/null |
		sed -n 's/^\$[0-9]* = \([0-9][0-9]*\)$/\1/p'
}

# probe_size VMLINUX NAME: compile the probe with the flags of
# kernel/user_namespace.o of the build VMLINUX belongs to
probe_size() {
	kbuild=$(dirname "$1")
	cmdfile=$kbuild/kernel/.user_namespace.o.cmd
	[ -f "$cmdfile" ] || { echo "# userns-size: $2: no $cmdfile" >&2; return 1; }
	printf '#include <linux/user_namespace.h>\nstruct user_namespace userns_size_probe;\n' >"$tmp/$2.c"
	# The compiler command, without ccache, dependency file and objtool,
	# with the probe for the source and object
	cc=$(sed -n 's/^savedcmd_kernel\/user_namespace\.o := //p' "$cmdfile" |
		sed -e 's/ ; .*//' -e 's|^/usr/bin/ccache ||' -e 's|^ccache ||' \
		    -e 's/-Wp,-MMD,[^ ]*//' \
		    -e "s| -c -o kernel/user_namespace\\.o [^ ]*user_namespace\\.c| -g -c -o $tmp/$2.o $tmp/$2.c|")
	case $cc in
	*" -o $tmp/$2.o "*) ;;
	*) echo "# userns-size: $2: cannot read the compiler command of $cmdfile" >&2; return 1 ;;
	esac
	(cd "$kbuild" && eval "$cc") >"$tmp/$2.log" 2>&1 ||
		{ echo "# userns-size: $2: the probe does not compile:" >&2; sed 's/^/#   /' "$tmp/$2.log" >&2; return 1; }
	gdb_size "$tmp/$2.o"
}

stock_size=$(gdb_size "$1")
patched_size=$(gdb_size "$2")
method=gdb-vmlinux
if [ -z "$stock_size" ] || [ -z "$patched_size" ]; then
	for v in "$1" "$2"; do
		[ -f "$v" ] || echo "# userns-size: $v: no such file"
		[ -f "$v" ] && [ -z "$(gdb_size "$v")" ] &&
			echo "# userns-size: $v has no debug info for struct user_namespace (CONFIG_DEBUG_INFO_NONE?)"
	done
	echo "# userns-size: compiling a probe with the flags of kernel/user_namespace.o instead"
	stock_size=$(probe_size "$1" stock)
	patched_size=$(probe_size "$2" patched)
	method=probe-with-kbuild-flags
fi

if [ -n "$stock_size" ] && [ -n "$patched_size" ]; then
	echo "# userns-size: sizeof(struct user_namespace): stock $stock_size, patched $patched_size, +$((patched_size - stock_size)) bytes ($method)"
	printf 'USERNS_SIZE\tstock=%s\tpatched=%s\tmethod=%s\n' "$stock_size" "$patched_size" "$method"
	exit 0
fi

# Last resort: what the series adds to the struct, for a human to judge
echo "# userns-size: sizes unknown; the lines the series adds to struct user_namespace:"
for p in "$patches"/*.patch; do
	[ -f "$p" ] || continue
	awk -v f="$(basename "$p")" '
		/^diff --git/ { file = $3 }
		/^@@/ { instruct = ($0 ~ /struct user_namespace \{/) }
		/^ struct user_namespace \{/ { instruct = 1 }
		instruct && /^ };/ { instruct = 0 }
		instruct && /^\+/ && file ~ /user_namespace\.h$/ { print "#   " f ": " $0 }' "$p"
done
exit 1
