# Shell helpers for the kernel-deb guest tests (sourced, not run), on the
# Debian machine of rootfs/kdeb.sh, with the README's commands that
# tests/run-kernel-deb.sh put in $TESTS/files.
. "$TESTS/lib.sh"
set -u

R=$KERNEL_RELEASE
# The release of Debian's own kernel, the one linux-image-amd64 depends on
debian=$(dpkg-query -W -f '${Depends}' linux-image-amd64 | sed -n 's/^linux-image-\([^ ,]*\).*/\1/p')
[ -n "$debian" ] || fail "no release of Debian's kernel from linux-image-amd64"

# readme_commands FILE: the README's command lines of FILE for this
# guest: VERSION-sticky is the release of the package under test (the
# guest configuration's VERSION-patched), and the README's example
# release of Debian's kernel is this guest's
readme_commands() {
	sed -e "s/VERSION-sticky/$R/g" -e "s/-sticky_/-${R#*-}_/g" \
		-e "s/[0-9][0-9.]*+deb[0-9]*-amd64/$debian/g" "$TESTS/files/$1"
}

# run_commands [ANSWER...]: run the commands of stdin one by one (a line
# ending in a backslash goes on on the next), as root at a shell prompt,
# with the ANSWER lines (default "y", for apt) typed in; stop at the
# first that fails
run_commands() {
	[ $# -gt 0 ] || set -- y
	cmd=
	while IFS= read -r line; do
		case $line in
		*\\) cmd="$cmd${line%\\}"; continue ;;
		esac
		line=$cmd$line
		cmd=
		echo "# $line"
		printf '%s\n' "$@" | sh -c "$line" || fail "the README's command failed: $line"
	done
}

# secure_boot_on: the firmware booted this kernel with Secure Boot on
# (mokutil reads efivarfs, mounted where systemd mounts it)
secure_boot_on() {
	mountpoint -q /sys/firmware/efi/efivars ||
		mount -t efivarfs efivarfs /sys/firmware/efi/efivars ||
		fail "no efivarfs: not booted through UEFI?"
	mokutil --sb-state
	mokutil --sb-state | grep -qx 'SecureBoot enabled' || fail "Secure Boot is not on"
}

# grub_title RELEASE: the title of RELEASE's entry in GRUB's menu, under
# its "Advanced options"
grub_title() {
	echo "Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux $1"
}

# grub_lists RELEASE: whether update-grub put RELEASE in GRUB's menu
grub_lists() {
	grep -qF "menuentry 'Debian GNU/Linux, with Linux $1'" /boot/grub/grub.cfg
}

# install_packages: the README's "dpkg -i" of the packages (the guest
# configuration's) in a folder holding build/kernel-deb, and what their
# hooks must have done: the initramfs, and GRUB's menu with both kernels,
# $R first (the default: its version is above Debian's)
install_packages() {
	step "the README's dpkg -i, in a folder holding build/kernel-deb"
	mkdir -p /root/sticky-groups
	cp -a "$TESTS/files/build" /root/sticky-groups/
	cd /root/sticky-groups || fail "cd /root/sticky-groups"
	ls build/kernel-deb
	readme_commands install.sh | run_commands

	step "linux-image-$R and linux-headers-$R are installed"
	for p in "linux-image-$R" "linux-headers-$R"; do
		status=$(dpkg-query -W -f '${Status}' "$p" 2>&1) || fail "$p: $status"
		[ "$status" = "install ok installed" ] || fail "$p: $status"
	done

	step "the hooks ran: the initramfs, and GRUB's menu with both, $R first"
	[ -s "/boot/initrd.img-$R" ] || fail "initramfs-tools made no /boot/initrd.img-$R"
	ls -l /boot
	grub_lists "$R" || fail "update-grub did not list $R"
	grub_lists "$debian" || fail "$debian is gone from GRUB's menu"
	first=$(sed -n 's/^[[:space:]]*linux[[:space:]]\{1,\}\([^ ]*\).*/\1/p' /boot/grub/grub.cfg | head -n 1)
	[ "$first" = "/boot/vmlinuz-$R" ] || fail "GRUB's default entry boots $first, not /boot/vmlinuz-$R"
}

# The one-time password of the README's "mokutil --import", typed at its
# prompts (kernel-deb-sign.sh) and in MokManager (kernel-deb-enroll.keys)
MOK_PASSWORD=sticky
