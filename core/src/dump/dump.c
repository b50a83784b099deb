/* The pose sequence, posed by the core and written as a dump (oracle/FORMAT.md): the data rows, the
 * setup pose, then the animations' samples. The dump is built in memory and written only when whole,
 * so a failure never leaves a partial dump behind. */
#include "dump.h"
#include "instance/constraint.h"
#include "instance/animation.h"
#include "dumpwrite.h"
#include "dump_data.h"
#include "dump_render.h"
#include "instance/skeleton.h"

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

static bool animation_selected(const pc_dump_options *opt, const char *name)
{
    if (opt->anims == NULL) return true;
    for (int i = 0; i < opt->anim_count; i++)
        if (strcmp(opt->anims[i], name) == 0) return true;
    return false;
}

void pc_dump_options_text(const pc_dump_options *opt, char *buf, size_t size)
{
    size_t n = 0;
    n += (size_t)snprintf(buf + n, size - n, "--skin %s --physics none", opt->skin ? opt->skin : "none");
    if (n < size) {
        if (opt->keys) n += (size_t)snprintf(buf + n, size - n, " --samples keys");
        else n += (size_t)snprintf(buf + n, size - n, " --samples %d", opt->samples);
    }
    for (int i = 0; opt->anims && i < opt->anim_count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, " --anim %s", opt->anims[i]);
    if (opt->atlas && n < size) n += (size_t)snprintf(buf + n, size - n, " --atlas %s", opt->atlas);
    if (opt->vertices && n < size) n += (size_t)snprintf(buf + n, size - n, " --vertices");
}

/* Sample times of an animation (FORMAT.md): N evenly spaced over its duration, or its key times. */
static int sample_times(const pc_animation_data *a, const pc_dump_options *opt, double *out)
{
    if (opt->keys) return pc_animation_key_times(a, out);
    if (opt->samples == 1) {
        out[0] = 0;
        return 1;
    }
    for (int i = 0; i < opt->samples; i++) out[i] = a->duration * i / (opt->samples - 1);
    return opt->samples;
}

/* Pose 0 (the setup pose), then every sample of every selected animation on the same instance, each
 * from the setup pose. An animation with a timeline the core does not apply yet ends the sequence with
 * `unsupported pose` (the poses before it are written) and its reason in unposed[0..size) (left "" when
 * every animation is posed). False with *err
 * set when the document is refused while posing (or memory runs out). */
/* With --vertices, the blocks of what is drawn after the pose's other blocks; false (with *err) where
 * the runtime throws making them. */
static bool render_rows(dump_writer *w, pc_dump_render *render, const pc_skeleton *sk, const char *input,
                        const char *animation, double time, pc_error *err)
{
    const char *thrown = render ? pc_dump_render_rows(w, render, sk) : NULL;
    if (!thrown) return true;
    err->status = PC_INVALID;
    snprintf(err->message, sizeof err->message, "%.200s: drawing %s%.100s%s at %.17g: %s", input,
             animation ? "animation \"" : "the setup pose", animation ? animation : "", animation ? "\"" : "", time,
             thrown);
    return false;
}

static bool pose_sequence(dump_writer *w, const char *input, const pc_skeleton_data *data,
                          const pc_dump_options *opt, pc_skeleton *sk, pc_error *err, char *unposed, size_t size,
                          pc_dump_render *render)
{
    size_t key_size = 16;
    int time_capacity = 1, event_capacity = 1;
    for (int i = 0; i < data->slot_count; i++)
        if (strlen(data->slots[i].name) + 16 > key_size) key_size = strlen(data->slots[i].name) + 16;
    for (int a = 0; a < data->animation_count; a++) {
        const pc_animation_data *anim = &data->animations[a];
        if (!animation_selected(opt, anim->name)) continue;
        int n = opt->keys ? pc_animation_key_time_capacity(anim) : opt->samples;
        if (n > time_capacity) time_capacity = n;
        n = 2 * pc_animation_event_capacity(anim);
        if (n > event_capacity) event_capacity = n;
    }
    char *key = malloc(key_size);
    double *times = malloc((size_t)time_capacity * sizeof *times);
    const pc_event_key **fired = malloc((size_t)event_capacity * sizeof *fired);
    bool ok = key && times && fired;
    if (!ok) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
    }
    pc_fired_events events = { fired, 0, event_capacity };

    int index = 0;
    if (ok) {
        pc_skeleton_setup_pose(sk);
        pc_skeleton_update_world_transform(sk);
        if (sk->thrown) {
            err->status = PC_INVALID;
            snprintf(err->message, sizeof err->message, "%.200s: the setup pose: %s", input, sk->thrown);
            ok = false;
        }
    }
    if (ok) {
        dw_pose(w, index++, NULL, 0);
        write_pose_rows(w, sk, NULL, key, key_size);
        ok = render_rows(w, render, sk, input, NULL, 0, err);
    }
    for (int a = 0; ok && a < data->animation_count; a++) {
        const pc_animation_data *anim = &data->animations[a];
        if (!animation_selected(opt, anim->name)) continue;
        if (pc_animation_unsupported(data, anim, unposed, size)) {
            dw_unsupported(w, "pose", unposed);
            break;
        }
        int n = sample_times(anim, opt, times);
        double last_time = -1;
        for (int i = 0; i < n; i++) {
            pc_skeleton_setup_pose(sk);
            events.count = 0;
            const char *thrown = pc_animation_apply(sk, anim, last_time, times[i], &events);
            if (thrown) {
                err->status = PC_INVALID;
                snprintf(err->message, sizeof err->message, "%.200s: animation \"%.100s\" at %.17g: %s", input,
                         anim->name, times[i], thrown);
                ok = false;
                break;
            }
            pc_skeleton_update_world_transform(sk);
            if (sk->thrown) {
                err->status = PC_INVALID;
                snprintf(err->message, sizeof err->message, "%.200s: animation \"%.100s\" at %.17g: %s", input,
                         anim->name, times[i], sk->thrown);
                ok = false;
                break;
            }
            dw_pose(w, index++, anim->name, times[i]);
            write_pose_rows(w, sk, &events, key, key_size);
            if (!render_rows(w, render, sk, input, anim->name, times[i], err)) {
                ok = false;
                break;
            }
            last_time = times[i];
        }
    }
    free(key);
    free(times);
    free(fired);
    return ok;
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
        pc_skeleton_free(sk);
        return err->status;
    }
    char options[512];
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
    char unposed[200] = ""; /* why an animation is not posed: the poses before it are written */
    if (constraints) dw_unsupported(&w, "pose", unsolved_reason);
    else if (opt->vertices && !render) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: out of memory", input);
        failed = true;
    } else failed = !pose_sequence(&w, input, data, opt, sk, err, unposed, sizeof unposed, render);
    dw_end(&w);
    pc_dump_render_free(render);

    failed = ferror(mem) != 0 || failed;
    fclose(mem);
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
        snprintf(err->message, sizeof err->message, "%.200s: unsupported: %s; the dump holds the data rows and the "
                 "update order", input, unsolved_reason);
    } else if (unposed[0]) {
        err->status = PC_UNSUPPORTED;
        snprintf(err->message, sizeof err->message, "%.200s: unsupported: %.250s; the dump holds the poses before it",
                 input, unposed);
    }
    return err->status;
}
