/* Reading the `constraints` array: IK, transform, path, physics and slider constraints in document
 * order (which is the order the runtime keeps and updates them in), each with its setup pose and the
 * runtime's defaults. Entries of another `type` are skipped, as the runtime skips them.
 *
 * Defaults that are not the obvious reading (each in a read-/refuse- corpus case):
 * - a transform constraint sets a mix only for the properties some `to` writes; the others stay 0;
 * - its mixY defaults to its own mixX (which may be the 0 it was left at), mixScaleY to mixScaleX;
 * - a path's mixY defaults to its mixX; position and spacing are coerced to numbers only in the modes
 *   the runtime scales them in (fixed position; length and fixed spacing);
 * - physics keeps 1 / fps and 1 / mass; an unknown scaleY mode throws (IK keeps it undefined). */
#include "reader.h"

#include <stdlib.h>
#include <string.h>

const char pc_constraint_kind_names[5][PC_NAME_ROOM] = { "ik", "transform", "path", "physics", "slider" };
const char pc_scale_y_mode_names[3][PC_NAME_ROOM] = { "none", "uniform", "volume" };
const char pc_property_names[6][PC_NAME_ROOM] = { "rotate", "x", "y", "scaleX", "scaleY", "shearY" };
const char pc_position_mode_names[2][PC_NAME_ROOM] = { "fixed", "percent" };
const char pc_spacing_mode_names[4][PC_NAME_ROOM] = { "length", "fixed", "percent", "proportional" };
const char pc_rotate_mode_names[3][PC_NAME_ROOM] = { "tangent", "chain", "chainScale" };
const char pc_physics_setting_names[7][PC_NAME_ROOM] = { "inertia", "strength", "damping", "mass", "wind", "gravity", "mix" };

static const char scale_y_enum[3][PC_NAME_ROOM] = { "None", "Uniform", "Volume" };

/* The property a `properties` key (or a slider's `property`) names; throws for any other. */
static pc_property property_named(reader *r, json_t *name, const char *role)
{
    for (int i = 0; i < 6; i++)
        if (js_is(name, pc_property_names[i])) return (pc_property)i;
    const char *text = js_typeof(name) == JS_UNDEFINED ? "undefined" : js_property_key(r->heap, name);
    reader_throw(r, "Invalid transform constraint %s property: %s", role, text ? text : "?");
}

/* The constrained bones: `bones.length` and each name must name a bone. */
static void read_bone_list(reader *r, json_t *map, pc_constraint_data *c, const char *kind)
{
    json_t *bones = get(r, map, "bones");
    double n = length_of(r, bones);
    size_t mark = path_push(r, ".bones");
    int capacity = 0;
    for (size_t i = 0; (double)i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *name = get_index(r, bones, i);
        int bone = find_bone_js(r, name);
        if (bone < 0) {
            const char *text = js_property_key(r->heap, name);
            reader_throw(r, "Couldn't find bone %s for %s constraint", text ? text : "?", kind);
        }
        if (c->bone_count == capacity) {
            capacity = capacity ? capacity * 2 : 4;
            c->bones = reader_realloc(r, c->bones, (size_t)capacity, sizeof *c->bones);
        }
        c->bones[c->bone_count++] = bone;
        path_pop(r, item);
    }
    path_pop(r, mark);
}

static int required_bone(reader *r, json_t *map, const char *key, const char *what)
{
    json_t *name = get(r, map, key);
    int bone = find_bone_js(r, name);
    if (bone < 0) {
        const char *text = js_property_key(r->heap, name);
        reader_throw(r, "Couldn't find %s bone %s", what, text ? text : "?");
    }
    return bone;
}

static void read_ik(reader *r, json_t *map, pc_constraint_data *c)
{
    pc_ik_data *ik = &c->u.ik;
    read_bone_list(r, map, c, "IK");
    ik->target = required_bone(r, map, "target", "target");
    json_t *scale_y = get(r, map, "scaleY");
    ik->scale_y_mode = PC_SCALE_Y_NONE;
    if (js_typeof(scale_y) != JS_UNDEFINED && js_typeof(scale_y) != JS_NULL)
        ik->scale_y_mode = (pc_scale_y_mode)enum_value(r, scale_y, scale_y_enum, 3, PC_SCALE_Y_UNKNOWN, NULL);
    ik->mix = num_raw(r, map, "mix", 1);
    ik->softness = num_coerced(r, map, "softness", 0);
    ik->bend_direction = js_truthy(get(r, map, "bendPositive")) || get(r, map, "bendPositive") == NULL ? 1 : -1;
    ik->compress = bool_raw(r, map, "compress", false);
    ik->stretch = bool_raw(r, map, "stretch", false);
}

/* Object.entries(v): null and undefined throw; other primitives have none (a string has its
 * characters, which name no property and throw there). */
static size_t entries_of(reader *r, json_t *v, const char ***keys, json_t ***values)
{
    js_type t = js_typeof(v);
    if (t == JS_NULL || t == JS_UNDEFINED) reader_throw(r, "TypeError: cannot convert undefined or null to object");
    size_t n = js_for_in(r->heap, v, keys, values);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, *keys);
    reader_temp(r, *values);
    return n;
}

static void read_transform(reader *r, json_t *map, pc_constraint_data *c)
{
    pc_transform_data *t = &c->u.transform;
    read_bone_list(r, map, c, "transform");
    t->source = required_bone(r, map, "source", "source");
    t->local_source = bool_raw(r, map, "localSource", false);
    t->local_target = bool_raw(r, map, "localTarget", false);
    t->additive = bool_raw(r, map, "additive", false);
    t->clamp = bool_raw(r, map, "clamp", false);
    bool writes[6] = { false };
    json_t *properties = get(r, map, "properties");
    if (properties != NULL) {
        size_t mark = path_push(r, ".properties");
        const char **from_keys;
        json_t **from_values;
        size_t n = entries_of(r, properties, &from_keys, &from_values);
        t->properties = reader_calloc(r, n, sizeof *t->properties);
        for (size_t i = 0; i < n; i++) {
            size_t item = path_push_key(r, from_keys[i]);
            json_t *key = js_make_string(r->heap, from_keys[i], strlen(from_keys[i]));
            pc_from_property *from = &t->properties[t->property_count];
            memset(from, 0, sizeof *from);
            from->property = property_named(r, key, "from");
            from->offset = num_coerced(r, from_values[i], "offset", 0);
            json_t *to = get(r, from_values[i], "to");
            if (to != NULL) {
                const char **to_keys;
                json_t **to_values;
                size_t tn = entries_of(r, to, &to_keys, &to_values);
                /* the property is kept (and freed) only once it writes something */
                pc_to_property *list = reader_temp(r, reader_calloc(r, tn, sizeof *list));
                int count = 0;
                for (size_t k = 0; k < tn; k++) {
                    size_t to_item = path_push(r, ".to");
                    path_push_key(r, to_keys[k]);
                    json_t *to_key = js_make_string(r->heap, to_keys[k], strlen(to_keys[k]));
                    pc_property p = (pc_property)0;
                    bool known = false;
                    for (int q = 0; q < 6; q++)
                        if (js_is(to_key, pc_property_names[q])) { p = (pc_property)q; known = true; }
                    if (!known) reader_throw(r, "Invalid transform constraint to property: %s", to_keys[k]);
                    writes[p] = true;
                    list[count].property = p;
                    list[count].offset = num_coerced(r, to_values[k], "offset", 0);
                    list[count].max = num_coerced(r, to_values[k], "max", 1);
                    list[count].scale = num_coerced(r, to_values[k], "scale", 1);
                    count++;
                    path_pop(r, to_item);
                }
                if (count > 0) {
                    from->to = malloc((size_t)count * sizeof *from->to);
                    if (!from->to) reader_throw(r, "out of memory");
                    memcpy(from->to, list, (size_t)count * sizeof *from->to);
                    from->to_count = count;
                    t->property_count++;
                }
            }
            path_pop(r, item);
        }
        path_pop(r, mark);
    }
    t->offsets[0] = num_raw(r, map, "rotation", 0);
    t->offsets[1] = num_coerced(r, map, "x", 0);
    t->offsets[2] = num_coerced(r, map, "y", 0);
    t->offsets[3] = num_raw(r, map, "scaleX", 0);
    t->offsets[4] = num_raw(r, map, "scaleY", 0);
    t->offsets[5] = num_raw(r, map, "shearY", 0);
    /* A mix is read only for a property some `to` writes; the others keep the pose's 0. */
    if (writes[PC_PROP_ROTATE]) t->mix_rotate = num_raw(r, map, "mixRotate", 1);
    if (writes[PC_PROP_X]) t->mix_x = num_raw(r, map, "mixX", 1);
    if (writes[PC_PROP_Y]) t->mix_y = num_raw(r, map, "mixY", t->mix_x);
    if (writes[PC_PROP_SCALE_X]) t->mix_scale_x = num_raw(r, map, "mixScaleX", 1);
    if (writes[PC_PROP_SCALE_Y]) t->mix_scale_y = num_raw(r, map, "mixScaleY", t->mix_scale_x);
    if (writes[PC_PROP_SHEAR_Y]) t->mix_shear_y = num_raw(r, map, "mixShearY", 1);
}

static void read_path(reader *r, json_t *map, pc_constraint_data *c)
{
    static const char position_enum[2][PC_NAME_ROOM] = { "Fixed", "Percent" };
    static const char spacing_enum[4][PC_NAME_ROOM] = { "Length", "Fixed", "Percent", "Proportional" };
    static const char rotate_enum[3][PC_NAME_ROOM] = { "Tangent", "Chain", "ChainScale" };
    pc_path_data *p = &c->u.path;
    read_bone_list(r, map, c, "path");
    json_t *slot_name = get(r, map, "slot");
    p->slot = find_slot_js(r, slot_name);
    if (p->slot < 0) {
        const char *text = js_property_key(r->heap, slot_name);
        reader_throw(r, "Couldn't find slot %s for path constraint", text ? text : "?");
    }
    json_t *v = get(r, map, "positionMode");
    p->position_mode = v == NULL ? PC_POSITION_PERCENT
                                 : (pc_position_mode)enum_value(r, v, position_enum, 2, PC_POSITION_UNKNOWN, NULL);
    v = get(r, map, "spacingMode");
    p->spacing_mode = v == NULL ? PC_SPACING_LENGTH
                                : (pc_spacing_mode)enum_value(r, v, spacing_enum, 4, PC_SPACING_UNKNOWN, NULL);
    v = get(r, map, "rotateMode");
    p->rotate_mode = v == NULL ? PC_ROTATE_TANGENT
                               : (pc_rotate_mode)enum_value(r, v, rotate_enum, 3, PC_ROTATE_UNKNOWN, NULL);
    p->offset_rotation = num_raw(r, map, "rotation", 0);
    /* Multiplied by the scale (so coerced) only in the modes the runtime scales. */
    if (p->position_mode == PC_POSITION_FIXED) p->position = num_coerced(r, map, "position", 0);
    else p->position = num_raw(r, map, "position", 0);
    if (p->spacing_mode == PC_SPACING_LENGTH || p->spacing_mode == PC_SPACING_FIXED)
        p->spacing = num_coerced(r, map, "spacing", 0);
    else
        p->spacing = num_raw(r, map, "spacing", 0);
    p->mix_rotate = num_raw(r, map, "mixRotate", 1);
    p->mix_x = num_raw(r, map, "mixX", 1);
    p->mix_y = num_raw(r, map, "mixY", p->mix_x);
}

static void read_physics(reader *r, json_t *map, pc_constraint_data *c)
{
    pc_physics_data *p = &c->u.physics;
    json_t *bone_name = get(r, map, "bone");
    p->bone = find_bone_js(r, bone_name);
    if (p->bone < 0) {
        const char *text = js_property_key(r->heap, bone_name);
        reader_throw(r, "Physics bone not found: %s", text ? text : "?");
    }
    p->x = num_raw(r, map, "x", 0);
    p->y = num_raw(r, map, "y", 0);
    p->rotate = num_raw(r, map, "rotate", 0);
    p->scale_x = num_raw(r, map, "scaleX", 0);
    json_t *scale_y = get(r, map, "scaleY");
    p->scale_y_mode = PC_SCALE_Y_NONE;
    if (js_typeof(scale_y) != JS_UNDEFINED && js_typeof(scale_y) != JS_NULL) {
        bool undefined_mode;
        p->scale_y_mode = (pc_scale_y_mode)enum_value(r, scale_y, scale_y_enum, 3, PC_SCALE_Y_UNKNOWN, &undefined_mode);
        /* The physics setter refuses undefined (the IK one keeps it). */
        if (undefined_mode) reader_throw(r, "scaleYMode cannot be null.");
    }
    p->shear_x = num_raw(r, map, "shearX", 0);
    p->limit = num_coerced(r, map, "limit", 5000);
    p->step = 1 / num_coerced(r, map, "fps", 60);
    p->inertia = num_raw(r, map, "inertia", 0.5);
    p->strength = num_raw(r, map, "strength", 100);
    p->damping = num_raw(r, map, "damping", 0.85);
    p->mass_inverse = 1 / num_coerced(r, map, "mass", 1);
    p->wind = num_raw(r, map, "wind", 0);
    p->gravity = num_raw(r, map, "gravity", 0);
    p->mix = num_raw(r, map, "mix", 1);
    static const char global_keys[7][PC_NAME_ROOM] = { "inertiaGlobal", "strengthGlobal", "dampingGlobal", "massGlobal",
                                                "windGlobal", "gravityGlobal", "mixGlobal" };
    for (int i = 0; i < 7; i++) p->global[i] = bool_raw(r, map, global_keys[i], false);
}

static void read_slider(reader *r, json_t *map, pc_constraint_data *c)
{
    pc_slider_data *s = &c->u.slider;
    s->additive = bool_raw(r, map, "additive", false);
    s->loop = bool_raw(r, map, "loop", false);
    s->mix = num_raw(r, map, "mix", 1);
    s->bone = -1;
    s->animation = -1;
    s->scale = 0;
    json_t *bone_name = get(r, map, "bone");
    if (js_truthy(bone_name)) {
        s->bone = find_bone_js(r, bone_name);
        if (s->bone < 0) {
            const char *text = js_property_key(r->heap, bone_name);
            reader_throw(r, "Slider bone not found: %s", text ? text : "?");
        }
        s->property = property_named(r, get(r, map, "property"), "from");
        s->property_offset = num_coerced(r, map, "from", 0);
        s->offset = num_raw(r, map, "to", 0);
        s->scale = num_coerced(r, map, "scale", 1);
        s->max = num_raw(r, map, "max", 0);
        s->local = bool_raw(r, map, "local", false);
    } else {
        s->time = num_raw(r, map, "time", 0);
    }
}

void read_constraints(reader *r, json_t *root)
{
    pc_skeleton_data *d = r->d;
    json_t *constraints = get(r, root, "constraints");
    if (!js_truthy(constraints)) return;
    size_t mark = path_push(r, ".constraints");
    json_t **items;
    size_t n;
    if (!js_for_of(r->heap, constraints, &items, &n))
        reader_throw(r, "TypeError: root.constraints is not iterable");
    reader_temp(r, items);
    int capacity = 0;
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *map = items[i];
        json_t *name = get(r, map, "name");
        json_t *skin = get(r, map, "skin");
        json_t *type = get(r, map, "type");
        int kind = -1;
        for (int k = 0; k < 5; k++)
            if (js_is(type, pc_constraint_kind_names[k])) kind = k;
        if (kind < 0) { path_pop(r, item); continue; } /* not a constraint type: skipped */
        if (js_typeof(name) == JS_UNDEFINED || js_typeof(name) == JS_NULL) reader_throw(r, "name cannot be null.");
        if (d->constraint_count == capacity) {
            capacity = capacity ? capacity * 2 : 8;
            d->constraints = reader_realloc(r, d->constraints, (size_t)capacity, sizeof *d->constraints);
        }
        pc_constraint_data *c = &d->constraints[d->constraint_count];
        memset(c, 0, sizeof *c);
        c->kind = (pc_constraint_kind)kind;
        c->index = d->constraint_count;
        d->constraint_count++;
        c->name = name_text(r, name, "constraint's name");
        c->id.text = c->name;
        c->id.js = name;
        if (skin != NULL && js_typeof(skin) != JS_BOOLEAN) reader_unmodelled(r, "`skin` is not a boolean");
        c->skin_required = skin != NULL && js_truthy(skin);
        switch (c->kind) {
        case PC_IK: read_ik(r, map, c); break;
        case PC_TRANSFORM: read_transform(r, map, c); break;
        case PC_PATH: read_path(r, map, c); break;
        case PC_PHYSICS: read_physics(r, map, c); break;
        case PC_SLIDER: read_slider(r, map, c); break;
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}

/* After the animations: each slider's `animation` must name one. The runtime walks `constraints` with
 * `for ... in` here and sets the animation of the first slider with the entry's name. */
void read_slider_animations(reader *r, json_t *root)
{
    json_t *constraints = get(r, root, "constraints");
    if (!js_truthy(constraints)) return;
    const char **keys;
    json_t **values;
    size_t n = js_for_in(r->heap, constraints, &keys, &values);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, keys);
    reader_temp(r, values);
    size_t mark = path_push(r, ".constraints");
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push(r, "[%s]", keys[i]);
        json_t *map = values[i];
        if (js_is(get(r, map, "type"), "slider")) {
            int c = find_constraint_js(r, get(r, map, "name"), PC_SLIDER);
            json_t *animation_name = get(r, map, "animation");
            int a = find_animation_js(r, animation_name);
            if (a < 0) {
                const char *text = js_property_key(r->heap, animation_name);
                reader_throw(r, "Slider animation not found: %s", text ? text : "?");
            }
            if (c >= 0) r->d->constraints[c].u.slider.animation = a;
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}
