/* Reading bones and slots (the document's `bones` and `slots` arrays), with the runtime's defaults:
 * a bone without a parent that names an earlier bone is a root, x/y/length are coerced to numbers
 * (the runtime multiplies them by its scale) while rotation, scales and shears are kept as they are. */
#include "reader.h"

#include <stdlib.h>
#include <string.h>

const char pc_blend_names[4][PC_NAME_ROOM] = { "normal", "additive", "multiply", "screen" };

void read_bones(reader *r, json_t *root)
{
    static const char inherit_enum[5][PC_NAME_ROOM] = { "Normal", "OnlyTranslation", "NoRotationOrReflection", "NoScale",
                                                 "NoScaleOrReflection" };
    pc_skeleton_data *d = r->d;
    json_t *bones = get(r, root, "bones");
    if (!js_truthy(bones)) return;
    size_t mark = path_push(r, ".bones");
    double n = length_of(r, bones);
    int capacity = 0;
    for (size_t i = 0; (double)i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *map = get_index(r, bones, i);
        json_t *parent_name = get(r, map, "parent");
        int parent = -1;
        /* A parent that names no earlier bone leaves the bone a root: the runtime does not refuse it. */
        if (js_truthy(parent_name)) parent = find_bone_js(r, parent_name);
        json_t *name = get(r, map, "name");
        if (!js_truthy(name)) reader_throw(r, "name cannot be null.");
        if (d->bone_count == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            d->bones = reader_realloc(r, d->bones, (size_t)capacity, sizeof *d->bones);
        }
        pc_bone_data *b = &d->bones[d->bone_count];
        memset(b, 0, sizeof *b);
        d->bone_count++;
        b->name = name_text(r, name, "bone's name");
        b->id.text = b->name;
        b->id.js = name;
        reader_add_bone_name(r, d->bone_count - 1);
        b->index = (int)i;
        b->parent = parent;
        /* x, y and length are multiplied by the runtime's scale (1): coerced, and x * 1 is x. */
        b->length = num_coerced(r, map, "length", 0);
        pc_bone_local *s = &b->setup;
        s->x = num_coerced(r, map, "x", 0);
        s->y = num_coerced(r, map, "y", 0);
        s->rotation = num_raw(r, map, "rotation", 0);
        s->scale_x = num_raw(r, map, "scaleX", 1);
        s->scale_y = num_raw(r, map, "scaleY", 1);
        s->shear_x = num_raw(r, map, "shearX", 0);
        s->shear_y = num_raw(r, map, "shearY", 0);
        json_t *inherit = get(r, map, "inherit");
        bool undefined_mode;
        int mode = 0;
        if (inherit == NULL) mode = 0; /* "Normal" */
        else mode = enum_value(r, inherit, inherit_enum, 5, -1, &undefined_mode);
        if (mode < 0) {
            reader_unmodelled(r, "an unknown inherit mode (the runtime holds undefined)");
            mode = 0;
        }
        s->inherit = (pc_inherit)mode;
        b->skin_required = bool_raw(r, map, "skin", false);
        json_t *color = get(r, map, "color");
        if (js_truthy(color)) color_from(r, color, &b->color, NULL);
        /* Nonessential: kept as they are. */
        json_t *icon = get(r, map, "icon");
        if (icon != NULL) b->icon = str_raw(r, map, "icon");
        b->icon_size = num_raw(r, map, "iconSize", 1);
        b->icon_rotation = num_raw(r, map, "iconRotation", 0);
        path_pop(r, item);
    }
    path_pop(r, mark);
}

void read_slots(reader *r, json_t *root)
{
    static const char blend_enum[4][PC_NAME_ROOM] = { "Normal", "Additive", "Multiply", "Screen" };
    pc_skeleton_data *d = r->d;
    json_t *slots = get(r, root, "slots");
    if (!js_truthy(slots)) return;
    size_t mark = path_push(r, ".slots");
    double n = length_of(r, slots);
    int capacity = 0;
    for (size_t i = 0; (double)i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *map = get_index(r, slots, i);
        json_t *name = get(r, map, "name");
        json_t *bone_name = get(r, map, "bone");
        int bone = find_bone_js(r, bone_name);
        if (bone < 0) {
            const char *text = js_property_key(r->heap, bone_name);
            reader_throw(r, "Couldn't find bone %s for slot", text ? text : "?");
        }
        /* The slot's name may be "" (only null and undefined are refused). */
        if (js_typeof(name) == JS_UNDEFINED || js_typeof(name) == JS_NULL) reader_throw(r, "name cannot be null.");
        if (d->slot_count == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            d->slots = reader_realloc(r, d->slots, (size_t)capacity, sizeof *d->slots);
        }
        pc_slot_data *s = &d->slots[d->slot_count];
        memset(s, 0, sizeof *s);
        d->slot_count++;
        s->name = name_text(r, name, "slot's name");
        s->id.text = s->name;
        s->id.js = name;
        s->index = (int)i;
        s->bone = bone;
        s->color = (pc_color){ 1, 1, 1, 1 };
        json_t *color = get(r, map, "color");
        if (js_truthy(color)) color_from(r, color, &s->color, NULL);
        json_t *dark = get(r, map, "dark");
        if (js_truthy(dark)) {
            color_from(r, dark, &s->dark, NULL);
            s->has_dark = true;
        }
        json_t *attachment = get(r, map, "attachment");
        if (attachment != NULL && js_typeof(attachment) != JS_NULL) {
            size_t len;
            const char *text = js_string(attachment, &len);
            if (text && strlen(text) == len) s->attachment = reader_strdup(r, text);
            else reader_unmodelled(r, "the setup attachment's name is not a string");
            if (js_truthy(attachment)) s->attachment_key = js_property_key(r->heap, attachment);
        }
        json_t *blend = get(r, map, "blend");
        /* An unknown name leaves the runtime's blend mode undefined (dumped as null). */
        int mode = blend == NULL ? 0 : enum_value(r, blend, blend_enum, 4, PC_BLEND_UNKNOWN, NULL);
        s->blend = (pc_blend)mode;
        s->visible = bool_raw(r, map, "visible", true);
        path_pop(r, item);
    }
    path_pop(r, mark);
}
