/* Applying an animation (animation.h): the loop over its timelines, the key times of `--samples keys`,
 * and what the core does not apply yet. The key search is the document's (document/timeline_keys.c),
 * the curves timeline_curve.c's, each family of timelines its timeline_*.c. */
#include "animation.h"
#include "timeline.h"
#include "js/jsmath.h"
#include "js/jsobject.h"
#include "js/jsmath.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>


/* The bone timelines' kinds are one range (pc_animation_apply tests it). */
_Static_assert(PC_TL_INHERIT - PC_TL_ROTATE == 10 && PC_TL_TRANSLATE == PC_TL_ROTATE + 1 && PC_TL_SHEAR_Y == PC_TL_INHERIT - 1,
               "bone timeline kinds are contiguous");

const char *pc_animation_apply(pc_skeleton *sk, const pc_animation_data *a, double last_time, double time,
                               bool loop, pc_fired_events *events)
{
    const char *error = NULL;
    /* Looped: the time (and a last time above 0) wrapped into the duration by JavaScript's %. */
    if (loop && a->duration != 0) {
        time = js_fmod(time, a->duration);
        if (last_time > 0) last_time = js_fmod(last_time, a->duration);
    }
    /* The attachment timelines' keys as found when the skin was set (skeleton.h), for the document's
     * animations. */
    ptrdiff_t index = a - sk->data->animations;
    const int *key_at = index >= 0 && index < sk->data->animation_count
                        ? &sk->attachment_key_at[sk->timeline_base[index]] : NULL;
    for (int i = 0; i < a->timeline_count && !error; i++) {
        const pc_timeline *t = &a->timelines[i];
        /* The bone timelines (most of them) first, by their range of kinds. */
        if (t->kind >= PC_TL_ROTATE && t->kind <= PC_TL_INHERIT) {
            pc_apply_bone_timeline_setup(sk, t, time);
            continue;
        }
        switch (t->kind) {
        case PC_TL_ATTACHMENT:
            if (key_at) {
                pc_apply_attachment_timeline_keys(sk, t, time, &sk->attachment_keys[key_at[i]]);
                break;
            }
            /* fall through */ case PC_TL_RGBA: case PC_TL_RGB: case PC_TL_ALPHA: case PC_TL_RGBA2:
        case PC_TL_RGB2:
            error = pc_apply_slot_timeline(sk, t, time);
            break;
        case PC_TL_DEFORM:
            /* marks the slots it writes for the next setup pose (timeline_attachment.c) */
            error = pc_apply_deform_timeline(sk, t, time, &pc_mix_setup);
            break;
        case PC_TL_SEQUENCE:
            error = pc_apply_sequence_timeline(sk, t, time, &pc_mix_setup);
            break;
        case PC_TL_DRAW_ORDER:
            sk->draw_order_dirty = true;
            pc_apply_draw_order_timeline(sk, t, time);
            break;
        case PC_TL_DRAW_ORDER_FOLDER:
            sk->draw_order_dirty = true;
            error = pc_apply_draw_order_folder_timeline(sk, t, time);
            break;
        case PC_TL_EVENT:
            pc_apply_event_timeline(t, last_time, time, events);
            break;
        case PC_TL_PHYSICS_RESET:
            pc_apply_physics_reset_timeline(sk, t, last_time, time);
            break;
        default:
            pc_apply_constraint_timeline(sk, t, time, &pc_mix_setup);
            break;
        }
    }
    return error;
}

static bool is_setup_mix(const pc_mix *m)
{
    return m->alpha == 1 && m->from == PC_FROM_SETUP && !m->add && !m->out && !m->applied;
}

const char *pc_animation_apply_mix(pc_skeleton *sk, const pc_animation_data *a, double last_time, double time,
                                   bool loop, pc_fired_events *events, const pc_mix *m)
{
    /* Animation.apply: looped, the times wrap by JavaScript's % (the last time only above 0). */
    if (loop && a->duration != 0) {
        time = js_fmod(time, a->duration);
        if (last_time > 0) last_time = js_fmod(last_time, a->duration);
    }
    if (is_setup_mix(m)) return pc_animation_apply(sk, a, last_time, time, false, events); /* wrapped above */
    const char *error = NULL;
    ptrdiff_t index = a - sk->data->animations;
    const int *key_at = index >= 0 && index < sk->data->animation_count
                        ? &sk->attachment_key_at[sk->timeline_base[index]] : NULL;
    for (int i = 0; i < a->timeline_count && !error; i++)
        error = pc_timeline_apply(sk, &a->timelines[i], key_at ? key_at[i] : -1, last_time, time, events, m);
    return error;
}

const char *pc_timeline_apply(pc_skeleton *sk, const pc_timeline *t, int key_at, double last_time, double time,
                              pc_fired_events *events, const pc_mix *m)
{
    if (t->kind >= PC_TL_ROTATE && t->kind <= PC_TL_INHERIT) {
        pc_apply_bone_timeline(sk, t, time, m);
        return NULL;
    }
    switch (t->kind) {
    case PC_TL_ATTACHMENT:
        if (key_at >= 0) pc_apply_attachment_timeline_keyed(sk, t, time, m, &sk->attachment_keys[key_at]);
        else pc_apply_attachment_timeline_mix(sk, t, time, m);
        return NULL;
    case PC_TL_RGBA: case PC_TL_RGB: case PC_TL_ALPHA: case PC_TL_RGBA2: case PC_TL_RGB2:
        return pc_apply_color_timeline(sk, t, time, m);
    case PC_TL_DEFORM:
        return pc_apply_deform_timeline(sk, t, time, m);
    case PC_TL_SEQUENCE:
        return pc_apply_sequence_timeline(sk, t, time, m);
    case PC_TL_DRAW_ORDER: case PC_TL_DRAW_ORDER_FOLDER:
        return pc_apply_draw_order_timeline_mix(sk, t, time, m);
    case PC_TL_EVENT:
        pc_apply_event_timeline(t, last_time, time, events);
        return NULL;
    case PC_TL_PHYSICS_RESET: /* resets whatever the mix */
        pc_apply_physics_reset_timeline(sk, t, last_time, time);
        return NULL;
    default:
        pc_apply_constraint_timeline(sk, t, time, m);
        return NULL;
    }
}

void pc_animation_deform_capacities(const pc_skeleton_data *d, pc_slot *slots)
{
    for (int a = 0; a < d->animation_count; a++)
        for (int i = 0; i < d->animations[a].timeline_count; i++) {
            const pc_timeline *t = &d->animations[a].timelines[i];
            if (t->kind != PC_TL_DEFORM) continue;
            int most = 0;
            for (int f = 0; f < t->frames_count; f++)
                if (t->deform_counts[f] > most) most = t->deform_counts[f];
            if (most > slots[t->target].deform_capacity) slots[t->target].deform_capacity = most;
            int at = 0;
            for (int s; (s = pc_next_timeline_slot(d, t->attachment, &at)) >= 0;)
                if (most > slots[s].deform_capacity) slots[s].deform_capacity = most;
        }
}

int pc_animation_event_capacity(const pc_animation_data *a)
{
    int n = 0;
    for (int i = 0; i < a->timeline_count; i++)
        if (a->timelines[i].kind == PC_TL_EVENT) n += pc_timeline_frame_count(&a->timelines[i]);
    return n;
}

/* ---- What the core does not apply yet ------------------------------------------------------------ */

static bool is_permutation(const int *order, int n)
{
    /* n is small (slots of a document); quadratic is fine and needs no memory. */
    for (int i = 0; i < n; i++) {
        if (order[i] < 0 || order[i] >= n) return false;
        for (int j = 0; j < i; j++)
            if (order[j] == order[i]) return false;
    }
    return true;
}

/* Keys whose length is 0 (an object holding keys "0", ...) or less than one frame leave a timeline
 * without frames that the runtime still applies, reading before them (index -entries: undefined, a
 * curve type that is none): unmodelled for a timeline of several entries, but a sequence (its undefined
 * mode and index read as hold at 0, timeline_attachment.c). A fuzzer's input: transform keys of length
 * 0; measured on 26 kinds keyed so, each against the oracle. */
static bool frameless_read(const pc_timeline *t)
{
    return t->frames_count == 0 && t->entries > 1 && t->kind != PC_TL_SEQUENCE;
}

/* A fractional keys length (rgba 0.4: 2 of 5 numbers) leaves a partial frame the runtime reads past
 * (undefined, NaN): unmodelled (the core would read outside the array: ASan). But a two-color timeline
 * of a slot without dark throws before reading a value (mutant-poses: spine-core refuses, so the core
 * must too); only such a timeline's target is a slot, so only then is the slot read. */
static bool partial_frame_read(const pc_skeleton_data *d, const pc_timeline *t)
{
    if (!(t->entries > 0 && t->frames_count % t->entries != 0) && !frameless_read(t)) return false;
    bool two_color = t->kind == PC_TL_RGBA2 || t->kind == PC_TL_RGB2;
    return !two_color || d->slots[t->target].has_dark;
}

bool pc_animation_unsupported(const pc_skeleton_data *d, const pc_animation_data *a, char *why, size_t size)
{
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        const char *kind = pc_timeline_kind_names[t->kind];
        if (partial_frame_read(d, t)) {
            snprintf(why, size, "animation \"%s\": a %s timeline's keys hold %s", a->name, kind,
                     t->frames_count == 0 ? "no whole frame (a length under 1)" : "a partial frame (a fractional length)");
            return true;
        }
        switch (t->kind) {
        case PC_TL_INHERIT:
            for (int f = 1; f < t->frames_count; f += 2)
                if (!(t->frames[f] >= 0 && t->frames[f] <= 4 && t->frames[f] == (int)t->frames[f])) {
                    snprintf(why, size, "animation \"%s\": an inherit key names no inherit mode",
                             a->name);
                    return true;
                }
            break;
        case PC_TL_ATTACHMENT:
            for (int f = 0; f < t->frames_count; f++)
                if (t->attachment_names[f] && js_is_object_prototype_key(t->attachment_names[f])) {
                    snprintf(why, size,
                             "animation \"%s\": attachment key \"%s\" names a property every object has",
                             a->name, t->attachment_names[f]);
                    return true;
                }
            break;
        case PC_TL_DRAW_ORDER: case PC_TL_DRAW_ORDER_FOLDER: {
            int n = t->kind == PC_TL_DRAW_ORDER ? d->slot_count : t->folder_slot_count;
            bool bad = false;
            for (int f = 0; f < t->frames_count && !bad; f++)
                if (t->draw_orders[f] && !is_permutation(t->draw_orders[f], n)) bad = true;
            for (int s = 0; t->kind == PC_TL_DRAW_ORDER_FOLDER && s < n && !bad; s++)
                bad = t->folder_slots[s] < 0 || t->folder_slots[s] >= d->slot_count;
            if (bad) {
                snprintf(why, size, "animation \"%s\": a %s key is not a permutation of its slots",
                         a->name, kind);
                return true;
            }
            break;
        }
        default:
            break;
        }
    }
    return false;
}

/* ---- Key times ------------------------------------------------------------------------------------- */

int pc_animation_key_time_capacity(const pc_animation_data *a)
{
    int n = 0;
    for (int i = 0; i < a->timeline_count; i++) n += pc_timeline_frame_count(&a->timelines[i]);
    return 2 * n;
}

/* Stable insertion sort ascending by <, as JavaScript's stable sort with (a, b) => a - b: values that
 * compare equal (0 and -0) keep their order. */
static void sort_stable(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        while (j > 0 && x < v[j - 1]) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* Sorts, then keeps the first of each run of equal values (=== : 0 and -0 are equal). */
static int distinct_ascending(double *v, int n)
{
    sort_stable(v, n);
    int out = 0;
    for (int i = 0; i < n; i++)
        if (out == 0 || v[out - 1] != v[i]) v[out++] = v[i];
    return out;
}

int pc_animation_key_times(const pc_animation_data *a, double *out)
{
    int n = 0;
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        int count = pc_timeline_frame_count(t);
        for (int f = 0; f < count; f++) {
            double time = t->frames[f * t->entries];
            if (!isnan(time)) out[n++] = time;
        }
    }
    int keys = distinct_ascending(out, n);
    int all = keys;
    for (int i = 0; i + 1 < keys; i++) out[all++] = (out[i] + out[i + 1]) / 2;
    return distinct_ascending(out, all);
}

