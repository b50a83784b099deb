/* The rule ledger: every rule of the core that has a rejected reading, by name, with its readings (the
 * current one first, then the named alternatives) and the probe population that tells them apart
 * (probes/README.md, RULES.md), and the readings a document is read and posed under.
 *
 * Nothing here is global: a caller fills a pc_readings (pc_readings_init, then pc_readings_select for
 * each `--rule NAME=READING`) and hands it to the reader (pc_read_text), which keeps a copy in the
 * document; every instance of the document copies it (pc_skeleton_new) and the pose code reads its
 * fields, so two documents read under different readings pose side by side, in two threads if need be.
 *
 * `posecore rules` lists the ledger; `make rules` measures every reading on its population. */
#ifndef POSECORE_RULES_H
#define POSECORE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "js/jsmath.h"

/* The rules, in the ledger's order. */
enum pc_rule_id {
    PC_RULE_MATH_TRIG,
    PC_RULE_BONE_DEG_RAD,
    PC_RULE_BONE_WORLD_ONCE,
    PC_RULE_BONE_LOCAL_READBACK,
    PC_RULE_IK_BEND_PI,
    PC_RULE_IK_VOLUME,
    PC_RULE_TRANSFORM_SOURCE_PER_BONE,
    PC_RULE_SLIDER_MODIFY_KEYED,
    PC_RULE_SLIDER_OWN_SLOT,
    PC_RULE_ORDER_PHYSICS,
    PC_RULE_ORDER_SLIDER,
    PC_RULE_PATH_CURVE_TABLE,
    PC_RULE_PATH_CURVE_PARAMETER,
    PC_RULE_PATH_CURVE_SEARCH,
    PC_RULE_PATH_START_CLAMP,
    PC_RULE_PATH_STATED_LENGTHS,
    PC_RULE_PATH_CONSTANT_SPEED_TOTAL,
    PC_RULE_PATH_STATED_TABLE,
    PC_RULE_PATH_LENGTH_CLAMP,
    PC_RULE_PATH_PROPORTIONAL_TOTAL,
    PC_RULE_PATH_MIX_ROTATE,
    PC_RULE_PATH_TANGENT_START,
    PC_RULE_PATH_ZERO_SPACE,
    PC_RULE_PATH_CHAIN_TIP,
    PC_RULE_PATH_OFFSET_SIGN,
    PC_RULE_PATH_WRAP_PI,
    PC_RULE_PATH_SLOT_BONE,
    PC_RULE_PATH_SLOT_POSE,
    PC_RULE_PATH_VERTEX_NUMBERS,
    PC_RULE_RENDER_EMPTY_PART,
    PC_RULE_RENDER_CLIP_INPUT,
    PC_RULE_BOUNDS_CLIPPED_WHEN_CUT,
    PC_RULE_BOUNDS_POLYGON_FLOAT32,
    PC_RULE_PHYSICS_POW,
    PC_RULE_PHYSICS_DELTA,
    PC_RULE_PHYSICS_SUBSTEP_ORDER,
    PC_RULE_STATE_ROTATION,
    PC_RULE_STATE_THRESHOLDS,
    PC_RULE_STATE_HOLD,
    PC_RULE_STATE_TIME_MOD,
    PC_RULE_COUNT
};

enum { PC_READINGS_MAX = 4 };

typedef struct pc_reading {
    char name[24];  /* "v8-fdlibm" */
    char what[160]; /* one line: what this reading does */
} pc_reading;

typedef struct pc_rule {
    char name[32];       /* "math.trig" */
    char what[96];       /* one line: what the rule decides */
    char population[16]; /* the probe family that measures it (probegen FAMILY) */
    int reading_count;
    pc_reading readings[PC_READINGS_MAX]; /* readings[0] is the current reading, the rest alternatives */
} pc_rule;

size_t pc_rule_count(void);
const pc_rule *pc_rule_at(size_t i);          /* NULL out of range */
const pc_rule *pc_rule_find(const char *name); /* NULL for no such rule */

/* The path constraint's readings (0 is the current reading of each). */
typedef struct pc_path_readings {
    int curve_table;        /* path.curve-table: 0 four-step, 1 ten-step */
    int curve_search;       /* path.curve-search: 0 carried (open paths), 1 restarted at every space */
    int curve_parameter;    /* path.curve-parameter: 0 ten-segment, 1 curve-fraction, 2 arc-length,
                               3 polyline-point */
    int start_clamp;        /* path.start-clamp: 0 extrapolate, 1 clamp below 0.00001 */
    int stated_lengths;     /* path.stated-lengths: 0 doubles, 1 float32 */
    int stated_total;       /* path.constant-speed-total: 0 measured, 1 stated */
    int stated_parameter;   /* path.stated-table: 0 stated, 1 geometry */
    int length_clamp;       /* path.length-clamp: 0 clamp at 0, 1 none */
    int proportional;       /* path.proportional-total: 0 per-space, 1 whole */
    int mix_rotate;         /* path.mix-rotate: 0 positive, 1 nonzero */
    int tangent_start;      /* path.tangent-start: 0 below-0.001, 1 floor (0 <= p < 0.001) */
    int zero_space;         /* path.zero-space: 0 exact, 1 epsilon */
    int chain_tip;          /* path.chain-tip: 0 carried, 1 none */
    int offset_sign;        /* path.offset-sign: 0 determinant, 1 never */
    int wrap_pi;            /* path.wrap-pi: 0 spine-pi, 1 math-pi */
    int slot_bone;          /* path.slot-bone: 0 as-ordered, 1 fresh */
    int slot_pose;          /* path.slot-pose: 0 applied, 1 pose */
} pc_path_readings;

/* The readings selected, and the values the pose code reads for them (set by pc_readings_select, so
 * nothing is looked up while posing). */
typedef struct pc_readings {
    unsigned char selected[PC_RULE_COUNT]; /* each rule's reading (0: the current one) */
    bool trig_libm;               /* math.trig: the C library's functions (pc_sin, ... below) */
    double deg_rad, rad_deg;      /* bone.deg-rad: degrees to radians and back */
    /* bone.world-once: a bone's turn in the update order computes its world only if no constraint made
     * it current this pass (false: every turn recomputes it). */
    bool world_once;
    /* bone.local-readback: a local transform a constraint's world write made stale is read back from
     * the world before it is used or changed locally (false: the stale local is used as it stands). */
    bool local_readback;
    /* ik.bend-pi: the angle a fully folded two-bone child turns by (Math.PI; the runtime's PI). */
    double ik_bend_pi;
    /* ik.volume: the volume scaleY mode below a factor of 0.7 (true: divides by 0.25 + 0.642857 s;
     * false: divides by s everywhere). */
    bool ik_volume_floor;
    /* transform.source-per-bone: the source's values are read afresh for each constrained bone (false:
     * once, for the first). */
    bool transform_source_per_bone;
    /* slider.modify-keyed: a slider marks the bones its animation keys modified before applying it
     * (false: it applies without marking them). */
    bool slider_modify_keyed;
    /* slider.own-slot: the update order makes only the own slot of a slider's deform or sequence
     * timeline a constrained copy, so through a linked mesh's timeline slot the slider writes that
     * slot's pose (false: the timeline slots are made copies too). */
    bool slider_own_slot;
    /* order.physics: how a physics constraint orders its bone (0: as a one-bone constraint does; 1: it
     * orders nothing). */
    int physics_order;
    /* order.slider: what a slider resets in the order (0: each bone its animation keys and what hangs
     * below it; 1: nothing; 2: only what hangs below them). */
    int slider_order;
    pc_path_readings path;        /* path.* */
    /* path.vertex-numbers: the vertex numbers of a vertex attachment as the pose reads them (false: the
     * float32 values the runtime's Float32Array holds; true: the doubles the document spells, which the
     * reader then keeps beside them, pc_attachment.vertex_doubles). */
    bool vertex_doubles;
    /* What is drawn (issue 18; core/src/render): render.empty-part: a render part without vertices has
     * its slot's colors (false: none, as the runtime's empty Uint32Array gives undefined);
     * render.clip-input: the clipper reads computeWorldVertices' doubles (false: the renderer's float32
     * copy); bounds.clipped-when-cut: getBounds counts the clipper's output whenever it clips (false: only
     * when a triangle was cut); bounds.polygon-float32: SkeletonBounds keeps doubles (false: float32). */
    bool render_empty_colored, render_clip_doubles, bounds_clip_always, hit_doubles;
    /* physics.pow: the damping's damping ** (60 * step) through the C library's pow (false: V8's). */
    bool physics_pow_libm;
    /* physics.delta: an update's time from the last Skeleton.update delta (false: the skeleton's time
     * since the constraint's last update). */
    bool physics_delta_dt;
    /* physics.substep-order: the order inside a step (0: velocity, offset, damping, the scale step on
     * the previous step's angle; 1: the velocity damped before the offset moves; 2: the scale step on
     * the angle this step's rotation gives). */
    int physics_substep_order;
    /* state.*: AnimationState (core/src/play/state_apply.c, track_entry.c), 0 the current reading:
     * rotation (0 the rotation accumulator for crossfaded rotations, 1 the plain mix), thresholds (0
     * `mix < threshold` and `alpha >= alphaAttachmentThreshold`, 1 `<=` and `>`), hold (0 held timelines
     * mix out by alphaHold, 1 by alphaMix as the others), time_mod (0 the animation time by JavaScript's
     * %, 1 by a floored modulo t - d * floor(t / d)). */
    struct { int rotation, thresholds, hold, time_mod; } state;
} pc_readings;

/* math.trig: Math.sin, Math.cos, Math.atan2 as the pose code calls them, and sin and cos of one argument
 * at once (the same bits as the two). Direct calls with a branch on the reading, not pointers: the
 * optimiser then calls (and inlines) V8's functions directly; measured under callgrind, the pointers
 * cost vine-pro 4 % more instructions a pose. */
static inline double pc_sin(const pc_readings *r, double x) { return r->trig_libm ? js_libm_sin(x) : js_sin(x); }
static inline double pc_cos(const pc_readings *r, double x) { return r->trig_libm ? js_libm_cos(x) : js_cos(x); }
static inline double pc_atan2(const pc_readings *r, double y, double x)
{
    return r->trig_libm ? js_libm_atan2(y, x) : js_atan2(y, x);
}
static inline void pc_sincos(const pc_readings *r, double x, double *sin_out, double *cos_out)
{
    if (r->trig_libm) js_libm_sincos(x, sin_out, cos_out);
    else js_sincos(x, sin_out, cos_out);
}

/* Every rule at its current reading (pc_readings_new, posecore.h, allocates one so initialised). */
void pc_readings_init(pc_readings *r);
pc_readings *pc_readings_new(void);
void pc_readings_free(pc_readings *r);

/* Selects a reading by "NAME=READING". Returns 0, or -1 with a one-line message in msg (an unknown
 * rule, an unknown reading of a known rule, or a malformed spec), naming what is known. */
int pc_readings_select(pc_readings *r, const char *spec, char *msg, size_t size);

/* The index of the reading rule `rule` (an index of the ledger) has selected in r. */
int pc_readings_selected(const pc_readings *r, size_t rule);

#endif
