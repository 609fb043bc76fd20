/*
 * Host-side unit tests of the /etc/negative-groups parser and of the
 * policy decision (lib/negative_groups.c of the patched shadow 4.17 tree,
 * libmisc/negative_groups.c of the 4.13 one).
 *
 * Build, with SRC the patched and configured shadow source tree (config.h
 * present, e.g. after dpkg-buildpackage), from the top of this repository
 * (make check-unit does this for either tree); for 4.13:
 *
 *   cc -I$SRC -I$SRC/lib -I$SRC/libmisc -o negative_groups_test \
 *      tests/unit/negative_groups_test.c $SRC/libmisc/negative_groups.c
 *
 * for 4.17, the parser and the lib/ helpers whose extern inline
 * definitions it needs (NG_LIB_HELPERS in Makefile.am):
 *
 *   cc -I$SRC -I$SRC/lib -o negative_groups_test \
 *      tests/unit/negative_groups_test.c $SRC/lib/negative_groups.c \
 *      $SRC/lib/alloc/malloc.c $SRC/lib/atoi/getnum.c ...
 *
 * Note: when dpkg-buildpackage applied the patches itself (the tree came
 * from "apt-get source" and the patches were added afterwards),
 * "dpkg-source --after-build" unapplies them all again at the end of the
 * build; config.h stays.  Re-apply them first with
 *
 *   (cd $SRC && dpkg-source --before-build .)
 *
 * The file uses nothing but the interface of negative_groups.h (the
 * resolvers that return an errno value, negative_groups_line()) and the C
 * library, no other header of either tree, so that it builds against
 * both series: the 4.13 parser has to offer the interface of the 4.17
 * one.
 * Sizes are taken from NEGATIVE_GROUPS_SIZE_MAX and
 * NEGATIVE_GROUPS_LINE_MAX, never written out.
 *
 * Run:
 *
 *   ./negative_groups_test
 *
 * Output is TAP: a "1..N" plan, then "ok N - name" / "not ok N - name",
 * and "ok N - name # SKIP reason" for a test that could not run.  Then
 * "# P passed, F failed, S skipped" and, last, how many tests were
 * skipped because they need root.  The exit status is 0 when no test
 * failed, even if some were skipped: a skip is reported, not hidden (and
 * tests/summarize.sh counts it as a failure).  Names are resolved
 * through NSS with groups and users that exist on any Debian host (root,
 * daemon, adm); a fake resolver is used where exact ids matter, and to
 * make a lookup fail.
 *
 * negative_groups_load() only reads a file owned by root: the tests that
 * need it to parse a file they wrote, and the one where open(2) refuses
 * nobody a file of root's, are skipped when not run as root.  What the
 * loader checks before it opens a file (type, mode, owner) is tested as
 * any user, on the
 * user's own files.  Nothing here measures time: a time is a benchmark,
 * not a test.
 */

#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <signal.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "negative_groups.h"

/* Some shadow code expects the program name here; harmless otherwise. */
const char *Prog = "negative_groups_test";

#define NTESTS 146

static int test_number;
static int failures;
static int skipped;		/* all skipped tests */
static int skipped_root;	/* of which for want of root */
static bool as_root;
/*
 * negative_groups_load() reads a file only through directories of root's
 * that no one else can write: as root, the files are made in /run, not in
 * /tmp, which everybody can write.
 */
static char tmpdir[64];

static bool ok (bool cond, const char *fmt, ...) __attribute__((format (printf, 2, 3)));

static bool ok (bool cond, const char *fmt, ...)
{
	va_list ap;

	test_number++;
	printf ("%sok %d - ", cond ? "" : "not ", test_number);
	va_start (ap, fmt);
	vprintf (fmt, ap);
	va_end (ap);
	putchar ('\n');
	if (!cond) {
		failures++;
	}
	fflush (stdout);
	return cond;
}

/*
 * A test that could not run: "ok N - name # SKIP reason" is how TAP says
 * it, and it is counted apart from the passes.
 */
static void vskip (const char *reason, const char *fmt, va_list ap)
{
	test_number++;
	skipped++;
	printf ("ok %d - ", test_number);
	vprintf (fmt, ap);
	printf (" # SKIP %s\n", reason);
	fflush (stdout);
}

static void skip (const char *reason, const char *fmt, ...) __attribute__((format (printf, 2, 3)));

static void skip (const char *reason, const char *fmt, ...)
{
	va_list ap;

	va_start (ap, fmt);
	vskip (reason, fmt, ap);
	va_end (ap);
}

static void skip_root (const char *fmt, ...) __attribute__((format (printf, 1, 2)));

/* A test that needs root (negative_groups_load() reads root's files only) */
static void skip_root (const char *fmt, ...)
{
	va_list ap;

	skipped_root++;
	va_start (ap, fmt);
	vskip ("not run as root", fmt, ap);
	va_end (ap);
}

static void diag (const char *fmt, ...) __attribute__((format (printf, 1, 2)));

static void diag (const char *fmt, ...)
{
	va_list ap;

	fputs ("# ", stdout);
	va_start (ap, fmt);
	vprintf (fmt, ap);
	va_end (ap);
	putchar ('\n');
}

/* ---------------------------------------------------------------------
 * A fake resolver: groups alpha=5000, beta=5001, nogames=1001, a#b=5002,
 * a=5003, 123=7777, top=(gid_t)-1; users bob=2000, alice=1000.  The
 * lookup of the group or the user "down" fails with EIO, as when the
 * name service is down; any other name is unknown (ENOENT).
 */
static unsigned long fake_calls;

static int fake_group (const char *name, gid_t *gid, void *data)
{
	(void) data;
	fake_calls++;
	if (strcmp (name, "alpha") == 0) {
		*gid = 5000;
	} else if (strcmp (name, "beta") == 0) {
		*gid = 5001;
	} else if (strcmp (name, "nogames") == 0) {
		*gid = 1001;
	} else if (strcmp (name, "a#b") == 0) {
		*gid = 5002;
	} else if (strcmp (name, "a") == 0) {
		*gid = 5003;
	} else if (strcmp (name, "123") == 0) {
		/* an all-digit group name, which the file can't name */
		*gid = 7777;
	} else if (strcmp (name, "top") == 0) {
		/* what no numerical entry can list */
		*gid = (gid_t) -1;
	} else if (strcmp (name, "down") == 0) {
		return EIO;
	} else {
		return ENOENT;
	}
	return 0;
}

static int fake_user (const char *name, uid_t *uid, void *data)
{
	(void) data;
	fake_calls++;
	if (strcmp (name, "bob") == 0) {
		*uid = 2000;
	} else if (strcmp (name, "alice") == 0) {
		*uid = 1000;
	} else if (strcmp (name, "down") == 0) {
		return EIO;
	} else {
		return ENOENT;
	}
	return 0;
}

static const struct negative_groups_resolver fake = {
	.group = fake_group, .user = fake_user,
};

/* ------------------------------------------------------------------ */

/* The parser reads a FILE *: len bytes of text through fmemopen(3) */
static struct negative_groups parse_len (const char *text, size_t len,
	const struct negative_groups_resolver *res)
{
	struct negative_groups ng;
	FILE *fp = fmemopen ((void *) text, len, "r");

	if (NULL == fp) {
		exit (2);
	}
	ng = negative_groups_parse_file (fp, "t.conf", res);
	fclose (fp);
	return ng;
}

static struct negative_groups parse (const char *text,
	const struct negative_groups_resolver *res)
{
	return parse_len (text, strlen (text), res);
}

/* no entries, not failed */
static bool is_clean_empty (const struct negative_groups *ng)
{
	return ng->present && !ng->failed && !ng->all
	    && (0 == ng->ngids) && (0 == ng->nuids)
	    && (0 == ng->nproblems) && (NULL == ng->problem);
}

static bool problem_is (const struct negative_groups *ng, const char *want)
{
	if (NULL == ng->problem) {
		diag ("no problem recorded, want \"%s\"", want);
		return false;
	}
	if (strcmp (ng->problem, want) != 0) {
		diag ("problem \"%s\", want \"%s\"", ng->problem, want);
		return false;
	}
	return true;
}

static bool problem_has (const struct negative_groups *ng, const char *want)
{
	if (NULL == ng->problem) {
		diag ("no problem recorded, want \"%s\"", want);
		return false;
	}
	if (strstr (ng->problem, want) == NULL) {
		diag ("problem \"%s\" lacks \"%s\"", ng->problem, want);
		return false;
	}
	return true;
}

/* ng.problem_line is want */
static bool line_is (const struct negative_groups *ng, unsigned long want)
{
	if (ng->problem_line != want) {
		diag ("problem_line %lu, want %lu", ng->problem_line, want);
		return false;
	}
	return true;
}

/* Is an ID listed?  negative_groups_line() gives its line, or 0 */
static bool has_gid (const struct negative_groups *ng, gid_t gid)
{
	return 0 != negative_groups_line (ng, false, gid);
}

static bool has_uid (const struct negative_groups *ng, uid_t uid)
{
	return 0 != negative_groups_line (ng, true, uid);
}

static bool only_gids (const struct negative_groups *ng, size_t n, ...)
{
	va_list ap;
	size_t i;
	bool good = true;

	if (ng->ngids != n) {
		diag ("ngids %zu, want %zu", ng->ngids, n);
		return false;
	}
	va_start (ap, n);
	for (i = 0; i < n; i++) {
		gid_t want = (gid_t) va_arg (ap, unsigned int);
		if (ng->gids[i].id != want) {
			diag ("gids[%zu] = %lu, want %lu", i,
			      (unsigned long) ng->gids[i].id, (unsigned long) want);
			good = false;
		}
	}
	va_end (ap);
	return good;
}

static bool only_uids (const struct negative_groups *ng, size_t n, ...)
{
	va_list ap;
	size_t i;
	bool good = true;

	if (ng->nuids != n) {
		diag ("nuids %zu, want %zu", ng->nuids, n);
		return false;
	}
	va_start (ap, n);
	for (i = 0; i < n; i++) {
		uid_t want = (uid_t) va_arg (ap, unsigned int);
		if (ng->uids[i].id != want) {
			diag ("uids[%zu] = %lu, want %lu", i,
			      (unsigned long) ng->uids[i].id, (unsigned long) want);
			good = false;
		}
	}
	va_end (ap);
	return good;
}

static gid_t nss_gid (const char *name)
{
	struct group *gr = getgrnam (name);

	if (NULL == gr) {
		diag ("group %s does not exist on this host", name);
		return (gid_t) -1;
	}
	return gr->gr_gid;
}

static void write_path (const char *path, const char *data, size_t len)
{
	FILE *fp;

	fp = fopen (path, "w");
	if (NULL == fp) {
		perror (path);
		exit (2);
	}
	if ((len > 0) && (fwrite (data, 1, len, fp) != len)) {
		perror (path);
		exit (2);
	}
	if (fclose (fp) != 0) {
		perror (path);
		exit (2);
	}
}

static char *write_file (const char *name, const char *data, size_t len)
{
	static char path[4096];

	snprintf (path, sizeof (path), "%s/%s", tmpdir, name);
	write_path (path, data, len);
	return path;
}

/* write_file, then chmod: the mode, not the umask, decides */
static char *write_file_mode (const char *name, const char *data, mode_t mode)
{
	char *path = write_file (name, data, strlen (data));

	if (chmod (path, mode) != 0) {
		perror (path);
		exit (2);
	}
	return path;
}

static char *tmp_path (const char *name)
{
	static char path[4096];

	snprintf (path, sizeof (path), "%s/%s", tmpdir, name);
	return path;
}

/* ------------------------------------------------------------------ */

static void test_empty_and_comments (void)
{
	struct negative_groups ng;

	ng = parse ("", NULL);
	ok (is_clean_empty (&ng) && (0 == ng.lines), "empty input: no entries, not failed");
	negative_groups_free (&ng);

	ng = parse ("# only a comment\n\n   \n\t# indented comment\n#\n", NULL);
	ok (is_clean_empty (&ng) && (5 == ng.lines), "comments and blank lines only: no entries");
	negative_groups_free (&ng);

	ng = parse ("\n\n\n", NULL);
	ok (is_clean_empty (&ng) && (3 == ng.lines), "blank lines only");
	negative_groups_free (&ng);

	ng = parse (" \t \r\n\t\r\n", NULL);
	ok (is_clean_empty (&ng), "white space only lines (incl. CR)");
	negative_groups_free (&ng);

	ng = parse ("#root\n", NULL);
	ok (is_clean_empty (&ng), "commented-out entry is ignored");
	negative_groups_free (&ng);

	ng = parse ("# user:nosuchuser-xyz * bad garbage :::\n", NULL);
	ok (is_clean_empty (&ng), "garbage inside a comment is ignored");
	negative_groups_free (&ng);
}

static void test_names (void)
{
	struct negative_groups ng;
	gid_t root = nss_gid ("root");
	gid_t daemon = nss_gid ("daemon");
	gid_t adm = nss_gid ("adm");

	ng = parse ("root\n", NULL);
	ok (!ng.failed && only_gids (&ng, 1, root), "NSS name: root");
	negative_groups_free (&ng);

	ng = parse ("adm\ndaemon\nroot\n", NULL);
	ok (   !ng.failed && (3 == ng.ngids)
	    && has_gid (&ng, root)
	    && has_gid (&ng, daemon)
	    && has_gid (&ng, adm)
	    && !has_gid (&ng, 12345),
	    "NSS names: adm, daemon, root (looked up)");
	ok (only_gids (&ng, 3, adm, daemon, root), "gids in the order of the file");
	negative_groups_free (&ng);

	ng = parse ("nosuchgroup-xyz\n", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:1: unknown group 'nosuchgroup-xyz'"),
	    "unknown group name fails closed, names file and line");
	negative_groups_free (&ng);

	ng = parse ("root\n# comment\n\nnosuch\n", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:4: unknown group 'nosuch'")
	    && only_gids (&ng, 1, root),
	    "unknown group on line 4: line number counts comments and blanks");
	negative_groups_free (&ng);

	ng = parse ("alpha\nbeta\nnogames\n", &fake);
	ok (!ng.failed && only_gids (&ng, 3, 5000, 5001, 1001), "names through a custom resolver");
	negative_groups_free (&ng);

	ng = parse ("root\n", &fake);
	ok (ng.failed && problem_is (&ng, "t.conf:1: unknown group 'root'"),
	    "custom resolver is used instead of NSS");
	negative_groups_free (&ng);

	ng = parse ("-root\n", NULL);
	ok (ng.failed && problem_has (&ng, "malformed entry '-root'"), "name with a leading '-' is malformed");
	negative_groups_free (&ng);

	ng = parse ("root,adm\n", NULL);
	ok (ng.failed && problem_has (&ng, "malformed entry 'root,adm'"), "comma-separated list is malformed");
	negative_groups_free (&ng);

	ng = parse ("root:x:0:\n", NULL);
	ok (ng.failed && problem_has (&ng, "malformed entry 'root:x:0:'"), "an /etc/group line is malformed");
	negative_groups_free (&ng);

	ng = parse ("ro\001ot\n", NULL);
	ok (ng.failed && problem_has (&ng, "malformed entry 'ro?ot'"), "control character: malformed, sanitised in message");
	negative_groups_free (&ng);
}

static void test_numeric (void)
{
	struct negative_groups ng;

	ng = parse ("0\n", NULL);
	ok (!ng.failed && only_gids (&ng, 1, 0), "numeric gid 0");
	negative_groups_free (&ng);

	ng = parse ("4294967294\n", NULL);
	ok (!ng.failed && only_gids (&ng, 1, 4294967294U), "numeric gid 4294967294 (largest valid)");
	negative_groups_free (&ng);

	ng = parse ("4294967295\n", NULL);
	ok (ng.failed && (0 == ng.ngids) && problem_is (&ng, "t.conf:1: group ID out of range '4294967295'"),
	    "numeric gid 4294967295 ((gid_t)-1) is out of range");
	negative_groups_free (&ng);

	ng = parse ("4294967296\n", NULL);
	ok (ng.failed && (0 == ng.ngids), "numeric gid 4294967296 is out of range");
	negative_groups_free (&ng);

	ng = parse ("99999999999999999999999999\n", NULL);
	ok (ng.failed && (0 == ng.ngids), "numeric gid overflowing unsigned long long");
	negative_groups_free (&ng);

	ng = parse ("-1\n", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:1: invalid group ID '-1'"), "negative gid -1");
	negative_groups_free (&ng);

	ng = parse ("+5\n", NULL);
	ok (ng.failed && problem_has (&ng, "invalid group ID '+5'"), "signed gid +5");
	negative_groups_free (&ng);

	ng = parse ("0012\n", NULL);
	ok (!ng.failed && only_gids (&ng, 1, 12), "leading zeros: 0012 is gid 12");
	negative_groups_free (&ng);

	ng = parse ("123456789\n0000000012\n1234567890\n  7\n000000008", NULL);
	ok (   !ng.failed && only_gids (&ng, 5, 123456789, 12, 1234567890, 7, 8)
	    && (5 == negative_groups_line (&ng, false, 8)),
	    "gids of up to 9 digits and longer ones, no final newline: the same rules");
	negative_groups_free (&ng);

	ng = parse ("100\n50\n100\n0\n50\n", NULL);
	ok (   !ng.failed && only_gids (&ng, 5, 100, 50, 100, 0, 50)
	    && has_gid (&ng, 50) && !has_gid (&ng, 1)
	    && (1 == negative_groups_line (&ng, false, 100))
	    && (2 == negative_groups_line (&ng, false, 50)),
	    "a gid listed twice: in file order, found, its first line kept");
	negative_groups_free (&ng);

	ng = parse ("12abc\n", NULL);
	ok (ng.failed, "12abc: not a gid, not a known group");
	negative_groups_free (&ng);
}

static void test_star (void)
{
	struct negative_groups ng;

	ng = parse ("*\n", NULL);
	ok (!ng.failed && ng.all && (0 == ng.ngids), "'*' sets all");
	negative_groups_free (&ng);

	ng = parse ("  *  # everybody\n", NULL);
	ok (!ng.failed && ng.all, "'*' with white space and comment");
	negative_groups_free (&ng);

	ng = parse ("# everybody\n\n*\n", NULL);
	ok (!ng.failed && (3 == ng.all), "'*' gives its line, for the system log");
	negative_groups_free (&ng);

	ng = parse ("**\n", NULL);
	ok (ng.failed && !ng.all, "'**' is not '*'");
	negative_groups_free (&ng);

	ng = parse ("* root\n", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:1: trailing garbage after '*'"), "'* root': trailing junk");
	negative_groups_free (&ng);
}

static void test_users (void)
{
	struct negative_groups ng;

	ng = parse ("user:root\n", NULL);
	ok (!ng.failed && only_uids (&ng, 1, 0) && (0 == ng.ngids), "user:root through NSS");
	negative_groups_free (&ng);

	ng = parse ("user:daemon\n", NULL);
	ok (   !ng.failed && (1 == ng.nuids)
	    && has_uid (&ng, getpwnam ("daemon")->pw_uid),
	    "user:daemon through NSS");
	negative_groups_free (&ng);

	ng = parse ("user:1000\nuser:0\nuser:4294967294\n", NULL);
	ok (!ng.failed && only_uids (&ng, 3, 1000, 0, 4294967294U), "user:UID entries (0, 1000, 4294967294)");
	negative_groups_free (&ng);

	ng = parse ("user:bob\nuser:alice\n", &fake);
	ok (!ng.failed && only_uids (&ng, 2, 2000, 1000), "user: names through a custom resolver");
	negative_groups_free (&ng);

	ng = parse ("user:\n", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:1: empty user entry 'user:'"), "empty user: entry");
	negative_groups_free (&ng);

	ng = parse ("user:nosuchuser-xyz\n", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:1: unknown user 'user:nosuchuser-xyz'"), "unknown user: name");
	negative_groups_free (&ng);

	ng = parse ("user:4294967295\n", NULL);
	ok (ng.failed && problem_has (&ng, "user ID out of range 'user:4294967295'"), "user:4294967295 out of range");
	negative_groups_free (&ng);

	ng = parse ("user:-1\n", NULL);
	ok (ng.failed && problem_has (&ng, "invalid user entry 'user:-1'"), "user:-1 is invalid");
	negative_groups_free (&ng);

	ng = parse ("user:root:x\n", NULL);
	ok (ng.failed && problem_has (&ng, "invalid user entry 'user:root:x'"), "user:root:x is invalid");
	negative_groups_free (&ng);

	ng = parse ("user: root\n", NULL);
	ok (ng.failed && problem_has (&ng, "trailing garbage after 'user:'"), "'user: root' (space) is malformed");
	negative_groups_free (&ng);

	ng = parse ("USER:root\n", NULL);
	ok (ng.failed && (0 == ng.nuids), "USER:root (wrong case) is malformed");
	negative_groups_free (&ng);

	ng = parse ("user:root # the admin\n", NULL);
	ok (!ng.failed && only_uids (&ng, 1, 0), "user:root with a trailing comment");
	negative_groups_free (&ng);
}

static void test_layout (void)
{
	struct negative_groups ng;
	gid_t root = nss_gid ("root");
	gid_t daemon = nss_gid ("daemon");
	gid_t adm = nss_gid ("adm");

	ng = parse ("   root   \n\tdaemon\t\n \t adm \t \n", NULL);
	ok (!ng.failed && (3 == ng.ngids), "surrounding white space is ignored");
	negative_groups_free (&ng);

	ng = parse ("root # a space before the comment\nadm\t#x\n#root\n", NULL);
	ok (!ng.failed && (2 == ng.ngids) && has_gid (&ng, root), "'#' after white space or at the start of a line starts a comment");
	negative_groups_free (&ng);

	ng = parse ("root\r\ndaemon\r\n", NULL);
	ok (   !ng.failed && (2 == ng.ngids)
	    && has_gid (&ng, root) && has_gid (&ng, daemon),
	    "CRLF line endings");
	negative_groups_free (&ng);

	ng = parse ("root\ndaemon", NULL);
	ok (   !ng.failed && (2 == ng.lines) && (2 == ng.ngids)
	    && has_gid (&ng, daemon),
	    "no final newline: last line is parsed");
	negative_groups_free (&ng);

	ng = parse ("nosuch", NULL);
	ok (ng.failed && problem_is (&ng, "t.conf:1: unknown group 'nosuch'"), "no final newline, bad last line");
	negative_groups_free (&ng);

	ng = parse ("root daemon\n", NULL);
	ok (ng.failed && (0 == ng.ngids) && problem_is (&ng, "t.conf:1: trailing garbage after 'root'"),
	    "two entries on a line: trailing junk");
	negative_groups_free (&ng);

	ng = parse ("root\tx\n", NULL);
	ok (ng.failed, "entry followed by a tab and junk");
	negative_groups_free (&ng);

	ng = parse ("root\nnosuch1\nnosuch2\n4294967295\nadm\n", NULL);
	ok (   ng.failed && (3 == ng.nproblems)
	    && problem_is (&ng, "t.conf:2: unknown group 'nosuch1'")
	    && (2 == ng.ngids) && has_gid (&ng, adm),
	    "several problems: counted, first one kept, good lines still parsed");
	negative_groups_free (&ng);

	ng = parse ("root\n*\nuser:0\n0\n", NULL);
	ok (!ng.failed && ng.all && only_uids (&ng, 1, 0) && has_gid (&ng, 0), "every kind of entry in one file");
	negative_groups_free (&ng);
}

static void test_nul_and_long (void)
{
	struct negative_groups ng;
	static const char nul1[] = "ro\0ot\nadm\n";
	static const char nul2[] = "root\n# comment \0 with a NUL\n";
	static const char nul3[] = "\0";
	char *big;
	/* Far longer than a line, half of the smallest size limit */
	size_t biglen = 32 * 1024;
	gid_t adm = nss_gid ("adm");

	ng = parse_len (nul1, sizeof (nul1) - 1, NULL);
	ok (   ng.failed && problem_is (&ng, "t.conf:1: NUL byte in line")
	    && (1 == ng.ngids) && has_gid (&ng, adm),
	    "NUL byte inside an entry fails closed");
	negative_groups_free (&ng);

	ng = parse_len (nul2, sizeof (nul2) - 1, NULL);
	ok (ng.failed && problem_has (&ng, "t.conf:2: NUL byte"), "NUL byte inside a comment fails closed");
	negative_groups_free (&ng);

	ng = parse_len (nul3, 1, NULL);
	ok (ng.failed && (1 == ng.lines), "a lone NUL byte");
	negative_groups_free (&ng);

	big = malloc (biglen + 32);
	if (NULL == big) {
		exit (2);
	}
	memset (big, 'a', biglen);
	strcpy (big + biglen, "\nadm\n");
	ng = parse (big, NULL);
	ok (   ng.failed && (2 == ng.lines)
	    && problem_is (&ng, "t.conf:1: line too long (more than 4096 characters)")
	    && (1 == ng.ngids) && has_gid (&ng, adm),
	    "32 KiB line: fails closed, no crash, next line parsed");
	negative_groups_free (&ng);

	/* 32 KiB of white space followed by a comment is still too long */
	memset (big, ' ', biglen);
	strcpy (big + biglen, "# x\n");
	ng = parse (big, NULL);
	ok (ng.failed && problem_has (&ng, "line too long"), "32 KiB blank line is too long too");
	negative_groups_free (&ng);

	/* A line of exactly NEGATIVE_GROUPS_LINE_MAX characters is accepted */
	memset (big, ' ', NEGATIVE_GROUPS_LINE_MAX);
	memcpy (big, "adm #", 5);
	strcpy (big + NEGATIVE_GROUPS_LINE_MAX, "\n");
	ng = parse (big, NULL);
	ok (!ng.failed && (1 == ng.ngids), "line of exactly %d characters is accepted", NEGATIVE_GROUPS_LINE_MAX);
	negative_groups_free (&ng);

	big[NEGATIVE_GROUPS_LINE_MAX] = ' ';
	strcpy (big + NEGATIVE_GROUPS_LINE_MAX + 1, "\n");
	ng = parse (big, NULL);
	ok (ng.failed && problem_has (&ng, "line too long"), "line of %d characters is too long", NEGATIVE_GROUPS_LINE_MAX + 1);
	negative_groups_free (&ng);

	/* Overlong unterminated last line */
	memset (big, 'b', biglen);
	big[biglen] = '\0';
	ng = parse (big, NULL);
	ok (ng.failed && (1 == ng.lines), "32 KiB line without newline");
	negative_groups_free (&ng);

	/* A long (but not overlong) unknown name is truncated in the message */
	memset (big, 'c', 1000);
	big[1000] = '\0';
	ng = parse (big, NULL);
	ok (   ng.failed && (NULL != ng.problem)
	    && (strlen (ng.problem) < 200) && problem_has (&ng, "cccc...'"),
	    "a 1000-character name is truncated in the message");
	negative_groups_free (&ng);

	free (big);
}

/*
 * A file that only open(2) refuses: a root-owned file of mode 0600 in a
 * folder all can search, loaded by nobody.  lstat(2) and stat(2) of it
 * succeed and it is safe, so the problem can only come from the open.
 * Root reads anything, hence the child that becomes nobody; a user could
 * not make the file root's.
 */
static bool open_refused (void)
{
	char dir[] = "/run/negative_groups_test.XXXXXX";
	char path[4200];
	char want[4300];
	pid_t child;
	int status = 0;
	bool good;

	if ((NULL == mkdtemp (dir)) || (chmod (dir, 0755) != 0)) {
		perror ("mkdtemp");
		return false;
	}
	snprintf (path, sizeof (path), "%s/negative-groups", dir);
	write_path (path, "adm\n", 4);
	if (chmod (path, 0600) != 0) {
		perror (path);
		exit (2);
	}
	snprintf (want, sizeof (want), "%s: cannot open: %s", path, strerror (EACCES));

	fflush (stdout);
	child = fork ();
	if (0 == child) {
		struct negative_groups ng;

		if (   (setgroups (0, NULL) != 0) || (setgid (65534) != 0)
		    || (setuid (65534) != 0)) {
			_exit (2);
		}
		/* The folder lets nobody reach the file, the file is closed to nobody */
		if ((access (dir, X_OK) != 0) || (access (path, R_OK) == 0)) {
			_exit (3);
		}
		ng = negative_groups_load (path, NULL);
		good =    ng.present && ng.failed && problem_is (&ng, want)
		       && line_is (&ng, 0) && (0 == ng.ngids);
		fflush (stdout);
		_exit (good ? 0 : 1);
	}
	good =    (child > 0) && (waitpid (child, &status, 0) == child)
	       && WIFEXITED (status) && (0 == WEXITSTATUS (status));
	if ((child > 0) && WIFEXITED (status) && (WEXITSTATUS (status) > 1)) {
		diag ("%s", (2 == WEXITSTATUS (status))
		            ? "the child could not become nobody"
		            : "nobody cannot reach the folder or can read the file: the test would prove nothing");
	}
	unlink (path);
	rmdir (dir);
	return good;
}

static void test_files (void)
{
	struct negative_groups ng;
	struct stat st;
	char *path;
	char buf[4200];
	FILE *fp;
	gid_t root = nss_gid ("root");

	path = write_file_mode ("empty", "", 0644);
	if (as_root) {
		ng = negative_groups_load (path, NULL);
		ok (is_clean_empty (&ng), "empty file on disk: present, no entries");
		negative_groups_free (&ng);
	} else {
		skip_root ("empty file on disk: present, no entries");
	}

	path = write_file_mode ("good", "root\nuser:0\n*\n", 0644);
	if (as_root) {
		ng = negative_groups_load (path, NULL);
		ok (!ng.failed && ng.present && ng.all && only_gids (&ng, 1, root) && only_uids (&ng, 1, 0),
		    "file on disk with entries");
		negative_groups_free (&ng);
	} else {
		skip_root ("file on disk with entries");
	}

	path = write_file_mode ("bad", "root\n\nbogus-nosuch\n", 0644);
	if (as_root) {
		ng = negative_groups_load (path, NULL);
		snprintf (buf, sizeof (buf), "%s:3: unknown group 'bogus-nosuch'", path);
		ok (   ng.failed && problem_is (&ng, buf) && line_is (&ng, 3),
		    "file on disk: message names the path and line");
		negative_groups_free (&ng);
	} else {
		skip_root ("file on disk: message names the path and line");
	}

	/*
	 * A safe file of root's that any user can load: /proc/version, root's
	 * and of mode 0444, whose one line "Linux version ..." is not an entry
	 */
	if (   (stat ("/proc/version", &st) == 0) && S_ISREG (st.st_mode)
	    && (0 == st.st_uid) && (0 == (st.st_mode & (S_IWGRP | S_IWOTH)))) {
		ng = negative_groups_load ("/proc/version", &fake);
		ok (   ng.present && ng.failed && (1 == ng.lines)
		    && problem_is (&ng, "/proc/version:1: trailing garbage after 'Linux'")
		    && line_is (&ng, 1),
		    "a safe file of root's is opened and read by any user (/proc/version)");
		negative_groups_free (&ng);
	} else {
		skip ("no /proc/version of root's", "a safe file of root's is opened and read by any user (/proc/version)");
	}

	snprintf (buf, sizeof (buf), "%s/does-not-exist", tmpdir);
	ng = negative_groups_load (buf, NULL);
	ok (!ng.present && !ng.failed && (NULL == ng.problem), "ENOENT: not present, not failed");
	ok (!ng.present && !ng.failed && (0 == ng.ngids), "ENOENT: no policy");
	negative_groups_free (&ng);

	ng = negative_groups_load (tmpdir, NULL);
	ok (ng.present && ng.failed && problem_has (&ng, tmpdir), "a directory fails closed");
	if (NULL != ng.problem) {
		diag ("directory: %s", ng.problem);
	}
	negative_groups_free (&ng);

	/* ENOTDIR: an error other than ENOENT, works as root too */
	ng = negative_groups_load ("/etc/passwd/negative-groups", NULL);
	ok (ng.present && ng.failed && problem_has (&ng, strerror (ENOTDIR)), "error other than ENOENT (ENOTDIR) fails closed");
	negative_groups_free (&ng);

	if (as_root) {
		ok (open_refused (), "unreadable file: open(2) fails with EACCES, fails closed");
	} else {
		skip_root ("unreadable file: open(2) fails with EACCES, fails closed");
	}

	/* A file that never ends (/dev/zero) is cut at NEGATIVE_GROUPS_SIZE_MAX */
	fp = fopen ("/dev/zero", "r");
	if (NULL == fp) {
		exit (2);
	}
	ng = negative_groups_parse_file (fp, "/dev/zero", NULL);
	fclose (fp);
	ok (   ng.failed && (ng.lines <= 1) && (ng.nproblems >= 1)
	    && (problem_has (&ng, "/dev/zero: file too large") || problem_has (&ng, "/dev/zero:1: line too long")),
	    "endless input (/dev/zero) stops at %lu bytes and fails closed",
	    (unsigned long) NEGATIVE_GROUPS_SIZE_MAX);
	negative_groups_free (&ng);

	/* parse_file with a FILE * */
	fp = tmpfile ();
	if (NULL == fp) {
		exit (2);
	}
	fputs ("# header\n0\nuser:1\n", fp);
	rewind (fp);
	ng = negative_groups_parse_file (fp, "stream", NULL);
	ok (!ng.failed && only_gids (&ng, 1, 0) && only_uids (&ng, 1, 1), "parse_file on a FILE *");
	negative_groups_free (&ng);
	fclose (fp);

	/* read error on a FILE *: a directory opened with fopen() */
	fp = fopen (tmpdir, "r");
	if (NULL != fp) {
		ng = negative_groups_parse_file (fp, "dir", NULL);
		ok (ng.failed && problem_has (&ng, "dir: read error") && line_is (&ng, 0),
		    "read error on a stream fails closed");
		negative_groups_free (&ng);
		fclose (fp);
	} else {
		ok (false, "fopen of a directory failed: %s", strerror (errno));
	}
}

/*
 * The size limit: NEGATIVE_GROUPS_SIZE_MAX bytes are fine, one more byte
 * fails closed.  Lines of 4096 bytes, "#" and 4094 'x' and a newline,
 * so that the limit is a whole number of lines.
 */
static void fill_comments (char *buf, size_t len)
{
	size_t i;

	memset (buf, 'x', len);
	for (i = 0; i < len; i += 4096) {
		buf[i] = '#';
		if (i + 4095 < len) {
			buf[i + 4095] = '\n';
		}
	}
}

static void test_size_limit (void)
{
	const size_t max = NEGATIVE_GROUPS_SIZE_MAX;
	struct negative_groups ng;
	char *huge;
	char *path;
	FILE *fp;
	char toolarge[200];
	char want[4400];

	/* "t.conf: file too large (more than 65536 bytes)" */
	snprintf (toolarge, sizeof (toolarge), "file too large (more than %lu bytes)",
	          (unsigned long) NEGATIVE_GROUPS_SIZE_MAX);

	huge = malloc (max + 2);
	if (NULL == huge) {
		exit (2);
	}
	fill_comments (huge, max + 2);

	ng = parse_len (huge, max, NULL);
	ok (   !ng.failed && (NULL == ng.problem) && (max / 4096 == ng.lines),
	    "input of exactly %zu bytes is accepted", max);
	if (NULL != ng.problem) {
		diag ("%s", ng.problem);
	}
	negative_groups_free (&ng);

	ng = parse_len (huge, max + 1, NULL);
	snprintf (want, sizeof (want), "t.conf: %s", toolarge);
	ok (   ng.failed && (1 == ng.nproblems) && problem_is (&ng, want)
	    && line_is (&ng, 0),
	    "input of %zu bytes (one more) fails closed", max + 1);
	negative_groups_free (&ng);

	/* Blank lines, one more than the limit plus a newline */
	memset (huge, '\n', max + 2);
	ng = parse_len (huge, max + 2, NULL);
	ok (   ng.failed && (1 == ng.nproblems) && problem_is (&ng, want),
	    "input of %zu bytes of blank lines fails closed", max + 2);
	negative_groups_free (&ng);

	/* The same on a stream: a file of exactly the limit, then one more */
	fill_comments (huge, max + 1);
	fp = tmpfile ();
	if ((NULL == fp) || (fwrite (huge, 1, max, fp) != max)) {
		exit (2);
	}
	rewind (fp);
	ng = negative_groups_parse_file (fp, "stream", NULL);
	ok (!ng.failed && (NULL == ng.problem), "a stream of exactly %zu bytes is accepted", max);
	if (NULL != ng.problem) {
		diag ("%s", ng.problem);
	}
	negative_groups_free (&ng);
	if ((fseek (fp, 0, SEEK_END) != 0) || (fputc ('\n', fp) == EOF)) {
		exit (2);
	}
	rewind (fp);
	ng = negative_groups_parse_file (fp, "stream", NULL);
	snprintf (want, sizeof (want), "stream: %s", toolarge);
	ok (ng.failed && problem_is (&ng, want), "a stream of %zu bytes fails closed", max + 1);
	negative_groups_free (&ng);
	fclose (fp);

	/* And /etc/negative-groups itself of exactly the limit */
	path = tmp_path ("limit");
	fp = fopen (path, "w");
	if ((NULL == fp) || (fwrite (huge, 1, max, fp) != max) || (fclose (fp) != 0)) {
		exit (2);
	}
	chmod (path, 0644);
	if (as_root) {
		bool good;

		ng = negative_groups_load (path, NULL);
		good = !ng.failed && (NULL == ng.problem);
		if (NULL != ng.problem) {
			diag ("%s", ng.problem);
		}
		negative_groups_free (&ng);

		/* one byte more */
		fp = fopen (path, "a");
		if ((NULL == fp) || (fputc ('\n', fp) == EOF) || (fclose (fp) != 0)) {
			exit (2);
		}
		ng = negative_groups_load (path, NULL);
		snprintf (want, sizeof (want), "%s: %s", path, toolarge);
		good = good && ng.failed && problem_is (&ng, want);
		negative_groups_free (&ng);
		ok (good, "a file of exactly %zu bytes is loaded, one of %zu fails closed", max, max + 1);
	} else {
		skip_root ("a file of exactly %zu bytes is loaded, one of %zu fails closed", max, max + 1);
	}
	unlink (path);
	free (huge);
}

/*
 * negative_groups_load() in a child, with an alarm: a FIFO must never
 * block.  Returns the result through the exit status: 0 if check() is
 * true of the result, 1 if not, 3 if it blocked.
 */
static bool load_in_child (const char *path,
	bool (*check) (const struct negative_groups *ng))
{
	pid_t child;
	int status;

	fflush (stdout);
	child = fork ();
	if (0 == child) {
		struct negative_groups ng;
		bool good;

		alarm (5);
		ng = negative_groups_load (path, NULL);
		if (NULL != ng.problem) {
			printf ("# %s\n", ng.problem);
		}
		good = check (&ng);
		fflush (stdout);
		_exit (good ? 0 : 1);
	}
	if ((child < 0) || (waitpid (child, &status, 0) != child)) {
		return false;
	}
	if (WIFSIGNALED (status) && (SIGALRM == WTERMSIG (status))) {
		diag ("%s: negative_groups_load() blocked for 5 s", path);
		return false;
	}
	return WIFEXITED (status) && (0 == WEXITSTATUS (status));
}

/* "PATH: not a regular file", a problem of the file, nothing read */
static bool failed_not_regular (const struct negative_groups *ng)
{
	const char *want = ": not a regular file";
	size_t len;

	if (!ng->present || !ng->failed || (NULL == ng->problem)) {
		return false;
	}
	len = strlen (ng->problem);
	return (len > strlen (want))
	    && (strcmp (ng->problem + len - strlen (want), want) == 0)
	    && (0 == ng->problem_line) && (0 == ng->lines);
}

/* The IN_OPEN events read from an inotify descriptor (non-blocking) */
static int opens_seen (int ifd)
{
	char buf[4096] __attribute__((aligned (__alignof__ (struct inotify_event))));
	const struct inotify_event *ev;
	ssize_t len;
	char *p;
	int n = 0;

	while ((len = read (ifd, buf, sizeof (buf))) > 0) {
		for (p = buf; p < buf + len; p += sizeof (*ev) + ev->len) {
			ev = (const struct inotify_event *) p;
			if (0 != (ev->mask & IN_OPEN)) {
				n++;
			}
		}
	}
	return n;
}

/*
 * A FIFO is not even opened: stat(2) tells it is not a regular file
 * first.  An open(2) would let a writer waiting for a reader through.
 * inotify reports each open of the FIFO, by any process, and none of a
 * stat(2); the test first checks that it sees an open of its own.
 */
static void test_fifo_not_opened (const char *path)
{
	const char *name = "a FIFO is never opened (no IN_OPEN event while it is loaded)";
	int ifd, fd, before;

	ifd = inotify_init1 (IN_NONBLOCK | IN_CLOEXEC);
	if (ifd < 0) {
		skip ("no inotify", "%s", name);
		return;
	}
	if (inotify_add_watch (ifd, path, IN_OPEN) < 0) {
		ok (false, "%s: inotify_add_watch: %s", name, strerror (errno));
		close (ifd);
		return;
	}
	fd = open (path, O_RDONLY | O_NONBLOCK);
	if (fd >= 0) {
		close (fd);
	}
	before = opens_seen (ifd);
	if (before < 1) {
		diag ("inotify did not see the FIFO opened by the test itself");
	}
	ok (   (before >= 1) && load_in_child (path, failed_not_regular)
	    && (0 == opens_seen (ifd)),
	    "%s", name);
	close (ifd);
}

static void test_file_safety (void)
{
	struct negative_groups ng;
	char *path;
	char target[4200];
	char buf[4300];
	gid_t adm = nss_gid ("adm");
	bool good;

	/* A dangling symbolic link is something: it fails closed */
	snprintf (target, sizeof (target), "%s/missing-target", tmpdir);
	path = tmp_path ("dangling");
	if (symlink (target, path) != 0) {
		exit (2);
	}
	ng = negative_groups_load (path, NULL);
	snprintf (buf, sizeof (buf), "%s: dangling symbolic link", path);
	ok (   ng.present && ng.failed && problem_is (&ng, buf) && line_is (&ng, 0),
	    "dangling symbolic link: present, fails closed");
	ok (ng.present && ng.failed, "dangling symbolic link: fails closed");
	negative_groups_free (&ng);

	/*
	 * A symbolic link to a file is followed: the file it names is
	 * checked (a user's file is "not owned by root", where the link
	 * itself would be "not a regular file") and, as root, read.
	 */
	write_file_mode ("target", "adm\n", 0644);
	snprintf (target, sizeof (target), "%s/target", tmpdir);
	path = tmp_path ("link");
	if (symlink (target, path) != 0) {
		exit (2);
	}
	ng = negative_groups_load (path, NULL);
	if (as_root) {
		good = !ng.failed && only_gids (&ng, 1, adm);
	} else {
		snprintf (buf, sizeof (buf), "%s: not owned by root", path);
		good = problem_is (&ng, buf);
	}
	ok (good, "symbolic link to a file is followed: the file it names is checked (and as root read)");
	negative_groups_free (&ng);

	/*
	 * Every directory on the way is root's and writable by no one else,
	 * those of the links followed included.  A link through a directory
	 * that nobody owns (who could swap its link for one to an empty
	 * file of root's, and so switch the policy off) fails closed, and so
	 * does a file of root's in a directory that others can write.
	 */
	if (as_root) {
		char user[4200], open_dir[4200], link[4300];

		write_file_mode ("empty", "", 0644);
		snprintf (target, sizeof (target), "%s/empty", tmpdir);
		snprintf (user, sizeof (user), "%s/user", tmpdir);
		snprintf (link, sizeof (link), "%s/link", user);
		if (   (mkdir (user, 0755) != 0) || (chown (user, 65534, 65534) != 0)
		    || (symlink (target, link) != 0)) {
			exit (2);
		}
		path = tmp_path ("through-user");
		if (symlink (link, path) != 0) {
			exit (2);
		}
		ng = negative_groups_load (path, NULL);
		if (snprintf (buf, sizeof (buf),
		              "%s: in a directory not owned by root or writable by others: %s",
		              path, user) >= (int) sizeof (buf)) {
			exit (2);
		}
		ok (ng.present && ng.failed && problem_is (&ng, buf) && (0 == ng.lines),
		    "a symbolic link through a directory a user owns fails closed");
		negative_groups_free (&ng);

		snprintf (open_dir, sizeof (open_dir), "%s/open", tmpdir);
		if ((mkdir (open_dir, 0755) != 0) || (chmod (open_dir, 01777) != 0)) {
			exit (2);
		}
		path = write_file_mode ("open/negative-groups", "adm\n", 0644);
		ng = negative_groups_load (path, NULL);
		if (snprintf (buf, sizeof (buf),
		              "%s: in a directory not owned by root or writable by others: %s",
		              path, open_dir) >= (int) sizeof (buf)) {
			exit (2);
		}
		ok (ng.present && ng.failed && problem_is (&ng, buf) && (0 == ng.ngids),
		    "a file of root's in a directory others can write fails closed");
		negative_groups_free (&ng);
	} else {
		skip_root ("a symbolic link through a directory a user owns fails closed");
		skip_root ("a file of root's in a directory others can write fails closed");
	}

	/* A symbolic link to a directory */
	path = tmp_path ("link-to-dir");
	if (symlink ("/", path) != 0) {
		exit (2);
	}
	ok (load_in_child (path, failed_not_regular), "symbolic link to a directory: not a regular file");

	ok (load_in_child (tmpdir, failed_not_regular), "a directory: not a regular file");
	ok (load_in_child ("/dev/null", failed_not_regular), "a character device (/dev/null): not a regular file");

	/* A FIFO: it must neither block nor be opened */
	path = tmp_path ("fifo");
	if (mkfifo (path, 0644) != 0) {
		exit (2);
	}
	ok (load_in_child (path, failed_not_regular), "a FIFO does not block and fails closed: not a regular file");
	{
		/* With a writer that never writes */
		int fd = open (path, O_RDWR | O_NONBLOCK);

		ok ((fd >= 0) && load_in_child (path, failed_not_regular),
		    "a FIFO held open by a writer does not block either");
		if (fd >= 0) {
			close (fd);
		}
	}
	test_fifo_not_opened (path);

	/*
	 * Writable by group or by others: anybody could switch it off.
	 * That is checked before the owner, so it is reported whoever owns
	 * the file (a user's own file, or one root gave away).
	 */
	path = write_file_mode ("group-writable", "adm\n", 0664);
	ng = negative_groups_load (path, NULL);
	snprintf (buf, sizeof (buf), "%s: writable by group or others", path);
	ok (   ng.failed && problem_is (&ng, buf) && line_is (&ng, 0) && (0 == ng.ngids)
	    && (0 == ng.lines),
	    "a group-writable file fails closed, unread");
	negative_groups_free (&ng);

	path = write_file_mode ("world-writable", "adm\n", 0646);
	if (as_root && (chown (path, 65534, 0) != 0)) {
		diag ("chown %s: %s", path, strerror (errno));
	}
	ng = negative_groups_load (path, NULL);
	snprintf (buf, sizeof (buf), "%s: writable by group or others", path);
	ok (   ng.failed && problem_is (&ng, buf) && (0 == ng.ngids) && (0 == ng.lines),
	    "a world-writable file not owned by root fails closed, unread, as writable");
	negative_groups_free (&ng);

	/* Not owned by root; the caller may be told so (stat(2) shows it) */
	path = write_file_mode ("not-root", "adm\n", 0644);
	if (!as_root || (chown (path, 65534, 0) == 0)) {
		ng = negative_groups_load (path, NULL);
		snprintf (buf, sizeof (buf), "%s: not owned by root", path);
		ok (   ng.failed && problem_is (&ng, buf) && (0 == ng.ngids) && (0 == ng.lines),
		    "a file not owned by root fails closed, unread");
		negative_groups_free (&ng);
	} else {
		ok (false, "chown %s: %s", path, strerror (errno));
	}

	/*
	 * Root's file of mode 0600 with a bad line: ng.problem quotes the
	 * entry and its line (it goes to the system log only), and the
	 * valid lines are still listed.
	 */
	path = write_file_mode ("secret-0600", "adm\nsecret-nosuch-xyz\n", 0600);
	if (as_root) {
		ng = negative_groups_load (path, NULL);
		snprintf (buf, sizeof (buf), "%s:2: unknown group 'secret-nosuch-xyz'", path);
		ok (   ng.failed && problem_is (&ng, buf) && line_is (&ng, 2)
		    && only_gids (&ng, 1, adm),
		    "mode 0600: the problem quotes the entry and its line, for the system log");
		negative_groups_free (&ng);
	} else {
		skip_root ("mode 0600: the problem quotes the entry and its line, for the system log");
	}
}

/*
 * A name service that fails (EIO from the resolver) is not an unknown
 * name: the file fails closed, and the problem says why.
 */
static void test_lookup_failure (void)
{
	struct negative_groups ng;
	gid_t held[] = { 1000, 5000 };
	char want[300];

	ng = parse ("alpha\ndown\nnosuch\n", &fake);
	snprintf (want, sizeof (want), "t.conf:2: cannot look up group 'down': %s", strerror (EIO));
	ok (   ng.failed && problem_is (&ng, want) && line_is (&ng, 2) && (2 == ng.nproblems)
	    && only_gids (&ng, 1, 5000),
	    "a group lookup that fails (EIO) fails closed as such, not as an unknown group");
	negative_groups_free (&ng);

	ng = parse ("user:down\n", &fake);
	snprintf (want, sizeof (want), "t.conf:1: cannot look up user 'user:down': %s", strerror (EIO));
	ok (ng.failed && problem_is (&ng, want) && (0 == ng.nuids),
	    "a user lookup that fails (EIO) fails closed as such, not as an unknown user");
	negative_groups_free (&ng);

	ng = parse ("nosuch\nuser:nobody-xyz\n", &fake);
	ok (ng.failed && problem_is (&ng, "t.conf:1: unknown group 'nosuch'") && (2 == ng.nproblems),
	    "an unknown name (ENOENT) is told as unknown");
	negative_groups_free (&ng);

	ng = parse ("down\n", &fake);
	ok (ng.failed && !has_gid (&ng, held[1]),
	    "a failed lookup: the file fails closed, the name is not listed");
	negative_groups_free (&ng);
}

/* '#' starts a comment only at the start of a line or after white space */
static void test_comment_rule (void)
{
	struct negative_groups ng;

	ng = parse ("a#b\n", &fake);
	ok (!ng.failed && only_gids (&ng, 1, 5002), "a#b is the group a#b, not the group a");
	negative_groups_free (&ng);

	ng = parse ("a #b\n", &fake);
	ok (!ng.failed && only_gids (&ng, 1, 5003), "a #b is the group a and a comment");
	negative_groups_free (&ng);

	ng = parse ("\ta\t#b#c\n", &fake);
	ok (!ng.failed && only_gids (&ng, 1, 5003), "a after a tab, then a comment holding '#'");
	negative_groups_free (&ng);

	ng = parse ("nogames#old\n", &fake);
	ok (   ng.failed && problem_is (&ng, "t.conf:1: unknown group 'nogames#old'")
	    && (0 == ng.ngids),
	    "nogames#old is not nogames: unknown, fails closed");
	negative_groups_free (&ng);

	ng = parse ("1001#x\n", &fake);
	ok (ng.failed && (0 == ng.ngids), "1001#x is not the gid 1001");
	negative_groups_free (&ng);

	ng = parse ("user:alice#x\n", &fake);
	ok (ng.failed && (0 == ng.nuids) && problem_has (&ng, "unknown user 'user:alice#x'"), "user:alice#x is not user:alice");
	negative_groups_free (&ng);

	ng = parse ("*#\n", &fake);
	ok (ng.failed && !ng.all, "*# is not '*'");
	negative_groups_free (&ng);

	fake_calls = 0;
	ng = parse ("# a\n  # b\n\t#c\n#\n", &fake);
	ok (is_clean_empty (&ng) && (0 == fake_calls), "comments at the start and after white space");
	negative_groups_free (&ng);

	/* All digits is a gid, even when a group has that name */
	fake_calls = 0;
	ng = parse ("123\n", &fake);
	ok (!ng.failed && only_gids (&ng, 1, 123) && (0 == fake_calls), "123 is the gid 123, never the group named 123");
	negative_groups_free (&ng);
}

/* negative_groups_in_range: the first listed gid in [first, first + count) */
static bool in_range_is (const struct negative_groups *ng, unsigned long first,
	unsigned long count, bool want, gid_t want_gid)
{
	gid_t gid = 424242;
	bool got = negative_groups_in_range (ng, first, count, &gid);

	if (got != want) {
		diag ("in_range(%lu, %lu) = %s, want %s", first, count,
		      got ? "true" : "false", want ? "true" : "false");
		return false;
	}
	if (got && (gid != want_gid)) {
		diag ("in_range(%lu, %lu) gave gid %lu, want %lu", first, count,
		      (unsigned long) gid, (unsigned long) want_gid);
		return false;
	}
	return true;
}

static void test_in_range (void)
{
	const unsigned long top = 4294967294UL;	/* the largest valid gid */
	struct negative_groups ng;

	ng = parse ("1001\n0\n5000\n4294967294\n", NULL);
	ok (in_range_is (&ng, 1001, 1, true, 1001), "in_range: a self-map of a listed gid");
	ok (in_range_is (&ng, 1000, 1, false, 0), "in_range: a self-map of an unlisted gid");
	ok (in_range_is (&ng, 1000, 2, true, 1001), "in_range: the last gid of a range");
	ok (in_range_is (&ng, 1001, 3999, true, 1001), "in_range: the first gid of a range");
	ok (in_range_is (&ng, 1002, 3998, false, 0), "in_range: between two listed gids ([1002, 5000))");
	ok (in_range_is (&ng, 1002, 3999, true, 5000), "in_range: up to and with 5000");
	ok (in_range_is (&ng, 100000, 65536, false, 0), "in_range: a typical /etc/subgid range");
	ok (in_range_is (&ng, 0, 1, true, 0), "in_range: gid 0");
	ok (in_range_is (&ng, 1, 1000, false, 0), "in_range: [1, 1001) holds nothing");
	ok (in_range_is (&ng, 0, 4294967295UL, true, 0), "in_range: every gid, the lowest is found");
	ok (in_range_is (&ng, 1001, 0, false, 0), "in_range: an empty range holds nothing");
	ok (in_range_is (&ng, top, 1, true, (gid_t) top), "in_range: the largest gid 4294967294");
	ok (in_range_is (&ng, 4294967295UL, 1, false, 0), "in_range: (gid_t)-1 is not listed");
	ok (in_range_is (&ng, 5001, ULONG_MAX, true, (gid_t) top), "in_range: a range past the largest gid is cut, finds 4294967294");
	ok (in_range_is (&ng, 4294967295UL, 2, false, 0), "in_range: a range from (gid_t)-1 does not wrap to gid 0");
	ok (in_range_is (&ng, ULONG_MAX, 2, false, 0), "in_range: first + count overflowing does not wrap to gid 0");
	ok (in_range_is (&ng, ULONG_MAX, ULONG_MAX, false, 0), "in_range: ULONG_MAX, ULONG_MAX");
	ok (in_range_is (&ng, 1UL << 32, 2000, false, 0), "in_range: a first gid of 2^32 is not gid 0");
	ok (in_range_is (&ng, (1UL << 32) + 1001, 1, false, 0), "in_range: 2^32 + 1001 is not gid 1001");
	negative_groups_free (&ng);

	ng = parse ("top\n", &fake);
	ok (   in_range_is (&ng, 4294967295UL, 1, true, (gid_t) -1)
	    && in_range_is (&ng, 0, ULONG_MAX, true, (gid_t) -1),
	    "in_range: a resolver's (gid_t)-1 is found at the very end");
	negative_groups_free (&ng);

	ng = parse ("*\nuser:1001\n", NULL);
	ok (in_range_is (&ng, 0, ULONG_MAX, false, 0), "in_range: '*' and user: list no group");
	negative_groups_free (&ng);

	ng = parse ("", NULL);
	ok (in_range_is (&ng, 0, ULONG_MAX, false, 0), "in_range: an empty file lists nothing");
	negative_groups_free (&ng);

	ng = parse ("nogames\nbogus-nosuch\n", &fake);
	ok (ng.failed && in_range_is (&ng, 0, 65536, true, 1001), "in_range: a failed file still lists its valid entries");
	negative_groups_free (&ng);
}

/*
 * A file as large as the size limit allows: NEGATIVE_GROUPS_SIZE_MAX / 9
 * lines (at most 100,000) of about 8 bytes each.
 */
static void test_large (void)
{
	unsigned long nlines = NEGATIVE_GROUPS_SIZE_MAX / 9;
	struct negative_groups ng;
	char *path;
	FILE *fp;
	long size;
	unsigned long i, bad = 0, ngidlines = 0, nuidlines = 0, nnames = 0;
	char name[4096];

	if (nlines > 100000) {
		nlines = 100000;
	}
	snprintf (name, sizeof (name), "%s/large", tmpdir);
	fp = fopen (name, "w");
	if (NULL == fp) {
		exit (2);
	}
	/* gids 7, 10, 13, ... in a scrambled order (7919 is a prime), with
	 * comments, blank lines, user: entries and names every now and then */
	for (i = 0; i < nlines; i++) {
		unsigned long k = (i * 7919UL) % nlines;
		switch (i % 10) {
		case 3:
			fprintf (fp, "# comment %lu\n", i);
			break;
		case 5:
			fprintf (fp, "  %lu   # gid\n", 7 + 3 * k);
			ngidlines++;
			break;
		case 7:
			fprintf (fp, "user:%lu\n", k);
			nuidlines++;
			break;
		case 8:
			fputs ((8 == i % 20) ? "alpha\n" : "\n", fp);
			nnames += (8 == i % 20);
			break;
		default:
			fprintf (fp, "%lu\n", 7 + 3 * k);
			ngidlines++;
			break;
		}
	}
	size = ftell (fp);
	fclose (fp);
	path = name;

	fp = fopen (path, "r");
	if (NULL == fp) {
		exit (2);
	}
	fake_calls = 0;
	ng = negative_groups_parse_file (fp, path, &fake);
	fclose (fp);
	diag ("parsed %lu lines, %ld bytes (%zu gids, %zu uids)", ng.lines, size, ng.ngids, ng.nuids);
	ok (   (size > 0) && ((unsigned long) size <= NEGATIVE_GROUPS_SIZE_MAX)
	    && !ng.failed && (nlines == ng.lines) && (NULL == ng.problem),
	    "%lu-line file within the size limit parses without problems", nlines);

	/* every gid written is found, its neighbours are not */
	for (i = 0; i < nlines; i++) {
		unsigned long k = (i * 7919UL) % nlines;
		unsigned long r = i % 10;
		bool want = (3 != r) && (7 != r) && (8 != r);
		if (want && !has_gid (&ng, (gid_t) (7 + 3 * k))) {
			bad++;
		}
		if (has_gid (&ng, (gid_t) (9 + 3 * k))) {
			bad++;
		}
	}
	ok (0 == bad, "%lu-line file: lookups of listed and unlisted gids are right (%lu wrong)", nlines, bad);
	ok (has_gid (&ng, 5000) && (ngidlines + nnames == ng.ngids),
	    "%lu-line file: names resolved, %zu gids (a gid listed twice counts twice)",
	    nlines, ng.ngids);
	ok (   (nuidlines == ng.nuids) && has_uid (&ng, (uid_t) ((7UL * 7919UL) % nlines))
	    && !has_uid (&ng, (uid_t) nlines),
	    "%lu-line file: user: entries", nlines);

	negative_groups_free (&ng);
	ok ((NULL == ng.gids) && (0 == ng.ngids), "negative_groups_free resets the structure");
}


static int status_of (const char *text, gid_t **groups, size_t *n)
{
	FILE *fp;
	int ret;

	fp = fmemopen ((void *) text, strlen (text), "r");
	if (NULL == fp) {
		exit (2);
	}
	ret = negative_groups_read_status (fp, NULL, groups, n);
	fclose (fp);
	return ret;
}

static void test_status (void)
{
	gid_t *g;
	size_t n;
	FILE *fp;
	bool found;
	struct negative_groups ng;

	ok (   (status_of ("Name:\tsleep\nPid:\t7\nUid:\t1000\t1000\t1000\t1000\nGid:\t1000\t1002\t1000\t1000\nFDSize:\t64\nGroups:\t24 1001 100 \nNStgid:\t1\n", &g, &n) == 0)
	    && (4 == n) && (1002 == g[0]) && (24 == g[1]) && (1001 == g[2]) && (100 == g[3]),
	    "status: effective gid first, then Groups:");
	free (g);

	ok ((status_of ("Pid:\t1\nGid:\t5\t6\t7\t8\nGroups:\t\n", &g, &n) == 0) && (1 == n) && (6 == g[0]),
	    "status: empty Groups: line");
	free (g);

	ok ((status_of ("Pid:\t1\nGid:\t5\t6\t7\t8\n", &g, &n) == -1) && (NULL == g), "status: no Groups: line -> error");
	ok ((status_of ("Pid:\t1\nGroups:\t1 2\n", &g, &n) == -1) && (NULL == g), "status: no Gid: line -> error");
	ok (status_of ("Pid:\t1\nGid:\t5\t6\t7\t8\nGroups:\t1 x2\n", &g, &n) == -1, "status: garbage in Groups: -> error");
	ok (status_of ("Pid:\t1\nGid:\t5\t6\nGroups:\t1\n", &g, &n) == -1, "status: short Gid: line -> error");
	ok (status_of ("Pid:\t1\nGid:\t5\t6\t7\t8\nGroups:\t4294967296\n", &g, &n) == -1, "status: out-of-range gid -> error");

	/* the real thing */
	fp = fopen ("/proc/self/status", "r");
	if (NULL != fp) {
		pid_t pid = 0;
		int ret = negative_groups_read_status (fp, &pid, &g, &n);
		fclose (fp);
		found = (0 == ret) && (pid == getpid ()) && (n >= 1) && (g[0] == getegid ())
		     && ((int) n - 1 == getgroups (0, NULL));
		ok (found, "status: /proc/self/status gives getegid() first (%zu groups)", n);
		if (0 == ret) {
			/* wire it into the decision: list our effective gid */
			char text[32];
			snprintf (text, sizeof (text), "%lu\n", (unsigned long) getegid ());
			ng = parse (text, NULL);
			ok (has_gid (&ng, g[0]),
			    "policy: our own effective gid read from /proc/self/status is listed");
			negative_groups_free (&ng);
			free (g);
		} else {
			ok (false, "policy: status of self could not be read");
		}
	} else {
		skip ("no /proc", "status: /proc/self/status gives getegid() first");
		skip ("no /proc", "policy: our own effective gid read from /proc/self/status is listed");
	}
}

static void cleanup (void)
{
	char cmd[4200];

	snprintf (cmd, sizeof (cmd), "rm -rf '%s'", tmpdir);
	if (system (cmd) != 0) {
		fprintf (stderr, "could not remove %s\n", tmpdir);
	}
}

int main (void)
{
	int passed;

	as_root = (0 == geteuid ());
	strcpy (tmpdir, as_root ? "/run/negative_groups_test.XXXXXX"
	                        : "/tmp/negative_groups_test.XXXXXX");
	if ((NULL == mkdtemp (tmpdir)) || (chmod (tmpdir, 0755) != 0)) {
		perror ("mkdtemp");
		return 2;
	}

	printf ("1..%d\n", NTESTS);

	test_empty_and_comments ();
	test_names ();
	test_numeric ();
	test_star ();
	test_users ();
	test_layout ();
	test_nul_and_long ();
	test_files ();
	test_size_limit ();
	test_file_safety ();
	test_lookup_failure ();
	test_comment_rule ();
	test_in_range ();
	test_large ();
	test_status ();

	cleanup ();

	passed = test_number - failures - skipped;
	if (test_number != NTESTS) {
		printf ("# planned %d tests but ran %d\n", NTESTS, test_number);
		failures++;
	}
	printf ("# %d passed, %d failed, %d skipped\n", passed, failures, skipped);
	if (skipped > skipped_root) {
		printf ("# %d tests skipped for other reasons (see SKIP above)\n",
		        skipped - skipped_root);
	}
	if (skipped_root > 0) {
		printf ("# %d tests skipped (not run as root)\n", skipped_root);
	}
	/* Skipped tests are not failures: the lines above tell of them */
	return (0 == failures) ? 0 : 1;
}
