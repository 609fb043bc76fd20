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

# run_commands: run the lines of stdin one by one, as root at a shell
# prompt, answering "yes" to apt; stop at the first that fails
run_commands() {
	while IFS= read -r line; do
		echo "# $line"
		echo y | sh -c "$line" || fail "the README's command failed: $line"
	done
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
