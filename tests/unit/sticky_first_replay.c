// SPDX-License-Identifier: GPL-2.0
/*
 * sticky_first_replay - groups_sticky_first() of a kernel tree against
 * every interleaving of a racing gid_map write, in user space.
 *
 * Alice holds 17 groups, nogames (115) the 16th in sorted order.  She is
 * in a user namespace in shadow mode whose gid_map, "0 115 1", is being
 * written by a process with egid nogames (sg(1) gives it to a member):
 * the unprivileged self-map, after which every group sticks
 * (USERNS_SETGROUPS_KEEP_ALL).  map_write() takes two steps that a
 * lockless reader can see: it sets the flag, then publishes the map (the
 * extent, smp_wmb(), nr_extents).  AUTH_UNIX sends 16 groups.  Before the
 * map, nothing is mapped and every group sticks; after it, every group
 * sticks: whenever the reader looks, nogames must be among the 16.
 *
 * The writer's two steps are placed at every pair of the reader's reads
 * (READ_ONCE() and smp_rmb(), see sticky_first_replay.h), in order, which
 * is what the barriers leave of the orders a CPU may show.  A reader that
 * tests the flag before it reads the map sees a map without the flag in
 * some of them.
 *
 * Prints TAP: one line for the whole replay, naming the first
 * interleaving that left nogames out.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sticky_first_replay.h"
#include "extracted.c"	/* the tree's code, by extract-sticky-first.sh */

#define NGROUPS 17
#define NOGAMES 115
#define MAX 16

struct user_namespace init_user_ns = {
	.gid_map = { .nr_extents = 1, .extent = { { 0, 0, 4294967295U } } },
};
static struct user_namespace ns = { .parent = &init_user_ns };

static int point, flag_at, map_at;

/* The writer's steps, at the reader's reads number flag_at and map_at */
static void replay_point(void)
{
	if (point == flag_at)
		ns.flags |= USERNS_SETGROUPS_KEEP_ALL;
	if (point == map_at) {
		ns.gid_map.extent[0] = (struct uid_gid_extent){ 0, NOGAMES, 1 };
		ns.gid_map.nr_extents = 1;
	}
	point++;
}

/* One replay: nogames sent, or not */
static bool replay(const struct cred *cred, int *points)
{
	kgid_t gid[MAX];
	int i, n;

	ns.flags = USERNS_SETGROUPS_ALLOWED | USERNS_SETGROUPS_SHADOW;
	ns.gid_map.nr_extents = 0;
	point = 0;
	n = groups_sticky_first(cred, gid, MAX);
	/* Steps past the last read happen after it */
	*points = point;
	for (i = 0; i < n; i++)
		if (gid[i].val == NOGAMES)
			return true;
	return false;
}

int main(void)
{
	struct group_info *gi = malloc(sizeof(*gi) + NGROUPS * sizeof(kgid_t));
	struct cred cred = { .group_info = gi, .user_ns = &ns };
	int i, points, runs = 0;

	gi->ngroups = NGROUPS;
	for (i = 0; i < NGROUPS; i++)
		gi->gid[i].val = 100 + i;

	/* How many reads the reader makes, with the map written before */
	flag_at = map_at = -1;
	replay(&cred, &points);
	printf("1..1\n");
	for (flag_at = 0; flag_at <= points; flag_at++) {
		for (map_at = flag_at; map_at <= points; map_at++) {
			runs++;
			if (!replay(&cred, &i)) {
				printf("not ok 1 - sticky_first_replay # nogames left out when the flag is set before read %d and the map before read %d of %d\n",
				       flag_at, map_at, points);
				return 1;
			}
		}
	}
	printf("ok 1 - sticky_first_replay # nogames sent in all %d interleavings of %d reads\n",
	       runs, points);
	return 0;
}
