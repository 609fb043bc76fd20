// SPDX-License-Identifier: GPL-2.0
/*
 * userns_stress - create, configure and destroy user namespaces in every
 * setgroups mode concurrently, for the shadow mode of /proc/PID/setgroups.
 *
 * usage: userns_stress SECONDS
 *
 * Run as root in the initial user namespace (the guest of the tests).  For
 * SECONDS, these run at the same time:
 *
 * - creators: processes that fork members, which unshare(CLONE_NEWUSER),
 *   and set up each new namespace from outside: a random setgroups mode
 *   (allow, shadow, deny or none written), a uid_map and gid_map or not.
 *   A member calls setgroups(2) and getgroups(2), also getgroups(2) and
 *   getsockopt(SO_PEERGROUPS) (on a socketpair of its own) with small
 *   buffers, reads and writes its own setgroups file (words with white
 *   space after them, some of it long), reads its status, and may create
 *   a nested namespace (down to depth 3) that it sets up in turn, which
 *   must start at least as strict as its parent;
 * - racers: processes of several threads that write the setgroups file
 *   and the id maps of the published members at the same time as their
 *   creators (and each other), read their status, join them with setns(2)
 *   and call setgroups(2) there;
 * - both keep files of earlier members open, /proc/PID/setgroups, status,
 *   gid_map, uid_map and ns/user, and read, write or setns(2) through them
 *   after the last process of the namespace exited, so that the namespace
 *   is freed when another task drops its file.
 *
 * Errors that the races make legitimate (EPERM for a map or mode already
 * set, EINVAL for invalid input, ESRCH and ENOENT for a process that is
 * gone) are counted as operations; anything else is an unexpected error,
 * and so is a broken invariant that holds whatever the interleaving:
 * a setgroups file that reads other than "allow", "shadow" or "deny", a
 * mode that gets less strict, a nested namespace less strict than its
 * parent, a sticky group (one without a mapping in the namespace) shed in
 * shadow mode, a group gained, a hidden group shown as the overflow gid,
 * a getgroups(2) or SO_PEERGROUPS that writes past the caller's buffer or
 * returns more than fits in it (while racers change the mode and write
 * the gid_map).  The kernel side (KASAN, kmemleak, lockdep, the count of
 * live namespaces) is checked by stress.sh.
 *
 * Prints "userns_stress: N operations, M namespaces, E unexpected errors"
 * and exits 1 if E is not 0.
 *
 * Build: gcc -O2 -Wall -pthread -o userns_stress userns_stress.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
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
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NR_CREATORS	3
#define NR_RACERS	2
#define RACER_THREADS	2
#define NR_SLOTS	64
#define POOL_SIZE	12
#define MAX_DEPTH	3
#define MAX_REPORTS	40
#define MAX_GROUPS	64
#define MAX_EXTENTS	16
#define BUF_SIZE	4096
/* What a call with a small buffer must leave alone after the buffer */
#define CANARY_BYTE	0xa5
#define CANARY		0xa5a5a5a5U

/*
 * The supplementary groups of every task of the test when it creates or
 * joins a namespace: in shadow mode, none of them that is unmapped in the
 * namespace may be shed.
 */
static const gid_t test_groups[] = { 50001, 50002, 50003 };
#define NR_TEST_GROUPS	3

#define OVERFLOW_GID	65534
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Errors allowed for an operation, as a mask of errno values below 64 */
#define E(err)		(1ULL << (err))
#define GONE		(E(ENOENT) | E(ESRCH))
/* proc_ns_get_link() says EACCES when the task is gone meanwhile */
#define GONE_NS		(GONE | E(EACCES))
/* and proc_id_map_open() EINVAL */
#define GONE_MAP	(GONE | E(EINVAL))

/* State shared by every process of the test */
struct shared {
	int stop;
	unsigned long ops;
	unsigned long namespaces;
	unsigned long unexpected;
	/* What the run covered */
	unsigned long modes[3];		/* members by their last mode */
	unsigned long shadow_setgroups;	/* successful in shadow mode */
	unsigned long joins;		/* successful setns */
	unsigned long late;		/* uses of files of exited members */
	unsigned long small;		/* calls with a small buffer */
	unsigned long small_refused;	/* of them, EINVAL or ERANGE */
	unsigned int next_slot;
	/* Members that others may race with: pid and depth of their ns */
	struct {
		pid_t pid;
		int depth;
	} slots[NR_SLOTS];
};

static struct shared *sh;

static unsigned long add(unsigned long *counter, unsigned long n)
{
	return __atomic_add_fetch(counter, n, __ATOMIC_RELAXED);
}

static bool stopping(void)
{
	return __atomic_load_n(&sh->stop, __ATOMIC_RELAXED);
}

/* A xorshift generator per thread: reproducibility is not the point here */
static __thread uint64_t rng;

static void rng_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	rng = ((uint64_t)getpid() << 32) ^ (uint64_t)ts.tv_nsec ^
	      ((uint64_t)(uintptr_t)&ts << 7) ^ 0x9e3779b97f4a7c15ULL;
	if (!rng)
		rng = 1;
}

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (unsigned int)((rng >> 11) % n) : 0;
}

/*
 * Report an unexpected error.  It runs in forked children of threaded
 * processes, so it formats with snprintf() and writes with write(2): no
 * stdio lock and no strerror() translation that might be held at fork.
 */
static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void report(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int len;

	if (add(&sh->unexpected, 1) > MAX_REPORTS)
		return;
	len = snprintf(buf, sizeof(buf), "userns_stress[%d]: unexpected: ",
		       getpid());
	va_start(ap, fmt);
	len += vsnprintf(buf + len, sizeof(buf) - len, fmt, ap);
	va_end(ap);
	if (len > (int)sizeof(buf) - 2)
		len = sizeof(buf) - 2;
	buf[len++] = '\n';
	if (write(STDERR_FILENO, buf, len) < 0)
		return;
}

static const char *errname(int err)
{
	const char *name = strerrorname_np(err);

	return name ? name : "unknown errno";
}

/*
 * Count an operation that returned @ret (a result or -errno) and report
 * it unless it succeeded or failed with one of the errors in @allowed.
 * Return true if it succeeded.
 */
static bool expect(long ret, uint64_t allowed, const char *what,
		   pid_t pid, const char *detail)
{
	char quoted[64];
	size_t i, n = 0;

	add(&sh->ops, 1);
	if (ret >= 0)
		return true;
	if (-ret < 64 && (allowed & E(-ret)))
		return false;
	/* Details are words written to files: show their control bytes */
	for (i = 0; detail && detail[i] && n < sizeof(quoted) - 5; i++) {
		unsigned char c = detail[i];

		if (c >= ' ' && c < 0x7f)
			quoted[n++] = c;
		else
			n += snprintf(quoted + n, sizeof(quoted) - n,
				      "\\x%02x", c);
	}
	quoted[n] = '\0';
	report("%s (pid %d%s%s): %s", what, pid, detail ? ", " : "", quoted,
	       errname(-ret));
	return false;
}

/* Forked children die with their parent and stop if it already died */
static void child_setup(pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	rng_seed();
}

static int proc_open(pid_t pid, const char *name, int flags)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", pid, name);
	fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/*
 * One write(2) of @len bytes at offset 0 (or at the file position).  Not
 * pwrite(2): a seq_file refuses it with ESPIPE.
 */
static long fd_write(int fd, const char *buf, size_t len, bool at_zero)
{
	ssize_t ret;

	if (at_zero && lseek(fd, 0, SEEK_SET) < 0)
		return -errno;
	ret = write(fd, buf, len);
	if (ret < 0)
		return -errno;
	return (size_t)ret == len ? 0 : -EIO;
}

/* Read the file from offset 0 into @buf, NUL-terminated */
static long fd_read(int fd, char *buf, size_t size)
{
	size_t done = 0;
	ssize_t ret;

	while (done < size - 1) {
		ret = pread(fd, buf + done, size - 1 - done, done);
		if (ret < 0)
			return -errno;
		if (!ret)
			break;
		done += ret;
	}
	buf[done] = '\0';
	return done;
}

static long path_write(pid_t pid, const char *name, const char *str)
{
	long ret;
	int fd;

	fd = proc_open(pid, name, O_WRONLY);
	if (fd < 0)
		return fd;
	ret = fd_write(fd, str, strlen(str), true);
	close(fd);
	return ret;
}

static long path_read(pid_t pid, const char *name, char *buf, size_t size)
{
	long ret;
	int fd;

	fd = proc_open(pid, name, O_RDONLY);
	if (fd < 0)
		return fd;
	ret = fd_read(fd, buf, size);
	close(fd);
	return ret;
}

/* The modes of /proc/PID/setgroups, from the least to the most strict */
enum { ALLOW, SHADOW, DENY };

static const char *const mode_words[] = { "allow", "shadow", "deny" };

/* The mode a read of the setgroups file shows, or -1 */
static int mode_of(const char *buf)
{
	int i;

	for (i = 0; i <= DENY; i++) {
		if (!strncmp(buf, mode_words[i], strlen(mode_words[i])) &&
		    !strcmp(buf + strlen(mode_words[i]), "\n"))
			return i;
	}
	return -1;
}

/* Read a setgroups file through @fd and check what it shows */
static int read_mode_fd(int fd, pid_t pid)
{
	char buf[32];
	long ret = fd_read(fd, buf, sizeof(buf));
	int mode;

	if (!expect(ret, 0, "read setgroups", pid, NULL))
		return -1;
	mode = mode_of(buf);
	if (mode < 0)
		report("setgroups of pid %d reads \"%.16s\"", pid, buf);
	return mode;
}

static int self_mode(void)
{
	int fd = open("/proc/self/setgroups", O_RDONLY | O_CLOEXEC);
	int mode;

	if (!expect(fd < 0 ? -errno : 0, 0, "open own setgroups", getpid(),
		    NULL))
		return -1;
	mode = read_mode_fd(fd, getpid());
	close(fd);
	return mode;
}

/* The gids of the Groups: line of a status file, or -1 */
static int status_groups(const char *status, gid_t *list, int max)
{
	const char *p = strstr(status, "\nGroups:");
	int n = 0;
	char *end;

	if (!p)
		return -1;
	p += strlen("\nGroups:");
	for (;;) {
		unsigned long gid;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || !*p)
			break;
		gid = strtoul(p, &end, 10);
		if (end == p || n == max)
			return -1;
		list[n++] = gid;
		p = end;
	}
	return n;
}

static bool has_gid(const gid_t *list, int n, gid_t gid)
{
	int i;

	for (i = 0; i < n; i++)
		if (list[i] == gid)
			return true;
	return false;
}

/*
 * The groups of the caller as the status file opened by @fd shows them
 * (its opener's view), or -1 after a report.
 */
static int fd_groups(int fd, gid_t *list, int max)
{
	char buf[BUF_SIZE];
	long ret = fd_read(fd, buf, sizeof(buf));
	int n;

	if (!expect(ret, 0, "read status", getpid(), NULL))
		return -1;
	n = status_groups(buf, list, max);
	if (n < 0)
		report("status of pid %d has no readable Groups: line",
		       getpid());
	return n;
}

struct gid_extent {
	uint32_t inside, outside, count;
};

/*
 * The lines "inside outside count" of the caller's gid_map, at most @max
 * (outside is a gid of the parent namespace: of the initial one at depth
 * 1); their number, 0 if it is not written, or -1 after a report.
 */
static int own_gid_map(struct gid_extent *map, int max)
{
	char buf[BUF_SIZE], *p = buf;
	long ret = path_read(getpid(), "gid_map", buf, sizeof(buf));
	int n = 0, used;

	if (!expect(ret, 0, "read own gid_map", getpid(), NULL))
		return -1;
	while (n < max && sscanf(p, "%u %u %u%n", &map[n].inside,
				 &map[n].outside, &map[n].count, &used) == 3) {
		n++;
		p += used;
	}
	return n;
}

/* Whether @gid of the parent namespace has a mapping in @map */
static bool gid_mapped(const struct gid_extent *map, int n, gid_t gid)
{
	int i;

	for (i = 0; i < n; i++)
		if (gid >= map[i].outside &&
		    gid - map[i].outside < map[i].count)
			return true;
	return false;
}

/*
 * getgroups(2) and getsockopt(SO_PEERGROUPS) with buffers too small for
 * the @n groups visible a moment ago, or just large enough.  A racer may
 * change the mode or write the gid_map meanwhile, and so what is visible:
 * check only that no call writes past its buffer or claims more than
 * fits in it.
 */
static void small_buffers(int n)
{
	gid_t buf[MAX_GROUPS + 8];
	const unsigned char *bytes = (const unsigned char *)buf;
	socklen_t size, len;
	int k, i, sv[2];
	long ret;

	/* k in 1..n, often n; 1 if nothing is visible (yet) */
	k = n > 0 && rnd(2) ? n : 1 + (int)rnd(n > 0 ? n : 1);
	for (i = 0; i < (int)ARRAY_SIZE(buf); i++)
		buf[i] = CANARY;
	ret = getgroups(k, buf);
	if (ret < 0)
		ret = -errno;
	add(&sh->small, 1);
	if (ret == -EINVAL)
		add(&sh->small_refused, 1);
	if (expect(ret, E(EINVAL), "getgroups with a small buffer", getpid(),
		   NULL) && ret > k)
		report("getgroups(%d) returns %ld", k, ret);
	for (i = k; i < (int)ARRAY_SIZE(buf); i++) {
		if (buf[i] != CANARY) {
			report("getgroups(%d) (%s) wrote entry %d", k,
			       ret < 0 ? errname(-ret) : "ok", i);
			break;
		}
	}

	/* The peer is this process, with the groups it holds now */
	ret = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) ?
	      -errno : 0;
	if (!expect(ret, 0, "socketpair", getpid(), NULL))
		return;
	/* 0..n+1 entries, sometimes a few bytes short of a whole entry */
	size = rnd(n + 2) * sizeof(gid_t);
	if (size && !rnd(4))
		size -= 1 + rnd(sizeof(gid_t) - 1);
	memset(buf, CANARY_BYTE, sizeof(buf));
	len = size;
	ret = getsockopt(sv[0], SOL_SOCKET, SO_PEERGROUPS, buf, &len) ?
	      -errno : 0;
	add(&sh->small, 1);
	if (ret == -ERANGE)
		add(&sh->small_refused, 1);
	if (expect(ret, E(ERANGE), "SO_PEERGROUPS with a small buffer",
		   getpid(), NULL) && len > size)
		report("SO_PEERGROUPS with optlen %u returns %u bytes",
		       (unsigned int)size, (unsigned int)len);
	for (i = size; i < (int)sizeof(buf); i++) {
		if (bytes[i] != CANARY_BYTE) {
			report("SO_PEERGROUPS with optlen %u (%s) wrote byte %d",
			       (unsigned int)size,
			       ret < 0 ? errname(-ret) : "ok", i);
			break;
		}
	}
	close(sv[0]);
	close(sv[1]);
}

/*
 * The visible groups of the caller by getgroups(2), checked against its
 * own status file; or -1 after a report.
 */
static int own_groups(gid_t *list)
{
	gid_t status_list[MAX_GROUPS];
	struct gid_extent map[MAX_EXTENTS];
	int before, n, ns, mode_before, mode_after, i, fd;
	bool mapped, stable;

	mode_before = self_mode();
	/* Once the gid_map is written, neither it nor the mode changes */
	mapped = own_gid_map(map, MAX_EXTENTS) > 0;
	before = getgroups(0, NULL);
	if (!expect(before < 0 ? -errno : 0, 0, "getgroups(0)", getpid(),
		    NULL))
		return -1;
	n = getgroups(MAX_GROUPS, list);
	if (!expect(n < 0 ? -errno : 0, 0, "getgroups", getpid(), NULL))
		return -1;
	small_buffers(n);

	fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	if (!expect(fd < 0 ? -errno : 0, 0, "open own status", getpid(),
		    NULL))
		return -1;
	ns = fd_groups(fd, status_list, MAX_GROUPS);
	close(fd);
	mode_after = self_mode();
	/*
	 * Only this single-threaded process changes its groups, but a racer
	 * can change the mode, and so what is hidden, meanwhile, and in
	 * shadow mode write the gid_map, which shows the groups it maps.
	 */
	stable = mode_before >= 0 && mode_before == mode_after &&
		 (mode_before != SHADOW || mapped);
	if (stable && n != before)
		report("getgroups counts %d groups, then lists %d", before, n);
	if (stable && ns >= 0 && ns != n)
		report("getgroups shows %d groups, status %d", n, ns);

	/* The mode only gets stricter: shadow before and after, so during */
	if (mode_before != SHADOW || mode_after != SHADOW)
		return n;
	for (i = 0; i < n; i++)
		if (list[i] == OVERFLOW_GID)
			report("getgroups shows the overflow gid in shadow mode");
	for (i = 0; i < ns; i++)
		if (status_list[i] == OVERFLOW_GID)
			report("status shows the overflow gid in shadow mode");
	return n;
}

/*
 * setgroups(2) with a random list of gids of the caller's namespace: some
 * mapped by the maps below, some (7777, 65534) never mapped.  Then check
 * what the caller sees, and what @init_status_fd (a status file opened
 * in the initial namespace, or -1) shows of its real groups.
 */
static void random_setgroups(int depth, bool joined, int init_status_fd)
{
	static const gid_t pool[] = {
		0, 1, 2, 500, 1000, 50001, 50002, 50003, 7777, 65534,
	};
	gid_t req[8], got[MAX_GROUPS], real[MAX_GROUPS];
	struct gid_extent map[MAX_EXTENTS];
	int n = rnd(7), i, ngot, nreal, nmap;
	long ret;

	for (i = 0; i < n; i++)
		req[i] = pool[rnd(ARRAY_SIZE(pool))];
	ret = setgroups(n, req) ? -errno : 0;
	if (!expect(ret, E(EPERM) | E(EINVAL), "setgroups", getpid(), NULL))
		return;
	if (self_mode() == SHADOW)
		add(&sh->shadow_setgroups, 1);

	ngot = own_groups(got);
	if (ngot < 0)
		return;
	for (i = 0; i < n; i++)
		if (!has_gid(got, ngot, req[i]))
			report("setgroups installed no %u (depth %d)",
			       req[i], depth);

	/*
	 * setgroups succeeded: the gid_map is written and the mode can no
	 * longer change.  Only the shadow mode merges (allow installs a
	 * duplicate that was asked for).
	 */
	if (self_mode() != SHADOW)
		return;
	for (i = 0; i < ngot; i++)
		if (has_gid(got + i + 1, ngot - i - 1, got[i]))
			report("getgroups shows %u twice in shadow mode",
			       got[i]);

	/*
	 * A task that joined with setns(2) holds the test groups only, and
	 * so does a member one level down from the initial namespace: then
	 * nothing but the test groups may be added to the request.
	 */
	if (!joined && depth != 1)
		return;
	for (i = 0; i < ngot; i++)
		if (!has_gid(req, n, got[i]) &&
		    !has_gid(test_groups, NR_TEST_GROUPS, got[i]))
			report("setgroups in shadow mode gained %u (depth %d)",
			       got[i], depth);

	/*
	 * One level down from the initial namespace, the gid_map maps gids
	 * of the initial namespace.  A test group that it leaves unmapped
	 * was held when the caller made or joined the namespace, and may
	 * not be shed in shadow mode (every setgroups that succeeded there
	 * was in this mode, with this map).  A mapped one may be.
	 */
	if (depth != 1 || init_status_fd < 0)
		return;
	nmap = own_gid_map(map, MAX_EXTENTS);
	if (nmap < 0)
		return;
	nreal = fd_groups(init_status_fd, real, MAX_GROUPS);
	for (i = 0; nreal >= 0 && i < NR_TEST_GROUPS; i++)
		if (!gid_mapped(map, nmap, test_groups[i]) &&
		    !has_gid(real, nreal, test_groups[i]))
			report("setgroups in shadow mode shed unmapped %u",
			       test_groups[i]);
}

/* Maps written from the initial namespace, all valid */
static const char *const init_uid_maps[] = {
	"0 0 1\n",
	"0 0 1\n1 100000 1000\n",
};

static const char *const init_gid_maps[] = {
	"0 0 1\n",
	"0 0 1\n1 100000 1000\n",
	"0 0 1\n50001 50001 1\n",
	"0 0 1\n1 100000 1000\n50001 50001 2\n",
	/* More extents than fit in the namespace: allocated and freed apart */
	"0 0 1\n1 100000 10\n11 100020 10\n21 100040 10\n31 100060 10\n"
	"41 100080 10\n50001 50001 3\n",
};

/* Maps written from a namespace for its child, valid if its ids are mapped */
static const char *const nested_maps[] = {
	"0 0 1\n",
	"0 0 1\n1 1 1000\n",
	"0 0 1\n50001 50001 1\n",
	"0 0 1\n1 1 1000\n50001 50001 3\n",
};

/* Invalid maps: EINVAL, or EPERM when a map is already written */
static const char *const bad_maps[] = {
	"garbage\n",
	"0 0 0\n",
	"0 0 10\n5 5 10\n",
	"0 0 1\n0 5 1\n",
	"4294967295 0 1\n",
	"0 0 1 extra\n",
	"0 0 -1\n",
};

#define PICK(array)	((array)[rnd(ARRAY_SIZE(array))])

/* Words for setgroups: valid ones, and invalid ones that are EINVAL */
static const char *const good_words[] = {
	"allow", "shadow", "deny", "allow\n", "shadow\n", "deny \n",
	"shadow\t", "deny\n\n\n\n\n", "shadow\r\n", "shadow \n",
	"allow \t\v\f\r\n\n",
	/* Any amount of white space, up to a write of a page */
	"shadow                                                          "
	"                                                              \n",
};

static const char *const bad_words[] = {
	"shado", "shadowy", "denyy", " deny", "allowx", "shadow x",
	"SHADOW", "deny\n\n\n\n\nx",
};

/* Write a random mode word to a setgroups file; return the mode or -1 */
static int write_mode_fd(int fd, pid_t pid, bool good)
{
	const char *word = good ? PICK(good_words) : PICK(bad_words);
	long ret = fd_write(fd, word, strlen(word), true);

	if (!good) {
		if (expect(ret, E(EINVAL), "write invalid setgroups", pid,
			   word))
			report("setgroups of pid %d took \"%s\"", pid, word);
		return -1;
	}
	if (!expect(ret, E(EPERM), "write setgroups", pid, word))
		return -1;
	return word[0] == 'a' ? ALLOW : word[0] == 's' ? SHADOW : DENY;
}

/*
 * The parent's side of a new namespace of @pid: maybe a mode, maybe the
 * maps, as random as the races with the racers.
 */
static void setup_child(pid_t pid, bool from_init)
{
	const char *uid_map, *gid_map;
	int fd;

	if (rnd(4)) {
		fd = proc_open(pid, "setgroups", O_WRONLY);
		if (expect(fd, GONE, "open setgroups", pid, NULL)) {
			write_mode_fd(fd, pid, true);
			close(fd);
		}
	}
	if (!rnd(4))
		return;
	uid_map = from_init ? PICK(init_uid_maps) : PICK(nested_maps);
	gid_map = from_init ? PICK(init_gid_maps) : PICK(nested_maps);
	/* Valid maps: EPERM if a racer wrote one first or ids are unmapped */
	expect(path_write(pid, "uid_map", uid_map), E(EPERM) | GONE,
	       "write uid_map", pid, NULL);
	if (rnd(5))
		expect(path_write(pid, "gid_map", gid_map), E(EPERM) | GONE,
		       "write gid_map", pid, NULL);
}

/* Members published for the racers */
static int publish(pid_t pid, int depth)
{
	unsigned int i;

	i = __atomic_fetch_add(&sh->next_slot, 1, __ATOMIC_RELAXED) %
	    NR_SLOTS;
	__atomic_store_n(&sh->slots[i].depth, depth, __ATOMIC_RELAXED);
	__atomic_store_n(&sh->slots[i].pid, pid, __ATOMIC_RELEASE);
	return i;
}

static void unpublish(int slot, pid_t pid)
{
	__atomic_compare_exchange_n(&sh->slots[slot].pid, &pid, 0, false,
				    __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* A published member, or 0 */
static pid_t pick_member(int *depth)
{
	int i, slot;
	pid_t pid;

	for (i = 0; i < 4; i++) {
		slot = rnd(NR_SLOTS);
		pid = __atomic_load_n(&sh->slots[slot].pid, __ATOMIC_ACQUIRE);
		if (pid) {
			*depth = __atomic_load_n(&sh->slots[slot].depth,
						 __ATOMIC_RELAXED);
			return pid;
		}
	}
	return 0;
}

static void member_main(int depth, int parent_mode, int ready_fd, int go_fd);

/*
 * Fork a member that creates a namespace at @depth, set it up from here
 * and wait for it.  @mode is the mode of the caller's namespace.
 */
static void run_member(int depth, int mode)
{
	int ready[2], go[2], slot = -1, status;
	pid_t self = getpid(), pid;
	char c;

	if (pipe2(ready, O_CLOEXEC) || pipe2(go, O_CLOEXEC)) {
		report("pipe: %s", errname(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		report("fork: %s", errname(errno));
		close(ready[0]);
		close(ready[1]);
		close(go[0]);
		close(go[1]);
		return;
	}
	if (!pid) {
		child_setup(self);
		close(ready[0]);
		close(go[1]);
		member_main(depth, mode, ready[1], go[0]);
		_exit(0);
	}
	close(ready[1]);
	close(go[0]);

	/* A byte once it is in its namespace, none if unshare failed */
	if (read(ready[0], &c, 1) == 1) {
		slot = publish(pid, depth);
		setup_child(pid, depth == 1);
		if (write(go[1], "g", 1) != 1)
			report("member %d gone before its go", pid);
	}
	close(go[1]);
	close(ready[0]);
	if (waitpid(pid, &status, 0) != pid)
		report("waitpid %d: %s", pid, errname(errno));
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		report("member %d ended with status 0x%x", pid, status);
	if (slot >= 0)
		unpublish(slot, pid);
}

/*
 * A member: a process in a new user namespace at @depth.  @parent_mode
 * is the mode of the namespace it comes from.
 */
static void member_main(int depth, int parent_mode, int ready_fd, int go_fd)
{
	int init_status = -1, mode, last_mode, steps, fd;
	gid_t list[MAX_GROUPS];
	char buf[BUF_SIZE], c;
	long ret;

	/* Opened in the parent namespace: its view of the real groups */
	if (depth == 1) {
		init_status = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
		expect(init_status < 0 ? -errno : 0, 0, "open status",
		       getpid(), NULL);
	}

	/*
	 * A nested namespace needs the uid and gid of its creator mapped,
	 * which the parent may not have done: EPERM.
	 */
	ret = unshare(CLONE_NEWUSER) ? -errno : 0;
	if (!expect(ret, depth > 1 ? E(EPERM) : 0, "unshare", getpid(), NULL))
		_exit(0);
	add(&sh->namespaces, 1);

	/* It starts in its parent's mode; only a racer makes it stricter */
	mode = self_mode();
	if (mode >= 0 && mode < parent_mode)
		report("a namespace at depth %d starts as %s under %s", depth,
		       mode_words[mode], mode_words[parent_mode]);
	last_mode = mode;

	if (write(ready_fd, "r", 1) != 1 || read(go_fd, &c, 1) != 1)
		_exit(0);

	for (steps = 1 + rnd(8); steps > 0; steps--) {
		switch (rnd(8)) {
		case 0:
		case 1:
			random_setgroups(depth, false, init_status);
			break;
		case 2:
			own_groups(list);
			break;
		case 3:
			/* Its own mode, racing with everybody else */
			fd = open("/proc/self/setgroups", O_WRONLY | O_CLOEXEC);
			if (expect(fd < 0 ? -errno : 0, 0,
				   "open own setgroups", getpid(), NULL)) {
				int want = write_mode_fd(fd, getpid(),
							 rnd(4) != 0);
				close(fd);
				mode = self_mode();
				if (want >= 0 && mode >= 0 && mode < want)
					report("wrote %s, reads %s",
					       mode_words[want],
					       mode_words[mode]);
			}
			break;
		case 4:
			expect(path_read(getpid(), "gid_map", buf, sizeof(buf)),
			       0, "read gid_map", getpid(), NULL);
			expect(path_read(getpid(), "uid_map", buf, sizeof(buf)),
			       0, "read uid_map", getpid(), NULL);
			break;
		case 5:
			if (init_status >= 0)
				fd_groups(init_status, list, MAX_GROUPS);
			break;
		default:
			if (depth < MAX_DEPTH)
				run_member(depth + 1, self_mode());
			break;
		}
		mode = self_mode();
		if (mode >= 0 && last_mode >= 0 && mode < last_mode)
			report("setgroups went from %s to %s",
			       mode_words[last_mode], mode_words[mode]);
		if (mode >= 0)
			last_mode = mode;
	}
	if (last_mode >= 0)
		add(&sh->modes[last_mode], 1);
	if (init_status >= 0)
		close(init_status);
}

/*
 * Files kept open by a creator or a racer thread, to be used after their
 * process and maybe everything else of the namespace is gone.
 */
enum file_kind { F_SETGROUPS, F_GID_MAP, F_UID_MAP, F_STATUS, F_NS, F_KINDS };

static const char *const file_names[] = {
	"setgroups", "gid_map", "uid_map", "status", "ns/user",
};

struct held {
	int fd;
	enum file_kind kind;
	pid_t pid;
	int depth;
};

struct pool {
	struct held files[POOL_SIZE];
	int n;
};

static void pool_drop(struct pool *p, int i)
{
	close(p->files[i].fd);
	p->files[i] = p->files[--p->n];
}

static void pool_open(struct pool *p, pid_t pid, int depth)
{
	enum file_kind kind = rnd(F_KINDS);
	int flags = (kind == F_STATUS || kind == F_NS) ? O_RDONLY : O_RDWR;
	uint64_t gone = GONE;
	int fd;

	if (kind == F_NS)
		gone = GONE_NS;
	else if (kind == F_GID_MAP || kind == F_UID_MAP)
		gone = GONE_MAP;
	fd = proc_open(pid, file_names[kind], flags);
	if (!expect(fd, gone, "open", pid, file_names[kind]))
		return;
	if (p->n == POOL_SIZE)
		pool_drop(p, rnd(p->n));
	p->files[p->n++] = (struct held){ fd, kind, pid, depth };
}

static bool same_file(int fd, const char *path)
{
	struct stat a, b;

	return !fstat(fd, &a) && !stat(path, &b) && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

/*
 * Join the namespace of @nsfd in a child (setns of a user namespace needs
 * a single-threaded process) and call setgroups(2) there.
 */
static void setns_child(int nsfd, pid_t target, int depth)
{
	pid_t self = getpid(), pid;
	int status, init_status;
	long ret;

	pid = fork();
	if (pid < 0) {
		report("fork: %s", errname(errno));
		return;
	}
	if (!pid) {
		child_setup(self);
		init_status = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
		ret = setns(nsfd, CLONE_NEWUSER) ? -errno : 0;
		/* A reused pid may name a process of our own namespace */
		if (ret == -EINVAL && same_file(nsfd, "/proc/self/ns/user"))
			_exit(0);
		if (!expect(ret, 0, "setns", target, NULL))
			_exit(0);
		add(&sh->joins, 1);
		random_setgroups(depth, true, init_status);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		report("waitpid %d: %s", pid, errname(errno));
}

/* Use a file of the pool: read, write, setns or close it */
static void pool_use(struct pool *p)
{
	struct held *h;
	char buf[BUF_SIZE];
	int i;

	if (!p->n)
		return;
	i = rnd(p->n);
	h = &p->files[i];
	/* Mostly right: a pid can be reused */
	if (kill(h->pid, 0) && errno == ESRCH)
		add(&sh->late, 1);
	switch (rnd(4)) {
	case 0:
		pool_drop(p, i);
		return;
	case 1:
		if (h->kind == F_SETGROUPS) {
			write_mode_fd(h->fd, h->pid, rnd(4) != 0);
		} else if (h->kind == F_GID_MAP || h->kind == F_UID_MAP) {
			/* From the initial namespace: EPERM below depth 1 */
			const char *map = rnd(3) ? PICK(init_gid_maps) :
						   PICK(bad_maps);

			expect(fd_write(h->fd, map, strlen(map), true),
			       E(EPERM) | E(EINVAL), "write",
			       h->pid, file_names[h->kind]);
		} else if (h->kind == F_NS) {
			setns_child(h->fd, h->pid, h->depth);
		}
		return;
	default:
		break;
	}
	switch (h->kind) {
	case F_SETGROUPS:
		read_mode_fd(h->fd, h->pid);
		break;
	case F_STATUS:
		/* The process may be gone, its status with it */
		expect(fd_read(h->fd, buf, sizeof(buf)), E(ESRCH),
		       "read status", h->pid, NULL);
		break;
	case F_NS:
		setns_child(h->fd, h->pid, h->depth);
		break;
	default:
		/* The maps of a namespace live as long as the file */
		expect(fd_read(h->fd, buf, sizeof(buf)), 0, "read",
		       h->pid, file_names[h->kind]);
		break;
	}
}

static void pool_close(struct pool *p)
{
	while (p->n)
		pool_drop(p, 0);
}

/* One operation of a racer on a published member */
static void race_once(struct pool *p)
{
	char buf[BUF_SIZE];
	int depth, fd;
	pid_t pid;

	pid = pick_member(&depth);
	if (!pid) {
		pool_use(p);
		return;
	}
	switch (rnd(9)) {
	case 0:
		fd = proc_open(pid, "setgroups", O_WRONLY);
		if (expect(fd, GONE, "open setgroups", pid, NULL)) {
			write_mode_fd(fd, pid, rnd(5) != 0);
			close(fd);
		}
		break;
	case 1:
		/* From the initial namespace: EPERM below depth 1 */
		expect(path_write(pid, rnd(2) ? "gid_map" : "uid_map",
				  rnd(3) ? PICK(init_gid_maps) :
					   PICK(bad_maps)),
		       E(EPERM) | E(EINVAL) | GONE, "write map", pid, NULL);
		break;
	case 2:
		expect(path_read(pid, "status", buf, sizeof(buf)),
		       GONE, "read status", pid, NULL);
		break;
	case 3:
		fd = proc_open(pid, "setgroups", O_RDONLY);
		if (expect(fd, GONE, "open setgroups", pid, NULL)) {
			read_mode_fd(fd, pid);
			close(fd);
		}
		break;
	case 4:
		fd = proc_open(pid, "ns/user", O_RDONLY);
		if (expect(fd, GONE_NS, "open ns/user", pid, NULL)) {
			setns_child(fd, pid, depth);
			close(fd);
		}
		break;
	case 5:
	case 6:
		pool_open(p, pid, depth);
		break;
	default:
		pool_use(p);
		break;
	}
}

static void *racer_thread(void *arg)
{
	struct pool pool = { .n = 0 };

	(void)arg;
	rng_seed();
	while (!stopping())
		race_once(&pool);
	pool_close(&pool);
	return NULL;
}

static void racer_main(void)
{
	pthread_t threads[RACER_THREADS];
	int i, err;

	for (i = 0; i < RACER_THREADS; i++) {
		err = pthread_create(&threads[i], NULL, racer_thread, NULL);
		if (err) {
			report("pthread_create: %s", errname(err));
			break;
		}
	}
	while (i-- > 0)
		pthread_join(threads[i], NULL);
}

static void creator_main(void)
{
	struct pool pool = { .n = 0 };
	int depth;
	pid_t pid;

	while (!stopping()) {
		run_member(1, ALLOW);
		/* Keep files of a member, maybe of one that is gone */
		pid = pick_member(&depth);
		if (pid && rnd(2))
			pool_open(&pool, pid, depth);
		if (rnd(2))
			pool_use(&pool);
	}
	pool_close(&pool);
}

/* The kernel has the shadow mode, and the test runs as root */
static bool preflight(void)
{
	pid_t self = getpid(), pid;
	int ready[2], status;
	long ret;
	char c;

	if (geteuid() != 0) {
		fprintf(stderr, "userns_stress: must run as root\n");
		return false;
	}
	if (setgroups(NR_TEST_GROUPS, test_groups)) {
		perror("userns_stress: setgroups in the initial namespace");
		return false;
	}
	if (pipe2(ready, O_CLOEXEC))
		return false;
	pid = fork();
	if (pid < 0)
		return false;
	if (!pid) {
		child_setup(self);
		close(ready[0]);
		if (unshare(CLONE_NEWUSER))
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	ret = read(ready[0], &c, 1) == 1 ?
		path_write(pid, "setgroups", "shadow") : -ECHILD;
	close(ready[0]);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	if (ret) {
		fprintf(stderr,
			"userns_stress: a new namespace does not take \"shadow\": %s\n",
			errname(-ret));
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	pid_t workers[NR_CREATORS + NR_RACERS], self = getpid(), pid;
	int seconds, i, n = 0, status, tries;
	char *end;

	seconds = argc == 2 ? strtol(argv[1], &end, 10) : 0;
	if (seconds <= 0 || *end) {
		fprintf(stderr, "usage: userns_stress SECONDS\n");
		return 2;
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("userns_stress: mmap");
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* A member that is gone must not kill its parent's write of "go" */
	signal(SIGPIPE, SIG_IGN);
	if (!preflight())
		return 1;

	/* Orphans (a member whose parent died) are reaped here */
	prctl(PR_SET_CHILD_SUBREAPER, 1);

	for (i = 0; i < NR_CREATORS + NR_RACERS; i++) {
		pid = fork();
		if (pid < 0) {
			report("fork: %s", errname(errno));
			break;
		}
		if (!pid) {
			child_setup(self);
			if (i < NR_CREATORS)
				creator_main();
			else
				racer_main();
			_exit(0);
		}
		workers[n++] = pid;
	}

	sleep(seconds);
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);

	/* Each round is short: a worker that does not stop in 60 s hangs */
	for (tries = 0; n && tries < 600; tries++) {
		for (i = 0; i < n; i++) {
			pid = waitpid(workers[i], &status, WNOHANG);
			if (pid == workers[i]) {
				if (!WIFEXITED(status) || WEXITSTATUS(status))
					report("worker %d ended with 0x%x",
					       pid, status);
				workers[i--] = workers[--n];
			}
		}
		if (n)
			usleep(100000);
	}
	for (i = 0; i < n; i++) {
		report("worker %d did not stop", workers[i]);
		kill(workers[i], SIGKILL);
	}
	/* Everything is gone before the namespaces are counted */
	while (waitpid(-1, &status, 0) > 0 || errno == EINTR)
		;

	printf("userns_stress: members ended in allow %lu, shadow %lu, deny %lu; %lu setgroups in shadow, %lu setns, %lu uses of files of exited members, %lu calls with a small buffer (%lu refused)\n",
	       sh->modes[ALLOW], sh->modes[SHADOW], sh->modes[DENY],
	       sh->shadow_setgroups, sh->joins, sh->late, sh->small,
	       sh->small_refused);
	printf("userns_stress: %lu operations, %lu namespaces, %lu unexpected errors\n",
	       sh->ops, sh->namespaces, sh->unexpected);
	return sh->unexpected ? 1 : 0;
}
