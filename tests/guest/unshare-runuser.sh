#!/bin/sh
# Root of an util-linux unshare namespace (maps written by the setuid
# helpers) switches to nobody with runuser, which sets nobody's groups
# with initgroups(3), as service scripts do.  (su cannot be used: in a
# user namespace pam_unix cannot read /etc/shadow, in every mode.)
. "$TESTS/matrix-lib.sh"

row nobody eperm "unshare, root to nobody: runuser -u nobody" \
	alice_unshare runuser -u nobody -- "$TESTS/probe"
matrix_done
