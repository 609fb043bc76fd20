#!/bin/sh
# Lay the negative-group fixture of SPEC.md into a guest root:
#   alice (uid 1000) in nogames and proj, with subordinate ids;
#   /srv/games 0604 root:nogames          (denied to nogames by mode)
#   /srv/acl-denied, ACL g:nogames:---    (denied to nogames by ACL)
#   /srv/proj/README in /srv/proj 0770 root:proj  (needs proj)
#   /srv/alice-group 0640 root:alice      (alice's own group: in her
#                                          namespaces the root group, gid 0)
#   /etc/negative-groups listing nogames
#
# usage: fixture.sh ROOT
set -eu

root=$1

in_root() {
	chroot "$root" "$@"
}

in_root groupadd -g 1001 nogames
in_root groupadd -g 1002 proj
in_root useradd -m -u 1000 -U -G nogames,proj -s /bin/bash alice
echo 'alice:100000:65536' >"$root/etc/subuid"
echo 'alice:100000:65536' >"$root/etc/subgid"

echo "the games are not for nogames" >"$root/srv/games"
in_root chown root:nogames /srv/games
chmod 0604 "$root/srv/games"

echo "denied to nogames by an ACL" >"$root/srv/acl-denied"
chmod 0644 "$root/srv/acl-denied"
# Numeric: the host's group names are not the guest's.
setfacl -m "g:$(in_root getent group nogames | cut -d: -f3):---" "$root/srv/acl-denied"

mkdir -p "$root/srv/proj"
echo "project files, for proj" >"$root/srv/proj/README"
in_root chown root:proj /srv/proj /srv/proj/README
chmod 0770 "$root/srv/proj"
chmod 0640 "$root/srv/proj/README"

echo "for alice's group, the root group of her namespaces" >"$root/srv/alice-group"
in_root chown root:alice /srv/alice-group
chmod 0640 "$root/srv/alice-group"

cat >"$root/etc/negative-groups" <<'NG'
# Groups used to deny access: members must not be able to shed them in a
# user namespace.  See negative-groups(5).
nogames
NG
