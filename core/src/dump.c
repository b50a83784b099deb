/* The pose sequence, posed by the core and written as a dump (oracle/FORMAT.md): the data rows, the
 * setup pose, then the animations' samples. The dump is built in memory and written only when whole,
 * so a failure never leaves a partial dump behind. */
#include "dump.h"
#include "dumpwrite.h"
#include "dump_data.h"
#include "skeleton.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_local(dump_writer *w, const char *const names[8], const pc_bone_local *l)
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

static void write_pose_rows(dump_writer *w, const pc_skeleton *sk)
{
    static const char *const pose_names[8] = { "x", "y", "rotation", "scaleX", "scaleY", "shearX", "shearY",
                                               "inherit" };
    static const char *const applied_names[8] = { "applied.x", "applied.y", "applied.rotation",
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
    /* Constraints are not solved yet: the data rows and the update order are written, no pose, and the
     * dump is unsupported (exit 3). */
    bool constraints = false;
    for (int i = 0; i < sk->update_count && !constraints; i++) constraints = sk->update_order[i].kind == PC_UPDATE_CONSTRAINT;

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

    if (constraints) {
        dw_unsupported(&w, "pose", "constraints are not posed yet (issues 5 and 8)");
    } else {
        pc_skeleton_setup_pose(sk);
        pc_skeleton_update_world_transform(sk);
        dw_pose(&w, 0, NULL, 0);
        write_pose_rows(&w, sk);

        bool any_animation = false;
        for (int a = 0; a < data->animation_count; a++)
            any_animation |= animation_selected(opt, data->animations[a].name);
        if (any_animation) dw_unsupported(&w, "pose", "animations are not posed yet (issue 7)");
    }
    dw_end(&w);

    bool failed = ferror(mem) != 0;
    fclose(mem);
    pc_skeleton_free(sk);
    if (!failed) failed = fwrite(text, 1, text_len, out) != text_len || fflush(out) != 0;
    free(text);
    if (failed) {
        err->status = PC_INVALID;
        snprintf(err->message, sizeof err->message, "%s: cannot write the dump", input);
    } else if (constraints) {
        err->status = PC_UNSUPPORTED;
        snprintf(err->message, sizeof err->message, "%s: unsupported: constraints are not posed yet (issues 5 and 8); "
                 "the dump holds the data rows and the update order", input);
    }
    return err->status;
}
