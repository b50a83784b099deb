/* The slider (slider.h).
 *
 * Its turn: nothing at mix 0, nor when its bone is inactive. A slider driven by a bone first sets its
 * applied pose's time (the pose itself when no other slider keys it, so the dump's pose row shows it):
 * `to + (value - from) * scale`, the value read off the bone's applied pose as a transform constraint's
 * from-property reads it (transform.h, offsets 0; its local transform read back first when `local` and
 * a constraint wrote its world this pass); then, looped, `duration + time % duration` (JavaScript's %,
 * the sign of the time), else at least 0 (Math.max: NaN stays NaN, -0 becomes 0).
 *
 * Then every bone its animation's bone timelines key (repeats included) is marked modified in local
 * space (bone_local.h: its stale local read back, its world and the current worlds below it to be
 * recomputed by their next turns), and the animation is applied at the time, looped or not, with alpha
 * the mix, from the current pose, additive as the slider says, onto the applied poses: the bones'
 * constrained copies (which the update order reset from their poses) and the applied poses of the
 * constraints it keys. The update order (skeleton.c) gives the slider no bone: it re-sorts each bone its
 * animation keys and what hangs below, so a later constraint or the final pass over the bones updates
 * them again. */
#include "slider.h"
#include "animation.h"
#include "bone_local.h"
#include "constraint.h"
#include "document/rules.h"
#include "timeline.h"
#include "transform.h"

#include <math.h>
#include <stdio.h>

static const double no_offsets[6] = { 0, 0, 0, 0, 0, 0 };

/* Animation.apply with the slider's mix from the current pose onto the applied poses, timelines in
 * their order: bone and constraint timelines (pc_apply_bone_timeline, pc_apply_constraint_timeline);
 * attachment, deform and sequence timelines onto the slots' applied poses (the constrained copies the
 * update order made them, timeline.h). Color timelines and draw order timelines write only copies that
 * nothing reads (the dump shows the poses, a path constraint reads its slot's applied attachment and
 * deform), so they are not applied, except where they throw: a two-color timeline on a slot without a
 * dark color once the time reaches its first key (from the current pose nothing is done before it): at
 * mix 1 setting the dark color, else reading it. The pass stops at a throw; returns the runtime's
 * message, or NULL. */
static const char *apply_animation(pc_skeleton *sk, const pc_animation_data *a, double time, bool loop,
                                   const pc_mix *m)
{
    /* The runtime passes the time as the last time too; looped, both are wrapped (the last time only
     * when above 0), so a physics reset timeline can fire only on keys at or below 0. */
    double last_time = time;
    if (loop && a->duration != 0) {
        time = fmod(time, a->duration);
        if (last_time > 0) last_time = fmod(last_time, a->duration);
    }
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        switch (t->kind) {
        case PC_TL_ROTATE: case PC_TL_TRANSLATE: case PC_TL_TRANSLATE_X: case PC_TL_TRANSLATE_Y:
        case PC_TL_SCALE: case PC_TL_SCALE_X: case PC_TL_SCALE_Y: case PC_TL_SHEAR: case PC_TL_SHEAR_X:
        case PC_TL_SHEAR_Y: case PC_TL_INHERIT:
            pc_apply_bone_timeline(sk, t, time, m);
            break;
        case PC_TL_RGBA2: case PC_TL_RGB2: {
            const pc_slot *slot = &sk->slots[t->target];
            if (slot->data->has_dark || !slot->bone->active) break;
            if (t->frames_count > 0 && time < t->frames[0]) break;
            return m->alpha == 1 ? "TypeError: Cannot set properties of null (setting 'r')"
                                 : "TypeError: Cannot read properties of null (reading 'r')";
        }
        case PC_TL_DRAW_ORDER_FOLDER: {
            /* Nothing before the first key; else the walk over the applied draw order (a copy of the
             * pose's, so every slot once) meets all the folder's slots unless it has none or lists one
             * twice: then it walks off the end (timeline_draw_order.c). */
            if (t->frames_count > 0 && time < t->frames[0]) break;
            bool walks_off = t->folder_slot_count == 0;
            for (int k = 0; k < t->folder_slot_count && !walks_off; k++)
                for (int j = 0; j < k && !walks_off; j++) walks_off = t->folder_slots[j] == t->folder_slots[k];
            if (walks_off) return "TypeError: Cannot read properties of undefined (reading 'data')";
            break;
        }
        case PC_TL_ATTACHMENT:
            pc_apply_attachment_timeline_mix(sk, t, time, m);
            break;
        case PC_TL_DEFORM: case PC_TL_SEQUENCE: {
            const char *error = t->kind == PC_TL_DEFORM ? pc_apply_deform_timeline(sk, t, time, m)
                                                        : pc_apply_sequence_timeline(sk, t, time, m);
            if (error) return error;
            break;
        }
        case PC_TL_EVENT: case PC_TL_RGBA: case PC_TL_RGB: case PC_TL_ALPHA: case PC_TL_DRAW_ORDER:
            break;
        case PC_TL_PHYSICS_RESET:
            pc_apply_physics_reset_timeline(sk, t, last_time, time);
            break;
        default:
            pc_apply_constraint_timeline(sk, t, time, m);
            break;
        }
    }
    return NULL;
}

void pc_slider_update(pc_skeleton *sk, int index)
{
    const pc_readings *rules = &sk->readings;
    const pc_slider_data *s = &sk->data->constraints[index].u.slider;
    pc_constraint_state *st = &sk->constraints[index];
    pc_constraint_pose *p = st->constrained ? &st->constrained_pose : &st->pose;
    if (p->mix == 0) return;
    const pc_animation_data *a = &sk->data->animations[s->animation];
    if (s->bone >= 0) {
        pc_bone *bone = &sk->bones[s->bone];
        if (!bone->active) return;
        if (s->local) pc_bone_validate_local(sk, bone);
        double value = pc_transform_from_value(sk, bone->applied, s->property, s->local, no_offsets);
        double time = s->offset + (value - s->property_offset) * s->scale;
        if (s->loop) time = a->duration + fmod(time, a->duration);
        else if (!isnan(time)) time = time > 0 ? time : 0;
        p->time = time;
    }
    /* The rule slider.modify-keyed: applying without marking (`apply-only`) leaves a keyed bone's world
     * current, so its next turn keeps the world from before the slider (population slider). */
    if (rules->slider_modify_keyed)
        for (int i = 0; i < a->bone_count; i++) pc_bone_modify_local(sk, &sk->bones[a->bones[i]]);
    pc_mix m = { p->mix, PC_FROM_CURRENT, s->additive, false, true };
    sk->thrown = apply_animation(sk, a, p->time, s->loop, &m);
}

/* The most deform values any deform timeline of the document sets on the slot. */
static int most_deform(const pc_skeleton_data *d, int slot)
{
    int most = 0;
    for (int a = 0; a < d->animation_count; a++)
        for (int i = 0; i < d->animations[a].timeline_count; i++) {
            const pc_timeline *t = &d->animations[a].timelines[i];
            if (t->kind != PC_TL_DEFORM) continue;
            bool sets = t->target == slot;
            for (int k = 0; !sets && k < t->attachment->timeline_slot_count; k++)
                sets = t->attachment->timeline_slots[k] == slot;
            for (int f = 0; sets && f < t->frames_count; f++)
                if (t->deform_counts[f] > most) most = t->deform_counts[f];
        }
    return most;
}

/* The runtime resets a constrained slot's copy with `deform.push(...pose.deform)`, which overflows V8's
 * stack near 125,000 values (measured in Node 20: 124,000 to 125,300, by how deep the call is); the core
 * does not model the stack, so a slot a slider constrains whose deform can hold that many is
 * unsupported from a margin below. */
enum { MOST_COPIED_DEFORM = 100000 };

/* A slider is unsupported where the animation it applies is (pc_animation_unsupported), or where it
 * constrains a slot whose deform can reach the runtime's stack limit. */
bool pc_slider_unsupported(const pc_skeleton_data *d, int index, char *why, size_t size)
{
    const pc_constraint_data *c = &d->constraints[index];
    if (c->kind != PC_SLIDER || c->u.slider.animation < 0) return false;
    const pc_animation_data *a = &d->animations[c->u.slider.animation];
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        bool slot_kind = t->kind == PC_TL_ATTACHMENT || t->kind == PC_TL_RGBA || t->kind == PC_TL_RGB
                         || t->kind == PC_TL_ALPHA || t->kind == PC_TL_RGBA2 || t->kind == PC_TL_RGB2
                         || t->kind == PC_TL_DEFORM || t->kind == PC_TL_SEQUENCE;
        int most = slot_kind ? most_deform(d, t->target) : 0;
        if (most >= MOST_COPIED_DEFORM) {
            snprintf(why, size, "slider \"%.60s\" constrains slot \"%.60s\", whose deform can hold %d "
                     "values (the runtime's copy of it may overflow its stack)", c->name, d->slots[t->target].name, most);
            return true;
        }
    }
    char animation_why[200];
    if (pc_animation_unsupported(d, a, animation_why, sizeof animation_why)) {
        snprintf(why, size, "slider \"%.60s\": %.120s", c->name, animation_why);
        return true;
    }
    return false;
}
