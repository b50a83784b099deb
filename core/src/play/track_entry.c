/* A track entry (animation_state.h): the pool the state makes entries from, an entry's times as the
 * runtime computes them (getAnimationTime with JavaScript's %, getTrackComplete with `| 0`), its mix
 * percentage through the mix interpolation, and the public getters and setters (posecore.h).
 *
 * The pool: entries are made in blocks (each with room for the most timelines an animation of the
 * document has) and never move or go back to the system until the state is freed; a disposed entry
 * goes on the free list, and the next entry asked for is the last one freed (the runtime's Pool). Once
 * a state has made as many entries as it holds at once, it allocates nothing. */
#include "animation_state.h"
#include "js/jsmath.h"
#include "scenario.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK_ENTRIES = 8 };

/* TrackEntry.reset: the links, the listener's data, the per-timeline arrays emptied. */
static void reset(pc_track_entry *e)
{
    e->next = e->previous = e->mixing_from = e->mixing_to = NULL;
    e->interpolation = PC_INTERP_LINEAR;
    e->power = 2;
    e->animation = PC_ANIMATION_EMPTY;
    e->anim = NULL;
    e->user = NULL;
    e->readings = NULL;
    e->rotation_ready = false;
    /* the runtime's timelineMode emptied: a mode read before computeHold sets it is undefined (0) */
    memset(e->timeline_mode, 0, (size_t)e->timeline_room);
}

static bool grow(pc_animation_state *s)
{
    int timelines = s->data->most_timelines > 0 ? s->data->most_timelines : 1;
    /* An entry's arrays: two doubles and a pointer a timeline, then a byte a timeline; each entry's share
     * rounded up to a whole number of max_align_t, so the next entry's doubles and pointers stay
     * aligned (UBSan: a misaligned store otherwise, in the entries after the first of a block). */
    size_t share = (size_t)timelines * (sizeof(pc_track_entry *) + 2 * sizeof(double) + 1);
    share = (share + _Alignof(max_align_t) - 1) / _Alignof(max_align_t) * _Alignof(max_align_t);
    if (s->block_count == s->block_capacity) {
        int cap = s->block_capacity ? s->block_capacity * 2 : 4;
        pc_track_entry **b = realloc(s->blocks, (size_t)cap * sizeof *b);
        if (!b) return false;
        s->blocks = b;
        s->block_capacity = cap;
    }
    pc_track_entry *block = calloc(BLOCK_ENTRIES, sizeof *block);
    unsigned char *room = calloc(BLOCK_ENTRIES, share);
    if (!block || !room) {
        free(block);
        free(room);
        return false;
    }
    /* The arrays of every entry of the block in one allocation (freed with the first entry's). */
    for (int i = 0; i < BLOCK_ENTRIES; i++) {
        pc_track_entry *e = &block[i];
        unsigned char *p = room + (size_t)i * share;
        e->rotation = (double *)p;
        e->hold_mix = (pc_track_entry **)(p + (size_t)timelines * 2 * sizeof(double));
        e->timeline_mode = p + (size_t)timelines * (2 * sizeof(double) + sizeof(pc_track_entry *));
        e->timeline_room = timelines;
        e->free_next = s->free_list;
        s->free_list = e;
    }
    s->blocks[s->block_count++] = block;
    return true;
}

void pc_entry_pool_free(pc_animation_state *s)
{
    for (int i = 0; i < s->block_count; i++) {
        free(s->blocks[i][0].rotation);
        free(s->blocks[i]);
    }
    free(s->blocks);
}

pc_track_entry *pc_entry_obtain(pc_animation_state *s)
{
    if (!s->free_list && !grow(s)) return NULL;
    pc_track_entry *e = s->free_list;
    s->free_list = e->free_next;
    reset(e);
    e->in_use = true;
    e->id = s->next_id++;
    return e;
}

void pc_entry_free(pc_animation_state *s, pc_track_entry *e)
{
    reset(e);
    e->in_use = false;
    e->free_next = s->free_list;
    s->free_list = e;
}

double pc_entry_duration(const pc_track_entry *e)
{
    return e->anim ? e->anim->duration : 0;
}

const char *pc_entry_animation_name(const pc_animation_state_data *d, const pc_track_entry *e)
{
    return e->anim ? e->anim->name : pc_empty_animation_name;
}

int pc_entry_timeline_count(const pc_track_entry *e)
{
    return e->anim ? e->anim->timeline_count : 0;
}

double pc_entry_animation_time(const pc_track_entry *e)
{
    if (!e->loop) return js_math_min(e->track_time + e->animation_start, e->animation_end);
    double duration = e->animation_end - e->animation_start;
    if (duration == 0) return e->animation_start;
    /* The rule state.time-mod: JavaScript's % (exact); the floored modulo t - d * floor(t / d) misses
     * 28 of 200 of population mixing; corpus/cases/state-time-mod. */
    if (e->readings && e->readings->state.time_mod == 1)
        return e->track_time - duration * floor(e->track_time / duration) + e->animation_start;
    return js_fmod(e->track_time, duration) + e->animation_start;
}

double pc_entry_track_complete(const pc_track_entry *e)
{
    double duration = e->animation_end - e->animation_start;
    if (duration != 0) {
        if (e->loop) return duration * (1 + js_to_int32(e->track_time / duration)); /* the next loop's end */
        if (e->track_time < duration) return duration;
    }
    return e->track_time;
}

/* Interpolation.apply of the interpolations a mix may take (Utils.js). */
static double interpolate(int kind, double power, double a)
{
    switch (kind) {
    case PC_INTERP_SMOOTH: return a * a * (3 - 2 * a);
    case PC_INTERP_SLOW_FAST: return a * a;
    case PC_INTERP_FAST_SLOW: return (a - 1) * (a - 1) * -1 + 1;
    case PC_INTERP_CIRCLE:
        if (a <= 0.5) {
            a *= 2;
            return (1 - sqrt(1 - a * a)) / 2;
        }
        a--;
        a *= 2;
        return (sqrt(1 - a * a) + 1) / 2;
    case PC_INTERP_POW:
        if (a <= 0.5) return js_pow(a * 2, power) / 2;
        return js_pow((a - 1) * 2, power) / (js_fmod(power, 2) == 0 ? -2 : 2) + 1;
    case PC_INTERP_POW_OUT:
        return js_pow(a - 1, power) * (js_fmod(power, 2) == 0 ? -1 : 1) + 1;
    default:
        return a;
    }
}

double pc_entry_mix(const pc_track_entry *e)
{
    if (e->mix_duration == 0) return 1;
    double mix = e->mix_time / e->mix_duration;
    if (mix >= 1) return 1;
    if (e->interpolation == PC_INTERP_LINEAR) return mix;
    mix = interpolate(e->interpolation, e->power, mix);
    if (mix < 0) return 0;
    if (mix > 1) return 1;
    return mix;
}

/* ---- The public getters and setters -------------------------------------------------------------- */

static double *field_of(pc_track_entry *e, pc_entry_field f)
{
    switch (f) {
    case PC_ENTRY_ALPHA: return &e->alpha;
    case PC_ENTRY_TIME_SCALE: return &e->time_scale;
    case PC_ENTRY_DELAY: return &e->delay;
    case PC_ENTRY_TRACK_TIME: return &e->track_time;
    case PC_ENTRY_TRACK_END: return &e->track_end;
    case PC_ENTRY_TRACK_LAST: return &e->track_last;
    case PC_ENTRY_ANIMATION_START: return &e->animation_start;
    case PC_ENTRY_ANIMATION_END: return &e->animation_end;
    case PC_ENTRY_ANIMATION_LAST: return &e->animation_last;
    case PC_ENTRY_MIX_TIME: return &e->mix_time;
    case PC_ENTRY_MIX_DURATION: return &e->mix_duration;
    case PC_ENTRY_EVENT_THRESHOLD: return &e->event_threshold;
    case PC_ENTRY_MIX_ATTACHMENT_THRESHOLD: return &e->mix_attachment_threshold;
    case PC_ENTRY_ALPHA_ATTACHMENT_THRESHOLD: return &e->alpha_attachment_threshold;
    case PC_ENTRY_MIX_DRAW_ORDER_THRESHOLD: return &e->mix_draw_order_threshold;
    case PC_ENTRY_TOTAL_ALPHA: return &e->total_alpha;
    default: return NULL;
    }
}

static bool *flag_of(pc_track_entry *e, pc_entry_field f)
{
    switch (f) {
    case PC_ENTRY_LOOP: return &e->loop;
    case PC_ENTRY_ADDITIVE: return &e->additive;
    case PC_ENTRY_REVERSE: return &e->reverse;
    case PC_ENTRY_SHORTEST_ROTATION: return &e->shortest_rotation;
    case PC_ENTRY_KEEP_HOLD: return &e->keep_hold;
    default: return NULL;
    }
}

void pc_track_entry_set(pc_track_entry *e, pc_entry_field field, double value)
{
    if (field == PC_ENTRY_ANIMATION_LAST) { /* setAnimationLast */
        e->animation_last = value;
        e->next_animation_last = value;
        return;
    }
    double *d = field_of(e, field);
    if (d) {
        *d = value;
        return;
    }
    bool *b = flag_of(e, field);
    if (b) *b = value != 0;
}

double pc_track_entry_get(const pc_track_entry *e, pc_entry_field field)
{
    pc_track_entry *m = (pc_track_entry *)e;
    double *d = field_of(m, field);
    if (d) return *d;
    bool *b = flag_of(m, field);
    return b && *b ? 1 : 0;
}

void pc_track_entry_set_mix_duration(pc_track_entry *e, double mix_duration, bool set_delay, double delay)
{
    e->mix_duration = mix_duration;
    if (!set_delay) return;
    if (delay <= 0)
        delay = e->previous == NULL ? 0 : js_math_max(delay + pc_entry_track_complete(e->previous) - mix_duration, 0);
    e->delay = delay;
}

void pc_track_entry_set_mix_interpolation(pc_track_entry *e, int interpolation, double power)
{
    e->interpolation = interpolation;
    e->power = power;
}

void pc_track_entry_reset_rotation_directions(pc_track_entry *e)
{
    e->rotation_ready = false;
}

int pc_track_entry_animation(const pc_track_entry *e) { return e->animation; }
int pc_track_entry_track(const pc_track_entry *e) { return e->track; }
double pc_track_entry_animation_time(const pc_track_entry *e) { return pc_entry_animation_time(e); }
void pc_track_entry_set_user(pc_track_entry *e, void *user) { e->user = user; }
void *pc_track_entry_user(const pc_track_entry *e) { return e->user; }
