#!/usr/bin/env node
// make fuzz-parity (issue 20): the inputs a fuzzer kept (inputs no one wrote), each through the core
// (build/bin/posecore check) and spine-core (the oracle's runJob): the verdicts must agree (both accept,
// or both refuse); where both accept, both dump it and the dumps must be identical at tolerance 0
// (posediff). --kind skeleton (build/fuzz/corpus/skeleton): each input is the document, dumped with
// --skin all --samples 3. --kind atlas (build/fuzz/corpus/atlas): each input is the atlas a fixed document
// (--doc, corpus/cases/atlas-regions.json) is read against, dumped with --atlas and --vertices too.
// The core's unsupported (exit 3; the oracle is not run), the oracle's unrepresentable (exit 3), both
// refusing while posing and a document naming two bones alike (the dump keys rows by name: posediff reads
// neither) are counted apart, never as identical.
// The oracle runs in a worker process (this file, --worker), every input in turn: an input on which V8
// itself dies (a fatal "invalid size" when an array outgrows V8's limit) or that runs past --timeout
// seconds is named and the worker restarted on the inputs after it. Dying on the check, spine-core has
// no answer: the core must call the input unsupported (oracle/FORMAT.md, Limits), so a core that accepts
// or refuses it disagrees. Dying on the dump (both accepted it; the pose or the dump's text outgrew V8),
// there is nothing to compare: named and counted apart.
// Prints the counts and every disagreement; exit 1 on any.
//
//   node gates/fuzz_parity.mjs [--kind skeleton|atlas] [--dir DIR] [--doc FILE] [--max N] [--posecore PATH]
//                              [--timeout SECONDS]
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs, runJob } from "../oracle/pose_oracle.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const OPTIONS = ["--skin", "all", "--samples", "3"];
const USAGE = "usage: fuzz_parity.mjs [--kind skeleton|atlas] [--dir DIR] [--doc FILE] [--max N] [--posecore PATH] [--timeout SECONDS]\n";

// What each side is given: the input as the document, or the fixed document read against the input.
const checkArgs = (kind, doc, path) => (kind === "atlas" ? [doc, "--atlas", path] : [path]);
const dumpArgs = (kind, doc, path) =>
  (kind === "atlas" ? [doc, ...OPTIONS, "--atlas", path, "--vertices"] : [path, ...OPTIONS]);

/** The worker: one job a line on stdin ({ i, path }); on stdout a line { i, check } once the check is
 *  answered, then { i, dump } where the check accepted (the oracle's dump text in WORK/o-I.dump). */
async function worker(kind, doc, work) {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === "") continue;
    const { i, path } = JSON.parse(line);
    const check = runJob("check", parseArgs(checkArgs(kind, doc, path), { verb: "check" }));
    process.stdout.write(`${JSON.stringify({ i, check: { code: check.code, message: check.message } })}\n`);
    if (check.code !== 0) continue;
    const r = runJob("dump", parseArgs(dumpArgs(kind, doc, path), { verb: "dump" }));
    if (r.code === 0) writeFileSync(join(work, `o-${i}.dump`), r.text);
    process.stdout.write(`${JSON.stringify({ i, dump: { code: r.code, message: r.message } })}\n`);
  }
}

/** Runs the oracle on every job through workers: answers.get(i) = { check, dump }, where check or dump
 *  may be { died: why } (the worker died or ran out of time on it). */
async function runOracle(kind, doc, work, jobs, timeoutSeconds) {
  const answers = new Map(jobs.map((j) => [j.i, { check: null, dump: null }]));
  const done = (j) => {
    const a = answers.get(j.i);
    return a.check !== null && (a.check.code !== 0 || a.dump !== null);
  };
  let pending = jobs.slice();
  while (pending.length) {
    const child = spawn(process.execPath, [SELF, "--worker", kind, doc, work], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "", timedOut = false, timer = null;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => { timedOut = true; child.kill("SIGKILL"); }, timeoutSeconds * 1000);
    };
    child.stderr.on("data", (d) => { if (stderr.length < 65536) stderr += d; });
    child.stdin.on("error", () => { /* the worker died: what it left is run again */ });
    const exited = new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
    arm();
    child.stdin.end(pending.map((j) => `${JSON.stringify(j)}\n`).join(""));
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
      const a = JSON.parse(line);
      Object.assign(answers.get(a.i), a.check ? { check: a.check } : { dump: a.dump });
      arm();
    }
    const { code, signal } = await exited;
    clearTimeout(timer);
    const left = pending.filter((j) => !done(j));
    if (!left.length) break;
    // The first job not done is the one the worker died on: in its check, or in its dump.
    const lines = stderr.split("\n").map((l) => l.replace(/^#\s*/, "").trim()).filter((l) => l !== "");
    const said = lines.find((l) => /fatal|error/i.test(l)) ?? lines[0] ?? "no message";
    const why = timedOut ? `ran past ${timeoutSeconds} s` : `died (${signal ? `signal ${signal}` : `exit ${code}`}: ${said})`;
    const a = answers.get(left[0].i);
    if (a.check === null) a.check = { died: why };
    else a.dump = { died: why };
    pending = left.slice(1);
  }
  return answers;
}

async function main(args) {
  if (args[0] === "--worker") return worker(args[1], args[2], args[3]);
  let kind = "skeleton", dir = null, doc = join(ROOT, "corpus/cases/atlas-regions.json"), max = Infinity,
    posecore = join(ROOT, "build/bin/posecore"), timeout = 120;
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === "--kind" && ["skeleton", "atlas"].includes(args[i + 1])) kind = args[i + 1];
    else if (args[i] === "--dir" && args[i + 1]) dir = args[i + 1];
    else if (args[i] === "--doc" && args[i + 1]) doc = args[i + 1];
    else if (args[i] === "--max" && Number(args[i + 1]) >= 0) max = Number(args[i + 1]);
    else if (args[i] === "--posecore" && args[i + 1]) posecore = args[i + 1];
    else if (args[i] === "--timeout" && Number(args[i + 1]) > 0) timeout = Number(args[i + 1]);
    else {
      process.stderr.write(USAGE);
      return 2;
    }
  }
  dir ??= join(ROOT, "build/fuzz/corpus", kind);
  if (!existsSync(dir)) {
    console.log(`fuzz-parity: no fuzzer corpus at ${dir} (make fuzz first): nothing compared`);
    return 0;
  }
  // Inputs of at most 64 KB (a large one could keep the oracle long).
  const inputs = readdirSync(dir).sort().filter((f) => statSync(join(dir, f)).size <= 65536).slice(0, max);
  const work = mkdtempSync(join(tmpdir(), "posecore-fuzz-parity-"));
  const n = { both_refuse: 0, both_accept: 0, identical: 0, both_refuse_posing: 0, duplicate_names: 0, core_unsupported: 0,
    oracle_unrepresentable: 0, oracle_died_reading: 0, oracle_died_dumping: 0, disagree: 0 };
  const problems = [], notes = [];
  try {
    // The core first: what it calls unsupported is not given to the oracle.
    const jobs = [], core = new Map();
    inputs.forEach((f, i) => {
      const path = join(dir, f);
      const c = spawnSync(posecore, ["check", ...checkArgs(kind, doc, path)], { encoding: "utf8" });
      if (c.status === 3) { n.core_unsupported++; return; }
      core.set(i, c);
      jobs.push({ i, path });
    });
    const oracle = await runOracle(kind, doc, work, jobs, timeout);
    for (const { i, path } of jobs) {
      const f = inputs[i], c = core.get(i), a = oracle.get(i);
      const coreSays = `core exit ${c.status} (${(c.stderr || c.stdout || "accepted").trim()})`;
      // Where spine-core itself has no answer, the core must say unsupported (it did not: status 3 is not
      // given to the oracle).
      if (a.check.died) {
        n.oracle_died_reading++;
        n.disagree++;
        problems.push(`${f}: the oracle ${a.check.died} reading it; ${coreSays}, not unsupported`);
        continue;
      }
      const o = a.check;
      if (o.code === 3) { n.oracle_unrepresentable++; continue; }
      if ((o.code === 0) !== (c.status === 0) || ![0, 2].includes(o.code) || ![0, 2].includes(c.status)) {
        n.disagree++;
        problems.push(`${f}: oracle exit ${o.code} (${o.message || "accepted"}), ${coreSays}`);
        continue;
      }
      if (o.code === 2) { n.both_refuse++; continue; }
      n.both_accept++;
      const od = a.dump;
      const coreDump = join(work, "c.dump"), out = openSync(coreDump, "w");
      const cd = spawnSync(posecore, ["dump", ...dumpArgs(kind, doc, path)], { encoding: "utf8", stdio: ["ignore", out, "pipe"] });
      closeSync(out);
      if (cd.status === 3) { n.core_unsupported++; continue; }
      // Both read it and the oracle died posing or writing it (an array past V8's length, a dump past its
      // string length): no dump to compare with, named and counted apart.
      if (od.died) {
        n.oracle_died_dumping++;
        notes.push(`${f}: not compared: the oracle ${od.died} dumping it; core dump exit ${cd.status}`);
        continue;
      }
      if (od.code === 3) { n.oracle_unrepresentable++; continue; }
      if (od.code === 2 && cd.status === 2) { n.both_refuse_posing++; continue; }
      if (od.code !== 0 || cd.status !== 0) {
        n.disagree++;
        problems.push(`${f}: dump: oracle exit ${od.code} (${od.message || ""}), core exit ${cd.status} (${(cd.stderr || "").trim()})`);
        continue;
      }
      const d = spawnSync(join(ROOT, "build/bin/posediff"), [join(work, `o-${i}.dump`), coreDump, "--max", "3"],
        { encoding: "utf8" });
      rmSync(join(work, `o-${i}.dump`), { force: true });
      if (d.status === 0) n.identical++;
      else if (d.status === 3) n.core_unsupported++;
      // Two bones (or slots...) of one name: the dump format keys rows by name, so neither dump is read.
      else if (d.status === 2 && /duplicate row/.test(d.stderr || "")) n.duplicate_names++;
      else {
        n.disagree++;
        problems.push(`${f}: dumps differ: ${(d.stdout || d.stderr).split("\n").slice(0, 3).join(" | ")}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  for (const p of notes) console.log(`NOTE ${p}`);
  for (const p of problems) console.log(`DISAGREE ${p}`);
  console.log(`fuzz-parity ${kind}: ${inputs.length} fuzzer inputs: ${n.both_refuse} refused by both, ${n.both_accept} accepted by both ` +
    `(${n.identical} dumps identical, ${n.both_refuse_posing} refused by both while posing, ${n.duplicate_names} not comparable: ` +
    `names given twice), ${n.core_unsupported} unsupported by the core, ${n.oracle_unrepresentable} unrepresentable ` +
    `for the oracle, ${n.oracle_died_reading} on which the oracle died reading (a disagreement), ` +
    `${n.oracle_died_dumping} not compared: the oracle died dumping, ${n.disagree} disagreements`);
  return n.disagree ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
