/* The shrinker's edits (reduce.h). Every edit deep-copies the document first. The references cleaned
 * up after removing bones follow the 4.x JSON: slots[].bone, constraints[] (bones, bone, target,
 * source; 4.3 keeps them in one array, earlier versions in ik/transform/path/physics arrays), skins[]
 * (bones, constraints, attachments by slot), animations (bones, slots, attachments by skin and slot,
 * constraint timelines by constraint name, drawOrder offsets by slot). */
#include "reduce.h"
#include "js/numtext.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t reduce_bone_count(const json_t *doc)
{
    json_t *bones = json_object_get(doc, "bones");
    return json_is_array(bones) ? json_array_size(bones) : 0;
}

static const char *name_of(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static long bone_index(const json_t *bones, const char *name)
{
    if (!name) return -1;
    for (size_t i = 0; i < json_array_size(bones); i++) {
        const char *n = name_of(json_array_get(bones, i), "name");
        if (n && strcmp(n, name) == 0) return (long)i;
    }
    return -1;
}

/* A set of names (copies: what they name is deleted while they are still needed). */
struct names {
    char **v;
    size_t n;
};

static void names_add(struct names *s, const char *name)
{
    if (!name) return;
    char **v = realloc(s->v, (s->n + 1) * sizeof *v);
    if (!v) return;
    s->v = v;
    s->v[s->n] = strdup(name);
    if (s->v[s->n]) s->n++;
}

static void names_clear(struct names *s)
{
    for (size_t i = 0; i < s->n; i++) free(s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = 0;
}

static bool names_has(const struct names *s, const char *name)
{
    if (!name) return false;
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->v[i], name) == 0) return true;
    return false;
}

/* Deletes an object's members whose keys are in s. */
static void drop_keys(json_t *obj, const struct names *s)
{
    if (!json_is_object(obj)) return;
    for (size_t i = 0; i < s->n; i++) json_object_del(obj, s->v[i]);
}

/* Deletes string elements of an array that are in s. */
static void drop_strings(json_t *arr, const struct names *s)
{
    if (!json_is_array(arr)) return;
    for (size_t i = json_array_size(arr); i-- > 0;)
        if (names_has(s, json_string_value(json_array_get(arr, i)))) json_array_remove(arr, i);
}

static bool constraint_uses(json_t *c, const struct names *bones, const struct names *slots)
{
    static const char *const refs[] = { "bone", "target", "source" };
    for (size_t k = 0; k < sizeof refs / sizeof refs[0]; k++)
        if (names_has(bones, name_of(c, refs[k]))) return true;
    if (names_has(slots, name_of(c, "slot")) || names_has(slots, name_of(c, "target"))) return true;
    json_t *list = json_object_get(c, "bones");
    if (json_is_array(list) && json_array_size(list) > 0) {
        drop_strings(list, bones);
        if (json_array_size(list) == 0) return true;
    }
    return false;
}

/* Removes the constraints of an array that use removed bones or slots; their names go into gone. */
static void drop_constraints(json_t *arr, const struct names *bones, const struct names *slots, struct names *gone)
{
    if (!json_is_array(arr)) return;
    for (size_t i = json_array_size(arr); i-- > 0;) {
        json_t *c = json_array_get(arr, i);
        if (!constraint_uses(c, bones, slots)) continue;
        names_add(gone, name_of(c, "name"));
        json_array_remove(arr, i);
    }
}

static const char *const CONSTRAINT_KINDS[] = { "ik", "transform", "path", "physics", "slider" };
#define KIND_COUNT (sizeof CONSTRAINT_KINDS / sizeof CONSTRAINT_KINDS[0])

json_t *reduce_remove_bones(const json_t *doc, const bool *remove)
{
    json_t *out = json_deep_copy(doc);
    json_t *bones = json_object_get(out, "bones");
    if (!json_is_array(bones)) return out;
    size_t n = json_array_size(bones);
    long *parent = malloc((n ? n : 1) * sizeof *parent);
    if (!parent) return out;
    for (size_t i = 0; i < n; i++) parent[i] = bone_index(bones, name_of(json_array_get(bones, i), "parent"));

    /* Reparent the kept bones, then drop the others (from the end, so indices hold). */
    struct names gone_bones = { 0 }, gone_slots = { 0 }, gone_constraints = { 0 };
    for (size_t i = 0; i < n; i++) {
        json_t *b = json_array_get(bones, i);
        if (remove[i]) {
            names_add(&gone_bones, name_of(b, "name"));
            continue;
        }
        long p = parent[i];
        size_t steps = 0;
        while (p >= 0 && remove[p] && steps++ <= n) p = parent[p];
        if (p == parent[i]) continue;
        if (p >= 0) json_object_set(b, "parent", json_object_get(json_array_get(bones, (size_t)p), "name"));
        else json_object_del(b, "parent");
    }
    free(parent);

    json_t *slots = json_object_get(out, "slots");
    if (json_is_array(slots))
        for (size_t i = json_array_size(slots); i-- > 0;) {
            json_t *s = json_array_get(slots, i);
            if (!names_has(&gone_bones, name_of(s, "bone"))) continue;
            names_add(&gone_slots, name_of(s, "name"));
            json_array_remove(slots, i);
        }
    for (size_t i = n; i-- > 0;)
        if (remove[i]) json_array_remove(bones, i);

    drop_constraints(json_object_get(out, "constraints"), &gone_bones, &gone_slots, &gone_constraints);
    for (size_t k = 0; k < KIND_COUNT; k++)
        drop_constraints(json_object_get(out, CONSTRAINT_KINDS[k]), &gone_bones, &gone_slots, &gone_constraints);

    json_t *skins = json_object_get(out, "skins");
    for (size_t i = 0; json_is_array(skins) && i < json_array_size(skins); i++) {
        json_t *skin = json_array_get(skins, i);
        drop_strings(json_object_get(skin, "bones"), &gone_bones);
        drop_strings(json_object_get(skin, "constraints"), &gone_constraints);
        for (size_t k = 0; k < KIND_COUNT; k++) drop_strings(json_object_get(skin, CONSTRAINT_KINDS[k]), &gone_constraints);
        drop_keys(json_object_get(skin, "attachments"), &gone_slots);
    }

    json_t *anims = json_object_get(out, "animations");
    const char *name;
    json_t *anim;
    json_object_foreach(anims, name, anim)
    {
        drop_keys(json_object_get(anim, "bones"), &gone_bones);
        drop_keys(json_object_get(anim, "slots"), &gone_slots);
        for (size_t k = 0; k < KIND_COUNT; k++) drop_keys(json_object_get(anim, CONSTRAINT_KINDS[k]), &gone_constraints);
        const char *skin_name;
        json_t *by_slot;
        json_object_foreach(json_object_get(anim, "attachments"), skin_name, by_slot) drop_keys(by_slot, &gone_slots);
        json_t *order = json_object_get(anim, "drawOrder");
        for (size_t i = 0; json_is_array(order) && i < json_array_size(order); i++) {
            json_t *offsets = json_object_get(json_array_get(order, i), "offsets");
            for (size_t j = json_array_size(offsets); json_is_array(offsets) && j-- > 0;)
                if (names_has(&gone_slots, name_of(json_array_get(offsets, j), "slot"))) json_array_remove(offsets, j);
        }
    }
    names_clear(&gone_bones);
    names_clear(&gone_slots);
    names_clear(&gone_constraints);
    return out;
}

void reduce_mark_subtree(const json_t *doc, size_t i, bool *remove)
{
    json_t *bones = json_object_get(doc, "bones");
    size_t n = json_array_size(bones);
    if (i >= n) return;
    remove[i] = true;
    /* Bones usually follow their parents, but not always: sweep until nothing changes. */
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = 0; k < n; k++) {
            if (remove[k]) continue;
            long p = bone_index(bones, name_of(json_array_get(bones, k), "parent"));
            if (p >= 0 && remove[p]) remove[k] = changed = true;
        }
    }
}

json_t *jpath_get(const json_t *doc, const struct jpath *p)
{
    const json_t *v = doc;
    for (size_t i = 0; v && i < p->depth; i++)
        v = p->steps[i].key ? json_object_get(v, p->steps[i].key) : json_array_get(v, p->steps[i].index);
    return (json_t *)v;
}

json_t *reduce_remove_children(const json_t *doc, const struct jpath *p, size_t from, size_t n)
{
    json_t *out = json_deep_copy(doc);
    json_t *c = jpath_get(out, p);
    if (json_is_array(c)) {
        for (size_t i = from + n; i-- > from;)
            if (i < json_array_size(c)) json_array_remove(c, i);
    } else if (json_is_object(c)) {
        /* Collect the keys first: deleting while iterating is not allowed. */
        size_t k = 0, count = 0;
        char **keys = calloc(n ? n : 1, sizeof *keys);
        const char *key;
        json_t *v;
        json_object_foreach(c, key, v)
        {
            if (k >= from && k < from + n && keys) keys[count++] = strdup(key);
            k++;
        }
        for (size_t i = 0; i < count; i++) {
            json_object_del(c, keys[i]);
            free(keys[i]);
        }
        free(keys);
    }
    return out;
}

json_t *reduce_set_number(const json_t *doc, const struct jpath *p, double x)
{
    json_t *out = json_deep_copy(doc);
    if (p->depth == 0) return out;
    struct jpath parent = *p;
    parent.depth--;
    json_t *c = jpath_get(out, &parent);
    const struct jstep *last = &p->steps[p->depth - 1];
    json_t *v = x == floor(x) && fabs(x) < 9e15 && !(x == 0 && signbit(x)) ? json_integer((json_int_t)x)
                                                                              : json_real(x);
    if (last->key && json_is_object(c)) json_object_set_new(c, last->key, v);
    else if (!last->key && json_is_array(c)) json_array_set_new(c, last->index, v);
    else json_decref(v);
    return out;
}

static size_t spelling(double x)
{
    char buf[NUMTEXT_MAX];
    return numtext_format(x, buf);
}

size_t reduce_simpler_numbers(double x, double *out, size_t max)
{
    size_t n = 0, have = spelling(x);
    double tries[24];
    size_t t = 0;
    tries[t++] = 0;
    tries[t++] = 1;
    tries[t++] = -1;
    if (isfinite(x)) {
        tries[t++] = trunc(x);
        tries[t++] = round(x);
        /* Fewer significant digits, one at a time: 1 .. 15. */
        for (int digits = 1; digits <= 15 && t < 24; digits++) {
            char buf[40];
            snprintf(buf, sizeof buf, "%.*g", digits, x);
            tries[t++] = strtod(buf, NULL);
        }
    }
    for (size_t i = 0; i < t && n < max; i++) {
        double y = tries[i];
        if (!isfinite(y) || y == x || (y == 0 && x == 0)) continue;
        bool simplest = y == 0 || y == 1;
        if (!simplest && spelling(y) >= have) continue;
        bool dup = false;
        for (size_t k = 0; k < n && !dup; k++) dup = out[k] == y;
        if (!dup) out[n++] = y;
    }
    return n;
}
