#!/usr/bin/env node
// The oracle: runs spine-core (the reference runtime) through its public API and writes what it
// holds as a posecore dump (oracle/FORMAT.md). It has no posing logic of its own.
//
//   node oracle/pose_oracle.mjs dump SKELETON.json [--skin NAME|all|none] [--physics none]
//                                                 [--samples N|keys] [--anim NAME]...
//   node oracle/pose_oracle.mjs check SKELETON.json
//   node oracle/pose_oracle.mjs batch   < jobs (one JSON array a line)
//
// Exit: 0 ok; 2 the document (or a --skin/--anim name) is refused by spine-core; 3 spine-core
// holds a value the dump format cannot spell; 64 bad usage; 70 an oracle bug. See README.md.

import { createHash } from "node:crypto";
import { readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import {
  AtlasAttachmentLoader, MixFrom, Physics, Skeleton, SkeletonJson, Skin, TextureRegion,
} from "@esotericsoftware/spine-core";
import { DATA_BLOCKS, POSE_BLOCKS, writeBlocks } from "./blocks.mjs";
import { DumpWriter, Unrepresentable } from "./dump_writer.mjs";

const RUNTIME_VERSION = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.resolve("@esotericsoftware/spine-core")), "utf8"),
).version;
const RUNTIME = `spine-core ${RUNTIME_VERSION}`;

export const EXIT = { ok: 0, refused: 2, unrepresentable: 3, usage: 64, bug: 70 };

class UsageError extends Error {}
/** spine-core threw while reading or posing the document (or a named skin/animation is absent). */
class Refused extends Error {}

// ---------------------------------------------------------------------------------------------
// Options

/** Parses `FILE [options]` (options anywhere). `allowOut`: accept `--out OUT` (batch jobs). */
export function parseArgs(args, { allowOut = false, verb = "dump" } = {}) {
  const o = { file: null, skin: "none", physics: "none", samples: 5, anims: [], out: null };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new UsageError(`${a} needs a value`);
      return args[++i];
    };
    if (verb === "dump" && a === "--skin") o.skin = value();
    else if (verb === "dump" && a === "--physics") {
      const v = value();
      if (v !== "none") throw new UsageError(`--physics ${v}: only 'none' is supported`);
      o.physics = v;
    } else if (verb === "dump" && a === "--samples") {
      const v = value();
      if (v === "keys") o.samples = "keys";
      else if (/^[1-9][0-9]{0,5}$/.test(v)) o.samples = Number(v);
      else throw new UsageError(`--samples ${v}: want a whole number 1..999999 or 'keys'`);
    } else if (verb === "dump" && a === "--anim") o.anims.push(value());
    else if (allowOut && a === "--out") o.out = value();
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else if (o.file === null) o.file = a;
    else throw new UsageError(`unexpected argument ${a}`);
  }
  if (o.file === null) throw new UsageError("no skeleton file given");
  return o;
}

function normalisedOptions(o, animNames) {
  let s = `--skin ${o.skin} --physics ${o.physics} --samples ${o.samples}`;
  for (const n of animNames) s += ` --anim ${n}`;
  return s;
}

// ---------------------------------------------------------------------------------------------
// spine-core

/** The stub atlas (shared/NOTES.md): every region name resolves to a 1x1 region spanning the
 *  whole texture, so every attachment loads and a region attachment spans its stated size. */
const stubAtlas = {
  findRegion(_name) {
    const r = new TextureRegion();
    r.u = 0; r.v = 0; r.u2 = 1; r.v2 = 1;
    r.width = 1; r.height = 1; r.originalWidth = 1; r.originalHeight = 1;
    r.offsetX = 0; r.offsetY = 0; r.degrees = 0;
    return r;
  },
};

function refusing(fn) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof Refused) throw e;
    throw new Refused(e instanceof Error ? e.message : String(e));
  }
}

function readDocument(text) {
  const json = new SkeletonJson(new AtlasAttachmentLoader(stubAtlas));
  json.scale = 1;
  return refusing(() => json.readSkeletonData(text));
}

/** The key times of an animation: every distinct frame time of its timelines (NaN dropped,
 *  distinct by ===), plus the midpoint (t0 + t1) / 2 of each two consecutive ones; ascending. */
export function keyTimes(animation) {
  const times = [];
  for (const tl of animation.timelines) {
    const entries = tl.getFrameEntries(), count = tl.getFrameCount(), frames = tl.frames;
    for (let i = 0; i < count; i++) times.push(frames[i * entries]);
  }
  const keys = distinctAscending(times);
  const all = keys.slice();
  for (let i = 0; i + 1 < keys.length; i++) all.push((keys[i] + keys[i + 1]) / 2);
  return distinctAscending(all);
}

function distinctAscending(list) {
  const sorted = list.filter((t) => !Number.isNaN(t)).sort((a, b) => a - b);
  const out = [];
  for (const t of sorted) if (out.length === 0 || out[out.length - 1] !== t) out.push(t);
  return out;
}

export function sampleTimes(animation, samples) {
  if (samples === "keys") return keyTimes(animation);
  if (samples === 1) return [0];
  const times = [];
  for (let i = 0; i < samples; i++) times.push(animation.duration * i / (samples - 1));
  return times;
}

/** Runs one dump job; returns the dump text. Throws Refused / Unrepresentable. */
function dumpText(o, bytes) {
  const data = readDocument(bytes.toString("utf8"));
  // Animations: the runtime's order (SkeletonData.animations), or only the --anim ones.
  let animations = data.animations;
  if (o.anims.length > 0) {
    for (const n of o.anims) if (!data.findAnimation(n)) throw new Refused(`Animation not found: ${n}`);
    animations = animations.filter((a) => o.anims.includes(a.name));
  }
  const w = new DumpWriter();
  w.meta("runtime", RUNTIME);
  w.meta("node", process.version);
  w.meta("v8", process.versions.v8);
  w.meta("input", o.file);
  w.meta("sha256", createHash("sha256").update(bytes).digest("hex"));
  w.meta("options", normalisedOptions(o, o.anims.length ? animations.map((a) => a.name) : []));

  const skeleton = refusing(() => {
    const s = new Skeleton(data);
    if (o.skin === "all") {
      const all = new Skin("all");
      for (const skin of data.skins) all.addSkin(skin);
      s.setSkin(all);
    } else if (o.skin !== "none") s.setSkin(o.skin);
    return s;
  });
  const events = [];
  const ctx = { data, skeleton, events }; // events: what the pose's apply fired (blocks_pose.mjs)
  writeBlocks(w, DATA_BLOCKS, ctx);

  let index = 0;
  refusing(() => { skeleton.setupPose(); skeleton.updateWorldTransform(Physics.none); });
  w.pose(index++, null, 0);
  writeBlocks(w, POSE_BLOCKS, ctx);

  for (const animation of animations) {
    let lastTime = -1;
    for (const time of sampleTimes(animation, o.samples)) {
      refusing(() => {
        skeleton.setupPose();
        events.length = 0;
        animation.apply(skeleton, lastTime, time, false, events, 1, MixFrom.setup, false, false, false);
        skeleton.updateWorldTransform(Physics.none);
      });
      w.pose(index++, animation.name, time);
      writeBlocks(w, POSE_BLOCKS, ctx);
      lastTime = time;
    }
  }
  return w.text();
}

/** The one code path of `dump`, `check` and batch jobs. Returns { code, text?, message? }. */
export function runJob(verb, o) {
  try {
    let bytes;
    try {
      bytes = readFileSync(o.file);
    } catch (e) {
      throw new Refused(`cannot read: ${e.code || e.message}`);
    }
    if (verb === "check") {
      readDocument(bytes.toString("utf8"));
      return { code: EXIT.ok };
    }
    return { code: EXIT.ok, text: dumpText(o, bytes) };
  } catch (e) {
    if (e instanceof Refused) return { code: EXIT.refused, message: oneLine(e.message) };
    if (e instanceof Unrepresentable) return { code: EXIT.unrepresentable, message: oneLine(`unrepresentable: ${e.message}`) };
    return { code: EXIT.bug, message: oneLine(`oracle bug: ${e && e.stack ? e.stack : e}`) };
  }
}

function oneLine(s) {
  return String(s).replace(/[\r\n\t]+/g, " ").trim();
}

/** Written aside under a name no other process uses, then renamed: two runs (or hosts sharing a cache)
 *  writing the same answer never leave a torn entry. */
function writeAtomically(path, text) {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    try { unlinkSync(tmp); } catch { /* not there */ }
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Verbs

async function batch() {
  let status = EXIT.ok, lineNo = 0;
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    lineNo++;
    if (line.trim() === "") continue;
    let job;
    try {
      job = JSON.parse(line);
      if (!Array.isArray(job) || job.length < 1 || !job.every((x) => typeof x === "string"))
        throw new UsageError("want a JSON array of strings");
      const [verb, ...rest] = job;
      if (verb !== "dump" && verb !== "check") throw new UsageError(`unknown verb ${JSON.stringify(verb)}`);
      const o = parseArgs(rest, { allowOut: verb === "dump", verb });
      if (verb === "dump" && o.out === null) throw new UsageError("dump job without --out");
      job = { verb, o };
    } catch (e) {
      process.stdout.write(`error\t-\tmalformed job line ${lineNo}: ${oneLine(e.message)}\n`);
      status = EXIT.refused;
      continue;
    }
    const { verb, o } = job;
    const where = verb === "dump" ? o.out : o.file;
    const r = runJob(verb, o);
    if (r.code !== EXIT.ok) {
      process.stdout.write(`error\t${where}\t${`pose_oracle: ${o.file}: ${r.message}`}\n`);
      continue;
    }
    if (verb === "dump") {
      try {
        writeAtomically(o.out, r.text);
      } catch (e) {
        process.stdout.write(`error\t${where}\tpose_oracle: cannot write ${o.out}: ${oneLine(e.message)}\n`);
        if (status === EXIT.ok) status = 1;
        continue;
      }
    }
    process.stdout.write(`ok\t${where}\n`);
  }
  return status;
}

const USAGE = `usage: pose_oracle.mjs dump SKELETON.json [--skin NAME|all|none] [--physics none] [--samples N|keys] [--anim NAME]...
       pose_oracle.mjs check SKELETON.json
       pose_oracle.mjs batch  < jobs   (one JSON array a line: ["dump", FILE, "--out", OUT, ...] or ["check", FILE])`;

async function main(argv) {
  const [verb, ...rest] = argv;
  if (verb === "batch") {
    if (rest.length) { process.stderr.write(`${USAGE}\n`); return EXIT.usage; }
    return batch();
  }
  if (verb !== "dump" && verb !== "check") {
    process.stderr.write(`${USAGE}\n`);
    return EXIT.usage;
  }
  let o;
  try {
    o = parseArgs(rest, { verb });
  } catch (e) {
    process.stderr.write(`pose_oracle: ${e.message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const r = runJob(verb, o);
  if (r.code !== EXIT.ok) {
    process.stderr.write(`pose_oracle: ${o.file}: ${r.message}\n`);
    return r.code;
  }
  if (r.text !== undefined) process.stdout.write(r.text);
  return EXIT.ok;
}

// Run as a program (not when imported, e.g. by a test).
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href)
  process.exitCode = await main(process.argv.slice(2));
