// The pose blocks of slots, deform, draw order, fired events and constraint poses (oracle/FORMAT.md,
// "Pose blocks"), spread into POSE_BLOCKS by blocks.mjs, and the blocks of time (`skeleton`,
// `physics`) that dumps of a timed sequence add. Getters only read spine-core state.
//
// ctx.events: the events the pose's `animation.apply` calls fired (empty for pose 0).

import { IkConstraint, PathConstraint, PhysicsConstraint, Slider, TransformConstraint } from "@esotericsoftware/spine-core";
import { T } from "./dump_writer.mjs";

/** A slot's pose (Slot.pose). */
const slotBlock = {
  name: "slot",
  rows: (ctx) => ctx.skeleton.slots.map((s) => [s.data.name, s]),
  fields: [
    ["attachment", T.strOrNull, (s) => (s.pose.attachment ? s.pose.attachment.name : null)],
    ["r", T.num, (s) => s.pose.color.r],
    ["g", T.num, (s) => s.pose.color.g],
    ["b", T.num, (s) => s.pose.color.b],
    ["a", T.num, (s) => s.pose.color.a],
    ["darkR", numOrNull, (s) => (s.pose.darkColor ? s.pose.darkColor.r : null)],
    ["darkG", numOrNull, (s) => (s.pose.darkColor ? s.pose.darkColor.g : null)],
    ["darkB", numOrNull, (s) => (s.pose.darkColor ? s.pose.darkColor.b : null)],
    ["sequenceIndex", T.num, (s) => s.pose.sequenceIndex],
    ["deform", T.num, (s) => s.pose.deform.length],
  ],
};

/** Every value of every slot's deform (SlotPose.deform), keyed "SLOT#I". */
const deformBlock = {
  name: "deform",
  rows: (ctx) => {
    const rows = [];
    for (const s of ctx.skeleton.slots) {
      const deform = s.pose.deform;
      for (let i = 0; i < deform.length; i++) rows.push([`${s.data.name}#${i}`, { slot: s, i, v: deform[i] }]);
    }
    return rows;
  },
  fields: [
    ["slot", T.str, (d) => d.slot.data.name],
    ["index", T.num, (d) => d.i],
    ["value", T.num, (d) => d.v],
  ],
};

/** The draw order (DrawOrder.pose): the slot at each position, keyed by the position. */
const drawOrderBlock = {
  name: "drawOrder",
  rows: (ctx) => ctx.skeleton.drawOrder.pose.map((slot, i) => [String(i), slot]),
  fields: [["slot", T.strOrNull, (slot) => (slot ? slot.data.name : null)]],
};

/** The events fired by the pose's apply, in firing order, keyed by that order. */
const eventBlock = {
  name: "event",
  rows: (ctx) => (ctx.events || []).map((e, i) => [String(i), e]),
  fields: [
    ["name", T.str, (e) => e.data.name],
    ["time", T.num, (e) => e.time],
    ["int", T.num, (e) => e.intValue],
    ["float", T.num, (e) => e.floatValue],
    ["string", T.strOrNull, (e) => e.stringValue],
    ["volume", T.num, (e) => e.volume],
    ["balance", T.num, (e) => e.balance],
  ],
};

function numOrNull(v) {
  return v === null ? "null" : T.num(v);
}

/** A constraint pose block per kind: the active flag, the pose (Constraint.pose, as animations leave
 *  it) and the applied pose (Constraint.appliedPose, as sliders leave it), keyed by name. */
function constraintBlock(kind, type, fields) {
  const pose = (prefix, sel) => fields.map(([name, t]) => [`${prefix}${name}`, t, (c) => sel(c)[name]]);
  return {
    name: `constraint.${kind}`,
    rows: (ctx) => ctx.skeleton.constraints.filter((c) => c instanceof type).map((c) => [c.data.name, c]),
    fields: [["active", T.bool, (c) => c.active], ...pose("", (c) => c.pose), ...pose("applied.", (c) => c.appliedPose)],
  };
}

const constraintBlocks = [
  constraintBlock("ik", IkConstraint, [["mix", T.num], ["softness", T.num], ["bendDirection", T.num],
    ["compress", T.bool], ["stretch", T.bool]]),
  constraintBlock("transform", TransformConstraint, ["mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY",
    "mixShearY"].map((n) => [n, T.num])),
  constraintBlock("path", PathConstraint, ["position", "spacing", "mixRotate", "mixX", "mixY"].map((n) => [n, T.num])),
  constraintBlock("physics", PhysicsConstraint, ["inertia", "strength", "damping", "massInverse", "wind", "gravity",
    "mix"].map((n) => [n, T.num])),
  constraintBlock("slider", Slider, [["time", T.num], ["mix", T.num]]),
];

export const SLOT_POSE_BLOCKS = [slotBlock, deformBlock, drawOrderBlock, eventBlock, ...constraintBlocks];

/** The skeleton in the world and in time: one row keyed `skeleton`. */
const skeletonBlock = {
  name: "skeleton",
  rows: (ctx) => [["skeleton", ctx.skeleton]],
  fields: ["time", "x", "y", "scaleX", "scaleY", "windX", "windY", "gravityX", "gravityY"].map((n) => [n, T.num, (s) => s[n]]),
};

/** A physics constraint's integration state between frames and the applied pose its update reads, one
 *  row per constraint in Skeleton.physics order, keyed by name. */
const PHYSICS_STATE = ["ux", "uy", "cx", "cy", "tx", "ty", "xOffset", "xLag", "xVelocity", "yOffset", "yLag",
  "yVelocity", "rotateOffset", "rotateLag", "rotateVelocity", "scaleOffset", "scaleLag", "scaleVelocity",
  "remaining", "lastTime"];
const PHYSICS_POSE = ["inertia", "strength", "damping", "massInverse", "wind", "gravity", "mix"];
const physicsBlock = {
  name: "physics",
  rows: (ctx) => ctx.skeleton.physics.map((c) => [c.data.name, c]),
  fields: [
    ...PHYSICS_STATE.map((n) => [n, T.num, (c) => c[n]]),
    ["reset", T.bool, (c) => c._reset],
    ...PHYSICS_POSE.map((n) => [n, T.num, (c) => c.appliedPose[n]]),
  ],
};

export const TIME_POSE_BLOCKS = [skeletonBlock, physicsBlock];
