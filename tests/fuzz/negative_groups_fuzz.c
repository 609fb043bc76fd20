// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer harness for the /etc/negative-groups parser and the
 * /proc/PID/status reader (lib/negative_groups.c of the patched shadow
 * 4.17 tree, libmisc/negative_groups.c of the 4.13 one).
 *
 * The input is the content of the file, parsed with
 * negative_groups_parse_buffer() and a deterministic fake name resolver
 * (NSS would make the results depend on the host and slow every run
 * down).  After each parse the result is checked against an independent
 * model of negative-groups(5) written from the man page, and against the
 * invariants that newgidmap relies on: ids sorted strictly ascending (it
 * uses bsearch), "failed" exactly when there is a problem, and a problem
 * message that is NUL-terminated, bounded and printable (it goes to the
 * terminal of the caller of a setuid program).  A failed input is parsed
 * again without quoting, as for a file others cannot read: the result
 * must be the same and the problem one of the fixed texts, with no byte
 * of the input.  negative_groups_in_range() is checked against a linear
 * search, on ranges around the listed gids and at the overflow edges.
 *
 * The same input is also read as a /proc/PID/status file with
 * negative_groups_read_status() (through fmemopen(3)) and checked
 * against a model of the Gid: and Groups: lines.
 *
 * Any violation aborts, so libFuzzer saves the input.  Nothing is
 * printed on success.
 *
 * Build, with SRC the patched shadow source tree (make check-fuzz does
 * this for either tree):
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined \
 *	-fno-sanitize-recover=undefined \
 *	-I$SRC -I$SRC/lib -I$SRC/libmisc -o negative_groups_fuzz \
 *	tests/fuzz/negative_groups_fuzz.c $SRC/libmisc/negative_groups.c
 *
 * For shadow 4.17 (lib/), drop -I$SRC/libmisc and build
 * $SRC/lib/negative_groups.c with the lib/ helpers it uses (the ones
 * of NG_LIB_HELPERS in Makefile.am: their extern inline definitions).
 *
 * $SRC/config.h is the one of a configured tree.  A tree that was never
 * configured only needs a config.h (in any directory given with -I)
 * containing
 *
 *   #define HAVE_STDBOOL_H 1
 *   #define HAVE_ERRNO_H 1
 *   #define HAVE_UNISTD_H 1
 *   #define HAVE_LOCALE_H 1
 *
 * Run it with tests/fuzz/run-fuzz.sh and the seeds in
 * tests/fuzz/corpus/negative-groups.  With -DNG_FUZZ_STANDALONE, and
 * without -fsanitize=fuzzer (gcc works too), the program instead runs
 * each file named on its command line once, a regression test of the
 * corpus and of saved crash inputs.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "negative_groups.h"

/* Some shadow code expects the program name here; harmless otherwise. */
const char *Prog = "negative_groups_fuzz";

#define FILENAME	"fuzz.conf"

/*
 * A problem is "FILENAME:LINE: text", and text quotes at most 64
 * characters of the entry: anything longer is a runaway message.
 */
#define PROBLEM_MAX	256

/* The same limits as negative_groups.h, restated from negative-groups(5) */
#define LINE_MAX_LEN	4096
#define ID_MAX		4294967294ULL	/* (id_t)-1 is not an id */

/* Magic passed as the resolver data, to check that it is passed through */
#define RESOLVER_MAGIC	0x6e67667aUL

struct fake_data {
	unsigned long magic;
	unsigned long calls;
};

static void __attribute__((noreturn)) broken(const char *what,
					     unsigned long detail)
{
	fprintf(stderr, "negative_groups_fuzz: %s (%lu)\n", what, detail);
	abort();
}

#define CHECK(cond, detail) do {					\
	if (!(cond))							\
		broken("check failed: " #cond, (unsigned long)(detail)); \
} while (0)

static bool is_space(char c)
{
	/* negative-groups(5): white space around an entry, not '\n' */
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool all_digits(const char *s, size_t len)
{
	size_t i;

	if (!len)
		return false;
	for (i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* A name as /etc/group and /etc/passwd allow it */
static bool valid_name(const char *s, size_t len)
{
	size_t i;

	if (!len || s[0] == '-')
		return false;
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c <= ' ' || c == 0x7f || c == ':' || c == ',')
			return false;
	}
	return true;
}

/*
 * The fake resolver: a few fixed names, and "gNNNNN" / "uNNNNN" (one to
 * five digits) for the id NNNNN, so that the fuzzer can reach many
 * distinct ids and duplicates of numerical entries through names.
 */
struct fake_entry {
	const char *name;
	unsigned int id;
};

static const struct fake_entry fake_groups[] = {
	{ "root", 0 },
	{ "nogames", 1001 },
	{ "proj", 1002 },
	{ "alpha", 5000 },
	{ "beta", 5001 },
	{ "a#b", 5002 },
	{ "top", 4294967294U },
	/* A resolver may return what no numerical entry can */
	{ "minus1", 4294967295U },
};

static const struct fake_entry fake_users[] = {
	{ "root", 0 },
	{ "alice", 1000 },
	{ "bob", 2000 },
	{ "top", 4294967294U },
};

static bool fake_lookup(const struct fake_entry *table, size_t n,
			char prefix, const char *name, unsigned int *id)
{
	size_t i, len = strlen(name);

	for (i = 0; i < n; i++) {
		if (!strcmp(name, table[i].name)) {
			*id = table[i].id;
			return true;
		}
	}
	if (len >= 2 && len <= 6 && name[0] == prefix &&
	    all_digits(name + 1, len - 1)) {
		*id = (unsigned int)strtoul(name + 1, NULL, 10);
		return true;
	}
	return false;
}

/*
 * What the parser may hand to a resolver: a valid name, never an id,
 * never longer than a line, and for a group never a "+id" (an invalid
 * group ID of its own).  "user:+id" is looked up as a login name.
 */
static void check_resolver_call(const char *name, bool group, void *data)
{
	struct fake_data *fd = data;
	size_t len;

	CHECK(fd && fd->magic == RESOLVER_MAGIC, 0);
	CHECK(name, 0);
	len = strnlen(name, LINE_MAX_LEN + 1);
	CHECK(len <= LINE_MAX_LEN, len);
	CHECK(valid_name(name, len), len);
	CHECK(!all_digits(name, len), len);
	CHECK(!(group && name[0] == '+' && all_digits(name + 1, len - 1)),
	      len);
	fd->calls++;
}

static bool fake_group(const char *name, gid_t *gid, void *data)
{
	unsigned int id;

	check_resolver_call(name, true, data);
	if (!fake_lookup(fake_groups, sizeof(fake_groups) /
			 sizeof(fake_groups[0]), 'g', name, &id))
		return false;
	*gid = id;
	return true;
}

static bool fake_user(const char *name, uid_t *uid, void *data)
{
	unsigned int id;

	check_resolver_call(name, false, data);
	if (!fake_lookup(fake_users, sizeof(fake_users) /
			 sizeof(fake_users[0]), 'u', name, &id))
		return false;
	*uid = id;
	return true;
}

/*
 * The model: what negative-groups(5) says the file means.  It walks the
 * buffer in place, without copying lines, so that it shares as little as
 * possible with the parser.
 */
struct model {
	bool all;
	unsigned long lines;
	unsigned long nproblems;
	unsigned long first_problem;	/* line of the first problem */
	unsigned long lookups;		/* resolver calls expected */
	unsigned int *gids;		/* in file order, duplicates kept */
	size_t ngids;
	unsigned int *uids;
	size_t nuids;
};

/* A decimal id of @len digits, or false if out of range */
static bool model_id(const char *s, size_t len, unsigned int *id)
{
	unsigned long long val = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		val = val * 10 + (s[i] - '0');
		if (val > ID_MAX)
			return false;
	}
	*id = (unsigned int)val;
	return true;
}

/* Resolve @len bytes of @s; the name is copied to NUL-terminate it */
static bool model_resolve(struct model *m, bool user, const char *s,
			  size_t len, unsigned int *id)
{
	char *name = malloc(len + 1);
	bool ok;

	if (!name)
		broken("out of memory in the model", len);
	memcpy(name, s, len);
	name[len] = '\0';
	m->lookups++;
	if (user)
		ok = fake_lookup(fake_users, sizeof(fake_users) /
				 sizeof(fake_users[0]), 'u', name, id);
	else
		ok = fake_lookup(fake_groups, sizeof(fake_groups) /
				 sizeof(fake_groups[0]), 'g', name, id);
	free(name);
	return ok;
}

/* One entry, without white space; false if it is a problem */
static bool model_entry(struct model *m, const char *s, size_t len)
{
	unsigned int id;

	if (len == 1 && s[0] == '*') {
		m->all = true;
		return true;
	}
	if (len >= 5 && !memcmp(s, "user:", 5)) {
		s += 5;
		len -= 5;
		if (all_digits(s, len)) {
			if (!model_id(s, len, &id))
				return false;
		} else if (!valid_name(s, len) ||
			   !model_resolve(m, true, s, len, &id)) {
			return false;
		}
		m->uids[m->nuids++] = id;
		return true;
	}
	if (all_digits(s, len)) {
		if (!model_id(s, len, &id))
			return false;
	} else if ((s[0] == '-' || s[0] == '+') &&
		   all_digits(s + 1, len - 1)) {
		return false;
	} else if (!valid_name(s, len) ||
		   !model_resolve(m, false, s, len, &id)) {
		return false;
	}
	m->gids[m->ngids++] = id;
	return true;
}

/* One line of @len bytes, without its newline; false if it is a problem */
static bool model_line(struct model *m, const char *s, size_t len)
{
	size_t i;

	if (len > LINE_MAX_LEN || memchr(s, '\0', len))
		return false;
	/* '#' at the start or after white space starts a comment */
	for (i = 0; i < len; i++) {
		if (s[i] == '#' && (i == 0 || is_space(s[i - 1])))
			break;
	}
	len = i;
	while (len && is_space(s[0])) {
		s++;
		len--;
	}
	while (len && is_space(s[len - 1]))
		len--;
	if (!len)
		return true;
	for (i = 0; i < len; i++)
		if (is_space(s[i]))
			return false;
	return model_entry(m, s, len);
}

static void model_parse(struct model *m, const char *buf, size_t len)
{
	size_t start = 0, end;

	memset(m, 0, sizeof(*m));
	/* At most one entry a line, and at most len + 1 lines */
	m->gids = calloc(len + 1, sizeof(*m->gids));
	m->uids = calloc(len + 1, sizeof(*m->uids));
	if (!m->gids || !m->uids)
		broken("out of memory in the model", len);

	while (start < len) {
		const char *nl = memchr(buf + start, '\n', len - start);

		end = nl ? (size_t)(nl - buf) : len;
		m->lines++;
		if (!model_line(m, buf + start, end - start)) {
			if (!m->nproblems)
				m->first_problem = m->lines;
			m->nproblems++;
		}
		start = end + 1;
	}
}

static void model_free(struct model *m)
{
	free(m->gids);
	free(m->uids);
}

static int cmp_id(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a;
	unsigned int y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/* Sort and deduplicate @n ids, return the new count */
static size_t sort_unique(unsigned int *ids, size_t n)
{
	size_t i, out = 0;

	qsort(ids, n, sizeof(*ids), cmp_id);
	for (i = 0; i < n; i++)
		if (!out || ids[out - 1] != ids[i])
			ids[out++] = ids[i];
	return out;
}

static void check_problem(const struct negative_groups *ng,
			  const struct model *m)
{
	char prefix[64];
	size_t i, len;

	CHECK(ng->failed == (ng->nproblems != 0), ng->nproblems);
	CHECK(ng->nproblems == m->nproblems, ng->nproblems);
	if (!ng->failed) {
		CHECK(!ng->problem, 0);
		return;
	}
	CHECK(ng->problem, ng->nproblems);

	/* NUL-terminated within the bound, and safe on a terminal */
	len = strnlen(ng->problem, PROBLEM_MAX);
	CHECK(len < PROBLEM_MAX, len);
	for (i = 0; i < len; i++)
		CHECK(ng->problem[i] >= ' ' && ng->problem[i] < 0x7f, i);

	/* It names the file and the line of the first problem */
	snprintf(prefix, sizeof(prefix), FILENAME ":%lu: ", m->first_problem);
	CHECK(!strncmp(ng->problem, prefix, strlen(prefix)),
	      m->first_problem);
	CHECK(len > strlen(prefix), len);
}

static void check_ids(const unsigned int *got, size_t ngot,
		      unsigned int *want, size_t nwant)
{
	size_t i;

	CHECK(ngot == 0 || got, ngot);
	for (i = 1; i < ngot; i++)
		CHECK(got[i - 1] < got[i], i);
	nwant = sort_unique(want, nwant);
	CHECK(ngot == nwant, ngot);
	for (i = 0; i < ngot; i++)
		CHECK(got[i] == want[i], i);
}

/* The lookups and the policy decision agree with the lists */
static void check_lookups(const struct negative_groups *ng)
{
	struct negative_groups_match match;
	gid_t target;
	uid_t caller = 12345;
	size_t i;

	for (i = 0; i < ng->ngids; i++) {
		gid_t next = ng->gids[i] + 1;

		CHECK(negative_groups_has_gid(ng, ng->gids[i]), i);
		/* The resolver can return (gid_t)-1, where next wraps */
		if (next)
			CHECK(negative_groups_has_gid(ng, next) ==
			      (i + 1 < ng->ngids && ng->gids[i + 1] == next),
			      i);
	}
	for (i = 0; i < ng->nuids; i++)
		CHECK(negative_groups_has_uid(ng, ng->uids[i]), i);
	if (!ng->ngids)
		CHECK(!negative_groups_has_gid(ng, 1001), 0);

	/* Neither side holds a listed group */
	if (ng->nuids)
		caller = ng->uids[0];
	negative_groups_applies(ng, caller, NULL, 0, NULL, 0, &match);
	if (ng->failed)
		CHECK(match.reason == NEGATIVE_GROUPS_FAILED, match.reason);
	else if (negative_groups_has_uid(ng, caller))
		CHECK(match.reason == NEGATIVE_GROUPS_USER, match.reason);
	else if (ng->all)
		CHECK(match.reason == NEGATIVE_GROUPS_ALL, match.reason);
	else
		CHECK(match.reason == NEGATIVE_GROUPS_NONE, match.reason);

	/* The target holds the last listed group */
	if (ng->ngids && !ng->failed) {
		target = ng->gids[ng->ngids - 1];
		CHECK(negative_groups_applies(ng, caller, &target, 1, NULL, 0,
					      &match), 0);
		CHECK(match.reason == NEGATIVE_GROUPS_TARGET_GROUP &&
		      match.gid == target, match.reason);
	}
}

/*
 * The problems without quoting: only these texts, after "FILENAME:LINE: ".
 * None holds a byte of the input.
 */
static const char *const quiet_texts[] = {
	"line too long (more than 4096 characters)",
	"NUL byte in line",
	"empty user entry 'user:'",
	"user ID out of range",
	"invalid user entry",
	"unknown user",
	"group ID out of range",
	"invalid group ID",
	"malformed entry",
	"unknown group",
	"trailing garbage after the entry",
};

/* Parse again without quoting: the same result, a fixed problem text */
static void check_quiet(const uint8_t *data, size_t size,
			const struct negative_groups *quoted,
			const struct model *m)
{
	struct fake_data fd = { .magic = RESOLVER_MAGIC };
	struct negative_groups_resolver res = {
		.group = fake_group,
		.user = fake_user,
		.data = &fd,
	};
	struct negative_groups ng;
	char prefix[64];
	size_t i, plen;
	bool known = false;

	ng = negative_groups_parse_buffer((const char *)data, size, FILENAME,
					  false, &res);
	CHECK(ng.failed && ng.problem, ng.nproblems);
	CHECK(ng.nproblems == quoted->nproblems, ng.nproblems);
	CHECK(ng.lines == quoted->lines, ng.lines);
	CHECK(ng.all == quoted->all, ng.all);
	CHECK(ng.ngids == quoted->ngids, ng.ngids);
	CHECK(ng.nuids == quoted->nuids, ng.nuids);
	CHECK(!ng.ngids || !memcmp(ng.gids, quoted->gids,
				   ng.ngids * sizeof(gid_t)), ng.ngids);
	CHECK(!ng.nuids || !memcmp(ng.uids, quoted->uids,
				   ng.nuids * sizeof(uid_t)), ng.nuids);

	snprintf(prefix, sizeof(prefix), FILENAME ":%lu: ", m->first_problem);
	plen = strlen(prefix);
	CHECK(!strncmp(ng.problem, prefix, plen), m->first_problem);
	for (i = 0; i < sizeof(quiet_texts) / sizeof(quiet_texts[0]); i++)
		if (!strcmp(ng.problem + plen, quiet_texts[i]))
			known = true;
	CHECK(known, strlen(ng.problem));
	negative_groups_free(&ng);
}

/* The lowest listed gid in [first, first + count), by a linear search */
static bool in_range_ref(const struct negative_groups *ng,
			 unsigned long first, unsigned long count, gid_t *gid)
{
	size_t i;

	if (!count)
		return false;
	for (i = 0; i < ng->ngids; i++) {
		if (ng->gids[i] >= first && ng->gids[i] - first <= count - 1) {
			*gid = ng->gids[i];
			return true;
		}
	}
	return false;
}

static void check_in_range_one(const struct negative_groups *ng,
			       unsigned long first, unsigned long count)
{
	gid_t got = 0, want = 0;
	bool found, ref;

	found = negative_groups_in_range(ng, first, count, &got);
	ref = in_range_ref(ng, first, count, &want);
	CHECK(found == ref, first);
	CHECK(!found || got == want, first);
}

/* FNV-1a, to draw ranges from the input */
static unsigned long long hash(const uint8_t *data, size_t size,
			       unsigned long long h)
{
	size_t i;

	for (i = 0; i < size; i++) {
		h ^= data[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void check_in_range(const struct negative_groups *ng,
			   const uint8_t *data, size_t size)
{
	unsigned long long h1 = hash(data, size, 0xcbf29ce484222325ULL);
	unsigned long long h2 = hash(data, size, h1);
	size_t i, step;

	check_in_range_one(ng, 0, ULONG_MAX);
	check_in_range_one(ng, 0, 0);
	check_in_range_one(ng, ULONG_MAX, ULONG_MAX);
	check_in_range_one(ng, ULONG_MAX, 2);
	check_in_range_one(ng, 4294967295UL, 2);
	check_in_range_one(ng, 4294967296UL, 1);
	check_in_range_one(ng, (unsigned long)h1, (unsigned long)h2);
	check_in_range_one(ng, (unsigned long)(h1 & 0xffffffffULL),
			   (unsigned long)(h2 & 0x1ffff));
	check_in_range_one(ng, (unsigned long)(h1 & 0xffffffffULL),
			   (unsigned long)h2);
	/* Around at most 16 listed gids, spread over the list */
	step = ng->ngids / 16 + 1;
	for (i = 0; i < ng->ngids; i += step) {
		unsigned long g = ng->gids[i];

		check_in_range_one(ng, g, 1);
		check_in_range_one(ng, g, 0);
		check_in_range_one(ng, g + 1, ULONG_MAX);
		check_in_range_one(ng, g + 1, (unsigned long)(h2 & 0xffff) + 1);
		if (g)
			check_in_range_one(ng, g - 1, 1);
		check_in_range_one(ng, g + (1UL << 32), 1);
	}
}

/*
 * The model of negative_groups_read_status(): lines end at '\n' and a C
 * string ends at NUL; "Gid:" has exactly four ids (the second is the
 * effective gid), "Groups:" any number; ids are decimal, at most
 * 4294967295, separated by white space; each line at most once, both
 * needed.  The result is the effective gid, then the groups.
 */
static bool status_ids(const char *s, size_t len, unsigned int *ids,
		       size_t max, size_t *n)
{
	size_t i = 0;

	*n = 0;
	for (;;) {
		unsigned long long val = 0;

		while (i < len && (is_space(s[i]) || s[i] == '\n'))
			i++;
		if (i == len)
			return true;
		if (s[i] < '0' || s[i] > '9' || *n == max)
			return false;
		while (i < len && s[i] >= '0' && s[i] <= '9') {
			val = val * 10 + (unsigned)(s[i] - '0');
			if (val > 4294967295ULL)
				return false;
			i++;
		}
		if (i < len && !is_space(s[i]) && s[i] != '\n')
			return false;
		ids[(*n)++] = (unsigned int)val;
	}
}

static bool model_status(const char *buf, size_t size, unsigned int *out,
			 size_t *nout)
{
	unsigned int gid[4];
	size_t start = 0, ngid, ngroups = 0;
	bool have_gid = false, have_groups = false;

	while (start < size) {
		const char *nl = memchr(buf + start, '\n', size - start);
		size_t end = nl ? (size_t)(nl - buf) + 1 : size;
		const char *line = buf + start;
		const char *nul = memchr(line, '\0', end - start);
		size_t len = nul ? (size_t)(nul - line) : end - start;

		if (len >= 4 && !memcmp(line, "Gid:", 4)) {
			if (have_gid ||
			    !status_ids(line + 4, len - 4, gid, 4, &ngid) ||
			    ngid != 4)
				return false;
			have_gid = true;
		} else if (len >= 7 && !memcmp(line, "Groups:", 7)) {
			if (have_groups ||
			    !status_ids(line + 7, len - 7, out + 1, SIZE_MAX,
					&ngroups))
				return false;
			have_groups = true;
		}
		start = end;
	}
	if (!have_gid || !have_groups)
		return false;
	out[0] = gid[1];
	*nout = ngroups + 1;
	return true;
}

static void check_status(const uint8_t *data, size_t size)
{
	unsigned int *want;
	size_t nwant = 0, n = 12345, i;
	gid_t *groups = (gid_t *)&n;	/* must be reset */
	bool ok;
	FILE *fp;
	int ret;

	if (!size)
		return;
	fp = fmemopen((void *)data, size, "r");
	CHECK(fp, size);
	ret = negative_groups_read_status(fp, &groups, &n);
	fclose(fp);

	/* At most one id every two bytes, plus the effective gid */
	want = calloc(size / 2 + 2, sizeof(*want));
	if (!want)
		broken("out of memory in the model", size);
	ok = model_status((const char *)data, size, want, &nwant);

	CHECK(ret == 0 || ret == -1, ret);
	CHECK((ret == 0) == ok, ret);
	if (ret == 0) {
		CHECK(groups && n == nwant, n);
		for (i = 0; i < n; i++)
			CHECK(groups[i] == want[i], i);
	} else {
		CHECK(!groups && !n, n);
	}
	free(groups);
	free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct negative_groups zero;
	struct fake_data fd = { .magic = RESOLVER_MAGIC };
	struct negative_groups_resolver res = {
		.group = fake_group,
		.user = fake_user,
		.data = &fd,
	};
	struct negative_groups ng;
	struct model m;

	/* 64 MiB, NEGATIVE_GROUPS_SIZE_MAX, is out of the model's reach */
	if (size > 16 * 1024 * 1024)
		return -1;

	ng = negative_groups_parse_buffer((const char *)data, size, FILENAME,
					  true, &res);
	model_parse(&m, (const char *)data, size);

	CHECK(ng.present, 0);
	CHECK(ng.lines == m.lines, ng.lines);
	CHECK(ng.all == m.all, ng.all);
	CHECK(fd.calls == m.lookups, fd.calls);
	check_problem(&ng, &m);
	check_ids(ng.gids, ng.ngids, m.gids, m.ngids);
	check_ids(ng.uids, ng.nuids, m.uids, m.nuids);
	check_lookups(&ng);
	if (ng.failed)
		check_quiet(data, size, &ng, &m);
	check_in_range(&ng, data, size);

	model_free(&m);
	negative_groups_free(&ng);
	CHECK(!memcmp(&ng, &zero, sizeof(ng)), 0);

	check_status(data, size);
	return 0;
}

#ifdef NG_FUZZ_STANDALONE
/* Run each file once: the corpus as a regression test, without libFuzzer */
int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		FILE *fp = fopen(argv[i], "rb");
		uint8_t *buf = NULL, *copy;
		size_t len = 0, alloc = 0, n;

		if (!fp) {
			perror(argv[i]);
			return 2;
		}
		do {
			if (len == alloc) {
				alloc = alloc ? 2 * alloc : 4096;
				buf = realloc(buf, alloc);
				if (!buf) {
					perror("realloc");
					return 2;
				}
			}
			n = fread(buf + len, 1, alloc - len, fp);
			len += n;
		} while (n);
		if (ferror(fp)) {
			perror(argv[i]);
			return 2;
		}
		fclose(fp);
		/* Shrink to the exact size, so that an overread is caught */
		copy = malloc(len ? len : 1);
		if (!copy) {
			perror("malloc");
			return 2;
		}
		memcpy(copy, buf, len);
		free(buf);
		LLVMFuzzerTestOneInput(copy, len);
		free(copy);
	}
	return 0;
}
#endif
