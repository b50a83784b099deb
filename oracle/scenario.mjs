// Scenarios (oracle/FORMAT.md "Scenarios"): the pose sequence as a list of steps, read from a
// `--scenario FILE.json` or built from the shorthand options (--samples, --frames, --dt, --skeleton,
// --move, --physics), checked strictly, and run against spine-core through its public API. This file
// knows the steps; pose_oracle.mjs writes the poses they ask for.
//
// A step is an object whose "do" names it. Parsing returns the steps in the same shape, every
// optional member filled in with its default, so the shorthands and the files run through one runner.

import { MixFrom, Physics } from "@esotericsoftware/spine-core";
import { ABSENT, STATE_STEPS, StateRun, stateMember, stateNames, stateSkins, transitionSteps } from "./animation_state.mjs";

export const SCENARIO_VERSION = 1;

/** Limits a scenario must stay within (FORMAT.md). */
export const LIMITS = { steps: 10000000, poses: 1000000, repeat: 100000, depth: 16 };

export const PHYSICS_MODES = ["none", "reset", "update", "pose"];
const MIX_FROM = ["setup", "current", "first"];

/** A scenario that is not well formed: `path` is its JSON path (`$.steps[3].delta`). */
export class ScenarioError extends Error {
  constructor(path, message) {
    super(`${path}: ${message}`);
    this.path = path;
  }
}

// ---------------------------------------------------------------------------------------------
// The steps: for each, its members as [name, type, default] (no default: required).

const num = "number", bool = "boolean", str = "string";
const STEPS = {
  update: [["delta", num]],
  setTime: [["time", num]],
  setPosition: [["x", num], ["y", num]],
  setScale: [["scaleX", num], ["scaleY", num]],
  move: [["x", num], ["y", num]],
  setWind: [["x", num], ["y", num]],
  setGravity: [["x", num], ["y", num]],
  physicsTranslate: [["x", num], ["y", num]],
  physicsRotate: [["x", num], ["y", num], ["degrees", num]],
  reset: [["constraint", str, null]],
  setupPose: [],
  apply: [["animation", str], ["time", num, null], ["lastTime", num, null], ["loop", bool, true],
    ["alpha", num, 1], ["from", "from", "setup"], ["add", bool, false], ["out", bool, false],
    ["appliedPose", bool, false]],
  updateWorldTransform: [["physics", "physics"]],
  pose: [],
  repeat: [["times", "times"], ["steps", "steps"]],
  ...STATE_STEPS, // AnimationState and skins (animation_state.mjs)
};

function kindOf(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  return `a ${typeof v}`;
}

function member(path, name, type, v, depth, count) {
  const at = `${path}.${name}`;
  switch (type) {
    case num:
      if (typeof v !== "number") throw new ScenarioError(at, `want a number, not ${kindOf(v)}`);
      if (!Number.isFinite(v)) throw new ScenarioError(at, "want a finite number");
      return v;
    case bool:
      if (typeof v !== "boolean") throw new ScenarioError(at, `want true or false, not ${kindOf(v)}`);
      return v;
    case str:
      if (typeof v !== "string") throw new ScenarioError(at, `want a string, not ${kindOf(v)}`);
      return v;
    case "from":
      if (!MIX_FROM.includes(v)) throw new ScenarioError(at, `want one of ${MIX_FROM.join(", ")}`);
      return v;
    case "physics":
      if (!PHYSICS_MODES.includes(v)) throw new ScenarioError(at, `want one of ${PHYSICS_MODES.join(", ")}`);
      return v;
    case "times":
      if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > LIMITS.repeat)
        throw new ScenarioError(at, `want a whole number from 1 to ${LIMITS.repeat}`);
      return v;
    case "steps":
      return stepList(at, v, depth + 1, count);
    default: {
      const state = stateMember(type, v, (message) => new ScenarioError(at, message), kindOf);
      if (state === undefined) throw new Error(`scenario.mjs: no type ${type}`);
      return state;
    }
  }
}

/** Checks one step; returns it with its defaults filled in. count: { steps, poses } run so far. */
function step(path, s, depth, count) {
  if (s === null || typeof s !== "object" || Array.isArray(s))
    throw new ScenarioError(path, `want a step (an object with "do"), not ${kindOf(s)}`);
  if (!Object.hasOwn(s, "do")) throw new ScenarioError(path, 'missing "do"');
  const name = s.do;
  if (typeof name !== "string" || !Object.hasOwn(STEPS, name))
    throw new ScenarioError(`${path}.do`, `unknown step ${JSON.stringify(name)} (known: ${Object.keys(STEPS).join(", ")})`);
  const spec = STEPS[name];
  for (const key of Object.keys(s)) {
    if (key !== "do" && !spec.some(([n]) => n === key))
      throw new ScenarioError(`${path}.${key}`, `unknown member of the "${name}" step`);
  }
  const out = { do: name, path };
  for (const [n, type, dflt] of spec) {
    if (Object.hasOwn(s, n)) {
      if (name === "repeat" && n === "steps") continue; // below, with its count
      out[n] = member(path, n, type, s[n], depth, count);
    } else if (dflt === undefined) throw new ScenarioError(path, `missing "${n}" (the "${name}" step needs it)`);
    else out[n] = dflt; // ABSENT (animation_state.mjs) for an optional member without a default
  }
  if (name === "repeat") {
    if (depth + 1 > LIMITS.depth) throw new ScenarioError(`${path}.steps`, `repeats nested deeper than ${LIMITS.depth}`);
    const inner = { steps: 0, poses: 0 };
    out.steps = member(path, "steps", "steps", s.steps, depth, inner);
    count.steps += inner.steps * out.times;
    count.poses += inner.poses * out.times;
  } else {
    count.steps += 1;
    if (name === "pose") count.poses += 1;
  }
  if (count.steps > LIMITS.steps) throw new ScenarioError(path, `the scenario runs more than ${LIMITS.steps} steps`);
  if (count.poses > LIMITS.poses) throw new ScenarioError(path, `the scenario writes more than ${LIMITS.poses} poses`);
  return out;
}

function stepList(path, list, depth, count) {
  if (!Array.isArray(list)) throw new ScenarioError(path, `want an array of steps, not ${kindOf(list)}`);
  return list.map((s, i) => step(`${path}[${i}]`, s, depth, count));
}

/** Parses and checks a scenario file's text; returns its steps. Throws ScenarioError. */
export function parseScenario(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError("$", `not JSON: ${e.message}`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc))
    throw new ScenarioError("$", `want an object {"scenario": ${SCENARIO_VERSION}, "steps": [...]}, not ${kindOf(doc)}`);
  for (const key of Object.keys(doc)) {
    if (key !== "scenario" && key !== "steps") throw new ScenarioError(`$.${key}`, "unknown member");
  }
  if (!Object.hasOwn(doc, "scenario")) throw new ScenarioError("$", `missing "scenario" (the format's version, ${SCENARIO_VERSION})`);
  if (doc.scenario !== SCENARIO_VERSION) throw new ScenarioError("$.scenario", `want ${SCENARIO_VERSION}, the only version`);
  if (!Object.hasOwn(doc, "steps")) throw new ScenarioError("$", 'missing "steps"');
  return stepList("$.steps", doc.steps, 0, { steps: 0, poses: 0 });
}

// ---------------------------------------------------------------------------------------------
// The shorthands

const S = (d, fields = {}) => ({ do: d, path: "(options)", ...fields });
const applyStep = (animation, fields) => S("apply", {
  animation, time: null, lastTime: null, loop: true, alpha: 1, from: "setup", add: false, out: false,
  appliedPose: false, ...fields,
});

/**
 * The steps the options stand for (FORMAT.md "The pose sequence"). o: the parsed options;
 * animations: the Animation objects to pose, in order; sampleTimes(animation): the sample times.
 */
export function shorthandSteps(o, animations, sampleTimes) {
  const mode = o.physics;
  const steps = [];
  const place = (sk) => {
    steps.push(S("setPosition", { x: sk[0], y: sk[1] }), S("setScale", { scaleX: sk[2], scaleY: sk[3] }));
  };
  if (o.transitions !== null && o.transitions !== undefined)
    return transitionSteps(o, animations, S, (list, sk) => {
      list.push(S("setPosition", { x: sk[0], y: sk[1] }), S("setScale", { scaleX: sk[2], scaleY: sk[3] }));
    });
  if (o.skeleton) place(o.skeleton);
  steps.push(S("setupPose"), S("updateWorldTransform", { physics: mode }), S("pose"));
  for (const animation of animations) {
    if (o.frames === null) {
      let lastTime = -1;
      for (const time of sampleTimes(animation)) {
        steps.push(S("setupPose"), applyStep(animation.name, { time, lastTime, loop: false }),
          S("updateWorldTransform", { physics: mode }), S("pose"));
        lastTime = time;
      }
      continue;
    }
    place(o.skeleton || [0, 0, 1, 1]);
    steps.push(S("setupPose"), S("setTime", { time: 0 }), S("reset", { constraint: null }));
    for (let k = 0; k < o.frames; k++) {
      steps.push(S("update", { delta: o.dt[k % o.dt.length] }));
      if (o.move) steps.push(S("move", { x: o.move[0], y: o.move[1] }));
      steps.push(applyStep(animation.name, {}), S("updateWorldTransform", { physics: mode }), S("pose"));
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Running

/** Every animation and physics constraint the steps name, looked up once; a name the document
 *  lacks throws `lacks(path, message)`. Returns the lookups for runScenario. */
export function resolveNames(steps, data, skeleton, lacks) {
  const names = { animations: new Map(), physics: new Map() };
  const walk = (list) => {
    for (const s of list) {
      for (const [name, path] of stateNames(s))
        if (!data.findAnimation(name)) throw lacks(path, `Animation not found: ${name}`);
      for (const [name, path] of stateSkins(s))
        if (!data.findSkin(name)) throw lacks(path, `Skin not found: ${name}`);
      if (s.do === "repeat") walk(s.steps);
      else if (s.do === "apply" && !names.animations.has(s.animation)) {
        const a = data.findAnimation(s.animation);
        if (!a) throw lacks(`${s.path}.animation`, `Animation not found: ${s.animation}`);
        names.animations.set(s.animation, a);
      } else if (s.do === "reset" && s.constraint !== null && !names.physics.has(s.constraint)) {
        const c = skeleton.physics.find((p) => p.data.name === s.constraint);
        if (!c) throw lacks(`${s.path}.constraint`, `Physics constraint not found: ${s.constraint}`);
        names.physics.set(s.constraint, c);
      }
    }
  };
  walk(steps);
  return names;
}

/**
 * Runs the steps on the skeleton. ctx.events collects what applies fire; pose(animation, time) is
 * called for each pose step (the animation and time of the last apply since the last setupPose, else
 * null and skeleton.time) and then ctx.events is emptied.
 */
export function runScenario(steps, ctx, names, pose) {
  const { skeleton } = ctx;
  const state = { applied: null, lastTimes: new Map() };
  ctx.stateRun = new StateRun(ctx); // the AnimationState steps (animation_state.mjs)
  const run = (list) => {
    for (const s of list) {
      switch (s.do) {
        case "update": skeleton.update(s.delta); break;
        case "setTime":
          skeleton.time = s.time;
          state.lastTimes.clear();
          break;
        case "setPosition": skeleton.x = s.x; skeleton.y = s.y; break;
        case "setScale": skeleton.scaleX = s.scaleX; skeleton.scaleY = s.scaleY; break;
        case "move": skeleton.x += s.x; skeleton.y += s.y; break;
        case "setWind": skeleton.windX = s.x; skeleton.windY = s.y; break;
        case "setGravity": skeleton.gravityX = s.x; skeleton.gravityY = s.y; break;
        case "physicsTranslate": skeleton.physicsTranslate(s.x, s.y); break;
        case "physicsRotate": skeleton.physicsRotate(s.x, s.y, s.degrees); break;
        case "reset":
          if (s.constraint === null) for (const c of skeleton.physics) c.reset(skeleton);
          else names.physics.get(s.constraint).reset(skeleton);
          break;
        case "setupPose":
          skeleton.setupPose();
          state.applied = null;
          break;
        case "apply": {
          const time = s.time === null ? skeleton.time : s.time;
          const last = state.lastTimes.get(s.animation);
          const lastTime = s.lastTime !== null ? s.lastTime : last === undefined ? -1 : last;
          names.animations.get(s.animation).apply(skeleton, lastTime, time, s.loop, ctx.events, s.alpha,
            MixFrom[s.from], s.add, s.out, s.appliedPose);
          state.lastTimes.set(s.animation, time);
          state.applied = { animation: s.animation, time };
          break;
        }
        case "updateWorldTransform": skeleton.updateWorldTransform(Physics[s.physics]); break;
        case "pose":
          if (state.applied) pose(state.applied.animation, state.applied.time);
          else pose(null, skeleton.time);
          ctx.events.length = 0;
          break;
        case "repeat":
          for (let i = 0; i < s.times; i++) run(s.steps);
          break;
        default:
          if (!ctx.stateRun.run(s)) throw new Error(`scenario.mjs: no step ${s.do}`);
          if (s.do === "applyState") state.applied = ctx.stateRun.applied();
      }
    }
  };
  run(steps);
}
