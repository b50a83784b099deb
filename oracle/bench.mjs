#!/usr/bin/env node
// `make bench` (core/bench/bench.mk): the posing speed of the core against spine-core under Node, on
// the same work, measured side by side. Two verbs:
//
//   node oracle/bench.mjs pose SKELETON.json [--skin NAME|all|none] [--samples N | --frames N --dt D]
//                             [--min-time S] [--warmup S]
//     spine-core's half: the pose sequence of oracle/FORMAT.md (setup pose, then every animation at N
//     samples, each: setupPose, apply, updateWorldTransform(Physics.none)); with --frames, physics frames
//     (from a fresh start: time 0, every physics constraint reset, setupPose, updateWorldTransform(update);
//     per animation: setupPose, time 0, reset, N frames of update(D), apply looped at skeleton.time,
//     updateWorldTransform(Physics.update)), run for --warmup seconds untimed (the JIT gets hot), then
//     repeated until --min-time seconds of work; prints the lines the core's build/bench/bench prints
//     (core/bench/bench.c): bones, poses, reps, ns, ns_per_pose, world (the final pose's bits), checksum
//     (every pose of one more sequence).
//
//   node oracle/bench.mjs run --core BENCH --posecore POSECORE [--shared DIR] [--runs N] [--min-time S]
//                             [--samples N] [--corpus-cases N] [--out FILE] [--cc CC]
//     the driver: every rig in DIR/rigs and the corpus' largest cases (most bones) that the core poses without
//     "unsupported" (asked of `posecore dump`), timed in the core and in spine-core alternately, N runs
//     each, fresh processes; checks that both sides' final poses and checksums agree bit for bit and that
//     the core allocated nothing while posing; a document below 5x is measured again without its
//     constraints (where its time goes); then every rig with physics constraints under physics frames
//     (--frames, --dt); prints the tables (medians) and writes them to FILE.
//
// Exit: 0 ok; 1 a pose differs, the core allocated while posing, or a run failed; 64 bad usage.

import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync,
  writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AnimationState, AnimationStateData, AtlasAttachmentLoader, FakeTexture, MixFrom, Physics, Skeleton, SkeletonJson,
  SkeletonRendererCore, Skin, TextureAtlas, TextureRegion,
} from "@esotericsoftware/spine-core";
import { sampleTimes } from "./pose_oracle.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNTIME_VERSION = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.resolve("@esotericsoftware/spine-core")), "utf8"),
).version;

class UsageError extends Error {}

function options(args, defaults) {
  const o = { ...defaults, _: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith("--")) { o._.push(a); continue; }
    const key = a.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in defaults)) throw new UsageError(`unknown option ${a}`);
    if (i + 1 >= args.length) throw new UsageError(`${a} needs a value`);
    const v = args[++i];
    o[key] = typeof defaults[key] === "number" ? Number(v) : v;
    if (typeof defaults[key] === "number" && !Number.isFinite(o[key])) throw new UsageError(`${a} ${v}: not a number`);
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// pose: spine-core's half

/** The oracle's stub atlas (shared/NOTES.md): every region a 1x1 region spanning the texture, all on one
 *  texture (page 0), as pose_oracle.mjs has it. */
const STUB_TEXTURE = new FakeTexture(null);
const stubAtlas = {
  findRegion() {
    const r = new TextureRegion();
    r.u = 0; r.v = 0; r.u2 = 1; r.v2 = 1;
    r.width = 1; r.height = 1; r.originalWidth = 1; r.originalHeight = 1;
    r.offsetX = 0; r.offsetY = 0; r.degrees = 0;
    r.texture = STUB_TEXTURE;
    return r;
  },
};

/** The atlas regions come from (--atlas: spine-core's TextureAtlas, a texture a page) and each texture's
 *  page index. */
function loadAtlas(path) {
  if (!path) return { atlas: stubAtlas, pages: new Map([[STUB_TEXTURE, 0]]) };
  const atlas = new TextureAtlas(readFileSync(path, "utf8"));
  const pages = new Map();
  atlas.pages.forEach((page, i) => {
    const t = new FakeTexture(null);
    page.setTexture(t);
    pages.set(t, i);
  });
  return { atlas, pages };
}

const f32 = new Float32Array(1);
const f32u = new Uint32Array(f32.buffer);
const BLEND_UNKNOWN = 4; // core/include/posecore.h PC_BLEND_MODE_UNKNOWN

/** The render commands folded as core/bench/bench.c folds them (draw). */
function hashCommands(h, cmd, pages) {
  const word = (w) => { h = Math.imul(h ^ (w >>> 0), 16777619) >>> 0; };
  const bits = (x) => { f32[0] = x; word(f32u[0]); };
  for (; cmd; cmd = cmd.next) {
    word(cmd.numVertices);
    word(cmd.numIndices);
    word(Number.isInteger(cmd.blendMode) ? cmd.blendMode : BLEND_UNKNOWN);
    word(pages.get(cmd.texture) ?? 0xffffffff);
    word(cmd.numVertices > 0 ? cmd.colors[0] : 0);
    word(cmd.numVertices > 0 ? cmd.darkColors[0] : 0);
    for (let k = 0; k < 2 * cmd.numVertices; k++) { bits(cmd.positions[k]); bits(cmd.uvs[k]); }
    for (let k = 0; k < cmd.numIndices; k++) word(cmd.indices[k]);
  }
  return h;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer); // little-endian: [0] the low half, [1] the high half

/** FNV-1a over 32-bit words, as core/bench/bench.c folds them. */
function hashPose(h, bones) {
  for (const bone of bones) {
    const p = bone.appliedPose;
    for (const x of [p.a, p.b, p.c, p.d, p.worldX, p.worldY]) {
      f64[0] = x;
      h = Math.imul(h ^ u32[0], 16777619) >>> 0;
      h = Math.imul(h ^ u32[1], 16777619) >>> 0;
    }
  }
  return h;
}

function hex(x) {
  f64[0] = x;
  return u32[1].toString(16).padStart(8, "0") + u32[0].toString(16).padStart(8, "0");
}

function pose(args) {
  const o = options(args, {
    skin: "all", samples: 30, frames: 0, dt: 0, minTime: 1, warmup: 0.5, atlas: "", draw: "0", transitions: 0,
  });
  if (o._.length !== 1) throw new UsageError("pose wants one skeleton file");
  const { atlas, pages } = loadAtlas(o.atlas);
  const renderer = o.draw === "1" ? new SkeletonRendererCore() : null;
  const drawn = (hash) => {
    if (!renderer) return hash;
    const cmd = renderer.render(skeleton, false);
    return hash === undefined ? hash : hashCommands(hash, cmd, pages);
  };
  const json = new SkeletonJson(new AtlasAttachmentLoader(atlas));
  json.scale = 1;
  const data = json.readSkeletonData(readFileSync(o._[0], "utf8"));
  const skeleton = new Skeleton(data);
  if (o.skin === "all") {
    const all = new Skin("all");
    for (const skin of data.skins) all.addSkin(skin);
    skeleton.setSkin(all);
  } else if (o.skin !== "none") skeleton.setSkin(o.skin);

  const animations = data.animations;
  const times = animations.map((a) => sampleTimes(a, o.samples));
  let poses = o.frames > 0 ? 1 + animations.length * o.frames : 1 + times.reduce((n, t) => n + t.length, 0);
  const events = [];
  const bones = skeleton.bones;
  // --transitions N: the crossfading loop of core/bench/bench.c, one AnimationState made before posing.
  const fadeFrames = Number(o.transitions);
  const stateData = new AnimationStateData(data);
  stateData.defaultMix = 0.2;
  const state = new AnimationState(stateData);
  const crossfades = (hash) => {
    skeleton.setupPose();
    skeleton.updateWorldTransform(Physics.none);
    if (hash !== undefined) hash = hashPose(hash, bones);
    for (const a of animations)
      for (const b of animations) {
        if (a === b) continue;
        state.clearTracks();
        skeleton.setupPose();
        for (const animation of [a, b]) {
          state.setAnimation(0, animation, true);
          for (let f = 0; f < fadeFrames; f++) {
            state.update(1 / 60);
            state.apply(skeleton);
            skeleton.updateWorldTransform(Physics.none);
            if (hash !== undefined) hash = hashPose(hash, bones);
          }
        }
      }
    return hash;
  };
  if (fadeFrames) poses = 1 + animations.length * (animations.length - 1) * 2 * fadeFrames;
  const frames = (hash) => {
    skeleton.time = 0;
    for (const c of skeleton.physics) c.reset(skeleton);
    skeleton.setupPose();
    skeleton.updateWorldTransform(Physics.update);
    if (hash !== undefined) hash = hashPose(hash, bones);
    hash = drawn(hash);
    for (const animation of animations) {
      skeleton.setupPose();
      skeleton.time = 0;
      for (const c of skeleton.physics) c.reset(skeleton);
      let lastTime = -1;
      for (let i = 0; i < o.frames; i++) {
        skeleton.update(o.dt);
        const time = skeleton.time;
        events.length = 0;
        animation.apply(skeleton, lastTime, time, true, events, 1, MixFrom.setup, false, false, false);
        skeleton.updateWorldTransform(Physics.update);
        if (hash !== undefined) hash = hashPose(hash, bones);
        hash = drawn(hash);
        lastTime = time;
      }
    }
    return hash;
  };
  const samples = (hash) => {
    skeleton.setupPose();
    skeleton.updateWorldTransform(Physics.none);
    if (hash !== undefined) hash = hashPose(hash, bones);
    hash = drawn(hash);
    for (let a = 0; a < animations.length; a++) {
      const animation = animations[a], ts = times[a];
      let lastTime = -1;
      for (let i = 0; i < ts.length; i++) {
        skeleton.setupPose();
        events.length = 0;
        animation.apply(skeleton, lastTime, ts[i], false, events, 1, MixFrom.setup, false, false, false);
        skeleton.updateWorldTransform(Physics.none);
        if (hash !== undefined) hash = hashPose(hash, bones);
        hash = drawn(hash);
        lastTime = ts[i];
      }
    }
    return hash;
  };
  const sequence = fadeFrames ? crossfades : o.frames > 0 ? frames : samples;

  const warmupNs = BigInt(Math.round(o.warmup * 1e9)), minNs = BigInt(Math.round(o.minTime * 1e9));
  let start = process.hrtime.bigint(), warm = 0;
  while (warm < 3 || process.hrtime.bigint() - start < warmupNs) { sequence(); warm++; }
  let reps = 0, elapsed;
  const cpu0 = process.cpuUsage();
  start = process.hrtime.bigint();
  do {
    sequence();
    reps++;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < minNs);
  const cpu = process.cpuUsage(cpu0);

  const out = [
    `bones\t${bones.length}`, `poses\t${poses}`, `reps\t${reps}`, `ns\t${elapsed}`, `cpu_ns\t${(cpu.user + cpu.system) * 1000}`,
    `ns_per_pose\t${(Number(elapsed) / (reps * poses)).toFixed(3)}`,
  ];
  for (const b of bones) {
    const p = b.appliedPose;
    out.push(`world\t${b.data.name}\t${[p.a, p.b, p.c, p.d, p.worldX, p.worldY].map(hex).join(" ")}`);
  }
  out.push(`checksum\t${sequence(2166136261).toString(16).padStart(8, "0")}`);
  process.stdout.write(out.join("\n") + "\n");
  return 0;
}

// ---------------------------------------------------------------------------------------------
// run: the driver

/** Parses a bench output (KEY<TAB>VALUE lines; `world` lines kept in order). */
function parseResult(text) {
  const r = { world: [] };
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    const key = line.slice(0, tab), value = line.slice(tab + 1);
    if (key === "world") r.world.push(value);
    else r[key] = key === "checksum" ? value : Number(value);
  }
  return r;
}

/** The core's own verdict on a document: `posecore dump` exits 0 without any `unsupported` line. */
function coreVerdict(posecore, file, skin, samples, work) {
  const outPath = join(work, "verdict.dump");
  const fd = openSync(outPath, "w");
  const r = spawnSync(posecore, ["dump", file, "--skin", skin, "--physics", "none", "--samples", String(samples)],
    { stdio: ["ignore", fd, "pipe"], encoding: "utf8" });
  closeSync(fd);
  const stderr = (r.stderr || "").trim().split("\n")[0].replace(/^posecore: /, "").replace(`${file}: `, "");
  if (r.status === 3) return { supported: false, reason: stderr || "unsupported" };
  if (r.status !== 0) return { supported: false, reason: `refused by the core (exit ${r.status}): ${stderr}` };
  const text = readFileSync(outPath, "utf8");
  const m = text.match(/^unsupported\t[^\t]*\t(.*)$/m);
  rmSync(outPath);
  if (m) return { supported: false, reason: JSON.parse(m[1]) };
  return { supported: true };
}

/** The corpus' cases, largest first: most bones, then most poses in a sequence; refused ones left out. */
function corpusCandidates(samples) {
  const dir = join(ROOT, "corpus", "cases");
  if (!existsSync(dir)) return [];
  const list = [];
  for (const f of readdirSync(dir)) {
    if (!f.endsWith(".json")) continue;
    const name = f.slice(0, -5);
    if (existsSync(join(ROOT, "corpus", "dumps", `${name}.refused`))) continue;
    let doc;
    try { doc = JSON.parse(readFileSync(join(dir, f), "utf8")); } catch { continue; }
    if (!doc || typeof doc !== "object") continue;
    const bones = Array.isArray(doc.bones) ? doc.bones.length : 0;
    const anims = doc.animations && typeof doc.animations === "object" ? Object.keys(doc.animations).length : 0;
    let skin = "all";
    const argsFile = join(dir, `${name}.args`);
    if (existsSync(argsFile)) {
      const m = readFileSync(argsFile, "utf8").match(/--skin\s+(\S+)/);
      if (m) skin = m[1];
    }
    list.push({ name: `cases/${name}`, file: join(dir, f), skin, bones, poses: 1 + anims * samples });
  }
  return list.sort((a, b) => b.bones - a.bones || b.poses - a.poses || a.name.localeCompare(b.name));
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function sh(cmd, args) {
  try { return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(); } catch { return "?"; }
}

function machine(cc) {
  const cpuinfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = (cpuinfo.match(/^model name\s*:\s*(.*)$/m) || [null, cpus()[0]?.model || "?"])[1];
  const commit = sh("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"]);
  const dirty = sh("git", ["-C", ROOT, "status", "--porcelain", "--untracked-files=no"]);
  return {
    uname: sh("uname", ["-srm"]),
    cpu: `${model} (${cpus().length} logical CPUs)`,
    cc: sh(cc, ["--version"]).split("\n")[0],
    node: `${process.version} (V8 ${process.versions.v8}), spine-core ${RUNTIME_VERSION}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    commit: dirty && dirty !== "?" ? `${commit} (with uncommitted changes in the working tree)` : commit,
    load: loadavg().map((x) => x.toFixed(2)).join(" "),
  };
}

const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function run(args) {
  const o = options(args, {
    core: "", posecore: "", shared: "../shared", runs: 5, minTime: 1, samples: 30, corpusCases: 3, out: "",
    cc: "cc", cflags: "-O2 -ffp-contract=off", warmup: 0.5, frames: 300, dt: 1 / 60, transitions: 20,
  });
  if (!o.core || !o.posecore) throw new UsageError("run needs --core BENCH and --posecore POSECORE");
  const began = process.hrtime.bigint();
  const work = mkdtempSync(join(tmpdir(), "posecore-bench-"));
  try {
    // What is benchmarked: the rigs, then the corpus' largest supported cases.
    const rigDir = join(o.shared, "rigs");
    const targets = [], skipped = [];
    if (existsSync(rigDir)) {
      for (const f of readdirSync(rigDir).filter((f) => f.endsWith(".json")).sort())
        targets.push({ name: f.slice(0, -5), file: join(rigDir, f), skin: "all" });
    } else process.stdout.write(`bench: no rigs at ${rigDir} (SHARED=DIR): only the corpus is measured\n`);
    const rigCount = targets.length;
    const supported = [];
    for (const t of targets) {
      const v = coreVerdict(o.posecore, t.file, t.skin, o.samples, work);
      if (v.supported) supported.push(t); else skipped.push({ ...t, reason: v.reason });
    }
    let corpusTaken = 0;
    for (const c of corpusCandidates(o.samples)) {
      if (corpusTaken >= o.corpusCases) break;
      const v = coreVerdict(o.posecore, c.file, c.skin, o.samples, work);
      if (v.supported) { supported.push(c); corpusTaken++; } else skipped.push({ ...c, reason: v.reason });
    }
    process.stdout.write(`bench: ${supported.length} documents (${supported.length - corpusTaken} of ${rigCount} rigs, ` +
      `${corpusTaken} corpus cases), ${o.runs} alternating runs of >= ${o.minTime} s each side\n`);

    const failures = [];
    const results = measure(supported, o, failures);
    // The table: medians over the runs.
    const rows = tableRows(supported, results);

    // Below the target: the same work without the document's constraints, so the table says which part
    // of the pose is below it.
    const split = [];
    for (const r of rows.filter((r) => r.ratio < 5)) {
      const t = supported.find((x) => x.name === r.name);
      const stripped = withoutConstraints(t, work);
      if (!stripped) continue;
      process.stdout.write(`bench: ${t.name} is below 5x: measuring it without its constraints\n`);
      const [without] = tableRows([stripped], measure([stripped], o, failures));
      if (without) split.push({ whole: r, without });
    }
    // Physics frames: every rig with physics constraints, stepped (--frames, --dt, Physics.update).
    const physicsTargets = supported.filter((t) => !t.name.startsWith("cases/") && hasPhysics(t.file))
      .map((t) => ({ ...t, name: `${t.name} (physics frames)`, extra: ["--frames", String(o.frames), "--dt", String(o.dt)] }));
    if (physicsTargets.length)
      process.stdout.write(`bench: ${physicsTargets.length} rigs with physics constraints, ${o.frames} frames of ${o.dt} s an animation\n`);
    const physicsRows = tableRows(physicsTargets, measure(physicsTargets, o, failures));
    // Drawing (issue 18): the same poses, each also drawn (SkeletonRendererCore.render: world vertices,
    // clipping, batching), the rigs with their atlas when they have one.
    const drawTargets = supported.filter((t) => !t.name.startsWith("cases/")).map((t) => {
      const atlas = join(o.shared, "atlases", `${t.name.replace(/-[^-]*$/, "")}.atlas`);
      return { ...t, name: `${t.name} drawn`, draw: true, atlas: existsSync(atlas) ? atlas : "" };
    });
    if (drawTargets.length) process.stdout.write(`bench: ${drawTargets.length} rigs drawn too (render commands every pose)\n`);
    const drawRows = tableRows(drawTargets, measure(drawTargets, o, failures));
    // Crossfading (issue 22): the rigs of two animations or more, every ordered pair crossfaded by one
    // AnimationState (--transitions FRAMES at 1/60 s, default mix 0.2).
    const fades = supported.filter((t) => !t.name.startsWith("cases/") && animationCount(t.file) >= 2)
      .map((t) => ({ ...t, name: `${t.name} crossfading`, extra: ["--transitions", String(o.transitions)] }));
    if (fades.length) process.stdout.write(`bench: ${fades.length} rigs crossfading (--transitions ${o.transitions})\n`);
    const fadeRows = tableRows(fades, measure(fades, o, failures));
    const seconds = Number(process.hrtime.bigint() - began) / 1e9;
    const report = render(rows, split, physicsRows, skipped, failures, machine(o.cc), o, seconds, drawRows, drawTargets,
      fadeRows);
    process.stdout.write(`\n${report}`);
    if (o.out) writeFileSync(o.out, report);
    if (failures.length) {
      process.stdout.write(`\nbench: FAILED (${failures.length}):\n${failures.map((f) => `  ${f}\n`).join("")}`);
      return 1;
    }
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The runs: core and spine-core alternately, each in a fresh process; which side goes first alternates.
 * Returns name -> { core: [results], node: [results] }; a failed run or a disagreement goes to failures. */
function measure(targets, o, failures) {
  const results = new Map(targets.map((t) => [t.name, { core: [], node: [] }]));
  const drawing = (t) => (t.draw ? [...(t.atlas ? ["--atlas", t.atlas] : []), "--draw"] : []);
  const side = {
    core: (t) => [o.core, [t.file, "--skin", t.skin, ...(t.extra || ["--samples", String(o.samples)]),
      "--min-time", String(o.minTime), ...drawing(t)]],
    node: (t) => [process.execPath, [fileURLToPath(import.meta.url), "pose", t.file, "--skin", t.skin,
      ...(t.extra || ["--samples", String(o.samples)]), "--min-time", String(o.minTime), "--warmup", String(o.warmup),
      ...(t.draw ? [...(t.atlas ? ["--atlas", t.atlas] : []), "--draw", "1"] : [])]],
  };
  for (let r = 0; r < o.runs; r++) {
    for (const t of targets) {
      const res = results.get(t.name);
      for (const which of r % 2 === 0 ? ["core", "node"] : ["node", "core"]) {
        const [cmd, argv] = side[which](t);
        const p = spawnSync(cmd, argv, { encoding: "utf8", maxBuffer: 1 << 28 });
        if (p.status !== 0) {
          failures.push(`${t.name}: ${which === "core" ? "the core's bench" : "spine-core's bench"} failed ` +
            `(exit ${p.status}${p.signal ? `, ${p.signal}` : ""}): ${(p.stderr || "").trim().split("\n")[0]}`);
          continue;
        }
        res[which].push(parseResult(p.stdout));
      }
      const c = res.core.at(-1), n = res.node.at(-1);
      if (c && n && res.core.length === r + 1 && res.node.length === r + 1) {
        process.stdout.write(`  run ${r + 1}/${o.runs} ${t.name}: core ${fmt(c.ns_per_pose)} ns/pose, ` +
          `spine-core ${fmt(n.ns_per_pose)} ns/pose\n`);
        check(t, c, n, failures);
      }
    }
  }
  return results;
}

/** How many animations a document has (0 when it cannot be read). */
function animationCount(file) {
  try {
    const doc = JSON.parse(readFileSync(file, "utf8"));
    return doc.animations && typeof doc.animations === "object" ? Object.keys(doc.animations).length : 0;
  } catch { return 0; }
}

/** The table's rows: medians over the runs of each target both sides measured. */
function tableRows(targets, results) {
  const rows = [];
  for (const t of targets) {
    const { core, node } = results.get(t.name);
    if (core.length === 0 || node.length === 0) continue;
    const c = median(core.map((x) => x.ns_per_pose)), n = median(node.map((x) => x.ns_per_pose));
    rows.push({
      name: t.name, skin: t.skin, bones: core[0].bones, poses: core[0].poses, core: c, node: n, ratio: n / c,
      coreRuns: core, nodeRuns: node,
      allocs: Math.max(...core.map((x) => x.posing_allocs)), posingPoses: core[0].posing_poses,
      warmupAllocs: core[0].warmup_allocs,
      docBytes: core[0].document_bytes, docAllocs: core[0].document_allocs,
      instBytes: core[0].instance_bytes, instAllocs: core[0].instance_allocs,
    });
  }
  return rows;
}

/** The document has a physics constraint (4.3 JSON: one of `constraints` of type physics). */
function hasPhysics(file) {
  try {
    const doc = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(doc.constraints) && doc.constraints.some((c) => c && c.type === "physics");
  } catch {
    return false;
  }
}

/** The animation keys that hold no constraint's timelines (4.3 JSON); the others are dropped with the
 * constraints. */
const UNCONSTRAINED_TIMELINES = new Set(["bones", "slots", "attachments", "drawOrder", "drawOrderFolder", "events"]);

/** A copy of target t's document without its constraints (the top-level list, the skins' lists, the
 * animations' constraint timelines), written to work; null when it has none. */
function withoutConstraints(t, work) {
  let doc;
  try { doc = JSON.parse(readFileSync(t.file, "utf8")); } catch { return null; }
  if (!Array.isArray(doc.constraints) || doc.constraints.length === 0) return null;
  doc.constraints = [];
  for (const skin of Array.isArray(doc.skins) ? doc.skins : []) if (skin && typeof skin === "object") delete skin.constraints;
  for (const a of Object.values(doc.animations && typeof doc.animations === "object" ? doc.animations : {}))
    if (a && typeof a === "object") for (const key of Object.keys(a)) if (!UNCONSTRAINED_TIMELINES.has(key)) delete a[key];
  const file = join(work, `${t.name.replace(/[^A-Za-z0-9_.-]/g, "_")}-without-constraints.json`);
  writeFileSync(file, JSON.stringify(doc));
  return { ...t, name: `${t.name} without constraints`, file };
}

/** One run's agreement: the same work, the same final pose and checksum, no allocation while posing. */
function check(t, c, n, failures) {
  if (c.bones !== n.bones || c.poses !== n.poses)
    failures.push(`${t.name}: different work: core ${c.bones} bones ${c.poses} poses, spine-core ${n.bones} bones ${n.poses} poses`);
  const diff = c.world.findIndex((w, i) => w !== n.world[i]);
  if (diff >= 0 || c.world.length !== n.world.length) {
    const i = diff >= 0 ? diff : Math.min(c.world.length, n.world.length);
    failures.push(`${t.name}: the final pose differs at bone ${i}: core "${c.world[i]}", spine-core "${n.world[i]}"`);
  }
  if (c.checksum !== n.checksum)
    failures.push(`${t.name}: the checksum over one sequence's poses differs: core ${c.checksum}, spine-core ${n.checksum}`);
  if (c.posing_allocs !== 0)
    failures.push(`${t.name}: the core allocated ${c.posing_allocs} times while posing ${c.posing_poses} poses`);
}

function render(rows, split, physicsRows, skipped, failures, m, o, seconds, drawRows = [], drawTargets = [], fadeRows = []) {
  const L = [];
  L.push("# Posing speed: the core against spine-core", "");
  L.push("Generated by `make bench` (core/bench/bench.mk, core/bench/bench.c, oracle/bench.mjs); do not edit.", "");
  L.push(`- machine: ${m.uname}; ${m.cpu}; load average at the end ${m.load}`);
  L.push(`- compiler: ${m.cc}, \`${o.cflags}\` (the library's flags)`);
  L.push(`- Node: ${m.node}`);
  L.push(`- date: ${m.date}; commit ${m.commit}`);
  L.push(`- work: per document, the pose sequence of oracle/FORMAT.md with \`--skin all --physics none --samples ${o.samples}\` ` +
    `(a corpus case: the skin of its .args) ` +
    `(the setup pose, then every animation at ${o.samples} samples; each sample: setup pose, apply, world transform), ` +
    `repeated until >= ${o.minTime} s; spine-core warmed up ${o.warmup} s first. Median of ${o.runs} runs, core and ` +
    `spine-core alternating, each in a fresh process. ratio = spine-core ns/pose / core ns/pose (target >= 5).`);
  L.push(`- checked in every run: the final pose (a b c d worldX worldY of every bone) and a checksum over every pose of ` +
    `one sequence are bit-identical on both sides; the core allocates nothing while posing.`);
  L.push(`- the bench took ${fmt(seconds, 0)} s.`, "");
  L.push("| document | bones | poses | core ns/pose | core ns/bone | spine-core ns/pose | spine-core ns/bone | ratio | |");
  L.push("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const r of rows)
    L.push(`| ${r.name} | ${r.bones} | ${r.poses} | ${fmt(r.core)} | ${fmt(r.core / r.bones, 1)} | ${fmt(r.node)} | ` +
      `${fmt(r.node / r.bones, 1)} | ${fmt(r.ratio, 2)}x | ${r.ratio >= 5 ? "ok" : "**below 5x**"} |`);
  for (const s of skipped.filter((s) => !s.name.startsWith("cases/")))
    L.push(`| ${s.name} | | | unsupported | | | | | ${s.reason.replace(/\|/g, "\\|")} |`);
  L.push("");
  const corpusSkipped = skipped.filter((s) => s.name.startsWith("cases/"));
  if (corpusSkipped.length)
    L.push(`Larger corpus cases passed over as unsupported: ${corpusSkipped.map((s) => `${s.name} (${s.reason})`).join("; ")}.`, "");
  if (split.length) {
    L.push("## Below the target: where the time goes", "");
    L.push("Each document below 5x measured again without its constraints (the document's list, the skins' lists " +
      "and the animations' constraint timelines removed; the same runs, the same bit-for-bit checks). The " +
      "difference of the two is the time of the constraints and their timelines.", "");
    L.push("| document | part | core ns/pose | spine-core ns/pose | ratio |");
    L.push("|---|---|---:|---:|---:|");
    for (const { whole, without } of split) {
      const c = whole.core - without.core, n = whole.node - without.node;
      L.push(`| ${whole.name} | whole | ${fmt(whole.core)} | ${fmt(whole.node)} | ${fmt(whole.ratio, 2)}x |`);
      L.push(`| ${whole.name} | without constraints | ${fmt(without.core)} | ${fmt(without.node)} | ${fmt(without.ratio, 2)}x |`);
      L.push(`| ${whole.name} | the constraints (difference) | ${fmt(c)} | ${fmt(n)} | ${c > 0 ? `${fmt(n / c, 2)}x` : "-"} |`);
    }
    L.push("");
  }
  if (physicsRows.length) {
    L.push("## Physics frames", "");
    L.push(`Every rig with physics constraints, stepped: from a fresh start (time 0, every physics constraint reset, ` +
      `the setup pose under Physics.update), then per animation the setup pose, time 0, every physics constraint ` +
      `reset and ${o.frames} frames of \`skeleton.update(${o.dt})\`, the animation applied looped at the skeleton's ` +
      `time and \`updateWorldTransform(Physics.update)\` (oracle/FORMAT.md's frames sequence under ` +
      `\`--physics update --frames ${o.frames} --dt ${o.dt}\`). The same runs and checks as above (the final pose ` +
      `and a checksum over every frame of one sequence bit for bit; no allocation while stepping).`, "");
    L.push("| document | bones | poses | core ns/pose | spine-core ns/pose | ratio | allocations while stepping |");
    L.push("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of physicsRows)
      L.push(`| ${r.name} | ${r.bones} | ${r.poses} | ${fmt(r.core)} | ${fmt(r.node)} | ${fmt(r.ratio, 2)}x | ${r.allocs} |`);
  }
  if (fadeRows.length) {
    L.push("## Crossfading: AnimationState (issue 22)", "");
    L.push(`Per rig of two animations or more: one AnimationState (AnimationStateData.defaultMix 0.2) made before posing; ` +
      `the setup pose, then for every ordered pair of distinct animations \`clearTracks\`, the setup pose, ` +
      `\`setAnimation(0, A, true)\`, ${o.transitions} frames, \`setAnimation(0, B, true)\`, ${o.transitions} frames; a frame: ` +
      "`update(1/60)`, `apply`, `updateWorldTransform(Physics.none)` (a pose). The same runs and bit-for-bit checks as above; " +
      "the core's allocations counted after its first sequence, in which the state's entry pool is made (warm-up).", "");
    L.push("| document | bones | poses | core ns/pose | spine-core ns/pose | ratio | allocations while posing | warm-up allocations |");
    L.push("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of fadeRows)
      L.push(`| ${r.name.replace(/ crossfading$/, "")} | ${r.bones} | ${fmt(r.poses)} | ${fmt(r.core)} | ${fmt(r.node)} | ` +
        `${fmt(r.ratio, 2)}x | ${r.allocs} | ${r.warmupAllocs ?? "?"} |`);
    L.push("");
  }
  if (drawRows.length) {
    L.push("## Drawing: a pose and its render commands", "");
    L.push("The same pose sequence, each pose also drawn: `SkeletonRendererCore.render(skeleton, false)` in spine-core " +
      "(stride 2), `pc_render` in the core: every slot's world vertices (float32), clipping (spineboy-pro and coin-pro " +
      "clip), colors, batching. The rigs read with their atlas (`../shared/atlases`) when they have one. Checked in " +
      "every run as above, the checksum also folding every command's counts, blend, page, colors, positions' and " +
      "uvs' float bits and indices; the renderer is made before posing (its bytes in the instance's) and drawing " +
      "allocates nothing.", "");
    L.push("| document | atlas | bones | poses | core ns/pose | spine-core ns/pose | ratio | allocations while drawing |");
    L.push("|---|---|---:|---:|---:|---:|---:|---:|");
    for (const r of drawRows) {
      const t = drawTargets.find((x) => x.name === r.name);
      L.push(`| ${r.name} | ${t && t.atlas ? "yes" : "stub"} | ${r.bones} | ${r.poses} | ${fmt(r.core)} | ${fmt(r.node)} | ` +
        `${fmt(r.ratio, 2)}x | ${r.allocs} |`);
    }
    L.push("");
  }
  L.push("## Allocations and memory (the core)", "");
  L.push("Counted by a counting allocator linked into the benchmark (`-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free`, " +
    "and Jansson's allocations through `json_set_alloc_funcs`). Bytes are the bytes requested and still held afterwards " +
    "(allocator overhead not included). Document: `pc_read_file` (it keeps the parsed JSON). Instance: `pc_skeleton_new` " +
    "and `pc_skeleton_set_skin`. Posing: from after the instance is made to the end of the timing.", "");
  L.push("| document | document bytes | document allocations | instance bytes | instance allocations | allocations while posing | poses posed |");
  L.push("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    L.push(`| ${r.name} | ${fmt(r.docBytes)} | ${fmt(r.docAllocs)} | ${fmt(r.instBytes)} | ${fmt(r.instAllocs)} | ` +
      `${r.allocs} | ${fmt(r.posingPoses)} |`);
  L.push("");
  L.push("## Every run", "");
  L.push("ns/pose of each run, in run order, with the share of the timed wall-clock time the process had a CPU " +
    "(below 100 % when the machine was busy; spine-core's includes V8's helper threads).", "");
  L.push("| document | core | spine-core |");
  L.push("|---|---|---|");
  const runs = (xs) => xs.map((x) => `${fmt(x.ns_per_pose)} (${Math.round((100 * x.cpu_ns) / x.ns)} %)`).join(", ");
  for (const r of [...rows, ...split.map((x) => x.without), ...physicsRows, ...drawRows, ...fadeRows])
    L.push(`| ${r.name} | ${runs(r.coreRuns)} | ${runs(r.nodeRuns)} |`);
  L.push("");
  if (failures.length) {
    L.push("## FAILED", "");
    for (const f of failures) L.push(`- ${f}`);
    L.push("");
  }
  return L.join("\n");
}

// ---------------------------------------------------------------------------------------------

const USAGE = `usage: bench.mjs pose SKELETON.json [--skin NAME|all|none] [--samples N | --frames N --dt D | --transitions N] [--min-time S]
                     [--warmup S]
       bench.mjs run --core BENCH --posecore POSECORE [--shared DIR] [--runs N] [--min-time S] [--samples N]
                     [--corpus-cases N] [--out FILE] [--cc CC] [--warmup S] [--frames N] [--dt D] [--transitions N]`;

function main(argv) {
  const [verb, ...rest] = argv;
  try {
    if (verb === "pose") return pose(rest);
    if (verb === "run") return run(rest);
    throw new UsageError(`unknown verb ${verb ?? ""}`);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`bench.mjs: ${e.message}\n${USAGE}\n`);
      return 64;
    }
    process.stderr.write(`bench.mjs: ${e && e.stack ? e.stack.split("\n").slice(0, 3).join(" ") : e}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
