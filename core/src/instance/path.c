/* The path constraint's turn in the update order (path.h): the spaces between its bones, their
 * positions along the path (path_walk.c), and the bones moved in world space.
 *
 * The constraint does nothing when its slot shows no path attachment or all three mixes are 0. Each
 * next space, for the bone before it, with L its length and W the length of L times its world x column:
 * - `length`: max(0, L + spacing) * W / L (path: without the clamp at 0 the seed missed 16 of 2,000);
 * - `fixed` (and a spacing mode the runtime does not know): spacing * W / L;
 * - a bone whose L is below 0.00001, in either: the spacing as stated;
 * - `percent`: the spacing, every space later multiplied by the path's length;
 * - `proportional`: W (the spacing for a bone below 0.00001), all then scaled by count * spacing /
 *   their sum when the sum is above 0, and later by the path's length over the count of spaces (path:
 *   by the whole length missed 260 of 2,000 in the seed).
 * Each bone in turn (its world written directly: pc_bone_modify_world first): its origin moves toward
 * its point by mixX and mixY; under chainScale a bone whose W is not 0 has its x column scaled by
 * (distance to the next point / W - 1) * mixRotate + 1; then, when mixRotate is above 0 (path: "not 0"
 * missed 58 of 2,000 in the seed), it turns by mixRotate times the change from its x axis's angle to
 * - tangent: the curve's direction at its point;
 * - chain, chainScale: the direction to the next point, but the next point's own direction when the
 *   next space is exactly 0 (path: an epsilon test missed 157 of 2,000 in the seed);
 * - chain without offset: the next bone starts at this bone's tip, its length along its turned axis
 *   (path: not carrying the tip missed 191 of 2,000 in the seed);
 * - otherwise plus the offset rotation, negated when the slot bone's world matrix has no positive
 *   determinant (path: never negated missed 241 of 2,000 in the seed), that world read as the update
 *   order leaves it: a weighted path does not order its slot bone, which may hold the previous pose's
 *   world, zeros on a new instance (path-order: the world fresh from this pose missed 9 of 783 in the
 *   seed);
 * the change brought once into [-pi, pi] with the runtime's pi 3.1415927 (path: Math.PI missed 881 of
 * 2,000 in the seed). */
#include "path.h"
#include "bone_local.h"
#include "bone.h"
#include "js/jsmath.h"
#include "document/rules.h"
#include "js/runtime_math.h"

#include <stdlib.h>
#include <string.h>


static void free_buffers(pc_path_buffers *b)
{
    free(b->spaces);
    free(b->positions);
    free(b->lengths);
    free(b->world ? b->world - 2 : NULL);
    free(b->curves);
    free(b->alt_world);
    free(b->alt_curves);
}

void pc_path_state_free(pc_path_state *state, const pc_skeleton_data *data)
{
    if (!state) return;
    for (int i = 0; state->constraints && i < data->constraint_count; i++) free_buffers(&state->constraints[i]);
    free(state->constraints);
    free(state->saved);
    free(state->chain);
    free(state);
}

pc_path_state *pc_path_state_new(const pc_skeleton_data *data)
{
    pc_path_state *state = calloc(1, sizeof *state);
    if (!state) return NULL;
    /* The largest path of the document bounds the world points and the curve table. */
    int world_cap = 8, curves_cap = 1;
    for (int i = 0; i < data->attachment_count; i++) {
        const pc_attachment *a = data->attachments[i];
        if (a->kind != PC_ATTACHMENT_PATH || !(a->world_vertices_length > 0)) continue;
        int wvl = (int)a->world_vertices_length;
        if (wvl + 2 > world_cap) world_cap = wvl + 2;
        if (wvl / 6 + 1 > curves_cap) curves_cap = wvl / 6 + 1;
    }
    size_t n = (size_t)(data->constraint_count ? data->constraint_count : 1);
    size_t bones = (size_t)(data->bone_count ? data->bone_count : 1);
    state->constraints = calloc(n, sizeof *state->constraints);
    state->saved = calloc(bones, sizeof *state->saved);
    state->chain = calloc(bones, sizeof *state->chain);
    bool ok = state->constraints && state->saved && state->chain;
    for (int i = 0; ok && i < data->constraint_count; i++) {
        const pc_constraint_data *c = &data->constraints[i];
        if (c->kind != PC_PATH) continue;
        pc_path_buffers *b = &state->constraints[i];
        b->spaces_count = c->u.path.rotate_mode == PC_ROTATE_TANGENT ? c->bone_count : c->bone_count + 1;
        size_t spaces = (size_t)b->spaces_count + 1;
        b->spaces = calloc(spaces, sizeof *b->spaces);
        b->positions = calloc(spaces * 3 + 2, sizeof *b->positions);
        b->lengths = calloc(spaces, sizeof *b->lengths);
        double *world = calloc((size_t)world_cap + 2, sizeof *world);
        b->world = world ? world + 2 : NULL;
        b->world_cap = world_cap;
        b->curves = calloc((size_t)curves_cap, sizeof *b->curves);
        b->curves_cap = curves_cap;
        b->alt_world = calloc((size_t)world_cap + 2, sizeof *b->alt_world);
        b->alt_curves = calloc((size_t)curves_cap, sizeof *b->alt_curves);
        ok = b->spaces && b->positions && b->lengths && b->world && b->curves && b->alt_world && b->alt_curves;
    }
    if (!ok) {
        pc_path_state_free(state, data);
        return NULL;
    }
    return state;
}

/* Math.max(0, v): NaN stays NaN, -0 gives 0. */
static double max0(double v)
{
    return isnan(v) ? v : v > 0 ? v : 0;
}

/* The length of a bone's setup length along its constrained world x axis. */
static inline double world_length(const pc_skeleton *sk, int bone, double setup_length)
{
    const pc_bone_pose *p = &sk->bones[bone].constrained;
    double x = setup_length * p->a, y = setup_length * p->c;
    return sqrt(x * x + y * y);
}

/* The spaces between the bones (spacingMode), and each bone's world length under chainScale. */
static void spaces_of(pc_skeleton *sk, const pc_constraint_data *c, double spacing, bool scale, pc_path_buffers *b)
{
    const pc_readings *rules = &sk->readings;
    const pc_skeleton_data *d = sk->data;
    int n = b->spaces_count;
    double *spaces = b->spaces, *lengths = b->lengths;
    switch (c->u.path.spacing_mode) {
    case PC_SPACING_PERCENT:
        if (scale)
            for (int i = 0; i < n - 1; i++) {
                lengths[i] = world_length(sk, c->bones[i], d->bones[c->bones[i]].length);
            }
        for (int i = 1; i < n; i++) spaces[i] = spacing;
        break;
    case PC_SPACING_PROPORTIONAL: {
        double sum = 0;
        for (int i = 0; i < n - 1;) {
            double setup_length = d->bones[c->bones[i]].length;
            if (setup_length < PC_EPSILON) {
                if (scale) lengths[i] = 0;
                spaces[++i] = spacing;
            } else {
                double length = world_length(sk, c->bones[i], setup_length);
                if (scale) lengths[i] = length;
                spaces[++i] = length;
                sum += length;
            }
        }
        if (sum > 0) {
            sum = n / sum * spacing;
            for (int i = 1; i < n; i++) spaces[i] *= sum;
        }
        break;
    }
    default: {
        bool length_spacing = c->u.path.spacing_mode == PC_SPACING_LENGTH;
        for (int i = 0; i < n - 1;) {
            double setup_length = d->bones[c->bones[i]].length;
            if (setup_length < PC_EPSILON) {
                if (scale) lengths[i] = 0;
                spaces[++i] = spacing;
            } else {
                double length = world_length(sk, c->bones[i], setup_length);
                if (scale) lengths[i] = length;
                double s = length_spacing ? (rules->path.length_clamp ? setup_length + spacing
                                                                          : max0(setup_length + spacing))
                                          : spacing;
                spaces[++i] = s * length / setup_length;
            }
        }
    }
    }
}

/* The rejected reading of the slot bone's world: recomputed from this pose's local transforms, root
 * down, then every pose put back as it was. Returns its determinant. */
static double fresh_determinant(pc_skeleton *sk, pc_bone *slot_bone)
{
    pc_path_state *state = sk->paths;
    int n = 0;
    for (pc_bone *b = slot_bone; b; b = b->parent) {
        state->chain[n] = b->data->index;
        state->saved[n] = *b->applied;
        n++;
    }
    for (int i = n - 1; i >= 0; i--) pc_bone_update_world(sk, &sk->bones[state->chain[i]]);
    const pc_bone_pose *p = slot_bone->applied;
    double det = p->a * p->d - p->b * p->c;
    for (int i = 0; i < n; i++) *sk->bones[state->chain[i]].applied = state->saved[i];
    return det;
}

void pc_path_update(pc_skeleton *sk, int index)
{
    const pc_readings *rules = &sk->readings;
    const pc_skeleton_data *d = sk->data;
    const pc_constraint_data *c = &d->constraints[index];
    const pc_path_data *data = &c->u.path;
    pc_slot *slot = &sk->slots[data->slot];
    /* The rule path.slot-pose: the slot's pose instead misses where a slider keys the slot (population
     * slider). */
    const pc_slot_pose *slot_pose = rules->path.slot_pose ? &slot->pose : slot->applied;
    const pc_attachment *attachment = slot_pose->attachment;
    if (!pc_attachment_present(attachment) || attachment->kind != PC_ATTACHMENT_PATH) return;
    const pc_constraint_state *st = &sk->constraints[index];
    const pc_constraint_pose *pose = st->constrained ? &st->constrained_pose : &st->pose;
    double mix_rotate = pose->mix_rotate, mix_x = pose->mix_x, mix_y = pose->mix_y;
    if (mix_rotate == 0 && mix_x == 0 && mix_y == 0) return;
    pc_path_buffers *b = &sk->paths->constraints[index];
    bool tangents = data->rotate_mode == PC_ROTATE_TANGENT, scale = data->rotate_mode == PC_ROTATE_CHAIN_SCALE;
    int bone_count = c->bone_count;
    spaces_of(sk, c, pose->spacing, scale, b);
    pc_path_positions(sk, c, pose, attachment, b, tangents);
    if (sk->thrown) return;
    const double *positions = b->positions, *spaces = b->spaces;

    double bone_x = positions[0], bone_y = positions[1], offset_rotation = data->offset_rotation;
    bool tip;
    if (offset_rotation == 0) {
        tip = data->rotate_mode == PC_ROTATE_CHAIN && !rules->path.chain_tip;
    } else {
        tip = false;
        const pc_bone_pose *sb = slot->bone->applied;
        double det = rules->path.slot_bone ? fresh_determinant(sk, slot->bone) : sb->a * sb->d - sb->b * sb->c;
        offset_rotation *= det > 0 || rules->path.offset_sign ? rules->deg_rad : -rules->deg_rad;
    }
    double pi = rules->path.wrap_pi ? JS_MATH_PI : JS_SPINE_PI;
    double pi2 = rules->path.wrap_pi ? JS_MATH_PI * 2 : JS_SPINE_PI2;
    for (int i = 0, ip = 3; i < bone_count; i++, ip += 3) {
        pc_bone *bone_ref = &sk->bones[c->bones[i]];
        pc_bone_pose *bone = &bone_ref->constrained;
        pc_bone_modify_world(sk, bone_ref);
        bone->world_x += (bone_x - bone->world_x) * mix_x;
        bone->world_y += (bone_y - bone->world_y) * mix_y;
        double x = positions[ip], y = positions[ip + 1], dx = x - bone_x, dy = y - bone_y;
        if (scale) {
            double length = b->lengths[i];
            if (length != 0) {
                double s = (sqrt(dx * dx + dy * dy) / length - 1) * mix_rotate + 1;
                bone->a *= s;
                bone->c *= s;
            }
        }
        bone_x = x;
        bone_y = y;
        if (mix_rotate > 0 || (rules->path.mix_rotate && mix_rotate != 0)) {
            double a = bone->a, bb = bone->b, cc = bone->c, dd = bone->d, r;
            bool zero_space = rules->path.zero_space ? fabs(spaces[i + 1]) < PC_EPSILON : spaces[i + 1] == 0;
            if (tangents) r = positions[ip - 1];
            else if (zero_space) r = positions[ip + 2];
            else r = pc_atan2(rules, dy, dx);
            r -= pc_atan2(rules, cc, a);
            if (tip) {
                double cos, sin;
                pc_sincos(rules, r, &sin, &cos);
                double length = d->bones[c->bones[i]].length;
                bone_x += (length * (cos * a - sin * cc) - dx) * mix_rotate;
                bone_y += (length * (sin * a + cos * cc) - dy) * mix_rotate;
            } else {
                r += offset_rotation;
            }
            if (r > pi) r -= pi2;
            else if (r < -pi) r += pi2;
            r *= mix_rotate;
            double cos, sin;
            pc_sincos(rules, r, &sin, &cos);
            bone->a = cos * a - sin * cc;
            bone->b = cos * bb - sin * dd;
            bone->c = sin * a + cos * cc;
            bone->d = sin * bb + cos * dd;
        }
    }
}
