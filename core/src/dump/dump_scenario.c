/* A dump of a scenario (oracle/FORMAT.md "Scenarios"): `--scenario FILE` or the `--transitions`
 * shorthand, run by play/scenario_run.c, each pose written with the pose rows of every dump, then the
 * blocks of time (`skeleton`, `physics`) and of the AnimationState (`track`, `listener`). As pc_dump_write,
 * the dump is made in memory and written only when whole; a run the core does not pose to its end
 * writes the poses before and `unsupported pose` (exit 3). */
#include "dump_scenario.h"
#include "dump_data.h"
#include "dump_rows.h"
#include "dumpwrite.h"
#include "instance/constraint.h"
#include "js/wholefile.h"
#include "play/scenario_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct writer {
    dump_writer *w;
    int index;
    char *key;
    size_t key_size;
} writer;

static void write_skeleton_row(dump_writer *w, const pc_scenario_run *run)
{
    const pc_skeleton *sk = run->sk;
    dw_row(w, "skeleton", "skeleton");
    dw_num(w, "time", run->time);
    dw_num(w, "x", sk->x);
    dw_num(w, "y", sk->y);
    dw_num(w, "scaleX", sk->scale_x);
    dw_num(w, "scaleY", sk->scale_y);
    dw_num(w, "windX", run->wind_x);
    dw_num(w, "windY", run->wind_y);
    dw_num(w, "gravityX", run->gravity_x);
    dw_num(w, "gravityY", run->gravity_y);
}

/* The physics state under Physics.none (scenario_run.h): nothing moved, `_reset` true, lastTime the
 * latest reset's time; then the applied pose. */
static void write_physics_rows(dump_writer *w, const pc_scenario_run *run)
{
    static const char zeros[20][16] = { "ux", "uy", "cx", "cy", "tx", "ty", "xOffset", "xLag", "xVelocity", "yOffset",
                                        "yLag", "yVelocity", "rotateOffset", "rotateLag", "rotateVelocity",
                                        "scaleOffset", "scaleLag", "scaleVelocity", "remaining", "" };
    const pc_skeleton_data *d = run->data;
    for (int c = 0; c < d->constraint_count; c++) {
        if (d->constraints[c].kind != PC_PHYSICS) continue;
        const pc_constraint_state *st = &run->sk->constraints[c];
        const pc_constraint_pose *p = st->constrained ? &st->constrained_pose : &st->pose;
        dw_row(w, "physics", d->constraints[c].name);
        for (int k = 0; zeros[k][0]; k++) dw_num(w, zeros[k], 0);
        dw_num(w, "lastTime", run->physics_last_time[c]);
        dw_bool(w, "reset", true);
        dw_num(w, "inertia", p->inertia);
        dw_num(w, "strength", p->strength);
        dw_num(w, "damping", p->damping);
        dw_num(w, "massInverse", p->mass_inverse);
        dw_num(w, "wind", p->wind);
        dw_num(w, "gravity", p->gravity);
        dw_num(w, "mix", p->mix);
    }
}

static const char interpolation_names[7][12] = { "linear", "smooth", "slowFast", "fastSlow", "circle", "pow", "powOut" };

static void write_entry_row(dump_writer *w, const pc_scenario_run *run, const char *key, const pc_track_entry *e)
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
static void write_track_rows(dump_writer *w, const pc_scenario_run *run)
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

static void write_listener_rows(dump_writer *w, const pc_scenario_run *run)
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
                                                                  : run->data->animations[h->animation].name);
        const pc_event_key *e = h->event;
        dw_str(w, "event", e ? run->data->events[e->event].name : NULL);
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

static bool write_pose(void *user, pc_scenario_run *run, const char *animation, double time)
{
    writer *wr = user;
    dw_pose(wr->w, wr->index++, animation, time);
    pc_dump_pose_rows(wr->w, run->sk, &run->events, wr->key, wr->key_size);
    write_skeleton_row(wr->w, run);
    write_physics_rows(wr->w, run);
    write_track_rows(wr->w, run);
    write_listener_rows(wr->w, run);
    return true;
}

void pc_dump_scenario_options_text(const pc_dump_scenario_options *o, char *buf, size_t size)
{
    static const char modes[4][8] = { "none", "reset", "update", "pose" };
    size_t n = (size_t)snprintf(buf, size, "--skin %s", o->skin ? o->skin : "none");
    if (o->scenario) {
        if (n < size) snprintf(buf + n, size - n, " --scenario %s", o->scenario);
        return;
    }
    if (n < size) n += (size_t)snprintf(buf + n, size - n, " --physics %s --transitions %d --dt", modes[o->physics],
                                        o->transitions);
    for (int i = 0; i < o->dt_count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%.17g", i ? "," : " ", o->dt[i]);
    if (n < size) n += (size_t)snprintf(buf + n, size - n, " --mix %.17g", o->mix);
    for (int i = 0; o->anims && i < o->anim_count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, " --anim %s", o->anims[i]);
}

static pc_status fail(pc_error *err, pc_status status, const char *fmt, const char *a, const char *b)
{
    err->status = status;
    snprintf(err->message, sizeof err->message, fmt, a, b);
    return status;
}

/* The steps of the dump: the scenario file's, or those --transitions stands for. */
static pc_scenario *steps_of(const pc_dump_scenario_options *o, const pc_skeleton_data *data, pc_error *err)
{
    if (o->scenario) {
        size_t len;
        char *text = file_read(o->scenario, &len);
        if (!text) {
            fail(err, PC_INVALID, "%.200s: cannot read%s", o->scenario, "");
            return NULL;
        }
        pc_scenario *sc = pc_scenario_read(text, len, o->scenario, err);
        free(text);
        return sc;
    }
    int *animations = malloc((size_t)(data->animation_count ? data->animation_count : 1) * sizeof *animations);
    if (!animations) return NULL;
    int count = 0;
    for (int a = 0; a < data->animation_count; a++) {
        bool chosen = o->anims == NULL;
        for (int k = 0; o->anims && k < o->anim_count && !chosen; k++) chosen = strcmp(o->anims[k], data->animations[a].name) == 0;
        if (chosen) animations[count++] = a;
    }
    pc_scenario *sc = pc_scenario_transitions(data, animations, count, o->transitions, o->dt, o->dt_count, o->mix,
                                              o->physics, o->place, o->move);
    free(animations);
    if (!sc) fail(err, PC_INVALID, "%.200s: out of memory%s", "--transitions", "");
    return sc;
}

/* Physics reset timelines reset the physics state's lastTime at the skeleton's time, which the core
 * does not track inside an apply: the physics block is then not written. */
static bool physics_resets(const pc_skeleton_data *d)
{
    bool physics = false;
    for (int c = 0; c < d->constraint_count; c++) physics |= d->constraints[c].kind == PC_PHYSICS;
    if (!physics) return false;
    for (int a = 0; a < d->animation_count; a++)
        for (int t = 0; t < d->animations[a].timeline_count; t++)
            if (d->animations[a].timelines[t].kind == PC_TL_PHYSICS_RESET) return true;
    return false;
}

pc_status pc_dump_scenario(FILE *out, const char *input, const pc_skeleton_data *data,
                           const pc_dump_scenario_options *o, pc_error *err)
{
    err->status = PC_OK;
    for (int i = 0; o->anims && i < o->anim_count; i++) {
        bool found = false;
        for (int a = 0; a < data->animation_count && !found; a++) found = strcmp(data->animations[a].name, o->anims[i]) == 0;
        if (!found) return fail(err, PC_INVALID, "%.200s: $.animations: Animation not found: %.200s", input, o->anims[i]);
    }
    pc_scenario *sc = steps_of(o, data, err);
    if (!sc) return err->status != PC_OK ? err->status : fail(err, PC_INVALID, "%.200s: out of memory%s", input, "");
    pc_skeleton *sk = pc_skeleton_new(data);
    if (!sk) {
        pc_scenario_free(sc);
        return fail(err, PC_INVALID, "%.200s: out of memory%s", input, "");
    }
    pc_status status = PC_OK;
    pc_scenario_run run;
    bool run_made = false;
    char *text = NULL;
    size_t text_len = 0;
    FILE *mem = NULL;
    if (!pc_skeleton_set_skin(sk, o->skin)) {
        status = fail(err, PC_INVALID, "%.200s: $.skins: Skin not found: %.200s", input, o->skin);
        goto done;
    }
    if (sk->fault[0]) {
        status = fail(err, PC_INVALID, "%.200s: the skeleton instance: %.250s", input, sk->fault);
        goto done;
    }
    if (data->unmodelled[0]) {
        status = fail(err, PC_UNSUPPORTED, "%.200s: %.250s (JavaScript coercion not modelled)", input, data->unmodelled);
        goto done;
    }
    run_made = pc_scenario_run_init(&run, sk);
    if (!run_made) {
        status = fail(err, PC_INVALID, "%.200s: out of memory%s", input, "");
        goto done;
    }
    if (o->scenario && pc_scenario_resolve(&run, sc->steps, sc->step_count, o->scenario) != PC_OK) {
        status = fail(err, PC_INVALID, "%.150s: %.300s", input, run.message);
        goto done;
    }
    int unsolved = pc_constraint_first_unsolved(sk);
    char unsolved_reason[256] = "";
    if (unsolved >= 0) pc_constraint_unsupported(data, unsolved, unsolved_reason, sizeof unsolved_reason);

    mem = open_memstream(&text, &text_len);
    if (!mem) {
        status = fail(err, PC_INVALID, "%.200s: out of memory%s", input, "");
        goto done;
    }
    char options[600];
    pc_dump_scenario_options_text(o, options, sizeof options);
    dump_writer w;
    dw_begin(&w, mem);
    dw_meta(&w, "runtime", "posecore " POSECORE_VERSION);
    dw_meta(&w, "input", input);
    dw_meta(&w, "options", options);
    pc_dump_data_rows(&w, data);
    pc_dump_update_rows(&w, sk);
    if (unsolved >= 0) {
        dw_unsupported(&w, "pose", unsolved_reason);
        status = fail(err, PC_UNSUPPORTED, "%.150s: unsupported: %.250s; the dump holds the data rows and the update order",
                      input, unsolved_reason);
    } else {
        if (physics_resets(data))
            dw_unsupported(&w, "physics", "a physics reset timeline (physics state in time, issue 17)");
        size_t key_size = 16;
        for (int i = 0; i < data->slot_count; i++)
            if (strlen(data->slots[i].name) + 16 > key_size) key_size = strlen(data->slots[i].name) + 16;
        writer wr = { &w, 0, malloc(key_size), key_size };
        if (!wr.key) {
            status = fail(err, PC_INVALID, "%.200s: out of memory%s", input, "");
        } else {
            pc_status ran = pc_scenario_run_steps(&run, sc->steps, sc->step_count, write_pose, &wr);
            if (ran == PC_INVALID) {
                status = fail(err, PC_INVALID, "%.150s: %.300s", input, run.message);
            } else if (ran == PC_UNSUPPORTED) {
                dw_unsupported(&w, "pose", run.message);
                status = fail(err, PC_UNSUPPORTED, "%.120s: unsupported: %.300s; the dump holds the poses before it", input,
                              run.message);
            }
        }
        free(wr.key);
    }
    dw_end(&w);
    bool failed = ferror(mem) != 0;
    fclose(mem);
    mem = NULL;
    if (status == PC_INVALID) goto done;
    if (failed || fwrite(text, 1, text_len, out) != text_len || fflush(out) != 0)
        status = fail(err, PC_INVALID, "%.200s: cannot write the dump%s", input, "");
done:
    if (mem) fclose(mem);
    free(text);
    if (run_made) pc_scenario_run_free(&run);
    pc_skeleton_free(sk);
    pc_scenario_free(sc);
    return status;
}
