#!/bin/sh
# Make a kernel .config: tinyconfig plus the config fragments, then check
# that every option the fragments ask for made it in (Kconfig silently
# drops options whose dependencies are missing), except those this kernel
# version does not define.
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

# An option that this kernel version does not define at all (NFS_V4_1,
# which 7.2 folded into NFS_V4) is skipped, and said so.
missing=$(cat "$@" | grep -E '^CONFIG_[A-Z0-9_]+=' | sort -u | while IFS= read -r want; do
	grep -qxF "$want" "$obj/.config" && continue
	opt=${want%%=*}
	if ! grep -rqE "^[[:space:]]*(menu)?config[[:space:]]+${opt#CONFIG_}\$" \
			--include='Kconfig*' "$tree"; then
		echo "  CONFIG  ${opt#CONFIG_} is not an option of this kernel: skipped" >&2
		continue
	fi
	echo "$want"
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
# Whatever the fragments say: the guest kernels must be able to race (two
# CPUs, preemption) and have io_uring, or the tests of races and of every
# report of groups prove nothing.
nr_cpus=$(sed -n 's/^CONFIG_NR_CPUS=//p' "$obj/.config")
for want in CONFIG_SMP=y CONFIG_PREEMPT=y CONFIG_IO_URING=y; do
	grep -qxF "$want" "$obj/.config" ||
		{ echo "configure-kernel.sh: the guest kernel needs $want" >&2; exit 1; }
done
[ "${nr_cpus:-1}" -ge 2 ] ||
	{ echo "configure-kernel.sh: the guest kernel needs CONFIG_NR_CPUS >= 2, not ${nr_cpus:-unset}" >&2; exit 1; }
echo "  CONFIG  $(grep -c '=y$' "$obj/.config") options enabled"
