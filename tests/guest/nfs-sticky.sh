#!/bin/sh
# NFS with sec=sys over loopback (knfsd and the NFS client of the guest
# kernel, NFSv3 and NFSv4.2, mountd's manage-gids off): AUTH_UNIX carries
# 16 groups.  alice holds bigdeny, a large gid as a directory service
# gives out, and a file of the export, 0604 root:bigdeny, denies it to
# her.  Root in her namespace (util-linux unshare, rootless podman) sets
# 16 mapped groups, which sort below bigdeny, and reads the file from
# there or from a user namespace below, without a gid map or in "deny"
# mode (where every group is unmapped: only the outer namespace can tell
# what sticks), or (patched) in shadow mode with part of the groups
# mapped, and (patched) from an unprivileged self-map of an egid that is
# none of her groups, where setgroups(2) of that gid must change nothing.  SUNRPC, the NFS client and knfsd are modules, as
# distributions build them, loaded here.
#   stock:   setgroups sheds bigdeny (the hole): readable;
#   deny:    setgroups fails (unshare), or crun skips it and the groups
#            stay, fewer than 16 (podman): denied;
#   patched: bigdeny sticks and is sent among the 16: denied.
. "$TESTS/matrix-lib.sh"

BIG=200000001
EXPORT=/srv/nfs

step "fixture: group bigdeny ($BIG) for alice, $EXPORT/bigdeny 0604 root:bigdeny"
groupadd -g $BIG bigdeny && usermod -a -G bigdeny alice || fail "cannot add bigdeny"
mkdir -p $EXPORT
echo "denied to bigdeny over NFS" >$EXPORT/bigdeny
chown root:bigdeny $EXPORT/bigdeny && chmod 0604 $EXPORT/bigdeny

step "SUNRPC, the NFS client and knfsd: modules, loaded"
for m in sunrpc nfs nfsd; do
	modprobe $m || fail "modprobe $m failed"
	# Only a loadable module has an initstate
	[ "$(cat /sys/module/$m/initstate 2>/dev/null)" = live ] ||
		fail "$m is not a loaded module"
done
grep -E '^(sunrpc|nfs|nfsd) ' /proc/modules

step "knfsd on loopback, manage-gids off"
ip link set lo up 2>/dev/null || busybox ip link set lo up || fail "cannot bring up lo"
mountpoint -q /proc/fs/nfsd || mount -t nfsd nfsd /proc/fs/nfsd || fail "no nfsd filesystem"
# Debian's nfs.conf turns manage-gids on: the server would then look up
# alice's groups itself, and the wire's 16 would not matter.
nfsconf --set mountd manage-gids n || fail "nfsconf failed"
[ "$(nfsconf --get mountd manage-gids)" = n ] || fail "manage-gids is still on"
echo "$EXPORT 127.0.0.1(rw,sec=sys,no_subtree_check,insecure)" >/etc/exports
mkdir -p /run/rpcbind /var/lib/nfs/rpc_pipefs /var/lib/nfs/v4recovery
rpcbind -w || fail "rpcbind failed"
exportfs -ra || fail "exportfs failed"
rpc.mountd || fail "rpc.mountd failed"
# The shortest NFSv4 grace period: opens wait for it to end.
echo 10 >/proc/fs/nfsd/nfsv4leasetime
echo 10 >/proc/fs/nfsd/nfsv4gracetime
rpc.nfsd 4 || fail "rpc.nfsd failed"
mkdir -p /mnt/nfs3 /mnt/nfs4
mount -t nfs -o vers=3,nolock,noac,sec=sys 127.0.0.1:$EXPORT /mnt/nfs3 ||
	fail "NFSv3 mount failed"
mount -t nfs -o vers=4.2,noac,sec=sys 127.0.0.1:$EXPORT /mnt/nfs4 ||
	fail "NFSv4.2 mount failed"
grep ' /mnt/nfs[34] ' /proc/mounts

GROUPS16=$(seq -s, 1 16)
GROUPS32=$(seq -s, 1 32)

# sh -c "$SHADOW_CHILD" sh UID_MAP GID_MAP COMMAND...: COMMAND in a new
# user namespace in shadow mode whose maps (printf formats) the caller
# writes once the child has entered it.
SHADOW_CHILD='
	uid_map=$1 gid_map=$2
	shift 2
	fifo=$(mktemp -u) && mkfifo "$fifo" || exit 1
	unshare --user sh -c "read go <\"\$0\" && exec \"\$@\"" "$fifo" "$@" &
	child=$!
	while [ "$(readlink /proc/$child/ns/user)" = "$(readlink /proc/self/ns/user)" ]; do
		sleep 0.1
	done
	echo shadow >/proc/$child/setgroups &&
		printf "$uid_map" >/proc/$child/uid_map &&
		printf "$gid_map" >/proc/$child/gid_map || exit 1
	echo go >"$fifo"
	wait $child'
ADD16=$(for g in $(seq 1 16); do printf ' --group-add %s' $g; done)

# The unprivileged self-map, where every group sticks: a process of
# alice's with egid 900, which is none of her groups (sg(1) gives a
# member such an egid), maps it alone in shadow mode; root of that
# namespace asks setgroups(2) for the mapped gid.  With 17 groups,
# bigdeny the 16th in sorted order, adding 900 would push it off the
# wire.
GROUPS_BIG16=$(seq -s, 1 15),$BIG,$((BIG + 1))

# Rootless podman keeps one pause process per user, whose mount namespace
# every podman of alice's joins.  Started by a test beside this one, it
# would not see the NFS mounts of this test's mount namespace (tests that
# change /etc run in one of their own): alice's podman here gets a home
# and runtime folder of its own, and with them its own pause process and
# storage, made in this namespace.
NFS_HOME=/tmp/nfs-alice
install -d -m 0700 -o 1000 -g 1000 $NFS_HOME $NFS_HOME/run
nfs_podman() {
	as_alice env HOME=$NFS_HOME USER=alice LOGNAME=alice XDG_RUNTIME_DIR=$NFS_HOME/run \
		podman "$@"
}
IMAGE=localhost/sticky-groups-probe
nfs_podman import --quiet /usr/local/share/sticky-groups/image.tar $IMAGE >/dev/null ||
	fail "podman import of the test image failed"
failed=0

# check ROW WANT COMMAND...: run COMMAND (it reads the file), compare.
check() {
	row=$1
	want=$2
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	case $rc:$out in
	0:*) got=readable ;;
	*"Permission denied"*) got=denied ;;
	*"Operation not permitted"*) got=EPERM ;;
	*) got=error ;;
	esac
	if [ "$got" = "$want" ]; then
		echo "ok - $row: $got"
	else
		printf '%s\n' "$out" | sed 's/^/#   /'
		echo "not ok - $row: $got, expected $want"
		failed=$((failed + 1))
	fi
}

# What a namespace with 16 added mapped groups must show, by flavour.
case $column in
stock) want_ns=readable want_podman=readable ;;
deny) want_ns=EPERM want_podman=denied ;;
*) want_ns=denied want_podman=denied ;;
esac

for v in 3 4; do
	d=/mnt/nfs$v
	check "NFSv$v, alice outside" denied as_alice cat $d/bigdeny
	check "NFSv$v, another user (the file is readable by others)" readable \
		setpriv --reuid=2000 --regid=2000 --clear-groups cat $d/bigdeny
	# The children first: an NFSv4 state owner that an earlier open of
	# the same ids made would otherwise send their calls.
	check "NFSv$v, unshare, 16 mapped groups, a child without a gid map" $want_ns \
		alice_unshare setpriv --groups=$GROUPS16 unshare --user cat $d/bigdeny
	check "NFSv$v, unshare, 16 mapped groups, a child in deny" $want_ns \
		alice_unshare setpriv --groups=$GROUPS16 \
		unshare --user --setgroups=deny cat $d/bigdeny
	# The mode exists on the patched kernel only.  Judged in the child,
	# which maps 0-8 of 0-32, the 16 lowest of the others (9-24) would go
	# out and bigdeny not.
	[ "$column" = patched ] &&
		check "NFSv$v, unshare, 32 mapped groups, a child in shadow mapping 9 of them" denied \
		alice_unshare setpriv --groups=$GROUPS32 \
		sh -c "$SHADOW_CHILD" sh '0 0 1\n' '0 0 1\n1 1 8\n' cat $d/bigdeny
	[ "$column" = patched ] &&
		check "NFSv$v, self-map of egid 900 (no group of hers), setgroups of it" denied \
		setpriv --reuid=1000 --regid=900 --groups=$GROUPS_BIG16 \
		sh -c "$SHADOW_CHILD" sh '0 1000 1\n' '0 900 1\n' setpriv --groups=0 cat $d/bigdeny
	check "NFSv$v, unshare, root sets 16 mapped groups" $want_ns \
		alice_unshare setpriv --groups=$GROUPS16 cat $d/bigdeny
	check "NFSv$v, podman run with 16 --group-add, a child without a gid map" $want_podman \
		nfs_podman run --rm --network none $ADD16 \
		-v $d:/nfs "$IMAGE" unshare --user cat /nfs/bigdeny
	check "NFSv$v, podman run with 16 --group-add, a child in deny" $want_podman \
		nfs_podman run --rm --network none $ADD16 \
		-v $d:/nfs "$IMAGE" unshare --user --setgroups=deny cat /nfs/bigdeny
	check "NFSv$v, podman run with 16 --group-add" $want_podman \
		nfs_podman run --rm --network none $ADD16 \
		-v $d:/nfs "$IMAGE" cat /nfs/bigdeny
done

nfs_podman system migrate >/dev/null 2>&1	# stops its pause process
umount /mnt/nfs3 /mnt/nfs4
rpc.nfsd 0
pkill -x rpc.mountd
pkill -x rpcbind
echo "$failed failed"
[ $failed -eq 0 ]
