/* The rule ledger (rules.h): the rules of the core that have a rejected reading, and how a selection
 * sets the values the pose code reads. A rule is an entry of the table below (its readings, the current
 * one first, and the probe population that measures it) and a case of apply_reading. The table holds
 * only characters and numbers, so it is read-only data. */
#include "rules.h"
#include "js/jsmath.h"
#include "js/runtime_math.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const pc_rule rules[PC_RULE_COUNT] = {
    [PC_RULE_MATH_TRIG] = { "math.trig", "sin, cos and atan2 of the bone transforms",
      "bones", 2, {
        { "v8-fdlibm", "V8's Math.sin/cos/atan2 (its fdlibm ports, core/src/js/jsmath.c)" },
        { "libm", "the C library's sin, cos and atan2 (glibc)" },
    } },
    [PC_RULE_BONE_DEG_RAD] = { "bone.deg-rad", "degrees to radians (rotations, shears) and back (atan2 in degrees)",
      "bones", 2, {
        { "spine-pi", "MathUtils.degRad and radDeg: PI / 180 and 180 / PI with the runtime's PI = 3.1415927" },
        { "math-pi", "Math.PI / 180 and 180 / Math.PI" },
    } },
    [PC_RULE_BONE_WORLD_ONCE] = { "bone.world-once", "whether a bone's turn recomputes a world a constraint made current",
      "order", 2, {
        { "stamped", "a bone's turn computes its world unless a constraint made it current this pass" },
        { "always", "every turn of a bone recomputes its world (reading a stale local back first)" },
    } },
    [PC_RULE_BONE_LOCAL_READBACK] = { "bone.local-readback", "a stale local transform read back from the world before use",
      "transform", 2, {
        { "read-back", "a local made stale by a world write is read back from the world before it is used" },
        { "stale", "the local transform is used as it stands after a constraint wrote the world" },
    } },
    [PC_RULE_IK_BEND_PI] = { "ik.bend-pi", "the turn of a fully folded two-bone child",
      "ik", 2, {
        { "math-pi", "a fully folded child turns by Math.PI times the bend direction" },
        { "spine-pi", "by the runtime's PI (3.1415927) times the bend direction" },
    } },
    [PC_RULE_IK_VOLUME] = { "ik.volume", "the volume scaleY mode's divisor",
      "ik", 2, {
        { "floored", "volume scaleY divides by 0.25 + 0.642857 s below s = 0.7, by s above" },
        { "divide", "volume scaleY divides by s everywhere" },
    } },
    [PC_RULE_TRANSFORM_SOURCE_PER_BONE] = { "transform.source-per-bone", "when the source's values are read",
      "transform", 2, {
        { "per-bone", "the source's values are read afresh for each constrained bone" },
        { "once", "the source's values are read once, before the first bone moves" },
    } },
    [PC_RULE_SLIDER_MODIFY_KEYED] = { "slider.modify-keyed", "the keyed bones marked modified before a slider applies",
      "slider", 2, {
        { "modify", "a slider marks each bone its animation keys modified (local read back, worlds below reset)" },
        { "apply-only", "a slider applies its animation without marking the keyed bones" },
    } },
    [PC_RULE_SLIDER_OWN_SLOT] = { "slider.own-slot", "which slots a slider's deform and sequence timelines write copies of",
      "slider", 2, {
        { "own-slot", "a slider's deform or sequence timeline makes only its own slot's applied pose a copy; through a linked mesh's timeline slot it writes that slot's pose" },
        { "timeline-slots", "the timeline slots' applied poses are copies too; their poses stay untouched" },
    } },
    [PC_RULE_ORDER_PHYSICS] = { "order.physics", "how a physics constraint orders its bone",
      "order", 2, {
        { "one-bone", "a physics constraint orders its bone as a one-bone constraint does" },
        { "nothing", "a physics constraint orders no bone (it moves nothing under Physics.none)" },
    } },
    [PC_RULE_ORDER_SLIDER] = { "order.slider", "what a slider resets in the update order",
      "order", 3, {
        { "keyed-and-below", "a slider resets each bone its animation keys and what hangs below it" },
        { "nothing", "a slider resets no bone in the order" },
        { "below-only", "a slider resets only what hangs below the bones its animation keys" },
    } },
    [PC_RULE_PATH_CURVE_TABLE] = { "path.curve-table", "the constant-speed table of the curves' lengths",
      "path-grid", 2, {
        { "four-step", "each curve's length in four forward-difference steps (0.1875, 0.09375, 0.75)" },
        { "ten-step", "each curve's length in ten steps of 1/10 (the segments' steps)" },
    } },
    [PC_RULE_PATH_CURVE_PARAMETER] = { "path.curve-parameter", "the cubic's parameter at a length along a curve",
      "path-grid", 4, {
        { "ten-segment", "(segment + fraction of the segment) / 10 over the curve's ten segments" },
        { "curve-fraction", "the fraction of the curve's length as the cubic's parameter" },
        { "arc-length", "the parameter at that fraction of a 2,000-piece polyline of the curve" },
        { "polyline-point", "the point on the ten-segment polyline instead of the cubic" },
    } },
    [PC_RULE_PATH_CURVE_SEARCH] = { "path.curve-search", "where the search for a space's curve starts on an open path",
      "path", 2, {
        { "carried", "an open path searches on from the curve the previous space ended on" },
        { "restarted", "every space searches from the first curve" },
    } },
    [PC_RULE_PATH_START_CLAMP] = { "path.start-clamp", "a parameter below the curve's start",
      "path", 2, {
        { "extrapolate", "a negative parameter extrapolates the cubic backwards" },
        { "clamp", "a parameter below 0.00001 takes the curve's first knot" },
    } },
    [PC_RULE_PATH_STATED_LENGTHS] = { "path.stated-lengths", "the stated lengths' numbers",
      "path-stated", 2, {
        { "doubles", "the stated lengths as the doubles the document spells" },
        { "float32", "the stated lengths through float32" },
    } },
    [PC_RULE_PATH_CONSTANT_SPEED_TOTAL] = { "path.constant-speed-total", "the path's length at constant speed",
      "path-stated", 2, {
        { "measured", "at constant speed the path's length is the measured table's last entry" },
        { "stated", "at constant speed the stated total in its place" },
    } },
    [PC_RULE_PATH_STATED_TABLE] = { "path.stated-table", "the curve table off constant speed",
      "path-stated", 2, {
        { "stated", "off constant speed the stated lengths are the curve table" },
        { "geometry", "off constant speed the table measured off the geometry" },
    } },
    [PC_RULE_PATH_LENGTH_CLAMP] = { "path.length-clamp", "length spacing's clamp at 0",
      "path", 2, {
        { "clamped", "length spacing: max(0, length + spacing)" },
        { "unclamped", "length spacing: length + spacing" },
    } },
    [PC_RULE_PATH_PROPORTIONAL_TOTAL] = { "path.proportional-total", "what proportional spaces are scaled by",
      "path", 2, {
        { "per-space", "proportional spaces times the path's length over the count of spaces" },
        { "whole", "proportional spaces times the whole length" },
    } },
    [PC_RULE_PATH_MIX_ROTATE] = { "path.mix-rotate", "which mixRotate turns the bones",
      "path", 2, {
        { "positive", "the bones turn when mixRotate is above 0" },
        { "nonzero", "the bones turn when mixRotate is not 0" },
    } },
    [PC_RULE_PATH_TANGENT_START] = { "path.tangent-start", "the tangent near a curve's start",
      "path", 2, {
        { "below-0.001", "the first handle's direction below a parameter of 0.001, negative ones included" },
        { "floor-at-0", "the first handle's direction for parameters in [0, 0.001) only" },
    } },
    [PC_RULE_PATH_ZERO_SPACE] = { "path.zero-space", "which next space turns a chain bone to the next point's direction",
      "path", 2, {
        { "exact", "chain modes turn to the next point's own direction when the next space is exactly 0" },
        { "epsilon", "... when the next space is below 0.00001 in size" },
    } },
    [PC_RULE_PATH_CHAIN_TIP] = { "path.chain-tip", "where the next chain bone starts without offset",
      "path", 2, {
        { "carried", "chain without offset: the next bone starts at this bone's tip" },
        { "none", "chain without offset: the next bone starts at its point" },
    } },
    [PC_RULE_PATH_OFFSET_SIGN] = { "path.offset-sign", "the offset rotation's sign",
      "path", 2, {
        { "determinant", "the offset negated when the slot bone's world determinant is not positive" },
        { "never", "the offset never negated" },
    } },
    [PC_RULE_PATH_WRAP_PI] = { "path.wrap-pi", "the pi the turn is wrapped with",
      "path", 2, {
        { "spine-pi", "the turn wrapped into [-pi, pi] with the runtime's pi 3.1415927" },
        { "math-pi", "the turn wrapped with Math.PI" },
    } },
    [PC_RULE_PATH_SLOT_BONE] = { "path.slot-bone", "which world of the slot bone the offset's sign reads",
      "path-order", 2, {
        { "as-ordered", "the offset's sign from the slot bone's world as the update order leaves it" },
        { "fresh", "the offset's sign from the slot bone's world computed from this pose" },
    } },
    [PC_RULE_PATH_SLOT_POSE] = { "path.slot-pose", "which of its slot's poses a path reads its attachment and deform from",
      "slider", 2, {
        { "applied", "the path's attachment and deform from its slot's applied pose (a slider's copy)" },
        { "pose", "from the slot's pose, as the animations left it" },
    } },
    [PC_RULE_PATH_VERTEX_NUMBERS] = { "path.vertex-numbers", "the numbers of a path's vertices as the pose reads them",
      "path", 2, {
        { "float32", "a vertex attachment's vertex numbers through float32 (the runtime's Float32Array)" },
        { "doubles", "the vertex numbers as the doubles the document spells" },
    } },
    [PC_RULE_RENDER_EMPTY_PART] = { "render.empty-part", "the colors of a render part its clipping left without vertices",
      "clipping", 2, {
        { "no-color", "a part without vertices has no first color: it batches only with parts without vertices" },
        { "slot-color", "a part without vertices keeps its slot's packed colors and batches by them" },
    } },
    [PC_RULE_RENDER_CLIP_INPUT] = { "render.clip-input", "the world vertices the render's clipper reads",
      "clipping", 2, {
        { "float32", "the clipper reads the renderer's Float32Array copy of the world vertices" },
        { "doubles", "the clipper reads the doubles computeWorldVertices gives" },
    } },
    [PC_RULE_BOUNDS_CLIPPED_WHEN_CUT] = { "bounds.clipped-when-cut", "when getBounds counts the clipper's output",
      "clipping", 2, {
        { "when-cut", "getBounds counts the clipped vertices when a triangle was cut (always for an inverse clip)" },
        { "always", "getBounds counts the clipped vertices whenever a clip is active" },
    } },
    [PC_RULE_BOUNDS_POLYGON_FLOAT32] = { "bounds.polygon-float32", "the numbers of SkeletonBounds' polygons",
      "meshes", 2, {
        { "float32", "a bounding box's world vertices through float32 (its Float32Array polygon)" },
        { "doubles", "the doubles computeWorldVertices gives" },
    } },
    [PC_RULE_PHYSICS_POW] = { "physics.pow", "the damping's damping ** (60 * step) per step",
      "physics", 2, {
        { "v8-fdlibm", "V8's Math.pow / ** (its fdlibm port, js_pow in core/src/js/jsmath.c)" },
        { "libm", "the C library's pow (glibc, correctly rounded)" },
    } },
    [PC_RULE_PHYSICS_DELTA] = { "physics.delta", "the time a physics update steps",
      "physics", 2, {
        { "time-since-last", "Math.max(skeleton.time - lastTime, 0): the time since the constraint's last update" },
        { "dt", "the delta of the last Skeleton.update (the frame's dt)" },
    } },
    [PC_RULE_PHYSICS_SUBSTEP_ORDER] = { "physics.substep-order", "the order of operations inside a physics step",
      "physics", 3, {
        { "runtime", "velocity += force, offset += velocity * step, velocity *= damping; scale on the previous step's angle" },
        { "damp-first", "the velocity damped before the offset moves by it" },
        { "fresh-angle", "the scale step reads the angle this step's rotation just gave" },
    } },
    [PC_RULE_STATE_ROTATION] = { "state.rotation", "how a crossfaded rotation is mixed",
      "mixing", 2, {
        { "accumulator", "the rotation accumulator: the first frame's shortest direction kept across 180 degrees" },
        { "plain-mix", "crossfaded rotations mixed by alpha as any timeline is" },
    } },
    [PC_RULE_STATE_THRESHOLDS] = { "state.thresholds", "the comparisons of the attachment, draw order and event thresholds",
      "mixing", 2, {
        { "strict", "mixing out below a threshold (mix < it); attachments kept from alpha >= alphaAttachmentThreshold" },
        { "inclusive", "mixing out at or below a threshold (mix <= it); attachments kept from alpha > it" },
    } },
    [PC_RULE_STATE_HOLD] = { "state.hold", "the alpha a held timeline mixes out by",
      "mixing", 2, {
        { "hold", "a timeline the next entry keys too mixes out by alphaHold (faded by the hold mix)" },
        { "mix-out", "every timeline mixes out by alphaMix" },
    } },
    [PC_RULE_STATE_TIME_MOD] = { "state.time-mod", "the animation time of a looped entry",
      "mixing", 2, {
        { "fmod", "trackTime % duration + animationStart (JavaScript's %, the C remainder)" },
        { "floored", "trackTime - duration * floor(trackTime / duration) + animationStart" },
    } },
};

size_t pc_rule_count(void) { return PC_RULE_COUNT; }

const pc_rule *pc_rule_at(size_t i) { return i < PC_RULE_COUNT ? &rules[i] : NULL; }

const pc_rule *pc_rule_find(const char *name)
{
    for (size_t i = 0; i < PC_RULE_COUNT; i++)
        if (strcmp(rules[i].name, name) == 0) return &rules[i];
    return NULL;
}

/* Sets the values rule `rule`'s reading k stands for. */
static void apply_reading(pc_readings *r, int rule, int k)
{
    pc_path_readings *p = &r->path;
    switch ((enum pc_rule_id)rule) {
    case PC_RULE_MATH_TRIG:
        /* The rejected reading is the C library's functions themselves (glibc's sin, cos, atan2). */
        r->trig_libm = k == 1;
        break;
    case PC_RULE_BONE_DEG_RAD:
        r->deg_rad = k == 1 ? JS_MATH_DEG_RAD : PC_DEG_RAD;
        r->rad_deg = k == 1 ? JS_MATH_RAD_DEG : PC_RAD_DEG;
        break;
    case PC_RULE_BONE_WORLD_ONCE: r->world_once = k == 0; break;
    case PC_RULE_BONE_LOCAL_READBACK: r->local_readback = k == 0; break;
    case PC_RULE_IK_BEND_PI: r->ik_bend_pi = k == 0 ? JS_MATH_PI : PC_PI; break;
    case PC_RULE_IK_VOLUME: r->ik_volume_floor = k == 0; break;
    case PC_RULE_TRANSFORM_SOURCE_PER_BONE: r->transform_source_per_bone = k == 0; break;
    case PC_RULE_SLIDER_MODIFY_KEYED: r->slider_modify_keyed = k == 0; break;
    case PC_RULE_SLIDER_OWN_SLOT: r->slider_own_slot = k == 0; break;
    case PC_RULE_ORDER_PHYSICS: r->physics_order = k; break;
    case PC_RULE_ORDER_SLIDER: r->slider_order = k; break;
    case PC_RULE_PATH_CURVE_TABLE: p->curve_table = k; break;
    case PC_RULE_PATH_CURVE_PARAMETER: p->curve_parameter = k; break;
    case PC_RULE_PATH_CURVE_SEARCH: p->curve_search = k; break;
    case PC_RULE_PATH_START_CLAMP: p->start_clamp = k; break;
    case PC_RULE_PATH_STATED_LENGTHS: p->stated_lengths = k; break;
    case PC_RULE_PATH_CONSTANT_SPEED_TOTAL: p->stated_total = k; break;
    case PC_RULE_PATH_STATED_TABLE: p->stated_parameter = k; break;
    case PC_RULE_PATH_LENGTH_CLAMP: p->length_clamp = k; break;
    case PC_RULE_PATH_PROPORTIONAL_TOTAL: p->proportional = k; break;
    case PC_RULE_PATH_MIX_ROTATE: p->mix_rotate = k; break;
    case PC_RULE_PATH_TANGENT_START: p->tangent_start = k; break;
    case PC_RULE_PATH_ZERO_SPACE: p->zero_space = k; break;
    case PC_RULE_PATH_CHAIN_TIP: p->chain_tip = k; break;
    case PC_RULE_PATH_OFFSET_SIGN: p->offset_sign = k; break;
    case PC_RULE_PATH_WRAP_PI: p->wrap_pi = k; break;
    case PC_RULE_PATH_SLOT_BONE: p->slot_bone = k; break;
    case PC_RULE_PATH_SLOT_POSE: p->slot_pose = k; break;
    /* Read by the reader (it keeps the doubles only under the alternative) and by vertices.c. */
    case PC_RULE_PATH_VERTEX_NUMBERS: r->vertex_doubles = k == 1; break;
    /* Read by the render layer (render_commands.c, bounds.c). */
    case PC_RULE_RENDER_EMPTY_PART: r->render_empty_colored = k == 1; break;
    case PC_RULE_RENDER_CLIP_INPUT: r->render_clip_doubles = k == 1; break;
    case PC_RULE_BOUNDS_CLIPPED_WHEN_CUT: r->bounds_clip_always = k == 1; break;
    case PC_RULE_BOUNDS_POLYGON_FLOAT32: r->hit_doubles = k == 1; break;
    case PC_RULE_PHYSICS_POW: r->physics_pow_libm = k == 1; break;
    case PC_RULE_PHYSICS_DELTA: r->physics_delta_dt = k == 1; break;
    case PC_RULE_PHYSICS_SUBSTEP_ORDER: r->physics_substep_order = k; break;
    case PC_RULE_STATE_ROTATION: r->state.rotation = k; break;
    case PC_RULE_STATE_THRESHOLDS: r->state.thresholds = k; break;
    case PC_RULE_STATE_HOLD: r->state.hold = k; break;
    case PC_RULE_STATE_TIME_MOD: r->state.time_mod = k; break;
    case PC_RULE_COUNT: break;
    }
    r->selected[rule] = (unsigned char)k;
}

void pc_readings_init(pc_readings *r)
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < PC_RULE_COUNT; i++) apply_reading(r, i, 0);
}

pc_readings *pc_readings_new(void)
{
    pc_readings *r = malloc(sizeof *r);
    if (r) pc_readings_init(r);
    return r;
}

void pc_readings_free(pc_readings *r) { free(r); }

int pc_readings_selected(const pc_readings *r, size_t rule) { return rule < PC_RULE_COUNT ? r->selected[rule] : -1; }

/* Appends text to msg (from its current length), as far as it fits. */
static void append(char *msg, size_t size, const char *a, const char *b)
{
    if (size == 0) return;
    size_t n = strlen(msg);
    if (n + 1 < size) snprintf(msg + n, size - n, "%s%s", a, b);
}

int pc_readings_select(pc_readings *r, const char *spec, char *msg, size_t size)
{
    if (size) msg[0] = '\0';
    const char *eq = spec ? strchr(spec, '=') : NULL;
    if (!eq || eq == spec || eq[1] == '\0') {
        snprintf(msg, size, "--rule wants NAME=READING, got \"%s\"", spec ? spec : "");
        return -1;
    }
    size_t name_len = (size_t)(eq - spec);
    int rule = -1;
    for (int i = 0; i < PC_RULE_COUNT && rule < 0; i++)
        if (strlen(rules[i].name) == name_len && memcmp(rules[i].name, spec, name_len) == 0) rule = i;
    if (rule < 0) {
        snprintf(msg, size, "unknown rule \"%.*s\" (rules:", (int)name_len, spec);
        for (size_t i = 0; i < PC_RULE_COUNT; i++) append(msg, size, i ? ", " : " ", rules[i].name);
        append(msg, size, ")", "");
        return -1;
    }
    const pc_rule *ru = &rules[rule];
    const char *reading = eq + 1;
    for (int k = 0; k < ru->reading_count; k++)
        if (strcmp(ru->readings[k].name, reading) == 0) {
            apply_reading(r, rule, k);
            return 0;
        }
    snprintf(msg, size, "rule %s has no reading \"%s\" (readings:", ru->name, reading);
    for (int k = 0; k < ru->reading_count; k++) append(msg, size, k ? ", " : " ", ru->readings[k].name);
    append(msg, size, ")", "");
    return -1;
}
