#!/bin/sh
# report.sh - the table and the plot of the sticky groups benchmark.
#
# usage: report.sh OUTDIR STOCK_RESULTS PATCHED_RESULTS [USERNS_SIZE]
#
# STOCK_RESULTS and PATCHED_RESULTS hold the BENCH lines of a boot of the
# stock and of the patched kernel (the output of sticky_bench and
# newgidmap-bench.sh; console noise around them, a carriage return at the
# end of a line and any other line are ignored).  The same measurement
# found several times (several boots' lines in one file) counts by the
# median of its medians.  USERNS_SIZE is the output of userns-size.sh;
# USERNS_SIZE lines in the result files count as well.
#
# Writes OUTDIR/bench.txt (the table, also printed), OUTDIR/bench.png (ns
# per op against the number of groups held, log-log) and the data and
# gnuplot script of the plot, OUTDIR/bench-plot.dat and OUTDIR/bench.gp.
#
# The targets are marked met or MISSED for information: timings are a
# benchmark, never a test.  The exit status is 0 unless an input is
# missing or malformed, or gnuplot is missing (then after writing the
# table).
#
# Environment: BENCH_UNIT, what the figures count (default "ns"; make
# bench EXACT=1 sets "instructions").
set -eu

usage() {
	echo "usage: report.sh OUTDIR STOCK_RESULTS PATCHED_RESULTS [USERNS_SIZE]" >&2
	exit 2
}

err() {
	echo "report.sh: error: $*" >&2
	exit 2
}

[ $# -ge 3 ] && [ $# -le 4 ] || usage
out=$1
stock=$2
patched=$3
sizes=${4:-}
for f in "$stock" "$patched" ${sizes:+"$sizes"}; do
	[ -f "$f" ] && [ -r "$f" ] || err "$f: no such readable file"
done
mkdir -p "$out" || err "cannot create $out"

# The command, as it is to be rerun, for the table and the plot
cmd="sh $0"
for a in "$@"; do
	cmd="$cmd $a"
done

# The whole analysis is one awk program: POSIX awk (mawk), no gawk-isms.
prog='
function fail(msg) {
	printf "report.sh: error: %s:%d: %s\n", FILENAME, FNR, msg | "cat >&2"
	bad = 1
}

function isnum(s) {
	return s ~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/
}

function isint(s) {
	return s ~ /^[0-9]+$/
}

# Append v to the list of values of key k
function add(k, v) {
	vals[k] = (k in vals) ? vals[k] " " v : v
}

# The median of the values of key k, or "" if there are none
function med(k,    n, a, i, j, t) {
	if (!(k in vals))
		return ""
	n = split(vals[k], a, " ")
	for (i = 2; i <= n; i++) {
		t = a[i] + 0
		for (j = i - 1; j >= 1 && a[j] + 0 > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
	return n % 2 ? a[(n + 1) / 2] + 0 : (a[n / 2] + a[n / 2 + 1]) / 2
}

function ratio(a, b) {
	return (a == "" || b == "" || b + 0 == 0) ? "" : a / b
}

function fmtns(v) {
	return v == "" ? sprintf("%12s", "-") : sprintf("%12.1f", v)
}

function fmtr(v) {
	return v == "" ? sprintf("%7s", "-") : sprintf("%7.3f", v)
}

# Record the verdict of target t on one item; "" is not measured
function verdict(t, ok, what) {
	if (ok == "") {
		nna[t]++
		return "n/a"
	}
	if (ok) {
		nmet[t]++
		return "met"
	}
	nmiss[t]++
	missed[t] = missed[t] "\n    " what
	return "MISSED"
}

function opord(op) {
	return op == "setgroups" ? 1 : op == "setgroups_same" ? 2 : \
	       op == "getgroups" ? 3 : op == "status" ? 4 : \
	       op == "clone_newuser" ? 5 : op == "clone" ? 6 : \
	       op == "ref_syscall" ? 7 : op == "ref_cpu" ? 8 : 9
}

# The reference of a boot (ref_syscall or ref_cpu, allow, S = N = 0)
function ref(role, op) {
	return med(role SUBSEP "allow" SUBSEP op SUBSEP 0 SUBSEP 0)
}

# Sort key of a sticky row: op, S, N
function rowkey(op, s, n) {
	return sprintf("%d %08d %08d", opord(op), s, n)
}

{
	sub(/\r+$/, "")
	if (!match($0, /(BENCH|BENCHNOTE|USERNS_SIZE)\t/))
		next
	line = substr($0, RSTART)
	nf = split(line, fld, "\t")
	kind = fld[1]
	for (k in f)
		delete f[k]
	for (i = 2; i <= nf; i++) {
		eq = index(fld[i], "=")
		if (eq < 2) {
			fail("field \"" fld[i] "\" is not KEY=VALUE")
			next
		}
		f[substr(fld[i], 1, eq - 1)] = substr(fld[i], eq + 1)
	}
	if (kind == "USERNS_SIZE") {
		if (!isint(f["stock"]) || !isint(f["patched"])) {
			fail("USERNS_SIZE line without stock= and patched= sizes")
			next
		}
		size_stock = f["stock"]
		size_patched = f["patched"]
		size_how = ("method" in f) ? f["method"] : "?"
		next
	}
	if (kind == "BENCHNOTE") {
		if (f["shadow"] == "unsupported")
			noshadow[role] = 1
		if (f["variant"] == "stock" && ("missing" in f))
			stockmissing[role] = f["missing"]
		next
	}
	if (!("kernel" in f) || !("op" in f) || !isnum(f["ns_per_op"])) {
		fail("BENCH line without kernel=, op= or a numeric ns_per_op=")
		next
	}
	if (!(role in kern))
		kern[role] = f["kernel"]
	else if (kern[role] != f["kernel"] && !((role, f["kernel"]) in kernseen)) {
		kernseen[role, f["kernel"]] = 1
		kernwarn[role] = kernwarn[role] " " f["kernel"]
	}
	nbench[role]++
	op = f["op"]
	if (op == "newgidmap" || op == "exec") {
		if (!("variant" in f) || !("entries" in f)) {
			fail("newgidmap BENCH line without variant= or entries=")
			next
		}
		add(role SUBSEP op SUBSEP f["variant"] SUBSEP f["entries"], f["ns_per_op"])
		ngm[f["entries"]] = 1
		next
	}
	if (f["state"] != "allow" && f["state"] != "shadow") {
		fail("BENCH line with state \"" f["state"] "\", not allow or shadow")
		next
	}
	if (!isint(f["S"]) || !isint(f["N"])) {
		fail("BENCH line without integer S= and N=")
		next
	}
	if (role == "stock" && f["state"] == "shadow")
		shadowinstock = 1
	add(role SUBSEP f["state"] SUBSEP op SUBSEP f["S"] SUBSEP f["N"], f["ns_per_op"])
	has[role, f["state"], op, f["S"] + 0] = 1
	rk = rowkey(op, f["S"], f["N"])
	if (!(rk in rows)) {
		rows[rk] = op SUBSEP f["S"] SUBSEP f["N"]
		nrows++
		order[nrows] = rk
	}
	if (!((f["S"] + 0) in Sseen)) {
		Sseen[f["S"] + 0] = 1
		nS++
		Slist[nS] = f["S"] + 0
	}
}

END {
	file["stock"] = stockf
	file["patched"] = patchedf
	if (bad)
		exit 2
	if (!nbench["stock"]) {
		printf "report.sh: error: %s: no BENCH lines\n", file["stock"] | "cat >&2"
		exit 2
	}
	if (!nbench["patched"]) {
		printf "report.sh: error: %s: no BENCH lines\n", file["patched"] | "cat >&2"
		exit 2
	}
	for (i = 2; i <= nS; i++) {
		t = Slist[i]
		for (j = i - 1; j >= 1 && Slist[j] > t; j--)
			Slist[j + 1] = Slist[j]
		Slist[j + 1] = t
	}
	# The rows, by op, S and N
	for (i = 2; i <= nrows; i++) {
		t = order[i]
		for (j = i - 1; j >= 1 && order[j] > t; j--)
			order[j + 1] = order[j]
		order[j + 1] = t
	}

	print "Sticky groups benchmark: medians of " unit " per operation"
	print "command:      " cmd
	printf "stock boot:   kernel %s, %s\n", kern["stock"], file["stock"]
	printf "patched boot: kernel %s, %s\n", kern["patched"], file["patched"]
	for (r in kernwarn)
		printf "WARNING: the %s results mix kernels: %s%s\n", r, kern[r], kernwarn[r]
	if (shadowinstock)
		print "WARNING: the stock results have shadow lines: is it a stock kernel?"
	if (noshadow["patched"])
		print "WARNING: the patched boot reports no shadow mode: shadow/allow not measured"
	print "Timings are a benchmark, never a test: \"MISSED\" is information."
	print ""
	print "T1  shadow/allow <= 1.10 for setgroups_same and getgroups, S <= 16,"
	print "    every N (setgroups_same: the same final list, allow sets N+S and"
	print "    shadow sets N and keeps its S; setgroups, where both set N and"
	print "    shadow keeps S more, is not the same work: \"info\" only)"
	print "T2  patched-allow/stock-allow within 1.00 +- 0.05, each boot divided"
	print "    by its own reference first (pa/st n: by ref_syscall, getppid(2);"
	print "    the raw ratio and the one by ref_cpu are shown beside it)"
	print "T3  growth no worse than O((N+S) log(N+S)): see the growth table"
	print "T4  sizeof(struct user_namespace) grows by at most one pointer (8 bytes)"
	print "T5  newgidmap with 10,000 entries at most 1.5x stock newgidmap"
	print ""
	rsys_st = ref("stock", "ref_syscall"); rsys_pa = ref("patched", "ref_syscall")
	rcpu_st = ref("stock", "ref_cpu"); rcpu_pa = ref("patched", "ref_cpu")
	printf "references: ref_syscall stock %s patched %s %s, ref_cpu stock %s patched %s %s\n", \
	       rsys_st == "" ? "-" : sprintf("%.1f", rsys_st), \
	       rsys_pa == "" ? "-" : sprintf("%.1f", rsys_pa), unit, \
	       rcpu_st == "" ? "-" : sprintf("%.1f", rcpu_st), \
	       rcpu_pa == "" ? "-" : sprintf("%.1f", rcpu_pa), unit
	print ""
	printf "%-14s %5s %6s %12s %12s %12s %7s %-6s %7s %7s %7s %-6s\n", "op", "S", "N", \
	       "stock-allow", "patch-allow", "patch-shadow", "sh/al", "T1", "pa/st", \
	       "n:cpu", "pa/st n", "T2"
	for (i = 1; i <= nrows; i++) {
		split(rows[order[i]], p, SUBSEP)
		op = p[1]; s = p[2]; n = p[3]
		st = med("stock" SUBSEP "allow" SUBSEP op SUBSEP s SUBSEP n)
		pa = med("patched" SUBSEP "allow" SUBSEP op SUBSEP s SUBSEP n)
		ps = med("patched" SUBSEP "shadow" SUBSEP op SUBSEP s SUBSEP n)
		r1 = ratio(ps, pa)
		r2raw = ratio(pa, st)
		r2 = ratio(ratio(pa, rsys_pa), ratio(st, rsys_st))
		r2cpu = ratio(ratio(pa, rcpu_pa), ratio(st, rcpu_st))
		what = sprintf("%s S=%d N=%d", op, s, n)
		v1 = "-"
		if ((op == "setgroups_same" || op == "getgroups") && s <= 16)
			v1 = verdict(1, r1 == "" ? "" : r1 <= 1.10, what sprintf(": %.3f", r1))
		else if (op == "setgroups" && s <= 16)
			v1 = "info"
		v2 = "-"
		if (op !~ /^ref_/)
			v2 = verdict(2, r2 == "" ? "" : (r2 >= 0.95 && r2 <= 1.05), \
				     what sprintf(": %.3f", r2))
		printf "%-14s %5d %6d %s %s %s %s %-6s %s %s %s %-6s\n", op, s, n, \
		       fmtns(st), fmtns(pa), fmtns(ps), fmtr(r1), v1, fmtr(r2raw), \
		       fmtr(r2cpu), fmtr(r2), v2
	}

	# T3: k = t / ((N+S) ln(N+S)) must stay bounded as N+S grows.  At
	# small sizes the constant cost of the system call dominates, and
	# while N is small against S the cost is that of merging the S
	# sticky groups, cheaper per group than sorting the N requested
	# ones, so k rises on the way to the regime of large N: only the
	# last step, between the two largest sizes, tells the asymptotic
	# growth.  It may raise k by 50% at most (noise under TCG, caches);
	# an O((N+S)^2) cost would raise it about 12 times there.
	print ""
	print "Growth (T3): k = " unit " / ((N+S) ln(N+S)) for N+S >= 256, patched boot"
	print "(shadow; allow where there is no shadow); k(largest) / k(next"
	print "largest) <= 1.5.  The curves are in bench.png."
	printf "%-10s %-7s %5s  %s\n", "op", "state", "S", "N+S:k ..."
	for (opi = 1; opi <= 3; opi++) {
		op = opi == 1 ? "setgroups" : opi == 2 ? "getgroups" : "status"
		for (si = 1; si <= nS; si++) {
			s = Slist[si]
			state = "shadow"
			role = "patched"
			if (!(("patched", "shadow", op, s) in has))
				state = "allow"
			line = ""
			kprev = ""; k = ""; np = 0
			for (i = 1; i <= nrows; i++) {
				split(rows[order[i]], p, SUBSEP)
				if (p[1] != op || p[2] != s)
					continue
				x = p[2] + p[3]
				if (x < 256)
					continue
				t = med(role SUBSEP state SUBSEP op SUBSEP s SUBSEP p[3])
				if (t == "")
					continue
				kprev = k
				k = t / (x * log(x))
				line = line sprintf(" %d:%.2f", x, k)
				np++
			}
			if (np < 2)
				continue
			step = k / kprev
			v = "-"
			if (op != "status")
				v = verdict(3, step <= 1.5, sprintf("%s %s S=%d: last step %.2f", op, state, s, step))
			printf "%-10s %-7s %5d %s  -> %.2f %s\n", op, state, s, line, step, v
		}
	}

	print ""
	print "Per namespace (T2, T4): clone(CLONE_NEWUSER)+exit+wait minus plain clone"
	for (si = 1; si <= nS; si++) {
		s = Slist[si]
		for (rs = 1; rs <= 3; rs++) {
			role = rs == 1 ? "stock" : "patched"
			state = rs == 3 ? "shadow" : "allow"
			a = med(role SUBSEP state SUBSEP "clone_newuser" SUBSEP s SUBSEP 0)
			b = med(role SUBSEP state SUBSEP "clone" SUBSEP s SUBSEP 0)
			if (a != "" && b != "")
				printf "  S=%-5d %-7s %-6s namespace costs %10.1f ns\n", s, role, state, a - b
		}
	}
	if (size_stock != "") {
		d = size_patched - size_stock
		printf "  sizeof(struct user_namespace): stock %d, patched %d, +%d bytes (%s) %s\n", \
		       size_stock, size_patched, d, size_how, \
		       verdict(4, d <= 8, sprintf("+%d bytes", d))
	} else {
		printf "  sizeof(struct user_namespace): not measured (give userns-size.sh output) %s\n", verdict(4, "", "")
	}

	print ""
	print "newgidmap end to end (T5), " unit " per call, patched boot"
	printf "%-8s %12s %12s %7s %s\n", "entries", "stock", "patched", "pa/st", "T5"
	for (e = 1; e <= 3; e++) {
		ent = e == 1 ? "absent" : e == 2 ? "10" : "10000"
		role = "patched"
		st = med(role SUBSEP "newgidmap" SUBSEP "stock" SUBSEP ent)
		pa = med(role SUBSEP "newgidmap" SUBSEP "patched" SUBSEP ent)
		r = ratio(pa, st)
		v = "-"
		if (ent == "10000")
			v = verdict(5, r == "" ? "" : r <= 1.5, sprintf("entries=10000: %.3f", r))
		printf "%-8s %s %s %s %s\n", ent, fmtns(st), fmtns(pa), fmtr(r), v
	}
	ex = med("patched" SUBSEP "exec" SUBSEP "true" SUBSEP "absent")
	if (ex != "")
		printf "  (fork+exec of /bin/true in the same loop: %.1f ns)\n", ex
	if ("patched" in stockmissing)
		printf "  WARNING: stock newgidmap was MISSING in the patched boot (%s)\n", stockmissing["patched"]
	for (ent in ngm)
		if (ent != "absent" && ent != "10" && ent != "10000") {
			st = med("patched" SUBSEP "newgidmap" SUBSEP "stock" SUBSEP ent)
			pa = med("patched" SUBSEP "newgidmap" SUBSEP "patched" SUBSEP ent)
			printf "%-8s %s %s %s\n", ent, fmtns(st), fmtns(pa), fmtr(ratio(pa, st))
		}

	print ""
	print "Targets:"
	for (t = 1; t <= 5; t++) {
		printf "  T%d %s: %d met, %d missed, %d not measured%s\n", t, \
		       (nmiss[t] ? "MISSED" : nmet[t] ? "met" : "not measured"), \
		       nmet[t], nmiss[t], nna[t], missed[t]
	}

	plot()
}

# The plot: one panel per op; curves of the patched boot, allow and
# shadow for each S (the stock boot where the patched one has none), and
# the reference c (N+S) ln(N+S) through the point of most groups.
function plot(    opi, op, s, si, st, state, role, i, n, x, t, idx, cv, xr, yr, c, nc) {
	printf "" > datf
	printf "set terminal pngcairo size 1500,560 font \",9\"\n" > gpf
	printf "set output \"%s\"\n", pngf > gpf
	printf "set termoption noenhanced\n" > gpf
	printf "set multiplot layout 1,3 title \"sticky groups bench: median %s per op vs groups held, log-log (patched boot: %s; stock: %s)\\n%s\"\n", \
	       unit, kern["patched"], kern["stock"], cmd > gpf
	printf "set logscale xy\nset grid\nset key top left\nset format y \"%%g\"\n" > gpf
	printf "set xlabel \"N + S (groups held)\"\nset ylabel \"%s per op\"\n", unit > gpf
	idx = 0
	for (opi = 1; opi <= 3; opi++) {
		op = opi == 1 ? "setgroups" : opi == 2 ? "getgroups" : "status"
		cv = ""; xr = 0; yr = 0; nc = 0
		for (si = 1; si <= nS; si++) {
			s = Slist[si]
			for (st = 1; st <= 2; st++) {
				state = st == 1 ? "allow" : "shadow"
				role = "patched"
				if (state == "allow" && !(("patched", "allow", op, s) in has))
					role = "stock"
				n = 0
				for (i = 1; i <= nrows; i++) {
					split(rows[order[i]], p, SUBSEP)
					if (p[1] != op || p[2] != s)
						continue
					x = p[2] + p[3]
					t = med(role SUBSEP state SUBSEP op SUBSEP s SUBSEP p[3])
					if (x < 1 || t == "")
						continue
					print x, t > datf
					n++
					if (x > xr || (x == xr && t > yr)) {
						xr = x
						yr = t
					}
				}
				if (!n)
					continue
				printf "\n\n" > datf
				cv = cv sprintf("%s\"%s\" index %d using 1:2 with linespoints lc %d dt %d pt %d title \"%s S=%d\"", \
						nc ? ", " : "", datb, idx, \
						s == 0 ? 1 : s <= 16 ? 2 : s <= 1024 ? 7 : 4, \
						state == "shadow" ? 1 : 2, \
						state == "shadow" ? 7 : 6, \
						(role == "stock" ? "stock " : "") state, s)
				idx++
				nc++
			}
		}
		printf "set title \"%s\"\n", op > gpf
		if (!nc) {
			printf "set label 1 \"no data\" at graph 0.5, 0.5 center\n" > gpf
			printf "plot [1:100000] [1:10] 2 notitle\nunset label 1\n" > gpf
			continue
		}
		c = xr > 1 ? yr / (xr * log(xr)) : 1
		printf "plot %s, %.9g * x * log(x) lc rgb \"black\" dt 3 title \"(N+S) ln(N+S), scaled\"\n", cv, c > gpf
	}
	printf "unset multiplot\n" > gpf
	close(datf)
	close(gpf)
}
'

rm -f "$out/bench.txt" "$out/bench.png"
set -- role=stock "$stock" role=patched "$patched"
[ -n "$sizes" ] && set -- "$@" role=size "$sizes"
rc=0
awk -v unit="${BENCH_UNIT:-ns}" -v cmd="$cmd" -v stockf="$stock" -v patchedf="$patched" -v datf="$out/bench-plot.dat" -v datb="bench-plot.dat" \
	-v gpf="$out/bench.gp" -v pngf="bench.png" "$prog" "$@" >"$out/bench.txt" || rc=$?
if [ "$rc" -ne 0 ]; then
	rm -f "$out/bench.txt"
	err "no report written (malformed or empty input, see above)"
fi
cat "$out/bench.txt"
echo ""
echo "table: $out/bench.txt"
command -v gnuplot >/dev/null 2>&1 ||
	err "gnuplot is missing (apt-get install gnuplot-nox): no $out/bench.png"
# The script names its files relative to OUTDIR, so that it can be rerun there
(cd "$out" && gnuplot bench.gp) || err "gnuplot failed on $out/bench.gp"
echo "plot:  $out/bench.png (gnuplot script: $out/bench.gp)"
