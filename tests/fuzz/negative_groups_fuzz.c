// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer harness for the /etc/negative-groups parser and the
 * /proc/PID/status reader (lib/negative_groups.c of the patched shadow
 * 4.17 tree, libmisc/negative_groups.c of the 4.13 one).
 *
 * The input is the content of the file, parsed with
 * negative_groups_parse_buffer() and a deterministic fake name resolver
 * (NSS would make the results depend on the host and slow every run
 * down); the resolver knows a few names, fails (EIO, EAGAIN) for others,
 * as a name service that is down, and says ENOENT for the rest.  After
 * each parse the result is checked against an independent model of
 * negative-groups(5) written from the man page, and against the
 * invariants that newgidmap relies on: ids sorted strictly ascending (it
 * uses bsearch), "failed" exactly when there is a problem, and the first
 * problem, exactly as the model words it, NUL-terminated, bounded and
 * printable (it goes to the system log and, through
 * negative_groups_warning(), to the terminal of the caller of a setuid
 * program).  Each input is parsed both as a file readable by all and as
 * one that is not: the result must be the same, and the warning for the
 * caller must quote the file only when it is readable by all or the
 * problem is one of the file as a whole; otherwise it is a fixed text,
 * with no byte, line number or count of the input.
 * negative_groups_in_range() is checked against a linear search, and
 * negative_groups_mapped() against a model of it (a listed gid, or while
 * the file failed closed any gid the target or the caller holds; named
 * only if held or the file is readable by all), on ranges around the
 * listed and held gids and at the overflow edges.
 *
 * One input in 64 is also read as part of a file larger than
 * NEGATIVE_GROUPS_SIZE_MAX (the input, comment lines, the input again
 * across the limit), which libFuzzer's -max_len of tests/fuzz/run-fuzz.sh
 * would never reach: it must be cut at the limit and fail closed.
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
 *	-fno-sanitize-recover=undefined -Wall -Wextra -Werror \
 *	-Wno-unused-parameter \
 *	-I$SRC -I$SRC/lib -I$SRC/libmisc -o negative_groups_fuzz \
 *	tests/fuzz/negative_groups_fuzz.c $SRC/libmisc/negative_groups.c
 *
 * For shadow 4.17 (lib/), drop -I$SRC/libmisc and build
 * $SRC/lib/negative_groups.c with the lib/ helpers it uses (the ones
 * of NG_LIB_HELPERS in Makefile.am: their extern inline definitions).
 * -Wno-unused-parameter: clang says it is GCC 4, for which shadow's
 * lib/attr.h leaves MAYBE_UNUSED empty, so the NSS resolvers of
 * lib/negative_groups.c would warn of their unused "data".
 *
 * Only the interface of negative_groups.h is used, the one of the 4.17
 * parser, which the 4.13 one has to offer too.
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
 * and, for 4.17 (whose parser uses vasprintf(3), which configure turns
 * on through AC_USE_SYSTEM_EXTENSIONS),
 *
 *   #define _GNU_SOURCE 1
 *
 * Run it with tests/fuzz/run-fuzz.sh and the seeds in
 * tests/fuzz/corpus/negative-groups.  With -DNG_FUZZ_STANDALONE, and
 * without -fsanitize=fuzzer (gcc works too), the program instead runs
 * each file named on its command line once, a regression test of the
 * corpus and of saved crash inputs.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
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
#define QUOTE_MAX	64		/* characters of an entry in a message */

/* What the caller is told of a line of a file not readable by all */
#define HIDDEN	": a line cannot be used (not shown: the file is not readable by all users)"

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
 * The fake resolver: a few fixed names, "gNNNNN" / "uNNNNN" (one to
 * five digits) for the id NNNNN, so that the fuzzer can reach many
 * distinct ids and duplicates of numerical entries through names, and
 * names whose lookup fails (err), as with a name service that is down.
 * Any other name is unknown: ENOENT.
 */
struct fake_entry {
	const char *name;
	unsigned int id;
	int err;
};

static const struct fake_entry fake_groups[] = {
	{ "root", 0, 0 },
	{ "nogames", 1001, 0 },
	{ "proj", 1002, 0 },
	{ "alpha", 5000, 0 },
	{ "beta", 5001, 0 },
	{ "a#b", 5002, 0 },
	{ "top", 4294967294U, 0 },
	/* A resolver may return what no numerical entry can */
	{ "minus1", 4294967295U, 0 },
	{ "down", 0, EIO },
	{ "again", 0, EAGAIN },
};

static const struct fake_entry fake_users[] = {
	{ "root", 0, 0 },
	{ "alice", 1000, 0 },
	{ "bob", 2000, 0 },
	{ "top", 4294967294U, 0 },
	{ "down", 0, EIO },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* 0 and the id, ENOENT, or the errno value of a failed lookup */
static int fake_lookup(const struct fake_entry *table, size_t n,
		       char prefix, const char *name, unsigned int *id)
{
	size_t i, len = strlen(name);

	for (i = 0; i < n; i++) {
		if (!strcmp(name, table[i].name)) {
			if (table[i].err)
				return table[i].err;
			*id = table[i].id;
			return 0;
		}
	}
	if (len >= 2 && len <= 6 && name[0] == prefix &&
	    all_digits(name + 1, len - 1)) {
		*id = (unsigned int)strtoul(name + 1, NULL, 10);
		return 0;
	}
	return ENOENT;
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

static int fake_group(const char *name, gid_t *gid, void *data)
{
	unsigned int id = 0;
	int err;

	check_resolver_call(name, true, data);
	err = fake_lookup(fake_groups, NELEM(fake_groups), 'g', name, &id);
	if (!err)
		*gid = id;
	return err;
}

static int fake_user(const char *name, uid_t *uid, void *data)
{
	unsigned int id = 0;
	int err;

	check_resolver_call(name, false, data);
	err = fake_lookup(fake_users, NELEM(fake_users), 'u', name, &id);
	if (!err)
		*uid = id;
	return err;
}

/*
 * The model: what negative-groups(5) says the file means.  It walks the
 * buffer in place, without copying lines, so that it shares as little as
 * possible with the parser.  It words the first problem too: the
 * problems are the ones the man page lists, each quoting the entry (at
 * most QUOTE_MAX characters, anything not printable as '?').
 */
struct model {
	bool all;
	unsigned long lines;
	unsigned long nproblems;
	unsigned long first_problem;	/* line of the first problem, 0: file */
	char first_text[PROBLEM_MAX];	/* the first problem, after "file:line: " */
	char why[PROBLEM_MAX];		/* the problem of the current line */
	unsigned long lookups;		/* resolver calls expected */
	unsigned int *gids;		/* in file order, duplicates kept */
	size_t ngids;
	unsigned int *uids;
	size_t nuids;
};

/* The problem of the current line; returns false, for model_line() */
static bool __attribute__((format(printf, 2, 3)))
model_problem(struct model *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->why, sizeof(m->why), fmt, ap);
	va_end(ap);
	return false;
}

/* @len bytes of an entry as a message quotes them */
static const char *model_quote(const char *s, size_t len, char *out)
{
	size_t i;

	for (i = 0; i < len && i < QUOTE_MAX; i++) {
		unsigned char c = s[i];

		out[i] = (c < ' ' || c >= 0x7f) ? '?' : (char)c;
	}
	strcpy(&out[i], len > QUOTE_MAX ? "..." : "");
	return out;
}

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
static int model_resolve(struct model *m, bool user, const char *s,
			 size_t len, unsigned int *id)
{
	char *name = malloc(len + 1);
	int err;

	if (!name)
		broken("out of memory in the model", len);
	memcpy(name, s, len);
	name[len] = '\0';
	m->lookups++;
	if (user)
		err = fake_lookup(fake_users, NELEM(fake_users), 'u', name,
				  id);
	else
		err = fake_lookup(fake_groups, NELEM(fake_groups), 'g', name,
				  id);
	free(name);
	return err;
}

/* One entry, without white space; false if it is a problem */
static bool model_entry(struct model *m, const char *s, size_t len)
{
	char q[QUOTE_MAX + 4];
	unsigned int id;
	int err;

	if (len == 1 && s[0] == '*') {
		m->all = true;
		return true;
	}
	if (len >= 5 && !memcmp(s, "user:", 5)) {
		s += 5;
		len -= 5;
		model_quote(s, len, q);
		if (!len)
			return model_problem(m, "empty user entry 'user:'");
		if (all_digits(s, len)) {
			if (!model_id(s, len, &id))
				return model_problem(m,
					"user ID out of range 'user:%s'", q);
		} else if (!valid_name(s, len)) {
			return model_problem(m, "invalid user entry 'user:%s'",
					     q);
		} else {
			err = model_resolve(m, true, s, len, &id);
			if (err == ENOENT)
				return model_problem(m,
					"unknown user 'user:%s'", q);
			if (err)
				return model_problem(m,
					"cannot look up user 'user:%s': %s",
					q, strerror(err));
		}
		m->uids[m->nuids++] = id;
		return true;
	}
	model_quote(s, len, q);
	if (all_digits(s, len)) {
		if (!model_id(s, len, &id))
			return model_problem(m, "group ID out of range '%s'", q);
	} else if ((s[0] == '-' || s[0] == '+') &&
		   all_digits(s + 1, len - 1)) {
		return model_problem(m, "invalid group ID '%s'", q);
	} else if (!valid_name(s, len)) {
		return model_problem(m, "malformed entry '%s'", q);
	} else {
		err = model_resolve(m, false, s, len, &id);
		if (err == ENOENT)
			return model_problem(m, "unknown group '%s'", q);
		if (err)
			return model_problem(m, "cannot look up group '%s': %s",
					     q, strerror(err));
	}
	m->gids[m->ngids++] = id;
	return true;
}

/* One line of @len bytes, without its newline; false if it is a problem */
static bool model_line(struct model *m, const char *s, size_t len)
{
	char q[QUOTE_MAX + 4];
	size_t i;

	if (len > LINE_MAX_LEN)
		return model_problem(m,
			"line too long (more than %d characters)",
			LINE_MAX_LEN);
	if (memchr(s, '\0', len))
		return model_problem(m, "NUL byte in line");
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
			return model_problem(m,
				"trailing garbage after '%s'",
				model_quote(s, i, q));
	return model_entry(m, s, len);
}

/*
 * Only the first NEGATIVE_GROUPS_SIZE_MAX bytes are read; a byte more
 * is a problem of the file, after those of the lines.
 */
static void model_parse(struct model *m, const char *buf, size_t size)
{
	size_t start = 0, end;
	size_t len = size;

	if (len > NEGATIVE_GROUPS_SIZE_MAX)
		len = NEGATIVE_GROUPS_SIZE_MAX;
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
			if (!m->nproblems) {
				m->first_problem = m->lines;
				strcpy(m->first_text, m->why);
			}
			m->nproblems++;
		}
		start = end + 1;
	}
	if (size > len) {
		if (!m->nproblems)
			snprintf(m->first_text, sizeof(m->first_text),
				 "file too large (more than %lu bytes)",
				 (unsigned long)NEGATIVE_GROUPS_SIZE_MAX);
		m->nproblems++;
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

/* The first problem, exactly as the model words it */
static void check_problem(const struct negative_groups *ng,
			  const struct model *m)
{
	char want[PROBLEM_MAX + 64];
	size_t i, len;

	CHECK(ng->failed == (ng->nproblems != 0), ng->nproblems);
	CHECK(ng->nproblems == m->nproblems, ng->nproblems);
	CHECK(ng->problem_line == m->first_problem, ng->problem_line);
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
	if (m->first_problem)
		snprintf(want, sizeof(want), FILENAME ":%lu: %s",
			 m->first_problem, m->first_text);
	else
		snprintf(want, sizeof(want), FILENAME ": %s", m->first_text);
	CHECK(!strcmp(ng->problem, want), m->first_problem);
}

/*
 * What the caller of newgidmap is told: nothing when there is no
 * problem; the first problem and how many more when the file is readable
 * by all or the problem is one of the file as a whole; otherwise a fixed
 * text, which shows no byte, line or count of the file.
 */
static void check_warning(const struct negative_groups *ng)
{
	char want[PROBLEM_MAX + 64];
	char *w;

	w = negative_groups_warning(ng, FILENAME);
	if (!ng->failed) {
		CHECK(!w, 0);
		return;
	}
	CHECK(w && ng->problem, ng->nproblems);
	if (ng->readable || !ng->problem_line) {
		if (ng->nproblems > 1)
			snprintf(want, sizeof(want),
				 "%s (and %lu more problems)", ng->problem,
				 ng->nproblems - 1);
		else
			snprintf(want, sizeof(want), "%s", ng->problem);
	} else {
		snprintf(want, sizeof(want), "%s", FILENAME HIDDEN);
	}
	CHECK(!strcmp(w, want), ng->problem_line);
	free(w);
}

static void check_ids(const id_t *got, size_t ngot, unsigned int *want,
		      size_t nwant)
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

	/* The target holds the last listed group, even if failed closed */
	if (ng->ngids) {
		target = ng->gids[ng->ngids - 1];
		CHECK(negative_groups_applies(ng, caller, &target, 1, NULL, 0,
					      &match), 0);
		CHECK(match.reason == NEGATIVE_GROUPS_TARGET_GROUP &&
		      match.gid == target, match.reason);
	}
}

/* The groups the target and the caller hold, for the mapped checks */
struct held {
	gid_t target[4];
	size_t ntarget;
	gid_t caller[3];
	size_t ncaller;
};

/*
 * Is gid listed?  A search of our own, not the parser's; check_ids()
 * found the list sorted and equal to the model's.
 */
static bool listed_ref(const struct negative_groups *ng, gid_t gid)
{
	size_t lo = 0, hi = ng->ngids, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ng->gids[mid] == gid)
			return true;
		if (ng->gids[mid] < gid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static bool in_ref_range(unsigned long gid, unsigned long first,
			 unsigned long count)
{
	return count && gid >= first && gid - first <= count - 1;
}

/* The lowest listed gid in [first, first + count), by a linear search */
static bool in_range_ref(const struct negative_groups *ng,
			 unsigned long first, unsigned long count, gid_t *gid)
{
	size_t i;

	for (i = 0; i < ng->ngids; i++) {
		if (in_ref_range(ng->gids[i], first, count)) {
			*gid = ng->gids[i];
			return true;
		}
	}
	return false;
}

/*
 * The model of negative_groups_mapped(): a held gid in the range that
 * is listed, or any held gid in it while the file failed closed, the
 * lowest, named; else the lowest listed gid in the range, named only if
 * the file is readable by all.
 */
static bool mapped_ref(const struct negative_groups *ng,
		       const struct held *h, unsigned long first,
		       unsigned long count, gid_t *gid, bool *nameable)
{
	const gid_t *groups[2] = { h->target, h->caller };
	size_t ngroups[2] = { h->ntarget, h->ncaller };
	bool found = false;
	size_t i, j;

	for (j = 0; j < 2; j++) {
		for (i = 0; i < ngroups[j]; i++) {
			gid_t g = groups[j][i];

			if (!in_ref_range(g, first, count))
				continue;
			if (!ng->failed && !listed_ref(ng, g))
				continue;
			if (!found || g < *gid)
				*gid = g;
			found = true;
		}
	}
	if (found) {
		*nameable = true;
		return true;
	}
	if (in_range_ref(ng, first, count, gid)) {
		*nameable = ng->readable;
		return true;
	}
	return false;
}

static void check_range_one(const struct negative_groups *ng,
			    const struct held *h, unsigned long first,
			    unsigned long count)
{
	static const struct held none;
	const struct held *sets[2] = { &none, h };
	struct negative_groups_hit hit;
	gid_t got = 0, want = 0;
	bool found, ref, nameable = false;
	size_t i;

	found = negative_groups_in_range(ng, first, count, &got);
	ref = in_range_ref(ng, first, count, &want);
	CHECK(found == ref, first);
	CHECK(!found || got == want, first);

	for (i = 0; i < 2; i++) {
		const struct held *s = sets[i];

		found = negative_groups_mapped(ng,
					       s->ntarget ? s->target : NULL,
					       s->ntarget,
					       s->ncaller ? s->caller : NULL,
					       s->ncaller, first, count, &hit);
		ref = mapped_ref(ng, s, first, count, &want, &nameable);
		CHECK(found == ref, first);
		CHECK(!found || (hit.gid == want && hit.nameable == nameable),
		      first);
	}
}

/* FNV-1a, to draw ranges and groups from the input */
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

/* Around a gid: the gid alone, an empty range, and ranges that hold it */
static void check_ranges_around(const struct negative_groups *ng,
				const struct held *h, unsigned long g,
				unsigned long long h2)
{
	check_range_one(ng, h, g, 1);
	check_range_one(ng, h, g, 0);
	check_range_one(ng, h, g + 1, ULONG_MAX);
	check_range_one(ng, h, g + 1, (unsigned long)(h2 & 0xffff) + 1);
	if (g) {
		check_range_one(ng, h, g - 1, 1);
		check_range_one(ng, h, g - 1, 2);
	}
	check_range_one(ng, h, g + (1UL << 32), 1);
}

static void check_ranges(const struct negative_groups *ng,
			 const uint8_t *data, size_t size)
{
	unsigned long long h1 = hash(data, size, 0xcbf29ce484222325ULL);
	unsigned long long h2 = hash(data, size, h1);
	struct held h;
	size_t i, step;

	/*
	 * The target holds the lowest listed gid (if any), two drawn from
	 * the input and 1001; the caller the highest listed gid, one drawn
	 * and (gid_t)-1.
	 */
	memset(&h, 0, sizeof(h));
	h.target[h.ntarget++] = ng->ngids ? ng->gids[0] : 1002;
	h.target[h.ntarget++] = (gid_t)h1;
	h.target[h.ntarget++] = (gid_t)(h2 >> 40);
	h.target[h.ntarget++] = 1001;
	h.caller[h.ncaller++] = ng->ngids ? ng->gids[ng->ngids - 1] : 0;
	h.caller[h.ncaller++] = (gid_t)(h1 >> 48);
	h.caller[h.ncaller++] = (gid_t)-1;

	check_range_one(ng, &h, 0, ULONG_MAX);
	check_range_one(ng, &h, 0, 0);
	check_range_one(ng, &h, ULONG_MAX, ULONG_MAX);
	check_range_one(ng, &h, ULONG_MAX, 2);
	check_range_one(ng, &h, 4294967295UL, 2);
	check_range_one(ng, &h, 4294967296UL, 1);
	check_range_one(ng, &h, (unsigned long)h1, (unsigned long)h2);
	check_range_one(ng, &h, (unsigned long)(h1 & 0xffffffffULL),
			(unsigned long)(h2 & 0x1ffff));
	check_range_one(ng, &h, (unsigned long)(h1 & 0xffffffffULL),
			(unsigned long)h2);
	/* Around at most 16 listed gids, spread over the list */
	step = ng->ngids / 16 + 1;
	for (i = 0; i < ng->ngids; i += step)
		check_ranges_around(ng, &h, ng->gids[i], h2);
	for (i = 0; i < h.ntarget; i++)
		check_ranges_around(ng, &h, h.target[i], h2);
	for (i = 0; i < h.ncaller; i++)
		check_ranges_around(ng, &h, h.caller[i], h2);
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

/*
 * Parse @size bytes as a file readable by all and as one that is not,
 * and check both against the model.
 */
static void check_parse(const uint8_t *data, size_t size)
{
	static const struct negative_groups zero;
	struct fake_data fd = { .magic = RESOLVER_MAGIC };
	struct negative_groups_resolver res = {
		.group = fake_group,
		.user = fake_user,
		.data = &fd,
	};
	struct negative_groups ng, ngu;
	struct model m;

	ng = negative_groups_parse_buffer((const char *)data, size, FILENAME,
					  true, &res);
	model_parse(&m, (const char *)data, size);

	CHECK(ng.present && ng.readable, 0);
	CHECK(ng.lines == m.lines, ng.lines);
	CHECK(ng.all == m.all, ng.all);
	CHECK(fd.calls == m.lookups, fd.calls);
	check_problem(&ng, &m);
	check_ids(ng.gids, ng.ngids, m.gids, m.ngids);
	check_ids(ng.uids, ng.nuids, m.uids, m.nuids);
	check_lookups(&ng);
	check_warning(&ng);
	check_ranges(&ng, data, size);

	/* Not readable by all: the same result, a warning that hides it */
	fd.calls = 0;
	ngu = negative_groups_parse_buffer((const char *)data, size, FILENAME,
					   false, &res);
	CHECK(ngu.present && !ngu.readable, 0);
	CHECK(fd.calls == m.lookups, fd.calls);
	CHECK(ngu.failed == ng.failed, ngu.failed);
	CHECK(ngu.nproblems == ng.nproblems, ngu.nproblems);
	CHECK(ngu.problem_line == ng.problem_line, ngu.problem_line);
	CHECK(!ng.problem || (ngu.problem && !strcmp(ngu.problem, ng.problem)),
	      0);
	CHECK(ngu.lines == ng.lines, ngu.lines);
	CHECK(ngu.all == ng.all, ngu.all);
	CHECK(ngu.ngids == ng.ngids, ngu.ngids);
	CHECK(ngu.nuids == ng.nuids, ngu.nuids);
	CHECK(!ngu.ngids || !memcmp(ngu.gids, ng.gids,
				    ngu.ngids * sizeof(ng.gids[0])), ngu.ngids);
	CHECK(!ngu.nuids || !memcmp(ngu.uids, ng.uids,
				    ngu.nuids * sizeof(ng.uids[0])), ngu.nuids);
	check_warning(&ngu);
	check_ranges(&ngu, data, size);

	model_free(&m);
	negative_groups_free(&ng);
	CHECK(!memcmp(&ng, &zero, sizeof(ng)), 0);
	negative_groups_free(&ngu);
}

/*
 * One input in 64 (by its hash) also in a file over the size limit:
 * the input, a newline, comment lines of 4096 bytes, and the input again
 * from NEGATIVE_GROUPS_SIZE_MAX - cut on, so that the limit falls after
 * cut bytes of it (0 to all of it), then one more newline.
 */
static void check_too_large(const uint8_t *data, size_t size)
{
	const size_t max = NEGATIVE_GROUPS_SIZE_MAX;
	unsigned long long h = hash(data, size, 0x84222325cbf29ce4ULL);
	size_t cut, start, end, len, i;
	uint8_t *big;

	if (h % 64)
		return;
	cut = (size_t)((h >> 8) % (size + 1));
	if (size + 1 + cut > max)
		return;
	len = max - cut + size + 1;
	big = malloc(len);
	if (!big)
		broken("out of memory", len);

	memcpy(big, data, size);
	big[size] = '\n';
	start = size + 1;
	end = max - cut;
	memset(big + start, 'x', end - start);
	for (i = start; i < end; i += 4096)
		big[i] = '#';
	for (i = start + 4095; i < end; i += 4096)
		big[i] = '\n';
	if (end > start)
		big[end - 1] = '\n';
	memcpy(big + end, data, size);
	big[len - 1] = '\n';

	check_parse(big, len);
	free(big);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_parse(data, size);
	check_too_large(data, size);
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
