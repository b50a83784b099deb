/* A skeleton instance of a document: its bones, the skin set on it, and the update order, computed as
 * the runtime's Skeleton.updateCache does it (measured against the oracle's data.update and data.reset
 * rows for every rig under each of its skins and `all`):
 *
 * - a bone the document marks `skin` is inactive unless the skin lists it or a bone below it;
 * - a constraint is active when its source (IK target, transform source, path slot's bone, physics
 *   bone; sliders always) is active and, if the document marks it `skin`, the skin lists it;
 * - active constraints are sorted in document order, each placing the bones it reads before itself
 *   and marking the bones it writes for re-sorting after it; then every bone not yet placed follows
 *   its parent;
 * - a path constraint reads the bones of every path attachment its slot has in the skin, the default
 *   skin and the slot's current attachment.
 *
 * Where the runtime throws (an IK constraint without bones, a weighted path naming no bone, a slider
 * without an animation) the instance records the fault instead. */
#include "skeleton.h"
#include "bone.h"
#include "constraint.h"
#include "update.h"
#include "path.h"
#include "physics.h"
#include "animation.h"
#include "document/skin.h"
#include "document/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void free_all_skin(pc_skin_data *s)
{
    for (int i = 0; i < s->entry_count; i++) free(s->entries[i].placeholder);
    free(s->entries);
    free(s->bones);
    free(s->constraints);
    memset(s, 0, sizeof *s);
}

void pc_skeleton_free(pc_skeleton *sk)
{
    if (!sk) return;
    if (sk->bones)
        for (int i = 0; i < sk->data->bone_count; i++) free(sk->bones[i].children);
    free(sk->bones);
    if (sk->slots)
        for (int i = 0; i < sk->data->slot_count; i++) {
            free(sk->slots[i].pose.deform);
            free(sk->slots[i].constrained.deform);
        }
    free(sk->slots);
    free(sk->draw_order);
    free(sk->constraints);
    free(sk->slot_dirty);
    free(sk->dirty_slots);
    free(sk->attachment_keys);
    free(sk->attachment_key_at);
    free(sk->timeline_base);
    free(sk->slot_attachments);
    free(sk->setup_attachments);
    free(sk->update_order);
    free(sk->reset);
    free(sk->physics_states);
    free(sk->physics_constraints);
    free_all_skin(&sk->all_skin);
    pc_path_state_free(sk->paths, sk->data);
    free(sk);
}

/* ---- Sorting (one pass of updateCache) ------------------------------------------------------------- */

typedef struct sorter {
    pc_skeleton *sk;
    const pc_skin_data *skin;
    bool failed;
} sorter;

static void fault(sorter *s, const char *what)
{
    if (!s->failed) snprintf(s->sk->fault, sizeof s->sk->fault, "%s", what);
    s->failed = true;
}

static void push_update(pc_skeleton *sk, pc_update_kind kind, int index)
{
    /* A bone re-sorted after a constraint appears again: the order can outgrow bones + constraints. */
    if (sk->update_count == sk->update_capacity) {
        int cap = sk->update_capacity * 2 + 16;
        pc_update_item *grown = realloc(sk->update_order, (size_t)cap * sizeof *grown);
        if (!grown) {
            if (!sk->fault[0]) snprintf(sk->fault, sizeof sk->fault, "out of memory");
            return;
        }
        sk->update_order = grown;
        sk->update_capacity = cap;
    }
    sk->update_order[sk->update_count].kind = kind;
    sk->update_order[sk->update_count].index = index;
    sk->update_count++;
}

static void sort_bone(pc_skeleton *sk, pc_bone *b)
{
    if (b->sorted || !b->active) return;
    if (b->parent) sort_bone(sk, b->parent);
    b->sorted = true;
    push_update(sk, PC_UPDATE_BONE, b->data->index);
}

static void sort_reset(pc_skeleton *sk, const int *children, int count)
{
    for (int i = 0; i < count; i++) {
        pc_bone *b = &sk->bones[children[i]];
        if (!b->active) continue;
        if (b->sorted) sort_reset(sk, b->children, b->child_count);
        b->sorted = false;
    }
}

/* skeleton.constrained(object) for a bone, a slot or a constraint: the first time, its applied pose
 * becomes its constrained copy, which each update pass resets from its pose. */
static void constrain_bone(pc_skeleton *sk, pc_bone *b)
{
    if (b->applied != &b->pose) return;
    b->applied = &b->constrained;
    sk->reset[sk->reset_count++] = (pc_update_item){ PC_UPDATE_BONE, b->data->index };
}

static void constrain_slot(pc_skeleton *sk, int index)
{
    pc_slot *slot = &sk->slots[index];
    if (slot->applied != &slot->pose) return;
    slot->applied = &slot->constrained;
    sk->reset[sk->reset_count++] = (pc_update_item){ PC_UPDATE_SLOT, index };
}

static void constrain_constraint(pc_skeleton *sk, int index)
{
    if (sk->constraints[index].constrained) return;
    sk->constraints[index].constrained = true;
    sk->reset[sk->reset_count++] = (pc_update_item){ PC_UPDATE_CONSTRAINT, index };
}

/* sortPath: a weighted path's bones (each run: a count, then that many bone indices), else the slot's
 * bone. */
static void sort_path_attachment(sorter *s, const pc_attachment *a, pc_bone *slot_bone)
{
    pc_skeleton *sk = s->sk;
    if (!a || a->kind != PC_ATTACHMENT_PATH) return;
    if (a->bones_count < 0) {
        sort_bone(sk, slot_bone);
        return;
    }
    int n = a->bones_count, count = sk->data->bone_count;
    for (double i = 0; i < n;) {
        double end = a->bones[(int)i++];
        end += i;
        while (i < end) {
            double bone = i < n ? a->bones[(int)i] : -1;
            i++;
            if (!(bone >= 0 && bone < count && bone == (int)bone)) {
                fault(s, "TypeError: a weighted path attachment names no bone (reading 'sorted' of undefined)");
                return;
            }
            sort_bone(sk, &sk->bones[(int)bone]);
        }
    }
}

static void sort_path_slot(sorter *s, const pc_skin_data *skin, int slot, pc_bone *slot_bone)
{
    for (int i = 0; i < skin->entry_count && !s->failed; i++)
        if (skin->entries[i].slot == slot) sort_path_attachment(s, skin->entries[i].attachment, slot_bone);
}

static void sort_constraint(sorter *s, int index)
{
    pc_skeleton *sk = s->sk;
    const pc_readings *rules = &sk->readings;
    const pc_skeleton_data *d = sk->data;
    const pc_constraint_data *c = &d->constraints[index];
    switch (c->kind) {
    case PC_IK: {
        sort_bone(sk, &sk->bones[c->u.ik.target]);
        if (c->bone_count == 0) {
            fault(s, "TypeError: an IK constraint without bones (reading 'bone' of undefined)");
            return;
        }
        pc_bone *parent = &sk->bones[c->bones[0]];
        sort_bone(sk, parent);
        push_update(sk, PC_UPDATE_CONSTRAINT, index);
        parent->sorted = false;
        sort_reset(sk, parent->children, parent->child_count);
        constrain_bone(sk, parent);
        if (c->bone_count > 1) constrain_bone(sk, &sk->bones[c->bones[1]]);
        break;
    }
    case PC_TRANSFORM: {
        if (!c->u.transform.local_source) sort_bone(sk, &sk->bones[c->u.transform.source]);
        bool world_target = !c->u.transform.local_target;
        if (world_target)
            for (int i = 0; i < c->bone_count; i++) sort_bone(sk, &sk->bones[c->bones[i]]);
        push_update(sk, PC_UPDATE_CONSTRAINT, index);
        for (int i = 0; i < c->bone_count; i++) {
            pc_bone *b = &sk->bones[c->bones[i]];
            sort_reset(sk, b->children, b->child_count);
            constrain_bone(sk, b);
        }
        for (int i = 0; i < c->bone_count; i++) sk->bones[c->bones[i]].sorted = world_target;
        break;
    }
    case PC_PATH: {
        int slot = c->u.path.slot;
        pc_bone *slot_bone = &sk->bones[d->slots[slot].bone];
        const pc_skin_data *skin = s->skin;
        const pc_skin_data *default_skin = d->default_skin >= 0 ? &d->skins[d->default_skin] : NULL;
        if (skin) sort_path_slot(s, skin, slot, slot_bone);
        if (default_skin && default_skin != skin) sort_path_slot(s, default_skin, slot, slot_bone);
        if (s->failed) return;
        sort_path_attachment(s, sk->slot_attachments[slot], slot_bone);
        if (s->failed) return;
        for (int i = 0; i < c->bone_count; i++) {
            pc_bone *b = &sk->bones[c->bones[i]];
            sort_bone(sk, b);
            constrain_bone(sk, b);
        }
        push_update(sk, PC_UPDATE_CONSTRAINT, index);
        for (int i = 0; i < c->bone_count; i++) {
            pc_bone *b = &sk->bones[c->bones[i]];
            sort_reset(sk, b->children, b->child_count);
        }
        for (int i = 0; i < c->bone_count; i++) sk->bones[c->bones[i]].sorted = true;
        break;
    }
    case PC_PHYSICS: {
        /* The rule order.physics: its reading `nothing` (the bone not ordered, nothing below reset)
         * misses on the population order (issue 8). */
        pc_bone *b = &sk->bones[c->u.physics.bone];
        if (rules->physics_order == 0) sort_bone(sk, b);
        push_update(sk, PC_UPDATE_CONSTRAINT, index);
        if (rules->physics_order == 0) sort_reset(sk, b->children, b->child_count);
        constrain_bone(sk, b);
        break;
    }
    case PC_SLIDER: {
        const pc_slider_data *sl = &c->u.slider;
        if (sl->bone >= 0 && !sl->local) sort_bone(sk, &sk->bones[sl->bone]);
        push_update(sk, PC_UPDATE_CONSTRAINT, index);
        if (sl->animation < 0) {
            fault(s, "TypeError: a slider without an animation (reading 'bones' of undefined)");
            return;
        }
        const pc_animation_data *a = &d->animations[sl->animation];
        /* The rule order.slider: resetting nothing or only below the keyed bones misses on the
         * population order (issue 8). */
        for (int i = 0; i < a->bone_count; i++) {
            pc_bone *b = &sk->bones[a->bones[i]];
            if (rules->slider_order == 0) b->sorted = false;
            if (rules->slider_order != 1) sort_reset(sk, b->children, b->child_count);
            constrain_bone(sk, b);
        }
        for (int i = 0; i < a->timeline_count; i++) {
            const pc_timeline *t = &a->timelines[i];
            switch (t->kind) {
            case PC_TL_ATTACHMENT: case PC_TL_RGBA: case PC_TL_RGB: case PC_TL_ALPHA: case PC_TL_RGBA2:
            case PC_TL_RGB2:
                constrain_slot(sk, t->target);
                break;
            case PC_TL_DEFORM: case PC_TL_SEQUENCE:
                /* The rule slider.own-slot: the timeline's own slot only, though it applies to the
                 * timeline slots too (which then see their poses written; population slider, cases
                 * slider-deform-reaches-linked-slot-pose, slider-sequence-reaches-linked-slot-pose). */
                constrain_slot(sk, t->target);
                for (int k = 0; !rules->slider_own_slot && k < t->attachment->timeline_slot_count; k++)
                    constrain_slot(sk, t->attachment->timeline_slots[k]);
                break;
            case PC_TL_DRAW_ORDER: case PC_TL_DRAW_ORDER_FOLDER:
                sk->draw_order_constrained = true;
                break;
            case PC_TL_PHYSICS_INERTIA: case PC_TL_PHYSICS_STRENGTH: case PC_TL_PHYSICS_DAMPING:
            case PC_TL_PHYSICS_MASS: case PC_TL_PHYSICS_WIND: case PC_TL_PHYSICS_GRAVITY: case PC_TL_PHYSICS_MIX:
                if (t->target == -1) {
                    for (int k = 0; k < d->constraint_count; k++)
                        if (d->constraints[k].kind == PC_PHYSICS) constrain_constraint(sk, k);
                } else {
                    constrain_constraint(sk, t->target);
                }
                break;
            case PC_TL_IK: case PC_TL_TRANSFORM: case PC_TL_PATH_POSITION: case PC_TL_PATH_SPACING:
            case PC_TL_PATH_MIX: case PC_TL_PHYSICS_RESET: case PC_TL_SLIDER_TIME: case PC_TL_SLIDER_MIX:
                if (t->target != -1) constrain_constraint(sk, t->target);
                break;
            default:
                break;
            }
        }
        break;
    }
    }
}

static bool skin_lists_constraint(const pc_skin_data *skin, int index)
{
    for (int i = 0; skin && i < skin->constraint_count; i++)
        if (skin->constraints[i] == index) return true;
    return false;
}

/* updateCache for the current skin; false (with sk->fault) where the runtime throws. */
static bool update_cache(pc_skeleton *sk)
{
    const pc_skeleton_data *d = sk->data;
    const pc_skin_data *skin = pc_skeleton_skin(sk);
    sorter s = { sk, skin, false };
    sk->update_count = 0;
    sk->reset_count = 0;
    sk->draw_order_constrained = false;
    for (int i = 0; i < d->slot_count; i++) sk->slots[i].applied = &sk->slots[i].pose;
    for (int i = 0; i < d->bone_count; i++) {
        pc_bone *b = &sk->bones[i];
        b->sorted = b->data->skin_required;
        b->active = !b->sorted;
        b->applied = &b->pose;
    }
    if (skin)
        for (int i = 0; i < skin->bone_count; i++)
            for (pc_bone *b = &sk->bones[skin->bones[i]]; b; b = b->parent) {
                b->sorted = false;
                b->active = true;
            }
    for (int i = 0; i < d->constraint_count; i++) sk->constraints[i].constrained = false;
    for (int i = 0; i < d->constraint_count && !s.failed; i++) {
        const pc_constraint_data *c = &d->constraints[i];
        bool source_active = true;
        switch (c->kind) {
        case PC_IK: source_active = sk->bones[c->u.ik.target].active; break;
        case PC_TRANSFORM: source_active = sk->bones[c->u.transform.source].active; break;
        case PC_PATH: source_active = sk->bones[d->slots[c->u.path.slot].bone].active; break;
        case PC_PHYSICS: source_active = sk->bones[c->u.physics.bone].active; break;
        case PC_SLIDER: source_active = true; break;
        }
        bool active = source_active && (!c->skin_required || skin_lists_constraint(skin, i));
        sk->constraints[i].active = active;
        if (active) sort_constraint(&s, i);
    }
    if (s.failed) return false;
    for (int i = 0; i < d->bone_count; i++) sort_bone(sk, &sk->bones[i]);
    return true;
}

/* The attachment a slot shows for a setup attachment name: the skin's, else the default skin's
 * (Slot.setupPose when the instance is made, then setSkin). */
static const pc_attachment *lookup(const pc_skin_data *skin, int slot, const char *key)
{
    return skin ? pc_skin_lookup(skin, slot, key, NULL) : NULL;
}

/* A skin made at run time: `count` of the document's skins added in order into an empty skin (the
 * runtime's `new Skin(name)` and addSkin of each); false when memory runs out. */
static bool build_skin(pc_skeleton *sk, pc_skin_data *all, const int *skins, int count)
{
    const pc_skeleton_data *d = sk->data;
    free_all_skin(all);
    all->name = "all";
    int bones = 0, constraints = 0;
    for (int k = 0; k < count; k++) {
        bones += d->skins[skins[k]].bone_count;
        constraints += d->skins[skins[k]].constraint_count;
    }
    all->bones = malloc((size_t)(bones ? bones : 1) * sizeof *all->bones);
    all->constraints = malloc((size_t)(constraints ? constraints : 1) * sizeof *all->constraints);
    if (!all->bones || !all->constraints) return false;
    for (int k = 0; k < count; k++) {
        const pc_skin_data *skin = &d->skins[skins[k]];
        /* addSkin: bones and constraints not yet in, then every attachment (set or replaced). */
        for (int i = 0; i < skin->bone_count; i++) {
            bool in = false;
            for (int j = 0; j < all->bone_count && !in; j++) in = all->bones[j] == skin->bones[i];
            if (!in) all->bones[all->bone_count++] = skin->bones[i];
        }
        for (int i = 0; i < skin->constraint_count; i++) {
            bool in = false;
            for (int j = 0; j < all->constraint_count && !in; j++) in = all->constraints[j] == skin->constraints[i];
            if (!in) all->constraints[all->constraint_count++] = skin->constraints[i];
        }
        for (int i = 0; i < skin->entry_count; i++)
            if (!pc_skin_set(all, skin->entries[i].slot, skin->entries[i].placeholder, skin->entries[i].attachment))
                return false;
    }
    return true;
}

static bool build_all_skin(pc_skeleton *sk)
{
    int *every = malloc((size_t)(sk->data->skin_count ? sk->data->skin_count : 1) * sizeof *every);
    if (!every) return false;
    for (int i = 0; i < sk->data->skin_count; i++) every[i] = i;
    bool ok = build_skin(sk, &sk->all_skin, every, sk->data->skin_count);
    free(every);
    return ok;
}

/* Slot.setupPose looks its attachment up by name in the skin: done once per skin here. */
static void find_setup_attachments(pc_skeleton *sk)
{
    for (int i = 0; i < sk->data->slot_count; i++) {
        const char *key = sk->data->slots[i].attachment_key;
        sk->setup_attachments[i] = key ? pc_skeleton_get_attachment(sk, i, key) : NULL;
        /* The next setup pose resets every slot (and the draw order) under the new skin. */
        pc_skeleton_mark_slot(sk, i);
    }
    sk->draw_order_dirty = true;
    /* The attachment timelines' keys (skeleton.h), as apply_attachment would look them up. */
    const pc_skeleton_data *d = sk->data;
    for (int a = 0; a < d->animation_count; a++)
        for (int i = 0; i < d->animations[a].timeline_count; i++) {
            const pc_timeline *t = &d->animations[a].timelines[i];
            int at = sk->attachment_key_at[sk->timeline_base[a] + i];
            if (at < 0) continue;
            for (int f = 0; f < pc_timeline_frame_count(t); f++) {
                const char *name = t->attachment_names[f];
                sk->attachment_keys[at + f] = name && name[0] ? pc_skeleton_get_attachment(sk, t->target, name) : NULL;
            }
        }
}

/* The room for the attachment timelines' keys (skeleton.h); false when out of memory. */
static bool make_attachment_keys(pc_skeleton *sk)
{
    const pc_skeleton_data *d = sk->data;
    int timelines = 0, keys = 0;
    for (int a = 0; a < d->animation_count; a++) timelines += d->animations[a].timeline_count;
    sk->timeline_base = malloc((size_t)(d->animation_count > 0 ? d->animation_count : 1) * sizeof *sk->timeline_base);
    sk->attachment_key_at = malloc((size_t)(timelines > 0 ? timelines : 1) * sizeof *sk->attachment_key_at);
    if (!sk->timeline_base || !sk->attachment_key_at) return false;
    timelines = 0;
    for (int a = 0; a < d->animation_count; a++) {
        sk->timeline_base[a] = timelines;
        for (int i = 0; i < d->animations[a].timeline_count; i++, timelines++) {
            const pc_timeline *t = &d->animations[a].timelines[i];
            sk->attachment_key_at[timelines] = t->kind == PC_TL_ATTACHMENT ? keys : -1;
            if (t->kind == PC_TL_ATTACHMENT) keys += pc_timeline_frame_count(t);
        }
    }
    sk->attachment_keys = calloc((size_t)(keys > 0 ? keys : 1), sizeof *sk->attachment_keys);
    return sk->attachment_keys != NULL;
}

bool pc_skeleton_set_skin(pc_skeleton *sk, const char *name)
{
    const pc_skeleton_data *d = sk->data;
    int skin = PC_SKIN_NONE;
    if (name != NULL) {
        skin = strcmp(name, "all") == 0 ? PC_SKIN_ALL : pc_find_skin(d, name);
        if (skin == -1) return false;
    }
    if (skin == PC_SKIN_ALL && !build_all_skin(sk)) {
        snprintf(sk->fault, sizeof sk->fault, "out of memory");
        return true;
    }
    sk->skin = skin;
    /* setSkin with no skin set before: each slot with a setup attachment takes the new skin's, if any. */
    const pc_skin_data *s = pc_skeleton_skin(sk);
    if (s)
        for (int i = 0; i < d->slot_count; i++) {
            const char *key = d->slots[i].attachment_key;
            if (!key) continue;
            const pc_attachment *a = lookup(s, i, key);
            if (a) {
                sk->slot_attachments[i] = a;
                pc_slot_set_attachment(&sk->slots[i].pose, a);
            }
        }
    find_setup_attachments(sk);
    update_cache(sk);
    return true;
}

static void constraint_setup_pose(const pc_constraint_data *c, pc_constraint_pose *p);

pc_skeleton *pc_skeleton_new(const pc_skeleton_data *data)
{
    pc_skeleton *sk = calloc(1, sizeof *sk);
    if (!sk) return NULL;
    sk->data = data;
    sk->readings = data->readings;
    size_t bones = (size_t)(data->bone_count ? data->bone_count : 1);
    size_t constraints = (size_t)(data->constraint_count ? data->constraint_count : 1);
    size_t slots = (size_t)(data->slot_count ? data->slot_count : 1);
    /* 64-byte aligned: with pc_bone's layout (skeleton.h), the world transform's reads of a bone start
     * a cache line. */
    size_t bone_bytes = (bones * sizeof *sk->bones + 63) / 64 * 64;
    sk->bones = aligned_alloc(64, bone_bytes);
    if (sk->bones) memset(sk->bones, 0, bone_bytes);
    sk->slots = calloc(slots, sizeof *sk->slots);
    sk->draw_order = calloc(slots, sizeof *sk->draw_order);
    sk->constraints = calloc(constraints, sizeof *sk->constraints);
    sk->slot_dirty = calloc(slots, sizeof *sk->slot_dirty);
    sk->dirty_slots = calloc(slots, sizeof *sk->dirty_slots);
    sk->slot_attachments = calloc(slots, sizeof *sk->slot_attachments);
    sk->setup_attachments = calloc(slots, sizeof *sk->setup_attachments);
    sk->update_order = calloc(bones + constraints, sizeof *sk->update_order);
    sk->update_capacity = (int)(bones + constraints);
    sk->reset = calloc(bones + constraints + slots, sizeof *sk->reset);
    sk->paths = pc_path_state_new(data);
    for (int i = 0; i < data->constraint_count; i++)
        if (data->constraints[i].kind == PC_PHYSICS) sk->physics_count++;
    sk->physics_states = calloc((size_t)(sk->physics_count ? sk->physics_count : 1), sizeof *sk->physics_states);
    sk->physics_constraints = calloc((size_t)(sk->physics_count ? sk->physics_count : 1), sizeof *sk->physics_constraints);
    bool keys_made = make_attachment_keys(sk);
    if (!sk->physics_states || !sk->physics_constraints || !sk->bones || !sk->slots || !sk->draw_order || !sk->constraints || !sk->slot_dirty || !sk->dirty_slots || !sk->slot_attachments || !sk->setup_attachments || !sk->update_order
        || !sk->reset || !sk->paths || !keys_made) {
        pc_skeleton_free(sk);
        return NULL;
    }
    sk->skin = PC_SKIN_NONE;
    sk->scale_x = 1;
    sk->scale_y = 1;
    sk->wind_x = 1;
    sk->physics_step_limit = PC_PHYSICS_STEP_LIMIT;
    sk->physics_overdue = -1;
    sk->gravity_y = 1;
    /* Skeleton.physics: the physics constraints in constraint order, each with a new state. */
    for (int i = 0, k = 0; i < data->constraint_count; i++) {
        sk->constraints[i].physics = -1;
        if (data->constraints[i].kind != PC_PHYSICS) continue;
        sk->constraints[i].physics = k;
        sk->physics_constraints[k] = i;
        pc_physics_state_init(&sk->physics_states[k++]);
    }
    /* A new bone's pose is its setup pose (the runtime's PosedActive constructor sets it), its
     * constrained copy and world all zero: the world of a bone that is never updated stays zero. A new
     * constraint's pose is its setup pose likewise (below). */
    for (int i = 0; i < data->bone_count; i++) {
        pc_bone *b = &sk->bones[i];
        b->data = &data->bones[i];
        b->parent = data->bones[i].parent >= 0 ? &sk->bones[data->bones[i].parent] : NULL;
        b->applied = &b->pose;
        b->pose.local = data->bones[i].setup;
        pc_bone_memo_init(&b->axes_memo);
    }
    for (int i = 0; i < data->bone_count; i++) {
        pc_bone *b = &sk->bones[i];
        if (!b->parent) continue;
        pc_bone *p = b->parent;
        int *c = realloc(p->children, (size_t)(p->child_count + 1) * sizeof *c);
        if (!c) { pc_skeleton_free(sk); return NULL; }
        p->children = c;
        p->children[p->child_count++] = i;
    }
    /* Slots: each deform buffer as large as the largest deform any timeline sets on the slot. */
    for (int i = 0; i < data->slot_count; i++) {
        pc_slot *slot = &sk->slots[i];
        slot->data = &data->slots[i];
        slot->bone = &sk->bones[data->slots[i].bone];
        sk->draw_order[i] = i;
    }
    pc_animation_deform_capacities(data, sk->slots);
    for (int i = 0; i < data->slot_count; i++) {
        pc_slot *slot = &sk->slots[i];
        size_t capacity = (size_t)(slot->deform_capacity ? slot->deform_capacity : 1);
        slot->pose.deform = calloc(capacity, sizeof *slot->pose.deform);
        slot->constrained.deform = calloc(capacity, sizeof *slot->constrained.deform);
        slot->applied = &slot->pose;
        if (!slot->pose.deform || !slot->constrained.deform) { pc_skeleton_free(sk); return NULL; }
    }
    /* Slot.setupPose with no skin: the default skin's attachment for the setup name. */
    const pc_skin_data *default_skin = data->default_skin >= 0 ? &data->skins[data->default_skin] : NULL;
    for (int i = 0; i < data->slot_count; i++)
        if (data->slots[i].attachment_key) sk->slot_attachments[i] = lookup(default_skin, i, data->slots[i].attachment_key);
    find_setup_attachments(sk);
    /* Each slot's pose its setup pose under no skin (the runtime's Slot constructor sets it). */
    for (int i = 0; i < data->slot_count; i++) pc_slot_setup_pose(sk, &sk->slots[i]);
    for (int i = 0; i < data->constraint_count; i++) constraint_setup_pose(&data->constraints[i], &sk->constraints[i].pose);
    update_cache(sk);
    return sk;
}

/* Constraint.setupPose: the pose set from the data's setup pose (the fields of its kind). */
static void constraint_setup_pose(const pc_constraint_data *c, pc_constraint_pose *p)
{
    switch (c->kind) {
    case PC_IK:
        p->mix = c->u.ik.mix, p->softness = c->u.ik.softness, p->bend_direction = c->u.ik.bend_direction;
        p->compress = c->u.ik.compress, p->stretch = c->u.ik.stretch;
        break;
    case PC_TRANSFORM:
        p->mix_rotate = c->u.transform.mix_rotate, p->mix_x = c->u.transform.mix_x, p->mix_y = c->u.transform.mix_y;
        p->mix_scale_x = c->u.transform.mix_scale_x, p->mix_scale_y = c->u.transform.mix_scale_y;
        p->mix_shear_y = c->u.transform.mix_shear_y;
        break;
    case PC_PATH:
        p->position = c->u.path.position, p->spacing = c->u.path.spacing;
        p->mix_rotate = c->u.path.mix_rotate, p->mix_x = c->u.path.mix_x, p->mix_y = c->u.path.mix_y;
        break;
    case PC_PHYSICS:
        p->inertia = c->u.physics.inertia, p->strength = c->u.physics.strength, p->damping = c->u.physics.damping;
        p->mass_inverse = c->u.physics.mass_inverse, p->wind = c->u.physics.wind;
        p->gravity = c->u.physics.gravity, p->mix = c->u.physics.mix;
        break;
    case PC_SLIDER:
        p->time = c->u.slider.time, p->mix = c->u.slider.mix;
        break;
    }
}

void pc_skeleton_setup_pose(pc_skeleton *sk)
{
    pc_skeleton_setup_pose_bones(sk);
    pc_skeleton_setup_pose_slots(sk);
}

void pc_skeleton_setup_pose_bones(pc_skeleton *sk)
{
    for (int i = 0; i < sk->data->bone_count; i++) sk->bones[i].pose.local = sk->data->bones[i].setup;
    for (int i = 0; i < sk->data->constraint_count; i++)
        constraint_setup_pose(&sk->data->constraints[i], &sk->constraints[i].pose);
}

void pc_skeleton_setup_pose_slots(pc_skeleton *sk)
{
    /* The draw order and the slots: only those a timeline may have changed since the last setup pose
     * (the others hold what it would write). pc_slot_setup_pose, inlined (setup_attachments holds NULL
     * for a slot without a setup name). */
    if (sk->draw_order_dirty) {
        for (int i = 0; i < sk->data->slot_count; i++) sk->draw_order[i] = i;
        sk->draw_order_dirty = false;
    }
    int still = 0;
    for (int k = 0; k < sk->dirty_slot_count; k++) {
        int i = sk->dirty_slots[k];
        pc_slot *slot = &sk->slots[i];
        pc_slot_setup_pose_to(slot, sk->setup_attachments[i]);
        /* Settled unless a slot without a setup attachment name just let go of its attachment: the
         * sequence index is then -1, and the next setup pose sets it to 0 (setAttachment(null) is no
         * change then). Every other outcome is what the setup pose gives again. */
        sk->slot_dirty[i] = slot->data->attachment_key == NULL && slot->pose.sequence_index == -1;
        if (sk->slot_dirty[i]) sk->dirty_slots[still++] = i;
    }
    sk->dirty_slot_count = still;
}

void pc_skeleton_update_world_transform(pc_skeleton *sk)
{
    pc_skeleton_update_world_transform_physics(sk, PC_PHYSICS_NONE);
}

void pc_skeleton_update_world_transform_physics(pc_skeleton *sk, pc_physics_mode mode)
{
    sk->physics_mode = (int)mode;
    /* A new pass: world and local stamps of earlier passes are stale (bone_local.h). */
    sk->update_stamp++;
    sk->thrown = NULL;
    sk->physics_overdue = -1;
    /* Each constrained copy starts from the pose (Posed.resetConstrained). */
    for (int i = 0; i < sk->reset_count; i++) {
        const pc_update_item *r = &sk->reset[i];
        if (r->kind == PC_UPDATE_BONE) {
            pc_bone *b = &sk->bones[r->index];
            b->constrained.local = b->pose.local;
        } else if (r->kind == PC_UPDATE_CONSTRAINT) {
            sk->constraints[r->index].constrained_pose = sk->constraints[r->index].pose;
        } else if (r->kind == PC_UPDATE_SLOT) {
            pc_slot_reset_constrained(&sk->slots[r->index]);
        }
    }
    /* A bone's turn computes its world unless a constraint made it current this pass. */
    pc_update_pass(sk);
}

/* ---- Setting a skin while playing (Skeleton.setSkin) ----------------------------------------------- */

/* Skin.attachAll: each slot showing an attachment of the old skin takes the new skin's attachment of
 * the same placeholder, when it has one (the first placeholder of the old skin's dictionary, in
 * property order, holding the slot's attachment). */
static void attach_all(pc_skeleton *sk, const pc_skin_data *to, const pc_skin_data *old)
{
    for (int i = 0; i < sk->data->slot_count; i++) {
        pc_slot_pose *pose = &sk->slots[i].pose;
        if (!pc_attachment_present(pose->attachment)) continue;
        for (int e = 0; e < old->entry_count; e++) {
            const pc_skin_entry *entry = &old->entries[e];
            if (entry->slot != i || entry->attachment != pose->attachment) continue;
            const pc_attachment *a = pc_skin_lookup(to, i, entry->placeholder, NULL);
            if (a) pc_slot_set_attachment(pose, a);
            break;
        }
    }
}

bool pc_skeleton_change_skin(pc_skeleton *sk, const int *skins, int count, bool made)
{
    const pc_skeleton_data *d = sk->data;
    int skin = made ? PC_SKIN_ALL : count > 0 ? skins[0] : PC_SKIN_NONE;
    if (!made && skin == sk->skin) return true; /* the same skin: nothing */
    pc_skin_data built = { 0 };
    if (made && !build_skin(sk, &built, skins, count)) {
        free_all_skin(&built);
        snprintf(sk->fault, sizeof sk->fault, "out of memory");
        return false;
    }
    const pc_skin_data *old = pc_skeleton_skin(sk);
    const pc_skin_data *to = made ? &built : skin >= 0 ? &d->skins[skin] : NULL;
    if (to && old) {
        attach_all(sk, to, old);
    } else if (to) {
        /* no skin before: each slot with a setup attachment name takes the new skin's, if it has one */
        for (int i = 0; i < d->slot_count; i++) {
            const char *key = d->slots[i].attachment_key;
            if (!key) continue;
            const pc_attachment *a = pc_skin_lookup(to, i, key, NULL);
            if (a) pc_slot_set_attachment(&sk->slots[i].pose, a);
        }
    }
    if (made) {
        free_all_skin(&sk->all_skin);
        sk->all_skin = built;
    }
    sk->skin = skin;
    /* The update order sorts a path constraint by its slot's attachment now. */
    for (int i = 0; i < d->slot_count; i++) {
        const pc_attachment *a = sk->slots[i].pose.attachment;
        sk->slot_attachments[i] = pc_attachment_present(a) ? a : NULL;
    }
    find_setup_attachments(sk);
    update_cache(sk);
    return true;
}

void pc_skeleton_update(pc_skeleton *sk, double delta)
{
    sk->time += delta;
    sk->last_delta = delta;
}
