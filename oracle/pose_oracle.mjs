#!/usr/bin/env node
// The oracle: runs spine-core (the reference runtime) through its public API and writes what it
// holds as a posecore dump (oracle/FORMAT.md). It has no posing logic of its own.
//
//   node oracle/pose_oracle.mjs dump SKELETON.json [--skin NAME|all|none] [--physics MODE]
//        [--samples N|keys | --frames N --dt D[,D2,...] | --transitions N --dt D[,...] [--mix M]]
//        [--skeleton X,Y,SX,SY] [--move DX,DY]
//        [--anim NAME]... [--atlas FILE.atlas] [--vertices]
//   node oracle/pose_oracle.mjs dump SKELETON.json [--skin NAME|all|none] --scenario FILE.json
//   node oracle/pose_oracle.mjs check SKELETON.json [--atlas FILE.atlas]
//   node oracle/pose_oracle.mjs batch   < jobs (one JSON array a line)
//
// Exit: 0 ok; 2 the document (or a --skin/--anim name, or a scenario's name) is refused by
// spine-core, or an option or the scenario is bad; 3 spine-core holds a value the dump format cannot
// spell; 64 bad usage (no verb); 70 an oracle bug. See README.md.

import { createHash } from "node:crypto";
import { readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import {
  AtlasAttachmentLoader, FakeTexture, Skeleton, SkeletonJson, Skin, TextureAtlas, TextureRegion,
} from "@esotericsoftware/spine-core";
import { RENDER_POSE_BLOCKS, RuntimeThrew, renderState } from "./blocks_render.mjs";
import { DATA_BLOCKS, POSE_BLOCKS, TIMED_POSE_BLOCKS, writeBlocks } from "./blocks.mjs";
import { DumpWriter, Unrepresentable, fmtNumber } from "./dump_writer.mjs";
import { STATE_POSE_BLOCKS, stateBlocksContext } from "./animation_state.mjs";
import {
  PHYSICS_MODES, ScenarioError, parseScenario, resolveNames, runScenario, shorthandSteps,
} from "./scenario.mjs";

const RUNTIME_VERSION = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.resolve("@esotericsoftware/spine-core")), "utf8"),
).version;
const RUNTIME = `spine-core ${RUNTIME_VERSION}`;

export const EXIT = { ok: 0, refused: 2, unrepresentable: 3, usage: 64, bug: 70 };

class UsageError extends Error {}
/** An option (or the scenario file) is bad: one line, exit 2, no dump. `file`: the file to name. */
class BadOption extends Error {
  constructor(message, file = null) {
    super(message);
    this.file = file;
  }
}
/** spine-core threw while reading or posing the document (or a named skin/animation is absent). */
class Refused extends Error {}

// ---------------------------------------------------------------------------------------------
// Options

export const MAX_FRAMES = 100000;
const MAX_DT_LIST = 1000;
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** `v` split at commas into finite numbers (each spelt as a JSON number); `count` of them unless null. */
function numberList(option, v, count, want) {
  const parts = v.split(",");
  if (count !== null && parts.length !== count) throw new BadOption(`${option} ${v}: want ${want}`);
  return parts.map((p) => {
    const x = JSON_NUMBER.test(p) ? Number(p) : NaN;
    if (!Number.isFinite(x)) throw new BadOption(`${option} ${v}: ${JSON.stringify(p)} is not a finite number (want ${want})`);
    return x;
  });
}

/** Parses `FILE [options]` (options anywhere). `allowOut`: accept `--out OUT` (batch jobs). Throws
 *  BadOption naming the option. */
export function parseArgs(args, { allowOut = false, verb = "dump" } = {}) {
  const o = {
    file: null, skin: "none", physics: "none", samples: 5, anims: [], out: null,
    frames: null, dt: null, skeleton: null, move: null, scenario: null, transitions: null, mix: null,
    atlas: null, vertices: false, // issue 18: a real atlas; the blocks of what is drawn
  };
  const given = new Set();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new BadOption(`${a} needs a value`);
      return args[++i];
    };
    const once = () => {
      if (given.has(a) && ["--frames", "--dt", "--skeleton", "--move", "--scenario", "--transitions", "--mix"].includes(a))
        throw new BadOption(`${a} given twice`);
      given.add(a);
    };
    if (verb === "dump" && a === "--skin") o.skin = value();
    else if (verb === "dump" && a === "--physics") {
      once();
      const v = value();
      if (!PHYSICS_MODES.includes(v)) throw new BadOption(`--physics ${v}: want none, update, reset or pose`);
      o.physics = v;
    } else if (verb === "dump" && a === "--samples") {
      once();
      const v = value();
      if (v === "keys") o.samples = "keys";
      else if (/^[1-9][0-9]{0,5}$/.test(v)) o.samples = Number(v);
      else throw new BadOption(`--samples ${v}: want a whole number 1..999999 or 'keys'`);
    } else if (verb === "dump" && a === "--frames") {
      once();
      const v = value();
      if (!/^[1-9][0-9]{0,5}$/.test(v) || Number(v) > MAX_FRAMES) throw new BadOption(`--frames ${v}: want a whole number from 1 to ${MAX_FRAMES}`);
      o.frames = Number(v);
    } else if (verb === "dump" && a === "--transitions") {
      once();
      const v = value();
      if (!/^[1-9][0-9]{0,5}$/.test(v) || Number(v) > MAX_FRAMES) throw new BadOption(`--transitions ${v}: want a whole number from 1 to ${MAX_FRAMES}`);
      o.transitions = Number(v);
    } else if (verb === "dump" && a === "--mix") {
      once();
      o.mix = numberList("--mix", value(), 1, "a mix duration in seconds, a finite number")[0];
    } else if (verb === "dump" && a === "--dt") {
      once();
      const v = value();
      const want = "D[,D2,...]: frame times in seconds, positive finite numbers";
      const list = numberList("--dt", v, null, want);
      if (list.length > MAX_DT_LIST) throw new BadOption(`--dt: more than ${MAX_DT_LIST} frame times`);
      for (const d of list) if (!(d > 0)) throw new BadOption(`--dt ${v}: ${fmtNumber(d)} is not positive (want ${want})`);
      o.dt = list;
    } else if (verb === "dump" && a === "--skeleton") {
      once();
      o.skeleton = numberList("--skeleton", value(), 4, "X,Y,SCALEX,SCALEY, four finite numbers");
    } else if (verb === "dump" && a === "--move") {
      once();
      o.move = numberList("--move", value(), 2, "DX,DY, two finite numbers");
    } else if (verb === "dump" && a === "--scenario") {
      once();
      o.scenario = value();
    } else if (verb === "dump" && a === "--anim") {
      given.add(a);
      o.anims.push(value());
    } else if (a === "--atlas") {
      if (given.has(a)) throw new BadOption(`${a} given twice`);
      given.add(a);
      o.atlas = value();
    } else if (verb === "dump" && a === "--vertices") o.vertices = true;
    else if (allowOut && a === "--out") o.out = value();
    else if (a.startsWith("--")) throw new BadOption(`unknown option ${a}`);
    else if (o.file === null) o.file = a;
    else throw new BadOption(`unexpected argument ${a}`);
  }
  if (o.file === null) throw new BadOption("no skeleton file given");
  if (o.scenario !== null) {
    for (const x of ["--samples", "--frames", "--dt", "--skeleton", "--move", "--physics", "--anim", "--transitions", "--mix"])
      if (given.has(x)) throw new BadOption(`--scenario excludes ${x} (the scenario holds the whole sequence)`);
  }
  if (o.transitions !== null) {
    for (const x of ["--frames", "--samples"])
      if (given.has(x)) throw new BadOption(`--transitions excludes ${x}`);
    if (o.dt === null) throw new BadOption("--transitions needs --dt");
    if (o.mix === null) o.mix = 0;
  } else if (o.mix !== null) throw new BadOption("--mix needs --transitions");
  if (o.frames !== null && o.dt === null) throw new BadOption("--frames needs --dt");
  if (o.dt !== null && o.frames === null && o.transitions === null) throw new BadOption("--dt needs --frames or --transitions");
  if (o.frames !== null && given.has("--samples")) throw new BadOption("--frames excludes --samples");
  if (o.move !== null && o.frames === null && o.transitions === null) throw new BadOption("--move needs --frames or --transitions");
  return o;
}

/** A sequence other than today's samples under Physics.none at rest: its dumps add the blocks of time. */
function timed(o) {
  return o.physics !== "none" || o.frames !== null || o.skeleton !== null || o.move !== null || o.scenario !== null
    || o.transitions !== null;
}

const numbers = (list) => list.map(fmtNumber).join(",");

/** ` --atlas FILE` and ` --vertices` when given (issue 18), after the options of the sequence. */
const drawnOptions = (o) => (o.atlas !== null ? ` --atlas ${o.atlas}` : "") + (o.vertices ? " --vertices" : "");

function normalisedOptions(o, animNames) {
  return sequenceOptions(o, animNames) + drawnOptions(o);
}

function sequenceOptions(o, animNames) {
  if (o.scenario !== null) return `--skin ${o.skin} --scenario ${o.scenario}`;
  let s = `--skin ${o.skin} --physics ${o.physics}`;
  if (o.transitions !== null) s += ` --transitions ${o.transitions} --dt ${numbers(o.dt)} --mix ${fmtNumber(o.mix)}`;
  else s += o.frames === null ? ` --samples ${o.samples}` : ` --frames ${o.frames} --dt ${numbers(o.dt)}`;
  if (o.skeleton) s += ` --skeleton ${numbers(o.skeleton)}`;
  if (o.move) s += ` --move ${numbers(o.move)}`;
  for (const n of animNames) s += ` --anim ${n}`;
  return s;
}

// ---------------------------------------------------------------------------------------------
// spine-core

/** The stub atlas (shared/NOTES.md): every region name resolves to a 1x1 region spanning the
 *  whole texture, so every attachment loads and a region attachment spans its stated size. */
const STUB_TEXTURE = new FakeTexture(null);
const stubAtlas = {
  findRegion(_name) {
    const r = new TextureRegion();
    r.texture = STUB_TEXTURE; // one texture for every region: the render's batching sees one page
    r.u = 0; r.v = 0; r.u2 = 1; r.v2 = 1;
    r.width = 1; r.height = 1; r.originalWidth = 1; r.originalHeight = 1;
    r.offsetX = 0; r.offsetY = 0; r.degrees = 0;
    return r;
  },
};

/** Carries an error of the oracle's own (writing a pose) through `refusing` unchanged. */
class Passthrough {
  constructor(error) { this.error = error; }
}

function refusing(fn) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof Passthrough) throw e.error;
    if (e instanceof Refused) throw e;
    throw new Refused(e instanceof Error ? e.message : String(e));
  }
}

/** The atlas regions come from: the stub, or `--atlas FILE` read by spine-core's TextureAtlas, each
 *  page given a texture of its own. textures: each texture's page index (the stub's: 0). */
function readAtlas(o) {
  if (o.atlas === null) return { atlas: stubAtlas, textures: new Map([[STUB_TEXTURE, 0]]) };
  let text;
  try {
    text = readFileSync(o.atlas, "utf8");
  } catch (e) {
    throw new Refused(`${o.atlas}: cannot read: ${e.code || e.message}`);
  }
  let atlas;
  try {
    atlas = new TextureAtlas(text);
  } catch (e) {
    throw new Refused(`${o.atlas}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const textures = new Map();
  atlas.pages.forEach((page, i) => {
    const t = new FakeTexture(null);
    page.setTexture(t);
    textures.set(t, i);
  });
  return { atlas, textures };
}

function readDocument(text, atlas = stubAtlas) {
  const json = new SkeletonJson(new AtlasAttachmentLoader(atlas));
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

/** Runs one dump job; returns the dump text. scenario: the scenario's steps and bytes, or null.
 *  Throws Refused / Unrepresentable. */
function dumpText(o, bytes, scenario) {
  const { atlas, textures } = readAtlas(o);
  const data = readDocument(bytes.toString("utf8"), atlas);
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
  if (scenario) w.meta("scenario.sha256", createHash("sha256").update(scenario.bytes).digest("hex"));
  if (o.atlas !== null) w.meta("atlas.sha256", createHash("sha256").update(readFileSync(o.atlas)).digest("hex"));

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
  const ctx = { data, skeleton, events }; // events: what the pose's applies fired (blocks_pose.mjs)
  if (o.vertices) Object.assign(ctx, { textures, render: renderState() }); // blocks_render.mjs
  writeBlocks(w, DATA_BLOCKS, ctx);

  // The sequence: the scenario's steps, or those the options stand for (scenario.mjs).
  const steps = scenario ? scenario.steps : shorthandSteps(o, animations, (a) => sampleTimes(a, o.samples));
  const names = resolveNames(steps, data, skeleton, (path, message) => new Refused(`${o.scenario} ${path}: ${message}`));
  const timedBlocks = timed(o) ? TIMED_POSE_BLOCKS : POSE_BLOCKS;
  let index = 0;
  refusing(() => runScenario(steps, ctx, names, (animation, time) => {
    try {
      w.pose(index++, animation, time);
      writeBlocks(w, timedBlocks, ctx);
      if (timed(o)) writeBlocks(w, STATE_POSE_BLOCKS, stateBlocksContext(ctx)); // track, listener
      if (o.vertices) writeBlocks(w, RENDER_POSE_BLOCKS, ctx); // vertices, render, bounds: last
    } catch (e) {
      throw new Passthrough(e); // the value cannot be spelt (exit 3) or an oracle bug, not a refusal
    }
  }));
  return w.text();
}

/** The one code path of `dump`, `check` and batch jobs. Returns { code, text?, message? }. */
export function runJob(verb, o) {
  try {
    const scenario = verb === "dump" ? readScenario(o) : null; // a bad scenario is named first
    let bytes;
    try {
      bytes = readFileSync(o.file);
    } catch (e) {
      throw new Refused(`cannot read: ${e.code || e.message}`);
    }
    if (verb === "check") {
      readDocument(bytes.toString("utf8"), readAtlas(o).atlas);
      return { code: EXIT.ok };
    }
    return { code: EXIT.ok, text: dumpText(o, bytes, scenario) };
  } catch (e) {
    if (e instanceof BadOption) return { code: EXIT.refused, message: oneLine(e.message), file: e.file };
    if (e instanceof Refused || e instanceof RuntimeThrew) return { code: EXIT.refused, message: oneLine(e.message) };
    if (e instanceof Unrepresentable) return { code: EXIT.unrepresentable, message: oneLine(`unrepresentable: ${e.message}`) };
    return { code: EXIT.bug, message: oneLine(`oracle bug: ${e && e.stack ? e.stack : e}`) };
  }
}

/** The scenario of --scenario, read and checked: { steps, bytes }, or null. Throws BadOption naming
 *  the scenario file (unreadable, or the JSON path of what is wrong). */
function readScenario(o) {
  if (o.scenario === null) return null;
  let bytes;
  try {
    bytes = readFileSync(o.scenario);
  } catch (e) {
    throw new BadOption(`cannot read: ${e.code || e.message}`, o.scenario);
  }
  try {
    return { steps: parseScenario(bytes.toString("utf8")), bytes };
  } catch (e) {
    if (e instanceof ScenarioError) throw new BadOption(e.message, o.scenario);
    throw e;
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
      process.stdout.write(`error\t${where}\t${`pose_oracle: ${r.file ?? o.file}: ${r.message}`}\n`);
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

const USAGE = `usage: pose_oracle.mjs dump SKELETON.json [--skin NAME|all|none] [--physics none|update|reset|pose]
           [--samples N|keys | --frames N --dt D[,D2,...] | --transitions N --dt D[,D2,...] [--mix M]]
           [--skeleton X,Y,SCALEX,SCALEY] [--move DX,DY] [--anim NAME]... [--atlas FILE.atlas] [--vertices]
       pose_oracle.mjs dump SKELETON.json [--skin NAME|all|none] --scenario FILE.json
       pose_oracle.mjs check SKELETON.json [--atlas FILE.atlas]
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
    if (!(e instanceof BadOption)) throw e;
    process.stderr.write(`pose_oracle: ${oneLine(e.message)}\n`);
    return EXIT.refused;
  }
  const r = runJob(verb, o);
  if (r.code !== EXIT.ok) {
    process.stderr.write(`pose_oracle: ${r.file ?? o.file}: ${r.message}\n`);
    return r.code;
  }
  if (r.text !== undefined) process.stdout.write(r.text);
  return EXIT.ok;
}

// Run as a program (not when imported, e.g. by a test).
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href)
  process.exitCode = await main(process.argv.slice(2));
