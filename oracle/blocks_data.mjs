// The data blocks of issue 4 (oracle/FORMAT.md "Data blocks of the whole document"): the skeleton
// header, constraints with their setup poses, skins and every attachment with its arrays, events,
// animations with every timeline's frames and curves, and the update order of the skeleton under the
// chosen skin. blocks.mjs spreads DATA_BLOCKS_DOCUMENT after its data.bone and data.slot.
//
// Constraints are keyed "TYPE NAME" where the block holds every type (names are unique per type only).
// Arrays are one row per element, keyed OWNER[i] with the field `v`; the owner's row has the length.
// Getters only read spine-core's public state (or the enumeration's index); they compute nothing.

import {
  Bone, BonePose, BoundingBoxAttachment, ClippingAttachment, DeformTimeline, DrawOrderFolderTimeline,
  DrawOrderTimeline, EventTimeline, IkConstraint, IkConstraintData, MeshAttachment, PathAttachment,
  PathConstraint, PathConstraintData, PhysicsConstraint, PhysicsConstraintData, PointAttachment,
  RegionAttachment, SequenceTimeline, Slider, SliderData, Slot, TransformConstraint,
  TransformConstraintData, AttachmentTimeline,
} from "@esotericsoftware/spine-core";
import { T, Unrepresentable, fmtNumber, fmtString } from "./dump_writer.mjs";

// ---- Field types ----------------------------------------------------------------------------------

/** A number, or `null` for null and undefined (an absent header field). */
const numOrNull = (v) => (v === null || v === undefined ? "null" : fmtNumber(v));
/** An enum value as its document name (`names[value]`), `null` when the runtime holds undefined. */
const enumOf = (names) => (v) => {
  if (v === undefined || v === null) return "null";
  if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v < names.length) return fmtString(names[v]);
  throw new Unrepresentable(`not a ${names.join("/")} mode: ${String(v)}`);
};
/** The length of an array the runtime holds (a count field), or null. */
const lengthOrNull = (v) => (v === null || v === undefined ? "null" : fmtNumber(lengthOf(v)));

function lengthOf(v) {
  if (v === null || v === undefined || typeof v.length !== "number")
    throw new Unrepresentable(`not an array: ${typeof v}`);
  return v.length;
}

const SCALE_Y = ["none", "uniform", "volume"];
const BLEND = ["normal", "additive", "multiply", "screen"];

// ---- Names of classes ------------------------------------------------------------------------------

function constraintDataKind(c) {
  if (c instanceof IkConstraintData) return "ik";
  if (c instanceof TransformConstraintData) return "transform";
  if (c instanceof PathConstraintData) return "path";
  if (c instanceof PhysicsConstraintData) return "physics";
  if (c instanceof SliderData) return "slider";
  throw new Unrepresentable("an unknown constraint class");
}

function constraintKind(c) {
  if (c instanceof IkConstraint) return "ik";
  if (c instanceof TransformConstraint) return "transform";
  if (c instanceof PathConstraint) return "path";
  if (c instanceof PhysicsConstraint) return "physics";
  if (c instanceof Slider) return "slider";
  return null;
}

/** FromRotate -> rotate, ToScaleX -> scaleX, ... (the document's property names). */
function propertyName(p) {
  const name = p.constructor.name.replace(/^(From|To)/, "");
  return name === "Rotate" ? "rotate" : name === "X" ? "x" : name === "Y" ? "y" : name[0].toLowerCase() + name.slice(1);
}

function attachmentType(a) {
  if (a instanceof RegionAttachment) return "region";
  if (a instanceof BoundingBoxAttachment) return "boundingbox";
  if (a instanceof MeshAttachment) return "mesh";
  if (a instanceof PathAttachment) return "path";
  if (a instanceof PointAttachment) return "point";
  if (a instanceof ClippingAttachment) return "clipping";
  throw new Unrepresentable("an unknown attachment class");
}

const TIMELINE_KINDS = {
  AttachmentTimeline: "attachment", RGBATimeline: "rgba", RGBTimeline: "rgb", AlphaTimeline: "alpha",
  RGBA2Timeline: "rgba2", RGB2Timeline: "rgb2", RotateTimeline: "rotate", TranslateTimeline: "translate",
  TranslateXTimeline: "translatex", TranslateYTimeline: "translatey", ScaleTimeline: "scale",
  ScaleXTimeline: "scalex", ScaleYTimeline: "scaley", ShearTimeline: "shear", ShearXTimeline: "shearx",
  ShearYTimeline: "sheary", InheritTimeline: "inherit", IkConstraintTimeline: "ik",
  TransformConstraintTimeline: "transform", PathConstraintPositionTimeline: "pathPosition",
  PathConstraintSpacingTimeline: "pathSpacing", PathConstraintMixTimeline: "pathMix",
  PhysicsConstraintInertiaTimeline: "physicsInertia", PhysicsConstraintStrengthTimeline: "physicsStrength",
  PhysicsConstraintDampingTimeline: "physicsDamping", PhysicsConstraintMassTimeline: "physicsMass",
  PhysicsConstraintWindTimeline: "physicsWind", PhysicsConstraintGravityTimeline: "physicsGravity",
  PhysicsConstraintMixTimeline: "physicsMix", PhysicsConstraintResetTimeline: "physicsReset",
  SliderTimeline: "sliderTime", SliderMixTimeline: "sliderMix", DeformTimeline: "deform",
  SequenceTimeline: "sequence", DrawOrderTimeline: "drawOrder", DrawOrderFolderTimeline: "drawOrderFolder",
  EventTimeline: "events",
};

function timelineKind(t) {
  const kind = TIMELINE_KINDS[t.constructor.name];
  if (!kind) throw new Unrepresentable(`an unknown timeline class ${t.constructor.name}`);
  return kind;
}

/** A timeline's key: ANIMATION/KIND/TARGET (deform and sequence: SLOT/ATTACHMENT; none for draw
 *  orders and events). */
function timelineKey(data, animation, t, index) {
  const kind = timelineKind(t);
  if (t instanceof DeformTimeline || t instanceof SequenceTimeline)
    return `${animation.name}/${kind}/${data.slots[t.slotIndex].name}/${t.attachment.name}`;
  // An animation may have several folders: each is keyed by its index among the animation's timelines.
  if (t instanceof DrawOrderFolderTimeline) return `${animation.name}/${kind}/${index}`;
  if (t instanceof DrawOrderTimeline || t instanceof EventTimeline)
    return `${animation.name}/${kind}`;
  let target = "";
  if (typeof t.boneIndex === "number") target = data.bones[t.boneIndex].name;
  else if (typeof t.slotIndex === "number") target = data.slots[t.slotIndex].name;
  else if (typeof t.constraintIndex === "number") target = t.constraintIndex === -1 ? "" : data.constraints[t.constraintIndex].name;
  return `${animation.name}/${kind}/${target}`;
}

// ---- Row enumerations -------------------------------------------------------------------------------

/** Rows of every element of an array, keyed OWNER[i]. */
function elements(owner, array) {
  const rows = [];
  for (let i = 0; i < lengthOf(array); i++) rows.push([`${owner}[${i}]`, array[i]]);
  return rows;
}
const valueField = [["v", T.num, (v) => v]];

/** A skin's key: its name, or NAME#INDEX for a skin whose name an earlier skin has (the runtime keeps
 *  both; the last named "default" is the default skin). */
function skinKey(skins, index) {
  const name = skins[index].name;
  return skins.slice(0, index).some((s) => s.name === name) ? `${name}#${index}` : name;
}

/** Every attachment of every skin, in skin order and each skin's getAttachments() order. */
function attachmentEntries(data) {
  const rows = [];
  data.skins.forEach((skin, i) => {
    for (const e of skin.getAttachments())
      rows.push([`${skinKey(data.skins, i)}/${data.slots[e.slotIndex].name}/${e.placeholder}`, { skin, e, a: e.attachment }]);
  });
  return rows;
}
const attachmentsOf = (data, cls) => attachmentEntries(data).filter(([, x]) => x.a instanceof cls);
const sequences = (data) =>
  attachmentEntries(data).filter(([, x]) => x.a instanceof RegionAttachment || x.a instanceof MeshAttachment);
const vertexAttachments = (data) =>
  attachmentEntries(data).filter(([, x]) => !(x.a instanceof RegionAttachment));

function timelines(data) {
  const rows = [];
  for (const animation of data.animations)
    animation.timelines.forEach((t, index) => rows.push([timelineKey(data, animation, t, index), { t, index, animation }]));
  return rows;
}

function colorFields(prefix, sel) {
  return ["r", "g", "b", "a"].map((c) => [`${prefix}.${c}`, T.num, (x) => sel(x)[c]]);
}

function darkFields() {
  return ["r", "g", "b", "a"].map((c) => [`dark.${c}`, numOrNull, (sd) => (sd.setupPose.darkColor ? sd.setupPose.darkColor[c] : null)]);
}

// ---- The blocks ----------------------------------------------------------------------------------------

/** ctx: { data: SkeletonData, skeleton: Skeleton } */
export const DATA_BLOCKS_DOCUMENT = [
  {
    name: "data.skeleton",
    rows: (ctx) => [["skeleton", ctx.data]],
    fields: [
      ["hash", T.strOrNull, (d) => d.hash],
      ["version", T.strOrNull, (d) => d.version],
      ["x", numOrNull, (d) => d.x],
      ["y", numOrNull, (d) => d.y],
      ["width", numOrNull, (d) => d.width],
      ["height", numOrNull, (d) => d.height],
      ["referenceScale", T.num, (d) => d.referenceScale],
      ["fps", numOrNull, (d) => d.fps],
      ["images", T.strOrNull, (d) => d.imagesPath],
      ["audio", T.strOrNull, (d) => d.audioPath],
    ],
  },
  {
    name: "data.bone.nonessential",
    rows: (ctx) => ctx.data.bones.map((bd) => [bd.name, bd]),
    fields: [
      ...colorFields("color", (bd) => bd.color),
      ["icon", T.strOrNull, (bd) => bd.icon],
      ["iconSize", T.num, (bd) => bd.iconSize],
      ["iconRotation", T.num, (bd) => bd.iconRotation],
    ],
  },
  {
    name: "data.slot.setup",
    rows: (ctx) => ctx.data.slots.map((sd) => [sd.name, sd]),
    fields: [
      ...colorFields("color", (sd) => sd.setupPose.color),
      ...darkFields(),
      ["blend", enumOf(BLEND), (sd) => sd.blendMode],
      ["visible", T.bool, (sd) => sd.visible],
    ],
  },
  // Constraints, in the runtime's (document) order.
  {
    name: "data.constraint",
    rows: (ctx) => ctx.data.constraints.map((c, index) => [`${constraintDataKind(c)} ${c.name}`, { c, index }]),
    fields: [
      ["index", T.num, (x) => x.index],
      ["type", T.str, (x) => constraintDataKind(x.c)],
      ["skinRequired", T.bool, (x) => x.c.skinRequired],
      ["bones", T.num, (x) => (x.c.bones ? x.c.bones.length : 0)],
    ],
  },
  {
    name: "data.constraint.bone",
    rows: (ctx) => ctx.data.constraints.flatMap((c) =>
      (c.bones ? c.bones.map((b, k) => [`${constraintDataKind(c)} ${c.name}[${k}]`, b]) : [])),
    fields: [["bone", T.str, (b) => b.name]],
  },
  {
    name: "data.ik",
    rows: (ctx) => ctx.data.constraints.filter((c) => c instanceof IkConstraintData).map((c) => [c.name, c]),
    fields: [
      ["target", T.str, (c) => c.target.name],
      ["scaleYMode", enumOf(SCALE_Y), (c) => c._scaleYMode],
      ["mix", T.num, (c) => c.setupPose.mix],
      ["softness", T.num, (c) => c.setupPose.softness],
      ["bendDirection", T.num, (c) => c.setupPose.bendDirection],
      ["compress", T.bool, (c) => c.setupPose.compress],
      ["stretch", T.bool, (c) => c.setupPose.stretch],
    ],
  },
  {
    name: "data.transform",
    rows: (ctx) => ctx.data.constraints.filter((c) => c instanceof TransformConstraintData).map((c) => [c.name, c]),
    fields: [
      ["source", T.str, (c) => c.source.name],
      ["localSource", T.bool, (c) => c.localSource],
      ["localTarget", T.bool, (c) => c.localTarget],
      ["additive", T.bool, (c) => c.additive],
      ["clamp", T.bool, (c) => c.clamp],
      ["offsetRotation", T.num, (c) => c.offsets[0]],
      ["offsetX", T.num, (c) => c.offsets[1]],
      ["offsetY", T.num, (c) => c.offsets[2]],
      ["offsetScaleX", T.num, (c) => c.offsets[3]],
      ["offsetScaleY", T.num, (c) => c.offsets[4]],
      ["offsetShearY", T.num, (c) => c.offsets[5]],
      ["mixRotate", T.num, (c) => c.setupPose.mixRotate],
      ["mixX", T.num, (c) => c.setupPose.mixX],
      ["mixY", T.num, (c) => c.setupPose.mixY],
      ["mixScaleX", T.num, (c) => c.setupPose.mixScaleX],
      ["mixScaleY", T.num, (c) => c.setupPose.mixScaleY],
      ["mixShearY", T.num, (c) => c.setupPose.mixShearY],
      ["properties", T.num, (c) => c.properties.length],
    ],
  },
  {
    name: "data.transform.property",
    rows: (ctx) => ctx.data.constraints.filter((c) => c instanceof TransformConstraintData).flatMap((c) =>
      c.properties.flatMap((from, p) => from.to.map((to, k) => [`${c.name}[${p}][${k}]`, { from, to }]))),
    fields: [
      ["from", T.str, (x) => propertyName(x.from)],
      ["fromOffset", T.num, (x) => x.from.offset],
      ["to", T.str, (x) => propertyName(x.to)],
      ["offset", T.num, (x) => x.to.offset],
      ["max", T.num, (x) => x.to.max],
      ["scale", T.num, (x) => x.to.scale],
    ],
  },
  {
    name: "data.path",
    rows: (ctx) => ctx.data.constraints.filter((c) => c instanceof PathConstraintData).map((c) => [c.name, c]),
    fields: [
      ["slot", T.str, (c) => c.slot.name],
      ["positionMode", enumOf(["fixed", "percent"]), (c) => c.positionMode],
      ["spacingMode", enumOf(["length", "fixed", "percent", "proportional"]), (c) => c.spacingMode],
      ["rotateMode", enumOf(["tangent", "chain", "chainScale"]), (c) => c.rotateMode],
      ["offsetRotation", T.num, (c) => c.offsetRotation],
      ["position", T.num, (c) => c.setupPose.position],
      ["spacing", T.num, (c) => c.setupPose.spacing],
      ["mixRotate", T.num, (c) => c.setupPose.mixRotate],
      ["mixX", T.num, (c) => c.setupPose.mixX],
      ["mixY", T.num, (c) => c.setupPose.mixY],
    ],
  },
  {
    name: "data.physics",
    rows: (ctx) => ctx.data.constraints.filter((c) => c instanceof PhysicsConstraintData).map((c) => [c.name, c]),
    fields: [
      ["bone", T.str, (c) => c.bone.name],
      ["x", T.num, (c) => c.x],
      ["y", T.num, (c) => c.y],
      ["rotate", T.num, (c) => c.rotate],
      ["scaleX", T.num, (c) => c.scaleX],
      ["scaleYMode", enumOf(SCALE_Y), (c) => c.scaleYMode],
      ["shearX", T.num, (c) => c.shearX],
      ["limit", T.num, (c) => c.limit],
      ["step", T.num, (c) => c.step],
      ["inertia", T.num, (c) => c.setupPose.inertia],
      ["strength", T.num, (c) => c.setupPose.strength],
      ["damping", T.num, (c) => c.setupPose.damping],
      ["massInverse", T.num, (c) => c.setupPose.massInverse],
      ["wind", T.num, (c) => c.setupPose.wind],
      ["gravity", T.num, (c) => c.setupPose.gravity],
      ["mix", T.num, (c) => c.setupPose.mix],
      ...["inertia", "strength", "damping", "mass", "wind", "gravity", "mix"].map((s) =>
        [`${s}Global`, T.bool, (c) => c[`${s}Global`]]),
    ],
  },
  {
    name: "data.slider",
    rows: (ctx) => ctx.data.constraints.filter((c) => c instanceof SliderData).map((c) => [c.name, c]),
    fields: [
      ["animation", T.strOrNull, (c) => (c.animation ? c.animation.name : null)],
      ["additive", T.bool, (c) => c.additive],
      ["loop", T.bool, (c) => c.loop],
      ["mix", T.num, (c) => c.setupPose.mix],
      ["time", T.num, (c) => c.setupPose.time],
      ["bone", T.strOrNull, (c) => (c.bone ? c.bone.name : null)],
      ["property", T.strOrNull, (c) => (c.property ? propertyName(c.property) : null)],
      ["propertyOffset", numOrNull, (c) => (c.property ? c.property.offset : null)],
      ["offset", T.num, (c) => c.offset],
      ["scale", T.num, (c) => c.scale],
      ["max", T.num, (c) => c.max],
      ["local", T.bool, (c) => c.local],
    ],
  },
  // Skins.
  {
    name: "data.skin",
    rows: (ctx) => ctx.data.skins.map((s, index) => [skinKey(ctx.data.skins, index), { s, index, data: ctx.data }]),
    fields: [
      ["index", T.num, (x) => x.index],
      ["bones", T.num, (x) => x.s.bones.length],
      ["constraints", T.num, (x) => x.s.constraints.length],
      ["attachments", T.num, (x) => x.s.getAttachments().length],
      ["default", T.bool, (x) => x.data.defaultSkin === x.s],
    ],
  },
  {
    name: "data.skin.bone",
    rows: (ctx) => ctx.data.skins.flatMap((s, i) => s.bones.map((b, k) => [`${skinKey(ctx.data.skins, i)}[${k}]`, b])),
    fields: [["bone", T.str, (b) => b.name]],
  },
  {
    name: "data.skin.constraint",
    rows: (ctx) => ctx.data.skins.flatMap((s, i) =>
      s.constraints.map((c, k) => [`${skinKey(ctx.data.skins, i)}[${k}]`, c])),
    fields: [
      ["constraint", T.str, (c) => c.name],
      ["type", T.str, (c) => constraintDataKind(c)],
    ],
  },
  // Attachments, keyed SKIN/SLOT/PLACEHOLDER.
  {
    name: "data.attachment",
    rows: (ctx) => attachmentEntries(ctx.data).map(([k, x]) => [k, { ...x, data: ctx.data }]),
    fields: [
      ["skin", T.str, (x) => x.skin.name],
      ["slot", T.str, (x) => x.data.slots[x.e.slotIndex].name],
      ["placeholder", T.str, (x) => x.e.placeholder],
      ["type", T.str, (x) => attachmentType(x.a)],
      ["name", T.str, (x) => x.a.name],
      ["path", T.strOrNull, (x) => (x.a instanceof RegionAttachment || x.a instanceof MeshAttachment ? x.a.path : null)],
      ...colorFields("color", (x) => x.a.color),
      ["timelineSlots", T.num, (x) => lengthOf(x.a.timelineSlots)],
    ],
  },
  {
    name: "data.attachment.timelineSlot",
    rows: (ctx) => attachmentEntries(ctx.data).flatMap(([k, x]) =>
      x.a.timelineSlots.map((s, i) => [`${k}[${i}]`, ctx.data.slots[s]])),
    fields: [["slot", T.str, (sd) => sd.name]],
  },
  {
    name: "data.region",
    rows: (ctx) => attachmentsOf(ctx.data, RegionAttachment),
    fields: [
      ...["x", "y", "scaleX", "scaleY", "rotation", "width", "height"].map((f) => [f, T.num, (x) => x.a[f]]),
      ["offsets", lengthOrNull, (x) => (x.a.sequence.offsets ? x.a.sequence.offsets[0] : null)],
      ["uvs", lengthOrNull, (x) => (x.a.sequence.uvs ? x.a.sequence.uvs[0] : null)],
    ],
  },
  {
    name: "data.region.offsets",
    rows: (ctx) => attachmentsOf(ctx.data, RegionAttachment).flatMap(([k, x]) =>
      (x.a.sequence.offsets && x.a.sequence.offsets[0] ? elements(k, x.a.sequence.offsets[0]) : [])),
    fields: valueField,
  },
  {
    name: "data.region.uvs",
    rows: (ctx) => attachmentsOf(ctx.data, RegionAttachment).flatMap(([k, x]) =>
      (x.a.sequence.uvs && x.a.sequence.uvs[0] ? elements(k, x.a.sequence.uvs[0]) : [])),
    fields: valueField,
  },
  {
    name: "data.sequence",
    rows: (ctx) => sequences(ctx.data),
    fields: [
      ["regions", T.num, (x) => x.a.sequence.regions.length],
      ["start", T.num, (x) => x.a.sequence.start],
      ["digits", T.num, (x) => x.a.sequence.digits],
      ["setupIndex", T.num, (x) => x.a.sequence.setupIndex],
      ["pathSuffix", T.bool, (x) => x.a.sequence.pathSuffix],
      ["uvs", lengthOrNull, (x) => x.a.sequence.uvs],
      ["offsets", lengthOrNull, (x) => x.a.sequence.offsets],
    ],
  },
  // The regions of a sequence after the first (the first's are data.region.* and data.mesh.uvs).
  {
    name: "data.sequence.offsets",
    rows: (ctx) => sequences(ctx.data).flatMap(([k, x]) =>
      (x.a.sequence.offsets ? x.a.sequence.offsets.slice(1).flatMap((o, r) => elements(`${k}[${r + 1}]`, o)) : [])),
    fields: valueField,
  },
  {
    name: "data.sequence.uvs",
    rows: (ctx) => sequences(ctx.data).flatMap(([k, x]) =>
      (x.a.sequence.uvs ? x.a.sequence.uvs.slice(1).flatMap((u, r) => elements(`${k}[${r + 1}]`, u)) : [])),
    fields: valueField,
  },
  {
    name: "data.vertices",
    rows: (ctx) => vertexAttachments(ctx.data),
    fields: [
      ["worldVerticesLength", T.num, (x) => x.a.worldVerticesLength],
      ["bones", lengthOrNull, (x) => x.a.bones],
      ["vertices", T.num, (x) => lengthOf(x.a.vertices)],
    ],
  },
  {
    name: "data.vertices.bones",
    rows: (ctx) => vertexAttachments(ctx.data).flatMap(([k, x]) => (x.a.bones ? elements(k, x.a.bones) : [])),
    fields: valueField,
  },
  {
    name: "data.vertices.vertices",
    rows: (ctx) => vertexAttachments(ctx.data).flatMap(([k, x]) => elements(k, x.a.vertices)),
    fields: valueField,
  },
  {
    name: "data.mesh",
    rows: (ctx) => attachmentsOf(ctx.data, MeshAttachment),
    fields: [
      ["hullLength", T.num, (x) => x.a.hullLength],
      ["width", T.num, (x) => x.a.width],
      ["height", T.num, (x) => x.a.height],
      ["triangles", T.num, (x) => lengthOf(x.a.triangles)],
      ["edges", lengthOrNull, (x) => x.a.edges],
      ["regionUVs", T.num, (x) => lengthOf(x.a.regionUVs)],
      ["uvs", lengthOrNull, (x) => (x.a.sequence.uvs ? x.a.sequence.uvs[0] : null)],
      ["source", T.strOrNull, (x) => (x.a.sourceMesh ? x.a.sourceMesh.name : null)],
      ["timelineAttachment", T.strOrNull, (x) => (x.a.timelineAttachment ? x.a.timelineAttachment.name : null)],
    ],
  },
  {
    name: "data.mesh.triangles",
    rows: (ctx) => attachmentsOf(ctx.data, MeshAttachment).flatMap(([k, x]) => elements(k, x.a.triangles)),
    fields: valueField,
  },
  {
    name: "data.mesh.edges",
    rows: (ctx) => attachmentsOf(ctx.data, MeshAttachment).flatMap(([k, x]) => (x.a.edges ? elements(k, x.a.edges) : [])),
    fields: valueField,
  },
  {
    name: "data.mesh.regionUVs",
    rows: (ctx) => attachmentsOf(ctx.data, MeshAttachment).flatMap(([k, x]) => elements(k, x.a.regionUVs)),
    fields: valueField,
  },
  {
    name: "data.mesh.uvs",
    rows: (ctx) => attachmentsOf(ctx.data, MeshAttachment).flatMap(([k, x]) =>
      (x.a.sequence.uvs && x.a.sequence.uvs[0] ? elements(k, x.a.sequence.uvs[0]) : [])),
    fields: valueField,
  },
  {
    name: "data.pathAttachment",
    rows: (ctx) => attachmentsOf(ctx.data, PathAttachment),
    fields: [
      ["closed", T.bool, (x) => x.a.closed],
      ["constantSpeed", T.bool, (x) => x.a.constantSpeed],
      ["lengths", T.num, (x) => lengthOf(x.a.lengths)],
    ],
  },
  {
    name: "data.pathAttachment.lengths",
    rows: (ctx) => attachmentsOf(ctx.data, PathAttachment).flatMap(([k, x]) => elements(k, x.a.lengths)),
    fields: valueField,
  },
  {
    name: "data.point",
    rows: (ctx) => attachmentsOf(ctx.data, PointAttachment),
    fields: ["x", "y", "rotation"].map((f) => [f, T.num, (x) => x.a[f]]),
  },
  {
    name: "data.clipping",
    rows: (ctx) => attachmentsOf(ctx.data, ClippingAttachment),
    fields: [
      ["end", T.strOrNull, (x) => (x.a.endSlot ? x.a.endSlot.name : null)],
      ["convex", T.bool, (x) => x.a.convex],
      ["inverse", T.bool, (x) => x.a.inverse],
    ],
  },
  // Events.
  {
    name: "data.event",
    rows: (ctx) => ctx.data.events.map((e) => [e.name, e]),
    fields: [
      ["int", T.num, (e) => e.setupPose.intValue],
      ["float", T.num, (e) => e.setupPose.floatValue],
      ["string", T.strOrNull, (e) => e.setupPose.stringValue],
      ["audio", T.strOrNull, (e) => e.audioPath],
      ["volume", T.num, (e) => e.setupPose.volume],
      ["balance", T.num, (e) => e.setupPose.balance],
    ],
  },
  // Animations and their timelines, keyed ANIMATION/KIND/TARGET.
  {
    name: "data.animation",
    rows: (ctx) => ctx.data.animations.map((a, index) => [a.name, { a, index }]),
    fields: [
      ["index", T.num, (x) => x.index],
      ["duration", T.num, (x) => x.a.duration],
      ["timelines", T.num, (x) => x.a.timelines.length],
      ["bones", T.num, (x) => x.a.bones.length],
      ...colorFields("color", (x) => x.a.color),
    ],
  },
  {
    name: "data.animation.bone",
    rows: (ctx) => ctx.data.animations.flatMap((a) => a.bones.map((b, k) => [`${a.name}[${k}]`, ctx.data.bones[b]])),
    fields: [["bone", T.str, (bd) => bd.name]],
  },
  {
    name: "data.timeline",
    rows: (ctx) => timelines(ctx.data),
    fields: [
      ["index", T.num, (x) => x.index],
      ["kind", T.str, (x) => timelineKind(x.t)],
      ["frameEntries", T.num, (x) => x.t.getFrameEntries()],
      ["frameCount", T.num, (x) => x.t.getFrameCount()],
      ["frames", T.num, (x) => x.t.frames.length],
      ["curves", lengthOrNull, (x) => x.t.curves],
    ],
  },
  {
    name: "data.timeline.frames",
    rows: (ctx) => timelines(ctx.data).flatMap(([k, x]) => elements(k, x.t.frames)),
    fields: valueField,
  },
  {
    name: "data.timeline.curves",
    rows: (ctx) => timelines(ctx.data).flatMap(([k, x]) => (x.t.curves ? elements(k, x.t.curves) : [])),
    fields: valueField,
  },
  {
    name: "data.timeline.attachment",
    rows: (ctx) => timelines(ctx.data).filter(([, x]) => x.t instanceof AttachmentTimeline).flatMap(([k, x]) =>
      Array.from(x.t.frames, (_, f) => [`${k}[${f}]`, x.t.attachmentNames[f]])),
    fields: [["name", T.strOrNull, (n) => n]],
  },
  {
    name: "data.timeline.deform",
    rows: (ctx) => timelines(ctx.data).filter(([, x]) => x.t instanceof DeformTimeline).flatMap(([k, x]) =>
      Array.from(x.t.frames, (_, f) => f).flatMap((f) => (x.t.vertices[f] ? elements(`${k}[${f}]`, x.t.vertices[f]) : []))),
    fields: valueField,
  },
  {
    name: "data.timeline.folder",
    rows: (ctx) => timelines(ctx.data).filter(([, x]) => x.t instanceof DrawOrderFolderTimeline).map(([k, x]) => [k, x.t]),
    fields: [["slots", T.str, (t) => t.slots.join(" ")]],
  },
  {
    name: "data.timeline.drawOrder",
    rows: (ctx) => timelines(ctx.data)
      .filter(([, x]) => x.t instanceof DrawOrderTimeline || x.t instanceof DrawOrderFolderTimeline)
      .flatMap(([k, x]) => Array.from(x.t.frames, (_, f) => [`${k}[${f}]`, x.t.drawOrders[f]])),
    fields: [["order", T.strOrNull, (o) => (o ? o.join(" ") : null)]],
  },
  {
    name: "data.timeline.event",
    rows: (ctx) => timelines(ctx.data).filter(([, x]) => x.t instanceof EventTimeline).flatMap(([k, x]) =>
      x.t.events.flatMap((e, f) => (e ? [[`${k}[${f}]`, e]] : []))),
    fields: [
      ["name", T.str, (e) => e.data.name],
      ["time", T.num, (e) => e.time],
      ["int", T.num, (e) => e.intValue],
      ["float", T.num, (e) => e.floatValue],
      ["string", T.strOrNull, (e) => e.stringValue],
      ["volume", T.num, (e) => e.volume],
      ["balance", T.num, (e) => e.balance],
    ],
  },
  // The skeleton under the chosen skin: its update order (Skeleton._updateCache), the bones, slots and
  // constraints whose constrained pose is reset before each update (resetCache, then the draw order),
  // and which constraints are active.
  {
    name: "data.update",
    rows: (ctx) => ctx.skeleton._updateCache.map((item, i) => [String(i), item]),
    fields: [
      ["kind", T.str, (item) => (item instanceof BonePose ? "bone" : constraintKind(item))],
      ["name", T.str, (item) => (item instanceof BonePose ? item.bone.data.name : item.data.name)],
    ],
  },
  {
    name: "data.reset",
    rows: (ctx) => {
      const items = [...ctx.skeleton.resetCache];
      const d = ctx.skeleton.drawOrder;
      if (d.appliedPose === d.constrainedPose) items.push(d);
      return items.map((item, i) => [String(i), item]);
    },
    fields: [
      ["kind", T.str, (item) => (item instanceof Bone ? "bone" : item instanceof Slot ? "slot" : constraintKind(item) ?? "drawOrder")],
      ["name", T.strOrNull, (item) => (item.data ? item.data.name : null)],
    ],
  },
  {
    name: "data.constraintActive",
    rows: (ctx) => ctx.skeleton.constraints.map((c) => [`${constraintKind(c)} ${c.data.name}`, c]),
    fields: [["active", T.bool, (c) => c.active]],
  },
];
