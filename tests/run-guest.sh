#!/bin/sh
# Boot the guest under QEMU on a kernel and a root image and run the guest
# tests named in a list; or, with "shell", give an interactive root shell.
# The root image is used as a snapshot: no run changes it (but see ROOT_RW).
#
# usage: run-guest.sh check OUTDIR BZIMAGE ROOT_IMG TESTS_DIR LIST FLAVOUR
#        run-guest.sh shell OUTDIR BZIMAGE ROOT_IMG TESTS_DIR
#        run-guest.sh keys OUTDIR - ROOT_IMG TESTS_DIR KEYS FLAVOUR
#
# BZIMAGE "-" boots the root disk through its own boot loader (GRUB of
# the kernel-deb guest), with the kernel parameters it gives.
#
# keys types on the serial console what a person would at the firmware's
# or boot loader's prompts (shim's MokManager): KEYS has one line per
# prompt (and # comments), "TEXT<tab>KEYS": once TEXT is on the console,
# KEYS (a printf format) is typed.  The guest must then power off or
# reboot; OUTDIR/guest.tap has one line, not ok with the first prompt
# that never came.
#
# check writes OUTDIR/guest.tap: one TAP line per test in LIST (a test the
# guest never reported, because it hung or crashed, is "not ok"), plus a
# line for the kernel log, which must show no BUG, WARNING, Oops, KASAN,
# kmemleak or lockdep report and no panic.  The console is OUTDIR/console.log.
#
# Environment: QEMU, QEMU_ACCEL (tcg|kvm), QEMU_ICOUNT (QEMU's -icount
# option, e.g. "shift=0,sleep=off": the guest clock then counts executed
# instructions, one nanosecond each), GUEST_MEM (MiB), GUEST_SMP,
# GUEST_APPEND (more kernel parameters), TIME_SCALE (multiplies every
# time limit: a debug kernel is slower), GUEST_LANES (how many tests run
# at a time, tests/guest-run; 2, the default, one per guest CPU),
# ROOT_RW=1 (ROOT_IMG is written: a copy of the caller's own), GUEST_ROOT
# (the root device, /dev/vda), GUEST_FILES (a folder put on the tests
# disk as files/), GUEST_EFI_VARS (a copy of OVMF's variables, written:
# the guest boots through UEFI with Secure Boot, OVMF_CODE, on q35 with
# SMM), and for the tests KERNEL_RELEASE,
# UIDMAP_VERSION, TESTS_SELFTEST_FAIL, STRESS_SECONDS, FUZZ_SEED, FUZZ_STEPS,
# BENCH_SAMPLES (sticky_bench -s);
# MODULES, the lib/modules folder of the kernel, goes on the tests disk.
set -eu

mode=$1
out=$2
kernel=$3
rootimg=$4
tests=$5
list=${6:-}
flavour=${7:-patched}

: "${QEMU:=qemu-system-x86_64}"
: "${QEMU_ACCEL:=tcg}"
: "${GUEST_MEM:=2048}"
: "${GUEST_SMP:=2}"
: "${TIME_SCALE:=1}"
: "${GUEST_LANES:=2}"

for f in "$kernel" "$rootimg"; do
	[ "$f" = - ] || [ -f "$f" ] || { echo "run-guest.sh: $f is missing" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/disk"
cp -a "$tests/." "$out/disk/"
# The modules of the kernel (MODULES: its lib/modules), which the guest
# runner puts in place before the tests
if [ -n "${MODULES:-}" ]; then
	cp -a "$MODULES" "$out/disk/modules"
fi
if [ -n "${GUEST_FILES:-}" ]; then
	cp -a "$GUEST_FILES" "$out/disk/files"
fi

# The list: "NAME [LIMIT [etc]]" lines; comments and blank lines dropped.
# "etc" marks a test that changes files in /etc (tests/guest-run).
if [ "$mode" = keys ]; then
	# No tests: a guest that boots on past the prompts powers off at once.
	: >"$out/disk/tests.list"
elif [ "$mode" = check ]; then
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$list" |
		awk -v scale="$TIME_SCALE" '{ print $1, ($2 == "" ? 300 : $2) * scale, $3 }' \
		>"$out/disk/tests.list"
	while read -r name limit lane; do
		[ -x "$out/disk/$name" ] ||
			{ echo "run-guest.sh: $list names $name, which is not on the tests disk" >&2; exit 1; }
		case $lane in
		''|etc) ;;
		*) echo "run-guest.sh: $list: $name: unknown mark '$lane' (only 'etc')" >&2; exit 1 ;;
		esac
	done <"$out/disk/tests.list"
else
	: >"$out/disk/tests.list"
fi
cat >"$out/disk/env" <<ENV
GUEST_FLAVOUR='$flavour'
KERNEL_RELEASE='${KERNEL_RELEASE:-}'
UIDMAP_VERSION='${UIDMAP_VERSION:-}'
TESTS_SELFTEST_FAIL='${TESTS_SELFTEST_FAIL:-0}'
STRESS_SECONDS='${STRESS_SECONDS:-}'
FUZZ_SEED='${FUZZ_SEED:-}'
FUZZ_STEPS='${FUZZ_STEPS:-}'
TIME_SCALE='$TIME_SCALE'
GUEST_LANES='$GUEST_LANES'
BENCH_SAMPLES='${BENCH_SAMPLES:-}'
ENV
truncate -s "$(( $(du -sm "$out/disk" | cut -f1) + 32 ))M" "$out/tests.img"
mke2fs -q -t ext4 -F -L tests -d "$out/disk" "$out/tests.img"

append="root=${GUEST_ROOT:-/dev/vda} rw console=ttyS0 init=/sbin/guest-init panic=-1 ${GUEST_APPEND:-}"
[ "$mode" = shell ] && append="$append sticky.shell"
snapshot=on
[ "${ROOT_RW:-}" = 1 ] && snapshot=off
set -- -accel "$QEMU_ACCEL" -m "$GUEST_MEM" -smp "$GUEST_SMP" \
	-display none -no-reboot -nic none \
	-drive "file=$rootimg,format=raw,if=virtio,snapshot=$snapshot" \
	-drive "file=$out/tests.img,format=raw,if=virtio,readonly=on" \
	${QEMU_ICOUNT:+-icount "$QEMU_ICOUNT"}
if [ -n "${GUEST_EFI_VARS:-}" ]; then
	: "${OVMF_CODE:?run-guest.sh: GUEST_EFI_VARS needs OVMF_CODE, the firmware}"
	set -- "$@" -machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on \
		-drive "if=pflash,format=raw,unit=0,readonly=on,file=$OVMF_CODE" \
		-drive "if=pflash,format=raw,unit=1,file=$GUEST_EFI_VARS"
fi

if [ "$kernel" = - ]; then
	[ "$mode" = shell ] && { echo "run-guest.sh: shell needs a kernel" >&2; exit 1; }
	set -- "$@" -boot c
else
	set -- "$@" -kernel "$kernel" -append "$append"
fi

if [ "$mode" = shell ]; then
	exec "$QEMU" "$@" -serial mon:stdio -serial null
fi

if [ "$mode" = keys ]; then
	echo "  BOOT    $flavour: $(basename "$list") at the console (console: $out/console.log)"
	mkfifo "$out/serial.in" "$out/serial.out"
	: >"$out/console.log"
	start=$(date +%s)
	timeout -k 10 600 "$QEMU" "$@" -monitor none -serial "pipe:$out/serial" -serial null &
	qemu=$!
	cat "$out/serial.out" >>"$out/console.log" &
	seen=0
	result="ok - $flavour/$(basename "$list")"
	tab=$(printf '\t')
	while IFS=$tab read -r text keys; do
		case $text in ''|'#'*) continue ;; esac
		# Wait for TEXT past what the previous prompt matched.
		i=0
		until tail -c +"$((seen + 1))" "$out/console.log" | tr -d '\r' | grep -qF "$text"; do
			i=$((i + 1))
			if [ "$i" -gt 120 ] || ! kill -0 "$qemu" 2>/dev/null; then
				result="not ok - $flavour/$(basename "$list") # never came: $text"
				break 2
			fi
			sleep 1
		done
		seen=$(wc -c <"$out/console.log")
		sleep 1
		# shellcheck disable=SC2059
		printf "$keys" >"$out/serial.in"
	done <"$list"
	case $result in not*) kill "$qemu" 2>/dev/null || true ;; esac
	rc=0
	wait "$qemu" || rc=$?
	echo "  GUEST   $flavour ran $(( $(date +%s) - start ))s, qemu exit status $rc"
	case $result in
	ok*) [ "$rc" -eq 0 ] || result="not $result # qemu exit status $rc" ;;
	esac
	echo "$result" >"$out/guest.tap"
	exit 0
fi

# A guest that hangs is killed once every test could have used its whole
# time limit, plus time to boot.
limit=$(awk '{ s += $2 } END { print s + 120 }' "$out/disk/tests.list")
echo "  BOOT    $flavour guest, $(wc -l <"$out/disk/tests.list") tests (console: $out/console.log)"
start=$(date +%s)
rc=0
timeout -k 10 "$limit" "$QEMU" "$@" -monitor none \
	-serial "file:$out/console.log" -serial "file:$out/results.tap" || rc=$?
echo "  GUEST   $flavour ran $(( $(date +%s) - start ))s, qemu exit status $rc"

tr -d '\r' <"$out/results.tap" >"$out/results.clean"
i=0
while read -r name _; do
	i=$((i + 1))
	line=$(grep -E "^(not )?ok $i - " "$out/results.clean" | head -n 1 || true)
	case $line in
	ok*|not\ ok*) echo "${line%% - *} - $flavour/${line#* - }" ;;
	*)	why="no result: the guest hung or crashed"
		[ "$rc" -eq 124 ] && why="no result: the guest was killed after ${limit}s"
		echo "not ok $i - $flavour/$name # $why" ;;
	esac
done <"$out/disk/tests.list" >"$out/guest.tap"

# A test that speaks TAP itself (a kselftest: "ok 3 fixture.name") has
# each of its results reported too, under its own name.  A skipped result
# is a failure here: the guest must have all that the tests need.
tr -d '\r' <"$out/console.log" | awk -v run="$flavour" '
	/^=== RUN / { name = $3; next }
	/^=== END / { name = ""; next }
	name != "" && /^(not )?ok [0-9]+ [^ -]/ {
		ok = ($1 == "ok" && $0 !~ / # SKIP/) ? "ok" : "not ok"
		sub(/^(not )?ok [0-9]+ /, "")
		sub(/.*\//, "", name)
		print ok " - " run "/" name "/" $0
	}' >>"$out/guest.tap"

reports=$(grep -E '^\[ *[0-9]+\.[0-9]+\] .*(BUG:|WARNING:|Oops|KASAN|UBSAN|kmemleak: [0-9]+ new suspected memory leak|Kernel panic|possible circular locking|inconsistent lock state|general protection fault)' \
	"$out/console.log" || true)
if [ -n "$reports" ]; then
	echo "not ok - $flavour/kernel-log # kernel reports:" >>"$out/guest.tap"
	echo "$reports" | head -n 20 | sed 's/^/#   /' >>"$out/guest.tap"
elif ! grep -q '^# guest-run finished' "$out/results.clean"; then
	echo "not ok - $flavour/kernel-log # the guest did not finish its run" >>"$out/guest.tap"
else
	echo "ok - $flavour/kernel-log" >>"$out/guest.tap"
fi

# The output of each failed test, from the console.
grep -E '^not ok' "$out/guest.tap" | sed -e 's/^not ok [0-9]* *- [^/]*\///' -e 's/ #.*//' |
while read -r name; do
	[ "$name" = kernel-log ] && continue
	# A result within a test has no output of its own: its test's
	# output is printed under the test's name.
	output=$(tr -d '\r' <"$out/console.log" | awk -v run="=== RUN $name " -v end="=== END $name " '
		index($0, run) == 1 { on = 1 }
		on { print }
		index($0, end) == 1 { on = 0 }' | tail -n 80)
	[ -n "$output" ] || continue
	echo "--- output of $flavour/$name:"
	printf '%s\n' "$output"
done
