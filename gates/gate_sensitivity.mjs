#!/usr/bin/env node
// Proves the gate sees one bit: flips the last bit of randomly chosen numbers in stored dumps (data
// rows and setup-pose rows, which the core poses today), runs the gate on that case against the
// changed copy of the corpus, and requires a failure that names the changed row and field.
//
//   node gates/gate_sensitivity.mjs [COUNT] [SEED]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const count = Number(process.argv[2] ?? 25);
let seed = BigInt(process.argv[3] ?? 1);
function next() { // splitmix64
  seed = (seed + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return Number((z ^ (z >> 31n)) % 0x100000000n);
}

function spell(x) { return Object.is(x, -0) ? "-0" : String(x); }
function flipLastBit(x) {
  const f = new Float64Array([x]);
  const u = new BigUint64Array(f.buffer);
  u[0] ^= 1n;
  return f[0];
}

const work = mkdtempSync(join(tmpdir(), "gate-sensitivity-"));
try {
  cpSync("corpus", join(work, "corpus"), { recursive: true });
  // Not the unsupported-* cases: the core declares them unsupported, so the gate compares no pose of theirs
  // (a flipped bit in unsupported-mut-h7-tiny-lone-surrogate passed it, rightly).
  const dumps = readdirSync("corpus/dumps")
    .filter((f) => f.endsWith(".dump") && !f.startsWith("unsupported-")).sort();
  let caught = 0;
  const misses = [];
  for (let n = 0; n < count; n++) {
    const file = dumps[next() % dumps.length];
    const path = join(work, "corpus/dumps", file);
    const original = readFileSync(path, "utf8");
    const lines = original.split("\n");
    // Candidates: numeric fields of data rows and of pose 0's rows.
    const candidates = [];
    let section = "data";
    lines.forEach((line, i) => {
      const cols = line.split("\t");
      if (cols[0] === "pose") section = cols[1];
      if (section !== "data" && section !== "0") return;
      if (["posecore-dump", "meta", "pose", "unsupported", "end", ""].includes(cols[0])) return;
      cols.slice(2).forEach((kv, k) => {
        const value = kv.slice(kv.indexOf("=") + 1);
        if (/^-?[0-9]/.test(value) && Number.isFinite(Number(value))) candidates.push([i, k + 2]);
      });
    });
    if (candidates.length === 0) { n--; continue; }
    const [li, ci] = candidates[next() % candidates.length];
    const cols = lines[li].split("\t");
    const [field, value] = [cols[ci].slice(0, cols[ci].indexOf("=")), Number(cols[ci].slice(cols[ci].indexOf("=") + 1))];
    cols[ci] = `${field}=${spell(flipLastBit(value))}`;
    lines[li] = cols.join("\t");
    writeFileSync(path, lines.join("\n"));
    const name = file.replace(/\.dump$/, "");
    let out = "", status = 0;
    try {
      out = execFileSync("gates/corpus_gate", ["--corpus", join(work, "corpus"), "--no-rigs", name], { encoding: "utf8" });
    } catch (e) { out = e.stdout; status = e.status; }
    const key = cols[1];
    const named = out.includes(`row ${key} field ${field}:`);
    if (status === 1 && named) caught++;
    else misses.push(`${name}: ${cols[0]} ${key} ${field} (${value} -> ${cols[ci]}): gate exit ${status}`);
    writeFileSync(path, original);
  }
  for (const m of misses) console.log(`NOT CAUGHT ${m}`);
  console.log(`gate sensitivity: ${caught} of ${count} one-bit changes failed the gate naming their field`);
  process.exitCode = caught === count ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
