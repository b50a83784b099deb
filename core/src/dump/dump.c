/* The pose sequence, posed by the core and written as a dump (oracle/FORMAT.md): the data rows, then
 * the poses of the sequence (a scenario file's, or the samples or frames the options stand for, run by
 * play/scenario_run.c), each with the blocks of time when the sequence is timed. The dump is built in
 * memory and written only when whole, so a failure never leaves a partial dump behind. */
#include "dump.h"
#include "instance/constraint.h"
#include "instance/animation.h"
#include "dumpwrite.h"
#include "dump_data.h"
#include "dump_render.h"
#include "instance/skeleton.h"
#include "instance/physics.h"
#include "dump_state.h"
#include "play/scenario_run.h"
#include "js/numtext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_local(dump_writer *w, const char names[8][PC_NAME_ROOM], const pc_bone_local *l)
{
    dw_num(w, names[0], l->x);
    dw_num(w, names[1], l->y);
    dw_num(w, names[2], l->rotation);
    dw_num(w, names[3], l->scale_x);
    dw_num(w, names[4], l->scale_y);
    dw_num(w, names[5], l->shear_x);
    dw_num(w, names[6], l->shear_y);
    dw_str(w, names[7], pc_inherit_names[l->inherit]);
}

static void write_bone_rows(dump_writer *w, const pc_skeleton *sk)
{
    static const char pose_names[8][PC_NAME_ROOM] = { "x", "y", "rotation", "scaleX", "scaleY", "shearX", "shearY",
                                               "inherit" };
    static const char applied_names[8][PC_NAME_ROOM] = { "applied.x", "applied.y", "applied.rotation",
                                                  "applied.scaleX", "applied.scaleY", "applied.shearX",
                                                  "applied.shearY", "applied.inherit" };
    for (int i = 0; i < sk->data->bone_count; i++) {
        const pc_bone *b = &sk->bones[i];
        const pc_bone_pose *ap = b->applied;
        dw_row(w, "bone", b->data->name);
        dw_bool(w, "active", b->active);
        write_local(w, pose_names, &b->pose.local);
        write_local(w, applied_names, &ap->local);
        dw_num(w, "a", ap->a);
        dw_num(w, "b", ap->b);
        dw_num(w, "c", ap->c);
        dw_num(w, "d", ap->d);
        dw_num(w, "worldX", ap->world_x);
        dw_num(w, "worldY", ap->world_y);
    }
}

/* The slot rows (FORMAT.md "slot"): each slot's pose, in slot order. */
static void write_slot_rows(dump_writer *w, const pc_skeleton *sk)
{
    for (int i = 0; i < sk->data->slot_count; i++) {
        const pc_slot *slot = &sk->slots[i];
        const pc_slot_pose *p = &slot->pose;
        dw_row(w, "slot", slot->data->name);
        dw_str(w, "attachment", pc_attachment_present(p->attachment) ? p->attachment->name : NULL);
        dw_num(w, "r", p->color.r);
        dw_num(w, "g", p->color.g);
        dw_num(w, "b", p->color.b);
        dw_num(w, "a", p->color.a);
        if (slot->data->has_dark) {
            dw_num(w, "darkR", p->dark.r);
            dw_num(w, "darkG", p->dark.g);
            dw_num(w, "darkB", p->dark.b);
        } else {
            dw_str(w, "darkR", NULL);
            dw_str(w, "darkG", NULL);
            dw_str(w, "darkB", NULL);
        }
        dw_num(w, "sequenceIndex", p->sequence_index);
        dw_num(w, "deform", p->deform_count);
    }
}

/* A constraint pose's fields of its kind, named with `prefix` ("" or "applied."). */
static void write_constraint_pose(dump_writer *w, pc_constraint_kind kind, const char *prefix,
                                  const pc_constraint_pose *p)
{
    char name[32];
#define FIELD(n, v) (snprintf(name, sizeof name, "%s%s", prefix, n), dw_num(w, name, v))
    switch (kind) {
    case PC_IK:
        FIELD("mix", p->mix);
        FIELD("softness", p->softness);
        FIELD("bendDirection", p->bend_direction);
        snprintf(name, sizeof name, "%scompress", prefix);
        dw_bool(w, name, p->compress);
        snprintf(name, sizeof name, "%sstretch", prefix);
        dw_bool(w, name, p->stretch);
        break;
    case PC_TRANSFORM:
        FIELD("mixRotate", p->mix_rotate);
        FIELD("mixX", p->mix_x);
        FIELD("mixY", p->mix_y);
        FIELD("mixScaleX", p->mix_scale_x);
        FIELD("mixScaleY", p->mix_scale_y);
        FIELD("mixShearY", p->mix_shear_y);
        break;
    case PC_PATH:
        FIELD("position", p->position);
        FIELD("spacing", p->spacing);
        FIELD("mixRotate", p->mix_rotate);
        FIELD("mixX", p->mix_x);
        FIELD("mixY", p->mix_y);
        break;
    case PC_PHYSICS:
        FIELD("inertia", p->inertia);
        FIELD("strength", p->strength);
        FIELD("damping", p->damping);
        FIELD("massInverse", p->mass_inverse);
        FIELD("wind", p->wind);
        FIELD("gravity", p->gravity);
        FIELD("mix", p->mix);
        break;
    case PC_SLIDER:
        FIELD("time", p->time);
        FIELD("mix", p->mix);
        break;
    }
#undef FIELD
}

/* The constraint rows (FORMAT.md "constraint.KIND"): each constraint's active flag, pose and applied
 * pose, one block per kind, in constraint order. */
static void write_constraint_rows(dump_writer *w, const pc_skeleton *sk)
{
    static const char blocks[5][PC_NAME_ROOM] = { "constraint.ik", "constraint.transform", "constraint.path",
                                           "constraint.physics", "constraint.slider" };
    for (int i = 0; i < sk->data->constraint_count; i++) {
        const pc_constraint_data *c = &sk->data->constraints[i];
        const pc_constraint_state *st = &sk->constraints[i];
        dw_row(w, blocks[c->kind], c->name);
        dw_bool(w, "active", st->active);
        write_constraint_pose(w, c->kind, "", &st->pose);
        write_constraint_pose(w, c->kind, "applied.", st->constrained ? &st->constrained_pose : &st->pose);
    }
}

/* The deform rows (FORMAT.md "deform"): every value of every slot's deform, keyed "SLOT#I". */
static void write_deform_rows(dump_writer *w, const pc_skeleton *sk, char *key, size_t key_size)
{
    for (int i = 0; i < sk->data->slot_count; i++) {
        const pc_slot *slot = &sk->slots[i];
        for (int v = 0; v < slot->pose.deform_count; v++) {
            snprintf(key, key_size, "%s#%d", slot->data->name, v);
            dw_row(w, "deform", key);
            dw_str(w, "slot", slot->data->name);
            dw_num(w, "index", v);
            dw_num(w, "value", slot->pose.deform[v]);
        }
    }
}

/* The draw order rows (FORMAT.md "drawOrder"): the slot at each position. */
static void write_draw_order_rows(dump_writer *w, const pc_skeleton *sk)
{
    char key[16];
    for (int i = 0; i < sk->data->slot_count; i++) {
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, "drawOrder", key);
        dw_str(w, "slot", sk->slots[sk->draw_order[i]].data->name);
    }
}

/* The event rows (FORMAT.md "event"): the events the pose's apply fired, in firing order. */
static void write_event_rows(dump_writer *w, const pc_skeleton_data *d, const pc_fired_events *events)
{
    char key[16];
    for (int i = 0; events && i < events->count; i++) {
        const pc_event_key *e = events->items[i];
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, "event", key);
        dw_str(w, "name", d->events[e->event].name);
        dw_num(w, "time", e->time);
        dw_num(w, "int", e->int_value);
        dw_num(w, "float", e->float_value);
        dw_str(w, "string", e->string_value);
        dw_num(w, "volume", e->volume);
        dw_num(w, "balance", e->balance);
    }
}

static void write_pose_rows(dump_writer *w, const pc_skeleton *sk, const pc_fired_events *events, char *key,
                            size_t key_size)
{
    write_bone_rows(w, sk);
    write_slot_rows(w, sk);
    write_deform_rows(w, sk, key, key_size);
    write_draw_order_rows(w, sk);
    write_event_rows(w, sk->data, events);
    write_constraint_rows(w, sk);
}

/* The blocks of time (FORMAT.md "skeleton" and "physics"): the skeleton's time, root transform, wind and
 * gravity; each physics constraint's integration state and the applied pose its update reads. */
static void write_time_rows(dump_writer *w, const pc_skeleton *sk)
{
    dw_row(w, "skeleton", "skeleton");
    dw_num(w, "time", sk->time);
    dw_num(w, "x", sk->x);
    dw_num(w, "y", sk->y);
    dw_num(w, "scaleX", sk->scale_x);
    dw_num(w, "scaleY", sk->scale_y);
    dw_num(w, "windX", sk->wind_x);
    dw_num(w, "windY", sk->wind_y);
    dw_num(w, "gravityX", sk->gravity_x);
    dw_num(w, "gravityY", sk->gravity_y);
    for (int i = 0; i < sk->physics_count; i++) {
        int c = sk->physics_constraints[i];
        const pc_physics_state *s = &sk->physics_states[i];
        const pc_constraint_state *st = &sk->constraints[c];
        const pc_constraint_pose *p = st->constrained ? &st->constrained_pose : &st->pose;
        dw_row(w, "physics", sk->data->constraints[c].name);
        dw_num(w, "ux", s->ux);
        dw_num(w, "uy", s->uy);
        dw_num(w, "cx", s->cx);
        dw_num(w, "cy", s->cy);
        dw_num(w, "tx", s->tx);
        dw_num(w, "ty", s->ty);
        dw_num(w, "xOffset", s->x_offset);
        dw_num(w, "xLag", s->x_lag);
        dw_num(w, "xVelocity", s->x_velocity);
        dw_num(w, "yOffset", s->y_offset);
        dw_num(w, "yLag", s->y_lag);
        dw_num(w, "yVelocity", s->y_velocity);
        dw_num(w, "rotateOffset", s->rotate_offset);
        dw_num(w, "rotateLag", s->rotate_lag);
        dw_num(w, "rotateVelocity", s->rotate_velocity);
        dw_num(w, "scaleOffset", s->scale_offset);
        dw_num(w, "scaleLag", s->scale_lag);
        dw_num(w, "scaleVelocity", s->scale_velocity);
        dw_num(w, "remaining", s->remaining);
        dw_num(w, "lastTime", s->last_time);
        dw_bool(w, "reset", s->reset);
        dw_num(w, "inertia", p->inertia);
        dw_num(w, "strength", p->strength);
        dw_num(w, "damping", p->damping);
        dw_num(w, "massInverse", p->mass_inverse);
        dw_num(w, "wind", p->wind);
        dw_num(w, "gravity", p->gravity);
        dw_num(w, "mix", p->mix);
    }
}

static bool animation_selected(const pc_dump_options *opt, const char *name)
{
    if (opt->anims == NULL) return true;
    for (int i = 0; i < opt->anim_count; i++)
        if (strcmp(opt->anims[i], name) == 0) return true;
    return false;
}

static const char physics_mode_names[4][8] = { "none", "reset", "update", "pose" };

/* A sequence other than the samples under Physics.none at rest: its poses add the blocks of time. */
static bool timed(const pc_dump_options *opt)
{
    return opt->physics != PC_PHYSICS_NONE || opt->frames > 0 || opt->skeleton || opt->move || opt->scenario
           || opt->transitions > 0;
}

static size_t append_numbers(char *buf, size_t n, size_t size, const char *option, const double *v, int count)
{
    if (n < size) n += (size_t)snprintf(buf + n, size - n, " %s ", option);
    for (int i = 0; i < count && n < size; i++) {
        char text[NUMTEXT_MAX];
        numtext_format(v[i], text);
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : "", text);
    }
    return n;
}

void pc_dump_options_text(const pc_dump_options *opt, char *buf, size_t size)
{
    size_t n = 0;
    const char *skin = opt->skin ? opt->skin : "none";
    if (opt->scenario_path) /* the scenario holds the whole sequence */
        n += (size_t)snprintf(buf + n, size - n, "--skin %s --scenario %s", skin, opt->scenario_path);
    else {
        n += (size_t)snprintf(buf + n, size - n, "--skin %s --physics %s", skin, physics_mode_names[opt->physics]);
        if (n < size) {
            if (opt->transitions > 0) {
                n += (size_t)snprintf(buf + n, size - n, " --transitions %d", opt->transitions);
                n = append_numbers(buf, n, size, "--dt", opt->dt, opt->dt_count);
                n = append_numbers(buf, n, size, "--mix", &opt->mix, 1);
            } else if (opt->frames > 0) {
                n += (size_t)snprintf(buf + n, size - n, " --frames %d", opt->frames);
                n = append_numbers(buf, n, size, "--dt", opt->dt, opt->dt_count);
            } else if (opt->keys) n += (size_t)snprintf(buf + n, size - n, " --samples keys");
            else n += (size_t)snprintf(buf + n, size - n, " --samples %d", opt->samples);
        }
        if (opt->skeleton) n = append_numbers(buf, n, size, "--skeleton", opt->skeleton, 4);
        if (opt->move) n = append_numbers(buf, n, size, "--move", opt->move, 2);
        for (int i = 0; opt->anims && i < opt->anim_count && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, " --anim %s", opt->anims[i]);
    }
    if (opt->atlas && n < size) n += (size_t)snprintf(buf + n, size - n, " --atlas %s", opt->atlas);
    if (opt->vertices && n < size) n += (size_t)snprintf(buf + n, size - n, " --vertices");
}

/* What the pose steps write into: the writer, the pose count, the rows' key buffer. */
typedef struct pose_writer {
    dump_writer *w;
    int index;
    char *key;
    size_t key_size;
    bool timed;
    pc_dump_render *render; /* --vertices: the blocks of what is drawn, after the pose's others */
    const char *thrown;     /* what the runtime threw drawing a pose (drawing: where), or NULL */
    char drawing[300];
} pose_writer;

static bool write_pose(void *ctx, const pc_skeleton *sk, const char *animation, double time,
                       const pc_fired_events *events, const pc_play *play)
{
    pose_writer *pw = ctx;
    dw_pose(pw->w, pw->index++, animation, time);
    write_pose_rows(pw->w, sk, events, pw->key, pw->key_size);
    if (pw->timed) {
        write_time_rows(pw->w, sk);
        pc_dump_state_rows(pw->w, sk->data, play); /* track, listener */
    }
    if (!pw->render) return true;
    pw->thrown = pc_dump_render_rows(pw->w, pw->render, sk);
    if (!pw->thrown) return true;
    snprintf(pw->drawing, sizeof pw->drawing, "drawing %s%.100s%s at %.17g: %.120s",
             animation ? "animation \"" : "the setup pose", animation ? animation : "", animation ? "\"" : "", time,
             pw->thrown);
    return false;
}

/* The scenario the options stand for (the shorthands), or NULL when memory runs out. */
static pc_scenario *shorthand(const pc_skeleton_data *data, const pc_dump_options *opt)
{
    int *anims = malloc((size_t)(data->animation_count ? data->animation_count : 1) * sizeof *anims);
    const char **names = malloc((size_t)(data->animation_count ? data->animation_count : 1) * sizeof *names);
    pc_scenario *sc = NULL;
    if (anims && names) {
        int n = 0;
        for (int a = 0; a < data->animation_count; a++)
            if (animation_selected(opt, data->animations[a].name)) {
                anims[n] = a;
                names[n++] = data->animations[a].name;
            }
        pc_shorthand o = { opt->physics, anims, n, names, opt->skeleton, opt->samples, opt->keys, opt->frames,
                           opt->dt, opt->dt_count, opt->move, opt->transitions, opt->mix };
        sc = pc_scenario_shorthand(&o);
    }
    free(anims);
    free(names);
    return sc;
}

/* Runs the sequence, writing its poses. An animation (or a step) the core does not pose yet ends the
 * sequence with `unsupported pose` (the poses before it are written) and its reason in
 * unposed[0..size) (left "" when everything is posed). False with *err set when the document is refused
 * while posing (or memory runs out). */
static bool pose_sequence(dump_writer *w, const char *input, const pc_skeleton_data *data,
                          const pc_dump_options *opt, pc_scenario *sc, pc_skeleton *sk, pc_error *err, char *unposed,
                          size_t size, pc_dump_render *render)
{
    size_t key_size = 16;
    for (int i = 0; i < data->slot_count; i++)
        if (strlen(data->slots[i].name) + 16 > key_size) key_size = strlen(data->slots[i].name) + 16;
    pose_writer pw = { w, 0, malloc(key_size), key_size, timed(opt), render, NULL, "" };
    if (!pw.key) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
        return false;
    }
    char msg[400];
    pc_status status = pc_scenario_run(sk, sc, write_pose, &pw, msg, sizeof msg);
    free(pw.key);
    if (status == PC_UNSUPPORTED) {
        snprintf(unposed, size, "%s", msg);
        dw_unsupported(w, "pose", unposed);
        return true;
    }
    if (status != PC_OK) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%.200s: %.300s", input, pw.thrown ? pw.drawing : msg);
        return false;
    }
    return true;
}

pc_status pc_dump_write(FILE *out, const char *input, const pc_skeleton_data *data,
                        const pc_dump_options *opt, pc_error *err)
{
    err->status = PC_OK;
    for (int i = 0; opt->anims && i < opt->anim_count; i++) {
        bool found = false;
        for (int a = 0; a < data->animation_count && !found; a++)
            found = strcmp(data->animations[a].name, opt->anims[i]) == 0;
        if (!found) {
            err->status = PC_INVALID;
            snprintf(err->message, sizeof err->message, "%s: $.animations: Animation not found: %s", input,
                     opt->anims[i]);
            return err->status;
        }
    }
    pc_skeleton *sk = pc_skeleton_new(data);
    if (!sk) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
        return err->status;
    }
    if (opt->physics_step_limit > 0) pc_skeleton_set_physics_step_limit(sk, opt->physics_step_limit);
    if (!pc_skeleton_set_skin(sk, opt->skin)) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: $.skins: Skin not found: %s", input, opt->skin);
        pc_skeleton_free(sk);
        return err->status;
    }
    /* The runtime throws making the instance or setting the skin (its update order). */
    if (sk->fault[0]) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%.200s: the skeleton instance: %.250s", input, sk->fault);
        pc_skeleton_free(sk);
        return err->status;
    }
    /* A value read but not modelled (skeleton_data.h): no dump rather than a wrong one. */
    if (data->unmodelled[0]) {
        err->status = PC_UNSUPPORTED;
        snprintf(err->message, sizeof err->message, "%.200s: %.250s (JavaScript coercion not modelled)", input,
                 data->unmodelled);
        pc_skeleton_free(sk);
        return err->status;
    }
    /* The sequence: the scenario file's, or the one the options stand for; every name it gives looked
     * up in the document (a name it lacks refuses the pair, before any pose). */
    pc_scenario *made = opt->scenario ? NULL : shorthand(data, opt);
    pc_scenario *sc = opt->scenario ? opt->scenario : made;
    char names_msg[400];
    if (!sc) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
        pc_skeleton_free(sk);
        return err->status;
    }
    if (!pc_scenario_resolve(sc, data, names_msg, sizeof names_msg)) {
        err->status = PC_INVALID;
        if (opt->scenario_path)
            snprintf(err->message, sizeof err->message, "%.150s: %.150s %.200s", input, opt->scenario_path, names_msg);
        else snprintf(err->message, sizeof err->message, "%.150s: %.300s", input, names_msg);
        pc_scenario_free(made);
        pc_skeleton_free(sk);
        return err->status;
    }
    /* An active constraint of a kind the core does not solve yet: the data rows and the update order
     * are written, no pose, and the dump is unsupported (exit 3). */
    int unsolved = pc_constraint_first_unsolved(sk);
    bool constraints = unsolved >= 0;
    char unsolved_reason[256] = "";
    if (constraints) pc_constraint_unsupported(data, unsolved, unsolved_reason, sizeof unsolved_reason);

    char *text = NULL;
    size_t text_len = 0;
    FILE *mem = open_memstream(&text, &text_len);
    if (!mem) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
        pc_scenario_free(made);
        pc_skeleton_free(sk);
        return err->status;
    }
    char options[32768];
    pc_dump_options_text(opt, options, sizeof options);
    dump_writer w;
    dw_begin(&w, mem);
    dw_meta(&w, "runtime", "posecore " POSECORE_VERSION);
    dw_meta(&w, "input", input);
    dw_meta(&w, "options", options);
    pc_dump_data_rows(&w, data);
    pc_dump_update_rows(&w, sk);
    pc_dump_render *render = opt->vertices ? pc_dump_render_new(data) : NULL;
    if (render) pc_dump_render_unsupported(&w, render, sk);

    bool failed = false;
    char unposed[400] = ""; /* why an animation is not posed: the poses before it are written */
    if (constraints) dw_unsupported(&w, "pose", unsolved_reason);
    else if (opt->vertices && !render) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
        failed = true;
    } else failed = !pose_sequence(&w, input, data, opt, sc, sk, err, unposed, sizeof unposed, render);
    dw_end(&w);
    pc_dump_render_free(render);

    failed = w.failed || ferror(mem) != 0 || failed;
    fclose(mem);
    pc_scenario_free(made);
    pc_skeleton_free(sk);
    if (err->status != PC_OK) {
        free(text);
        return err->status;
    }
    if (!failed) failed = fwrite(text, 1, text_len, out) != text_len || fflush(out) != 0;
    free(text);
    if (failed) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot write the dump", input);
    } else if (constraints) {
        err->status = PC_UNSUPPORTED;
        snprintf(err->message, sizeof err->message, "%.200s: unsupported: %.240s; the dump holds the data rows and the "
                 "update order", input, unsolved_reason);
    } else if (unposed[0]) {
        err->status = PC_UNSUPPORTED;
        snprintf(err->message, sizeof err->message, "%.200s: unsupported: %.250s; the dump holds the poses before it",
                 input, unposed);
    }
    return err->status;
}
