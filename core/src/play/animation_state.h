/* AnimationState as spine-core 4.3.13 plays it (the runtime's AnimationState.js, AnimationStateData.js):
 * the types the play layer's files share. The public interface is posecore.h's pc_animation_state_*;
 * this header is for the files of play/ (and the dump writer, which reads entries for its rows).
 *
 *   state_data.c      AnimationStateData (default mix, mix pairs) and what the state needs of a document:
 *                     each timeline's property ids (dense numbers), each animation's set of them
 *   track_entry.c     a track entry: its times, its mix, the pool the state makes them from
 *   animation_state.c the tracks: set, add, empty, clear, update, the hold computation, the listener's
 *                     queue and its delivery
 *   state_apply.c     apply: mixing from, the rotation accumulator, attachments, events and completes */
#ifndef POSECORE_ANIMATION_STATE_H
#define POSECORE_ANIMATION_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "posecore.h"
#include "instance/skeleton.h"
#include "instance/timeline.h"
#include "document/rules.h"

/* The empty animation (AnimationState.emptyAnimation: "<empty>", no timelines, duration 0). */
#define PC_ANIMATION_EMPTY PC_ANIMATION_NONE
extern const char pc_empty_animation_name[8];

/* A mix pair: the runtime keys its table by `${from.name}.${to.name}`, so two pairs whose joined names
 * are the same string are one pair (setMix("a.b", "c") and setMix("a", "b.c")). */
typedef struct pc_mix_pair {
    char *key;                 /* from + "." + to */
    double duration;
} pc_mix_pair;

struct pc_animation_state_data {
    const pc_skeleton_data *skeleton;
    double default_mix;
    pc_mix_pair *pairs;
    int pair_count, pair_capacity;
    /* The property ids (Timeline.propertyIds) as dense numbers: timeline t of animation a has
     * ids[id_at[a][t] .. id_at[a][t] + id_count[a][t]); each animation's set of them (hasTimeline) is
     * a bitset of id_words words. */
    int prop_count;
    int id_words;
    int **id_at, **id_count;   /* per animation, per timeline */
    int *ids;
    uint64_t **has;            /* per animation */
    int draw_order_id;         /* the draw order timeline's id ("14"), -1 when no timeline has it */
    int most_timelines;        /* the most timelines an animation has */
    int most_events;           /* the most event keys an animation has */
};

/* Timeline modes (computeHold): MixFrom in the low bits, HOLD above. */
enum { PC_MODE_MASK = 3, PC_MODE_HOLD = 4 };

typedef struct pc_track_entry pc_track_entry;
struct pc_track_entry {
    int animation;             /* the document's index, or PC_ANIMATION_EMPTY */
    const pc_animation_data *anim; /* NULL for the empty animation */
    pc_track_entry *previous, *next, *mixing_from, *mixing_to;
    int track;
    bool loop, additive, reverse, shortest_rotation, keep_hold;
    double event_threshold, mix_attachment_threshold, alpha_attachment_threshold, mix_draw_order_threshold;
    double animation_start, animation_end, animation_last, next_animation_last;
    double delay, track_time, track_last, next_track_last, track_end, time_scale, alpha;
    double mix_time, mix_duration, total_alpha;
    int interpolation;         /* PC_INTERP_* (play/scenario.h) */
    double power;              /* of pow and powOut */
    /* Per timeline of the animation: the mode, the entry whose mix fades a hold out (NULL: none), and
     * the rotation accumulator (two doubles a timeline; rotation_ready false: the runtime's empty
     * array; its holes are NaN) */
    unsigned char *timeline_mode;
    pc_track_entry **hold_mix;
    double *rotation;
    bool rotation_ready;
    int timeline_room;         /* the arrays' room: the most timelines an animation has */
    const pc_readings *readings; /* the document's rule readings (state.time-mod) */
    long id;                   /* made-th entry of the state (0, 1, ...), for dumps */
    void *user;                /* the caller's (spine-c's userData) */
    bool in_use;
    pc_track_entry *free_next; /* the pool's list */
};

/* What the listener's queue holds (EventQueue): a notification and its entry (and event). */
typedef struct pc_queued {
    pc_state_event type;
    pc_track_entry *entry;
    const pc_event_key *event;
} pc_queued;

struct pc_animation_state {
    const pc_animation_state_data *data;
    pc_track_entry **tracks;
    int track_count, track_capacity;
    double time_scale;
    int unkeyed_state;
    pc_fired_events events;    /* what event timelines fire during one apply */
    pc_queued *queue;
    int queue_count, queue_capacity;
    bool drain_disabled;
    bool animations_changed;
    /* computeHold's property owners: the track of prop p, valid when owner_stamp[p] == stamp */
    int *owner;
    unsigned *owner_stamp;
    unsigned stamp;
    /* The pool: entries made in blocks, never moved; free ones on a list. */
    pc_track_entry **blocks;
    int block_count, block_capacity;
    pc_track_entry *free_list;
    long next_id;
    pc_state_listener listener;
    void *listener_user;
    const char *thrown;        /* where the runtime throws: its message (NULL: none) */
};

/* ---- track_entry.c --------------------------------------------------------------------------------- */

/* An entry from the pool, reset (TrackEntry.reset) and numbered; NULL when memory runs out. */
pc_track_entry *pc_entry_obtain(pc_animation_state *s);
/* Back to the pool (Pool.free: reset first). */
void pc_entry_free(pc_animation_state *s, pc_track_entry *e);
double pc_entry_duration(const pc_track_entry *e);          /* the animation's duration */
const char *pc_entry_animation_name(const pc_animation_state_data *d, const pc_track_entry *e);
int pc_entry_timeline_count(const pc_track_entry *e);
double pc_entry_animation_time(const pc_track_entry *e);    /* getAnimationTime */
double pc_entry_track_complete(const pc_track_entry *e);    /* getTrackComplete */
double pc_entry_mix(const pc_track_entry *e);               /* mix() */

/* ---- state_data.c ---------------------------------------------------------------------------------- */

/* AnimationStateData.getMix of two animations (indices or PC_ANIMATION_EMPTY). */
double pc_state_data_get_mix(const pc_animation_state_data *d, int from, int to);
/* Whether animation a (or the empty one) has a timeline with any of the ids (Animation.hasTimeline). */
bool pc_state_data_has_any(const pc_animation_state_data *d, int a, const int *ids, int count);

/* ---- animation_state.c ------------------------------------------------------------------------------ */

void pc_state_queue(pc_animation_state *s, pc_state_event type, pc_track_entry *e, const pc_event_key *event);
void pc_state_drain(pc_animation_state *s);
/* _animationsChanged: every track's timeline modes and holds. */
void pc_state_animations_changed(pc_animation_state *s);

/* Timeline.additive and Timeline.instant of a timeline kind (the runtime's classes; state_data.c). */
bool pc_timeline_additive(pc_timeline_kind kind);
bool pc_timeline_instant(pc_timeline_kind kind);

#endif
