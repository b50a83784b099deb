// The blocks of a dump (oracle/FORMAT.md "Blocks"), as a table: each block names its fields
// (name, type, getter) and how to enumerate its rows. To add a block, add an entry to
// DATA_BLOCKS (written once, before pose 0) or POSE_BLOCKS (written after every `pose` line; a
// timed sequence's dump writes TIMED_POSE_BLOCKS);
// the order of entries is the order the blocks appear in the dump.
//
// Getters only read public spine-core state; they compute nothing.

import { T } from "./dump_writer.mjs";
import { DATA_BLOCKS_DOCUMENT } from "./blocks_data.mjs";
import { SLOT_POSE_BLOCKS, TIME_POSE_BLOCKS } from "./blocks_pose.mjs";

/** Fields of a local pose (BonePose), read from the object `sel(bone)` returns. */
function localPoseFields(prefix, sel) {
  return [
    [`${prefix}x`, T.num, (b) => sel(b).x],
    [`${prefix}y`, T.num, (b) => sel(b).y],
    [`${prefix}rotation`, T.num, (b) => sel(b).rotation],
    [`${prefix}scaleX`, T.num, (b) => sel(b).scaleX],
    [`${prefix}scaleY`, T.num, (b) => sel(b).scaleY],
    [`${prefix}shearX`, T.num, (b) => sel(b).shearX],
    [`${prefix}shearY`, T.num, (b) => sel(b).shearY],
    [`${prefix}inherit`, T.inherit, (b) => sel(b).inherit],
  ];
}

/** ctx: { data: SkeletonData, skeleton: Skeleton } */
export const DATA_BLOCKS = [
  {
    name: "data.bone",
    rows: (ctx) => ctx.data.bones.map((bd) => [bd.name, bd]),
    fields: [
      ["index", T.num, (bd) => bd.index],
      ["parent", T.strOrNull, (bd) => (bd.parent ? bd.parent.name : null)],
      ["length", T.num, (bd) => bd.length],
      ["x", T.num, (bd) => bd.setupPose.x],
      ["y", T.num, (bd) => bd.setupPose.y],
      ["rotation", T.num, (bd) => bd.setupPose.rotation],
      ["scaleX", T.num, (bd) => bd.setupPose.scaleX],
      ["scaleY", T.num, (bd) => bd.setupPose.scaleY],
      ["shearX", T.num, (bd) => bd.setupPose.shearX],
      ["shearY", T.num, (bd) => bd.setupPose.shearY],
      ["inherit", T.inherit, (bd) => bd.setupPose.inherit],
      ["skinRequired", T.bool, (bd) => bd.skinRequired],
    ],
  },
  {
    name: "data.slot",
    rows: (ctx) => ctx.data.slots.map((sd) => [sd.name, sd]),
    fields: [
      ["index", T.num, (sd) => sd.index],
      ["bone", T.str, (sd) => sd.boneData.name],
      ["attachment", T.strOrNull, (sd) => sd.attachmentName],
    ],
  },
  ...DATA_BLOCKS_DOCUMENT,
];

export const POSE_BLOCKS = [
  {
    name: "bone",
    rows: (ctx) => ctx.skeleton.bones.map((b) => [b.data.name, b]),
    fields: [
      ["active", T.bool, (b) => b.active],
      ...localPoseFields("", (b) => b.pose),
      ...localPoseFields("applied.", (b) => b.appliedPose),
      ["a", T.num, (b) => b.appliedPose.a],
      ["b", T.num, (b) => b.appliedPose.b],
      ["c", T.num, (b) => b.appliedPose.c],
      ["d", T.num, (b) => b.appliedPose.d],
      ["worldX", T.num, (b) => b.appliedPose.worldX],
      ["worldY", T.num, (b) => b.appliedPose.worldY],
    ],
  },
  ...SLOT_POSE_BLOCKS,
];

/** The pose blocks of a dump whose sequence is timed (any of --physics update|reset|pose, --frames,
 *  --skeleton, --move, --scenario): POSE_BLOCKS, then `skeleton` and `physics`. */
export const TIMED_POSE_BLOCKS = [...POSE_BLOCKS, ...TIME_POSE_BLOCKS];

export function writeBlocks(writer, blocks, ctx) {
  for (const block of blocks)
    for (const [key, item] of block.rows(ctx)) writer.row(block.name, key, block.fields, item);
}
