/* The rule ledger: every rule of the core that has a rejected reading, registered by name with its
 * readings (the current one first, then the named alternatives) and the probe population that tells
 * them apart (probes/README.md). A reading is selected at run time (`posecore dump --rule
 * NAME=READING`); selecting one installs it once (a variable or a function pointer the pose code reads),
 * so nothing is looked up while posing.
 *
 * `posecore rules` lists them; `make rules` measures every reading on its population into RULES.md. */
#ifndef POSECORE_RULES_H
#define POSECORE_RULES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pc_reading {
    const char *name; /* "v8-fdlibm" */
    const char *what; /* one line: what this reading does */
} pc_reading;

typedef struct pc_rule {
    const char *name;           /* "math.trig" */
    const char *what;           /* one line: what the rule decides */
    const char *population;     /* the probe family that measures it (probegen FAMILY) */
    const pc_reading *readings; /* readings[0] is the current reading, the rest alternatives */
    int reading_count;
    void (*install)(int reading);
} pc_rule;

size_t pc_rule_count(void);
const pc_rule *pc_rule_at(size_t i);
const pc_rule *pc_rule_find(const char *name);

/* The index of the reading a rule has selected (0: the current reading). */
int pc_rule_selected(const pc_rule *rule);

/* Selects a reading by "NAME=READING". Returns 0, or -1 with a one-line message in msg (an unknown rule,
 * an unknown reading of a known rule, or a malformed spec), naming what is known. */
int pc_rule_select(const char *spec, char *msg, size_t size);

/* Every rule back to its current reading. */
void pc_rules_reset(void);

/* The hooks the pose code reads. */

/* math.trig: Math.sin, Math.cos and Math.atan2 as the pose code calls them; sincos gives sin and cos of
 * one argument at once (the same bits as sin and cos). */
typedef struct pc_trig_table {
    double (*sin)(double);
    double (*cos)(double);
    double (*atan2)(double, double);
    void (*sincos)(double, double *, double *);
} pc_trig_table;
extern pc_trig_table pc_trig;

/* The constraint rules (issue 8; measured by the populations ik, transform, slider and order). */

/* bone.world-once: a bone's turn in the update order computes its world only if no constraint made it
 * current this pass (false: every turn recomputes it). */
extern bool pc_rule_world_once;

/* bone.local-readback: a local transform a constraint's world write made stale is read back from the
 * world before it is used or changed locally (false: the stale local is used as it stands). */
extern bool pc_rule_local_readback;

/* ik.bend-pi: the angle a fully folded two-bone child turns by (Math.PI; the runtime's PI 3.1415927). */
extern double pc_rule_ik_bend_pi;

/* ik.volume: the volume scaleY mode below a factor of 0.7 (true: divides by 0.25 + 0.642857 s; false:
 * divides by s everywhere). */
extern bool pc_rule_ik_volume_floor;

/* transform.source-per-bone: the source's values are read afresh for each constrained bone (false: once,
 * for the first). */
extern bool pc_rule_transform_source_per_bone;

/* slider.modify-keyed: a slider marks the bones its animation keys modified before applying it (false:
 * it applies without marking them). */
extern bool pc_rule_slider_modify_keyed;

/* slider.own-slot: the update order makes only the own slot of a slider's deform or sequence timeline
 * a constrained copy, so through a linked mesh's timeline slot the slider writes that slot's pose (false:
 * the timeline slots are made copies too). */
extern bool pc_rule_slider_own_slot;

/* order.physics: how a physics constraint orders its bone (0: as a one-bone constraint does; 1: it
 * orders nothing). */
extern int pc_rule_physics_order;

/* order.slider: what a slider resets in the order (0: each bone its animation keys and what hangs below
 * it; 1: nothing; 2: only what hangs below them). */
extern int pc_rule_slider_order;

/* path.vertex-numbers: the vertex numbers of a vertex attachment as the pose reads them (false: the
 * float32 values the runtime's Float32Array holds; true: the doubles the document spells, which the
 * reader then keeps beside them, pc_attachment.vertex_doubles). Read when a document is loaded. */
extern bool pc_rule_vertex_doubles;

#endif
