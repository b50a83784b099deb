#!/usr/bin/env node
// make fuzz-parity (issue 20): the inputs a fuzzer kept (inputs no one wrote), each through spine-core (the
// oracle's runJob, in this process) and the core (build/bin/posecore check): the verdicts must agree (both
// accept, or both refuse); where both accept, both dump it and the dumps must be identical at tolerance 0
// (posediff). --kind skeleton (build/fuzz/corpus/skeleton): each input is the document, dumped with
// --skin all --samples 3. --kind atlas (build/fuzz/corpus/atlas): each input is the atlas a fixed document
// (--doc, corpus/cases/atlas-regions.json) is read against, dumped with --atlas and --vertices too.
// The core's unsupported (exit 3), the oracle's unrepresentable (exit 3), both refusing while posing and
// a document naming two bones alike (the dump keys rows by name: posediff reads neither) are counted
// apart, never as identical. Prints the counts and every disagreement; exit 1 on any.
//
//   node gates/fuzz_parity.mjs [--kind skeleton|atlas] [--dir DIR] [--doc FILE] [--max N] [--posecore PATH]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, runJob } from "../oracle/pose_oracle.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
let kind = "skeleton", dir = null, doc = join(ROOT, "corpus/cases/atlas-regions.json"), max = Infinity,
  posecore = join(ROOT, "build/bin/posecore");
for (let i = 0; i < args.length; i += 2) {
  if (args[i] === "--kind" && ["skeleton", "atlas"].includes(args[i + 1])) kind = args[i + 1];
  else if (args[i] === "--dir") dir = args[i + 1];
  else if (args[i] === "--doc") doc = args[i + 1];
  else if (args[i] === "--max") max = Number(args[i + 1]);
  else if (args[i] === "--posecore") posecore = args[i + 1];
  else {
    process.stderr.write("usage: fuzz_parity.mjs [--kind skeleton|atlas] [--dir DIR] [--doc FILE] [--max N] [--posecore PATH]\n");
    process.exit(2);
  }
}
dir ??= join(ROOT, "build/fuzz/corpus", kind);
if (!existsSync(dir)) {
  console.log(`fuzz-parity: no fuzzer corpus at ${dir} (make fuzz first): nothing compared`);
  process.exit(0);
}
// Inputs of at most 64 KB (the oracle runs in this process: a large one could take long).
const inputs = readdirSync(dir).sort().filter((f) => statSync(join(dir, f)).size <= 65536).slice(0, max);
const work = mkdtempSync(join(tmpdir(), "posecore-fuzz-parity-"));
const OPTIONS = ["--skin", "all", "--samples", "3"];
// What each side is given: the input as the document, or the fixed document read against the input.
const checkArgs = (path) => (kind === "atlas" ? [doc, "--atlas", path] : [path]);
const dumpArgs = (path) => (kind === "atlas" ? [doc, ...OPTIONS, "--atlas", path, "--vertices"] : [path, ...OPTIONS]);
const n = { both_refuse: 0, both_accept: 0, identical: 0, both_refuse_posing: 0, duplicate_names: 0, core_unsupported: 0,
  oracle_unrepresentable: 0, disagree: 0 };
const problems = [];
for (const f of inputs) {
  const path = join(dir, f);
  const o = runJob("check", parseArgs(checkArgs(path), { verb: "check" }));
  const c = spawnSync(posecore, ["check", ...checkArgs(path)], { encoding: "utf8" });
  if (c.status === 3) { n.core_unsupported++; continue; }
  if (o.code === 3) { n.oracle_unrepresentable++; continue; }
  if ((o.code === 0) !== (c.status === 0) || ![0, 2].includes(o.code) || ![0, 2].includes(c.status)) {
    n.disagree++;
    problems.push(`${f}: oracle exit ${o.code} (${o.message || "accepted"}), core exit ${c.status} (${(c.stderr || c.stdout).trim()})`);
    continue;
  }
  if (o.code === 2) { n.both_refuse++; continue; }
  n.both_accept++;
  const od = runJob("dump", parseArgs(dumpArgs(path), { verb: "dump" }));
  const cd = spawnSync(posecore, ["dump", ...dumpArgs(path)], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (cd.status === 3) { n.core_unsupported++; continue; }
  if (od.code === 3) { n.oracle_unrepresentable++; continue; }
  if (od.code === 2 && cd.status === 2) { n.both_refuse_posing++; continue; }
  if (od.code !== 0 || cd.status !== 0) {
    n.disagree++;
    problems.push(`${f}: dump: oracle exit ${od.code} (${od.message || ""}), core exit ${cd.status} (${(cd.stderr || "").trim()})`);
    continue;
  }
  writeFileSync(join(work, "o.dump"), od.text);
  writeFileSync(join(work, "c.dump"), cd.stdout);
  const d = spawnSync(join(ROOT, "build/bin/posediff"), [join(work, "o.dump"), join(work, "c.dump"), "--max", "3"], { encoding: "utf8" });
  if (d.status === 0) n.identical++;
  else if (d.status === 3) n.core_unsupported++;
  // Two bones (or slots...) of one name: the dump format keys rows by name, so neither dump is read.
  else if (d.status === 2 && /duplicate row/.test(d.stderr || "")) n.duplicate_names++;
  else {
    n.disagree++;
    problems.push(`${f}: dumps differ: ${(d.stdout || d.stderr).split("\n").slice(0, 3).join(" | ")}`);
  }
}
rmSync(work, { recursive: true, force: true });
for (const p of problems) console.log(`DISAGREE ${p}`);
console.log(`fuzz-parity ${kind}: ${inputs.length} fuzzer inputs: ${n.both_refuse} refused by both, ${n.both_accept} accepted by both ` +
  `(${n.identical} dumps identical, ${n.both_refuse_posing} refused by both while posing, ${n.duplicate_names} not comparable: ` +
  `names given twice), ${n.core_unsupported} unsupported by the core, ${n.oracle_unrepresentable} unrepresentable ` +
  `for the oracle, ${n.disagree} disagreements`);
process.exit(n.disagree ? 1 : 0);
