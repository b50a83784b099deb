/* The AnimationState's pose blocks of a dump (oracle/FORMAT.md "track", "listener"): the entries of
 * every track (the current one, those it mixes from, those queued), and the listener's notifications
 * since the previous pose. A run without entries or notifications writes no rows. */
#include "dump_state.h"
#include "play/animation_state.h"

#include <stdio.h>

static const char interpolation_names[7][12] = { "linear", "smooth", "slowFast", "fastSlow", "circle", "pow", "powOut" };

static void write_entry_row(dump_writer *w, const pc_play *run, const char *key, const pc_track_entry *e)
{
    dw_row(w, "track", key);
    dw_num(w, "entry", (double)e->id);
    dw_str(w, "animation", pc_entry_animation_name(run->state_data, e));
    dw_num(w, "track", e->track);
    dw_bool(w, "loop", e->loop);
    dw_bool(w, "additive", e->additive);
    dw_bool(w, "reverse", e->reverse);
    dw_bool(w, "shortestRotation", e->shortest_rotation);
    dw_bool(w, "keepHold", e->keep_hold);
    dw_num(w, "delay", e->delay);
    dw_num(w, "trackTime", e->track_time);
    dw_num(w, "trackLast", e->track_last);
    dw_num(w, "nextTrackLast", e->next_track_last);
    dw_num(w, "trackEnd", e->track_end);
    dw_num(w, "animationStart", e->animation_start);
    dw_num(w, "animationEnd", e->animation_end);
    dw_num(w, "animationLast", e->animation_last);
    dw_num(w, "nextAnimationLast", e->next_animation_last);
    dw_num(w, "animationTime", pc_entry_animation_time(e));
    dw_num(w, "timeScale", e->time_scale);
    dw_num(w, "alpha", e->alpha);
    dw_num(w, "mixTime", e->mix_time);
    dw_num(w, "mixDuration", e->mix_duration);
    dw_str(w, "mixInterpolation", interpolation_names[e->interpolation]);
    dw_num(w, "totalAlpha", e->total_alpha);
    dw_num(w, "eventThreshold", e->event_threshold);
    dw_num(w, "mixAttachmentThreshold", e->mix_attachment_threshold);
    dw_num(w, "alphaAttachmentThreshold", e->alpha_attachment_threshold);
    dw_num(w, "mixDrawOrderThreshold", e->mix_draw_order_threshold);
}

/* `track`: per track, its current entry (T), the entries it mixes from (T<1, ...), those queued (T>1). */
static void write_track_rows(dump_writer *w, const pc_play *run)
{
    const pc_animation_state *s = run->state;
    char key[32];
    for (int t = 0; t < s->track_count; t++) {
        const pc_track_entry *current = s->tracks[t];
        if (!current) continue;
        snprintf(key, sizeof key, "%d", t);
        write_entry_row(w, run, key, current);
        int k = 1;
        for (const pc_track_entry *e = current->mixing_from; e; e = e->mixing_from) {
            snprintf(key, sizeof key, "%d<%d", t, k++);
            write_entry_row(w, run, key, e);
        }
        k = 1;
        for (const pc_track_entry *e = current->next; e; e = e->next) {
            snprintf(key, sizeof key, "%d>%d", t, k++);
            write_entry_row(w, run, key, e);
        }
    }
}

static const char notification_names[6][12] = { "start", "interrupt", "end", "dispose", "complete", "event" };

/* `listener`: what the listener heard since the previous pose, in delivery order. */
static void write_listener_rows(dump_writer *w, const pc_skeleton_data *data, const pc_play *run)
{
    char key[16];
    for (int i = 0; i < run->heard_count; i++) {
        const pc_heard *h = &run->heard[i];
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, "listener", key);
        dw_str(w, "type", notification_names[h->type]);
        dw_num(w, "track", h->track);
        dw_num(w, "entry", (double)h->entry);
        dw_str(w, "animation", h->animation == PC_ANIMATION_NONE ? pc_empty_animation_name
                                                                  : data->animations[h->animation].name);
        const pc_event_key *e = h->event;
        dw_str(w, "event", e ? data->events[e->event].name : NULL);
        if (e) {
            dw_num(w, "time", e->time);
            dw_num(w, "int", e->int_value);
            dw_num(w, "float", e->float_value);
            dw_str(w, "string", e->string_value);
            dw_num(w, "volume", e->volume);
            dw_num(w, "balance", e->balance);
        } else {
            dw_str(w, "time", NULL);
            dw_str(w, "int", NULL);
            dw_str(w, "float", NULL);
            dw_str(w, "string", NULL);
            dw_str(w, "volume", NULL);
            dw_str(w, "balance", NULL);
        }
    }
}

void pc_dump_state_rows(dump_writer *w, const pc_skeleton_data *data, const pc_play *play)
{
    if (play->state) write_track_rows(w, play);
    write_listener_rows(w, data, play);
}
