/* The public interface beyond reading and the setup pose (posecore.h): a document's bones, slots, skins
 * and animations by index and by name, an animation applied to an instance as the pose sequence applies
 * it, the events it fired, a bone's world transform and a slot's attachment. Thin wrappers over the
 * internal structures; nothing here allocates except pc_events_new. */
#include "posecore.h"
#include "animation.h"
#include "skeleton.h"
#include "physics.h"

#include <stdlib.h>
#include <string.h>

struct pc_events {
    pc_fired_events fired;
};

int pc_data_bone_count(const pc_skeleton_data *data)
{
    return data->bone_count;
}

const char *pc_data_bone_name(const pc_skeleton_data *data, int bone)
{
    return bone >= 0 && bone < data->bone_count ? data->bones[bone].name : NULL;
}

int pc_data_find_bone(const pc_skeleton_data *data, const char *name)
{
    return name ? pc_find_bone(data, name) : -1;
}

int pc_data_slot_count(const pc_skeleton_data *data)
{
    return data->slot_count;
}

const char *pc_data_slot_name(const pc_skeleton_data *data, int slot)
{
    return slot >= 0 && slot < data->slot_count ? data->slots[slot].name : NULL;
}

int pc_data_find_slot(const pc_skeleton_data *data, const char *name)
{
    return name ? pc_find_slot(data, name) : -1;
}

int pc_data_slot_bone(const pc_skeleton_data *data, int slot)
{
    return slot >= 0 && slot < data->slot_count ? data->slots[slot].bone : -1;
}

int pc_data_skin_count(const pc_skeleton_data *data)
{
    return data->skin_count;
}

const char *pc_data_skin_name(const pc_skeleton_data *data, int skin)
{
    return skin >= 0 && skin < data->skin_count ? data->skins[skin].name : NULL;
}

int pc_data_animation_count(const pc_skeleton_data *data)
{
    return data->animation_count;
}

const char *pc_data_animation_name(const pc_skeleton_data *data, int animation)
{
    return animation >= 0 && animation < data->animation_count ? data->animations[animation].name : NULL;
}

double pc_data_animation_duration(const pc_skeleton_data *data, int animation)
{
    return animation >= 0 && animation < data->animation_count ? data->animations[animation].duration : 0;
}

/* Room for the most events one apply of any animation of the document fires (twice the event keys:
 * a wrapping apply fires the rest of the keys, then the keys again from the start). */
pc_events *pc_events_new(const pc_skeleton_data *data)
{
    int capacity = 1;
    for (int a = 0; a < data->animation_count; a++) {
        int n = 2 * pc_animation_event_capacity(&data->animations[a]);
        if (n > capacity) capacity = n;
    }
    pc_events *e = malloc(sizeof *e);
    const pc_event_key **items = malloc((size_t)capacity * sizeof *items);
    if (!e || !items) {
        free(e);
        free(items);
        return NULL;
    }
    e->fired = (pc_fired_events){ items, 0, capacity };
    return e;
}

void pc_events_free(pc_events *events)
{
    if (!events) return;
    free(events->fired.items);
    free(events);
}

int pc_events_count(const pc_events *events)
{
    return events ? events->fired.count : 0;
}

const char *pc_skeleton_apply_animation(pc_skeleton *sk, int animation, double last_time, double time,
                                        pc_events *events)
{
    if (animation < 0 || animation >= sk->data->animation_count) return "no such animation";
    if (events) events->fired.count = 0;
    return pc_animation_apply(sk, &sk->data->animations[animation], last_time, time, false,
                              events ? &events->fired : NULL);
}

const char *pc_skeleton_apply(pc_skeleton *sk, int animation, double last_time, double time, bool loop,
                              pc_events *events, double alpha, pc_mix_from from, bool add, bool out,
                              bool applied_pose)
{
    if (animation < 0 || animation >= sk->data->animation_count) return "no such animation";
    if (from != PC_FROM_CURRENT && from != PC_FROM_SETUP && from != PC_FROM_FIRST) return "no such MixFrom";
    if (events) events->fired.count = 0;
    pc_mix m = { alpha, from, add, out, applied_pose };
    return pc_animation_apply_mix(sk, &sk->data->animations[animation], last_time, time, loop,
                                  events ? &events->fired : NULL, &m);
}

const char *pc_skeleton_apply_animation_looped(pc_skeleton *sk, int animation, double last_time, double time,
                                               pc_events *events)
{
    if (animation < 0 || animation >= sk->data->animation_count) return "no such animation";
    if (events) events->fired.count = 0;
    return pc_animation_apply(sk, &sk->data->animations[animation], last_time, time, true,
                              events ? &events->fired : NULL);
}

double pc_skeleton_time(const pc_skeleton *sk)
{
    return sk->time;
}

void pc_skeleton_set_time(pc_skeleton *sk, double time)
{
    sk->time = time;
}

void pc_skeleton_set_position(pc_skeleton *sk, double x, double y)
{
    sk->x = x;
    sk->y = y;
}

void pc_skeleton_set_scale(pc_skeleton *sk, double scale_x, double scale_y)
{
    sk->scale_x = scale_x;
    sk->scale_y = scale_y;
}

void pc_skeleton_set_wind(pc_skeleton *sk, double x, double y)
{
    sk->wind_x = x;
    sk->wind_y = y;
}

void pc_skeleton_set_gravity(pc_skeleton *sk, double x, double y)
{
    sk->gravity_x = x;
    sk->gravity_y = y;
}

void pc_skeleton_root(const pc_skeleton *sk, double out[9])
{
    out[0] = sk->x;
    out[1] = sk->y;
    out[2] = sk->scale_x;
    out[3] = sk->scale_y;
    out[4] = sk->time;
    out[5] = sk->wind_x;
    out[6] = sk->wind_y;
    out[7] = sk->gravity_x;
    out[8] = sk->gravity_y;
}

void pc_skeleton_physics_translate(pc_skeleton *sk, double x, double y)
{
    pc_physics_translate_all(sk, x, y);
}

void pc_skeleton_physics_rotate(pc_skeleton *sk, double x, double y, double degrees)
{
    pc_physics_rotate_all(sk, x, y, degrees);
}

bool pc_skeleton_physics_reset(pc_skeleton *sk, const char *name)
{
    bool found = false;
    for (int i = 0; i < sk->physics_count; i++) {
        int c = sk->physics_constraints[i];
        if (name && strcmp(sk->data->constraints[c].name, name) != 0) continue;
        pc_physics_reset(sk, c);
        found = true;
        if (name) break;
    }
    return found || !name;
}

bool pc_skeleton_set_physics_step_limit(pc_skeleton *sk, double steps)
{
    if (!(steps >= 0 && steps <= PC_PHYSICS_STEP_LIMIT)) return false;
    sk->physics_step_limit = steps;
    return true;
}

int pc_skeleton_physics_overdue(const pc_skeleton *sk)
{
    return sk->physics_overdue;
}

void pc_skeleton_bone_world(const pc_skeleton *sk, int bone, double world[6])
{
    const pc_bone_pose *p = sk->bones[bone].applied;
    world[0] = p->a;
    world[1] = p->b;
    world[2] = p->c;
    world[3] = p->d;
    world[4] = p->world_x;
    world[5] = p->world_y;
}

const char *pc_skeleton_slot_attachment(const pc_skeleton *sk, int slot)
{
    if (slot < 0 || slot >= sk->data->slot_count) return NULL;
    const pc_attachment *a = sk->slots[slot].applied->attachment;
    return pc_attachment_present(a) ? a->name : NULL;
}
