// AnimationState in scenarios (oracle/FORMAT.md "Scenarios: AnimationState"): the steps that drive
// spine-core's AnimationState (tracks, entries, mixes, update, apply) and switch skins mid-play, the
// `--transitions N --dt D --mix M` shorthand, and the pose blocks `track` and `listener`. scenario.mjs
// reads and runs the other steps and hands these to this file; getters only read spine-core state.

import { AnimationState, AnimationStateData, Interpolation, Pow, PowOut, Skin } from "@esotericsoftware/spine-core";
import { T } from "./dump_writer.mjs";

/** An optional member without a default: left out, the step does not touch what it names. */
export const ABSENT = Symbol("absent");

/** The interpolations a mix may take (TrackEntry.mixInterpolation); pow and powOut take `power`. */
export const INTERPOLATIONS = ["linear", "smooth", "slowFast", "fastSlow", "circle", "pow", "powOut"];

// The fields `setEntry` may set, in the order it sets them: [member, type, setter].
const ENTRY_FIELDS = [
  ["loop", "boolean", (e, v) => { e.loop = v; }],
  ["additive", "boolean", (e, v) => { e.additive = v; }],
  ["reverse", "boolean", (e, v) => { e.reverse = v; }],
  ["shortestRotation", "boolean", (e, v) => { e.shortestRotation = v; }],
  ["keepHold", "boolean", (e, v) => { e.keepHold = v; }],
  ["alpha", "number", (e, v) => { e.alpha = v; }],
  ["timeScale", "number", (e, v) => { e.timeScale = v; }],
  ["delay", "number", (e, v) => { e.delay = v; }],
  ["trackTime", "number", (e, v) => { e.trackTime = v; }],
  ["trackEnd", "number", (e, v) => { e.trackEnd = v; }],
  ["animationStart", "number", (e, v) => { e.animationStart = v; }],
  ["animationEnd", "number", (e, v) => { e.animationEnd = v; }],
  ["animationLast", "number", (e, v) => { e.setAnimationLast(v); }],
  ["mixDuration", "number", (e, v) => { e.mixDuration = v; }],
  ["mixTime", "number", (e, v) => { e.mixTime = v; }],
  ["eventThreshold", "number", (e, v) => { e.eventThreshold = v; }],
  ["mixAttachmentThreshold", "number", (e, v) => { e.mixAttachmentThreshold = v; }],
  ["alphaAttachmentThreshold", "number", (e, v) => { e.alphaAttachmentThreshold = v; }],
  ["mixDrawOrderThreshold", "number", (e, v) => { e.mixDrawOrderThreshold = v; }],
  ["mixInterpolation", "interpolation", null], // with `power`, below
];

/** The steps of this file: [name, type, default] per member (no default: required; ABSENT: optional). */
export const STATE_STEPS = {
  newState: [["defaultMix", "number", 0]],
  setDefaultMix: [["duration", "number"]],
  setMix: [["from", "string"], ["to", "string"], ["duration", "number"]],
  setTimeScale: [["timeScale", "number"]],
  setAnimation: [["track", "track"], ["animation", "string"], ["loop", "boolean", false]],
  addAnimation: [["track", "track"], ["animation", "string"], ["loop", "boolean", false], ["delay", "number", 0]],
  setEmptyAnimation: [["track", "track"], ["mixDuration", "number", 0]],
  addEmptyAnimation: [["track", "track"], ["mixDuration", "number", 0], ["delay", "number", 0]],
  setEmptyAnimations: [["mixDuration", "number", 0]],
  clearTrack: [["track", "track"]],
  clearTracks: [],
  setEntry: [["track", "track", ABSENT], ...ENTRY_FIELDS.map(([n, t]) => [n, t, ABSENT]), ["power", "number", 2]],
  setMixDuration: [["track", "track", ABSENT], ["mixDuration", "number"], ["delay", "number", ABSENT]],
  resetRotationDirections: [["track", "track", ABSENT]],
  updateState: [["delta", "number"]],
  applyState: [],
  setSkin: [["skin", "stringOrNull"]],
  setSkins: [["skins", "strings"], ["name", "string", "custom"]],
  setupPoseBones: [],
  setupPoseSlots: [],
};

/** The biggest track index a scenario may name (a negative one throws in the runtime). */
export const MAX_TRACK = 1000;

/** Checks a member of one of these types; returns its value, or undefined when the type is not one of
 *  them. err(message) makes the ScenarioError naming the member. */
export function stateMember(type, v, err, kindOf) {
  switch (type) {
    case "track":
      if (typeof v !== "number" || !Number.isInteger(v) || Math.abs(v) > MAX_TRACK)
        throw err(`want a whole number from -${MAX_TRACK} to ${MAX_TRACK} (a negative one throws)`);
      return v;
    case "interpolation":
      if (!INTERPOLATIONS.includes(v)) throw err(`want one of ${INTERPOLATIONS.join(", ")}`);
      return v;
    case "stringOrNull":
      if (v !== null && typeof v !== "string") throw err(`want a string or null, not ${kindOf(v)}`);
      return v;
    case "strings":
      if (!Array.isArray(v) || !v.every((x) => typeof x === "string"))
        throw err(`want an array of strings, not ${kindOf(v)}`);
      return v.slice();
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The shorthand

/**
 * The steps of `--transitions N --dt D,... [--mix M]` (FORMAT.md): pose 0, then for every ordered pair
 * of distinct animations a fresh state with default mix M, A looped for N frames, then B for N more.
 * S(do, fields) makes a step; place(sk) pushes the steps that place the skeleton.
 */
export function transitionSteps(o, animations, S, place) {
  const mode = o.physics;
  const steps = [];
  if (o.skeleton) place(steps, o.skeleton);
  steps.push(S("setupPose"), S("updateWorldTransform", { physics: mode }), S("pose"));
  for (const a of animations) {
    for (const b of animations) {
      if (a === b) continue;
      steps.push(S("newState", { defaultMix: o.mix }));
      place(steps, o.skeleton || [0, 0, 1, 1]);
      steps.push(S("setupPose"), S("setTime", { time: 0 }), S("reset", { constraint: null }));
      let k = 0;
      for (const animation of [a, b]) {
        steps.push(S("setAnimation", { track: 0, animation: animation.name, loop: true }));
        for (let f = 0; f < o.transitions; f++, k++) {
          const dt = o.dt[k % o.dt.length];
          steps.push(S("updateState", { delta: dt }), S("applyState"), S("update", { delta: dt }));
          if (o.move) steps.push(S("move", { x: o.move[0], y: o.move[1] }));
          steps.push(S("updateWorldTransform", { physics: mode }), S("pose"));
        }
      }
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Running

/** The animation names these steps use, each with the JSON path of its member, for the refusal of a
 *  name the document lacks before anything is posed. */
export function stateNames(s) {
  switch (s.do) {
    case "setAnimation": case "addAnimation": return [[s.animation, `${s.path}.animation`]];
    case "setMix": return [[s.from, `${s.path}.from`], [s.to, `${s.path}.to`]];
    default: return [];
  }
}

/** The skin names these steps use. */
export function stateSkins(s) {
  if (s.do === "setSkin" && s.skin !== null) return [[s.skin, `${s.path}.skin`]];
  if (s.do === "setSkins") return s.skins.map((n, i) => [n, `${s.path}.skins[${i}]`]);
  return [];
}

function interpolation(name, power) {
  switch (name) {
    case "pow": return new Pow(power);
    case "powOut": return new PowOut(power);
    default: return Interpolation[name];
  }
}

/** The name the `track` block gives an entry's mix interpolation. */
function interpolationName(i) {
  if (i instanceof PowOut) return "powOut";
  if (i instanceof Pow) return "pow";
  for (const n of INTERPOLATIONS) if (Interpolation[n] === i) return n;
  return null;
}

/** The AnimationState of a scenario and what the dump reads of it: the entries' numbers (in the order
 *  they first appear: made by a step, or started), the listener's notifications since the last pose. */
export class StateRun {
  constructor(ctx) {
    this.ctx = ctx;
    this.ids = new Map(); // TrackEntry -> its number; an entry leaves at dispose (the pool reuses it)
    this.next = 0;
    this.notifications = [];
    this.fresh(0);
  }

  fresh(defaultMix) {
    this.data = new AnimationStateData(this.ctx.data);
    this.data.defaultMix = defaultMix;
    this.state = new AnimationState(this.data);
    this.latest = null;
    const note = (type) => (entry, event) => {
      this.id(entry);
      this.notifications.push({ type, track: entry.trackIndex, entry: this.ids.get(entry), animation: entry.animation.name, event: event ?? null });
      if (type === "dispose") this.ids.delete(entry);
    };
    this.state.addListener({
      start: note("start"), interrupt: note("interrupt"), end: note("end"), dispose: note("dispose"),
      complete: note("complete"), event: note("event"),
    });
  }

  id(entry) {
    if (!this.ids.has(entry)) this.ids.set(entry, this.next++);
    return this.ids.get(entry);
  }

  made(entry) {
    this.id(entry);
    this.latest = entry;
  }

  /** The entry a setEntry-like step names: the track's current one, else the latest one made. */
  entry(s) {
    if (s.track !== ABSENT) {
      const e = this.state.getTrack(s.track);
      if (!e) throw new Error(`TypeError: Cannot set properties of null (track ${s.track} has no entry)`);
      return e;
    }
    if (!this.latest) throw new Error("no track entry yet (setEntry before any setAnimation or addAnimation)");
    return this.latest;
  }

  /** Runs step s if it is one of this file's; returns false otherwise. */
  run(s) {
    const st = this.state, sk = this.ctx.skeleton;
    switch (s.do) {
      case "newState": this.fresh(s.defaultMix); break;
      case "setDefaultMix": this.data.defaultMix = s.duration; break;
      case "setMix": this.data.setMix(s.from, s.to, s.duration); break;
      case "setTimeScale": st.timeScale = s.timeScale; break;
      case "setAnimation": this.made(st.setAnimation(s.track, s.animation, s.loop)); break;
      case "addAnimation": this.made(st.addAnimation(s.track, s.animation, s.loop, s.delay)); break;
      case "setEmptyAnimation": this.made(st.setEmptyAnimation(s.track, s.mixDuration)); break;
      case "addEmptyAnimation": this.made(st.addEmptyAnimation(s.track, s.mixDuration, s.delay)); break;
      case "setEmptyAnimations": st.setEmptyAnimations(s.mixDuration); break;
      case "clearTrack": st.clearTrack(s.track); break;
      case "clearTracks": st.clearTracks(); break;
      case "setEntry": {
        const e = this.entry(s);
        for (const [n, , set] of ENTRY_FIELDS) {
          if (s[n] === ABSENT) continue;
          if (n === "mixInterpolation") e.setMixInterpolation(interpolation(s[n], s.power));
          else set(e, s[n]);
        }
        break;
      }
      case "setMixDuration": {
        const e = this.entry(s);
        if (s.delay === ABSENT) e.setMixDuration(s.mixDuration);
        else e.setMixDuration(s.mixDuration, s.delay);
        break;
      }
      case "resetRotationDirections": this.entry(s).resetRotationDirections(); break;
      case "updateState": st.update(s.delta); break;
      case "applyState": st.apply(sk); break;
      case "setSkin": sk.setSkin(s.skin === null ? null : this.ctx.data.findSkin(s.skin)); break;
      case "setSkins": {
        const skin = new Skin(s.name);
        for (const n of s.skins) skin.addSkin(this.ctx.data.findSkin(n));
        sk.setSkin(skin);
        break;
      }
      case "setupPoseBones": sk.setupPoseBones(); break;
      case "setupPoseSlots": sk.setupPoseSlots(); break;
      default: return false;
    }
    return true;
  }

  /** The animation and time of a pose after `applyState`: the current entry of the lowest track that
   *  has one, its animation and its animation time (TrackEntry.getAnimationTime) as the apply left them;
   *  null and skeleton.time when no track has an entry. */
  applied() {
    const current = this.state.tracks.find((e) => e);
    if (!current) return { animation: null, time: this.ctx.skeleton.time };
    return { animation: current.animation.name, time: current.getAnimationTime() };
  }

  /** The rows of the `track` block: per track in order, its current entry (`T`), the entries it mixes
   *  from (`T<1`, `T<2`, ...), the entries queued after it (`T>1`, ...). */
  trackRows() {
    const rows = [];
    this.state.tracks.forEach((current, t) => {
      if (!current) return;
      const row = (key, e) => rows.push([key, { e, id: this.ids.get(e) }]);
      row(String(t), current);
      let k = 1;
      for (let e = current.mixingFrom; e; e = e.mixingFrom) row(`${t}<${k++}`, e);
      k = 1;
      for (let e = current.next; e; e = e.next) row(`${t}>${k++}`, e);
    });
    return rows;
  }

  takeNotifications() {
    const n = this.notifications;
    this.notifications = [];
    return n;
  }
}

const num = (n) => [n, T.num, (r) => r.e[n]];
const bool = (n) => [n, T.bool, (r) => r.e[n]];

/** The pose blocks of a scenario's AnimationState (ctx.stateRun). */
export const STATE_POSE_BLOCKS = [
  {
    name: "track",
    rows: (ctx) => ctx.stateRun.trackRows(),
    fields: [
      ["entry", T.num, (r) => r.id],
      ["animation", T.str, (r) => r.e.animation.name],
      ["track", T.num, (r) => r.e.trackIndex],
      bool("loop"), bool("additive"), bool("reverse"), bool("shortestRotation"), bool("keepHold"),
      num("delay"), num("trackTime"), num("trackLast"), num("nextTrackLast"), num("trackEnd"),
      num("animationStart"), num("animationEnd"), num("animationLast"), num("nextAnimationLast"),
      ["animationTime", T.num, (r) => r.e.getAnimationTime()],
      num("timeScale"), num("alpha"), num("mixTime"), num("mixDuration"),
      ["mixInterpolation", T.strOrNull, (r) => interpolationName(r.e.mixInterpolation)],
      num("totalAlpha"), num("eventThreshold"), num("mixAttachmentThreshold"), num("alphaAttachmentThreshold"),
      num("mixDrawOrderThreshold"),
    ],
  },
  {
    name: "listener",
    rows: (ctx) => ctx.notifications.map((n, i) => [String(i), n]),
    fields: [
      ["type", T.str, (n) => n.type],
      ["track", T.num, (n) => n.track],
      ["entry", T.num, (n) => n.entry],
      ["animation", T.str, (n) => n.animation],
      ["event", T.strOrNull, (n) => (n.event ? n.event.data.name : null)],
      ["time", numOrNull, (n) => (n.event ? n.event.time : null)],
      ["int", numOrNull, (n) => (n.event ? n.event.intValue : null)],
      ["float", numOrNull, (n) => (n.event ? n.event.floatValue : null)],
      ["string", T.strOrNull, (n) => (n.event ? n.event.stringValue : null)],
      ["volume", numOrNull, (n) => (n.event ? n.event.volume : null)],
      ["balance", numOrNull, (n) => (n.event ? n.event.balance : null)],
    ],
  },
];

function numOrNull(v) {
  return v === null ? "null" : T.num(v);
}

/** The context the state blocks of one pose read: ctx with the notifications heard since the last. */
export function stateBlocksContext(ctx) {
  return { ...ctx, notifications: ctx.stateRun.takeNotifications() };
}
