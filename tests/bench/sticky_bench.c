// SPDX-License-Identifier: GPL-2.0
/*
 * sticky_bench - the cost of the "shadow" mode of /proc/PID/setgroups
 *
 * Runs as root (in the initial user namespace) in the guest.  For each
 * number S of sticky groups and N of requested groups, it starts one
 * process per setgroups state (allow, and shadow when the kernel has it)
 * that holds the same credentials and lives in a user namespace of that
 * state, and times in it:
 *
 *   getgroups	getgroups(2) of the whole list
 *   status	open, read to EOF and close /proc/self/status
 *   setgroups	setgroups(2) with the N mapped groups
 *   setgroups_same  the same final list in both states: allow sets N+S
 *		mapped groups, shadow sets the N and keeps its S sticky ones
 *   clone_newuser  clone(CLONE_NEWUSER) + _exit + waitpid (for N = 0)
 *   clone	the same without CLONE_NEWUSER, the baseline of the above
 *   ref_syscall  getppid(2), which the series does not touch, and
 *   ref_cpu	a loop of arithmetic: references measured once per boot
 *		(S = N = 0), by which the report normalises the figures of
 *		each boot, so that boots on a machine of changing speed
 *		compare
 *
 * The samples of the allow and of the shadow process are taken in turn,
 * so that a change of the load of the host (the guest runs under TCG on a
 * shared machine) hits both states alike and their ratio stays fair.
 *
 * Setup of one process, as root in the initial namespace:
 *   - supplementary groups: the N gids 100000..100000+N-1, which the gid
 *     map of the namespace maps to 0..N-1, and the S gids 200000..
 *     200000+S-1, which it does not map (the sticky groups);
 *   - egid 100000, so that the process may create nested namespaces
 *     (create_user_ns() wants the creator's egid mapped);
 *   - unshare(CLONE_NEWUSER); the parent then writes the state to
 *     /proc/PID/setgroups, "0 0 1" to uid_map and "0 100000 65536" to
 *     gid_map, as newgidmap would.
 * getgroups and status are timed first, with these N+S groups in both
 * states (shadow hides the S unmapped ones, allow reports them as the
 * overflow gid).  Then setgroups of the N mapped gids: in shadow mode
 * the kernel counts the S held groups without a mapping, which stick, and
 * merges them with the request into a list allocated once.
 *
 * Output, one line per measurement (tab separated, for tests/bench/report.sh):
 *   BENCH kernel=R state=allow op=setgroups S=16 N=256 ns_per_op=1234.5
 *         samples=9 reps=40
 * where ns_per_op is the median over the samples.  Lines starting with
 * "#" are for humans.  Timings are a benchmark, never a test: the exit
 * status is non-zero only if a measurement could not be made at all.
 *
 * usage: sticky_bench [-s SAMPLES] [-t MS_PER_SAMPLE] [-S S,...] [-N N,...]
 * An N of -1 stands for 65536 - S, the largest list NGROUPS_MAX allows.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NGROUPS_LIMIT	65536	/* NGROUPS_MAX of the kernel */
#define MAPPED_BASE	100000	/* outside gid of inside gid 0 */
#define STICKY_BASE	200000	/* outside gids that the map leaves out */
#define MAX_SAMPLES	101
#define MAX_SIZES	16

enum state { STATE_ALLOW, STATE_SHADOW, NR_STATES };
static const char * const state_name[NR_STATES] = { "allow", "shadow" };

enum op { OP_GETGROUPS, OP_STATUS, OP_SETGROUPS, OP_SETGROUPS_SAME,
	  OP_CLONE_NEWUSER, OP_CLONE, OP_REF_SYSCALL, OP_REF_CPU, NR_OPS };
static const char * const op_name[NR_OPS] = {
	"getgroups", "status", "setgroups", "setgroups_same", "clone_newuser",
	"clone", "ref_syscall", "ref_cpu",
};

/* The reply of a worker to one command: a sample */
struct sample {
	double ns_per_op;
	long reps;
	int err;		/* errno of a failed operation, or 0 */
};

/* A worker: one process in a user namespace of a given state */
struct worker {
	pid_t pid;
	int cmd_fd;		/* parent -> worker */
	int reply_fd;		/* worker -> parent */
	long reps[NR_OPS];	/* chosen in the warm-up, then fixed */
};

static long nr_samples = 9;
static double sample_ns = 20e6;
static char kernel[256];

static gid_t *gid_buf;		/* scratch: NGROUPS_LIMIT gids */
static char *status_buf;	/* scratch for /proc/self/status */
static size_t status_size;
static char clone_stack[64 * 1024] __attribute__((aligned(16)));

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void die(const char *what)
{
	fprintf(stderr, "sticky_bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Write all of buf, or die: a short write to a pipe would desync us */
static void write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("write");
		p += n;
		len -= n;
	}
}

static bool read_all(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= n;
	}
	return true;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;
	int err;

	if (fd < 0)
		return errno;
	n = write(fd, text, strlen(text));
	err = n < 0 ? errno : 0;
	close(fd);
	return err;
}

/* The child of clone(): nothing but the namespace is wanted from it */
static int clone_child(void *arg)
{
	(void)arg;
	syscall(SYS_exit, 0);
	return 0;
}

/*
 * One operation.  CLONE_VM | CLONE_VFORK spares copying the address
 * space, which would otherwise dwarf the cost of the namespace itself;
 * the parent is suspended until the child exits, so one stack will do.
 */
static int do_op(enum op op, long n)
{
	static volatile unsigned long sink;
	unsigned long x;
	int fd, status, i;
	ssize_t len;
	pid_t pid;

	switch (op) {
	case OP_GETGROUPS:
		if (getgroups(NGROUPS_LIMIT, gid_buf) < 0)
			return errno;
		return 0;
	case OP_STATUS:
		fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return errno;
		do
			len = read(fd, status_buf, status_size);
		while (len > 0);
		close(fd);
		return len < 0 ? errno : 0;
	case OP_SETGROUPS:
	case OP_SETGROUPS_SAME:
		/* Inside gids 0..n-1: gid_buf is filled by the caller */
		if (syscall(SYS_setgroups, n, gid_buf) < 0)
			return errno;
		return 0;
	case OP_REF_SYSCALL:
		syscall(SYS_getppid);
		return 0;
	case OP_REF_CPU:
		/* xorshift: no memory, no system call, not optimised away */
		x = sink | 1;
		for (i = 0; i < 1000; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
		}
		sink = x;
		return 0;
	case OP_CLONE_NEWUSER:
	case OP_CLONE:
		pid = clone(clone_child, clone_stack + sizeof(clone_stack),
			    CLONE_VM | CLONE_VFORK | SIGCHLD |
			    (op == OP_CLONE_NEWUSER ? CLONE_NEWUSER : 0), NULL);
		if (pid < 0)
			return errno;
		if (waitpid(pid, &status, 0) < 0)
			return errno;
		return 0;
	default:
		return EINVAL;
	}
}

/*
 * Run op reps times and time it.  With reps <= 0, run it until
 * sample_ns has passed instead (the warm-up, which also picks reps).
 */
static struct sample run_sample(enum op op, long n, long reps)
{
	struct sample s = { 0 };
	double start, end;
	long i = 0;

	if (op == OP_SETGROUPS || op == OP_SETGROUPS_SAME)
		for (i = 0; i < n; i++)
			gid_buf[i] = i;
	i = 0;
	start = now_ns();
	if (reps > 0) {
		for (; i < reps && !s.err; i++)
			s.err = do_op(op, n);
		end = now_ns();
	} else {
		do {
			s.err = do_op(op, n);
			i++;
			end = now_ns();
		} while (!s.err && end - start < sample_ns);
	}
	s.reps = i;
	s.ns_per_op = (end - start) / i;
	return s;
}

/*
 * The body of a worker, in its new user namespace once the parent has
 * written the maps: run each command of the parent and reply a sample.
 * A command is an op and a number of reps (0: warm-up).  setgroups_same
 * sets N+S groups in allow and N in shadow, which keeps the S sticky ones.
 */
static void worker_loop(int cmd_fd, int reply_fd, long n, long same)
{
	struct { int op; long reps; } cmd;
	struct sample s;

	while (read_all(cmd_fd, &cmd, sizeof(cmd))) {
		if (cmd.op < 0) {
			/* Report the number of groups getgroups(2) shows */
			s.err = 0;
			s.reps = getgroups(0, NULL);
			if (s.reps < 0)
				s.err = errno;
			s.ns_per_op = 0;
		} else {
			s = run_sample(cmd.op, cmd.op == OP_SETGROUPS_SAME ?
				       same : n, cmd.reps);
		}
		write_all(reply_fd, &s, sizeof(s));
	}
	_exit(0);
}

/*
 * Start worker w[idx] holding N mapped and S unmapped groups, in a new
 * user namespace of state st.  Returns false if the state can't be set
 * (no shadow mode).
 */
static bool worker_start(struct worker *workers, int idx, enum state st,
			 long s, long n)
{
	struct worker *w = &workers[idx];
	int cmd[2], reply[2];
	char path[64], ready;
	long i;
	int err;

	if (pipe2(cmd, O_CLOEXEC) || pipe2(reply, O_CLOEXEC))
		die("pipe");
	fflush(stdout);
	w->pid = fork();
	if (w->pid < 0)
		die("fork");
	if (w->pid == 0) {
		close(cmd[1]);
		close(reply[0]);
		/*
		 * Drop the pipes of the workers started before: holding
		 * their command pipe open, we would keep them from seeing
		 * EOF, and worker_stop() would wait for them forever.
		 */
		for (i = 0; i < idx; i++) {
			close(workers[i].cmd_fd);
			close(workers[i].reply_fd);
		}
		for (i = 0; i < n; i++)
			gid_buf[i] = MAPPED_BASE + i;
		for (i = 0; i < s; i++)
			gid_buf[n + i] = STICKY_BASE + i;
		if (setgroups(n + s, gid_buf))
			die("setgroups in the initial namespace");
		if (setresgid(MAPPED_BASE, MAPPED_BASE, MAPPED_BASE))
			die("setresgid");
		if (unshare(CLONE_NEWUSER))
			die("unshare(CLONE_NEWUSER)");
		write_all(reply[1], "r", 1);
		worker_loop(cmd[0], reply[1], n, st == STATE_ALLOW ? n + s : n);
	}
	close(cmd[0]);
	close(reply[1]);
	w->cmd_fd = cmd[1];
	w->reply_fd = reply[0];
	memset(w->reps, 0, sizeof(w->reps));
	if (!read_all(w->reply_fd, &ready, 1)) {
		fprintf(stderr, "sticky_bench: worker %d died in its setup\n",
			w->pid);
		exit(1);
	}

	/* As newgidmap does: setgroups first, then the maps */
	snprintf(path, sizeof(path), "/proc/%d/setgroups", w->pid);
	err = write_file(path, st == STATE_SHADOW ? "shadow\n" : "allow\n");
	if (err) {
		if (err != EINVAL) {
			errno = err;
			die(path);
		}
		return false;
	}
	snprintf(path, sizeof(path), "/proc/%d/uid_map", w->pid);
	err = write_file(path, "0 0 1\n");
	if (!err) {
		snprintf(path, sizeof(path), "/proc/%d/gid_map", w->pid);
		err = write_file(path, "0 100000 65536\n");
	}
	if (err) {
		errno = err;
		die(path);
	}
	return true;
}

static void worker_stop(struct worker *w)
{
	int status;

	close(w->cmd_fd);
	close(w->reply_fd);
	waitpid(w->pid, &status, 0);
	w->pid = 0;
}

static struct sample worker_cmd(struct worker *w, int op, long reps)
{
	struct { int op; long reps; } cmd = { op, reps };
	struct sample s;

	write_all(w->cmd_fd, &cmd, sizeof(cmd));
	if (!read_all(w->reply_fd, &s, sizeof(s))) {
		fprintf(stderr, "sticky_bench: worker %d died\n", w->pid);
		exit(1);
	}
	return s;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, long n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Time one op in every worker: a warm-up that picks the reps, then the
 * samples, the workers in turn.  Returns the number of failures.
 */
static int measure(struct worker *w, int nr, long s, long n, enum op op)
{
	static double v[NR_STATES][MAX_SAMPLES];
	struct sample smp;
	int i, failed = 0;
	bool bad[NR_STATES] = { false };
	long k;

	for (i = 0; i < nr; i++) {
		smp = worker_cmd(&w[i], op, 0);
		if (smp.err) {
			fprintf(stderr, "sticky_bench: %s %s S=%ld N=%ld: %s\n",
				state_name[i], op_name[op], s, n,
				strerror(smp.err));
			bad[i] = true;
			failed++;
		}
		w[i].reps[op] = smp.reps;
	}
	for (k = 0; k < nr_samples; k++) {
		for (i = 0; i < nr; i++) {
			if (bad[i])
				continue;
			smp = worker_cmd(&w[i], op, w[i].reps[op]);
			if (smp.err) {
				fprintf(stderr, "sticky_bench: %s %s S=%ld N=%ld: %s\n",
					state_name[i], op_name[op], s, n,
					strerror(smp.err));
				bad[i] = true;
				failed++;
			}
			v[i][k] = smp.ns_per_op;
		}
	}
	for (i = 0; i < nr; i++) {
		if (bad[i])
			continue;
		printf("BENCH\tkernel=%s\tstate=%s\top=%s\tS=%ld\tN=%ld\tns_per_op=%.1f\tsamples=%ld\treps=%ld\n",
		       kernel, state_name[i], op_name[op], s, n,
		       median(v[i], nr_samples), nr_samples, w[i].reps[op]);
	}
	fflush(stdout);
	return failed;
}

/* Does a fresh user namespace accept "shadow" in its setgroups file? */
static bool kernel_has_shadow(void)
{
	struct worker w;
	bool ok;

	ok = worker_start(&w, 0, STATE_SHADOW, 0, 0);
	worker_stop(&w);
	return ok;
}

static int parse_list(const char *arg, long *v)
{
	char *end;
	int n = 0;

	while (*arg && n < MAX_SIZES) {
		v[n++] = strtol(arg, &end, 10);
		if (end == arg || (*end && *end != ','))
			return -1;
		arg = *end ? end + 1 : end;
	}
	return n;
}

static void usage(void)
{
	fprintf(stderr, "usage: sticky_bench [-s SAMPLES] [-t MS_PER_SAMPLE] [-S S,...] [-N N,...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long sizes_s[MAX_SIZES] = { 0, 16, 1024 };
	long sizes_n[MAX_SIZES] = { 0, 16, 256, 4096, -1 };
	int nr_s = 3, nr_n = 5, nr_states, si, ni, i, c, failed = 0;
	struct worker w[NR_STATES];
	struct sample smp;
	struct utsname u;
	double start;
	long s, n;

	while ((c = getopt(argc, argv, "s:t:S:N:")) != -1) {
		switch (c) {
		case 's':
			nr_samples = strtol(optarg, NULL, 10);
			if (nr_samples < 1 || nr_samples > MAX_SAMPLES)
				usage();
			break;
		case 't':
			sample_ns = strtod(optarg, NULL) * 1e6;
			if (!(sample_ns > 0))
				usage();
			break;
		case 'S':
			nr_s = parse_list(optarg, sizes_s);
			if (nr_s < 1)
				usage();
			break;
		case 'N':
			nr_n = parse_list(optarg, sizes_n);
			if (nr_n < 1)
				usage();
			break;
		default:
			usage();
		}
	}
	if (geteuid() != 0) {
		fprintf(stderr, "sticky_bench: must run as root\n");
		return 1;
	}
	uname(&u);
	snprintf(kernel, sizeof(kernel), "%s", u.release);
	/* The Groups: line of 65536 groups is under 12 bytes a group */
	status_size = 16 * NGROUPS_LIMIT + 65536;
	gid_buf = calloc(NGROUPS_LIMIT, sizeof(*gid_buf));
	status_buf = malloc(status_size);
	if (!gid_buf || !status_buf)
		die("malloc");
	/* A worker that dies must not take us with it */
	signal(SIGPIPE, SIG_IGN);

	start = now_ns();
	nr_states = kernel_has_shadow() ? 2 : 1;
	printf("# sticky_bench: kernel %s, %ld samples of %.0f ms, median reported\n",
	       kernel, nr_samples, sample_ns / 1e6);
	if (nr_states == 1) {
		printf("# sticky_bench: setgroups \"shadow\" unsupported on this kernel (EINVAL): allow only\n");
		printf("BENCHNOTE\tkernel=%s\tshadow=unsupported\n", kernel);
	}
	fflush(stdout);

	for (si = 0; si < nr_s; si++) {
		s = sizes_s[si];
		for (ni = 0; ni < nr_n; ni++) {
			n = sizes_n[ni] < 0 ? NGROUPS_LIMIT - s : sizes_n[ni];
			if (s < 0 || n < 0 || n + s > NGROUPS_LIMIT) {
				printf("# skipped S=%ld N=%ld: more than %d groups\n",
				       s, n, NGROUPS_LIMIT);
				continue;
			}
			for (i = 0; i < nr_states; i++)
				if (!worker_start(w, i, i, s, n)) {
					fprintf(stderr, "sticky_bench: cannot set %s\n",
						state_name[i]);
					return 1;
				}
			/* Make sure we measure what we think we measure */
			for (i = 0; i < nr_states; i++) {
				long want = i == STATE_SHADOW ? n : n + s;

				smp = worker_cmd(&w[i], -1, 0);
				if (smp.err || smp.reps != want)
					printf("# WARNING: %s S=%ld N=%ld: getgroups shows %ld groups, expected %ld\n",
					       state_name[i], s, n, smp.reps, want);
			}
			/* getgroups and status before setgroups sheds in allow */
			failed += measure(w, nr_states, s, n, OP_GETGROUPS);
			failed += measure(w, nr_states, s, n, OP_STATUS);
			failed += measure(w, nr_states, s, n, OP_SETGROUPS);
			failed += measure(w, nr_states, s, n, OP_SETGROUPS_SAME);
			if (si == 0 && ni == 0) {
				failed += measure(w, nr_states, s, n, OP_REF_SYSCALL);
				failed += measure(w, nr_states, s, n, OP_REF_CPU);
			}
			if (ni == 0) {
				failed += measure(w, nr_states, s, n, OP_CLONE_NEWUSER);
				failed += measure(w, nr_states, s, n, OP_CLONE);
			}
			for (i = 0; i < nr_states; i++)
				worker_stop(&w[i]);
		}
	}
	printf("# sticky_bench: done in %.1f s, %d failed measurements\n",
	       (now_ns() - start) / 1e9, failed);
	return failed ? 1 : 0;
}
