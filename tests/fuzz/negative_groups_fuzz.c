/*
 * libFuzzer harness of the /etc/negative-groups parser and of the reader
 * of /proc/PID/status (lib/negative_groups.c of the patched 4.17 tree,
 * libmisc/negative_groups.c of 4.13), built by make check-fuzz with ASan
 * and UBSan.  Each input is fed through fmemopen(3), as the parser reads a
 * FILE *, with a deterministic fake resolver (names starting with 'g' are
 * groups, with 'u' users, "down" fails with EIO, others are unknown), and
 * the result is checked against what the parser promises:
 *
 *   - it either fails closed with a first problem "t.conf:...", or has
 *     none and no problem text;
 *   - the gids and uids are in the order of the file (lines ascending, an
 *     ID may repeat), every entry's line is within the lines read, its id
 *     is found by negative_groups_line() on its line or an earlier one,
 *     and within the lowest and highest listed id;
 *   - negative_groups_in_range() agrees with a scan of the gids, on
 *     ranges around each of them and past the largest gid (no wrap);
 *   - at most NEGATIVE_GROUPS_SIZE_MAX bytes are ever parsed;
 *   - the same input as a status file gives either -1 and no groups, or
 *     a list whose length matches what it returned.
 *
 * A broken promise aborts with "negative_groups_fuzz: ...", which
 * tests/fuzz/run-fuzz.sh counts as a failure.
 */

#define _GNU_SOURCE 1

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "negative_groups.h"

#define CHECK(cond)  do {                                                \
	if (!(cond)) {                                                   \
		fprintf(stderr, "negative_groups_fuzz: %s:%d: %s\n",     \
		        __FILE__, __LINE__, #cond);                      \
		abort();                                                 \
	}                                                                \
} while (0)

static unsigned long  hash(const char *s)
{
	unsigned long  h = 5381;

	while (*s != '\0')
		h = h * 33 + (unsigned char) *s++;
	return h;
}

static int fake_group(const char *name, gid_t *gid, void *data)
{
	(void) data;
	if (strcmp(name, "down") == 0)
		return EIO;
	if (name[0] != 'g')
		return ENOENT;
	*gid = 1000 + hash(name) % 100000;
	return 0;
}

static int fake_user(const char *name, uid_t *uid, void *data)
{
	(void) data;
	if (strcmp(name, "down") == 0)
		return EIO;
	if (name[0] != 'u')
		return ENOENT;
	*uid = 1000 + hash(name) % 100000;
	return 0;
}

static const struct negative_groups_resolver  fake = {
	.group = fake_group, .user = fake_user,
};

static void check_ids(const struct negative_groups *ng, bool user)
{
	const struct negative_groups_entry  *e = user ? ng->uids : ng->gids;
	size_t                              n = user ? ng->nuids : ng->ngids;

	for (size_t i = 0; i < n; i++) {
		CHECK(e[i].line >= 1 && e[i].line <= ng->lines);
		CHECK(i == 0 || e[i - 1].line < e[i].line);
		CHECK(e[i].id >= ng->lowest && e[i].id <= ng->highest);
		CHECK(negative_groups_line(ng, user, e[i].id) >= 1);
		CHECK(negative_groups_line(ng, user, e[i].id) <= e[i].line);
	}
}

/* The lowest listed gid in [first, first + count), by a plain scan */
static bool scan_range(const struct negative_groups *ng, unsigned long first,
                       unsigned long count, gid_t *gid)
{
	bool  found = false;

	for (size_t i = 0; i < ng->ngids; i++) {
		unsigned long  g = ng->gids[i].id;

		if (g >= first && g - first < count && (!found || g < *gid)) {
			*gid = g;
			found = true;
		}
	}
	return found;
}

static void check_parse(const uint8_t *data, size_t size)
{
	FILE                    *fp;
	gid_t                   gid;
	struct negative_groups  ng;

	fp = fmemopen((void *) data, size, "r");
	if (NULL == fp)
		return;
	ng = negative_groups_parse_file(fp, "t.conf", &fake);
	fclose(fp);

	CHECK(ng.present);
	CHECK(ng.failed == (ng.nproblems > 0));
	CHECK(!ng.failed || (NULL != ng.problem && strncmp(ng.problem, "t.conf", 6) == 0));
	CHECK(ng.failed || NULL == ng.problem);
	CHECK(size <= NEGATIVE_GROUPS_SIZE_MAX || ng.failed);
	check_ids(&ng, false);
	check_ids(&ng, true);
	for (size_t i = 0; i < ng.ngids; i++) {
		unsigned long  g = ng.gids[i].id;
		gid_t          want;
		bool           found;

		CHECK(negative_groups_in_range(&ng, g, 1, &gid) && gid == g);
		CHECK(scan_range(&ng, 0, g + 1, &want));
		CHECK(negative_groups_in_range(&ng, 0, g + 1, &gid) && gid == want);
		CHECK(!negative_groups_in_range(&ng, g, 0, &gid));
		found = scan_range(&ng, g + 1, 1000, &want);
		CHECK(negative_groups_in_range(&ng, g + 1, 1000, &gid) == found);
		CHECK(!found || gid == want);
	}
	CHECK(!negative_groups_in_range(&ng, 1UL << 32, -1UL, &gid));
	negative_groups_free(&ng);
	CHECK(0 == ng.ngids && NULL == ng.gids && NULL == ng.problem);
}

static void check_status(const uint8_t *data, size_t size)
{
	FILE    *fp;
	pid_t   pid = 0;
	gid_t   *groups = NULL;
	size_t  n = 0;
	int     ret;

	fp = fmemopen((void *) data, size, "r");
	if (NULL == fp)
		return;
	ret = negative_groups_read_status(fp, &pid, &groups, &n);
	fclose(fp);
	CHECK(ret == 0 || ret == -1);
	CHECK(ret == 0 ? (NULL != groups && n >= 1 && pid > 0)
	               : (NULL == groups && 0 == n));
	free(groups);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_parse(data, size);
	check_status(data, size);
	return 0;
}
