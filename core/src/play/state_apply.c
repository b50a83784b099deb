/* AnimationState.apply (animation_state.h): every track in order, each current entry after the entries
 * it mixes from (deepest first), as spine-core 4.3.13 applies them:
 *
 * - Track 0 at alpha 1 applies from the setup pose; otherwise each timeline mixes from where its mode
 *   says (computeHold, animation_state.c) by the entry's alpha times the mix of what it mixes from.
 * - An entry mixing out gives its timelines alpha (1 - mix) times its own alpha and what it mixes from;
 *   a held timeline (the next entry keys it too) alphaHold = alphaMix / (1 - mix * to.alpha), faded by
 *   the mix of the first entry on that does not key it; mixing out is `out` (instant timelines set the
 *   setup pose), except the draw order below its threshold.
 * - Crossfaded rotations go through the rotation accumulator unless the entry takes the shortest
 *   rotation (or is additive): the direction of the first frame's shortest route is kept while the
 *   difference crosses 180 degrees (applyRotateTimeline).
 * - Attachments: an entry keeps the attachments it sets while its alpha reaches alphaAttachmentThreshold
 *   and, mixing out, while the mix is below mixAttachmentThreshold; otherwise an attachment it sets is
 *   only there for the deform timelines of that apply, and the slot goes back to its setup attachment
 *   at the end (the slots' attachment states against the state's unkeyed counter).
 * - Events fire into the state's list and are queued with the entry (queueEvents: those before the
 *   loop's end, the complete, those after); reversed entries fire by eventsReverse; mixing out, only
 *   while the mix is below eventThreshold. Everything queued is delivered at the end. */
#include "animation_state.h"
#include "instance/animation.h"
#include "js/jsmath.h"

#include <math.h>
#include <stdlib.h>

enum { ATTACH_SETUP = 1, ATTACH_RETAIN = 2 };

static const char placeholder_null[] = "Error: placeholder cannot be null.";

/* applyAttachmentTimeline: `retain` false sets an attachment only for this apply's deform timelines. */
static const char *apply_attachment(pc_animation_state *s, pc_skeleton *sk, const pc_timeline *t, int key_at,
                                    double time, int from, bool retain)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!slot->bone->active) return NULL;
    if (!retain && slot->attachment_state == s->unkeyed_state + ATTACH_RETAIN) return NULL;
    bool setup = t->frames_count > 0 && time < t->frames[0]; /* without keys, time < undefined is false */
    int key = -1;
    if (!setup) {
        key = pc_timeline_search(t, time);
        setup = !retain && (key < 0 || t->attachment_names[key] == NULL);
    }
    const pc_attachment *a;
    if (setup) {
        if (from == PC_FROM_CURRENT) return NULL;
        const char *name = slot->data->attachment;
        if (name && !name[0]) return placeholder_null;
        a = sk->setup_attachments[t->target];
    } else {
        const char *name = key >= 0 ? t->attachment_names[key] : NULL;
        if (name && !name[0]) return placeholder_null;
        a = name ? sk->attachment_keys[key_at + key] : NULL;
    }
    pc_skeleton_mark_slot(sk, t->target); /* the next setup pose resets it */
    pc_slot_set_attachment(&slot->pose, a);
    if (retain) slot->attachment_state = s->unkeyed_state + ATTACH_RETAIN;
    else if (!setup) slot->attachment_state = s->unkeyed_state + ATTACH_SETUP;
    return NULL;
}

static double signum(double v)
{
    return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/* applyRotateTimeline: rot holds the accumulator's total and last difference for this timeline. The rule
 * state.rotation: crossfaded rotations mixed as any timeline (plain-mix) miss 72 of 200 of population
 * mixing (seed 1; the accumulator none of 2,000); corpus/cases/state-rotation-crossing. */
static void apply_rotate(pc_skeleton *sk, const pc_timeline *t, double time, double alpha, int from, double *rot,
                         bool first_frame)
{
    if (first_frame) rot[0] = 0;
    if (alpha == 1) {
        pc_mix m = { 1, (pc_mix_from)from, false, false, false };
        pc_apply_bone_timeline(sk, t, time, &m);
        return;
    }
    pc_bone *bone = &sk->bones[t->target];
    if (!bone->active) return;
    pc_bone_local *pose = &bone->pose.local;
    double setup = bone->data->setup.rotation, r1, r2;
    if (time < t->frames[0]) {
        if (from == PC_FROM_SETUP) {
            pose->rotation = setup;
            return;
        }
        if (from == PC_FROM_CURRENT) return;
        r1 = pose->rotation;
        r2 = setup;
    } else {
        r1 = from == PC_FROM_SETUP ? setup : pose->rotation;
        r2 = setup + pc_timeline_curve_value(t, time);
    }
    /* The shortest route's direction on the first frame, kept while the difference crosses over. */
    double total, diff = r2 - r1;
    diff -= ceil(diff / 360 - 0.5) * 360;
    if (diff == 0) {
        total = rot[0];
    } else {
        double last_total, last_diff;
        if (first_frame) {
            last_total = 0;
            last_diff = diff;
        } else {
            last_total = rot[0];
            last_diff = rot[1];
        }
        double loops = last_total - fmod(last_total, 360);
        total = diff + loops;
        bool current = diff >= 0, dir = last_total >= 0;
        if (fabs(last_diff) <= 90 && signum(last_diff) != signum(diff)) {
            if (fabs(last_total - loops) > 180) {
                total += 360 * signum(last_total);
                dir = current;
            } else if (loops != 0) {
                total -= 360 * signum(last_total);
            } else {
                dir = current;
            }
        }
        if (dir != current) total += 360 * signum(last_total);
        rot[0] = total;
    }
    rot[1] = diff;
    pose->rotation = r1 + total * alpha;
}

/* queueEvents: the events this entry's apply fired (those inside animationStart..animationEnd), the
 * ones before the loop's end first, then complete, then the rest. */
static void queue_events(pc_animation_state *s, pc_track_entry *e, double animation_time)
{
    double start = e->animation_start, end = e->animation_end, duration = end - start;
    bool reverse = e->reverse;
    double split = fmod(e->track_last, duration);
    if (reverse) split = duration - split;
    const pc_fired_events *ev = &s->events;
    int i = 0, n = ev->count;
    for (; i < n; i++) {
        const pc_event_key *k = ev->items[i];
        if ((k->time < split) != reverse) break;
        if (k->time >= start && k->time <= end) pc_state_queue(s, PC_STATE_EVENT, e, k);
    }
    bool complete;
    if (e->loop) {
        if (duration == 0) {
            complete = true;
        } else {
            double cycles = floor(e->track_time / duration);
            complete = cycles > 0 && cycles > floor(e->track_last / duration);
        }
    } else {
        complete = animation_time >= end && e->animation_last < end;
    }
    if (complete) pc_state_queue(s, PC_STATE_COMPLETE, e, NULL);
    for (; i < n; i++) {
        const pc_event_key *k = ev->items[i];
        if (k->time >= start && k->time <= end) pc_state_queue(s, PC_STATE_EVENT, e, k);
    }
}

static void push_event(pc_animation_state *s, const pc_event_key *k)
{
    if (s->events.count < s->events.capacity) s->events.items[s->events.count++] = k;
}

/* eventsReverse: a reversed entry's events between its last and its current time, mirrored. */
static void events_reverse(pc_animation_state *s, const pc_track_entry *e, double animation_last, double animation_time)
{
    if (!e->anim) return;
    double duration = e->anim->duration, from = duration - animation_last, to = duration - animation_time;
    for (int t = 0; t < e->anim->timeline_count; t++) {
        const pc_timeline *tl = &e->anim->timelines[t];
        if (tl->kind != PC_TL_EVENT) continue;
        int n = tl->frames_count;
        const float *frames = tl->frames;
        if (from >= to) {
            for (int i = 0; i < n; i++) {
                if (frames[i] < to) continue;
                if (frames[i] >= from) break;
                push_event(s, &tl->events[i]);
            }
        } else {
            for (int i = 0; i < n; i++) {
                if (frames[i] >= from) break;
                push_event(s, &tl->events[i]);
            }
            int i = 0;
            for (; i < n; i++)
                if (frames[i] >= to) break;
            for (; i < n; i++) push_event(s, &tl->events[i]);
        }
    }
}

/* The start of timeline i's attachment keys (skeleton.h), -1 for other timelines. */
static int key_at(const pc_skeleton *sk, const pc_track_entry *e, int i)
{
    return sk->attachment_key_at[sk->timeline_base[e->animation] + i];
}

/* Room for what one entry's apply fires: each event key twice (a loop wrapping). */
static bool events_room(pc_animation_state *s)
{
    int want = 2 * s->data->most_events + 1;
    return s->events.capacity >= want;
}

/* The rotation accumulator made ready for an entry's first frame (its holes NaN). */
static void rotation_first_frame(pc_track_entry *e, int count)
{
    e->rotation_ready = true;
    for (int i = 0; i < 2 * count; i++) e->rotation[i] = NAN;
}

/* applyMixingFrom: applies what `to` mixes from; returns to's mix. */
static double apply_mixing_from(pc_animation_state *s, pc_track_entry *to, pc_skeleton *sk)
{
    pc_track_entry *from = to->mixing_from;
    double from_mix = from->mixing_from ? apply_mixing_from(s, from, sk) : 1;
    if (s->thrown) return 0;
    double mix = pc_entry_mix(to);
    double a = from->alpha * from_mix, keep = 1 - mix * to->alpha;
    double alpha_mix = a * (1 - mix), alpha_hold = keep > 0 ? alpha_mix / keep : a;
    int count = pc_entry_timeline_count(from);
    const pc_readings *rules = &sk->readings;
    /* The rule state.thresholds: `mix <= threshold` and `alpha > alphaAttachmentThreshold` (inclusive)
     * miss 12 of 200 of population mixing; corpus/cases/state-threshold-exact. The rule state.hold:
     * held timelines mixing out by alphaMix (mix-out) miss 158 of 200; corpus/cases/state-hold-chain. */
    bool inclusive = rules->state.thresholds == 1;
    bool retain = inclusive ? mix <= from->mix_attachment_threshold : mix < from->mix_attachment_threshold;
    bool draw_order = inclusive ? mix <= from->mix_draw_order_threshold : mix < from->mix_draw_order_threshold;
    bool event_mix = inclusive ? mix <= from->event_threshold : mix < from->event_threshold;
    bool add = from->additive, shortest = add || from->shortest_rotation;
    bool first_frame = !shortest && !from->rotation_ready;
    if (first_frame) rotation_first_frame(from, count);
    double animation_last = from->animation_last, animation_time = pc_entry_animation_time(from);
    double apply_time = animation_time;
    pc_fired_events *events = NULL;
    if (from->reverse) apply_time = pc_entry_duration(from) - apply_time;
    else if (event_mix) events = &s->events;
    from->total_alpha = 0;
    for (int i = 0; i < count && !s->thrown; i++) {
        const pc_timeline *t = &from->anim->timelines[i];
        int mode = from->timeline_mode[i], mix_from = mode & PC_MODE_MASK;
        double alpha;
        if ((mode & PC_MODE_HOLD) && rules->state.hold == 0) {
            const pc_track_entry *hold = from->hold_mix[i];
            alpha = hold == NULL ? alpha_hold : alpha_hold * (1 - pc_entry_mix(hold));
        } else {
            if (!draw_order && t->kind == PC_TL_DRAW_ORDER && mix_from == PC_FROM_CURRENT) continue;
            alpha = alpha_mix;
        }
        from->total_alpha += alpha;
        if (!shortest && t->kind == PC_TL_ROTATE && rules->state.rotation == 0) {
            apply_rotate(sk, t, apply_time, alpha, mix_from, &from->rotation[i << 1], first_frame);
        } else if (t->kind == PC_TL_ATTACHMENT) {
            bool alpha_kept = inclusive ? alpha > from->alpha_attachment_threshold : alpha >= from->alpha_attachment_threshold;
            s->thrown = apply_attachment(s, sk, t, key_at(sk, from, i), apply_time, mix_from, retain && alpha_kept);
        } else {
            bool out = !draw_order || t->kind != PC_TL_DRAW_ORDER || mix_from == PC_FROM_CURRENT;
            pc_mix m = { alpha, (pc_mix_from)mix_from, add, out, false };
            s->thrown = pc_timeline_apply(sk, t, -1, animation_last, apply_time, events, &m);
        }
    }
    if (from->reverse && event_mix) events_reverse(s, from, animation_last, animation_time);
    if (to->mix_duration > 0) queue_events(s, from, animation_time);
    s->events.count = 0;
    from->next_animation_last = animation_time;
    from->next_track_last = from->track_time;
    return mix;
}

const char *pc_animation_state_apply(pc_animation_state *s, pc_skeleton *sk)
{
    s->thrown = NULL;
    if (!events_room(s)) {
        int want = 2 * s->data->most_events + 1;
        const pc_event_key **items = realloc(s->events.items, (size_t)want * sizeof *items);
        if (!items) return s->thrown = "out of memory";
        s->events.items = items;
        s->events.capacity = want;
    }
    if (s->animations_changed) pc_state_animations_changed(s);
    for (int i = 0, n = s->track_count; i < n && !s->thrown; i++) {
        pc_track_entry *current = s->tracks[i];
        if (!current || current->delay > 0) continue;
        double alpha = current->alpha;
        if (current->mixing_from) alpha *= apply_mixing_from(s, current, sk);
        else if (current->track_time >= current->track_end && !current->next) alpha = 0;
        if (s->thrown) break;
        double animation_last = current->animation_last, animation_time = pc_entry_animation_time(current);
        double apply_time = animation_time;
        pc_fired_events *events = &s->events;
        if (current->reverse) {
            apply_time = pc_entry_duration(current) - apply_time;
            events = NULL;
        }
        int count = pc_entry_timeline_count(current);
        if (i == 0 && alpha == 1) {
            for (int k = 0; k < count && !s->thrown; k++) {
                const pc_timeline *t = &current->anim->timelines[k];
                if (t->kind == PC_TL_ATTACHMENT)
                    s->thrown = apply_attachment(s, sk, t, key_at(sk, current, k), apply_time, PC_FROM_SETUP, true);
                else
                    s->thrown = pc_timeline_apply(sk, t, -1, animation_last, apply_time, events, &pc_mix_setup);
            }
        } else {
            const pc_readings *rules = &sk->readings;
            bool retain = rules->state.thresholds == 1 ? alpha > current->alpha_attachment_threshold
                                                       : alpha >= current->alpha_attachment_threshold;
            bool add = current->additive, shortest = add || current->shortest_rotation;
            bool first_frame = !shortest && !current->rotation_ready;
            if (first_frame) rotation_first_frame(current, count);
            for (int k = 0; k < count && !s->thrown; k++) {
                const pc_timeline *t = &current->anim->timelines[k];
                int from = current->timeline_mode[k] & PC_MODE_MASK;
                if (!shortest && t->kind == PC_TL_ROTATE && rules->state.rotation == 0) {
                    apply_rotate(sk, t, apply_time, alpha, from, &current->rotation[k << 1], first_frame);
                } else if (t->kind == PC_TL_ATTACHMENT) {
                    s->thrown = apply_attachment(s, sk, t, key_at(sk, current, k), apply_time, from, retain);
                } else {
                    pc_mix m = { alpha, (pc_mix_from)from, add, false, false };
                    s->thrown = pc_timeline_apply(sk, t, -1, animation_last, apply_time, events, &m);
                }
            }
        }
        if (s->thrown) break;
        if (current->reverse) events_reverse(s, current, animation_last, animation_time);
        queue_events(s, current, animation_time);
        s->events.count = 0;
        current->next_animation_last = animation_time;
        current->next_track_last = current->track_time;
    }
    if (s->thrown) return s->thrown;
    /* Slots whose attachment was set only for the deform timelines go back to their setup attachment. */
    int setup_state = s->unkeyed_state + ATTACH_SETUP;
    for (int i = 0; i < sk->data->slot_count; i++) {
        pc_slot *slot = &sk->slots[i];
        if (slot->attachment_state != setup_state) continue;
        /* (here a falsy setup name is no attachment: setup_attachments holds NULL for it) */
        pc_skeleton_mark_slot(sk, i);
        pc_slot_set_attachment(&slot->pose, sk->setup_attachments[i]);
    }
    s->unkeyed_state += 2;
    pc_state_drain(s);
    return s->thrown;
}
