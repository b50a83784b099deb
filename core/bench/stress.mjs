#!/usr/bin/env node
// make stress (issue 20): resources on large documents, generated into build/stress/ (never committed).
// Each shape at two sizes, the large one and half of it, read (`posecore check`) and posed and dumped
// (`posecore dump`), with time and peak memory (/usr/bin/time); the ratio of the two sizes says how each
// grows (2.0: linear; 4.0 would be quadratic). Fails on a crash or a verdict other than the one given.
//
//   node core/bench/stress.mjs [--posecore build/bin/posecore] [--scale F] [--only NAME,...]
//
// The shapes (at --scale 1):
//   bones    1,000,000 bones, every one a child of the root; the setup pose dumped
//   chain    10,000 bones, each the parent of the next; the setup pose dumped
//   keys     100,000 keys in one rotate timeline; a pose at every key time (--samples keys)
//   big      a 200 MB document: 28,000 bones, a rotate (bezier) and a translate timeline of 60 keys on
//            each (3,360,000 keys); 2 samples
// Times are CPU seconds (user + system: the machine is shared, wall time says more about the others).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, writeSync, closeSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
let posecore = join(ROOT, "build/bin/posecore"), scale = 1, only = null;
for (let i = 0; i < args.length; i += 2) {
  if (args[i] === "--posecore") posecore = args[i + 1];
  else if (args[i] === "--scale") scale = Number(args[i + 1]);
  else if (args[i] === "--only") only = args[i + 1].split(",");
  else {
    process.stderr.write("usage: stress.mjs [--posecore POSECORE] [--scale F] [--only NAME,...]\n");
    process.exit(2);
  }
}
const OUT = join(ROOT, "build/stress");
mkdirSync(OUT, { recursive: true });
const TIME = "/usr/bin/time";
if (!existsSync(TIME)) {
  process.stderr.write("stress: /usr/bin/time is missing (Debian package `time`): no peak memory\n");
}

// Written in pieces: a 200 MB document is never one JavaScript string.
function writeDoc(path, pieces) {
  const fd = openSync(path, "w");
  let buf = [];
  let size = 0;
  for (const p of pieces) {
    buf.push(p);
    size += p.length;
    if (size > 1 << 20) { writeSync(fd, buf.join("")); buf = []; size = 0; }
  }
  writeSync(fd, buf.join(""));
  closeSync(fd);
}
const HEAD = '{"skeleton":{"spine":"4.3.13","note":"make stress"},"bones":[{"name":"root"}';

function* bones(n) {
  yield HEAD;
  for (let i = 1; i < n; i++) yield `,{"name":"b${i}","parent":"root","x":${i % 97},"rotation":${i % 360}}`;
  yield "]}";
}
function* chain(n) {
  yield HEAD;
  for (let i = 1; i < n; i++) yield `,{"name":"b${i}","parent":"${i === 1 ? "root" : "b" + (i - 1)}","x":1.5,"rotation":0.25}`;
  yield "]}";
}
function* keys(n) {
  yield HEAD + ',{"name":"b","parent":"root","length":10}],"animations":{"a":{"bones":{"b":{"rotate":[';
  for (let i = 0; i < n; i++) yield `${i ? "," : ""}{"time":${i / 100},"value":${(i * 7) % 360}}`;
  yield "]}}}}}";
}
function* big(n) {
  yield HEAD;
  for (let i = 1; i < n; i++) yield `,{"name":"b${i}","parent":"root","x":${i % 97}}`;
  yield '],"animations":{"a":{"bones":{';
  for (let i = 1; i < n; i++) {
    const rot = [], tr = [];
    for (let k = 0; k < 60; k++) {
      rot.push(`{"time":${k / 30},"value":${(i + k) % 360},"curve":[${k / 30 + 0.01},0.5,${k / 30 + 0.02},1.5]}`);
      tr.push(`{"time":${k / 30},"x":${k % 7},"y":${-k}}`);
    }
    yield `${i > 1 ? "," : ""}"b${i}":{"rotate":[${rot.join(",")}],"translate":[${tr.join(",")}]}`;
  }
  yield "}}}}";
}

const SHAPES = [
  { name: "bones", n: 1000000, gen: bones, dump: ["--skin", "none", "--samples", "1"] },
  { name: "chain", n: 10000, gen: chain, dump: ["--skin", "none", "--samples", "1"] },
  { name: "keys", n: 100000, gen: keys, dump: ["--skin", "none", "--samples", "keys"] },
  { name: "big", n: 28000, gen: big, dump: ["--skin", "none", "--samples", "2"] },
];

function measure(argv) {
  const useTime = existsSync(TIME);
  const cmd = useTime ? TIME : posecore;
  const full = useTime ? ["-f", "stress-resources %U %S %M", posecore, ...argv] : argv;
  const t0 = process.hrtime.bigint();
  const p = spawnSync(cmd, full, { encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "ignore", "pipe"] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const m = (p.stderr || "").match(/stress-resources ([\d.]+) ([\d.]+) (\d+)/);
  const other = (p.stderr || "").split("\n").filter((l) => l && !l.startsWith("stress-resources")).join(" | ");
  return { code: p.status, signal: p.signal, seconds: m ? Number(m[1]) + Number(m[2]) : wall, mb: m ? Number(m[3]) / 1024 : NaN, other };
}

let failed = 0;
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "?");
for (const s of SHAPES) {
  if (only && !only.includes(s.name)) continue;
  const rows = [];
  for (const n of [Math.round(s.n * scale), Math.round((s.n * scale) / 2)]) {
    const path = join(OUT, `${s.name}-${n}.json`);
    if (!existsSync(path)) writeDoc(path, s.gen(n));
    const mb = statSync(path).size / 1e6;
    const check = measure(["check", path]);
    const dump = measure(["dump", path, ...s.dump]);
    for (const [verb, r] of [["check", check], ["dump", dump]]) {
      if (r.code !== 0) {
        failed++;
        console.log(`stress ${s.name} ${n}: ${verb} FAILED: exit ${r.code}${r.signal ? " signal " + r.signal : ""} ${r.other}`);
      }
    }
    rows.push({ n, mb, check, dump });
    console.log(`stress ${s.name.padEnd(5)} n=${String(n).padStart(8)} ${fmt(mb, 1).padStart(6)} MB: check ${fmt(check.seconds)} s ` +
      `${fmt(check.mb, 0)} MB peak; dump ${fmt(dump.seconds)} s ${fmt(dump.mb, 0)} MB peak`);
  }
  const [a, b] = rows;
  console.log(`stress ${s.name.padEnd(5)} growth at twice the size: check time x${fmt(a.check.seconds / b.check.seconds)} ` +
    `memory x${fmt(a.check.mb / b.check.mb)}; dump time x${fmt(a.dump.seconds / b.dump.seconds)} memory x${fmt(a.dump.mb / b.dump.mb)}`);
}
process.exit(failed ? 1 : 0);
