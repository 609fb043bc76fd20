#!/bin/sh
# Make a kernel .config: tinyconfig plus the config fragments, then check
# that every option the fragments ask for made it in (Kconfig silently
# drops options whose dependencies are missing).
#
# usage: configure-kernel.sh SOURCE_TREE OBJ_DIR CC FRAGMENT...
set -eu

tree=$1
obj=$2
cc=$3
shift 3

mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
make -s -C "$tree" O="$obj" ARCH=x86_64 CC="$cc" tinyconfig >/dev/null
"$tree/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" >/dev/null
make -s -C "$tree" O="$obj" ARCH=x86_64 CC="$cc" olddefconfig >/dev/null

missing=$(cat "$@" | grep -E '^CONFIG_[A-Z0-9_]+=' | sort -u | while IFS= read -r want; do
	grep -qxF "$want" "$obj/.config" || echo "$want"
done)
if [ -n "$missing" ]; then
	for want in $missing; do
		opt=${want%%=*}
		have=$(grep -E "^$opt=|^# $opt is not set" "$obj/.config" || echo "$opt absent")
		echo "configure-kernel.sh: wanted $want, got: $have" >&2
	done
	echo "configure-kernel.sh: the kernel configuration is incomplete" >&2
	exit 1
fi
echo "  CONFIG  $(grep -c '=y$' "$obj/.config") options enabled"
