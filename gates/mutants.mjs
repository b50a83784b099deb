#!/usr/bin/env node
// Error parity by mutation: derives broken and odd documents from the corpus cases and the shared rigs,
// asks spine-core (the oracle's `check`, in one batch process) and the core (`posecore check`, one
// process each) whether each is accepted, and counts the agreement. No mutant may crash the core.
//
//   node gates/mutants.mjs [--core PATH] [--shared DIR] [--count N] [--seed S] [--out DIR]
//                          [--dump] [--diff] [--keep-all] [--quiet] [--shard I/N] [--part FILE]
//   node gates/mutants.mjs --merge [--out DIR] PART...
//
// --dump also runs `posecore dump MUTANT --skin all` for each mutant (crashes only; for the sanitizer
// build). Mutants the verdicts disagree on (and any the core crashed on) are kept in --out (default
// build/mutants) with a list; the rest are deleted unless --keep-all. --diff also compares, for every
// mutant both accept, the oracle's dump with the core's (posediff, --skin all --samples 3) and counts
// identical, unsupported and different dumps; a difference, a dump only the core gives (unless the
// oracle cannot spell the runtime's values) or a core failing where the oracle poses is kept, listed
// and fails the run. Exit 0 when every verdict agrees, nothing crashed and (--diff) no pose differs;
// 1 otherwise, 2 on bad usage.
//
// --shard I/N draws the same COUNT mutants and judges the I-th of N contiguous slices (a CI matrix);
// --part FILE writes its counts and kept lines (JSON). --merge adds the parts of shards 1..N into what
// the unsharded run prints, byte for byte, with the same exit status (--out: where to write the merged
// disagreements.txt); probes/merge calls it for a nightly's parts.
//
// Families (each mutant applies one): remove a key; misspell a string or a key; a value of the wrong
// type; a reference made to point at the wrong thing (itself, a later bone, another name of its kind);
// a value wrapped in an array or turned into a string, an array turned into an index-keyed object (and
// back), a null (or other falsy value) inserted into an array;
// a global rename (odd Unicode names); NaN, infinite, huge, tiny and numeric-string numbers; empty and
// enormous arrays; a duplicated key; an array element dropped; truncated JSON. Where the runtime would
// run out of memory or loop without end (numbers that size allocations, draw order offsets out of
// order), mutants are not planted: the oracle cannot judge them.

import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const top = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function parseArgs(argv) {
  const o = { core: join(top, "build/bin/posecore"), shared: resolve(top, "../shared"), count: 2400, seed: 4,
              out: join(top, "build/mutants"), dump: false, diff: false, keepAll: false, quiet: false, timeout: 20000,
              shard: null, part: null, merge: null, outGiven: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = () => argv[++i];
    if (a === "--core") o.core = resolve(v());
    else if (a === "--shared") o.shared = resolve(v());
    else if (a === "--count") o.count = Number(v());
    else if (a === "--seed") o.seed = Number(v());
    else if (a === "--out") { o.out = resolve(v()); o.outGiven = true; }
    else if (a === "--dump") o.dump = true;
    else if (a === "--diff") o.diff = true;
    else if (a === "--keep-all") o.keepAll = true;
    else if (a === "--quiet") o.quiet = true;
    else if (a === "--shard") o.shard = v();
    else if (a === "--part") o.part = resolve(v());
    else if (a === "--merge") o.merge = [];
    else if (o.merge && !a.startsWith("--")) o.merge.push(resolve(a));
    else { process.stderr.write(`mutants: unknown argument ${a}\n`); process.exit(2); }
  }
  if (o.merge) return o;
  if (o.shard !== null) {
    const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(o.shard ?? "");
    if (!m || Number(m[1]) > Number(m[2])) { process.stderr.write(`mutants: --shard wants I/N with 1 <= I <= N, not '${o.shard}'\n`); process.exit(2); }
    o.shard = { i: Number(m[1]), n: Number(m[2]) };
  }
  if (!(o.count > 0)) { process.stderr.write("mutants: --count wants a positive number\n"); process.exit(2); }
  return o;
}

// ---- A seeded generator (mulberry32) ------------------------------------------------------------------

function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

// ---- Walking a document ----------------------------------------------------------------------------------

/** How deep a parsed document nests (without recursion). */
function depth(doc) {
  let max = 0;
  const stack = [[doc, 0]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (d > max) max = d;
    if (v && typeof v === "object") for (const k of Object.keys(v)) stack.push([v[k], d + 1]);
  }
  return max;
}

/** Every place in the document: { parent, key, value, path } (the root has no parent). */
function places(doc) {
  const out = [];
  const walk = (parent, key, value, path) => {
    out.push({ parent, key, value, path });
    if (Array.isArray(value)) value.forEach((v, i) => walk(value, i, v, [...path, i]));
    else if (value && typeof value === "object") for (const k of Object.keys(value)) walk(value, k, value[k], [...path, k]);
  };
  walk(null, null, doc, []);
  return out;
}

/** Places where a mutation could make the runtime allocate without bound or loop forever. */
function unsafe(place, kind) {
  const p = place.path;
  const inOffsets = p.includes("offsets");
  const key = String(place.key);
  if (kind === "number" || kind === "type") {
    if (["vertexCount", "count", "digits", "length"].includes(key)) return true;
    // The bone counts of weighted vertices drive the reading loop.
    if (p[0] === "skins" && p.includes("vertices")) return true;
  }
  if (kind === "grow" || kind === "reference" || kind === "duplicate" || kind === "drop") return inOffsets;
  return false;
}

const PALETTE = [null, true, false, 0, 1, -1, 0.5, "", "x", "5", "normal", [], [1], ["a"], {}, { name: "x" }];
const NUMBERS = ["@@1e400@@", "@@-1e400@@", "@@1e-400@@", 1.7976931348623157e308, -1e308, 5e-324, -0, 1e21,
                 123456789.123456789, "NaN", "Infinity", "-Infinity", "0x10", " 3 ", "1e2", "", "0b11", "+5"];
const ODD_NAMES = ["", "hïp", "名前", "😀bone", "a\tb", "a\"b", "a\\b", "a/b", "0", "01", "4294967295", "__x",
                   "toString", "constructor", " ", "x".repeat(300), "ſcreen", "ınherit"];

function clone(x) { return JSON.parse(JSON.stringify(x)); }

/** Picks a place, two times in three among the structural ones (members of objects, and objects and
 *  arrays themselves) rather than the many numbers of vertex and frame arrays. */
function pickPlace(ps, r) {
  const structural = ps.filter((p) => (p.parent && !Array.isArray(p.parent)) || (p.value && typeof p.value === "object"));
  return r.int(3) < 2 && structural.length ? r.pick(structural) : r.pick(ps);
}

/** Names of bones, slots, skins, constraints, animations, events in a document. */
function namesOf(doc) {
  const names = { bone: [], slot: [], skin: [], constraint: [], animation: [], event: [] };
  if (!doc || typeof doc !== "object") return names;
  for (const b of Array.isArray(doc.bones) ? doc.bones : []) if (b && typeof b.name === "string") names.bone.push(b.name);
  for (const s of Array.isArray(doc.slots) ? doc.slots : []) if (s && typeof s.name === "string") names.slot.push(s.name);
  for (const s of Array.isArray(doc.skins) ? doc.skins : []) if (s && typeof s.name === "string") names.skin.push(s.name);
  for (const c of Array.isArray(doc.constraints) ? doc.constraints : [])
    if (c && typeof c.name === "string") names.constraint.push(c.name);
  if (doc.animations && typeof doc.animations === "object") names.animation.push(...Object.keys(doc.animations));
  if (doc.events && typeof doc.events === "object") names.event.push(...Object.keys(doc.events));
  return names;
}

/** Replaces every string and key equal to `from` by `to`. */
function renameAll(value, from, to) {
  if (Array.isArray(value)) return value.map((v) => renameAll(v, from, to));
  if (value && typeof value === "object") {
    const out = {};
    for (const k of Object.keys(value)) out[k === from ? to : k] = renameAll(value[k], from, to);
    return out;
  }
  return value === from ? to : value;
}

function misspell(s, r) {
  if (typeof s !== "string" || s.length === 0) return s + "x";
  switch (r.int(5)) {
    case 0: return s + "_";
    case 1: return s.slice(0, -1);
    case 2: return s[0] === s[0].toUpperCase() ? s[0].toLowerCase() + s.slice(1) : s[0].toUpperCase() + s.slice(1);
    case 3: return " " + s;
    default: return s.slice(0, r.int(s.length)) + "ä" + s.slice(r.int(s.length));
  }
}

function setPlace(place, value) {
  if (place.parent === null) return value;
  place.parent[place.key] = value;
  return undefined;
}

/** Serialises, turning the @@...@@ number markers into the literals JSON.stringify cannot write. */
function text(doc) {
  return JSON.stringify(doc, null, 1).replace(/"@@(-?1e-?400)@@"/g, "$1");
}

// ---- The families -------------------------------------------------------------------------------------------

const FAMILIES = {
  "remove-key": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && !Array.isArray(p.parent));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    delete p.parent[p.key];
    return text(doc);
  },
  "misspell-string": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && typeof p.value === "string" && !unsafe(p, "reference"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    setPlace(p, misspell(p.value, r));
    return text(doc);
  },
  "misspell-key": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && !Array.isArray(p.parent));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    const entries = Object.entries(p.parent);
    for (const [k] of entries) delete p.parent[k];
    for (const [k, v] of entries) p.parent[k === p.key ? misspell(k, r) : k] = v;
    return text(doc);
  },
  "wrong-type": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && !unsafe(p, "type"));
    if (!ps.length) return null;
    setPlace(pickPlace(ps, r), clone(r.pick(PALETTE)));
    return text(doc);
  },
  "wrong-reference": (doc, r) => {
    const names = namesOf(doc);
    const all = Object.values(names).flat();
    const ps = places(doc).filter((p) => p.parent && typeof p.value === "string" && all.includes(p.value)
      && !unsafe(p, "reference"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    const kind = Object.keys(names).find((k) => names[k].includes(p.value));
    const choice = r.int(3);
    if (choice === 0) {
      // Point a bone's parent at itself or a later bone (a cycle the runtime reads as a root).
      const bones = Array.isArray(doc.bones) ? doc.bones : [];
      const b = r.pick(bones.length ? bones : [{}]);
      if (b && typeof b === "object" && bones.length) b.parent = r.pick(bones.slice(bones.indexOf(b)))?.name ?? b.name;
      else setPlace(p, r.pick(names[kind]));
    } else if (choice === 1) {
      setPlace(p, r.pick(names[kind]));
    } else {
      setPlace(p, r.pick(all));
    }
    return text(doc);
  },
  "rename": (doc, r) => {
    const all = Object.values(namesOf(doc)).flat();
    if (!all.length) return null;
    return text(renameAll(doc, r.pick(all), r.pick(ODD_NAMES)));
  },
  "number": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && typeof p.value === "number" && !unsafe(p, "number"));
    if (!ps.length) return null;
    setPlace(pickPlace(ps, r), r.pick(NUMBERS));
    return text(doc);
  },
  "empty": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && p.value && typeof p.value === "object");
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    setPlace(p, Array.isArray(p.value) ? [] : r.int(2) ? {} : []);
    return text(doc);
  },
  "enormous": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && Array.isArray(p.value) && p.value.length > 0 && !unsafe(p, "grow"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    const grown = [];
    const target = Math.min(4000, p.value.length * (2 + r.int(20)));
    while (grown.length < target) grown.push(...clone(p.value));
    setPlace(p, grown.slice(0, target));
    return text(doc);
  },
  "duplicate-key": (doc, r) => {
    const ps = places(doc).filter((p) => p.value && typeof p.value === "object" && !Array.isArray(p.value)
      && Object.keys(p.value).length > 0 && !unsafe(p, "duplicate"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    const key = r.pick(Object.keys(p.value));
    const dup = clone(r.pick(PALETTE));
    const entries = Object.entries(p.value);
    for (const [k] of entries) delete p.value[k];
    p.value["@@DUP@@"] = 0;
    for (const [k, v] of entries) p.value[k] = v;
    return text(doc).replace('"@@DUP@@": 0', `${JSON.stringify(key)}: ${JSON.stringify(dup)}`);
  },
  "drop-element": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && Array.isArray(p.value) && p.value.length > 0);
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    p.value.splice(r.int(p.value.length), 1);
    return text(doc);
  },
  "wrap-in-array": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && !unsafe(p, "type"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    setPlace(p, r.int(4) ? [p.value] : [[p.value]]);
    return text(doc);
  },
  "as-string": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && p.value !== null && !unsafe(p, "type"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    const v = p.value;
    setPlace(p, typeof v === "string" ? v.slice(0, 2) : typeof v === "object" ? JSON.stringify(v).slice(0, 12) : String(v));
    return text(doc);
  },
  "array-as-object": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && p.value && typeof p.value === "object" && !unsafe(p, "grow"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    if (Array.isArray(p.value)) {
      const o = {};
      p.value.forEach((v, i) => { o[i] = v; });
      setPlace(p, o);
    } else {
      setPlace(p, Object.values(p.value));
    }
    return text(doc);
  },
  "insert-null": (doc, r) => {
    const ps = places(doc).filter((p) => p.parent && Array.isArray(p.value) && !unsafe(p, "grow"));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    p.value.splice(r.int(p.value.length + 1), 0, r.pick([null, 0, "", false, {}]));
    return text(doc);
  },
  "escapes": (doc, r) => {
    // A lone surrogate, a pair or a NUL as a \u escape in a string or a key (JSON.parse keeps them).
    const ps = places(doc).filter((p) => p.parent && (typeof p.value === "string" || !Array.isArray(p.parent)));
    if (!ps.length) return null;
    const p = pickPlace(ps, r);
    if (typeof p.value === "string" && r.int(2)) setPlace(p, "@@ESC@@" + p.value);
    else if (!Array.isArray(p.parent)) {
      const entries = Object.entries(p.parent);
      for (const [k] of entries) delete p.parent[k];
      for (const [k, v] of entries) p.parent[k === p.key ? `${k}@@ESC@@` : k] = v;
    } else return null;
    const escape = r.pick(["\\ud800", "\\udfff", "\\udbff", "\\u0000", "\\ud83d\\ude00", "\\ud800\\ud800"]);
    return text(doc).replace("@@ESC@@", escape);
  },
  "truncate": (doc, r) => {
    const t = text(doc);
    return t.slice(0, r.int(t.length));
  },
};
const FAMILY_NAMES = Object.keys(FAMILIES);

// ---- Running the verdicts ----------------------------------------------------------------------------------

/** The oracle's verdicts for files, one batch process; restarted past a job that kills it. With
 *  dumpArgs, dump jobs (FILE.oracle.dump) instead of check jobs. */
async function oracleVerdicts(files, timeoutMs, dumpArgs = null) {
  const verdicts = new Map();
  let rest = files.slice();
  while (rest.length) {
    const done = await new Promise((resolveRun) => {
      const child = spawn(process.execPath, [join(top, "oracle/pose_oracle.mjs"), "batch"], { stdio: ["pipe", "pipe", "inherit"] });
      let buffer = "", count = 0, timer;
      const arm = () => { clearTimeout(timer); timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs); };
      arm();
      child.stdout.on("data", (chunk) => {
        arm();
        buffer += chunk;
        let nl;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          const [status, where, ...msg] = line.split("\t");
          const file = dumpArgs ? where.replace(/\.oracle\.dump$/, "") : where;
          verdicts.set(file, { accepted: status === "ok", message: msg.join("\t"), bug: /oracle bug/.test(line),
                               unrepresentable: /unrepresentable/.test(line) });
          count++;
        }
      });
      child.on("close", () => { clearTimeout(timer); resolveRun(count); });
      for (const f of rest)
        child.stdin.write(JSON.stringify(dumpArgs ? ["dump", f, "--out", `${f}.oracle.dump`, ...dumpArgs] : ["check", f]) + "\n");
      child.stdin.end();
    });
    const finished = rest.slice(0, done);
    rest = rest.slice(done);
    if (rest.length) {
      // The job in flight killed (or hung) the oracle: it cannot judge that mutant.
      verdicts.set(rest[0], { accepted: null, message: "the oracle crashed or hung", bug: true });
      rest = rest.slice(1);
    }
    void finished;
  }
  return verdicts;
}

function coreVerdict(core, file, dump) {
  const r = spawnSync(core, ["check", file], { encoding: "utf8", timeout: 30000 });
  if (r.error && r.error.code !== "ETIMEDOUT") throw new Error(`cannot run ${core}: ${r.error.message}`);
  const v = { status: r.status, signal: r.signal, message: (r.stderr || "").split("\n")[0] };
  if (dump) {
    const d = spawnSync(core, ["dump", file, "--skin", "all"], { encoding: "utf8", timeout: 60000, maxBuffer: 1 << 30 });
    if (d.signal || ![0, 2, 3].includes(d.status) || /Sanitizer|runtime error/.test(d.stderr || ""))
      v.dumpCrash = `dump: ${d.signal || d.status}: ${(d.stderr || "").split("\n").slice(0, 3).join(" | ")}`;
  }
  if (/Sanitizer|runtime error/.test(r.stderr || "")) v.crash = `check: ${(r.stderr || "").split("\n").slice(0, 3).join(" | ")}`;
  if (r.signal || ![0, 2, 3].includes(r.status)) v.crash = `check: ${r.signal || r.status}: ${v.message}`;
  return v;
}

// ---- What a run prints, from its counts (a run's own, or its shards' added by --merge) --------------------------

/** Prints the result and returns the exit status. */
function render(res) {
  if (!res.quiet) for (const line of res.keptCheck) process.stdout.write(line + "\n");
  if (res.diff) {
    const c = res.diffCount;
    process.stdout.write(`dumps of the ${res.both} mutants both accept: ${c.identical} identical, ` +
      `${c.unsupported} identical but unsupported, ${c.different} different, ${c.keys} not comparable ` +
      `(repeated names make repeated keys); no dump from the core only (unsupported) ${c.oracleOnly}, ` +
      `from the oracle only (it throws while posing) ${c.coreOnly}, from neither ${c.neither}\n`);
  }
  for (const f of FAMILY_NAMES)
    if (res.stats[f])
      process.stdout.write(`  ${f.padEnd(16)} ${res.stats[f].agree} of ${res.stats[f].n} agree (spine-core refuses ${res.stats[f].refused})\n`);
  const { agree, total } = res;
  process.stdout.write(`mutants: ${agree} of ${total} verdicts agree (${total ? (100 * agree / total).toFixed(2) : "-"} %; ` +
    `spine-core refuses ${res.refusedTotal}, accepts ${total - res.refusedTotal - res.unjudged}); ` +
    `${res.disagree} differ, ${res.unsupported} unsupported by the core, ${res.unjudged} the oracle could not judge, ` +
    `${res.crashes} core crashes${res.dump ? " (check and dump)" : ""}\n`);
  if (res.diff) process.stdout.write(`mutant poses: ${res.poseFailures} failures (listed in ${join(res.out, "disagreements.txt")})\n`);
  return agree === total && res.poseFailures === 0 ? 0 : 1;
}

const COUNTS = ["total", "agree", "disagree", "unsupported", "unjudged", "crashes", "refusedTotal", "both", "poseFailures"];

/** The parts of shards 1..N of one run added into that run's result. */
function mergeParts(files) {
  const parts = files.map((f) => {
    try { return JSON.parse(readFileSync(f, "utf8")); } catch (e) { throw new Error(`${f}: not a part (${e.message})`); }
  });
  if (!parts.length) throw new Error("no parts");
  const first = parts[0];
  for (const [k, p] of parts.entries())
    if (p.format !== "posecore-mutants-part 1") throw new Error(`${files[k]}: not a mutants part`);
  parts.sort((a, b) => a.shard.i - b.shard.i);
  parts.forEach((p, k) => {
    for (const key of ["seed", "count", "drawn", "dump", "diff", "quiet", "out"])
      if (JSON.stringify(p[key]) !== JSON.stringify(first[key])) throw new Error(`shard ${p.shard.i}: its ${key} is not shard ${first.shard.i}'s`);
    if (p.shard.n !== parts.length || p.shard.i !== k + 1)
      throw new Error(`${parts.length} parts, shard ${p.shard.i}/${p.shard.n} where ${k + 1}/${parts.length} was due`);
    const lo = Math.floor(k * p.count / p.shard.n), hi = Math.floor((k + 1) * p.count / p.shard.n);
    const judged = Math.max(0, Math.min(hi, p.drawn) - Math.min(lo, p.drawn));
    if (p.lo !== lo || p.hi !== hi || p.total !== judged) throw new Error(`shard ${p.shard.i}: mutants ${p.lo}..${p.hi} where ${lo}..${hi} were due`);
  });
  const res = { ...first, keptCheck: [], keptDiff: [], stats: {}, diffCount: {} };
  for (const key of COUNTS) res[key] = 0;
  for (const p of parts) {
    for (const key of COUNTS) res[key] += p[key];
    res.keptCheck.push(...p.keptCheck);
    res.keptDiff.push(...p.keptDiff);
    for (const [f, st] of Object.entries(p.stats)) {
      const s = (res.stats[f] ??= { n: 0, agree: 0, refused: 0 });
      s.n += st.n; s.agree += st.agree; s.refused += st.refused;
    }
    for (const [key, v] of Object.entries(p.diffCount ?? {})) res.diffCount[key] = (res.diffCount[key] ?? 0) + v;
  }
  return res;
}

// ---- Main ------------------------------------------------------------------------------------------------------

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.merge) {
    let res;
    try { res = mergeParts(o.merge); } catch (e) { process.stderr.write(`mutants --merge: ${e.message}\n`); process.exit(2); }
    if (o.outGiven) {
      mkdirSync(o.out, { recursive: true });
      const kept = [...res.keptCheck, ...res.keptDiff];
      writeFileSync(join(o.out, "disagreements.txt"), kept.join("\n") + (kept.length ? "\n" : ""));
    }
    process.exit(render(res));
  }
  if (!existsSync(o.core)) { process.stderr.write(`mutants: ${o.core} is missing: run make\n`); process.exit(2); }
  const sources = [];
  const caseDir = join(top, "corpus/cases");
  for (const f of readdirSync(caseDir).filter((f) => f.endsWith(".json")).sort()) sources.push(join(caseDir, f));
  const rigDir = join(o.shared, "rigs");
  const rigs = existsSync(rigDir) ? readdirSync(rigDir).filter((f) => f.endsWith(".json")).sort().map((f) => join(rigDir, f)) : [];
  const docs = new Map();
  const load = (f) => {
    // A document nested past 1,000 levels (corpus/cases/limit-nest-*) is left out: clone and places recurse.
    if (!docs.has(f)) { try { const d = JSON.parse(readFileSync(f, "utf8")); docs.set(f, depth(d) > 1000 ? undefined : d); } catch { docs.set(f, undefined); } }
    return docs.get(f);
  };

  rmSync(o.out, { recursive: true, force: true });
  mkdirSync(o.out, { recursive: true });
  // The core under test is copied first: a build running meanwhile must not swap it mid-run.
  const core = join(o.out, "posecore-under-test");
  copyFileSync(o.core, core);
  o.core = core;
  const r = rng(o.seed);
  const mutants = [];
  // A shard judges its slice of the mutants (every one is drawn: each depends on those before it); only
  // its own are written.
  const lo = o.shard ? Math.floor((o.shard.i - 1) * o.count / o.shard.n) : 0;
  const hi = o.shard ? Math.floor(o.shard.i * o.count / o.shard.n) : o.count;
  for (let i = 0, attempts = 0; mutants.length < o.count && attempts < o.count * 20; attempts++) {
    // Two in three from the corpus (small, every construct), one in three from the rigs.
    const source = rigs.length && r.int(3) === 0 ? r.pick(rigs) : r.pick(sources);
    const doc = load(source);
    if (doc === undefined) continue;
    const family = FAMILY_NAMES[i % FAMILY_NAMES.length];
    const made = FAMILIES[family](clone(doc), r);
    if (made === null || made === undefined) continue;
    const name = `${String(mutants.length).padStart(5, "0")}-${family}-${basename(source, ".json")}.json`;
    const file = join(o.out, name);
    if (mutants.length >= lo && mutants.length < hi) writeFileSync(file, made);
    mutants.push({ file, family, source });
    i++;
  }
  const drawn = mutants.length;
  mutants.splice(hi);
  mutants.splice(0, lo);

  const oracle = await oracleVerdicts(mutants.map((m) => m.file), o.timeout);
  const stats = {};
  let agree = 0, disagree = 0, unsupported = 0, crashes = 0, unjudged = 0, refusedTotal = 0;
  const kept = [];
  for (const m of mutants) {
    const s = (stats[m.family] ??= { n: 0, agree: 0, refused: 0 });
    s.n++;
    const ov = oracle.get(m.file) ?? { accepted: null, message: "no verdict", bug: true };
    if (ov.accepted === false) { s.refused++; refusedTotal++; }
    const cv = coreVerdict(o.core, m.file, o.dump);
    let line = null;
    if (cv.crash || cv.dumpCrash) {
      crashes++;
      line = `CRASH    ${m.file}: ${cv.crash || cv.dumpCrash}`;
    } else if (ov.accepted === null) {
      unjudged++;
      line = `UNJUDGED ${m.file}: ${ov.message}`;
    } else if (cv.status === 3) {
      unsupported++;
      line = `UNSUPP   ${m.file}: oracle ${ov.accepted ? "accepts" : "refuses"}; core: ${cv.message}`;
    } else if ((cv.status === 0) === ov.accepted) {
      agree++;
      s.agree++;
    } else {
      disagree++;
      line = `DIFFER   ${m.file}: oracle ${ov.accepted ? "accepts" : `refuses (${ov.message})`}; core ${cv.status === 0 ? "accepts" : `refuses (${cv.message})`}`;
    }
    if (line) { kept.push(line); if (!o.quiet) process.stdout.write(line + "\n"); }
    else m.agreed = true;
  }
  const keptCheck = kept.slice();
  let poseFailures = 0, diffCount = null, bothCount = 0;
  if (o.diff) {
    // Dumps of the mutants both accept: the oracle's in one batch, then the core's, then posediff.
    const both = mutants.filter((m) => oracle.get(m.file)?.accepted && existsSync(m.file));
    const args = ["--skin", "all", "--physics", "none", "--samples", "3"];
    const dumps = await oracleVerdicts(both.map((m) => m.file), o.timeout, args);
    const diff = join(dirname(o.core), "..", "..", "bin", "posediff");
    const posediff = existsSync(diff) ? diff : join(top, "build/bin/posediff");
    const count = { identical: 0, unsupported: 0, different: 0, oracleOnly: 0, coreOnly: 0, neither: 0, keys: 0 };
    diffCount = count;
    bothCount = both.length;
    for (const m of both) {
      const od = dumps.get(m.file);
      const cd = spawnSync(o.core, ["dump", m.file, ...args], { encoding: "utf8", timeout: 60000, maxBuffer: 1 << 30 });
      const coreDump = `${m.file}.core.dump`;
      const complete = cd.status === 0 || (cd.status === 3 && /\nend\t\d+\n$/.test(cd.stdout));
      if (complete) writeFileSync(coreDump, cd.stdout);
      if (!od?.accepted && !complete) { count.neither++; continue; }
      if (!od?.accepted) {
        count.coreOnly++;
        if (!/unrepresentable:/.test(od?.message || "")) poseFailures++;
        kept.push(`DUMP     ${m.file}: the oracle gives no dump (${od?.message}); the core does`);
        continue;
      }
      if (!complete) {
        count.oracleOnly++;
        if (cd.status !== 3) {
          poseFailures++;
          kept.push(`DUMP     ${m.file}: the core gives no dump: ${(cd.stderr || "").split("\n")[0]}`);
        }
        continue;
      }
      const pd = spawnSync(posediff, ["--max", "3", `${m.file}.oracle.dump`, coreDump], { encoding: "utf8", maxBuffer: 1 << 30 });
      if (pd.status === 0) count.identical++;
      else if (pd.status === 3) count.unsupported++;
      else if (pd.status === 2 && /duplicate row/.test(pd.stderr + pd.stdout)) count.keys++; // repeated names
      else {
        count.different++;
        poseFailures++;
        kept.push(`DUMPDIFF ${m.file}: ${(pd.stdout || pd.stderr).split("\n").slice(0, 3).join(" | ")}`);
      }
    }
  }
  rmSync(core, { force: true });
  if (!o.keepAll)
    for (const m of mutants) {
      if (!m.agreed || kept.some((line) => line.includes(m.file))) continue;
      for (const f of [m.file, `${m.file}.oracle.dump`, `${m.file}.core.dump`]) rmSync(f, { force: true });
    }
  writeFileSync(join(o.out, "disagreements.txt"), kept.join("\n") + (kept.length ? "\n" : ""));
  const res = {
    format: "posecore-mutants-part 1", seed: o.seed, count: o.count, drawn, shard: o.shard ?? { i: 1, n: 1 }, lo, hi,
    dump: o.dump, diff: o.diff, quiet: o.quiet, out: o.out, total: mutants.length, agree, disagree, unsupported,
    unjudged, crashes, refusedTotal, stats, keptCheck, keptDiff: kept.slice(keptCheck.length), both: bothCount,
    diffCount, poseFailures,
  };
  if (o.part) {
    mkdirSync(dirname(o.part), { recursive: true });
    writeFileSync(o.part, JSON.stringify(res, null, 1) + "\n");
  }
  // The check lines were printed as they came (unless --quiet).
  process.exit(render({ ...res, quiet: true }));
}

await main();
