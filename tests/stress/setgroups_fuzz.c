// SPDX-License-Identifier: GPL-2.0
/*
 * setgroups_fuzz - random writes to /proc/PID/setgroups and the id maps,
 * and random setgroups(2) and getgroups(2) calls, checked against a model
 * of the shadow mode of /proc/PID/setgroups.
 *
 * usage: setgroups_fuzz SEED STEPS
 *
 * Run as root in the initial user namespace.  The program (the "outside")
 * sets random supplementary groups for itself and forks a member, which
 * enters a fresh user namespace with unshare(CLONE_NEWUSER) and takes a
 * random number of steps there, until STEPS steps were taken in all.  A
 * step is one of:
 *
 * - a write to the setgroups file, from inside (the member's own file) or
 *   from outside: random words (allow, shadow, deny, prefixes of them,
 *   garbage, random bytes) with or without white space, newlines and NUL
 *   bytes after them, at random lengths, sometimes padded with white space
 *   (and maybe a stray byte) to just under, at or past the page size, at
 *   random offsets with pwrite(2), split into two write(2) calls, or from
 *   a NULL, unmapped, PROT_NONE or partly readable buffer;
 * - a write of a gid_map or uid_map from outside, valid or not, at offset
 *   0 or not;
 * - setgroups(2) with random sizes (negative, 0, small, around
 *   NGROUPS_MAX) and lists (mapped and unmapped gids, duplicates), from
 *   NULL, unmapped, PROT_NONE or partly readable arrays;
 * - getgroups(2) with random sizes (negative, 0, too small, exact, large)
 *   and bad or partly writable arrays;
 * - a task from outside that joins the namespace with setns(2) and calls
 *   setgroups(2) there;
 * - a nested namespace, which must start in the mode of its parent and
 *   cannot loosen it.
 *
 * After each step the model is compared with what the kernel shows: the
 * return value and errno of the step, the mode read back from the
 * setgroups file, getgroups(2) and the Groups: line of /proc/PID/status
 * as seen from inside (unmapped groups hidden in shadow mode) and from
 * outside (every group).  The model of setgroups(2) in shadow mode: the
 * requested groups plus the held groups that have no mapping in the
 * namespace (all of them after the unprivileged self-map, whose one gid is
 * the writer's egid, where setgroups(2) changes nothing), sorted,
 * without duplicates, EINVAL past
 * NGROUPS_MAX.  Besides, a failed write never changes the mode, a failed
 * setgroups(2) never changes the groups, and in shadow mode setgroups(2) never sheds a group
 * that is unmapped in the namespace, whatever the model says.
 *
 * Prints "setgroups_fuzz: seed S, N steps, M mismatches" and exits 1 if M
 * is not 0.  The same seed gives the same run.
 *
 * Build: gcc -O2 -Wall -o setgroups_fuzz setgroups_fuzz.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef NGROUPS_MAX
#define NGROUPS_MAX	65536
#endif

/* Room for NGROUPS_MAX groups plus those that shadow mode adds */
#define LIST_MAX	(NGROUPS_MAX + 64)
#define MAX_MISMATCH_REPORTS	30
#define MAX_EXTENTS	8
/* Longest write to the setgroups file: past a page of 4 KiB */
#define WRITE_MAX	(4096 + 64)
#define OVERFLOW_GID	65534
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Counters shared by the outside and the members */
struct shared {
	unsigned long steps;
	unsigned long mismatches;
	/* What the steps were expected to do, to see what the run covered */
	unsigned long results[5];	/* ok, EPERM, EINVAL, EFAULT, other */
	unsigned long namespaces;
	unsigned long shadow_namespaces;
	unsigned long shadow_setgroups;
	unsigned long nested;
	unsigned long joins;
};

static struct shared *sh;

static void count(unsigned long *counter)
{
	__atomic_add_fetch(counter, 1, __ATOMIC_RELAXED);
}

static void tally(long want)
{
	count(&sh->results[want >= 0 ? 0 : want == -EPERM ? 1 :
			   want == -EINVAL ? 2 : want == -EFAULT ? 3 : 4]);
}

static unsigned long seed;
static unsigned long iteration;
static pid_t outside_pid;
static gid_t outside_egid;	/* the egid of the writer of the maps */

/* Bad addresses, mapped before the first fork: the same in every process */
static char *none_page;		/* PROT_NONE */
static char *unmapped_page;	/* mapped and unmapped again */
static char *rw_page;		/* readable page followed by none_page */
static long page_size;

/* ------------------------------------------------------------------ */
/* The generator: splitmix64, reproducible from the seed */

static uint64_t rng;

static void rng_init(uint64_t s)
{
	rng = s;
}

static uint64_t rnd64(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int rnd(unsigned int n)
{
	return n ? (unsigned int)(rnd64() % n) : 0;
}

#define PICK(a)	((a)[rnd(ARRAY_SIZE(a))])

/* ------------------------------------------------------------------ */

static void mismatch(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void mismatch(const char *fmt, ...)
{
	char buf[768];
	va_list ap;
	int len;

	if (__atomic_add_fetch(&sh->mismatches, 1, __ATOMIC_RELAXED) >
	    MAX_MISMATCH_REPORTS)
		return;
	len = snprintf(buf, sizeof(buf),
		       "setgroups_fuzz: seed %lu iteration %lu step %lu: ",
		       seed, iteration, sh->steps);
	va_start(ap, fmt);
	len += vsnprintf(buf + len, sizeof(buf) - len, fmt, ap);
	va_end(ap);
	if (len > (int)sizeof(buf) - 2)
		len = sizeof(buf) - 2;
	buf[len++] = '\n';
	if (write(STDOUT_FILENO, buf, len) < 0)
		return;
}

static const char *err_str(long ret)
{
	static char buf[4][32];
	static int i;
	const char *name;

	if (ret >= 0) {
		i = (i + 1) % 4;
		snprintf(buf[i], sizeof(buf[i]), "%ld", ret);
		return buf[i];
	}
	name = strerrorname_np(-ret);
	return name ? name : "unknown errno";
}

static ssize_t write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t ret = write(fd, p + done, len - done);

		if (ret < 0 && errno == EINTR)
			continue;
		if (ret <= 0)
			return -1;
		done += ret;
	}
	return done;
}

static ssize_t read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t ret = read(fd, p + done, len - done);

		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0)
			return -1;
		if (!ret)
			break;
		done += ret;
	}
	return done;
}

/* Read a whole file into @buf (NUL-terminated); the length or -errno */
static long read_path(const char *path, char *buf, size_t size)
{
	long len;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read_all(fd, buf, size - 1);
	if (len < 0)
		len = -errno;
	else
		buf[len] = '\0';
	close(fd);
	return len;
}

static int cmp_gid(const void *a, const void *b)
{
	gid_t x = *(const gid_t *)a, y = *(const gid_t *)b;

	return x < y ? -1 : x > y;
}

/* The Groups: line of a status file, into @list; the count or -1 */
static int status_groups(const char *status, gid_t *list, int max)
{
	const char *p = strstr(status, "\nGroups:");
	int n = 0;
	char *end;

	if (!p)
		return -1;
	p += strlen("\nGroups:");
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || !*p)
			return n;
		if (n == max)
			return -1;
		list[n++] = strtoul(p, &end, 10);
		if (end == p)
			return -1;
		p = end;
	}
}

/* A short, printable rendering of a list, for the reports */
static const char *fmt_list(const gid_t *list, int n)
{
	static char buf[2][160];
	static int which;
	char *b = buf[which ^= 1];
	size_t len = 0;
	int i;

	b[0] = '\0';
	for (i = 0; i < n && len < sizeof(buf[0]) - 24; i++)
		len += snprintf(b + len, sizeof(buf[0]) - len, "%s%u",
				i ? " " : "", list[i]);
	if (i < n)
		snprintf(b + len, sizeof(buf[0]) - len, " ... (%d)", n);
	return n < 0 ? "(none)" : b;
}

static bool same_list(const gid_t *a, int na, const gid_t *b, int nb)
{
	return na == nb && !memcmp(a, b, na * sizeof(*a));
}

/* ------------------------------------------------------------------ */
/* The model of a user namespace */

enum { ALLOW, SHADOW, DENY };
static const char *const mode_names[] = { "allow", "shadow", "deny" };

struct extent {
	uint32_t first, lower, count;
};

struct idmap {
	bool written;
	int n;
	struct extent e[MAX_EXTENTS];
};

struct model {
	int mode;
	/* Every held group sticks: USERNS_SETGROUPS_KEEP_ALL */
	bool keep_all;
	struct idmap uid, gid;
	/* The groups of the member: kgids */
	gid_t *cur;
	int ncur;
};

/* The id in the namespace of @kid, or -1: map_id_up() */
static int64_t map_up(const struct idmap *m, uint32_t kid)
{
	int i;

	for (i = 0; m->written && i < m->n; i++)
		if (kid >= m->e[i].lower && kid - m->e[i].lower < m->e[i].count)
			return m->e[i].first + (kid - m->e[i].lower);
	return -1;
}

/* The kid of @id of the namespace, or -1: map_id_down() */
static int64_t map_down(const struct idmap *m, uint32_t id)
{
	int i;

	for (i = 0; m->written && i < m->n; i++)
		if (id >= m->e[i].first && id - m->e[i].first < m->e[i].count)
			return m->e[i].lower + (id - m->e[i].first);
	return -1;
}

static bool in_sorted(const gid_t *list, int n, gid_t gid)
{
	return bsearch(&gid, list, n, sizeof(gid), cmp_gid) != NULL;
}

/* Whether setgroups(2) in shadow mode must keep the held group @kgid */
static bool sticks(const struct model *m, gid_t kgid)
{
	return m->keep_all || map_up(&m->gid, kgid) < 0;
}

/*
 * What setgroups(2) installs in shadow mode: the request plus the held
 * groups that have no mapping in the namespace (all of them where the
 * namespace keeps every group), sorted and without duplicates.
 */
static int shadow_merge(const struct model *m, const gid_t *req, int nreq,
			const gid_t *cur, int ncur, gid_t *out)
{
	int i, n = 0;

	for (i = 0; i < nreq; i++)
		out[n++] = req[i];
	for (i = 0; i < ncur; i++)
		if (sticks(m, cur[i]))
			out[n++] = cur[i];
	qsort(out, n, sizeof(*out), cmp_gid);
	for (i = 0, nreq = 0; i < n; i++)
		if (!nreq || out[nreq - 1] != out[i])
			out[nreq++] = out[i];
	return nreq;
}

/*
 * How many groups setgroups(2) must keep in shadow mode: the distinct held
 * groups without a mapping (all of them where the namespace keeps every
 * group).  @cur is sorted, as the kernel keeps it.
 */
static int sticky_count(const struct model *m, const gid_t *cur, int ncur)
{
	int i, n = 0;

	for (i = 0; i < ncur; i++)
		if ((!i || cur[i] != cur[i - 1]) && sticks(m, cur[i]))
			n++;
	return n;
}

/* The groups that a reader inside sees, in the order of the kernel */
static int model_visible(const struct model *m, gid_t *out)
{
	int i, n = 0;

	for (i = 0; i < m->ncur; i++) {
		int64_t id = map_up(&m->gid, m->cur[i]);

		if (id < 0 && m->mode == SHADOW)
			continue;
		out[n++] = id < 0 ? OVERFLOW_GID : (gid_t)id;
	}
	return n;
}

/* Kernel isspace(): the C locale's white space and Latin-1 NBSP */
static bool k_isspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

/*
 * What a write(2) of @len bytes at @pos to the setgroups file does:
 * proc_setgroups_write().  Updates the model, returns the result.
 */
static long model_setgroups_write(struct model *m, const char *data,
				  size_t len, bool readable, long long pos)
{
	static const char *const words[] = { "allow", "shadow", "deny" };
	static char kbuf[WRITE_MAX + 1];
	const char *p;
	int mode, i;

	/* At offset 0 and shorter than a page: then all of it is copied */
	if (pos != 0 || len >= (size_t)page_size)
		return -EINVAL;
	if (!readable)
		return -EFAULT;
	memcpy(kbuf, data, len);
	kbuf[len] = '\0';
	for (mode = -1, i = 0; i <= DENY; i++) {
		if (!strncmp(kbuf, words[i], strlen(words[i]))) {
			mode = i;
			break;
		}
	}
	if (mode < 0)
		return -EINVAL;
	for (p = kbuf + strlen(words[mode]); k_isspace(*p); p++)
		;
	if (*p)
		return -EINVAL;
	/* Only ever stricter, and nothing but allow once gid_map is set */
	if (mode < m->mode || (mode != ALLOW && m->gid.written))
		return -EPERM;
	if (mode == SHADOW && m->mode != SHADOW)
		count(&sh->shadow_namespaces);
	m->mode = mode;
	return len;
}

/* ------------------------------------------------------------------ */
/* Id maps */

struct map_template {
	const char *text;
	bool valid;
};

static const struct map_template gid_maps[] = {
	{ "0 0 1\n", true },
	{ "0 0 1\n50001 50001 2\n", true },
	{ "0 0 1\n1 100000 1000\n50001 50001 6\n", true },
	/* Room for NGROUPS_MAX distinct mapped groups */
	{ "0 0 1\n100000 100000 70000\n50003 50003 1\n", true },
	{ "50001 50001 1\n", true },
	{ "0 0 1\n1 100000 10\n11 100020 10\n21 100040 10\n31 100060 10\n"
	  "41 100080 10\n50002 50002 3\n", true },
	{ "  0 0 1 \n", true },
	{ "", false },
	{ "garbage\n", false },
	{ "0 0 0\n", false },
	{ "0 0 1\n0 1 1\n", false },
	{ "0 0 1\n1 0 1\n", false },
	{ "4294967295 0 1\n", false },
	{ "0 4294967295 1\n", false },
	{ "0 0 1 extra\n", false },
	{ "0 0\n", false },
};

static const struct map_template uid_maps[] = {
	{ "0 0 1\n", true },
	{ "0 0 1\n1 100000 1000\n", true },
	{ "1 1 1\n", true },
	{ "", false },
	{ "0 0 0\n", false },
	{ "0 0 1\n0 1 1\n", false },
};

static void parse_template(struct idmap *m, const char *text)
{
	const char *p = text;
	int used;

	m->n = 0;
	while (m->n < MAX_EXTENTS &&
	       sscanf(p, "%u %u %u%n", &m->e[m->n].first, &m->e[m->n].lower,
		      &m->e[m->n].count, &used) == 3) {
		m->n++;
		p += used;
	}
	m->written = true;
}

/* What a write of @t at @pos to a map does: map_write() */
static long model_map_write(struct idmap *m, const struct map_template *t,
			    long long pos)
{
	if (pos != 0)
		return -EINVAL;
	if (m->written)
		return -EPERM;
	if (!t->valid)
		return -EINVAL;
	parse_template(m, t->text);
	return strlen(t->text);
}

/* ------------------------------------------------------------------ */
/* Writes, done by the member (inside) or the outside */

enum ptr_kind { P_BUF, P_NULL, P_NONE, P_UNMAPPED, P_STRADDLE, P_KINDS };
/*
 * H_SEEK: lseek(2) to the position, then write(2).  H_PWRITE: pwrite(2),
 * which a seq_file refuses (ESPIPE) unless the position is negative.
 */
enum how { H_SEEK, H_PWRITE, H_WRITE, H_SPLIT };

struct wspec {
	char data[WRITE_MAX];
	unsigned int len;
	unsigned int split;	/* H_SPLIT: length of the first write */
	int how;
	int ptr;
	unsigned int readable;	/* P_STRADDLE: readable bytes */
	long long pos;		/* H_SEEK, H_PWRITE */
};

/* The buffer of a write or a system call, readable as @w->ptr says */
static const char *place(int ptr, const void *data, size_t len,
			 unsigned int readable)
{
	switch (ptr) {
	case P_NULL:
		return NULL;
	case P_NONE:
		return none_page;
	case P_UNMAPPED:
		return unmapped_page;
	case P_STRADDLE:
		/* @readable bytes before the PROT_NONE page, then none */
		if (readable > len)
			readable = len;
		memcpy(rw_page + page_size - readable, data, readable);
		return rw_page + page_size - readable;
	default:
		return data;
	}
}

/* lseek(2) to @pos and write(2) there; the result or -errno */
static long seek_write(int fd, const char *buf, size_t len, long long pos)
{
	ssize_t r;

	if (lseek(fd, pos, SEEK_SET) < 0)
		return -errno;
	r = write(fd, buf, len);
	return r < 0 ? -errno : r;
}

/* Do the write(s) of @w to @path: one result, or two for H_SPLIT */
static void do_write(const char *path, const struct wspec *w, long ret[2])
{
	const char *buf;
	ssize_t r;
	int fd;

	ret[1] = 0;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		ret[0] = ret[1] = -errno;
		return;
	}
	switch (w->how) {
	case H_SEEK:
		buf = place(w->ptr, w->data, w->len, w->readable);
		ret[0] = seek_write(fd, buf, w->len, w->pos);
		break;
	case H_PWRITE:
		buf = place(w->ptr, w->data, w->len, w->readable);
		r = pwrite(fd, buf, w->len, w->pos);
		ret[0] = r < 0 ? -errno : r;
		break;
	case H_WRITE:
		buf = place(w->ptr, w->data, w->len, w->readable);
		r = write(fd, buf, w->len);
		ret[0] = r < 0 ? -errno : r;
		break;
	default:
		r = write(fd, w->data, w->split);
		ret[0] = r < 0 ? -errno : r;
		r = write(fd, w->data + w->split, w->len - w->split);
		ret[1] = r < 0 ? -errno : r;
		break;
	}
	close(fd);
}

/* What do_write() does to the setgroups file, per the model */
static void model_write(struct model *m, const struct wspec *w, long ret[2])
{
	bool readable = w->ptr == P_BUF || !w->len ||
			(w->ptr == P_STRADDLE && w->readable >= w->len);

	ret[1] = 0;
	switch (w->how) {
	case H_SEEK:
		/* seq_lseek() takes any position that is not negative */
		ret[0] = w->pos < 0 ? -EINVAL :
			 model_setgroups_write(m, w->data, w->len, readable,
					       w->pos);
		break;
	case H_PWRITE:
		ret[0] = w->pos < 0 ? -EINVAL : -ESPIPE;
		break;
	case H_WRITE:
		ret[0] = model_setgroups_write(m, w->data, w->len, readable,
					       0);
		break;
	default:
		ret[0] = model_setgroups_write(m, w->data, w->split, true, 0);
		/* A successful write moves the file position */
		ret[1] = model_setgroups_write(m, w->data + w->split,
					       w->len - w->split, true,
					       ret[0] > 0 ? ret[0] : 0);
		break;
	}
}

/*
 * Pad the data of @w with white space to a random length, mostly around
 * the page size: any amount of white space may follow the word, but a
 * write of a page or more is EINVAL.  Sometimes a byte that is not white
 * space (or a NUL, which ends the string) lands in the padding.
 */
static void pad_wspec(struct wspec *w)
{
	static const char space[] = " \t\n\v\f\r\xa0";
	unsigned int len, i;

	switch (rnd(6)) {
	case 0:
		/* The longest write taken */
		len = page_size - 1;
		break;
	case 1:
		len = page_size;
		break;
	case 2:
		len = page_size + 1 + rnd(64);
		break;
	case 3:
		len = page_size - 1 - rnd(8);
		break;
	default:
		len = w->len + 1 + rnd(page_size - w->len - 1);
		break;
	}
	/* No write past the page size if pages are larger than WRITE_MAX */
	if (len > WRITE_MAX)
		len = WRITE_MAX;
	if (len <= w->len)
		return;
	for (i = w->len; i < len; i++)
		w->data[i] = rnd(2) ? ' ' : space[rnd(sizeof(space) - 1)];
	if (!rnd(5))
		w->data[w->len + rnd(len - w->len)] = rnd(3) ? 'x' : '\0';
	w->len = len;
}

static void random_wspec(struct wspec *w)
{
	static const char *const words[] = {
		"allow", "shadow", "deny", "allow", "shadow", "deny",
		"shado", "sha", "al", "d", "", "den", "allo", "s",
		"ALLOW", "Shadow", "garbage", "shadowx", "denyallow",
		"allowdeny", " deny", "\nshadow", "xdeny",
	};
	/* Lengths given, for the NUL bytes */
	static const struct {
		const char *s;
		size_t len;
	} tails[] = {
		{ "", 0 }, { "", 0 }, { "", 0 }, { "\n", 1 }, { " ", 1 },
		{ "\t", 1 }, { "\n\n", 2 }, { " \n", 2 }, { "\r\n", 2 },
		{ "\v\f", 2 }, { "\xa0", 1 }, { "\x85", 1 }, { "\0", 1 },
		{ "\0junk", 5 }, { "\n\0x", 3 }, { "x", 1 }, { " x", 2 },
		{ "\n#", 2 }, { "  ", 2 }, { "\n\n\n\n\n\n", 6 },
	};
	const char *word = PICK(words);
	unsigned int t = rnd(ARRAY_SIZE(tails));
	size_t wl = strlen(word), tl = tails[t].len, i;

	memset(w, 0, sizeof(*w));
	if (!rnd(10)) {
		/* Random bytes, biased to white space and letters */
		static const char pool[] = "allowshadowdeny \n\t\0\xa0#x";

		w->len = rnd(12);
		for (i = 0; i < w->len; i++)
			w->data[i] = rnd(3) ? pool[rnd(sizeof(pool) - 1)] :
					      (char)rnd(256);
	} else {
		memcpy(w->data, word, wl);
		memcpy(w->data + wl, tails[t].s, tl);
		w->len = wl + tl;
		/* Sometimes cut it short */
		if (!rnd(6) && w->len)
			w->len = rnd(w->len + 1);
	}
	if (!rnd(6))
		pad_wspec(w);
	switch (rnd(10)) {
	case 0:
		w->how = H_SPLIT;
		w->split = rnd(w->len + 1);
		break;
	case 1:
	case 2:
		w->how = H_WRITE;
		break;
	default:
		w->how = rnd(6) ? H_SEEK : H_PWRITE;
		switch (rnd(10)) {
		case 0:
			w->pos = 1 + rnd(8);
			break;
		case 1:
			w->pos = rnd(2) ? -1 : LLONG_MAX - rnd(4);
			break;
		default:
			w->pos = 0;
			break;
		}
		break;
	}
	if (w->how != H_SPLIT && !rnd(6)) {
		w->ptr = 1 + rnd(P_KINDS - 1);
		w->readable = rnd(w->len + 1);
		/* place() has a page before the PROT_NONE one */
		if (w->readable > page_size)
			w->readable = page_size;
	}
}

static const char *fmt_wspec(const struct wspec *w)
{
	static const char *const ptrs[] = {
		"buf", "NULL", "PROT_NONE", "unmapped", "straddle",
	};
	static char buf[160];
	size_t len = 0;
	unsigned int i;

	len += snprintf(buf, sizeof(buf), "\"");
	for (i = 0; i < w->len && len < sizeof(buf) - 64; i++) {
		unsigned char c = w->data[i];

		if (c >= ' ' && c < 0x7f && c != '"' && c != '\\')
			buf[len++] = c;
		else
			len += snprintf(buf + len, sizeof(buf) - len,
					"\\x%02x", c);
	}
	if (w->how == H_SPLIT)
		snprintf(buf + len, sizeof(buf) - len,
			 "\" (%u bytes) in two writes, %u + %u", w->len,
			 w->split, w->len - w->split);
	else
		snprintf(buf + len, sizeof(buf) - len,
			 "\" (%u bytes) by %s at %lld from a %s buffer",
			 w->len, w->how == H_WRITE ? "write" :
			 w->how == H_SEEK ? "lseek+write" : "pwrite",
			 w->pos, ptrs[w->ptr]);
	return buf;
}

/* ------------------------------------------------------------------ */
/* Requests of the member to the outside, which stays in the parent ns */

enum req_op { R_WRITE, R_MAP, R_GROUPS, R_JOIN };

struct request {
	int op;
	struct wspec w;
	int map_gid;		/* R_MAP: gid_map, else uid_map */
	int map_index;
	long long map_pos;
	/* R_JOIN */
	int njoin;
	gid_t join[8];
	int nreq;
	gid_t req[8];
};

struct reply {
	long ret[2];
	int n;			/* R_GROUPS, R_JOIN: groups that follow */
};

static int req_fd = -1, reply_fd = -1;
static gid_t reply_groups[LIST_MAX];

/* Send a request; for R_GROUPS and R_JOIN the groups land in reply_groups */
static struct reply call_outside(const struct request *req)
{
	struct reply rep = { .ret = { -EPIPE, -EPIPE }, .n = -1 };

	if (write_all(req_fd, req, sizeof(*req)) < 0 ||
	    read_all(reply_fd, &rep, sizeof(rep)) != sizeof(rep) ||
	    (rep.n > 0 && read_all(reply_fd, reply_groups,
				   rep.n * sizeof(gid_t)) !=
	     (ssize_t)(rep.n * sizeof(gid_t)))) {
		fprintf(stderr,
			"setgroups_fuzz: the outside does not answer\n");
		_exit(2);
	}
	return rep;
}

static char status_buf[1 << 20];

/* The groups of @pid as this process sees them in its status; or -1 */
static int groups_of(pid_t pid, gid_t *list)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	if (read_path(path, status_buf, sizeof(status_buf)) < 0)
		return -1;
	return status_groups(status_buf, list, LIST_MAX);
}

/*
 * A task that joins the namespace of @member with setns(2), holding the
 * groups of @req (set from here), and asks for the groups of @req there.
 * Its result, then its groups as seen from here, go to @fd.
 */
static void joiner(pid_t member, const struct request *req, int fd)
{
	static gid_t groups[LIST_MAX];
	struct reply rep = { .n = -1 };
	char path[64];
	int nsfd, status_fd;
	long len;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	snprintf(path, sizeof(path), "/proc/%d/ns/user", member);
	nsfd = open(path, O_RDONLY | O_CLOEXEC);
	status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	if (nsfd < 0 || status_fd < 0 ||
	    syscall(SYS_setgroups, req->njoin, req->join) ||
	    setns(nsfd, CLONE_NEWUSER)) {
		rep.ret[0] = -1000 - errno;	/* not a setgroups result */
	} else {
		rep.ret[0] = syscall(SYS_setgroups, req->nreq, req->req) ?
			     -errno : 0;
		/* Opened outside: the status shows every group */
		len = read_all(status_fd, status_buf, sizeof(status_buf) - 1);
		if (len >= 0) {
			status_buf[len] = '\0';
			rep.n = status_groups(status_buf, groups, LIST_MAX);
		}
	}
	if (write_all(fd, &rep, sizeof(rep)) < 0 ||
	    (rep.n > 0 && write_all(fd, groups, rep.n * sizeof(gid_t)) < 0))
		_exit(1);
	_exit(0);
}

static void serve(pid_t member, const struct request *req, int fd)
{
	struct reply rep = { .ret = { 0, 0 }, .n = -1 };
	static gid_t groups[LIST_MAX];
	char path[64];
	int p[2], status;
	pid_t pid;

	switch (req->op) {
	case R_WRITE:
		snprintf(path, sizeof(path), "/proc/%d/setgroups", member);
		do_write(path, &req->w, rep.ret);
		break;
	case R_MAP: {
		const struct map_template *t = req->map_gid ?
			&gid_maps[req->map_index] : &uid_maps[req->map_index];
		int mfd;

		snprintf(path, sizeof(path), "/proc/%d/%s", member,
			 req->map_gid ? "gid_map" : "uid_map");
		mfd = open(path, O_WRONLY | O_CLOEXEC);
		if (mfd < 0) {
			rep.ret[0] = -errno;
			break;
		}
		rep.ret[0] = seek_write(mfd, t->text, strlen(t->text),
					req->map_pos);
		close(mfd);
		break;
	}
	case R_GROUPS:
		rep.n = groups_of(member, groups);
		break;
	case R_JOIN:
		if (pipe2(p, O_CLOEXEC)) {
			rep.ret[0] = -errno;
			break;
		}
		pid = fork();
		if (!pid) {
			close(p[0]);
			joiner(member, req, p[1]);
		}
		close(p[1]);
		if (pid < 0 ||
		    read_all(p[0], &rep, sizeof(rep)) != sizeof(rep) ||
		    (rep.n > 0 &&
		     read_all(p[0], groups, rep.n * sizeof(gid_t)) !=
		     (ssize_t)(rep.n * sizeof(gid_t)))) {
			rep.ret[0] = -1000;
			rep.n = -1;
		}
		close(p[0]);
		if (pid > 0)
			waitpid(pid, &status, 0);
		break;
	}
	if (write_all(fd, &rep, sizeof(rep)) < 0 ||
	    (rep.n > 0 && write_all(fd, groups, rep.n * sizeof(gid_t)) < 0))
		return;
}

/* ------------------------------------------------------------------ */
/* The member's side */

static struct model model;
/* A merge may see NGROUPS_MAX requested plus NGROUPS_MAX held groups */
static gid_t model_buf[2 * LIST_MAX], tmp_buf[LIST_MAX];
static gid_t got_buf[LIST_MAX], before_buf[LIST_MAX], real_buf[LIST_MAX];
static gid_t arg_buf[LIST_MAX];

static long sys_setgroups(long size, const gid_t *list)
{
	return syscall(SYS_setgroups, size, list) ? -errno : 0;
}

static long sys_getgroups(long size, gid_t *list)
{
	long ret = syscall(SYS_getgroups, size, list);

	return ret < 0 ? -errno : ret;
}

static int read_mode(void)
{
	char buf[32];
	int i;

	if (read_path("/proc/self/setgroups", buf, sizeof(buf)) < 0)
		return -1;
	for (i = 0; i <= DENY; i++) {
		size_t l = strlen(mode_names[i]);

		if (!strncmp(buf, mode_names[i], l) && !strcmp(buf + l, "\n"))
			return i;
	}
	return -1;
}

static void check_mode(const char *after)
{
	int mode = read_mode();

	if (mode != model.mode)
		mismatch("after %s: setgroups reads %s, the model says %s",
			 after, mode < 0 ? "garbage" : mode_names[mode],
			 mode_names[model.mode]);
}

/* getgroups(), /proc/self/status and the outside's view vs the model */
static void check_groups(const char *after)
{
	long n;
	int want, ns, nreal;

	want = model_visible(&model, model_buf);
	n = sys_getgroups(0, NULL);
	if (n != want)
		mismatch("after %s: getgroups(0) is %s, the model says %d",
			 after, err_str(n), want);
	n = sys_getgroups(LIST_MAX, got_buf);
	if (n < 0 || !same_list(got_buf, n, model_buf, want))
		mismatch("after %s: getgroups shows %s, the model says %s",
			 after, n < 0 ? err_str(n) : fmt_list(got_buf, n),
			 fmt_list(model_buf, want));
	ns = groups_of(getpid(), tmp_buf);
	if (!same_list(tmp_buf, ns, model_buf, want))
		mismatch("after %s: status inside shows %s, the model says %s",
			 after, fmt_list(tmp_buf, ns),
			 fmt_list(model_buf, want));

	/* From outside, every group is shown as it is */
	nreal = call_outside(&(struct request){ .op = R_GROUPS }).n;
	if (!same_list(reply_groups, nreal, model.cur, model.ncur))
		mismatch("after %s: status outside shows %s, the model says %s",
			 after, fmt_list(reply_groups, nreal),
			 fmt_list(model.cur, model.ncur));
}

/* A write of a random word, or with @force >= 0 a valid write of that mode */
static void step_setgroups_write(int force)
{
	static const char *const tails[] = { "", "\n", " \n", "\t" };
	struct wspec w;
	long got[2], want[2];
	int before = read_mode();
	bool inside = rnd(2);
	char what[256];

	if (force < 0) {
		random_wspec(&w);
	} else {
		memset(&w, 0, sizeof(w));
		w.len = snprintf(w.data, sizeof(w.data), "%s%s",
				 mode_names[force], PICK(tails));
		w.how = rnd(2) ? H_SEEK : H_WRITE;
	}
	model_write(&model, &w, want);
	tally(want[0]);
	if (inside) {
		do_write("/proc/self/setgroups", &w, got);
	} else {
		struct reply rep = call_outside(&(struct request){
			.op = R_WRITE, .w = w });

		got[0] = rep.ret[0];
		got[1] = rep.ret[1];
	}
	snprintf(what, sizeof(what), "write %s to setgroups from %s",
		 fmt_wspec(&w), inside ? "inside" : "outside");
	if (got[0] != want[0] || got[1] != want[1])
		mismatch("%s: %s, %s; the model says %s, %s", what,
			 err_str(got[0]), err_str(got[1]), err_str(want[0]),
			 err_str(want[1]));
	/* Whatever the model says: a failed write changes nothing */
	if (got[0] < 0 && (w.how != H_SPLIT || got[1] < 0) &&
	    read_mode() != before)
		mismatch("%s failed and changed the mode", what);
	check_mode(what);
}

enum { ANY_MAP, VALID_GID_MAP, VALID_UID_MAP };

static void step_map_write(int which)
{
	bool gid = which == ANY_MAP ? rnd(3) != 0 : which == VALID_GID_MAP;
	const struct map_template *maps = gid ? gid_maps : uid_maps;
	unsigned int n = gid ? ARRAY_SIZE(gid_maps) : ARRAY_SIZE(uid_maps);
	int index = rnd(n);
	const struct map_template *t;
	long long pos = 0;
	struct reply rep;
	long want;

	if (which == ANY_MAP) {
		if (!rnd(8))
			pos = 1 + rnd(4);
	} else {
		/* The valid templates come first */
		while (!maps[index].valid)
			index = rnd(index);
	}
	t = &maps[index];

	want = model_map_write(gid ? &model.gid : &model.uid, t, pos);
	/*
	 * One gid, the writer's own egid, written in shadow mode by the
	 * owner of the namespace (the outside is root, as the member that
	 * created it): new_idmap_permitted() takes it as the unprivileged
	 * self-map, and the namespace keeps every group.
	 */
	if (gid && want > 0 && model.mode == SHADOW && model.gid.n == 1 &&
	    model.gid.e[0].count == 1 && model.gid.e[0].lower == outside_egid)
		model.keep_all = true;
	tally(want);
	rep = call_outside(&(struct request){ .op = R_MAP, .map_gid = gid,
					      .map_index = index,
					      .map_pos = pos });
	if (rep.ret[0] != want)
		mismatch("write \"%.40s\" at %lld to %s: %s, the model says %s",
			 t->text, pos, gid ? "gid_map" : "uid_map",
			 err_str(rep.ret[0]), err_str(want));
	check_mode("a map write");
}

/* Gids of the namespace to ask for: mapped or not, depending on the map */
static gid_t random_gid(void)
{
	static const gid_t pool[] = {
		0, 1, 2, 6, 999, 1000, 1001, 50001, 50002, 50003, 50004,
		50005, 50006, 100000, 100005, 100006, 169999, 170000, 7777,
		65534, 4294967294U, 4294967295U,
	};

	return PICK(pool);
}

/*
 * What setgroups(@size, @list) does, with @nread elements readable:
 * setgroups() and groups_shadow_merge().  On success, @out and *@nout get
 * the new groups of a caller that held @cur.
 */
static long model_setgroups(const struct model *m, long size,
			    const gid_t *list, long nread, const gid_t *cur,
			    int ncur, gid_t *out, int *nout)
{
	long i;
	int n;

	if (!m->gid.written || m->mode == DENY)
		return -EPERM;
	if ((unsigned long)(unsigned int)size > NGROUPS_MAX)
		return -EINVAL;
	for (i = 0; i < size; i++) {
		int64_t k;

		if (i >= nread)
			return -EFAULT;
		k = map_down(&m->gid, list[i]);
		if (k < 0 || k == 0xffffffffLL)
			return -EINVAL;
		tmp_buf[i] = k;
	}
	/* Where every group sticks, a valid request changes nothing */
	if (m->mode == SHADOW && m->keep_all) {
		memcpy(out, cur, ncur * sizeof(gid_t));
		*nout = ncur;
		return 0;
	}
	/* Then the request and the groups to keep must fit */
	if (m->mode == SHADOW && size + sticky_count(m, cur, ncur) > NGROUPS_MAX)
		return -EINVAL;
	qsort(tmp_buf, size, sizeof(gid_t), cmp_gid);
	if (m->mode == SHADOW) {
		n = shadow_merge(m, tmp_buf, size, cur, ncur, out);
		if (n > NGROUPS_MAX)
			return -EINVAL;
	} else {
		memcpy(out, tmp_buf, size * sizeof(gid_t));
		n = size;
	}
	*nout = n;
	return 0;
}

static void step_setgroups(void)
{
	long size, nread, got, want, i;
	const gid_t *ptr = arg_buf;
	int kind = rnd(P_KINDS + 2), nbefore, nafter, nnew = 0, nreal;
	char what[128];

	switch (rnd(12)) {
	case 0:
		size = -(long)rnd(3) - 1;
		break;
	case 1:
		size = rnd(2) ? INT_MIN : -NGROUPS_MAX;
		break;
	case 2:
		size = NGROUPS_MAX - 1 + rnd(3);
		break;
	case 3:
		size = 0;
		break;
	default:
		size = rnd(9);
		break;
	}
	if (size > 0 && size <= NGROUPS_MAX + 1) {
		/* Around NGROUPS_MAX: distinct, the same, or a bad one */
		int fill = size > 16 ? rnd(3) : 3;
		gid_t one = random_gid();

		for (i = 0; i < size; i++)
			arg_buf[i] = fill == 0 ? 100000 + i :
				     fill == 1 ? one : random_gid();
		if (fill == 2)
			arg_buf[rnd(size)] = random_gid();
	}
	nread = size > 0 ? size : 0;
	if (kind >= P_KINDS)
		kind = P_BUF;
	if (kind != P_BUF) {
		/* The pointer is not read for a size of 0 or less */
		unsigned int readable = 0;
		size_t bytes = 0;

		if (size > 0) {
			readable = rnd(size < 8 ? size + 1 : 8);
			bytes = size * sizeof(gid_t);
		}
		ptr = (const gid_t *)place(kind, arg_buf, bytes,
					   readable * sizeof(gid_t));
		nread = kind == P_STRADDLE ? readable : 0;
	}
	snprintf(what, sizeof(what), "setgroups(%ld, %s)", size,
		 kind == P_BUF ? fmt_list(arg_buf, size > 8 ? 8 : size < 0 ?
					  0 : size) :
		 kind == P_STRADDLE ? "partly readable array" : "bad pointer");

	nbefore = sys_getgroups(LIST_MAX, before_buf);
	nreal = call_outside(&(struct request){ .op = R_GROUPS }).n;
	if (nreal > 0)
		memcpy(real_buf, reply_groups, nreal * sizeof(gid_t));
	want = model_setgroups(&model, size, arg_buf, nread, model.cur,
			       model.ncur, model_buf, &nnew);
	tally(want);
	if (!want && model.mode == SHADOW)
		count(&sh->shadow_setgroups);
	got = sys_setgroups(size, ptr);
	if (got != want)
		mismatch("%s: %s, the model says %s", what, err_str(got),
			 err_str(want));
	if (got < 0) {
		/* Whatever the model says: a failed call changes nothing */
		nafter = sys_getgroups(LIST_MAX, got_buf);
		if (!same_list(before_buf, nbefore, got_buf, nafter))
			mismatch("%s failed, changed getgroups from %s to %s",
				 what, fmt_list(before_buf, nbefore),
				 fmt_list(got_buf, nafter));
	} else if (read_mode() == SHADOW) {
		/*
		 * Whatever the model says: what was held before, as seen
		 * from outside, and has no mapping in the namespace, stays.
		 * A mapped group may be shed.
		 */
		nafter = call_outside(&(struct request){ .op = R_GROUPS }).n;
		for (i = 0; i < nreal; i++) {
			gid_t g = real_buf[i];

			if (map_up(&model.gid, g) < 0 &&
			    (nafter < 0 || !in_sorted(reply_groups, nafter, g)))
				mismatch("%s in shadow mode shed %u", what, g);
		}
	}
	if (want == 0) {
		memcpy(model.cur, model_buf, nnew * sizeof(gid_t));
		model.ncur = nnew;
	}
	check_groups(what);
}

static void step_getgroups(void)
{
	int want_n = model_visible(&model, model_buf), kind = P_BUF;
	long size, got, want, i, writable;
	gid_t *ptr = got_buf;
	char what[96];

	switch (rnd(8)) {
	case 0:
		size = rnd(2) ? -1 : INT_MIN;
		break;
	case 1:
		size = 0;
		break;
	case 2:
		size = want_n > 0 ? want_n - 1 : 0;
		break;
	case 3:
		size = NGROUPS_MAX + rnd(2);
		break;
	default:
		size = want_n + rnd(3);
		break;
	}
	writable = size;
	if (!rnd(4)) {
		kind = 1 + rnd(P_KINDS - 1);
		writable = kind == P_STRADDLE ? rnd(want_n + 1) : 0;
		if (writable > page_size / (long)sizeof(gid_t))
			writable = page_size / sizeof(gid_t);
		ptr = (gid_t *)place(kind, NULL, 0, 0);
		if (kind == P_STRADDLE)
			ptr = (gid_t *)(rw_page + page_size -
					writable * sizeof(gid_t));
	}
	/* getgroups(): EINVAL for a negative or too small size, then copy */
	if (size < 0)
		want = -EINVAL;
	else if (!size)
		want = want_n;
	else if (want_n > size)
		want = -EINVAL;
	else if (writable < want_n)
		want = -EFAULT;
	else
		want = want_n;
	snprintf(what, sizeof(what), "getgroups(%ld, %s)", size,
		 kind == P_BUF ? "buffer" : "bad pointer");
	tally(want);
	got = sys_getgroups(size, ptr);
	if (got != want)
		mismatch("%s: %s, the model says %s", what, err_str(got),
			 err_str(want));
	else if (got > 0 && size && kind == P_BUF) {
		for (i = 0; i < got; i++)
			if (ptr[i] != model_buf[i])
				break;
		if (i < got)
			mismatch("%s shows %s, the model says %s", what,
				 fmt_list(ptr, got),
				 fmt_list(model_buf, want_n));
	}
}

/* A task from outside joins and calls setgroups(2) */
static void step_join(void)
{
	static const gid_t pool[] = { 0, 50001, 50002, 50004, 50005, 100006 };
	struct request req = { .op = R_JOIN };
	gid_t cur[8], want_list[32];
	int i, nwant = 0;
	struct reply rep;
	long want;

	req.njoin = rnd(4);
	for (i = 0; i < req.njoin; i++)
		req.join[i] = PICK(pool);
	req.nreq = rnd(4);
	for (i = 0; i < req.nreq; i++)
		req.req[i] = random_gid();
	memcpy(cur, req.join, req.njoin * sizeof(gid_t));
	qsort(cur, req.njoin, sizeof(gid_t), cmp_gid);

	want = model_setgroups(&model, req.nreq, req.req, req.nreq, cur,
			       req.njoin, want_list, &nwant);
	if (want) {
		/* A failed call leaves its groups as they were */
		memcpy(want_list, cur, req.njoin * sizeof(gid_t));
		nwant = req.njoin;
	}
	count(&sh->joins);
	if (!want && model.mode == SHADOW)
		count(&sh->shadow_setgroups);
	rep = call_outside(&req);
	if (rep.ret[0] != want)
		mismatch("a task with %s joins and calls setgroups(%s): %s, the model says %s",
			 fmt_list(req.join, req.njoin),
			 fmt_list(req.req, req.nreq), err_str(rep.ret[0]),
			 err_str(want));
	else if (!same_list(reply_groups, rep.n, want_list, nwant))
		mismatch("a task with %s joins and calls setgroups(%s): it has %s, the model says %s",
			 fmt_list(req.join, req.njoin),
			 fmt_list(req.req, req.nreq),
			 fmt_list(reply_groups, rep.n),
			 fmt_list(want_list, nwant));
}

/* A nested namespace starts in the mode of this one and cannot loosen it */
static void step_nested(void)
{
	bool can = map_up(&model.uid, 0) >= 0 && map_up(&model.gid, 0) >= 0;
	int status, mode, i, bad = 0;
	pid_t pid;
	long ret;

	pid = fork();
	if (pid < 0) {
		mismatch("fork: %s", err_str(-errno));
		return;
	}
	if (!pid) {
		ret = unshare(CLONE_NEWUSER) ? -errno : 0;
		if (ret != (can ? 0 : -EPERM)) {
			mismatch("nested unshare: %s, the model says %s",
				 err_str(ret), can ? "0" : "EPERM");
			_exit(1);
		}
		if (ret)
			_exit(0);
		count(&sh->nested);
		mode = read_mode();
		if (mode != model.mode) {
			mismatch("a nested namespace starts as %s under %s",
				 mode < 0 ? "garbage" : mode_names[mode],
				 mode_names[model.mode]);
			_exit(1);
		}
		/* Looser is EPERM, the same or stricter works (no gid_map) */
		for (i = 0; i <= DENY; i++) {
			struct wspec w = { .how = H_SEEK };
			long r[2];

			if (i == DENY && rnd(2))
				break;
			w.len = strlen(mode_names[i]);
			memcpy(w.data, mode_names[i], w.len);
			do_write("/proc/self/setgroups", &w, r);
			if (r[0] != (i < mode ? -EPERM : (long)w.len)) {
				mismatch("nested: write %s under %s: %s",
					 mode_names[i], mode_names[mode],
					 err_str(r[0]));
				bad = 1;
			}
			if (i > mode)
				mode = i;
			if (read_mode() != mode) {
				mismatch("nested: not %s after writing %s",
					 mode_names[mode], mode_names[i]);
				bad = 1;
			}
		}
		_exit(bad);
	}
	waitpid(pid, &status, 0);
	/* The child's writes do not change this namespace */
	check_mode("a nested namespace");
}

static void member(int steps)
{
	static const int modes[] = { SHADOW, SHADOW, SHADOW, ALLOW, DENY };
	int s, plan[3], nplan = 0;

	if (unshare(CLONE_NEWUSER)) {
		mismatch("unshare: %s", err_str(-errno));
		_exit(1);
	}
	count(&sh->namespaces);
	check_mode("unshare");
	check_groups("unshare");

	/*
	 * Most namespaces first get a mode and their maps, or the random
	 * steps would seldom reach setgroups(2) in shadow mode.
	 */
	if (rnd(4)) {
		plan[nplan++] = -1 - PICK(modes);
		if (rnd(4))
			plan[nplan++] = VALID_UID_MAP;
		plan[nplan++] = VALID_GID_MAP;
	}
	for (s = 0; s < steps; s++) {
		__atomic_add_fetch(&sh->steps, 1, __ATOMIC_RELAXED);
		if (s < nplan) {
			if (plan[s] < 0)
				step_setgroups_write(-1 - plan[s]);
			else
				step_map_write(plan[s]);
			continue;
		}
		switch (rnd(16)) {
		case 0:
		case 1:
		case 2:
		case 3:
		case 4:
			step_setgroups_write(-1);
			break;
		case 5:
		case 6:
			step_map_write(ANY_MAP);
			break;
		case 7:
		case 8:
		case 9:
		case 10:
			step_setgroups();
			break;
		case 11:
		case 12:
			step_getgroups();
			break;
		case 13:
			step_join();
			break;
		case 14:
			step_nested();
			break;
		default:
			check_mode("nothing");
			check_groups("nothing");
			break;
		}
	}
	_exit(0);
}

/* One fresh namespace of @steps steps */
static void run_namespace(int steps)
{
	static const gid_t pool[] = {
		0, 50001, 50002, 50003, 50004, 50005, 100005, 100006,
	};
	gid_t groups[8];
	int req[2], rep[2], i, n, status;
	struct request r;
	pid_t pid;

	/* The member's groups when it creates its namespace */
	n = rnd(6);
	for (i = 0; i < n; i++)
		groups[i] = PICK(pool);
	if (sys_setgroups(n, groups)) {
		fprintf(stderr, "setgroups_fuzz: setgroups outside: %s\n",
			err_str(-errno));
		exit(2);
	}
	memset(&model, 0, sizeof(model));
	model.mode = ALLOW;
	model.cur = calloc(LIST_MAX, sizeof(gid_t));
	if (!model.cur)
		exit(2);
	model.ncur = sys_getgroups(LIST_MAX, model.cur);

	if (pipe2(req, O_CLOEXEC) || pipe2(rep, O_CLOEXEC))
		exit(2);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		exit(2);
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != outside_pid)
			_exit(1);
		close(req[0]);
		close(rep[1]);
		req_fd = req[1];
		reply_fd = rep[0];
		member(steps);
	}
	close(req[1]);
	close(rep[0]);
	while (read_all(req[0], &r, sizeof(r)) == sizeof(r))
		serve(pid, &r, rep[1]);
	close(req[0]);
	close(rep[1]);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) > 1)
		mismatch("the member ended with status 0x%x", status);
	free(model.cur);
}

/* Root in the initial namespace, and the kernel has the shadow mode */
static bool preflight(void)
{
	int fd;

	if (geteuid() != 0) {
		fprintf(stderr, "setgroups_fuzz: must run as root\n");
		return false;
	}
	fd = open("/proc/self/setgroups", O_RDONLY);
	if (fd < 0) {
		perror("setgroups_fuzz: /proc/self/setgroups");
		return false;
	}
	close(fd);
	return true;
}

int main(int argc, char **argv)
{
	unsigned long steps, done = 0;
	char *end;
	int n;

	if (argc != 3) {
		fprintf(stderr, "usage: setgroups_fuzz SEED STEPS\n");
		return 2;
	}
	seed = strtoul(argv[1], &end, 0);
	if (*end || !*argv[1]) {
		fprintf(stderr, "setgroups_fuzz: bad seed %s\n", argv[1]);
		return 2;
	}
	steps = strtoul(argv[2], &end, 0);
	if (*end || !*argv[2]) {
		fprintf(stderr, "setgroups_fuzz: bad step count %s\n", argv[2]);
		return 2;
	}
	if (!preflight())
		return 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	outside_pid = getpid();
	outside_egid = getegid();
	page_size = sysconf(_SC_PAGESIZE);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	rw_page = mmap(NULL, 3 * page_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || rw_page == MAP_FAILED) {
		perror("setgroups_fuzz: mmap");
		return 2;
	}
	none_page = rw_page + page_size;
	unmapped_page = rw_page + 2 * page_size;
	if (mprotect(none_page, page_size, PROT_NONE) ||
	    munmap(unmapped_page, page_size)) {
		perror("setgroups_fuzz: mprotect");
		return 2;
	}

	printf("setgroups_fuzz: seed %lu, %lu steps\n", seed, steps);
	while (done < steps) {
		/* Each namespace is reproducible from the seed alone */
		rng_init(seed * 1000003 + iteration);
		n = 1 + rnd(32);
		if ((unsigned long)n > steps - done)
			n = steps - done;
		run_namespace(n);
		done += n;
		iteration++;
	}
	printf("setgroups_fuzz: expected results: %lu ok, %lu EPERM, %lu EINVAL, %lu EFAULT, %lu other\n",
	       sh->results[0], sh->results[1], sh->results[2],
	       sh->results[3], sh->results[4]);
	printf("setgroups_fuzz: %lu namespaces, %lu in shadow mode, %lu setgroups calls there, %lu nested, %lu joined\n",
	       sh->namespaces, sh->shadow_namespaces, sh->shadow_setgroups,
	       sh->nested, sh->joins);
	printf("setgroups_fuzz: seed %lu, %lu steps, %lu mismatches\n", seed,
	       sh->steps, sh->mismatches);
	return sh->mismatches ? 1 : 0;
}
