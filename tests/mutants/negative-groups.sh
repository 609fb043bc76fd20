#!/bin/sh
# Mutation check of the /etc/negative-groups parser's cmocka test (the
# test upstream runs, tests/unit/test_negative_groups.c of the patched
# 4.17 tree): each mutant below breaks one safety rule of
# lib/negative_groups.c, and the test must fail on every one of them.
# Prints a TAP line per mutant ("ok" when the test caught it), after one
# for the test against the unmodified parser (which must pass), and exits 0;
# a mutant whose edit no longer applies to the source is "not ok" too, so
# that the list cannot go stale silently.
#
# usage: negative-groups.sh SRC OUTDIR
#   SRC     the patched and configured shadow tree (config.h present)
#   OUTDIR  scratch folder for the mutants and their logs
set -u
src=$1
out=$2
mkdir -p "$out"

lib=$src/lib
test=$src/tests/unit/test_negative_groups.c
helpers="alloc/malloc.c alloc/reallocf.c alloc/x/xmalloc.c alloc/x/xrealloc.c
	shadowlog.c string/sprintf/xasprintf.c atoi/a2i/a2s_c.c atoi/a2i/a2s_nc.c atoi/a2i/a2u_c.c
	atoi/a2i/a2u_nc.c atoi/getnum.c atoi/strtoi/strtoi.c atoi/strtoi/strtou.c
	atoi/strtoi/strtou_noneg.c search/cmp/cmp.c
	string/ctype/strisascii/strisdigit.c string/strcmp/streq.c
	string/strtok/stpsep.c"
srcs=""
for h in $helpers; do
	srcs="$srcs $lib/$h"
done

n=0
# build N SOURCE: the test against the parser SOURCE, as $out/test-N
build() {
	# shellcheck disable=SC2086
	${CC:-cc} -DHAVE_CONFIG_H -I"$src" -I"$lib" -w -g -o "$out/test-$1" \
		-Wl,--wrap=open "$test" "$2" $srcs -lcmocka >"$out/mutant-$1.log" 2>&1
}

# The test must pass on the parser as it is, or a failure on a mutant
# would prove nothing.
unmodified() {
	n=$((n + 1))
	if ! build $n "$lib/negative_groups.c"; then
		echo "not ok $n - the test against the parser as it is # does not compile, see $out/mutant-$n.log"
	elif timeout 120 "$out/test-$n" >>"$out/mutant-$n.log" 2>&1; then
		echo "ok $n - the test passes against the parser as it is"
	else
		echo "not ok $n - the test against the parser as it is # it fails, see $out/mutant-$n.log"
	fi
}

# mutant NAME SED-SCRIPT: run the test against the parser edited by SED-SCRIPT
mutant() {
	n=$((n + 1))
	m=$out/mutant-$n.c
	sed -e "$2" "$lib/negative_groups.c" >"$m"
	if cmp -s "$m" "$lib/negative_groups.c"; then
		echo "not ok $n - $1 # the edit does not apply to lib/negative_groups.c"
		return
	fi
	if ! build $n "$m"; then
		echo "not ok $n - $1 # does not compile, see $out/mutant-$n.log"
		return
	fi
	# A blocked open is killed by the test's own alarm(10); this limit
	# only guards against a hang elsewhere.
	if timeout 120 "$out/test-$n" >>"$out/mutant-$n.log" 2>&1; then
		echo "not ok $n - $1 # the test passed: the mutant survived"
	else
		failed=$(sed -n 's/^\[  FAILED  \] \(test_[a-z_]*\)$/\1/p' "$out/mutant-$n.log" | sort -u | tr '\n' ' ')
		echo "ok $n - $1 # caught by ${failed:-a crash}"
	fi
}

# One mutant per safety rule of lib/negative_groups.c.
# The FIFO and the check order: stat(2) decides before open(2).
STAT_FIRST='/^	if (NULL != (unsafe = ng_unsafe(\&st))) {$/,/^	}$/d'
echo "1..26"
unmodified
mutant "open before the stat checks, without O_NONBLOCK" \
	"$STAT_FIRST; s/ | O_NONBLOCK//"
mutant "open before the stat checks" "$STAT_FIRST"
mutant "root-owner check removed" '/if (0 != st->st_uid)/,+1d'
mutant "writable check removed" '/if ((st->st_mode & (S_IWGRP | S_IWOTH)) != 0)/,+1d'
mutant "not-a-regular-file check removed" '/if (!S_ISREG(st->st_mode))/,+1d'
mutant "the dev/ino re-check of the opened file removed" \
	's/|| fst.st_dev != st.st_dev || fst.st_ino != st.st_ino) {/|| false) {/'
mutant "the mode of the opened file not checked again" \
	's/} else if (NULL != (unsafe = ng_unsafe(\&fst))) {/} else if (false) {/'
mutant "a dangling symbolic link taken for no file" \
	's/if (lstat(filename, \&st) == -1 \&\& ENOENT == errno)/if (stat(filename, \&st) == -1 \&\& ENOENT == errno)/'
mutant "no size limit while reading" \
	's/if (total > NEGATIVE_GROUPS_SIZE_MAX)/if (false)/'
mutant "a NUL byte in a line not a problem" 's/if (strlen(line) != len) {/if (false) {/'
mutant "NSS: a failed name lookup taken for an unknown name" \
	's/else if (!id \&\& ENOENT == (err = ng_getgr(r, name, \&gid)))/else if (!id \&\& 0 != (err = ng_getgr(r, name, \&gid)))/'
mutant "NSS: an unknown name taken for a found one" \
	's/|| EBADF == errno || EPERM == errno) ? ENOENT : errno;/|| EBADF == errno || EPERM == errno) ? 0 : errno;/'
mutant "NSS: the gid of a group not used" 's/\*gid = gr->gr_gid;/*gid = 0;/'
mutant "the line of an entry not recorded for the log" \
	's/{\.id = id, \.line = r->ng\.lines}/{.id = id, .line = 0}/'
mutant "the line of a \"*\" not recorded for the log" \
	's/r->ng\.all = r->ng\.lines;/r->ng.all = 1;/'
mutant "a status file without its Pid: line accepted" \
	's/if (ferror(fp) || 0 == p || 4 != ngids || NULL == list)/if (ferror(fp) || 4 != ngids || NULL == list)/'
# Without its bounds check, so that the scan alone decides.
mutant "in_range wraps past the largest gid" \
	'/^	if (first > ng->highest$/,/^		return false;$/d; s/if (ng->gids\[i\]\.id >= first \&\& ng->gids\[i\]\.id - first < count$/if ((id_t) (ng->gids[i].id - first) < count/'
mutant "in_range skips the scan when the lowest listed gid is below the range" \
	's/|| (ng->lowest >= first \&\& ng->lowest - first >= count))/|| ng->lowest - first >= count)/'
mutant "the lowest listed id not kept" 's/r->ng\.lowest = MIN(r->ng\.lowest, id);//'
mutant "the highest listed id not kept" 's/r->ng\.highest = MAX(r->ng\.highest, id);//'
# The fast path for a gid alone on its line must apply the rules of the
# others: at most 9 digits (4294967295 is (gid_t)-1, longer ones wrap),
# and nothing else on the line.
mutant "the fast path takes a gid of ten digits" 's/nl - line <= 9) {/nl - line <= 10) {/'
mutant "the directories on the way to the file not checked" \
	's/if (NULL != (unsafe = ng_unsafe_path(filename, where))) {/if (false) {/'
mutant "a directory on the way that a user owns accepted" \
	's/S_ISDIR(st.st_mode) \&\& 0 == st.st_uid$/S_ISDIR(st.st_mode)/'
mutant "a directory on the way that others can write accepted" \
	's/^\t       \&\& (st.st_mode \& (S_IWGRP | S_IWOTH)) == 0;$/\t       ;/'
mutant "the fast path takes the digits at the start of any line" \
	"s/if ('\\\\n' == \*nl \&\& nl > line \&\& nl - line <= 9) {/if (nl > line \&\& nl - line <= 9) {/"
