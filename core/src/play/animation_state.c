/* AnimationState's tracks (animation_state.h): making and freeing a state; setting, queueing,
 * emptying and clearing the entries of a track; update(delta), which advances every entry and mix,
 * moves queued entries in and ends finished ones; the timeline modes and holds the state computes when
 * the animations change (computeHold); and the listener's queue, delivered in the runtime's order
 * (EventQueue.drain: end is followed by dispose, and a disposed entry goes back to the pool). Applying
 * is state_apply.c's.
 *
 * The arithmetic is the runtime's, operation for operation: the delays and times are doubles, the
 * track's last time compared to its end, leftover time carried into the next entry
 * `(nextTime / timeScale + delta) * next.timeScale`, and Math.max where it takes one. */
#include "animation_state.h"
#include "js/jsmath.h"

#include <stdlib.h>
#include <string.h>

void pc_entry_pool_free(pc_animation_state *s); /* track_entry.c */

pc_animation_state *pc_animation_state_new(const pc_animation_state_data *d)
{
    pc_animation_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->data = d;
    s->time_scale = 1;
    int props = d->prop_count > 0 ? d->prop_count : 1;
    s->owner = malloc((size_t)props * sizeof *s->owner);
    s->owner_stamp = calloc((size_t)props, sizeof *s->owner_stamp);
    s->track_capacity = 4;
    s->tracks = calloc((size_t)s->track_capacity, sizeof *s->tracks);
    /* one apply fires at most each event key of each entry's animation twice (a loop wraps) */
    s->events.capacity = 16;
    s->events.items = malloc((size_t)s->events.capacity * sizeof *s->events.items);
    s->queue_capacity = 32;
    s->queue = malloc((size_t)s->queue_capacity * sizeof *s->queue);
    if (!s->owner || !s->owner_stamp || !s->tracks || !s->events.items || !s->queue) {
        pc_animation_state_free(s);
        return NULL;
    }
    return s;
}

void pc_animation_state_free(pc_animation_state *s)
{
    if (!s) return;
    pc_entry_pool_free(s);
    free(s->owner);
    free(s->owner_stamp);
    free(s->tracks);
    free(s->events.items);
    free(s->queue);
    free(s);
}

void pc_animation_state_set_listener(pc_animation_state *s, pc_state_listener listener, void *user)
{
    s->listener = listener;
    s->listener_user = user;
}

void pc_animation_state_set_time_scale(pc_animation_state *s, double time_scale)
{
    s->time_scale = time_scale;
}

const char *pc_animation_state_error(const pc_animation_state *s)
{
    return s->thrown;
}

pc_track_entry *pc_animation_state_get_current(const pc_animation_state *s, int track)
{
    if (track < 0 || track >= s->track_count) return NULL;
    return s->tracks[track];
}

/* ---- The listener's queue -------------------------------------------------------------------------- */

static const char out_of_memory[] = "out of memory";

void pc_state_queue(pc_animation_state *s, pc_state_event type, pc_track_entry *e, const pc_event_key *event)
{
    if (s->queue_count == s->queue_capacity) {
        int cap = s->queue_capacity * 2;
        pc_queued *q = realloc(s->queue, (size_t)cap * sizeof *q);
        if (!q) {
            s->thrown = out_of_memory;
            return;
        }
        s->queue = q;
        s->queue_capacity = cap;
    }
    s->queue[s->queue_count++] = (pc_queued){ type, e, event };
    if (type == PC_STATE_START || type == PC_STATE_END) s->animations_changed = true;
}

static void notify(pc_animation_state *s, pc_state_event type, pc_track_entry *e, const pc_event_key *event)
{
    if (s->listener) s->listener(s->listener_user, s, type, e, event);
}

void pc_state_drain(pc_animation_state *s)
{
    if (s->drain_disabled) return; /* not reentrant */
    s->drain_disabled = true;
    /* The listener may queue more: the count is read again each time. */
    for (int i = 0; i < s->queue_count; i++) {
        pc_queued q = s->queue[i];
        switch (q.type) {
        case PC_STATE_END:
            notify(s, PC_STATE_END, q.entry, NULL);
            /* an ended entry is disposed */
            /* fall through */
        case PC_STATE_DISPOSE:
            notify(s, PC_STATE_DISPOSE, q.entry, NULL);
            pc_entry_free(s, q.entry);
            break;
        default:
            notify(s, q.type, q.entry, q.event);
            break;
        }
    }
    s->queue_count = 0;
    s->drain_disabled = false;
}

/* ---- Entries on tracks ------------------------------------------------------------------------------- */

/* expandToIndex: the track's current entry, the tracks array grown to hold it (NULL: none). */
static pc_track_entry *expand_to(pc_animation_state *s, int index, bool *failed)
{
    if (index < s->track_count) return s->tracks[index];
    if (index >= s->track_capacity) {
        int cap = s->track_capacity;
        while (cap <= index) cap *= 2;
        pc_track_entry **t = realloc(s->tracks, (size_t)cap * sizeof *t);
        if (!t) {
            *failed = true;
            s->thrown = out_of_memory;
            return NULL;
        }
        s->tracks = t;
        s->track_capacity = cap;
    }
    for (int i = s->track_count; i <= index; i++) s->tracks[i] = NULL;
    s->track_count = index + 1;
    return NULL;
}

/* trackEntry: a fresh entry for the animation; `last` the entry it follows (NULL: none). */
static pc_track_entry *make_entry(pc_animation_state *s, int track, int animation, bool loop, const pc_track_entry *last)
{
    pc_track_entry *e = pc_entry_obtain(s);
    if (!e) {
        s->thrown = out_of_memory;
        return NULL;
    }
    e->track = track;
    e->readings = &s->data->skeleton->readings;
    e->animation = animation;
    e->anim = animation == PC_ANIMATION_EMPTY ? NULL : &s->data->skeleton->animations[animation];
    e->loop = loop;
    e->additive = e->reverse = e->shortest_rotation = e->keep_hold = false;
    e->event_threshold = e->alpha_attachment_threshold = e->mix_attachment_threshold = 0;
    e->mix_draw_order_threshold = 0;
    e->animation_start = 0;
    e->animation_end = pc_entry_duration(e);
    e->animation_last = e->next_animation_last = -1;
    e->delay = 0;
    e->track_time = 0;
    e->track_last = e->next_track_last = -1;
    e->track_end = 1.7976931348623157e308; /* Number.MAX_VALUE */
    e->time_scale = 1;
    e->alpha = 1;
    e->mix_time = 0;
    e->mix_duration = last ? pc_state_data_get_mix(s->data, last->animation, animation) : 0;
    e->total_alpha = 0;
    return e;
}

/* clearNext: the entries queued after e, disposed. */
static void clear_next(pc_animation_state *s, pc_track_entry *e)
{
    for (pc_track_entry *next = e->next; next; next = next->next) pc_state_queue(s, PC_STATE_DISPOSE, next, NULL);
    e->next = NULL;
}

/* setTrack: e becomes the track's current entry, mixing from the one it replaces. */
static void set_track(pc_animation_state *s, int index, pc_track_entry *current, bool interrupt)
{
    bool failed = false;
    pc_track_entry *from = expand_to(s, index, &failed);
    if (failed) return;
    s->tracks[index] = current;
    current->previous = NULL;
    if (from) {
        from->next = NULL;
        if (interrupt) pc_state_queue(s, PC_STATE_INTERRUPT, from, NULL);
        current->mixing_from = from;
        from->mixing_to = current;
        current->mix_time = 0;
        from->rotation_ready = false; /* the rotation restarts for mixing out, in case it was mixed in */
    }
    pc_state_queue(s, PC_STATE_START, current, NULL);
}

static bool bad_track(pc_animation_state *s, int track)
{
    if (track >= 0) return false;
    s->thrown = "Error: trackIndex must be >= 0.";
    return true;
}

static bool bad_animation(pc_animation_state *s, int animation)
{
    if (animation == PC_ANIMATION_EMPTY || (animation >= 0 && animation < s->data->skeleton->animation_count))
        return false;
    s->thrown = "Error: animation cannot be null.";
    return true;
}

pc_track_entry *pc_animation_state_set_animation(pc_animation_state *s, int track, int animation, bool loop)
{
    if (bad_track(s, track) || bad_animation(s, animation)) return NULL;
    bool interrupt = true, failed = false;
    pc_track_entry *current = expand_to(s, track, &failed);
    if (failed) return NULL;
    if (current) {
        if (current->next_track_last == -1 && current->animation == animation) {
            /* An entry never applied is replaced, not mixed from. */
            s->tracks[track] = current->mixing_from;
            pc_state_queue(s, PC_STATE_INTERRUPT, current, NULL);
            pc_state_queue(s, PC_STATE_END, current, NULL);
            clear_next(s, current);
            current = current->mixing_from;
            interrupt = false;
        } else {
            clear_next(s, current);
        }
    }
    pc_track_entry *e = make_entry(s, track, animation, loop, current);
    if (!e) return NULL;
    set_track(s, track, e, interrupt);
    pc_state_drain(s);
    return e;
}

pc_track_entry *pc_animation_state_add_animation(pc_animation_state *s, int track, int animation, bool loop,
                                                 double delay)
{
    if (bad_track(s, track) || bad_animation(s, animation)) return NULL;
    bool failed = false;
    pc_track_entry *last = expand_to(s, track, &failed);
    if (failed) return NULL;
    if (last)
        while (last->next) last = last->next;
    pc_track_entry *e = make_entry(s, track, animation, loop, last);
    if (!e) return NULL;
    if (!last) {
        set_track(s, track, e, true);
        pc_state_drain(s);
        if (delay < 0) delay = 0;
    } else {
        last->next = e;
        e->previous = last;
        if (delay <= 0) delay = js_math_max(delay + pc_entry_track_complete(last) - e->mix_duration, 0);
    }
    e->delay = delay;
    return e;
}

pc_track_entry *pc_animation_state_set_empty_animation(pc_animation_state *s, int track, double mix_duration)
{
    pc_track_entry *e = pc_animation_state_set_animation(s, track, PC_ANIMATION_EMPTY, false);
    if (!e) return NULL;
    e->mix_duration = mix_duration;
    e->track_end = mix_duration;
    return e;
}

pc_track_entry *pc_animation_state_add_empty_animation(pc_animation_state *s, int track, double mix_duration,
                                                       double delay)
{
    pc_track_entry *e = pc_animation_state_add_animation(s, track, PC_ANIMATION_EMPTY, false, delay);
    if (!e) return NULL;
    if (delay <= 0) e->delay = js_math_max(e->delay + e->mix_duration - mix_duration, 0);
    e->mix_duration = mix_duration;
    e->track_end = mix_duration;
    return e;
}

void pc_animation_state_set_empty_animations(pc_animation_state *s, double mix_duration)
{
    bool old = s->drain_disabled;
    s->drain_disabled = true;
    for (int i = 0, n = s->track_count; i < n; i++) {
        pc_track_entry *current = s->tracks[i];
        if (current) pc_animation_state_set_empty_animation(s, current->track, mix_duration);
    }
    s->drain_disabled = old;
    pc_state_drain(s);
}

int pc_animation_state_clear_track(pc_animation_state *s, int track)
{
    if (bad_track(s, track)) return -1;
    if (track >= s->track_count) return 0;
    pc_track_entry *current = s->tracks[track];
    if (!current) return 0;
    pc_state_queue(s, PC_STATE_END, current, NULL);
    clear_next(s, current);
    pc_track_entry *e = current;
    for (;;) {
        pc_track_entry *from = e->mixing_from;
        if (!from) break;
        pc_state_queue(s, PC_STATE_END, from, NULL);
        e->mixing_from = NULL;
        e->mixing_to = NULL;
        e = from;
    }
    s->tracks[current->track] = NULL;
    pc_state_drain(s);
    return 0;
}

void pc_animation_state_clear_tracks(pc_animation_state *s)
{
    bool old = s->drain_disabled;
    s->drain_disabled = true;
    for (int i = 0, n = s->track_count; i < n; i++) pc_animation_state_clear_track(s, i);
    s->track_count = 0;
    s->drain_disabled = old;
    pc_state_drain(s);
}

/* ---- update ----------------------------------------------------------------------------------------- */

/* updateMixingFrom: true when every entry `to` mixes from is done. */
static bool update_mixing_from(pc_animation_state *s, pc_track_entry *to, double delta)
{
    pc_track_entry *from = to->mixing_from;
    if (!from) return true;
    bool finished = update_mixing_from(s, from, delta);
    from->animation_last = from->next_animation_last;
    from->track_last = from->next_track_last;
    /* The from entry was applied at least once and the mix is complete. */
    if (to->next_track_last != -1 && to->mix_time >= to->mix_duration) {
        /* Every entry before the from entry is done mixing, or the mix is instant. */
        if (from->total_alpha == 0 || to->mix_duration == 0) {
            to->mixing_from = from->mixing_from;
            if (from->mixing_from) from->mixing_from->mixing_to = to;
            if (from->total_alpha == 0)
                for (pc_track_entry *next = to; next->mixing_to; next = next->mixing_to) next->keep_hold = true;
            pc_state_queue(s, PC_STATE_END, from, NULL);
        }
        return finished;
    }
    from->track_time += delta * from->time_scale;
    to->mix_time += delta;
    return false;
}

void pc_animation_state_update(pc_animation_state *s, double delta)
{
    delta *= s->time_scale;
    for (int i = 0, n = s->track_count; i < n; i++) {
        pc_track_entry *current = s->tracks[i];
        if (!current) continue;
        current->animation_last = current->next_animation_last;
        current->track_last = current->next_track_last;
        double current_delta = delta * current->time_scale;
        if (current->delay > 0) {
            current->delay -= current_delta;
            if (current->delay > 0) continue;
            current_delta = -current->delay;
            current->delay = 0;
        }
        pc_track_entry *next = current->next;
        if (next) {
            /* When the next entry's delay has passed, it takes over, keeping the leftover time. */
            double next_time = current->track_last - next->delay;
            if (next_time >= 0) {
                next->delay = 0;
                next->track_time += current->time_scale == 0 ? 0 : (next_time / current->time_scale + delta) * next->time_scale;
                current->track_time += current_delta;
                set_track(s, i, next, true);
                while (next->mixing_from) {
                    next->mix_time += delta;
                    next = next->mixing_from;
                }
                continue;
            }
        } else if (current->track_last >= current->track_end && !current->mixing_from) {
            s->tracks[i] = NULL;
            pc_state_queue(s, PC_STATE_END, current, NULL);
            clear_next(s, current);
            continue;
        }
        if (current->mixing_from && update_mixing_from(s, current, delta)) {
            /* Every entry mixed from is done: they end. */
            pc_track_entry *from = current->mixing_from;
            current->mixing_from = NULL;
            if (from) from->mixing_to = NULL;
            for (; from; from = from->mixing_from) pc_state_queue(s, PC_STATE_END, from, NULL);
        }
        current->track_time += current_delta;
    }
    pc_state_drain(s);
}

/* ---- Timeline modes and holds (computeHold) -------------------------------------------------------- */

/* AnimationState.from: where timeline t (its ids) of a track's entry mixes from. The first track to
 * key a property owns it: a later track's timeline mixes from the current pose; the owner's own
 * timelines from the setup pose the first time and from the first key after. */
static int mix_from_of(pc_animation_state *s, int track, const pc_timeline *t, const int *ids, int count)
{
    int from = PC_FROM_SETUP;
    for (int i = 0; i < count; i++) {
        int p = ids[i];
        if (s->owner_stamp[p] != s->stamp) {
            s->owner_stamp[p] = s->stamp;
            s->owner[p] = track;
        } else if (s->owner[p] != track) {
            while (++i < count)
                if (s->owner_stamp[ids[i]] != s->stamp) {
                    s->owner_stamp[ids[i]] = s->stamp;
                    s->owner[ids[i]] = track;
                }
            return PC_FROM_CURRENT;
        } else {
            from = PC_FROM_FIRST;
        }
    }
    if (t->kind == PC_TL_DRAW_ORDER_FOLDER) {
        int d = s->data->draw_order_id;
        if (d >= 0 && s->owner_stamp[d] == s->stamp) return s->owner[d] != track ? PC_FROM_CURRENT : PC_FROM_FIRST;
    }
    return from;
}

static void compute_hold(pc_animation_state *s, pc_track_entry *e, int track)
{
    const pc_animation_state_data *d = s->data;
    int count = pc_entry_timeline_count(e);
    for (int i = 0; i < count; i++) e->hold_mix[i] = NULL;
    bool add = e->additive, keep_hold = e->keep_hold;
    const pc_track_entry *to = e->mixing_to;
    for (int i = 0; i < count; i++) {
        const pc_timeline *t = &e->anim->timelines[i];
        const int *ids = &d->ids[d->id_at[e->animation][i]];
        int id_count = d->id_count[e->animation][i];
        int from = mix_from_of(s, track, t, ids, id_count);
        bool additive = pc_timeline_additive(t->kind);
        if (add && additive) {
            e->timeline_mode[i] = (unsigned char)from;
            continue;
        }
        /* Held when the next entry sets the property too. */
        int mode;
        if (!to || pc_timeline_instant(t->kind) || (to->additive && additive)
            || !pc_state_data_has_any(d, to->animation, ids, id_count)) {
            mode = from;
        } else {
            mode = from | PC_MODE_HOLD;
            /* The first entry on that does not set it fades the hold out with its mix. */
            for (pc_track_entry *next = to->mixing_to; next; next = next->mixing_to)
                if ((next->additive && additive) || !pc_state_data_has_any(d, next->animation, ids, id_count)) {
                    if (next->mix_duration > 0) e->hold_mix[i] = next;
                    break;
                }
        }
        if (keep_hold) mode = (mode & ~PC_MODE_HOLD) | (e->timeline_mode[i] & PC_MODE_HOLD);
        e->timeline_mode[i] = (unsigned char)mode;
    }
}

void pc_state_animations_changed(pc_animation_state *s)
{
    s->animations_changed = false;
    /* a new generation of property owners (the runtime's propertyIds, cleared after) */
    if (++s->stamp == 0) {
        memset(s->owner_stamp, 0, (size_t)(s->data->prop_count > 0 ? s->data->prop_count : 1) * sizeof *s->owner_stamp);
        s->stamp = 1;
    }
    for (int i = 0, n = s->track_count; i < n; i++) {
        pc_track_entry *track = s->tracks[i];
        if (!track) continue;
        pc_track_entry *e = track;
        while (e->mixing_from) e = e->mixing_from;
        do {
            compute_hold(s, e, track->track);
            e = e->mixing_to;
        } while (e);
    }
}
