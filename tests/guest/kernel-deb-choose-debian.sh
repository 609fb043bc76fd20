#!/bin/sh
# The README's rollback of the kernel, up to its "reboot", run as written
# on the packaged kernel that GRUB booted: GRUB_DEFAULT names Debian's
# kernel, and update-grub makes it the default of GRUB's menu.
. "$TESTS/kernel-deb-lib.sh"

[ "$(uname -r)" = "$R" ] || fail "running $(uname -r), not $R"
step "the README's lines up to reboot"
readme_commands rollback.sh | sed '/^reboot$/,$d' | run_commands
grep -F "set default=\"$(grub_title "$debian")\"" /boot/grub/grub.cfg ||
	fail "GRUB's default is not $debian: $(grep 'set default=' /boot/grub/grub.cfg)"
echo ok
