#!/bin/sh
# The packaging path of make kernel-deb: GRUB booted the kernel of the
# linux-image .deb that bindeb-pkg made of the guest configuration and
# that dpkg installed (kernel-deb-install.sh), with the initramfs its
# hooks made, and the modules of that package (SUNRPC, the NFS client,
# knfsd: =m in kernel/config/nfs.config) load from its /lib/modules, not
# from the tests disk.
. "$TESTS/lib.sh"
set -u

release=$(uname -r)
step "the kernel is $KERNEL_RELEASE, of the installed linux-image-$KERNEL_RELEASE"
[ "$release" = "$KERNEL_RELEASE" ] || fail "running $release, packaged $KERNEL_RELEASE"
status=$(dpkg-query -W -f '${Status}' "linux-image-$release" 2>&1) ||
	fail "linux-image-$release is not installed: $status"
[ "$status" = "install ok installed" ] || fail "linux-image-$release: $status"
dpkg-query -W -f '${Package} ${Version}\n' "linux-image-$release" "linux-headers-$release"
dpkg -S "/boot/vmlinuz-$release" || fail "no package owns /boot/vmlinuz-$release"

step "GRUB booted /boot/vmlinuz-$release, with an initramfs"
cat /proc/cmdline
case " $(cat /proc/cmdline) " in
*" BOOT_IMAGE=/boot/vmlinuz-$release "*) ;;
*) fail "not booted by GRUB from /boot/vmlinuz-$release" ;;
esac
dmesg | grep -F 'Unpacking initramfs' ||
	fail "the kernel was given no initramfs"
dmesg | grep -F 'Initramfs unpacking failed' && fail "the initramfs did not unpack"

step "/lib/modules/$release is the package's"
[ -d "/lib/modules/$release" ] || fail "/lib/modules/$release does not exist"
mountpoint -q /lib/modules && fail "/lib/modules is a mount: the modules are not the package's"
dpkg -S "/lib/modules/$release/modules.dep" || fail "no package owns modules.dep"
[ -d "/lib/modules/$release/build/include" ] ||
	fail "/lib/modules/$release/build (linux-headers-$release) has no include/"

step "sunrpc, nfs and nfsd load from the package"
for m in sunrpc nfs nfsd; do
	path=$(modinfo -n "$m") || fail "modinfo finds no module $m"
	owner=$(dpkg -S "$path") || fail "no package owns $path"
	echo "$owner"
	case $owner in
	"linux-image-$release: "*) ;;
	*) fail "$path is not of linux-image-$release" ;;
	esac
	modprobe "$m" || fail "modprobe $m failed"
	[ "$(cat "/sys/module/$m/initstate" 2>/dev/null)" = live ] ||
		fail "module $m is not live after modprobe"
done
grep -E '^(sunrpc|nfs|nfsd) ' /proc/modules
echo "ok"
