/* Skeleton instances: making one, setting a skin, the update order, the setup pose, and updating the
 * world transforms in that order. */
#include "skeleton.h"

#include <stdlib.h>
#include <string.h>

pc_skeleton *pc_skeleton_new(const pc_skeleton_data *data)
{
    pc_skeleton *sk = calloc(1, sizeof *sk);
    if (!sk) return NULL;
    sk->data = data;
    sk->bones = calloc(data->bone_count ? data->bone_count : 1, sizeof *sk->bones);
    sk->update_order = calloc(data->bone_count ? data->bone_count : 1, sizeof *sk->update_order);
    if (!sk->bones || !sk->update_order) {
        pc_skeleton_free(sk);
        return NULL;
    }
    sk->skin = PC_SKIN_NONE;
    sk->scale_x = 1;
    sk->scale_y = 1;
    /* A new bone's poses are all zero until the setup pose is set; the world of a bone that is never
     * updated stays zero. */
    for (int i = 0; i < data->bone_count; i++) {
        pc_bone *b = &sk->bones[i];
        b->data = &data->bones[i];
        b->parent = data->bones[i].parent >= 0 ? &sk->bones[data->bones[i].parent] : NULL;
        b->applied = &b->pose;
    }
    pc_skeleton_set_skin(sk, NULL);
    return sk;
}

void pc_skeleton_free(pc_skeleton *sk)
{
    if (!sk) return;
    free(sk->bones);
    free(sk->update_order);
    free(sk);
}

static void require_skin_bones(pc_skeleton *sk, const pc_skin_data *skin)
{
    for (int i = 0; i < skin->bone_count; i++)
        for (pc_bone *b = &sk->bones[skin->bones[i]]; b; b = b->parent) {
            b->sorted = false;
            b->active = true;
        }
}

static void sort_bone(pc_skeleton *sk, pc_bone *b)
{
    if (b->sorted || !b->active) return;
    if (b->parent) sort_bone(sk, b->parent);
    b->sorted = true;
    sk->update_order[sk->update_count++] = b->data->index;
}

/* Which bones are active under the skin, and the order they are updated in: a bone the skin does not
 * require is active; a bone a skin requires is active, with its ancestors, when the skin is set. */
static void update_order(pc_skeleton *sk)
{
    const pc_skeleton_data *d = sk->data;
    for (int i = 0; i < d->bone_count; i++) {
        pc_bone *b = &sk->bones[i];
        b->sorted = b->data->skin_required;
        b->active = !b->sorted;
        b->applied = &b->pose;
    }
    if (sk->skin == PC_SKIN_ALL)
        for (int s = 0; s < d->skin_count; s++) require_skin_bones(sk, &d->skins[s]);
    else if (sk->skin >= 0)
        require_skin_bones(sk, &d->skins[sk->skin]);
    sk->update_count = 0;
    for (int i = 0; i < d->bone_count; i++) sort_bone(sk, &sk->bones[i]);
}

bool pc_skeleton_set_skin(pc_skeleton *sk, const char *name)
{
    int skin = PC_SKIN_NONE;
    if (name != NULL) {
        skin = strcmp(name, "all") == 0 ? PC_SKIN_ALL : pc_find_skin(sk->data, name);
        if (skin == -1) return false;
    }
    sk->skin = skin;
    update_order(sk);
    return true;
}

void pc_skeleton_setup_pose(pc_skeleton *sk)
{
    for (int i = 0; i < sk->data->bone_count; i++) sk->bones[i].pose.local = sk->data->bones[i].setup;
}

void pc_skeleton_update_world_transform(pc_skeleton *sk)
{
    for (int i = 0; i < sk->update_count; i++) {
        pc_bone *b = &sk->bones[sk->update_order[i]];
        pc_bone_update_world(sk, b);
    }
}
