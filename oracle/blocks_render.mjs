// The pose blocks of what a renderer draws (oracle/FORMAT.md "Pose blocks of what is drawn", issue 18),
// written after every other pose block of a `--vertices` dump: the attachments' world vertices, the
// render commands of SkeletonRendererCore (with and without premultiplied alpha), Skeleton.getBounds
// (with and without a clipper) and SkeletonBounds' polygons and hit tests.
//
// Getters only read what spine-core returns; the `vertices` block's rows, the first of these blocks
// in every pose, make the spine-core calls once a pose (renderFrame) and the later blocks read their
// results. What spine-core throws while making them is a refusal (RuntimeThrew, exit 2), as a game's
// renderer would stop there too.

import {
  BoundingBoxAttachment, ClippingAttachment, MeshAttachment, PathAttachment, PointAttachment, RegionAttachment,
  SkeletonBounds, SkeletonClipping, SkeletonRendererCore, Vector2,
} from "@esotericsoftware/spine-core";
import { T } from "./dump_writer.mjs";

/** spine-core threw making what a pose draws: the document is refused (exit 2). */
export class RuntimeThrew extends Error {}

const BLEND = ["normal", "additive", "multiply", "screen"];
const blendName = (v) => (Number.isInteger(v) && v >= 0 && v < BLEND.length ? T.str(BLEND[v]) : "null");
const numOrNull = (v) => (v === null || v === undefined ? "null" : T.num(v));

/** The probe points and segments of the hit tests, before those each pose's polygons add. */
const GRID = [-800, -600, -400, -200, 0, 200, 400, 600, 800];
const FIXED_POINTS = GRID.flatMap((y) => GRID.map((x) => [x, y]));
const FIXED_SEGMENTS = [
  [-1000, -400, 1000, -400], [-1000, 0, 1000, 0], [-1000, 400, 1000, 400],
  [-400, -1000, -400, 1000], [0, -1000, 0, 1000], [400, -1000, 400, 1000],
  [-1000, -1000, 1000, 1000], [-1000, 1000, 1000, -1000],
];

function kindOf(a) {
  if (a instanceof RegionAttachment) return "region";
  if (a instanceof MeshAttachment) return "mesh";
  if (a instanceof BoundingBoxAttachment) return "boundingbox";
  if (a instanceof ClippingAttachment) return "clipping";
  if (a instanceof PathAttachment) return "path";
  if (a instanceof PointAttachment) return "point";
  return "unknown";
}

/** What one slot's attachment gives computeWorldVertices (world positions as doubles, a plain array). */
function slotVertices(skeleton, slot, position) {
  const pose = slot.appliedPose, a = pose.attachment;
  const kind = kindOf(a);
  const row = { slot, position, attachment: a, kind, sequence: null, xy: [], rotation: null };
  if (a instanceof RegionAttachment) {
    row.sequence = a.sequence.resolveIndex(pose);
    row.xy = new Array(8).fill(0);
    a.computeWorldVertices(slot, a.getOffsets(pose), row.xy, 0, 2);
  } else if (a instanceof PointAttachment) {
    const v = a.computeWorldPosition(slot.bone.appliedPose, new Vector2());
    row.xy = [v.x, v.y];
    row.rotation = a.computeWorldRotation(slot.bone.appliedPose);
  } else {
    if (a instanceof MeshAttachment) row.sequence = a.sequence.resolveIndex(pose);
    const n = Math.max(0, a.worldVerticesLength >> 1);
    row.xy = new Array(2 * n).fill(0);
    a.computeWorldVertices(skeleton, slot, 0, a.worldVerticesLength, row.xy, 0, 2);
  }
  return row;
}

/** One render call's batched commands (the `next` chain) and the per-slot commands before batching,
 *  copied out (the renderer reuses its arrays on the next call). */
function renderCommands(ctx, pma) {
  const renderer = ctx.render.renderer;
  let cmd = renderer.render(ctx.skeleton, pma);
  const texture = (t) => (ctx.textures.has(t) ? ctx.textures.get(t) : null);
  const copy = (c) => ({
    blend: c.blendMode, texture: texture(c.texture), vertices: c.numVertices, indices: c.numIndices,
    color: c.numVertices > 0 ? c.colors[0] : null, dark: c.numVertices > 0 ? c.darkColors[0] : null,
    positions: Array.from(c.positions), uvs: Array.from(c.uvs), triangles: Array.from(c.indices),
  });
  const commands = [];
  for (; cmd; cmd = cmd.next) commands.push(copy(cmd));
  return { commands, parts: renderer.renderCommands.map(copy) };
}

/** Everything a pose draws, computed once a pose (by the `vertices` block's rows). */
function renderFrame(ctx) {
  const { skeleton } = ctx;
  try {
    const vertices = [];
    skeleton.drawOrder.appliedPose.forEach((slot, position) => {
      if (slot.appliedPose.attachment) vertices.push(slotVertices(skeleton, slot, position));
    });
    const plain = renderCommands(ctx, false), pma = renderCommands(ctx, true);
    const bounds = [];
    for (const [key, clipper] of [["skeleton", null], ["clipped", ctx.render.clipper]]) {
      const offset = new Vector2(), size = new Vector2();
      skeleton.getBounds(offset, size, new Array(2), clipper);
      bounds.push([key, { x: offset.x, y: offset.y, width: size.x, height: size.y }]);
    }
    const sb = ctx.render.bounds;
    sb.update(skeleton, true);
    const boxes = sb.polygons.map((p, i) => ({ box: sb.boundingBoxes[i], xy: Array.from(p) }));
    const hitName = (a) => (a ? a.name : null);
    const points = [], segments = [];
    if (boxes.length > 0) {
      const probe = [...FIXED_POINTS];
      for (const b of boxes) for (let i = 0; i + 1 < b.xy.length; i += 2) probe.push([b.xy[i], b.xy[i + 1]]);
      for (const [x, y] of probe) points.push({ x, y, aabb: sb.aabbContainsPoint(x, y), hit: hitName(sb.containsPoint(x, y)) });
      const lines = [...FIXED_SEGMENTS];
      for (const b of boxes) for (let i = 0; i + 1 < b.xy.length; i += 2) lines.push([0, 0, b.xy[i], b.xy[i + 1]]);
      for (const [x1, y1, x2, y2] of lines)
        segments.push({ x1, y1, x2, y2, aabb: sb.aabbIntersectsSegment(x1, y1, x2, y2), hit: hitName(sb.intersectsSegment(x1, y1, x2, y2)) });
    }
    // The vertex stream of both render calls is the same (pma changes colors and batching only).
    const stream = (r) => r.commands.flatMap((c) => [...c.positions, ...c.uvs]);
    const a = stream(plain), b = stream(pma);
    if (a.length !== b.length || a.some((x, i) => !Object.is(x, b[i])))
      throw new Error("oracle bug: the premultiplied render's vertices differ from the plain one's");
    ctx.frame = {
      vertices, plain, pma, bounds, points, segments,
      aabb: { minX: sb.minX, minY: sb.minY, maxX: sb.maxX, maxY: sb.maxY },
      boxes: boxes.map((b, i) => ({ ...b, i })),
    };
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("oracle bug")) throw e;
    throw new RuntimeThrew(e instanceof Error ? e.message : String(e));
  }
  return ctx.frame;
}

/** The state a dump's renderer keeps from pose to pose (a game keeps one of each). */
export function renderState() {
  return { renderer: new SkeletonRendererCore(), clipper: new SkeletonClipping(), bounds: new SkeletonBounds() };
}

const xyRows = (owner, xy) => {
  const rows = [];
  for (let i = 0; i + 1 < xy.length; i += 2) rows.push([`${owner}[${i >> 1}]`, { x: xy[i], y: xy[i + 1] }]);
  return rows;
};
const xyFields = [["x", T.num, (v) => v.x], ["y", T.num, (v) => v.y]];

/** The command rows of one render call; `first` counts vertices through the call's commands. */
function commandRows(r) {
  let first = 0;
  return r.commands.map((c, i) => {
    const row = [String(i), { ...c, first }];
    first += c.vertices;
    return row;
  });
}
const commandFields = [
  ["blend", blendName, (c) => c.blend],
  ["texture", numOrNull, (c) => c.texture],
  ["first", T.num, (c) => c.first],
  ["vertices", T.num, (c) => c.vertices],
  ["indices", T.num, (c) => c.indices],
  ["color", numOrNull, (c) => c.color],
  ["dark", numOrNull, (c) => c.dark],
  ["triangles", T.str, (c) => c.triangles.join(" ")],
];
const partFields = [
  ["blend", blendName, (c) => c.blend],
  ["texture", numOrNull, (c) => c.texture],
  ["vertices", T.num, (c) => c.vertices],
  ["indices", T.num, (c) => c.indices],
  ["color", numOrNull, (c) => c.color],
  ["dark", numOrNull, (c) => c.dark],
];
const hitFields = [
  ["aabb", T.bool, (p) => p.aabb],
  ["hit", T.strOrNull, (p) => p.hit],
];

export const RENDER_POSE_BLOCKS = [
  {
    name: "vertices",
    rows: (ctx) => renderFrame(ctx).vertices.map((v) => [v.slot.data.name, v]),
    fields: [
      ["position", T.num, (v) => v.position],
      ["active", T.bool, (v) => v.slot.bone.active],
      ["attachment", T.str, (v) => v.attachment.name],
      ["kind", T.str, (v) => v.kind],
      ["sequence", numOrNull, (v) => v.sequence],
      ["count", T.num, (v) => v.xy.length >> 1],
    ],
  },
  {
    name: "vertices.xy",
    rows: (ctx) => ctx.frame.vertices.flatMap((v) => xyRows(v.slot.data.name, v.xy)),
    fields: xyFields,
  },
  {
    name: "vertices.point",
    rows: (ctx) => ctx.frame.vertices.filter((v) => v.kind === "point").map((v) => [v.slot.data.name, v]),
    fields: [["rotation", T.num, (v) => v.rotation]],
  },
  { name: "render", rows: (ctx) => commandRows(ctx.frame.plain), fields: commandFields },
  {
    name: "render.vertex",
    rows: (ctx) => {
      const rows = [];
      for (const c of ctx.frame.plain.commands)
        for (let j = 0; j < c.vertices; j++)
          rows.push([String(rows.length), { x: c.positions[2 * j], y: c.positions[2 * j + 1], u: c.uvs[2 * j], v: c.uvs[2 * j + 1] }]);
      return rows;
    },
    fields: [["x", T.num, (v) => v.x], ["y", T.num, (v) => v.y], ["u", T.num, (v) => v.u], ["v", T.num, (v) => v.v]],
  },
  { name: "render.part", rows: (ctx) => ctx.frame.plain.parts.map((c, i) => [String(i), c]), fields: partFields },
  { name: "render.pma", rows: (ctx) => commandRows(ctx.frame.pma), fields: commandFields },
  { name: "render.pma.part", rows: (ctx) => ctx.frame.pma.parts.map((c, i) => [String(i), c]), fields: partFields },
  {
    name: "bounds",
    rows: (ctx) => ctx.frame.bounds,
    fields: ["x", "y", "width", "height"].map((n) => [n, T.num, (b) => b[n]]),
  },
  {
    name: "bounds.aabb",
    rows: (ctx) => [["aabb", ctx.frame.aabb]],
    fields: ["minX", "minY", "maxX", "maxY"].map((n) => [n, T.num, (b) => b[n]]),
  },
  {
    name: "bounds.box",
    rows: (ctx) => ctx.frame.boxes.map((b) => [String(b.i), b]),
    fields: [
      ["attachment", T.str, (b) => b.box.name],
      ["count", T.num, (b) => b.xy.length >> 1],
    ],
  },
  {
    name: "bounds.box.xy",
    rows: (ctx) => ctx.frame.boxes.flatMap((b) => xyRows(String(b.i), b.xy)),
    fields: xyFields,
  },
  {
    name: "bounds.point",
    rows: (ctx) => ctx.frame.points.map((p, i) => [String(i), p]),
    fields: [["x", T.num, (p) => p.x], ["y", T.num, (p) => p.y], ...hitFields],
  },
  {
    name: "bounds.segment",
    rows: (ctx) => ctx.frame.segments.map((s, i) => [String(i), s]),
    fields: [...["x1", "y1", "x2", "y2"].map((n) => [n, T.num, (s) => s[n]]), ...hitFields],
  },
];
