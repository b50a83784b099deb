/* Reading the `animations` object: each animation's slot and bone timelines (here), constraint and
 * attachment timelines (read_constraint_timelines.c), draw order and event timelines (here), in the
 * runtime's order, then its duration (the latest last-frame time, NaN when a timeline has no frame)
 * and the bones its bone timelines key.
 *
 * Rules measured against the oracle: a slot timeline with a falsy value is skipped, an unknown slot or
 * bone timeline name throws; an empty bone timeline is skipped, an empty slot color timeline throws
 * (its first key is read); attachment timelines keep one name per frame; draw orders are the slot
 * indices in draw order. */
#include "reader.h"
#include "timeline_keys.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char pc_timeline_kind_names[PC_TL_KIND_COUNT][PC_NAME_ROOM] = {
    "attachment", "rgba", "rgb", "alpha", "rgba2", "rgb2",
    "rotate", "translate", "translatex", "translatey", "scale", "scalex", "scaley", "shear", "shearx", "sheary",
    "inherit", "ik", "transform", "position", "spacing", "mix",
    "inertia", "strength", "damping", "mass", "wind", "gravity", "mix", "reset",
    "time", "mix", "deform", "sequence", "drawOrder", "drawOrderFolder", "events",
};

/* Slot color timelines: `color` (or `light` and `dark`) per key, curves per channel. */
static void read_color_timeline(reader *r, json_t *keys, pc_timeline *t, bool two_colors, bool alpha)
{
    int channels = alpha ? 4 : 3;
    json_t *key = get_index(r, keys, 0);
    js_num time = value_or(r, key, "time", 0);
    pc_color c1, c2 = { 0, 0, 0, 0 };
    color_from(r, get(r, key, two_colors ? "light" : "color"), &c1, NULL);
    if (two_colors) color_from(r, get(r, key, "dark"), &c2, NULL);
    int bezier = 0;
    for (int frame = 0;; frame++) {
        double base = (double)frame * t->entries;
        double values[7] = { c1.r, c1.g, c1.b, c1.a, c2.r, c2.g, c2.b };
        frame_set_num(r, t, base, time);
        int k = 1;
        for (int ch = 0; ch < channels; ch++) frame_set(t, base + k++, values[ch]);
        if (two_colors)
            for (int ch = 4; ch < 7; ch++) frame_set(t, base + k++, values[ch]);
        json_t *next = get_index(r, keys, (size_t)frame + 1);
        if (!js_truthy(next)) {
            timeline_shrink(t, bezier);
            return;
        }
        js_num time2 = value_or(r, next, "time", 0);
        pc_color n1, n2 = { 0, 0, 0, 0 };
        color_from(r, get(r, next, two_colors ? "light" : "color"), &n1, NULL);
        if (two_colors) color_from(r, get(r, next, "dark"), &n2, NULL);
        json_t *curve = get(r, key, "curve");
        if (js_truthy(curve)) {
            double from[7] = { c1.r, c1.g, c1.b, c1.a, c2.r, c2.g, c2.b };
            double to[7] = { n1.r, n1.g, n1.b, n1.a, n2.r, n2.g, n2.b };
            int value = 0;
            for (int ch = 0; ch < 7; ch++) {
                if (ch == 3 && !alpha) continue;
                if (ch >= 4 && !two_colors) break;
                bezier = read_curve(r, curve, t, bezier, frame, value++, time, time2, (js_num){ from[ch], false },
                                    (js_num){ to[ch], false }, 1);
            }
        }
        time = time2;
        c1 = n1;
        c2 = n2;
        key = next;
    }
}

static void read_slot_timelines(reader *r, json_t *map, pc_animation_data *a)
{
    json_t *slots = get(r, map, "slots");
    if (!js_truthy(slots)) return;
    const char **names;
    json_t **slot_maps;
    size_t n = js_for_in(r->heap, slots, &names, &slot_maps);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, names);
    reader_temp(r, slot_maps);
    size_t mark = path_push(r, ".slots");
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, names[i]);
        int slot = find_slot_js(r, js_make_string(r->heap, names[i], strlen(names[i])));
        if (slot < 0) reader_throw(r, "Slot not found: %s", names[i]);
        const char **tl_names;
        json_t **tl_maps;
        size_t m = js_for_in(r->heap, slot_maps[i], &tl_names, &tl_maps);
        if (m == (size_t)-1) reader_throw(r, "out of memory");
        reader_temp(r, tl_names);
        reader_temp(r, tl_maps);
        for (size_t k = 0; k < m; k++) {
            json_t *keys = tl_maps[k];
            if (!js_truthy(keys)) continue;
            size_t tl = path_push_key(r, tl_names[k]);
            double frames = length_of(r, keys);
            const char *tn = tl_names[k];
            pc_timeline *t;
            if (strcmp(tn, "attachment") == 0) {
                t = timeline_add(r, a, PC_TL_ATTACHMENT, slot, frames, 1, false, 0, true);
                t->attachment_names = reader_calloc(r, (size_t)t->frames_count, sizeof *t->attachment_names);
                for (size_t f = 0; (double)f < frames; f++) {
                    json_t *key = get_index(r, keys, f);
                    js_num time = value_or(r, key, "time", 0);
                    json_t *name = get(r, key, "name");
                    frame_set_num(r, t, (double)f, time);
                    if ((int)f < t->frames_count && name != NULL && js_typeof(name) != JS_NULL) {
                        size_t len;
                        const char *s = js_string(name, &len);
                        if (s && strlen(s) == len) t->attachment_names[f] = reader_strdup(r, s);
                        else reader_unmodelled(r, "an attachment key's name is not a string");
                    }
                }
            } else if (strcmp(tn, "rgba") == 0) {
                t = timeline_add(r, a, PC_TL_RGBA, slot, frames, 5, true, js_to_int32((double)js_to_int32(frames) * 4), false);
                read_color_timeline(r, keys, t, false, true);
            } else if (strcmp(tn, "rgb") == 0) {
                t = timeline_add(r, a, PC_TL_RGB, slot, frames, 4, true, frames * 3, false);
                read_color_timeline(r, keys, t, false, false);
            } else if (strcmp(tn, "alpha") == 0) {
                t = timeline_add(r, a, PC_TL_ALPHA, slot, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 0, 1);
            } else if (strcmp(tn, "rgba2") == 0) {
                t = timeline_add(r, a, PC_TL_RGBA2, slot, frames, 8, true, frames * 7, false);
                read_color_timeline(r, keys, t, true, true);
            } else if (strcmp(tn, "rgb2") == 0) {
                t = timeline_add(r, a, PC_TL_RGB2, slot, frames, 7, true, frames * 6, false);
                read_color_timeline(r, keys, t, true, false);
            } else {
                reader_throw(r, "Invalid timeline type for a slot: %s", tn);
            }
            t->target_name = r->d->slots[slot].name;
            path_pop(r, tl);
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}

static void read_bone_timelines(reader *r, json_t *map, pc_animation_data *a)
{
    static const char inherit_enum[5][PC_NAME_ROOM] = { "Normal", "OnlyTranslation", "NoRotationOrReflection", "NoScale",
                                                 "NoScaleOrReflection" };
    json_t *bones = get(r, map, "bones");
    if (!js_truthy(bones)) return;
    const char **names;
    json_t **bone_maps;
    size_t n = js_for_in(r->heap, bones, &names, &bone_maps);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, names);
    reader_temp(r, bone_maps);
    size_t mark = path_push(r, ".bones");
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, names[i]);
        int bone = find_bone_js(r, js_make_string(r->heap, names[i], strlen(names[i])));
        if (bone < 0) reader_throw(r, "Bone not found: %s", names[i]);
        const char **tl_names;
        json_t **tl_maps;
        size_t m = js_for_in(r->heap, bone_maps[i], &tl_names, &tl_maps);
        if (m == (size_t)-1) reader_throw(r, "out of memory");
        reader_temp(r, tl_names);
        reader_temp(r, tl_maps);
        for (size_t k = 0; k < m; k++) {
            size_t tl = path_push_key(r, tl_names[k]);
            json_t *keys = tl_maps[k];
            json_t *length = get(r, keys, "length");
            double frames = js_to_number(length);
            /* `frames === 0`: only a length that is the number 0 skips the timeline. */
            if (js_typeof(length) == JS_NUMBER && frames == 0) { path_pop(r, tl); continue; }
            if (js_typeof(length) != JS_NUMBER && length != NULL) reader_unmodelled(r, "a length that is not a number");
            const char *tn = tl_names[k];
            pc_timeline *t;
            double shift1 = js_to_int32((double)js_to_int32(frames) * 2);
            if (strcmp(tn, "rotate") == 0) {
                t = timeline_add(r, a, PC_TL_ROTATE, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 0, 1);
            } else if (strcmp(tn, "translate") == 0) {
                t = timeline_add(r, a, PC_TL_TRANSLATE, bone, frames, 3, true, shift1, false);
                read_timeline2(r, keys, t, "x", "y", 0, 1);
            } else if (strcmp(tn, "translatex") == 0) {
                t = timeline_add(r, a, PC_TL_TRANSLATE_X, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 0, 1);
            } else if (strcmp(tn, "translatey") == 0) {
                t = timeline_add(r, a, PC_TL_TRANSLATE_Y, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 0, 1);
            } else if (strcmp(tn, "scale") == 0) {
                t = timeline_add(r, a, PC_TL_SCALE, bone, frames, 3, true, shift1, false);
                read_timeline2(r, keys, t, "x", "y", 1, 1);
            } else if (strcmp(tn, "scalex") == 0) {
                t = timeline_add(r, a, PC_TL_SCALE_X, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 1, 1);
            } else if (strcmp(tn, "scaley") == 0) {
                t = timeline_add(r, a, PC_TL_SCALE_Y, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 1, 1);
            } else if (strcmp(tn, "shear") == 0) {
                t = timeline_add(r, a, PC_TL_SHEAR, bone, frames, 3, true, shift1, false);
                read_timeline2(r, keys, t, "x", "y", 0, 1);
            } else if (strcmp(tn, "shearx") == 0) {
                t = timeline_add(r, a, PC_TL_SHEAR_X, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 0, 1);
            } else if (strcmp(tn, "sheary") == 0) {
                t = timeline_add(r, a, PC_TL_SHEAR_Y, bone, frames, 2, true, frames, false);
                read_timeline1(r, keys, t, 0, 1);
            } else if (strcmp(tn, "inherit") == 0) {
                t = timeline_add(r, a, PC_TL_INHERIT, bone, frames, 2, false, 0, false);
                for (size_t f = 0; (double)f < length_of(r, keys); f++) {
                    json_t *key = get_index(r, keys, f);
                    js_num time = value_or(r, key, "time", 0);
                    json_t *mode_name = get(r, key, "inherit");
                    double mode;
                    if (mode_name == NULL) mode = 0;
                    else {
                        int m2 = enum_value(r, mode_name, inherit_enum, 5, -1, NULL);
                        mode = m2 < 0 ? NAN : m2;
                    }
                    frame_set_num(r, t, (double)f * 2, time);
                    frame_set(t, (double)f * 2 + 1, mode);
                }
            } else {
                reader_throw(r, "Invalid timeline type for a bone: %s", tn);
            }
            t->target_name = r->d->bones[bone].name;
            path_pop(r, tl);
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}

/* readDrawOrder: the slot indices in draw order after the key's `offsets` (null: the setup order).
 * folder: the folder's slots (positions are within it), NULL for the whole skeleton. */
static int *read_draw_order(reader *r, json_t *key, int slot_count, const int *folder, int *length)
{
    json_t *changes = get(r, key, "offsets");
    *length = 0;
    if (!js_truthy(changes)) return NULL;
    double unchanged_length = slot_count - js_to_number(get(r, changes, "length"));
    if (!(unchanged_length >= 0 && unchanged_length == trunc(unchanged_length)))
        reader_throw(r, "RangeError: Invalid array length");
    json_t **items;
    size_t n;
    if (!js_for_of(r->heap, changes, &items, &n)) reader_throw(r, "TypeError: offsets is not iterable");
    reader_temp(r, items);
    /* Large enough for any slot an offset can name within the order. */
    int capacity = slot_count + 1;
    int *order = reader_temp(r, malloc((size_t)capacity * sizeof *order));
    int *unchanged = reader_temp(r, malloc(((size_t)slot_count + 1) * sizeof *unchanged));
    bool *set = reader_temp(r, calloc((size_t)capacity, sizeof *set));
    if (!order || !unchanged || !set) reader_throw(r, "out of memory");
    for (int i = 0; i < slot_count; i++) order[i] = -1;
    int original = 0, unchanged_index = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *slot_name = get(r, items[i], "slot");
        int slot = find_slot_js(r, slot_name);
        if (slot < 0) {
            const char *text = js_property_key(r->heap, slot_name);
            reader_throw(r, "Draw order slot not found: %s", text ? text : "?");
        }
        int index = slot;
        if (folder) {
            index = -1;
            for (int k = 0; k < slot_count; k++)
                if (folder[k] == slot) { index = k; break; }
            if (index == -1) {
                const char *text = js_property_key(r->heap, slot_name);
                reader_throw(r, "Slot not in folder: %s", text ? text : "?");
            }
        }
        /* An offset for a slot before the previous one never meets it: the runtime loops without end. */
        if (index < original) reader_limit(r, "a draw order whose slots are not in order");
        while (original != index) {
            if (unchanged_index < slot_count) unchanged[unchanged_index] = original;
            unchanged_index++;
            original++;
        }
        json_t *offset = get(r, items[i], "offset");
        if (js_typeof(offset) != JS_NUMBER) reader_unmodelled(r, "a draw order offset is not a number");
        double at = original + js_to_number(offset);
        if (at >= 0 && at < slot_count && at == trunc(at)) order[(int)at] = original;
        else reader_unmodelled(r, "a draw order offset out of the order");
        original++;
    }
    while (original < slot_count) {
        if (unchanged_index < slot_count) unchanged[unchanged_index] = original;
        unchanged_index++;
        original++;
    }
    for (int i = slot_count - 1; i >= 0; i--) {
        if (order[i] == -1) {
            if (--unchanged_index < 0 || unchanged_index >= slot_count) {
                reader_unmodelled(r, "a draw order with a hole");
                order[i] = -1;
            } else {
                order[i] = unchanged[unchanged_index];
            }
        }
    }
    int *out = malloc(((size_t)slot_count + 1) * sizeof *out);
    if (!out) reader_throw(r, "out of memory");
    memcpy(out, order, (size_t)slot_count * sizeof *out);
    *length = slot_count;
    return out;
}

static void read_draw_order_timelines(reader *r, json_t *map, pc_animation_data *a)
{
    pc_skeleton_data *d = r->d;
    json_t *draw_order = get(r, map, "drawOrder");
    if (js_truthy(draw_order)) {
        size_t mark = path_push(r, ".drawOrder");
        pc_timeline *t = timeline_add(r, a, PC_TL_DRAW_ORDER, -1, length_of(r, draw_order), 1, false, 0, true);
        t->draw_orders = reader_calloc(r, (size_t)t->frames_count, sizeof *t->draw_orders);
        t->draw_order_length = d->slot_count;
        json_t **items;
        size_t n;
        if (!js_for_of(r->heap, draw_order, &items, &n)) reader_throw(r, "TypeError: drawOrder is not iterable");
        reader_temp(r, items);
        for (size_t f = 0; f < n; f++) {
            size_t item = path_push(r, "[%zu]", f);
            js_num time = value_or(r, items[f], "time", 0);
            int length;
            int *order = read_draw_order(r, items[f], d->slot_count, NULL, &length);
            frame_set_num(r, t, (double)f, time);
            if ((int)f < t->frames_count) t->draw_orders[f] = order;
            else free(order);
            path_pop(r, item);
        }
        path_pop(r, mark);
    }
    json_t *folders = get(r, map, "drawOrderFolder");
    if (js_truthy(folders)) {
        size_t mark = path_push(r, ".drawOrderFolder");
        json_t **timelines;
        size_t tn;
        if (!js_for_of(r->heap, folders, &timelines, &tn)) reader_throw(r, "TypeError: drawOrderFolder is not iterable");
        reader_temp(r, timelines);
        for (size_t i = 0; i < tn; i++) {
            size_t item = path_push(r, "[%zu]", i);
            json_t *slots = get(r, timelines[i], "slots");
            if (slots == NULL) slots = NULL; /* [] */
            double slot_length = slots == NULL ? 0 : js_to_number(get(r, slots, "length"));
            if (slots != NULL && get(r, slots, "length") != NULL
                && !(slot_length >= 0 && slot_length <= 4294967295.0 && slot_length == trunc(slot_length)))
                reader_throw(r, "RangeError: Invalid array length");
            json_t **entries = NULL;
            size_t en = 0;
            if (slots != NULL && !js_for_of(r->heap, slots, &entries, &en))
                reader_throw(r, "TypeError: slots is not iterable");
            reader_temp(r, entries);
            int *folder = reader_temp(r, malloc((en ? en : 1) * sizeof *folder));
            if (!folder) reader_throw(r, "out of memory");
            for (size_t k = 0; k < en; k++) {
                int slot = find_slot_js(r, entries[k]);
                if (slot < 0) {
                    const char *text = js_property_key(r->heap, entries[k]);
                    reader_throw(r, "Draw order folder slot not found: %s", text ? text : "?");
                }
                folder[k] = slot;
            }
            json_t *keys = get(r, timelines[i], "keys");
            double key_count = keys == NULL ? 0 : js_typeof(keys) == JS_FUNCTION ? 0 : js_to_number(get(r, keys, "length"));
            pc_timeline *t = timeline_add(r, a, PC_TL_DRAW_ORDER_FOLDER, -1, key_count, 1, false, 0, true);
            t->folder_slots = reader_calloc(r, en, sizeof *t->folder_slots);
            memcpy(t->folder_slots, folder, en * sizeof *folder);
            t->folder_slot_count = (int)en;
            t->draw_orders = reader_calloc(r, (size_t)t->frames_count, sizeof *t->draw_orders);
            t->draw_order_length = (int)en;
            json_t **items = NULL;
            size_t n = 0;
            if (keys != NULL && !js_for_of(r->heap, keys, &items, &n)) reader_throw(r, "TypeError: keys is not iterable");
            reader_temp(r, items);
            for (size_t f = 0; f < n; f++) {
                js_num time = value_or(r, items[f], "time", 0);
                int length;
                int *order = read_draw_order(r, items[f], (int)en, folder, &length);
                frame_set_num(r, t, (double)f, time);
                if ((int)f < t->frames_count) t->draw_orders[f] = order;
                else free(order);
            }
            path_pop(r, item);
        }
        path_pop(r, mark);
    }
}

static void read_event_timeline(reader *r, json_t *map, pc_animation_data *a)
{
    pc_skeleton_data *d = r->d;
    json_t *events = get(r, map, "events");
    if (!js_truthy(events)) return;
    size_t mark = path_push(r, ".events");
    double n = length_of(r, events);
    pc_timeline *t = timeline_add(r, a, PC_TL_EVENT, -1, n, 1, false, 0, true);
    t->events = reader_calloc(r, (size_t)t->frames_count, sizeof *t->events);
    for (size_t i = 0; (double)i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *map_i = get_index(r, events, i);
        json_t *name = get(r, map_i, "name");
        int e = find_event_js(r, name);
        if (e < 0) {
            const char *text = js_property_key(r->heap, name);
            reader_throw(r, "Event not found: %s", text ? text : "?");
        }
        const pc_event_data *data = &d->events[e];
        pc_event_key key = { 0 };
        key.event = e;
        key.time = (float)js_to_number(get(r, map_i, "time") ? get(r, map_i, "time") : NULL);
        if (get(r, map_i, "time") == NULL) key.time = 0;
        key.int_value = num_raw(r, map_i, "int", data->int_value);
        key.float_value = num_raw(r, map_i, "float", data->float_value);
        const char *s = str_raw(r, map_i, "string");
        if (get(r, map_i, "string") == NULL) s = data->string_value;
        key.has_audio = data->audio && data->audio[0];
        if (key.has_audio) {
            key.volume = num_raw(r, map_i, "volume", data->volume);
            /* The runtime's default for a key's balance is the event's volume. */
            key.balance = num_raw(r, map_i, "balance", data->volume);
        }
        frame_set(t, (double)i, key.time);
        if ((int)i < t->frames_count) {
            key.string_value = reader_strdup(r, s ? s : "");
            if (!s) reader_unmodelled(r, "an event key's string is null");
            t->events[i] = key;
            t->event_count = (int)i + 1;
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}

/* Math.max(0, durations...) as JavaScript computes it: NaN wins, +0 beats -0. */
static double js_max(double a, double b)
{
    if (isnan(a) || isnan(b)) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a > b ? a : b;
}

void read_animation(reader *r, json_t *map, const char *name)
{
    pc_skeleton_data *d = r->d;
    pc_animation_data *a = &d->animations[d->animation_count++];
    memset(a, 0, sizeof *a);
    a->name = reader_strdup(r, name);
    a->color = (pc_color){ 1, 1, 1, 1 };
    read_slot_timelines(r, map, a);
    read_bone_timelines(r, map, a);
    read_constraint_timelines(r, map, a);
    read_attachment_timelines(r, map, a);
    read_draw_order_timelines(r, map, a);
    read_event_timeline(r, map, a);
    double duration = 0;
    for (int i = 0; i < a->timeline_count; i++) {
        pc_timeline *t = &a->timelines[i];
        if (t->entries > 0 && t->frames_count / t->entries > PC_KEY_SCAN_MAX && pc_timeline_keys_ascending(t))
            pc_timeline_index_keys(t, reader_calloc(r, (size_t)(t->frames_count / t->entries), sizeof(int)));
        /* frames[frames.length - entries]: undefined (NaN) when there is no frame. */
        int at = t->frames_count - t->entries;
        duration = js_max(duration, at >= 0 ? (double)t->frames[at] : NAN);
    }
    a->duration = duration;
    if (name[0] == '\0') reader_throw(r, "name cannot be null.");
    /* Animation.bones: the bone of every bone and inherit timeline, in timeline order, repeats kept
     * (measured: the runtime tests `boneSet.add(...)`, which returns the set, so nothing is dropped). */
    a->bones = reader_calloc(r, (size_t)a->timeline_count, sizeof *a->bones);
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        if (t->kind >= PC_TL_ROTATE && t->kind <= PC_TL_INHERIT) a->bones[a->bone_count++] = t->target;
    }
    json_t *color = get(r, map, "color");
    if (color != NULL && js_typeof(color) != JS_NULL) color_from(r, color, &a->color, NULL);
}

void read_animations(reader *r, json_t *root)
{
    pc_skeleton_data *d = r->d;
    json_t *animations = get(r, root, "animations");
    if (!js_truthy(animations)) return;
    const char **names;
    json_t **maps;
    size_t n = js_for_in(r->heap, animations, &names, &maps);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, names);
    reader_temp(r, maps);
    d->animations = reader_calloc(r, n, sizeof *d->animations);
    size_t mark = path_push(r, ".animations");
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, names[i]);
        if (js_typeof(maps[i]) == JS_NULL) reader_type_error(r, "slots");
        read_animation(r, maps[i], names[i]);
        pc_animation_data *a = &d->animations[d->animation_count - 1];
        a->id.text = a->name;
        a->id.js = js_make_string(r->heap, names[i], strlen(names[i]));
        path_pop(r, item);
    }
    path_pop(r, mark);
}
