/* AnimationStateData (animation_state.h): the default mix and the mix pairs, and what an
 * AnimationState needs to know of the document's timelines, computed once here:
 *
 * - Each timeline's property ids (Timeline.propertyIds, strings such as "0|3" in the runtime) as
 *   dense numbers: a property is a kind (the runtime's Property) and what it names (a bone, a slot, a
 *   constraint, -1 for a physics timeline of every constraint; deform and sequence also the
 *   attachment), so two timelines with equal strings get the same number. Bone timelines of two
 *   values have two ids, rgba, rgb2 two and rgba2 three, a draw order folder one per slot, events one
 *   ("13"), the draw order one ("14"), every physics reset timeline the same one ("28").
 * - Each animation's set of ids (Animation.timelineIds), for hasTimeline.
 * - The mix table, keyed as the runtime keys it: `${from.name}.${to.name}` (animation_state.h). */
#include "animation_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char pc_empty_animation_name[8] = "<empty>";

/* The runtime's Property numbers. */
enum {
    P_ROTATE, P_X, P_Y, P_SCALE_X, P_SCALE_Y, P_SHEAR_X, P_SHEAR_Y, P_INHERIT, P_RGB, P_ALPHA, P_RGB2,
    P_ATTACHMENT, P_DEFORM, P_EVENT, P_DRAW_ORDER, P_DRAW_ORDER_FOLDER, P_IK, P_TRANSFORM, P_PATH_POSITION,
    P_PATH_SPACING, P_PATH_MIX, P_PHYSICS_INERTIA, P_PHYSICS_STRENGTH, P_PHYSICS_DAMPING, P_PHYSICS_MASS,
    P_PHYSICS_WIND, P_PHYSICS_GRAVITY, P_PHYSICS_MIX, P_PHYSICS_RESET, P_SEQUENCE, P_SLIDER_TIME, P_SLIDER_MIX
};

typedef struct prop {
    int property, target;
    const void *attachment;
} prop;

/* The properties of timeline t, written to out (room for 3 + its folder slots); returns how many. */
static int properties_of(const pc_timeline *t, prop *out)
{
    int n = 0, target = t->target;
#define ADD(p, tg) (out[n].property = (p), out[n].target = (tg), out[n].attachment = NULL, n++)
    switch (t->kind) {
    case PC_TL_ROTATE: ADD(P_ROTATE, target); break;
    case PC_TL_TRANSLATE: ADD(P_X, target); ADD(P_Y, target); break;
    case PC_TL_TRANSLATE_X: ADD(P_X, target); break;
    case PC_TL_TRANSLATE_Y: ADD(P_Y, target); break;
    case PC_TL_SCALE: ADD(P_SCALE_X, target); ADD(P_SCALE_Y, target); break;
    case PC_TL_SCALE_X: ADD(P_SCALE_X, target); break;
    case PC_TL_SCALE_Y: ADD(P_SCALE_Y, target); break;
    case PC_TL_SHEAR: ADD(P_SHEAR_X, target); ADD(P_SHEAR_Y, target); break;
    case PC_TL_SHEAR_X: ADD(P_SHEAR_X, target); break;
    case PC_TL_SHEAR_Y: ADD(P_SHEAR_Y, target); break;
    case PC_TL_INHERIT: ADD(P_INHERIT, target); break;
    case PC_TL_RGBA: ADD(P_RGB, target); ADD(P_ALPHA, target); break;
    case PC_TL_RGB: ADD(P_RGB, target); break;
    case PC_TL_ALPHA: ADD(P_ALPHA, target); break;
    case PC_TL_RGBA2: ADD(P_RGB, target); ADD(P_ALPHA, target); ADD(P_RGB2, target); break;
    case PC_TL_RGB2: ADD(P_RGB, target); ADD(P_RGB2, target); break;
    case PC_TL_ATTACHMENT: ADD(P_ATTACHMENT, target); break;
    case PC_TL_DEFORM:
        ADD(P_DEFORM, target);
        out[n - 1].attachment = t->attachment;
        break;
    case PC_TL_SEQUENCE:
        ADD(P_SEQUENCE, target);
        out[n - 1].attachment = t->attachment;
        break;
    case PC_TL_EVENT: ADD(P_EVENT, -1); break;
    case PC_TL_DRAW_ORDER: ADD(P_DRAW_ORDER, -1); break;
    case PC_TL_DRAW_ORDER_FOLDER:
        for (int i = 0; i < t->folder_slot_count; i++) ADD(P_DRAW_ORDER_FOLDER, t->folder_slots[i]);
        break;
    case PC_TL_IK: ADD(P_IK, target); break;
    case PC_TL_TRANSFORM: ADD(P_TRANSFORM, target); break;
    case PC_TL_PATH_POSITION: ADD(P_PATH_POSITION, target); break;
    case PC_TL_PATH_SPACING: ADD(P_PATH_SPACING, target); break;
    case PC_TL_PATH_MIX: ADD(P_PATH_MIX, target); break;
    case PC_TL_PHYSICS_INERTIA: ADD(P_PHYSICS_INERTIA, target); break;
    case PC_TL_PHYSICS_STRENGTH: ADD(P_PHYSICS_STRENGTH, target); break;
    case PC_TL_PHYSICS_DAMPING: ADD(P_PHYSICS_DAMPING, target); break;
    case PC_TL_PHYSICS_MASS: ADD(P_PHYSICS_MASS, target); break;
    case PC_TL_PHYSICS_WIND: ADD(P_PHYSICS_WIND, target); break;
    case PC_TL_PHYSICS_GRAVITY: ADD(P_PHYSICS_GRAVITY, target); break;
    case PC_TL_PHYSICS_MIX: ADD(P_PHYSICS_MIX, target); break;
    case PC_TL_PHYSICS_RESET: ADD(P_PHYSICS_RESET, -1); break;
    case PC_TL_SLIDER_TIME: ADD(P_SLIDER_TIME, target); break;
    case PC_TL_SLIDER_MIX: ADD(P_SLIDER_MIX, target); break;
    default: break;
    }
#undef ADD
    return n;
}

static bool same(const prop *a, const prop *b)
{
    return a->property == b->property && a->target == b->target && a->attachment == b->attachment;
}

void pc_animation_state_data_free(pc_animation_state_data *d)
{
    if (!d) return;
    for (int i = 0; i < d->pair_count; i++) free(d->pairs[i].key);
    free(d->pairs);
    int animations = d->skeleton ? d->skeleton->animation_count : 0;
    for (int a = 0; a < animations; a++) {
        if (d->id_at) free(d->id_at[a]);
        if (d->id_count) free(d->id_count[a]);
        if (d->has) free(d->has[a]);
    }
    free(d->id_at);
    free(d->id_count);
    free(d->has);
    free(d->ids);
    free(d);
}

pc_animation_state_data *pc_animation_state_data_new(const pc_skeleton_data *data)
{
    pc_animation_state_data *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->skeleton = data;
    d->draw_order_id = -1;
    int animations = data->animation_count, all = 0, room = 0;
    for (int a = 0; a < animations; a++) {
        const pc_animation_data *an = &data->animations[a];
        if (an->timeline_count > d->most_timelines) d->most_timelines = an->timeline_count;
        int events = 0;
        for (int t = 0; t < an->timeline_count; t++) {
            room += 3 + an->timelines[t].folder_slot_count;
            if (an->timelines[t].kind == PC_TL_EVENT) events += an->timelines[t].frames_count;
        }
        if (events > d->most_events) d->most_events = events;
    }
    size_t n_animations = (size_t)(animations > 0 ? animations : 1);
    d->id_at = calloc(n_animations, sizeof *d->id_at);
    d->id_count = calloc(n_animations, sizeof *d->id_count);
    d->has = calloc(n_animations, sizeof *d->has);
    d->ids = malloc((size_t)(room ? room : 1) * sizeof *d->ids);
    prop *props = malloc((size_t)(room ? room : 1) * sizeof *props);
    if (!d->id_at || !d->id_count || !d->has || !d->ids || !props) {
        free(props);
        pc_animation_state_data_free(d);
        return NULL;
    }
    /* Interning: each distinct property its number, in the order first met (quadratic; documents hold
     * at most some thousands of timelines, and this runs once). */
    prop scratch[3];
    for (int a = 0; a < animations; a++) {
        const pc_animation_data *an = &data->animations[a];
        size_t timelines = (size_t)(an->timeline_count ? an->timeline_count : 1);
        d->id_at[a] = malloc(timelines * sizeof **d->id_at);
        d->id_count[a] = malloc(timelines * sizeof **d->id_count);
        if (!d->id_at[a] || !d->id_count[a]) {
            free(props);
            pc_animation_state_data_free(d);
            return NULL;
        }
        for (int t = 0; t < an->timeline_count; t++) {
            const pc_timeline *tl = &an->timelines[t];
            prop *mine = tl->kind == PC_TL_DRAW_ORDER_FOLDER ? malloc((size_t)(tl->folder_slot_count + 1) * sizeof *mine)
                                                             : scratch;
            if (!mine) {
                free(props);
                pc_animation_state_data_free(d);
                return NULL;
            }
            int count = properties_of(tl, mine);
            d->id_at[a][t] = all;
            d->id_count[a][t] = count;
            for (int k = 0; k < count; k++) {
                int id = -1;
                for (int p = 0; p < d->prop_count && id < 0; p++)
                    if (same(&props[p], &mine[k])) id = p;
                if (id < 0) {
                    id = d->prop_count++;
                    props[id] = mine[k];
                    if (mine[k].property == P_DRAW_ORDER) d->draw_order_id = id;
                }
                d->ids[all++] = id;
            }
            if (mine != scratch) free(mine);
        }
    }
    free(props);
    d->id_words = (d->prop_count + 63) / 64;
    for (int a = 0; a < animations; a++) {
        d->has[a] = calloc((size_t)(d->id_words ? d->id_words : 1), sizeof **d->has);
        if (!d->has[a]) {
            pc_animation_state_data_free(d);
            return NULL;
        }
        const pc_animation_data *an = &data->animations[a];
        for (int t = 0; t < an->timeline_count; t++)
            for (int k = 0; k < d->id_count[a][t]; k++) {
                int id = d->ids[d->id_at[a][t] + k];
                d->has[a][id / 64] |= (uint64_t)1 << (id % 64);
            }
    }
    return d;
}

void pc_animation_state_data_set_default_mix(pc_animation_state_data *d, double duration)
{
    d->default_mix = duration;
}

static const char *animation_name(const pc_animation_state_data *d, int a)
{
    return a == PC_ANIMATION_EMPTY ? pc_empty_animation_name : d->skeleton->animations[a].name;
}

/* Whether key is from + "." + to. */
static bool key_is(const char *key, const char *from, const char *to)
{
    size_t n = strlen(from);
    return strncmp(key, from, n) == 0 && key[n] == '.' && strcmp(key + n + 1, to) == 0;
}

static int find_animation(const pc_skeleton_data *data, const char *name)
{
    for (int a = 0; a < data->animation_count; a++)
        if (strcmp(data->animations[a].name, name) == 0) return a;
    return -1;
}

int pc_animation_state_data_set_mix(pc_animation_state_data *d, const char *from, const char *to, double duration)
{
    if (find_animation(d->skeleton, from) < 0 || find_animation(d->skeleton, to) < 0) return -1;
    for (int i = 0; i < d->pair_count; i++)
        if (key_is(d->pairs[i].key, from, to)) {
            d->pairs[i].duration = duration;
            return 0;
        }
    if (d->pair_count == d->pair_capacity) {
        int cap = d->pair_capacity ? d->pair_capacity * 2 : 8;
        pc_mix_pair *p = realloc(d->pairs, (size_t)cap * sizeof *p);
        if (!p) return -1;
        d->pairs = p;
        d->pair_capacity = cap;
    }
    size_t n = strlen(from) + strlen(to) + 2;
    char *key = malloc(n);
    if (!key) return -1;
    snprintf(key, n, "%s.%s", from, to);
    d->pairs[d->pair_count].key = key;
    d->pairs[d->pair_count].duration = duration;
    d->pair_count++;
    return 0;
}

double pc_state_data_get_mix(const pc_animation_state_data *d, int from, int to)
{
    const char *f = animation_name(d, from), *t = animation_name(d, to);
    for (int i = 0; i < d->pair_count; i++)
        if (key_is(d->pairs[i].key, f, t)) return d->pairs[i].duration;
    return d->default_mix;
}

bool pc_state_data_has_any(const pc_animation_state_data *d, int a, const int *ids, int count)
{
    if (a == PC_ANIMATION_EMPTY) return false;
    for (int k = 0; k < count; k++)
        if (d->has[a][ids[k] / 64] >> (ids[k] % 64) & 1) return true;
    return false;
}

/* Timeline.additive and Timeline.instant, as the runtime's timeline classes set them. */
bool pc_timeline_additive(pc_timeline_kind kind)
{
    switch (kind) {
    case PC_TL_ROTATE: case PC_TL_TRANSLATE: case PC_TL_TRANSLATE_X: case PC_TL_TRANSLATE_Y: case PC_TL_SCALE:
    case PC_TL_SCALE_X: case PC_TL_SCALE_Y: case PC_TL_SHEAR: case PC_TL_SHEAR_X: case PC_TL_SHEAR_Y:
    case PC_TL_DEFORM: case PC_TL_TRANSFORM: case PC_TL_PATH_POSITION: case PC_TL_SLIDER_MIX:
    case PC_TL_PHYSICS_WIND: case PC_TL_PHYSICS_GRAVITY:
        return true;
    default:
        return false;
    }
}

bool pc_timeline_instant(pc_timeline_kind kind)
{
    switch (kind) {
    case PC_TL_INHERIT: case PC_TL_ATTACHMENT: case PC_TL_SEQUENCE: case PC_TL_EVENT: case PC_TL_DRAW_ORDER:
    case PC_TL_DRAW_ORDER_FOLDER: case PC_TL_PHYSICS_RESET:
        return true;
    default:
        return false;
    }
}
