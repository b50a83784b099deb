#!/usr/bin/env node
// make mutate (issue 20): does the harness catch a wrong core? One-token mutations of the core's C
// sources, one at a time, each in a copy of the tree (never the worktree's own sources): built, then the
// stored cases of the gate (build/bin/casegate --fail-fast --unsupported-fails: gates/corpus_gate --no-rigs's verdicts, in
// one process) and the CI-sized populations (probes/run --pop 200 --fail-on-miss) run in that order until
// one fails. Per mutant: killed (by what: the first stored case that fails, or the population and its
// misses), survived, or stillborn (does not compile); per file the counts; written to a markdown report.
//
//   node gates/mutate.mjs [--files GLOB,...] [--max N] [--seed S] [--shard K/N] [--families F,...]
//                         [--jobs J] [--only FILE:LINE[:FROM[:TO[:COL]]],...] [--shared DIR] [--out reports/mutation.md]
//                         [--minutes M] [--no-populations] [--list] [--ledger FILE] [--resume] [--report-only]
//                         [--kills DIR] [--cases NAME,...] [--no-coverage] [--unread] [--asan]
//
// The mutations (in code only: comments, strings, characters and preprocessor lines are skipped):
//   rel     < <= > >= == != : each to its neighbour (< to <=, <= to <, ..., == to !=, != to ==)
//   arith   binary + - * / : + to -, - to +, * to /, / to *
//   logic   && to ||, || to &&
//   const   a decimal literal with a point: its last digit changed (+1, 9 to 8); an integer 0-9: +1
// Every site of the chosen files is listed in a fixed order; --max picks that many by a seeded shuffle,
// --shard K/N every N-th of those from the K-th (1-based). --families: the populations after the gate
// (default: by file: path*.c path, path-grid and path-stated; ik.c ik; transform.c transform; slider.c
// slider; physics.c physics; timeline*.c and animation.c timeline, apply and mixing; bone*.c bones and
// order; vertices.c, render/, read_attachments.c and atlas.c meshes and clipping; play/ mixing; the
// animation readers timeline and apply; read_constraints.c path, ik, transform and physics; else bones,
// path, ik and transform). --jobs J: J copies of the tree, each judging a mutant at
// a time (make -j1 and probes/run --jobs 1 in each when J > 1: the machine's two cores). A mutant's
// build recompiles its file's object, re-archives the library and relinks build/bin/casegate only; the
// CLI and the probe programs are relinked only for a mutant the stored cases do not kill. --minutes: no
// mutant is begun after M minutes (the report says how many were left). --no-populations: the stored
// cases only (to judge given survivors again after corpus cases were added: --only).
// --max all: every site of the files. The ledger (--ledger, default reports/mutation.tsv) keeps every verdict
// of every run, a line a mutant appended as it is judged: the file, the first 12 hex digits of its SHA-1,
// the site (offset, line, column, kind, from, to), the verdict, by what, seconds, and what judged it (`gate`
// alone, or the gate and the named populations). A verdict counts while its file is unchanged (the same
// SHA-1); --resume skips every site with such a verdict (but a survivor of the gate alone when this run
// runs populations), so a run cut short, or shards run apart (--shard, on other hosts, each with a
// ledger of its own: --ledger A.tsv,B.tsv reads all, appends to the first), add up to the whole core.
// The report is written from the ledger: --report-only writes it and judges nothing. --cases: the gate is
// those stored cases only (a test of the judge itself; the ledger does not say so: not for real runs).
// Coverage (unless --no-coverage): before judging, every stored case is posed once by a copy built with
// gcc --coverage, and gcov says which functions of the core each case enters (cached in
// build/mutate-coverage/, keyed by the sources and the corpus). A mutant is then judged by the stored
// cases that enter its function, those that killed most first: the cases that never reach the token pose
// as the unmutated core does, so the verdict is the whole gate's. A function no case enters survives
// without a gate run (after it compiles); a site outside every function (a static table) takes the whole
// gate. Each run first checks the map against the ledger: every current kill by a named case must name
// a case that enters the function.
// The report is rewritten every 30 s of a run (writing it takes a second of Node) and at its end; a run
// killed midway leaves every verdict in the ledger, and --report-only writes the report from it. Exit 0 the run finished (survivors are reported, not failures); 2 bad usage or the
// unmutated copy failing its own checks. --asan: a survivor of the stored cases is judged again by the
// same cases through the ASan+UBSan casegate with LeakSanitizer (make test's gate-asan), before any
// population: a read past an array or a leak that leaves the poses equal is killed there (`gate-asan
// (CASE)`); the ledger's judge says `gate-asan`, and --resume judges again a survivor judged without it.
// --unread lists the current survivors of the chosen files that
// reports/mutation-verdicts.tsv does not judge yet, one a line: FILE:LINE:FROM:TO:COL (the --only form),
// a tab, the source line; it judges nothing.
import { spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const opt = { files: "core/src/instance/path*.c,core/src/instance/ik.c,core/src/instance/transform.c", max: [40],
  seed: 1, shard: null, families: null, minutes: Infinity, shared: resolve(ROOT, "../shared"), out: join(ROOT, "reports/mutation.md"), list: false, jobs: 1, only: null, noPopulations: false,
  ledger: [join(ROOT, "reports/mutation.tsv")], resume: false, reportOnly: false, kills: join(ROOT, "build/mutation-kills"), coverage: true };
for (let i = 0; i < args.length; i++) {
  const a = args[i], v = args[i + 1];
  if (a === "--files") opt.files = v, i++;
  else if (a === "--max") opt.max = v.split(",").map((n) => (n === "all" ? Infinity : Number(n))), i++;
  else if (a === "--seed") opt.seed = Number(v), i++;
  else if (a === "--shard") opt.shard = v.split("/").map(Number), i++;
  else if (a === "--families") opt.families = v.split(","), i++;
  else if (a === "--shared") opt.shared = resolve(v), i++;
  else if (a === "--out") opt.out = resolve(v), i++;
  else if (a === "--minutes") opt.minutes = Number(v), i++;
  else if (a === "--list") opt.list = true;
  else if (a === "--jobs") opt.jobs = Number(v), i++;
  else if (a === "--only") opt.only = v.split(","), i++;
  else if (a === "--no-populations") opt.noPopulations = true;
  else if (a === "--ledger") opt.ledger = v.split(",").map((f) => resolve(f)), i++;
  else if (a === "--resume") opt.resume = true;
  else if (a === "--report-only") opt.reportOnly = true;
  else if (a === "--kills") opt.kills = resolve(v), i++;
  else if (a === "--cases") opt.cases = v.split(","), i++;
  else if (a === "--no-coverage") opt.coverage = false;
  else if (a === "--unread") opt.unread = true;
  else if (a === "--asan") opt.asan = true;
  else {
    process.stderr.write(`mutate: unknown option ${a}\n`);
    process.exit(2);
  }
}
if (!opt.max.every((n) => n > 0) || !(Number.isInteger(opt.jobs) && opt.jobs >= 1) || (opt.shard && !(opt.shard[0] >= 1 && opt.shard[0] <= opt.shard[1]))) {
  process.stderr.write("mutate: --max wants a positive count, --jobs a positive whole number, --shard K/N with 1 <= K <= N\n");
  process.exit(2);
}

// ---- The files and their sites ------------------------------------------------------------------------

function globFiles(patterns) {
  const out = new Set();
  for (const p of patterns) {
    const dir = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".";
    const name = p.slice(p.lastIndexOf("/") + 1);
    const re = new RegExp("^" + name.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".") + "$");
    for (const f of readdirSync(join(ROOT, dir)).sort()) if (re.test(f) && f.endsWith(".c")) out.add(`${dir}/${f}`);
  }
  return [...out];
}

// Code positions: a mask of the characters outside comments, strings, characters and # lines.
function codeMask(src) {
  const code = new Uint8Array(src.length);
  let i = 0, lineStart = true;
  while (i < src.length) {
    const c = src[i], d = src[i + 1];
    if (lineStart && /[ \t]/.test(c)) { i++; continue; }
    if (lineStart && c === "#") { while (i < src.length && !(src[i] === "\n" && src[i - 1] !== "\\")) i++; continue; }
    lineStart = c === "\n";
    if (c === "/" && d === "*") { const e = src.indexOf("*/", i + 2); i = e < 0 ? src.length : e + 2; continue; }
    if (c === "/" && d === "/") { while (i < src.length && src[i] !== "\n") i++; continue; }
    if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < src.length && src[k] !== c) k += src[k] === "\\" ? 2 : 1;
      i = k + 1;
      continue;
    }
    code[i] = 1;
    i++;
  }
  return code;
}

const siteMemo = new Map();
function sites(file) {
  if (!siteMemo.has(file)) siteMemo.set(file, findSites(file));
  return siteMemo.get(file);
}
function findSites(file) {
  const src = readFileSync(join(ROOT, file), "utf8");
  const sha = createHash("sha1").update(src).digest("hex").slice(0, 12);
  const code = codeMask(src);
  const out = [];
  const lineOf = (at) => src.slice(0, at).split("\n").length;
  const prevChar = (at) => { let k = at - 1; while (k >= 0 && /\s/.test(src[k])) k--; return k >= 0 ? src[k] : ""; };
  const add = (at, len, to, kind) => out.push({ file, sha, at, len, from: src.slice(at, at + len), to, kind, line: lineOf(at),
    col: at - src.lastIndexOf("\n", at - 1) });
  for (let i = 0; i < src.length; i++) {
    if (!code[i]) continue;
    const two = src.slice(i, i + 2), c = src[i], n = src[i + 1], p = src[i - 1];
    if (["<=", ">=", "==", "!="].includes(two)) {
      add(i, 2, { "<=": "<", ">=": ">", "==": "!=", "!=": "==" }[two], "rel");
      i++;
      continue;
    }
    if (two === "&&" || two === "||") { add(i, 2, two === "&&" ? "||" : "&&", "logic"); i++; continue; }
    if ((c === "<" || c === ">") && n !== c && p !== c && n !== "=" && !(c === ">" && p === "-")) {
      add(i, 1, c + "=", "rel");
      continue;
    }
    // Binary arithmetic: an operand before it (a name, a number, a closing bracket), no = after it.
    const binary = /[A-Za-z0-9_)\]]/.test(prevChar(i)) && n !== "=";
    if ((c === "+" || c === "-") && n !== c && p !== c && n !== ">" && binary) { add(i, 1, c === "+" ? "-" : "+", "arith"); continue; }
    if ((c === "*" || c === "/") && binary && n !== "/" && n !== "*") { add(i, 1, c === "*" ? "/" : "*", "arith"); continue; }
    // Constants: a number token (not part of a name).
    if (/[0-9]/.test(c) && !/[A-Za-z0-9_.]/.test(p || "")) {
      const m = /^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)[fFuUlL]*/.exec(src.slice(i));
      const tok = m[0];
      if (/^[0-9]+\.[0-9]+/.test(tok)) {
        const mant = /^[0-9]+\.[0-9]+/.exec(tok)[0];
        const last = Number(mant[mant.length - 1]);
        add(i, mant.length, mant.slice(0, -1) + String(last === 9 ? 8 : last + 1), "const");
      } else if (/^[0-9]$/.test(tok)) {
        add(i, 1, String(Number(tok) + 1), "const");
      }
      i += tok.length - 1;
    }
  }
  return out;
}

// A seeded shuffle (splitmix-like on 32 bits: the order must not depend on Node's Math.random).
function shuffle(list, seed) {
  let s = seed >>> 0;
  const next = () => { s = (s + 0x9e3779b9) >>> 0; let z = s; z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0; z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0; return (z ^ (z >>> 16)) >>> 0; };
  const a = list.slice();
  for (let i = a.length - 1; i > 0; i--) { const j = next() % (i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

// Groups of files (separated by `;` in --files), each sampled on its own: the k-th --max (the last for
// the rest) of its sites by the seeded shuffle. The mutants are judged in the shuffled order, the groups
// interleaved (a run cut short by --minutes leaves a sample of each), and reported in the files' order.
const groups = opt.files.split(";").map((g) => globFiles(g.split(",")));
const files = [...new Set(groups.flat())];
const all = files.flatMap(sites);
const drawn = groups.map((g, k) => shuffle(g.flatMap(sites), opt.seed).slice(0, opt.max[Math.min(k, opt.max.length - 1)]));
let chosen = [];
for (let r = 0; drawn.some((d) => r < d.length); r++) for (const d of drawn) if (r < d.length) chosen.push(d[r]);
// --only FILE:LINE[:FROM[:TO[:COLUMN]]],...: exactly those sites of the files (every site of the line that matches),
// in place of a draw (to judge given mutants again, as after a corpus case was added for a survivor).
if (opt.only) {
  chosen = all.filter((m) => opt.only.some((spec) => {
    const [f, line, from, to, col] = spec.split(":");
    return (m.file === f || m.file.endsWith("/" + f)) && m.line === Number(line) && (!from || m.from === from) && (!to || m.to === to) &&
      (!col || m.col === Number(col));
  }));
}
if (opt.shard) chosen = chosen.filter((_, k) => k % opt.shard[1] === opt.shard[0] - 1);
const inOrder = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.at - b.at);

// ---- The ledger -----------------------------------------------------------------------------------------

const LEDGER_FIELDS = ["file", "sha", "at", "line", "col", "kind", "from", "to", "verdict", "by", "seconds", "judge"];
const siteKey = (m) => `${m.file}\t${m.sha}\t${m.at}\t${m.to}`;
// Every verdict of every ledger read, the last one of a site winning; `current` those whose file is unchanged.
function readLedger() {
  const bySite = new Map();
  for (const f of opt.ledger) {
    if (!existsSync(f)) continue;
    for (const line of readFileSync(f, "utf8").split("\n")) {
      if (!line || line.startsWith("#")) continue;
      const v = line.split("\t");
      const e = Object.fromEntries(LEDGER_FIELDS.map((k, i) => [k, v[i]]));
      e.at = Number(e.at), e.line = Number(e.line), e.col = Number(e.col), e.seconds = Number(e.seconds);
      bySite.set(siteKey(e), e);
    }
  }
  const shaOf = new Map();
  const current = [];
  let stale = 0;
  for (const e of bySite.values()) {
    if (!shaOf.has(e.file)) shaOf.set(e.file, existsSync(join(ROOT, e.file)) ? sites(e.file)[0]?.sha ?? null : null);
    if (shaOf.get(e.file) === e.sha) current.push(e);
    else stale++;
  }
  return { bySite, current, stale };
}
function appendLedger(r) {
  if (!existsSync(opt.ledger[0])) writeFileSync(opt.ledger[0], "# " + LEDGER_FIELDS.join("\t") + "\n");
  appendFileSync(opt.ledger[0], LEDGER_FIELDS.map((k) => (k === "seconds" ? r.seconds.toFixed(1) : String(r[k]).replace(/[\t\n]/g, " "))).join("\t") + "\n");
}
const ledger = readLedger();
// This run, for the report's line on it.
let t0 = 0, t1 = 0, left = 0;
const judged = [];
const runInfo = { started: false, date: new Date().toISOString().slice(0, 10), drawnText: drawnDescription() };
const gateName = opt.asan ? "gate-asan" : "gate";
const judgeOf = (file) => (familiesFor(file).length ? gateName + "+" + familiesFor(file).join(",") : gateName);
// A survivor is judged again when this run judges by more: populations, or the sanitized gate.
const judgesMore = (was, now) => (was.startsWith("gate-asan") ? false : now.startsWith("gate-asan")) ||
  (!was.includes("+") && now.includes("+"));
if (opt.resume) {
  const before = chosen.length;
  chosen = chosen.filter((m) => {
    const e = ledger.bySite.get(siteKey(m));
    if (!e) return true;
    return e.verdict === "survived" && judgesMore(e.judge, judgeOf(m.file));
  });
  console.log(`mutate: --resume: ${before - chosen.length} of ${before} drawn sites already in the ledger`);
}
if (opt.unread) {
  const verdicts = readVerdicts(), chosenFiles = new Set(files);
  const unread = ledger.current.filter((r) => r.verdict === "survived" && chosenFiles.has(r.file) && !verdicts.has(verdictKey(r)));
  for (const r of unread.sort(inOrder)) {
    const text = readFileSync(join(ROOT, r.file), "utf8").split("\n")[r.line - 1] ?? "";
    console.log(`${r.file}:${r.line}:${r.from}:${r.to}:${r.col}\t${text.trim()}`);
  }
  console.error(`mutate: ${unread.length} unread survivors in ${files.length} files`);
  process.exit(0);
}
if (opt.reportOnly || !chosen.length) {
  writeReport();
  console.log(`mutate: ${ledger.current.length} current verdicts (${ledger.stale} stale) in ${relative(ROOT, opt.out)}`);
  process.exit(0);
}
if (opt.list) {
  chosen.sort(inOrder);
  for (const m of chosen) console.log(`${m.file}:${m.line}:${m.col} ${m.kind} ${m.from} -> ${m.to}`);
  console.log(`${chosen.length} of ${all.length} sites in ${files.length} files`);
  process.exit(0);
}

function familiesFor(file) {
  if (opt.noPopulations) return [];
  if (opt.families) return opt.families;
  const base = file.slice(file.lastIndexOf("/") + 1);
  if (base.startsWith("path")) return ["path", "path-grid", "path-stated"];
  if (base === "ik.c") return ["ik"];
  if (base === "transform.c") return ["transform"];
  if (base === "slider.c") return ["slider"];
  if (base === "physics.c") return ["physics"];
  if (base.startsWith("timeline") || base === "animation.c") return ["timeline", "apply", "mixing"];
  if (base.startsWith("bone")) return ["bones", "order"];
  if (base === "vertices.c" || file.includes("/render/") || base === "read_attachments.c" || base === "atlas.c") return ["meshes", "clipping"];
  if (file.includes("/play/")) return ["mixing"];
  if (base === "read_animations.c" || base === "read_curves.c" || base === "read_constraint_timelines.c") return ["timeline", "apply"];
  if (base === "read_constraints.c") return ["path", "ik", "transform", "physics"];
  return ["bones", "path", "ik", "transform"];
}

// ---- The copies -----------------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), "posecore-mutate-"));
const trees = [];
function makeTree(tree) {
  mkdirSync(tree);
  for (const entry of readdirSync(ROOT)) {
    if ([".git", "build", "reports", "node_modules"].includes(entry)) continue;
    if (entry === "oracle" || entry === "probes") {
      mkdirSync(join(tree, entry));
      for (const e of readdirSync(join(ROOT, entry))) {
        if (e === "node_modules" || e === "cache") symlinkSync(resolve(ROOT, entry, e), join(tree, entry, e));
        else cpSync(join(ROOT, entry, e), join(tree, entry, e), { recursive: true });
      }
      continue;
    }
    cpSync(join(ROOT, entry), join(tree, entry), { recursive: true });
  }
  mkdirSync(join(tree, "reports"));
  for (const e of readdirSync(join(ROOT, "reports"))) if (e !== "latest" && e !== "probes") cpSync(join(ROOT, "reports", e), join(tree, "reports", e), { recursive: true });
  mkdirSync(join(tree, "build"));
  writeFileSync(join(tree, "build/.bootstrapped"), "");
}
const env = { ...process.env, PROBE_CACHE: resolve(ROOT, "probes/cache") };

// A command in a tree, in a process group of its own (a timeout ends the whole group: probes/run's
// children too); resolves to its status, whether it timed out, and its output.
function run(tree, cmd, argv, seconds, extra = {}, keep = 1 << 20) {
  return new Promise((done) => {
    const p = spawn(cmd, argv, { cwd: tree, env: { ...env, ...extra }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "", timedOut = false;
    p.stdout.on("data", (d) => { if (out.length < keep) out += d; });
    p.stderr.on("data", (d) => { if (out.length < keep) out += d; });
    const timer = setTimeout(() => { timedOut = true; try { process.kill(-p.pid, "SIGKILL"); } catch {} }, seconds * 1000);
    p.on("close", (code, signal) => { clearTimeout(timer); done({ code: code === null ? 128 : code, timedOut, out }); });
  });
}
// Which functions each case enters, from gcov, one case at a time in a copy built with --coverage at -O0,
// with always_inline made noinline: an inlined body's lines are counted under its caller, or not at all
// (timeline_bone.c's scaled(): its first line counted 0 while the next counted 5). By function, not by
// line: a line's count can be 0 while a token on it decides (the && that begins a continued condition
// is decided on the line before; a switch's `case 3:` by the switch's line).
// A copy that builds something else than the tree judges would be a wrong map: it must pass every case.
const COVERAGE_CFLAGS = "-O0 --coverage -Wl,-u,__gcov_dump -Dalways_inline=noinline";
// Built without link-time optimisation and at -O1 (fast to rebuild; the same IEEE operations, so the
// same bits as every check of the tree runs on). Only what the judge runs is rebuilt: the mutated
// file's object (and the one restored since the last mutant), the library's archive and
// build/bin/casegate; the CLI and the probe programs only when the stored cases pass.
// (CFLAGS from the environment: the Makefile's `CFLAGS ?=` takes it and adds the required flags.)
const makeJobs = `-j${opt.jobs > 1 ? 1 : 2}`;
const buildJudge = (tree) => run(tree, "make", ["-s", makeJobs, "build/bin/casegate"], 900, { CFLAGS: "-O1" });
const buildAll = (tree) => run(tree, "make", ["-s", makeJobs, "all", "probe-tools", "build/bin/casegate"], 900, { CFLAGS: "-O1" });
// The stored cases of gates/corpus_gate --no-rigs, judged the same way in one process (gates/casegate.c).
// A case left unsupported fails: the unmutated copy passes every stored case, so the mutant changed a pose.
// A case is ended after 60 s; the whole gate after 240 s (a mutant that hangs casegate's own reading:
// wholefile.c:19:15 held a copy for the old 900 s), the unmutated copy's full run after 900.
const gate = (tree, full, cases = opt.cases) => run(tree, "build/bin/casegate", (full ? ["--quiet", "--unsupported-fails"]
  : ["--quiet", "--fail-fast", "--unsupported-fails", "--timeout", "60"]).concat(cases ?? []), full ? 900 : 240);
// --asan: the same cases through the sanitized casegate (core/reader.mk's gate-asan), leaks included; its
// build recompiles the mutated file's sanitized object and relinks it. Cases run 3 to 5 times slower.
const buildAsan = (tree) => run(tree, "make", ["-s", makeJobs, "build/asan/bin/casegate"], 900, { CFLAGS: "-O1" });
const asanGate = (tree, full, cases = opt.cases) => run(tree, "build/asan/bin/casegate", (full ? ["--quiet", "--unsupported-fails"]
  : ["--quiet", "--fail-fast", "--unsupported-fails", "--timeout", "120"]).concat(cases ?? []), full ? 1800 : 600,
  { ASAN_OPTIONS: "detect_leaks=1", UBSAN_OPTIONS: "print_stacktrace=1" });
const probe = (tree, f) => run(tree, "probes/run", ["--family", f, "--pop", "200", "--seed", "1", "--fail-on-miss", "--quiet",
  "--jobs", String(opt.jobs > 1 ? 1 : 2)], 900);

// A population that kills a mutant keeps its misses in the tree's reports/probes/LABEL/: the first (by
// name) is copied to build/mutation-kills/FILE-LINE-COL/ (--kills DIR: DIR/FILE-LINE-COL/; for `make adopt PROBE=...`: a corpus case that
// kills the mutant with the gate alone), and the tree's kept misses are cleared for the next mutant.
function keepFirstMiss(tree, m) {
  const root = join(tree, "reports/probes");
  if (!m || !existsSync(root)) return null;
  let first = null;
  for (const label of readdirSync(root).sort()) {
    const names = readdirSync(join(root, label)).filter((n) => n.endsWith(".json")).sort();
    if (names.length) { first = { label, name: names[0].slice(0, -5) }; break; }
  }
  let kept = null;
  if (first) {
    const dest = join(opt.kills, `${m.file.slice(m.file.lastIndexOf("/") + 1, -2)}-${m.line}-${m.col}`);
    mkdirSync(dest, { recursive: true });
    for (const n of readdirSync(join(root, first.label))) if (n.startsWith(first.name + ".")) cpSync(join(root, first.label, n), join(dest, n));
    kept = relative(ROOT, join(dest, first.name));
  }
  rmSync(root, { recursive: true, force: true });
  return kept;
}

async function judge(tree, families, full = false, mutant = null) {
  const b = await buildJudge(tree);
  if (b.code !== 0) return { verdict: "stillborn", by: "does not compile" };
  const cases = mutant ? casesFor(mutant) : undefined;
  const unreached = cases !== undefined && !cases.length;
  const g = unreached ? { code: 0 } : await gate(tree, full, cases);
  if (g.code !== 0) {
    const first = /^FAILED +cases\/([^:\s]+)/m.exec(g.out);
    const failed = /(\d+) passed, (\d+) failed/.exec(g.out);
    return { verdict: "killed", by: g.timedOut ? "gate (timeout)" : full ? `gate (${failed ? failed[2] : "?"} cases)` : `gate (${first ? first[1] : "?"})` };
  }
  if (opt.asan && !unreached) {
    const ab = await buildAsan(tree);
    if (ab.code !== 0) return { verdict: "stillborn", by: "does not compile (sanitized)" };
    const ag = await asanGate(tree, full, cases);
    if (ag.code !== 0) {
      const first = /^FAILED +cases\/([^:\s]+)/m.exec(ag.out);
      const failed = /(\d+) passed, (\d+) failed/.exec(ag.out);
      return { verdict: "killed", by: ag.timedOut ? "gate-asan (timeout)" : full ? `gate-asan (${failed ? failed[2] : "?"} cases)` : `gate-asan (${first ? first[1] : "?"})` };
    }
  }
  if (!families.length) return { verdict: "survived", by: unreached ? `${gateName} (no stored case enters the function)` :
    cases ? `${gateName} (the ${cases.length} cases that enter the function)` : `${gateName} (no populations run)` };
  const a = await buildAll(tree);
  if (a.code !== 0) return { verdict: "stillborn", by: "does not compile (the programs)" };
  for (const f of families) {
    const p = await probe(tree, f);
    if (p.code !== 0) {
      const missed = /(\d+) exact of (\d+) \((\d+) missed\)/.exec(p.out);
      const kept = keepFirstMiss(tree, mutant);
      return { verdict: "killed", by: p.timedOut ? `${f} (timeout)` : `${f} population (${missed ? missed[3] + " of " + missed[2] : "exit " + p.code}` +
        `${kept ? `; first miss kept: ${kept}` : ""})` };
    }
  }
  return { verdict: "survived", by: families.length ? `${gateName}, ${families.join(", ")} at 200` : `${gateName} (no populations run)` };
}

// The first copy is built whole and must pass everything it will be judged by (the populations of every
// family the chosen files take: their oracle answers are cached then); the others are copies of it, its
// build included (timestamps kept: nothing is rebuilt).
t0 = Date.now();
trees.push(join(work, "tree1"));
makeTree(trees[0]);
const baseBuild = await buildAll(trees[0]);
if (baseBuild.code !== 0) {
  process.stderr.write(`mutate: the unmutated copy does not build:\n${baseBuild.out}\n`);
  process.exit(2);
}
const baseFamilies = [...new Set(chosen.map((m) => familiesFor(m.file)).flat())];
const base = await judge(trees[0], baseFamilies, true);
if (base.verdict !== "survived") {
  process.stderr.write(`mutate: the unmutated copy fails its own checks: ${base.verdict} by ${base.by}\n`);
  process.exit(2);
}
const coverage = opt.coverage ? await coverageMap() : null;
for (let k = 1; k < opt.jobs; k++) {
  trees.push(join(work, `tree${k + 1}`));
  cpSync(trees[0], trees[k], { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
}
console.log(`mutate: ${chosen.length} of ${all.length} sites in ${files.length} files (seed ${opt.seed}); ` +
  `${trees.length} ${trees.length > 1 ? "copies" : "copy"} in ${work}; baseline ${((Date.now() - t0) / 1000).toFixed(0)} s`);
t1 = Date.now();
runInfo.started = true;
let next = 0, reportedAt = 0;
async function worker(tree) {
  for (;;) {
    const k = next++;
    if (k >= chosen.length) return;
    if ((Date.now() - t0) / 60000 > opt.minutes) { left++; continue; }
    const m = chosen[k];
    const path = join(tree, m.file);
    const original = readFileSync(path, "utf8");
    writeFileSync(path, original.slice(0, m.at) + m.to + original.slice(m.at + m.len));
    const started = Date.now();
    const r = await judge(tree, familiesFor(m.file), false, m);
    writeFileSync(path, original);
    judged[k] = { ...m, ...r, seconds: (Date.now() - started) / 1000, judge: judgeOf(m.file) };
    appendLedger(judged[k]);
    console.log(`mutate ${k + 1}/${chosen.length} ${m.file}:${m.line}:${m.col} ${m.kind} \`${m.from}\` -> \`${m.to}\`: ${r.verdict} (${r.by}) ${judged[k].seconds.toFixed(1)} s`);
    if (Date.now() - reportedAt > 30000) writeReport(), reportedAt = Date.now();
  }
}
await Promise.all(trees.map(worker));
rmSync(work, { recursive: true, force: true });
writeReport();
const done = judged.filter(Boolean);
console.log(`mutate: killed ${count(done, "killed")}, survived ${count(done, "survived")}, stillborn ${count(done, "stillborn")}` +
  `${left ? `, ${left} not begun (--minutes)` : ""}; ${relative(ROOT, opt.out)}`);

// ---- Which stored cases run a line -----------------------------------------------------------------------

// The stored cases the gate runs (casegate's order: byte order of the names), or --cases.
function caseNames() {
  if (opt.cases) return opt.cases;
  return readdirSync(join(ROOT, "corpus/cases")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5))
    .sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : Buffer.from(a) > Buffer.from(b) ? 1 : 0));
}
// Every file under dir (relative to dir), recursively.
function walk(dir, rel = "") {
  if (!existsSync(join(dir, rel))) return [];
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(dir, join(rel, d.name)) : [join(rel, d.name)]).sort();
}
// The map's key: everything that decides which lines a case runs (the sources, the cases, the options).
function coverageKey(names) {
  const h = createHash("sha1");
  for (const dir of ["core/src", "core/cli", "core/include", "gates/casegate.c", "gates/options", "corpus", "probes/sha256.c"]) {
    const files = statSync(join(ROOT, dir)).isDirectory() ? walk(join(ROOT, dir)).map((f) => join(dir, f)) : [dir];
    for (const f of files) h.update(f + "\0").update(readFileSync(join(ROOT, f))).update("\0");
  }
  h.update(names.join("\n")).update(COVERAGE_CFLAGS + " by function");
  return h.digest("hex").slice(0, 16);
}
// What the cases enter (the comment above COVERAGE_CFLAGS): { names, rank, files: file -> "start-end" -> case indexes }.
async function coverageMap() {
  const names = caseNames();
  const key = coverageKey(names);
  const cache = join(ROOT, "build/mutate-coverage", `${key}.json`);
  let raw;
  if (existsSync(cache)) raw = JSON.parse(readFileSync(cache, "utf8"));
  else {
    const started = Date.now();
    const tree = join(work, "coverage");
    makeTree(tree);
    const b = await run(tree, "make", ["-s", "-j2", "build/bin/casegate"], 900, { CFLAGS: COVERAGE_CFLAGS });
    if (b.code !== 0) { process.stderr.write(`mutate: the coverage copy does not build:\n${b.out}\n`); process.exit(2); }
    const objDir = join(tree, "build/obj/core/src");
    raw = { names, files: {} };
    for (let k = 0; k < names.length; k++) {
      for (const f of walk(objDir)) if (f.endsWith(".gcda")) rmSync(join(objDir, f));
      const g = await run(tree, "build/bin/casegate", ["--quiet", names[k]], 900);
      if (g.code !== 0) { process.stderr.write(`mutate: the coverage copy fails ${names[k]}:\n${g.out}\n`); process.exit(2); }
      const gcda = walk(objDir).filter((f) => f.endsWith(".gcda")).map((f) => join("build/obj/core/src", f));
      const j = await run(tree, "gcov", ["--json-format", "--stdout", ...gcda], 900, {}, 1 << 30);
      if (j.code !== 0) { process.stderr.write(`mutate: gcov failed:\n${j.out.slice(0, 2000)}\n`); process.exit(2); }
      for (const text of j.out.split("\n")) {
        if (!text.startsWith("{")) continue;
        for (const f of JSON.parse(text).files) {
          if (!f.file.startsWith("core/src/")) continue;
          const fns = (raw.files[f.file] ??= {});
          for (const fn of f.functions) {
            const ran = (fns[`${fn.start_line}-${fn.end_line}`] ??= []);
            if (fn.execution_count > 0 && ran[ran.length - 1] !== k) ran.push(k);
          }
        }
      }
    }
    mkdirSync(join(cache, ".."), { recursive: true });
    writeFileSync(cache, JSON.stringify(raw));
    console.log(`mutate: which functions each of the ${names.length} stored cases enters (gcov), ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  // The cases that killed most mutants (the ledger) are tried first.
  const kills = new Map();
  for (const e of ledger.current) {
    const c = /^gate \(([^()\s]+)\)$/.exec(e.by)?.[1];
    if (e.verdict === "killed" && c) kills.set(c, (kills.get(c) || 0) + 1);
  }
  const rank = names.map((_, k) => k).sort((a, b) => (kills.get(names[b]) || 0) - (kills.get(names[a]) || 0) || a - b);
  const map = { names, rank, files: raw.files };
  // The map checked against the ledger: a case that killed a mutant must enter its function.
  const index = new Map(names.map((n, k) => [n, k]));
  let agree = 0, disagree = 0;
  for (const e of ledger.current) {
    const c = /^gate \(([^()\s]+)\)$/.exec(e.by)?.[1];
    if (e.verdict !== "killed" || !c || !index.has(c)) continue;
    const ran = enclosing(map, e.file, e.line);
    if (!ran || ran.includes(index.get(c))) agree++;
    else { disagree++; process.stderr.write(`mutate: ${c} killed ${e.file}:${e.line}:${e.col} but gcov says it does not enter the function\n`); }
  }
  console.log(`mutate: coverage map checked on the ledger: ${agree} kills by a case that enters the function, ${disagree} not`);
  if (disagree) process.exit(2);
  return map;
}
// The cases that enter the function around a line (the innermost gcov lists), or null outside any.
function enclosing(map, file, line) {
  let best = null, span = Infinity;
  for (const [range, ran] of Object.entries(map.files[file] ?? {})) {
    const [a, b] = range.split("-").map(Number);
    if (a <= line && line <= b && b - a < span) best = ran, span = b - a;
  }
  return best;
}
// The stored cases that enter the mutant's function, by rank; the whole gate outside any function.
function casesFor(m) {
  if (!coverage) return opt.cases;
  const ran = enclosing(coverage, m.file, m.line);
  if (!ran) return opt.cases;
  const set = new Set(ran);
  return coverage.rank.filter((k) => set.has(k)).map((k) => coverage.names[k]);
}

function drawnDescription() {
  if (opt.only) return `named by --only`;
  const how = `(seed ${opt.seed}${opt.shard ? `, shard ${opt.shard.join("/")}` : ""}${opt.resume ? ", less those in the ledger" : ""})`;
  return groups.length === 1 ? `drawn from the ${all.length} sites of ${files.length} files ${how}` :
    `drawn ${how} by group: ` + groups.map((g, k) => `${drawn[k].length} of the ${g.flatMap(sites).length} sites of ${g.length} files`).join("; ");
}

// ---- The report ---------------------------------------------------------------------------------------

// The hand verdicts of survivors: file, sha, line, col, from, to, verdict, why (tab-separated), keyed
// by their first six fields.
function verdictKey(r) { return [r.file, r.sha, r.line, r.col, r.from, r.to].join("\t"); }
function readVerdicts() {
  const out = new Map();
  const f = join(ROOT, "reports/mutation-verdicts.tsv");
  if (!existsSync(f)) return out;
  for (const line of readFileSync(f, "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const v = line.split("\t");
    out.set(v.slice(0, 6).join("\t"), { verdict: v[6], why: v[7] || "" });
  }
  return out;
}
function count(list, v) { return list.filter((r) => r.verdict === v).length; }
// Written from the ledger's current verdicts (every run's), with this run's draw and times in a line.
function writeReport() {
const now = readLedger().current;
const coreFiles = readdirSync(join(ROOT, "core/src"), { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => globFiles([`core/src/${d.name}/*.c`]));
const totalSites = coreFiles.reduce((n, f) => n + sites(f).length, 0);
const byGate = (r) => r.verdict === "killed" && r.by.startsWith("gate");
const byGateAlone = (r) => !r.judge.includes("+");
const lines = [];
lines.push("# Mutation testing", "");
lines.push("`make mutate` (gates/mutate.mjs) changes one token of the core's C sources at a time (a relation to its " +
  "neighbour, `+ - * /` to their partners, `&&`/`||` swapped, a constant's last digit), builds the mutant at -O1 in a " +
  "copy of the tree and judges it: first by the stored-case gate (`build/bin/casegate --fail-fast --unsupported-fails`: the " +
  "verdicts of `gates/corpus_gate --no-rigs` in one process; the rigs, posed live by the oracle, are left out; only the " +
  "cases that enter the mutated function, by gcov's map of a --coverage build, since the others cannot see it), then, " +
  "unless the run says `--no-populations`, by the CI-sized populations (200, seed 1) of its file's families, stopping at the " +
  "first that fails. Every verdict goes to the ledger `reports/mutation.tsv` and counts while its file is unchanged; " +
  "this report is written from it.", "");
const judgedSites = now.length;
lines.push(`**Coverage:** ${judgedSites} of the ${totalSites} sites of the core's ${coreFiles.length} files judged ` +
  `(${now.filter((r) => !byGateAlone(r)).length} by the gate and the populations, ${now.filter(byGateAlone).length} by the gate alone; ` +
  `${now.filter((r) => r.judge.startsWith("gate-asan")).length} of them also by the sanitized gate, which killed ${now.filter((r) => r.verdict === "killed" && r.by.startsWith("gate-asan")).length}).`, "");
if (runInfo.started) {
  const results = judged.filter(Boolean);
  const wall = (Date.now() - t1) / 1000;
  lines.push(`**The last run** (${runInfo.date}): ${results.length} of ${chosen.length} mutants ${runInfo.drawnText}, ` +
    `${opt.noPopulations ? "the gate alone" : "the gate and the populations"}; ${((Date.now() - t0) / 60000).toFixed(1)} minutes, ` +
    `${opt.jobs} ${opt.jobs > 1 ? "copies" : "copy"} judged at once, ${results.length ? (wall / results.length).toFixed(1) : "-"} s of wall time a mutant` +
    `${left ? ` (${left} not begun: --minutes ${opt.minutes})` : ""}.`, "");
}
const k = count(now, "killed"), sv = count(now, "survived"), sb = count(now, "stillborn");
lines.push(`Killed ${k} (${now.filter(byGate).length} by the gate), survived ${sv}, stillborn (no compile) ${sb}.`, "");
lines.push("| file | sites | judged | killed by the gate | killed by a population | survived | of which the gate alone judged | stillborn |",
  "|---|---|---|---|---|---|---|---|");
for (const f of coreFiles) {
  const rs = now.filter((r) => r.file === f);
  const g = rs.filter(byGate).length;
  lines.push(`| \`${f}\` | ${sites(f).length} | ${rs.length} | ${g} | ${count(rs, "killed") - g} | ${count(rs, "survived")} | ` +
    `${rs.filter((r) => r.verdict === "survived" && byGateAlone(r)).length} | ${count(rs, "stillborn")} |`);
}
const g = now.filter(byGate).length;
lines.push(`| **all** | ${totalSites} | ${now.length} | ${g} | ${k - g} | ${sv} | ${now.filter((r) => r.verdict === "survived" && byGateAlone(r)).length} | ${sb} |`);
const killers = new Map();
for (const r of now.filter(byGate)) { const c = /\((.*)\)/.exec(r.by)?.[1] ?? r.by; killers.set(c, (killers.get(c) || 0) + 1); }
const top = [...killers].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
lines.push("", `The stored cases that killed first (${top.length} cases): ` + top.slice(0, 25).map(([c, n]) => `\`${c}\` ${n}`).join(", ") +
  (top.length > 25 ? `, and ${top.length - 25} more` : "") + ".", "");
const site = (r) => `\`${r.file}:${r.line}:${r.col}\``;
const popKills = now.filter((r) => r.verdict === "killed" && !byGate(r)).sort(inOrder);
lines.push(`## Killed by a population, not by the gate (${popKills.length})`, "",
  "Each one a gap of the stored cases: the probe that kills it is a corpus case to adopt.", "",
  "| site | kind | change | by |", "|---|---|---|---|");
for (const r of popKills) lines.push(`| ${site(r)} | ${r.kind} | \`${r.from}\` → \`${r.to}\` | ${r.by} |`);
const survivors = now.filter((r) => r.verdict === "survived").sort(inOrder);
const verdicts = readVerdicts();
const readOf = (r) => verdicts.get(verdictKey(r));
const classes = new Map();
for (const r of survivors) { const v = readOf(r)?.verdict ?? "unread"; classes.set(v, (classes.get(v) || 0) + 1); }
lines.push("", `## Every survivor (${survivors.length})`, "",
  "Each survivor is read by hand and its verdict kept in `reports/mutation-verdicts.tsv` (while its file is unchanged): " +
  "`equivalent` (no input tells it apart: the sentence says why), `believed-equivalent` (argued, not proven), " +
  "`rejected-reading` (code only a rejected reading of a rule runs), `killed-by-tests` (no stored case sees it, another " +
  "check of `make test` fails on it: the unit tests, the gate's sensitivity, `probes/rules --check RULES.md`; the why " +
  "names it, `gates/mutant_check --test` shows it), `not-run` (not compiled here, or never called " +
  "by the harness), `memory-error` (the same poses; the sanitizers' to catch), `not-killed` (not equivalent, or not " +
  "shown so: a corpus case is owed), or `unread`.", "",
  "| verdict | survivors |", "|---|---|",
  ...[...classes].sort((a, b) => b[1] - a[1]).map(([v, n]) => `| ${v} | ${n} |`), "",
  "| site | kind | change | judged by | verdict | why |", "|---|---|---|---|---|---|");
for (const r of survivors) {
  const v = readOf(r);
  lines.push(`| ${site(r)} | ${r.kind} | \`${r.from}\` → \`${r.to}\` | ${byGateAlone(r) ? (r.judge === "gate-asan" ? "the gate alone (and sanitized)" : "the gate alone") : r.by} | ` +
    `${v ? v.verdict : "**unread**"} | ${v ? v.why.replace(/\|/g, "\\|") : ""} |`);
}
const alive = new Set(survivors.map(verdictKey));
const dead = [...verdicts.keys()].filter((k) => !alive.has(k));
if (dead.length) lines.push("", `(${dead.length} verdicts of \`reports/mutation-verdicts.tsv\` name no current survivor: ` +
  `killed since, judged on a file since changed, or not judged yet.)`);
lines.push("");
mkdirSync(join(opt.out, ".."), { recursive: true });
// The hand-written judgement of the survivors (`## The survivors` to the end) is kept across runs.
const before = existsSync(opt.out) ? readFileSync(opt.out, "utf8") : "";
const notes = before.indexOf("\n## The survivors");
writeFileSync(opt.out, lines.join("\n") + (notes >= 0 ? before.slice(notes) : ""));
}
