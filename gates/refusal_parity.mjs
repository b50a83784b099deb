#!/usr/bin/env node
// Refusal parity of the dump's options and scenarios (oracle/FORMAT.md "Refusals", "Scenarios"): every
// bad option line below and every scenario file in gates/refusals/ is refused by the oracle
// (pose_oracle.mjs's own parseArgs and runJob, in this process) and by the core (build/bin/posecore dump)
// with exit 2, one line, no dump, and both lines name the same thing: the same options (every `--word`
// of the message, in order) or the same JSON path of the scenario. A refusal the other side does not
// make, a dump written anyway, or another subject fails.
//
//   node gates/refusal_parity.mjs [--posecore build/bin/posecore] [--rig FILE]
//
// Exit 0 every case agrees; 1 some case does not; 2 bad usage.

import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, runJob } from "../oracle/pose_oracle.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
let posecore = join(ROOT, "build/bin/posecore");
let rig = join(ROOT, "corpus/cases/physics-chain-of-three.json");
for (let i = 0; i < args.length; i += 2) {
  if (args[i] === "--posecore") posecore = args[i + 1];
  else if (args[i] === "--rig") rig = args[i + 1];
  else {
    process.stderr.write("usage: refusal_parity.mjs [--posecore POSECORE] [--rig FILE]\n");
    process.exit(2);
  }
}

// Bad option lines (after `dump FILE`), each refused before anything is read.
const OPTION_LINES = [
  "--physics fast", "--physics", "--frames 0 --dt 0.1", "--frames 100001 --dt 0.1", "--frames 1.5 --dt 0.1",
  "--frames 01 --dt 0.1", "--frames abc --dt 0.1", "--frames 10 --dt 0", "--frames 10 --dt -0.1",
  "--frames 10 --dt -0", "--frames 10 --dt NaN", "--frames 10 --dt abc", "--frames 10 --dt 1e-400",
  "--frames 10 --dt 1e999", "--frames 10 --dt 0.1,,0.2", "--frames 10 --dt .5", "--frames 10 --dt 0.1,-0",
  "--frames 10 --dt +0.1", "--frames 10 --dt 0x10", "--frames 10", "--dt 0.1", "--frames 10 --dt 0.1 --samples 5",
  "--move 1,2", "--frames 10 --dt 0.1 --move 1", "--frames 10 --dt 0.1 --move 1,2,3",
  "--frames 10 --dt 0.1 --move 1,Infinity", "--skeleton 1,2,3", "--skeleton 1,2,3,x", "--skeleton 1,2,3,1e999",
  "--skeleton 1,2,3,4 --skeleton 1,2,3,4", "--frames 10 --dt 0.1 --frames 5", "--frames 10 --dt 0.1 --dt 0.2",
  "--frames 10 --dt 0.1 --move 1,2 --move 1,2", "--scenario a.json --scenario b.json",
  "--scenario x.json --physics update", "--scenario x.json --anim walk", "--scenario x.json --samples 3",
  "--scenario x.json --frames 10 --dt 0.1", "--scenario x.json --skeleton 0,0,1,1", "--bogus", "--dt",
  "--samples 0", "--samples many",
];

// The subject a refusal names: the options it mentions, or the scenario's JSON path.
function subject(message, scenario) {
  if (scenario) {
    const m = message.match(/(\$[^\s:]*):/);
    return m ? `path ${m[1]}` : `no path in "${message}"`;
  }
  return `options ${(message.match(/--[a-z]+/g) || []).join(" ")}`;
}

function oracleRefusal(argv) {
  let o;
  try {
    o = parseArgs(argv, { verb: "dump" });
  } catch (e) {
    return { code: 2, message: e.message };
  }
  const r = runJob("dump", o);
  return { code: r.code, message: r.message || "", dump: r.text !== undefined };
}

function coreRefusal(argv) {
  const p = spawnSync(posecore, ["dump", ...argv], { encoding: "utf8", maxBuffer: 1 << 28 });
  const lines = (p.stderr || "").split("\n").filter((l) => l !== "");
  return { code: p.status, message: lines.join(" | "), lines: lines.length, dump: (p.stdout || "") !== "" };
}

const cases = OPTION_LINES.map((line) => ({ name: `options ${line}`, argv: [rig, ...line.split(" ")], scenario: false }));
const dir = join(ROOT, "gates/refusals");
for (const f of readdirSync(dir).filter((f) => f.endsWith(".scenario")).sort())
  cases.push({ name: `scenario ${f}`, argv: [rig, "--skin", "all", "--scenario", join(dir, f)], scenario: true });

let failed = 0;
for (const c of cases) {
  const o = oracleRefusal(c.argv), k = coreRefusal(c.argv);
  const problems = [];
  if (o.code !== 2) problems.push(`the oracle exits ${o.code}`);
  if (k.code !== 2) problems.push(`the core exits ${k.code}`);
  if (k.dump) problems.push("the core wrote a dump");
  if (k.lines !== 1) problems.push(`the core said ${k.lines} lines`);
  const so = subject(o.message, c.scenario), sc = subject(k.message, c.scenario);
  if (so !== sc) problems.push(`the oracle names ${so}, the core ${sc}`);
  if (problems.length) {
    failed++;
    process.stdout.write(`FAILED  ${c.name}: ${problems.join("; ")}\n  oracle: ${o.message}\n  core:   ${k.message}\n`);
  } else process.stdout.write(`agreed  ${c.name}: ${so}\n`);
}
process.stdout.write(`refusal parity: ${cases.length - failed} of ${cases.length} agree\n`);
process.exit(failed ? 1 : 0);
