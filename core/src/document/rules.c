/* The rule ledger (rules.h): the rules of the core that have a rejected reading, and the hooks that
 * select a reading. A rule is an entry in the table below: its readings (the current one first), the
 * probe population that measures it, and an install function that sets the hook once. */
#include "rules.h"
#include "js/jsmath.h"
#include "js/runtime_math.h"
#include "instance/path.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------ */
/* math.trig */

pc_trig_table pc_trig = { js_sin, js_cos, js_atan2, js_sincos };

/* The rejected reading's sincos: its sin and its cos. */
static void table_sincos(double x, double *s, double *c)
{
    *s = pc_trig.sin(x);
    *c = pc_trig.cos(x);
}

/* The rejected reading installs the C library's functions themselves (glibc's sin, cos, atan2): the one
 * place outside jsmath.c that names them, never called unless `--rule math.trig=libm` is given. */
static void install_trig(int reading)
{
    if (reading == 1) {
        pc_trig.sin = sin;
        pc_trig.cos = cos;
        pc_trig.atan2 = atan2;
        pc_trig.sincos = table_sincos;
    } else {
        pc_trig.sin = js_sin;
        pc_trig.cos = js_cos;
        pc_trig.atan2 = js_atan2;
        pc_trig.sincos = js_sincos;
    }
}

static const pc_reading trig_readings[] = {
    { "v8-fdlibm", "V8's Math.sin/cos/atan2 (its fdlibm ports, core/src/jsmath.c)" },
    { "libm", "the C library's sin, cos and atan2 (glibc)" },
};

/* ------------------------------------------------------------------------------------------------ */
/* bone.deg-rad */

double pc_deg_rad = PC_DEG_RAD;
double pc_rad_deg = PC_RAD_DEG;

static void install_deg_rad(int reading)
{
    if (reading == 1) {
        pc_deg_rad = JS_MATH_DEG_RAD;
        pc_rad_deg = JS_MATH_RAD_DEG;
    } else {
        pc_deg_rad = PC_DEG_RAD;
        pc_rad_deg = PC_RAD_DEG;
    }
}

static const pc_reading deg_rad_readings[] = {
    { "spine-pi", "MathUtils.degRad and radDeg: PI / 180 and 180 / PI with the runtime's PI = 3.1415927" },
    { "math-pi", "Math.PI / 180 and 180 / Math.PI" },
};

/* ------------------------------------------------------------------------------------------------ */
/* path.*: the path constraint's readings (path.h; each installs one field of pc_path_reading) */

#define PATH_INSTALL(fn, field) \
    static void fn(int reading) { pc_path_reading.field = reading; }
PATH_INSTALL(install_path_curve_table, curve_table)
PATH_INSTALL(install_path_curve_parameter, curve_parameter)
PATH_INSTALL(install_path_curve_search, curve_search)
PATH_INSTALL(install_path_start_clamp, start_clamp)
PATH_INSTALL(install_path_stated_lengths, stated_lengths)
PATH_INSTALL(install_path_stated_total, stated_total)
PATH_INSTALL(install_path_stated_table, stated_parameter)
PATH_INSTALL(install_path_length_clamp, length_clamp)
PATH_INSTALL(install_path_proportional, proportional)
PATH_INSTALL(install_path_mix_rotate, mix_rotate)
PATH_INSTALL(install_path_tangent_start, tangent_start)
PATH_INSTALL(install_path_zero_space, zero_space)
PATH_INSTALL(install_path_chain_tip, chain_tip)
PATH_INSTALL(install_path_offset_sign, offset_sign)
PATH_INSTALL(install_path_wrap_pi, wrap_pi)
PATH_INSTALL(install_path_slot_bone, slot_bone)
PATH_INSTALL(install_path_slot_pose, slot_pose)

static const pc_reading path_curve_table_readings[] = {
    { "four-step", "each curve's length in four forward-difference steps (0.1875, 0.09375, 0.75)" },
    { "ten-step", "each curve's length in ten steps of 1/10 (the segments' steps)" },
};
static const pc_reading path_curve_parameter_readings[] = {
    { "ten-segment", "(segment + fraction of the segment) / 10 over the curve's ten segments" },
    { "curve-fraction", "the fraction of the curve's length as the cubic's parameter" },
    { "arc-length", "the parameter at that fraction of a 2,000-piece polyline of the curve" },
    { "polyline-point", "the point on the ten-segment polyline instead of the cubic" },
};
static const pc_reading path_curve_search_readings[] = {
    { "carried", "an open path searches on from the curve the previous space ended on" },
    { "restarted", "every space searches from the first curve" },
};
static const pc_reading path_start_clamp_readings[] = {
    { "extrapolate", "a negative parameter extrapolates the cubic backwards" },
    { "clamp", "a parameter below 0.00001 takes the curve's first knot" },
};
static const pc_reading path_stated_lengths_readings[] = {
    { "doubles", "the stated lengths as the doubles the document spells" },
    { "float32", "the stated lengths through float32" },
};
static const pc_reading path_stated_total_readings[] = {
    { "measured", "at constant speed the path's length is the measured table's last entry" },
    { "stated", "at constant speed the stated total in its place" },
};
static const pc_reading path_stated_table_readings[] = {
    { "stated", "off constant speed the stated lengths are the curve table" },
    { "geometry", "off constant speed the table measured off the geometry" },
};
static const pc_reading path_length_clamp_readings[] = {
    { "clamped", "length spacing: max(0, length + spacing)" },
    { "unclamped", "length spacing: length + spacing" },
};
static const pc_reading path_proportional_readings[] = {
    { "per-space", "proportional spaces times the path's length over the count of spaces" },
    { "whole", "proportional spaces times the whole length" },
};
static const pc_reading path_mix_rotate_readings[] = {
    { "positive", "the bones turn when mixRotate is above 0" },
    { "nonzero", "the bones turn when mixRotate is not 0" },
};
static const pc_reading path_tangent_start_readings[] = {
    { "below-0.001", "the first handle's direction below a parameter of 0.001, negative ones included" },
    { "floor-at-0", "the first handle's direction for parameters in [0, 0.001) only" },
};
static const pc_reading path_zero_space_readings[] = {
    { "exact", "chain modes turn to the next point's own direction when the next space is exactly 0" },
    { "epsilon", "... when the next space is below 0.00001 in size" },
};
static const pc_reading path_chain_tip_readings[] = {
    { "carried", "chain without offset: the next bone starts at this bone's tip" },
    { "none", "chain without offset: the next bone starts at its point" },
};
static const pc_reading path_offset_sign_readings[] = {
    { "determinant", "the offset negated when the slot bone's world determinant is not positive" },
    { "never", "the offset never negated" },
};
static const pc_reading path_wrap_pi_readings[] = {
    { "spine-pi", "the turn wrapped into [-pi, pi] with the runtime's pi 3.1415927" },
    { "math-pi", "the turn wrapped with Math.PI" },
};
static const pc_reading path_slot_bone_readings[] = {
    { "as-ordered", "the offset's sign from the slot bone's world as the update order leaves it" },
    { "fresh", "the offset's sign from the slot bone's world computed from this pose" },
};
static const pc_reading path_slot_pose_readings[] = {
    { "applied", "the path's attachment and deform from its slot's applied pose (a slider's copy)" },
    { "pose", "from the slot's pose, as the animations left it" },
};

/* path.vertex-numbers: read by the reader (it keeps the doubles only under the alternative) and by
 * vertices.c (which then reads them). */

bool pc_rule_vertex_doubles = false;

static void install_vertex_numbers(int reading) { pc_rule_vertex_doubles = reading == 1; }
static const pc_reading vertex_numbers_readings[] = {
    { "float32", "a vertex attachment's vertex numbers through float32 (the runtime's Float32Array)" },
    { "doubles", "the vertex numbers as the doubles the document spells" },
};

/* ------------------------------------------------------------------------------------------------ */
/* The constraint rules (issue 8). Each is a variable the constraint code reads; the comment at the
 * code that reads it says what the population measured. */

bool pc_rule_world_once = true;
bool pc_rule_local_readback = true;
double pc_rule_ik_bend_pi = JS_MATH_PI;
bool pc_rule_ik_volume_floor = true;
bool pc_rule_transform_source_per_bone = true;
bool pc_rule_slider_modify_keyed = true;
int pc_rule_physics_order = 0;
int pc_rule_slider_order = 0;
bool pc_rule_slider_own_slot = true;

static void install_world_once(int reading) { pc_rule_world_once = reading == 0; }
static const pc_reading world_once_readings[] = {
    { "stamped", "a bone's turn computes its world unless a constraint made it current this pass" },
    { "always", "every turn of a bone recomputes its world (reading a stale local back first)" },
};

static void install_local_readback(int reading) { pc_rule_local_readback = reading == 0; }
static const pc_reading local_readback_readings[] = {
    { "read-back", "a local made stale by a world write is read back from the world before it is used" },
    { "stale", "the local transform is used as it stands after a constraint wrote the world" },
};

static void install_ik_bend_pi(int reading) { pc_rule_ik_bend_pi = reading == 0 ? JS_MATH_PI : PC_PI; }
static const pc_reading ik_bend_pi_readings[] = {
    { "math-pi", "a fully folded child turns by Math.PI times the bend direction" },
    { "spine-pi", "by the runtime's PI (3.1415927) times the bend direction" },
};

static void install_ik_volume(int reading) { pc_rule_ik_volume_floor = reading == 0; }
static const pc_reading ik_volume_readings[] = {
    { "floored", "volume scaleY divides by 0.25 + 0.642857 s below s = 0.7, by s above" },
    { "divide", "volume scaleY divides by s everywhere" },
};

static void install_source_per_bone(int reading) { pc_rule_transform_source_per_bone = reading == 0; }
static const pc_reading source_per_bone_readings[] = {
    { "per-bone", "the source's values are read afresh for each constrained bone" },
    { "once", "the source's values are read once, before the first bone moves" },
};

static void install_modify_keyed(int reading) { pc_rule_slider_modify_keyed = reading == 0; }
static const pc_reading modify_keyed_readings[] = {
    { "modify", "a slider marks each bone its animation keys modified (local read back, worlds below reset)" },
    { "apply-only", "a slider applies its animation without marking the keyed bones" },
};

static void install_physics_order(int reading) { pc_rule_physics_order = reading; }
static const pc_reading physics_order_readings[] = {
    { "one-bone", "a physics constraint orders its bone as a one-bone constraint does" },
    { "nothing", "a physics constraint orders no bone (it moves nothing under Physics.none)" },
};

static void install_slider_order(int reading) { pc_rule_slider_order = reading; }
static const pc_reading slider_order_readings[] = {
    { "keyed-and-below", "a slider resets each bone its animation keys and what hangs below it" },
    { "nothing", "a slider resets no bone in the order" },
    { "below-only", "a slider resets only what hangs below the bones its animation keys" },
};

static void install_slider_own_slot(int reading) { pc_rule_slider_own_slot = reading == 0; }
static const pc_reading slider_own_slot_readings[] = {
    { "own-slot", "a slider's deform or sequence timeline makes only its own slot's applied pose a copy; "
                  "through a linked mesh's timeline slot it writes that slot's pose" },
    { "timeline-slots", "the timeline slots' applied poses are copies too; their poses stay untouched" },
};

/* ------------------------------------------------------------------------------------------------ */
/* The table */

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const pc_rule rules[] = {
    { "math.trig", "sin, cos and atan2 of the bone transforms", "bones", trig_readings, COUNT(trig_readings),
      install_trig },
    { "bone.deg-rad", "degrees to radians (rotations, shears) and back (atan2 in degrees)", "bones",
      deg_rad_readings, COUNT(deg_rad_readings), install_deg_rad },
    { "bone.world-once", "whether a bone's turn recomputes a world a constraint made current", "order",
      world_once_readings, COUNT(world_once_readings), install_world_once },
    { "bone.local-readback", "a stale local transform read back from the world before use", "transform",
      local_readback_readings, COUNT(local_readback_readings), install_local_readback },
    { "ik.bend-pi", "the turn of a fully folded two-bone child", "ik", ik_bend_pi_readings,
      COUNT(ik_bend_pi_readings), install_ik_bend_pi },
    { "ik.volume", "the volume scaleY mode's divisor", "ik", ik_volume_readings, COUNT(ik_volume_readings),
      install_ik_volume },
    { "transform.source-per-bone", "when the source's values are read", "transform", source_per_bone_readings,
      COUNT(source_per_bone_readings), install_source_per_bone },
    { "slider.modify-keyed", "the keyed bones marked modified before a slider applies", "slider",
      modify_keyed_readings, COUNT(modify_keyed_readings), install_modify_keyed },
    { "slider.own-slot", "which slots a slider's deform and sequence timelines write copies of", "slider",
      slider_own_slot_readings, COUNT(slider_own_slot_readings), install_slider_own_slot },
    { "order.physics", "how a physics constraint orders its bone", "order", physics_order_readings,
      COUNT(physics_order_readings), install_physics_order },
    { "order.slider", "what a slider resets in the update order", "order", slider_order_readings,
      COUNT(slider_order_readings), install_slider_order },
    { "path.curve-table", "the constant-speed table of the curves' lengths", "path-grid",
      path_curve_table_readings, COUNT(path_curve_table_readings), install_path_curve_table },
    { "path.curve-parameter", "the cubic's parameter at a length along a curve", "path-grid",
      path_curve_parameter_readings, COUNT(path_curve_parameter_readings), install_path_curve_parameter },
    { "path.curve-search", "where the search for a space's curve starts on an open path", "path",
      path_curve_search_readings, COUNT(path_curve_search_readings), install_path_curve_search },
    { "path.start-clamp", "a parameter below the curve's start", "path", path_start_clamp_readings,
      COUNT(path_start_clamp_readings), install_path_start_clamp },
    { "path.stated-lengths", "the stated lengths' numbers", "path-stated", path_stated_lengths_readings,
      COUNT(path_stated_lengths_readings), install_path_stated_lengths },
    { "path.constant-speed-total", "the path's length at constant speed", "path-stated",
      path_stated_total_readings, COUNT(path_stated_total_readings), install_path_stated_total },
    { "path.stated-table", "the curve table off constant speed", "path-stated", path_stated_table_readings,
      COUNT(path_stated_table_readings), install_path_stated_table },
    { "path.length-clamp", "length spacing's clamp at 0", "path", path_length_clamp_readings,
      COUNT(path_length_clamp_readings), install_path_length_clamp },
    { "path.proportional-total", "what proportional spaces are scaled by", "path", path_proportional_readings,
      COUNT(path_proportional_readings), install_path_proportional },
    { "path.mix-rotate", "which mixRotate turns the bones", "path", path_mix_rotate_readings,
      COUNT(path_mix_rotate_readings), install_path_mix_rotate },
    { "path.tangent-start", "the tangent near a curve's start", "path", path_tangent_start_readings,
      COUNT(path_tangent_start_readings), install_path_tangent_start },
    { "path.zero-space", "which next space turns a chain bone to the next point's direction", "path",
      path_zero_space_readings, COUNT(path_zero_space_readings), install_path_zero_space },
    { "path.chain-tip", "where the next chain bone starts without offset", "path", path_chain_tip_readings,
      COUNT(path_chain_tip_readings), install_path_chain_tip },
    { "path.offset-sign", "the offset rotation's sign", "path", path_offset_sign_readings,
      COUNT(path_offset_sign_readings), install_path_offset_sign },
    { "path.wrap-pi", "the pi the turn is wrapped with", "path", path_wrap_pi_readings,
      COUNT(path_wrap_pi_readings), install_path_wrap_pi },
    { "path.slot-bone", "which world of the slot bone the offset's sign reads", "path-order",
      path_slot_bone_readings, COUNT(path_slot_bone_readings), install_path_slot_bone },
    { "path.slot-pose", "which of its slot's poses a path reads its attachment and deform from", "slider",
      path_slot_pose_readings, COUNT(path_slot_pose_readings), install_path_slot_pose },
    { "path.vertex-numbers", "the numbers of a path's vertices as the pose reads them", "path",
      vertex_numbers_readings, COUNT(vertex_numbers_readings), install_vertex_numbers },
};

#define RULE_COUNT (sizeof rules / sizeof rules[0])

static int selected[RULE_COUNT];

size_t pc_rule_count(void) { return RULE_COUNT; }

const pc_rule *pc_rule_at(size_t i) { return i < RULE_COUNT ? &rules[i] : NULL; }

const pc_rule *pc_rule_find(const char *name)
{
    for (size_t i = 0; i < RULE_COUNT; i++)
        if (strcmp(rules[i].name, name) == 0) return &rules[i];
    return NULL;
}

int pc_rule_selected(const pc_rule *rule) { return selected[rule - rules]; }

/* Appends text to msg (from its current length), as far as it fits. */
static void append(char *msg, size_t size, const char *a, const char *b)
{
    if (size == 0) return;
    size_t n = strlen(msg);
    if (n + 1 < size) snprintf(msg + n, size - n, "%s%s", a, b);
}

int pc_rule_select(const char *spec, char *msg, size_t size)
{
    if (size) msg[0] = '\0';
    const char *eq = spec ? strchr(spec, '=') : NULL;
    if (!eq || eq == spec || eq[1] == '\0') {
        snprintf(msg, size, "--rule wants NAME=READING, got \"%s\"", spec ? spec : "");
        return -1;
    }
    size_t name_len = (size_t)(eq - spec);
    const pc_rule *rule = NULL;
    for (size_t i = 0; i < RULE_COUNT && !rule; i++)
        if (strlen(rules[i].name) == name_len && memcmp(rules[i].name, spec, name_len) == 0) rule = &rules[i];
    if (!rule) {
        snprintf(msg, size, "unknown rule \"%.*s\" (rules:", (int)name_len, spec);
        for (size_t i = 0; i < RULE_COUNT; i++) append(msg, size, i ? ", " : " ", rules[i].name);
        append(msg, size, ")", "");
        return -1;
    }
    const char *reading = eq + 1;
    for (int k = 0; k < rule->reading_count; k++)
        if (strcmp(rule->readings[k].name, reading) == 0) {
            selected[rule - rules] = k;
            rule->install(k);
            return 0;
        }
    snprintf(msg, size, "rule %s has no reading \"%s\" (readings:", rule->name, reading);
    for (int k = 0; k < rule->reading_count; k++) append(msg, size, k ? ", " : " ", rule->readings[k].name);
    append(msg, size, ")", "");
    return -1;
}

void pc_rules_reset(void)
{
    for (size_t i = 0; i < RULE_COUNT; i++) {
        selected[i] = 0;
        rules[i].install(0);
    }
}
