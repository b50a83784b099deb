/* Slot timelines: attachment, rgba, rgb, alpha, rgba2 and rgb2 set a slot's pose (or its applied pose)
 * when the slot's bone is active. At alpha 1 from the setup pose:
 *   - before the first key: the setup colors (copied, not clamped) and the setup attachment;
 *   - the colors of the keys, each channel clamped to [0, 1] (NaN is kept: it compares false);
 *   - the attachment named by the last key at or before the time, none for a key without a name.
 * Under other mixes, apply_color below; an attachment timeline mixing out or before its first key sets
 * the setup attachment, or nothing from the current pose (it reads no alpha). */
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
    if (pose == &slot->pose) pc_skeleton_mark_slot(sk, t->target); /* the next setup pose resets it */
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

/* Two-color timelines read or set the dark color, which a slot without one holds as null: where the
 * runtime throws. Before the first key it reads the setup dark color unless it mixes from the current
 * pose (then it does nothing); at or after the first key it sets the dark color at alpha 1 and reads it
 * (or the setup's) otherwise. NULL where it does not throw. */
static const char *dark_missing(const pc_slot *slot, const pc_timeline *t, bool before, const pc_mix *m)
{
    if ((t->kind != PC_TL_RGBA2 && t->kind != PC_TL_RGB2) || slot->data->has_dark) return NULL;
    if (before) return m->from == PC_FROM_CURRENT ? NULL : "TypeError: Cannot read properties of null (reading 'r')";
    return m->alpha == 1 ? "TypeError: Cannot set properties of null (setting 'r')"
                         : "TypeError: Cannot read properties of null (reading 'r')";
}

/* Color.add / Color.set: the channels clamped to [0, 1] in place (NaN kept). */
static void clamp_color(pc_color *c, bool alpha)
{
    c->r = clamp01(c->r), c->g = clamp01(c->g), c->b = clamp01(c->b);
    if (alpha) c->a = clamp01(c->a);
}

/* The runtime's color timelines under a mix (Animation.js RGBATimeline ... RGB2Timeline):
 *   - before the first key, from the setup pose the setup channels (not clamped); mixing from the first
 *     key `c += (setup - c) * alpha` per channel (rgba and rgba2's light color through Color.add, which
 *     clamps; the other channels not clamped); from the current pose nothing;
 *   - at or after it, at alpha 1 the keys' values; else `setup + (v - setup) * alpha` from the setup
 *     pose, `c + (v - c) * alpha` otherwise; every channel then clamped. */
static void apply_color(pc_slot *slot, pc_slot_pose *pose, const pc_timeline *t, double time, bool before,
                        const pc_mix *m)
{
    pc_color *light = &pose->color, *dark = &pose->dark;
    const pc_color *setup = &slot->data->color, *setup_dark = &slot->data->dark;
    bool has_alpha = t->kind == PC_TL_RGBA || t->kind == PC_TL_RGBA2 || t->kind == PC_TL_ALPHA;
    bool has_light = t->kind != PC_TL_ALPHA;
    bool two = t->kind == PC_TL_RGBA2 || t->kind == PC_TL_RGB2;
    double alpha = m->alpha;
    if (before) {
        if (m->from == PC_FROM_CURRENT) return;
        bool first = m->from == PC_FROM_FIRST;
        if (has_light) {
            light->r = first ? light->r + (setup->r - light->r) * alpha : setup->r;
            light->g = first ? light->g + (setup->g - light->g) * alpha : setup->g;
            light->b = first ? light->b + (setup->b - light->b) * alpha : setup->b;
        }
        if (has_alpha) light->a = first ? light->a + (setup->a - light->a) * alpha : setup->a;
        /* rgba and rgba2 mix the light color through Color.add, which clamps */
        if (first && has_light && has_alpha) clamp_color(light, true);
        if (two) {
            dark->r = first ? dark->r + (setup_dark->r - dark->r) * alpha : setup_dark->r;
            dark->g = first ? dark->g + (setup_dark->g - dark->g) * alpha : setup_dark->g;
            dark->b = first ? dark->b + (setup_dark->b - dark->b) * alpha : setup_dark->b;
        }
        return;
    }
    double v[7];
    if (t->kind == PC_TL_ALPHA) {
        v[3] = pc_timeline_curve_value_inline(t, time);
    } else {
        int frame, i = pc_timeline_search_frame(t, time, &frame), values = t->entries - 1;
        for (int k = 0; k < values; k++) v[k] = pc_timeline_value_at(t, time, i, frame, k + 1);
        /* the channels in the order r g b a r2 g2 b2 (rgb and rgb2 hold no a) */
        if (!has_alpha)
            for (int k = values; k > 3; k--) v[k] = v[k - 1];
    }
    if (alpha != 1) {
        bool from_setup = m->from == PC_FROM_SETUP;
        const pc_color *base = from_setup ? setup : light;
        const pc_color *base_dark = from_setup ? setup_dark : dark;
        if (has_light) {
            v[0] = base->r + (v[0] - base->r) * alpha;
            v[1] = base->g + (v[1] - base->g) * alpha;
            v[2] = base->b + (v[2] - base->b) * alpha;
        }
        if (has_alpha) v[3] = base->a + (v[3] - base->a) * alpha;
        if (two) {
            v[4] = base_dark->r + (v[4] - base_dark->r) * alpha;
            v[5] = base_dark->g + (v[5] - base_dark->g) * alpha;
            v[6] = base_dark->b + (v[6] - base_dark->b) * alpha;
        }
    }
    if (has_light) light->r = clamp01(v[0]), light->g = clamp01(v[1]), light->b = clamp01(v[2]);
    if (has_alpha) light->a = clamp01(v[3]);
    if (two) dark->r = clamp01(v[4]), dark->g = clamp01(v[5]), dark->b = clamp01(v[6]);
}

void pc_apply_attachment_timeline_keyed(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m,
                                        const pc_attachment *const *keys)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!slot->bone->active) return;
    pc_slot_pose *pose = m->applied ? slot->applied : &slot->pose;
    if (pose == &slot->pose) pc_skeleton_mark_slot(sk, t->target); /* the next setup pose resets it */
    if (m->out || time < t->frames[0]) {
        if (m->from != PC_FROM_CURRENT) pc_slot_set_attachment(pose, sk->setup_attachments[t->target]);
        return;
    }
    int i = pc_timeline_search(t, time);
    pc_slot_set_attachment(pose, i >= 0 ? keys[i] : NULL);
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
    bool before = time < t->frames[0];
    const char *thrown = dark_missing(slot, t, before, &pc_mix_setup);
    if (thrown) return thrown;
    apply_color(slot, &slot->pose, t, time, before, &pc_mix_setup);
    return NULL;
}

const char *pc_apply_color_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!slot->bone->active) return NULL;
    pc_slot_pose *pose = m->applied ? slot->applied : &slot->pose;
    if (pose == &slot->pose) pc_skeleton_mark_slot(sk, t->target);
    bool before = time < t->frames[0];
    const char *thrown = dark_missing(slot, t, before, m);
    if (thrown) return thrown;
    apply_color(slot, pose, t, time, before, m);
    return NULL;
}
