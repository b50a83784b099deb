/* Slot timelines: attachment, rgba, rgb, alpha, rgba2 and rgb2 set a slot's pose when the slot's bone
 * is active. At alpha 1 from the setup pose:
 *   - before the first key: the setup colors (copied, not clamped) and the setup attachment;
 *   - the colors of the keys, each channel clamped to [0, 1] (NaN is kept: it compares false);
 *   - the attachment named by the last key at or before the time, none for a key without a name. */
#include "timeline.h"

static double clamp01(double v)
{
    return v < 0 ? 0 : (v > 1 ? 1 : v);
}

/* Skeleton.getAttachment for a name, or no attachment (null) for none, set on one of the slot's poses. */
static void set_attachment_named(pc_skeleton *sk, const pc_slot *slot, pc_slot_pose *pose, const char *name)
{
    const pc_attachment *a = NULL;
    if (name != NULL && name[0] != '\0') a = pc_skeleton_get_attachment(sk, slot->data->index, name);
    pc_slot_set_attachment(pose, a);
}

static void apply_attachment(pc_skeleton *sk, const pc_timeline *t, pc_slot *slot, double time)
{
    if (time < t->frames[0]) {
        set_attachment_named(sk, slot, &slot->pose, slot->data->attachment_key);
        return;
    }
    /* Without keys the search finds index -1, whose name the runtime reads as undefined: none. */
    int i = pc_timeline_search(t, time);
    set_attachment_named(sk, slot, &slot->pose, i >= 0 ? t->attachment_names[i] : NULL);
}

void pc_apply_attachment_timeline_mix(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!slot->bone->active) return;
    pc_slot_pose *pose = m->applied ? slot->applied : &slot->pose;
    if (m->out || time < t->frames[0]) {
        if (m->from != PC_FROM_CURRENT) set_attachment_named(sk, slot, pose, slot->data->attachment_key);
        return;
    }
    int i = pc_timeline_search(t, time);
    set_attachment_named(sk, slot, pose, i >= 0 ? t->attachment_names[i] : NULL);
}

void pc_apply_attachment_timeline_keys(pc_skeleton *sk, const pc_timeline *t, double time,
                                       const pc_attachment *const *keys)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!slot->bone->active) return;
    pc_skeleton_mark_slot(sk, t->target); /* the next setup pose resets it (skeleton.c) */
    /* apply_attachment with the lookups made: the setup name's attachment is the slot's setup
     * attachment (NULL for no name), each key's in keys. */
    if (time < t->frames[0]) {
        pc_slot_set_attachment(&slot->pose, sk->setup_attachments[t->target]);
        return;
    }
    int i = pc_timeline_search(t, time);
    pc_slot_set_attachment(&slot->pose, i >= 0 ? keys[i] : NULL);
}

const char *pc_apply_slot_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!slot->bone->active) return NULL;
    pc_skeleton_mark_slot(sk, t->target); /* the next setup pose resets it (skeleton.c) */
    if (t->kind == PC_TL_ATTACHMENT) {
        apply_attachment(sk, t, slot, time);
        return NULL;
    }
    pc_color *light = &slot->pose.color, *dark = &slot->pose.dark;
    const pc_color *setup = &slot->data->color, *setup_dark = &slot->data->dark;
    bool before = time < t->frames[0];
    /* A two-color timeline reads or sets the dark color, which a slot without one holds as null. */
    if ((t->kind == PC_TL_RGBA2 || t->kind == PC_TL_RGB2) && !slot->data->has_dark)
        return before ? "TypeError: Cannot read properties of null (reading 'r')"
                      : "TypeError: Cannot set properties of null (setting 'r')";
    if (before) {
        switch (t->kind) {
        case PC_TL_RGBA:
            *light = *setup;
            break;
        case PC_TL_RGBA2:
            *light = *setup;
            dark->r = setup_dark->r, dark->g = setup_dark->g, dark->b = setup_dark->b;
            break;
        case PC_TL_RGB2:
            dark->r = setup_dark->r, dark->g = setup_dark->g, dark->b = setup_dark->b;
            /* fall through */
        case PC_TL_RGB:
            light->r = setup->r, light->g = setup->g, light->b = setup->b;
            break;
        case PC_TL_ALPHA:
            light->a = setup->a;
            break;
        default:
            break;
        }
        return NULL;
    }
    if (t->kind == PC_TL_ALPHA) {
        light->a = clamp01(pc_timeline_curve_value_inline(t, time));
        return NULL;
    }
    double v[7];
    int frame, i = pc_timeline_search_frame(t, time, &frame), values = t->entries - 1;
    for (int k = 0; k < values; k++) v[k] = pc_timeline_value_at(t, time, i, frame, k + 1);
    switch (t->kind) {
    case PC_TL_RGBA:
        light->r = clamp01(v[0]), light->g = clamp01(v[1]), light->b = clamp01(v[2]), light->a = clamp01(v[3]);
        break;
    case PC_TL_RGB:
        light->r = clamp01(v[0]), light->g = clamp01(v[1]), light->b = clamp01(v[2]);
        break;
    case PC_TL_RGBA2:
        light->r = clamp01(v[0]), light->g = clamp01(v[1]), light->b = clamp01(v[2]), light->a = clamp01(v[3]);
        dark->r = clamp01(v[4]), dark->g = clamp01(v[5]), dark->b = clamp01(v[6]);
        break;
    case PC_TL_RGB2:
        light->r = clamp01(v[0]), light->g = clamp01(v[1]), light->b = clamp01(v[2]);
        dark->r = clamp01(v[3]), dark->g = clamp01(v[4]), dark->b = clamp01(v[5]);
        break;
    default:
        break;
    }
    return NULL;
}
