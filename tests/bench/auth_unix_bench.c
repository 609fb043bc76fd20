// SPDX-License-Identifier: GPL-2.0
/*
 * auth_unix_bench - what choosing the 16 groups of AUTH_UNIX costs: the
 * groups_sticky_first() of a patched tree (extract-sticky-first.sh builds
 * it in user space) against mainline's choice, the first 16 of the sorted
 * list.  Run under callgrind, which counts the instructions of each
 * (auth-unix-bench.sh); the program itself only calls them.
 *
 * usage: auth_unix_bench SCENARIO CALLS
 *
 *   few       8 groups: the common case, no choice to make
 *   many      65536 groups, two nested shadow namespaces that map all
 *             but two of them: each level has to find what it keeps
 *             among 65534 mapped groups
 *   many-allow the same 65536 groups with no namespace in shadow mode
 *
 * Each of CALLS calls runs choose_stock() and groups_sticky_first() once.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sticky_first_replay.h"

static void replay_point(void)
{
}

#include "extracted.c"	/* the tree's code, by extract-sticky-first.sh */

#define MAX 16		/* UNX_NGROUPS */

struct user_namespace init_user_ns = {
	.gid_map = { .nr_extents = 1, .extent = { { 0, 0, 4294967295U } } },
};

/* Mainline's unx_marshal(): the first 16 of the sorted list */
__attribute__((noipa))
int choose_stock(const struct cred *cred, kgid_t *gid, int max)
{
	const struct group_info *gi = cred->group_info;
	int i;

	for (i = 0; i < max && i < gi->ngroups; i++)
		gid[i] = gi->gid[i];
	return i;
}

int main(int argc, char **argv)
{
	static struct user_namespace outer = { .parent = &init_user_ns };
	static struct user_namespace inner = { .parent = &outer };
	struct group_info *gi;
	struct cred cred;
	kgid_t gid[MAX];
	long calls, i, n = 0;
	bool shadow;

	if (argc != 3)
		return 2;
	calls = atol(argv[2]);
	shadow = strcmp(argv[1], "many-allow") != 0;
	gi = malloc(sizeof(*gi) + 65536 * sizeof(kgid_t));
	if (!gi)
		return 1;
	if (!strcmp(argv[1], "few")) {
		gi->ngroups = 8;
		for (i = 0; i < 8; i++)
			gi->gid[i].val = 100 + i;
	} else if (!strcmp(argv[1], "many") || !shadow) {
		/* Two unmapped groups, 5 and a directory service's, and
		 * 65534 of the subordinate range 100000-165535 */
		gi->ngroups = 65536;
		gi->gid[0].val = 5;
		for (i = 1; i < 65535; i++)
			gi->gid[i].val = 100000 + i;
		gi->gid[65535].val = 200000001;
	} else {
		return 2;
	}
	/* alice's namespace maps her range, a nested one the same */
	outer.gid_map.nr_extents = 1;
	outer.gid_map.extent[0] = (struct uid_gid_extent){ 0, 100000, 65536 };
	inner.gid_map.nr_extents = 1;
	inner.gid_map.extent[0] = (struct uid_gid_extent){ 0, 100000, 65536 };
	if (shadow)
		outer.flags = inner.flags = USERNS_SETGROUPS_ALLOWED |
					    USERNS_SETGROUPS_SHADOW;
	else
		outer.flags = inner.flags = USERNS_SETGROUPS_ALLOWED;
	cred.group_info = gi;
	cred.user_ns = &inner;

	for (i = 0; i < calls; i++) {
		n += choose_stock(&cred, gid, MAX);
		n += groups_sticky_first(&cred, gid, MAX);
	}
	/* The first groups sent, so that the calls are not optimised away */
	printf("%s: %ld groups chosen, first %u\n", argv[1], n, gid[0].val);
	return 0;
}
