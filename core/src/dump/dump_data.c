/* The data rows of a dump (oracle/FORMAT.md, "Data blocks"): what the reader read, as the runtime
 * holds it after reading, and the instance's update order under the chosen skin, written before the
 * first pose. Arrays are written one row per element (key `OWNER[i]`, field `v`), so a difference
 * names the element; the owner's row holds the array's length. */
#include "dump_data.h"

#include <stdio.h>
#include <string.h>

#define KEY_SIZE 1024
/* Keys of absurdly long names are cut at KEY_SIZE bytes (both sides then differ, by name). */
#pragma GCC diagnostic ignored "-Wformat-truncation"

static const char timeline_dump_kinds[PC_TL_KIND_COUNT][PC_NAME_ROOM] = {
    "attachment", "rgba", "rgb", "alpha", "rgba2", "rgb2",
    "rotate", "translate", "translatex", "translatey", "scale", "scalex", "scaley", "shear", "shearx", "sheary",
    "inherit", "ik", "transform", "pathPosition", "pathSpacing", "pathMix",
    "physicsInertia", "physicsStrength", "physicsDamping", "physicsMass", "physicsWind", "physicsGravity",
    "physicsMix", "physicsReset", "sliderTime", "sliderMix", "deform", "sequence", "drawOrder", "drawOrderFolder",
    "events",
};

static void opt_num(dump_writer *w, const char *field, pc_opt_num n)
{
    if (n.set) dw_num(w, field, n.v);
    else dw_str(w, field, NULL);
}

static void color(dump_writer *w, const char *prefix, const pc_color *c, bool alpha)
{
    char field[32];
    snprintf(field, sizeof field, "%s.r", prefix);
    dw_num(w, field, c->r);
    snprintf(field, sizeof field, "%s.g", prefix);
    dw_num(w, field, c->g);
    snprintf(field, sizeof field, "%s.b", prefix);
    dw_num(w, field, c->b);
    if (alpha) {
        snprintf(field, sizeof field, "%s.a", prefix);
        dw_num(w, field, c->a);
    }
}

static void no_color(dump_writer *w, const char *prefix)
{
    char field[32];
    static const char channels[4][PC_NAME_ROOM] = { "r", "g", "b", "a" };
    for (int i = 0; i < 4; i++) {
        snprintf(field, sizeof field, "%s.%s", prefix, channels[i]);
        dw_str(w, field, NULL);
    }
}

static void element_rows_f(dump_writer *w, const char *block, const char *owner, const float *v, int n)
{
    char key[KEY_SIZE];
    for (int i = 0; i < n; i++) {
        snprintf(key, sizeof key, "%s[%d]", owner, i);
        dw_row(w, block, key);
        dw_num(w, "v", v[i]);
    }
}

static void element_rows_d(dump_writer *w, const char *block, const char *owner, const double *v, int n)
{
    char key[KEY_SIZE];
    for (int i = 0; i < n; i++) {
        snprintf(key, sizeof key, "%s[%d]", owner, i);
        dw_row(w, block, key);
        dw_num(w, "v", v[i]);
    }
}

static void count_or_null(dump_writer *w, const char *field, int n)
{
    if (n < 0) dw_str(w, field, NULL);
    else dw_num(w, field, n);
}

/* ---- Header, bones, slots ----------------------------------------------------------------------------- */

static void header_rows(dump_writer *w, const pc_skeleton_data *d)
{
    const pc_skeleton_header *h = &d->header;
    dw_row(w, "data.skeleton", "skeleton");
    dw_str(w, "hash", h->hash);
    dw_str(w, "version", h->version);
    opt_num(w, "x", h->x);
    opt_num(w, "y", h->y);
    opt_num(w, "width", h->width);
    opt_num(w, "height", h->height);
    dw_num(w, "referenceScale", h->reference_scale);
    opt_num(w, "fps", h->fps);
    dw_str(w, "images", h->images);
    dw_str(w, "audio", h->audio);
}

static void bone_rows(dump_writer *w, const pc_skeleton_data *d)
{
    for (int i = 0; i < d->bone_count; i++) {
        const pc_bone_data *b = &d->bones[i];
        dw_row(w, "data.bone", b->name);
        dw_num(w, "index", b->index);
        dw_str(w, "parent", b->parent >= 0 ? d->bones[b->parent].name : NULL);
        dw_num(w, "length", b->length);
        dw_num(w, "x", b->setup.x);
        dw_num(w, "y", b->setup.y);
        dw_num(w, "rotation", b->setup.rotation);
        dw_num(w, "scaleX", b->setup.scale_x);
        dw_num(w, "scaleY", b->setup.scale_y);
        dw_num(w, "shearX", b->setup.shear_x);
        dw_num(w, "shearY", b->setup.shear_y);
        dw_str(w, "inherit", pc_inherit_names[b->setup.inherit]);
        dw_bool(w, "skinRequired", b->skin_required);
    }
}

static void bone_nonessential_rows(dump_writer *w, const pc_skeleton_data *d)
{
    for (int i = 0; i < d->bone_count; i++) {
        const pc_bone_data *b = &d->bones[i];
        dw_row(w, "data.bone.nonessential", b->name);
        color(w, "color", &b->color, true);
        dw_str(w, "icon", b->icon);
        dw_num(w, "iconSize", b->icon_size);
        dw_num(w, "iconRotation", b->icon_rotation);
    }
}

static void slot_rows(dump_writer *w, const pc_skeleton_data *d)
{
    for (int i = 0; i < d->slot_count; i++) {
        const pc_slot_data *s = &d->slots[i];
        dw_row(w, "data.slot", s->name);
        dw_num(w, "index", s->index);
        dw_str(w, "bone", d->bones[s->bone].name);
        dw_str(w, "attachment", s->attachment);
    }
}

static void slot_setup_rows(dump_writer *w, const pc_skeleton_data *d)
{
    for (int i = 0; i < d->slot_count; i++) {
        const pc_slot_data *s = &d->slots[i];
        dw_row(w, "data.slot.setup", s->name);
        color(w, "color", &s->color, true);
        if (s->has_dark) color(w, "dark", &s->dark, true);
        else no_color(w, "dark");
        dw_str(w, "blend", s->blend == PC_BLEND_UNKNOWN ? NULL : pc_blend_names[s->blend]);
        dw_bool(w, "visible", s->visible);
    }
}

/* ---- Constraints ------------------------------------------------------------------------------------------ */

static const char *mode_name(const char (*names)[PC_NAME_ROOM], int count, int mode)
{
    return mode >= 0 && mode < count ? names[mode] : NULL;
}

static void constraint_rows(dump_writer *w, const pc_skeleton_data *d)
{
    char key[KEY_SIZE];
    for (int i = 0; i < d->constraint_count; i++) {
        const pc_constraint_data *c = &d->constraints[i];
        snprintf(key, sizeof key, "%s %s", pc_constraint_kind_names[c->kind], c->name);
        dw_row(w, "data.constraint", key);
        dw_num(w, "index", c->index);
        dw_str(w, "type", pc_constraint_kind_names[c->kind]);
        dw_bool(w, "skinRequired", c->skin_required);
        dw_num(w, "bones", c->bone_count);
    }
    for (int i = 0; i < d->constraint_count; i++) {
        const pc_constraint_data *c = &d->constraints[i];
        for (int k = 0; k < c->bone_count; k++) {
            snprintf(key, sizeof key, "%s %s[%d]", pc_constraint_kind_names[c->kind], c->name, k);
            dw_row(w, "data.constraint.bone", key);
            dw_str(w, "bone", d->bones[c->bones[k]].name);
        }
    }
    /* One block per kind, in this order; transform's properties right after transform. */
    static const int order[6] = { PC_IK, PC_TRANSFORM, -1, PC_PATH, PC_PHYSICS, PC_SLIDER };
    for (int pass = 0; pass < 6; pass++)
    for (int i = 0; i < d->constraint_count; i++) {
        const pc_constraint_data *c = &d->constraints[i];
        if (order[pass] == -1) {
            if (c->kind != PC_TRANSFORM) continue;
            const pc_transform_data *t = &c->u.transform;
            for (int p = 0; p < t->property_count; p++) {
                const pc_from_property *from = &t->properties[p];
                for (int k = 0; k < from->to_count; k++) {
                    snprintf(key, sizeof key, "%s[%d][%d]", c->name, p, k);
                    dw_row(w, "data.transform.property", key);
                    dw_str(w, "from", pc_property_names[from->property]);
                    dw_num(w, "fromOffset", from->offset);
                    dw_str(w, "to", pc_property_names[from->to[k].property]);
                    dw_num(w, "offset", from->to[k].offset);
                    dw_num(w, "max", from->to[k].max);
                    dw_num(w, "scale", from->to[k].scale);
                }
            }
            continue;
        }
        if ((int)c->kind != order[pass]) continue;
        switch (c->kind) {
        case PC_IK: {
            const pc_ik_data *ik = &c->u.ik;
            dw_row(w, "data.ik", c->name);
            dw_str(w, "target", d->bones[ik->target].name);
            dw_str(w, "scaleYMode", mode_name(pc_scale_y_mode_names, 3, ik->scale_y_mode));
            dw_num(w, "mix", ik->mix);
            dw_num(w, "softness", ik->softness);
            dw_num(w, "bendDirection", ik->bend_direction);
            dw_bool(w, "compress", ik->compress);
            dw_bool(w, "stretch", ik->stretch);
            break;
        }
        case PC_TRANSFORM: {
            const pc_transform_data *t = &c->u.transform;
            dw_row(w, "data.transform", c->name);
            dw_str(w, "source", d->bones[t->source].name);
            dw_bool(w, "localSource", t->local_source);
            dw_bool(w, "localTarget", t->local_target);
            dw_bool(w, "additive", t->additive);
            dw_bool(w, "clamp", t->clamp);
            static const char offsets[6][PC_NAME_ROOM] = { "offsetRotation", "offsetX", "offsetY", "offsetScaleX",
                                                    "offsetScaleY", "offsetShearY" };
            for (int k = 0; k < 6; k++) dw_num(w, offsets[k], t->offsets[k]);
            dw_num(w, "mixRotate", t->mix_rotate);
            dw_num(w, "mixX", t->mix_x);
            dw_num(w, "mixY", t->mix_y);
            dw_num(w, "mixScaleX", t->mix_scale_x);
            dw_num(w, "mixScaleY", t->mix_scale_y);
            dw_num(w, "mixShearY", t->mix_shear_y);
            dw_num(w, "properties", t->property_count);
            break;
        }
        case PC_PATH: {
            const pc_path_data *p = &c->u.path;
            dw_row(w, "data.path", c->name);
            dw_str(w, "slot", d->slots[p->slot].name);
            dw_str(w, "positionMode", mode_name(pc_position_mode_names, 2, p->position_mode));
            dw_str(w, "spacingMode", mode_name(pc_spacing_mode_names, 4, p->spacing_mode));
            dw_str(w, "rotateMode", mode_name(pc_rotate_mode_names, 3, p->rotate_mode));
            dw_num(w, "offsetRotation", p->offset_rotation);
            dw_num(w, "position", p->position);
            dw_num(w, "spacing", p->spacing);
            dw_num(w, "mixRotate", p->mix_rotate);
            dw_num(w, "mixX", p->mix_x);
            dw_num(w, "mixY", p->mix_y);
            break;
        }
        case PC_PHYSICS: {
            const pc_physics_data *p = &c->u.physics;
            dw_row(w, "data.physics", c->name);
            dw_str(w, "bone", d->bones[p->bone].name);
            dw_num(w, "x", p->x);
            dw_num(w, "y", p->y);
            dw_num(w, "rotate", p->rotate);
            dw_num(w, "scaleX", p->scale_x);
            dw_str(w, "scaleYMode", mode_name(pc_scale_y_mode_names, 3, p->scale_y_mode));
            dw_num(w, "shearX", p->shear_x);
            dw_num(w, "limit", p->limit);
            dw_num(w, "step", p->step);
            dw_num(w, "inertia", p->inertia);
            dw_num(w, "strength", p->strength);
            dw_num(w, "damping", p->damping);
            dw_num(w, "massInverse", p->mass_inverse);
            dw_num(w, "wind", p->wind);
            dw_num(w, "gravity", p->gravity);
            dw_num(w, "mix", p->mix);
            char field[32];
            for (int k = 0; k < 7; k++) {
                snprintf(field, sizeof field, "%sGlobal", pc_physics_setting_names[k]);
                dw_bool(w, field, p->global[k]);
            }
            break;
        }
        case PC_SLIDER: {
            const pc_slider_data *s = &c->u.slider;
            dw_row(w, "data.slider", c->name);
            dw_str(w, "animation", s->animation >= 0 ? d->animations[s->animation].name : NULL);
            dw_bool(w, "additive", s->additive);
            dw_bool(w, "loop", s->loop);
            dw_num(w, "mix", s->mix);
            dw_num(w, "time", s->time);
            dw_str(w, "bone", s->bone >= 0 ? d->bones[s->bone].name : NULL);
            dw_str(w, "property", s->bone >= 0 ? pc_property_names[s->property] : NULL);
            if (s->bone >= 0) dw_num(w, "propertyOffset", s->property_offset);
            else dw_str(w, "propertyOffset", NULL);
            dw_num(w, "offset", s->offset);
            dw_num(w, "scale", s->scale);
            dw_num(w, "max", s->max);
            dw_bool(w, "local", s->local);
            break;
        }
        }
    }
}

/* ---- Skins and attachments ------------------------------------------------------------------------------ */

/* A skin's key: its name, or NAME#INDEX when an earlier skin has the name. */
static void skin_key(char *out, size_t size, const pc_skeleton_data *d, int index)
{
    const char *name = d->skins[index].name;
    bool repeated = false;
    for (int i = 0; i < index && !repeated; i++) repeated = strcmp(d->skins[i].name, name) == 0;
    if (repeated) snprintf(out, size, "%s#%d", name, index);
    else snprintf(out, size, "%s", name);
}

/* The blocks of attachments, each over every skin's entries in order (key SKIN/SLOT/PLACEHOLDER). */
enum attachment_block {
    AB_ATTACHMENT, AB_TIMELINE_SLOTS, AB_REGION, AB_REGION_OFFSETS, AB_REGION_UVS, AB_SEQUENCE,
    AB_SEQUENCE_OFFSETS, AB_SEQUENCE_UVS, AB_VERTICES, AB_VERTICES_BONES, AB_VERTICES_VERTICES, AB_MESH,
    AB_MESH_TRIANGLES, AB_MESH_EDGES, AB_MESH_REGION_UVS, AB_MESH_UVS, AB_PATH, AB_PATH_LENGTHS, AB_POINT,
    AB_CLIPPING, AB_COUNT
};

static void attachment_block(dump_writer *w, const pc_skeleton_data *d, int skin_index, const pc_skin_entry *e,
                             enum attachment_block block)
{
    char key[KEY_SIZE], skin_name[KEY_SIZE];
    const pc_skin_data *skin = &d->skins[skin_index];
    const pc_attachment *a = e->attachment;
    skin_key(skin_name, sizeof skin_name, d, skin_index);
    snprintf(key, sizeof key, "%s/%s/%s", skin_name, d->slots[e->slot].name, e->placeholder);
    bool region = a->kind == PC_ATTACHMENT_REGION, mesh = a->kind == PC_ATTACHMENT_MESH;
    bool has_regions = (region || mesh) && a->sequence.region_count >= 1;
    switch (block) {
    case AB_ATTACHMENT:
        dw_row(w, "data.attachment", key);
        dw_str(w, "skin", skin->name);
        dw_str(w, "slot", d->slots[e->slot].name);
        dw_str(w, "placeholder", e->placeholder);
        dw_str(w, "type", pc_attachment_kind_names[a->kind]);
        dw_str(w, "name", a->name);
        dw_str(w, "path", region || mesh ? a->path : NULL);
        color(w, "color", &a->color, true);
        dw_num(w, "timelineSlots", a->timeline_slot_count);
        break;
    case AB_TIMELINE_SLOTS:
        for (int i = 0; i < a->timeline_slot_count; i++) {
            char sub[KEY_SIZE];
            snprintf(sub, sizeof sub, "%s[%d]", key, i);
            dw_row(w, "data.attachment.timelineSlot", sub);
            dw_str(w, "slot", d->slots[a->timeline_slots[i]].name);
        }
        break;
    case AB_REGION:
        if (!region) break;
        dw_row(w, "data.region", key);
        dw_num(w, "x", a->x);
        dw_num(w, "y", a->y);
        dw_num(w, "scaleX", a->scale_x);
        dw_num(w, "scaleY", a->scale_y);
        dw_num(w, "rotation", a->rotation);
        dw_num(w, "width", a->width);
        dw_num(w, "height", a->height);
        count_or_null(w, "offsets", has_regions ? 8 : -1);
        count_or_null(w, "uvs", has_regions ? a->uvs_count : -1);
        break;
    case AB_REGION_OFFSETS:
        if (region && has_regions) element_rows_d(w, "data.region.offsets", key, a->offsets, 8);
        break;
    case AB_REGION_UVS:
        if (region && has_regions) element_rows_f(w, "data.region.uvs", key, a->uvs, a->uvs_count);
        break;
    case AB_SEQUENCE:
        if (!region && !mesh) break;
        dw_row(w, "data.sequence", key);
        dw_num(w, "regions", a->sequence.region_count);
        dw_num(w, "start", a->sequence.start);
        dw_num(w, "digits", a->sequence.digits);
        dw_num(w, "setupIndex", a->sequence.setup_index);
        dw_bool(w, "pathSuffix", a->sequence.path_suffix);
        dw_num(w, "uvs", a->sequence.region_count);
        if (region) dw_num(w, "offsets", a->sequence.region_count);
        else dw_str(w, "offsets", NULL);
        break;
    case AB_SEQUENCE_OFFSETS:
        /* The regions after the first (the stub atlas makes them all alike; pc_region_index). */
        for (double k = 1; region && k < a->sequence.region_count; k++) {
            char sub[KEY_SIZE];
            snprintf(sub, sizeof sub, "%s[%.0f]", key, k);
            element_rows_d(w, "data.sequence.offsets", sub, a->offsets + 8 * pc_region_index(a, (int)k), 8);
        }
        break;
    case AB_SEQUENCE_UVS:
        for (double k = 1; (region || mesh) && k < a->sequence.region_count; k++) {
            char sub[KEY_SIZE];
            snprintf(sub, sizeof sub, "%s[%.0f]", key, k);
            element_rows_f(w, "data.sequence.uvs", sub, a->uvs + (size_t)a->uvs_count * (size_t)pc_region_index(a, (int)k),
                           a->uvs_count);
        }
        break;
    case AB_VERTICES:
        if (region) break;
        dw_row(w, "data.vertices", key);
        dw_num(w, "worldVerticesLength", a->world_vertices_length);
        count_or_null(w, "bones", a->bones_count);
        dw_num(w, "vertices", a->vertices_count);
        break;
    case AB_VERTICES_BONES:
        if (!region && a->bones_count > 0) element_rows_d(w, "data.vertices.bones", key, a->bones, a->bones_count);
        break;
    case AB_VERTICES_VERTICES:
        if (!region) element_rows_f(w, "data.vertices.vertices", key, a->vertices, a->vertices_count);
        break;
    case AB_MESH:
        if (!mesh) break;
        dw_row(w, "data.mesh", key);
        dw_num(w, "hullLength", a->hull_length);
        dw_num(w, "width", a->mesh_width);
        dw_num(w, "height", a->mesh_height);
        dw_num(w, "triangles", a->triangles_count);
        count_or_null(w, "edges", a->edges_count);
        dw_num(w, "regionUVs", a->region_uvs_count);
        count_or_null(w, "uvs", a->sequence.region_count >= 1 ? a->uvs_count : -1);
        dw_str(w, "source", a->source_mesh ? a->source_mesh->name : NULL);
        dw_str(w, "timelineAttachment", a->timeline_attachment ? a->timeline_attachment->name : NULL);
        break;
    case AB_MESH_TRIANGLES:
        if (mesh) element_rows_d(w, "data.mesh.triangles", key, a->triangles, a->triangles_count);
        break;
    case AB_MESH_EDGES:
        if (mesh && a->edges_count > 0) element_rows_d(w, "data.mesh.edges", key, a->edges, a->edges_count);
        break;
    case AB_MESH_REGION_UVS:
        if (mesh) element_rows_d(w, "data.mesh.regionUVs", key, a->region_uvs, a->region_uvs_count);
        break;
    case AB_MESH_UVS:
        if (mesh && a->sequence.region_count >= 1) element_rows_f(w, "data.mesh.uvs", key, a->uvs, a->uvs_count);
        break;
    case AB_PATH:
        if (a->kind != PC_ATTACHMENT_PATH) break;
        dw_row(w, "data.pathAttachment", key);
        dw_bool(w, "closed", a->closed);
        dw_bool(w, "constantSpeed", a->constant_speed);
        dw_num(w, "lengths", a->lengths_count);
        break;
    case AB_PATH_LENGTHS:
        if (a->kind == PC_ATTACHMENT_PATH)
            element_rows_d(w, "data.pathAttachment.lengths", key, a->lengths, a->lengths_count);
        break;
    case AB_POINT:
        if (a->kind != PC_ATTACHMENT_POINT) break;
        dw_row(w, "data.point", key);
        dw_num(w, "x", a->x);
        dw_num(w, "y", a->y);
        dw_num(w, "rotation", a->rotation);
        break;
    case AB_CLIPPING:
        if (a->kind != PC_ATTACHMENT_CLIPPING) break;
        dw_row(w, "data.clipping", key);
        dw_str(w, "end", a->end_slot >= 0 ? d->slots[a->end_slot].name : NULL);
        dw_bool(w, "convex", a->convex);
        dw_bool(w, "inverse", a->inverse);
        break;
    case AB_COUNT:
        break;
    }
}

static void skin_rows(dump_writer *w, const pc_skeleton_data *d)
{
    char key[KEY_SIZE];
    for (int i = 0; i < d->skin_count; i++) {
        const pc_skin_data *s = &d->skins[i];
        char name[KEY_SIZE];
        skin_key(name, sizeof name, d, i);
        dw_row(w, "data.skin", name);
        dw_num(w, "index", i);
        dw_num(w, "bones", s->bone_count);
        dw_num(w, "constraints", s->constraint_count);
        dw_num(w, "attachments", s->entry_count);
        dw_bool(w, "default", d->default_skin == i);
    }
    for (int i = 0; i < d->skin_count; i++) {
        const pc_skin_data *s = &d->skins[i];
        char name[KEY_SIZE];
        skin_key(name, sizeof name, d, i);
        for (int k = 0; k < s->bone_count; k++) {
            snprintf(key, sizeof key, "%s[%d]", name, k);
            dw_row(w, "data.skin.bone", key);
            dw_str(w, "bone", d->bones[s->bones[k]].name);
        }
    }
    for (int i = 0; i < d->skin_count; i++) {
        const pc_skin_data *s = &d->skins[i];
        char name[KEY_SIZE];
        skin_key(name, sizeof name, d, i);
        for (int k = 0; k < s->constraint_count; k++) {
            snprintf(key, sizeof key, "%s[%d]", name, k);
            dw_row(w, "data.skin.constraint", key);
            dw_str(w, "constraint", d->constraints[s->constraints[k]].name);
            dw_str(w, "type", pc_constraint_kind_names[d->constraints[s->constraints[k]].kind]);
        }
    }
    for (int block = 0; block < AB_COUNT; block++)
        for (int i = 0; i < d->skin_count; i++)
            for (int k = 0; k < d->skins[i].entry_count; k++)
                attachment_block(w, d, i, &d->skins[i].entries[k], (enum attachment_block)block);
}

/* ---- Events and animations ----------------------------------------------------------------------------- */

static void event_rows(dump_writer *w, const pc_skeleton_data *d)
{
    for (int i = 0; i < d->event_count; i++) {
        const pc_event_data *e = &d->events[i];
        dw_row(w, "data.event", e->name);
        dw_num(w, "int", e->int_value);
        dw_num(w, "float", e->float_value);
        dw_str(w, "string", e->string_value);
        dw_str(w, "audio", e->audio);
        dw_num(w, "volume", e->volume);
        dw_num(w, "balance", e->balance);
    }
}

static void timeline_key(char *key, size_t size, const pc_skeleton_data *d, const pc_animation_data *a,
                         const pc_timeline *t)
{
    const char *kind = timeline_dump_kinds[t->kind];
    if (t->kind == PC_TL_DEFORM || t->kind == PC_TL_SEQUENCE)
        snprintf(key, size, "%s/%s/%s/%s", a->name, kind, d->slots[t->target].name, t->attachment->name);
    else if (t->kind == PC_TL_DRAW_ORDER_FOLDER) /* several per animation: keyed by the timeline's index */
        snprintf(key, size, "%s/%s/%d", a->name, kind, (int)(t - a->timelines));
    else if (t->kind == PC_TL_DRAW_ORDER || t->kind == PC_TL_EVENT)
        snprintf(key, size, "%s/%s", a->name, kind);
    else
        snprintf(key, size, "%s/%s/%s", a->name, kind, t->target_name ? t->target_name : "");
}

enum timeline_block { TB_TIMELINE, TB_FRAMES, TB_CURVES, TB_ATTACHMENT, TB_DEFORM, TB_FOLDER, TB_DRAW_ORDER,
                      TB_EVENT, TB_COUNT };

static void timeline_rows(dump_writer *w, const pc_skeleton_data *d, const pc_animation_data *a, int index,
                          enum timeline_block block)
{
    char key[KEY_SIZE], sub[KEY_SIZE + 64];
    const pc_timeline *t = &a->timelines[index];
    timeline_key(key, sizeof key, d, a, t);
    switch (block) {
    case TB_TIMELINE:
        dw_row(w, "data.timeline", key);
        dw_num(w, "index", index);
        dw_str(w, "kind", timeline_dump_kinds[t->kind]);
        dw_num(w, "frameEntries", t->entries);
        dw_num(w, "frameCount", (double)t->frames_count / t->entries); /* frames.length / entries: a fraction for keys with a fractional length */
        dw_num(w, "frames", t->frames_count);
        count_or_null(w, "curves", t->curves ? t->curves_count : -1);
        break;
    case TB_FRAMES:
        element_rows_f(w, "data.timeline.frames", key, t->frames, t->frames_count);
        break;
    case TB_CURVES:
        if (t->curves) element_rows_f(w, "data.timeline.curves", key, t->curves, t->curves_count);
        break;
    case TB_ATTACHMENT:
        for (int f = 0; t->attachment_names && f < t->frames_count; f++) {
            snprintf(sub, sizeof sub, "%s[%d]", key, f);
            dw_row(w, "data.timeline.attachment", sub);
            dw_str(w, "name", t->attachment_names[f]);
        }
        break;
    case TB_DEFORM:
        for (int f = 0; t->deform && f < t->frames_count; f++) {
            snprintf(sub, sizeof sub, "%s[%d]", key, f);
            if (t->deform[f]) element_rows_f(w, "data.timeline.deform", sub, t->deform[f], t->deform_counts[f]);
        }
        break;
    case TB_FOLDER:
        if (t->kind != PC_TL_DRAW_ORDER_FOLDER) break;
        dw_row(w, "data.timeline.folder", key);
        dw_ints(w, "slots", t->folder_slots, t->folder_slot_count);
        break;
    case TB_DRAW_ORDER:
        for (int f = 0; t->draw_orders && f < t->frames_count; f++) {
            snprintf(sub, sizeof sub, "%s[%d]", key, f);
            dw_row(w, "data.timeline.drawOrder", sub);
            if (t->draw_orders[f]) dw_ints(w, "order", t->draw_orders[f], t->draw_order_length);
            else dw_str(w, "order", NULL);
        }
        break;
    case TB_EVENT:
        for (int f = 0; t->events && f < t->event_count; f++) {
            const pc_event_key *e = &t->events[f];
            snprintf(sub, sizeof sub, "%s[%d]", key, f);
            dw_row(w, "data.timeline.event", sub);
            dw_str(w, "name", d->events[e->event].name);
            dw_num(w, "time", e->time);
            dw_num(w, "int", e->int_value);
            dw_num(w, "float", e->float_value);
            dw_str(w, "string", e->string_value);
            dw_num(w, "volume", e->volume);
            dw_num(w, "balance", e->balance);
        }
        break;
    case TB_COUNT:
        break;
    }
}

static void animation_rows(dump_writer *w, const pc_skeleton_data *d)
{
    char key[KEY_SIZE];
    for (int i = 0; i < d->animation_count; i++) {
        const pc_animation_data *a = &d->animations[i];
        dw_row(w, "data.animation", a->name);
        dw_num(w, "index", i);
        dw_num(w, "duration", a->duration);
        dw_num(w, "timelines", a->timeline_count);
        dw_num(w, "bones", a->bone_count);
        color(w, "color", &a->color, true);
    }
    for (int i = 0; i < d->animation_count; i++) {
        const pc_animation_data *a = &d->animations[i];
        for (int k = 0; k < a->bone_count; k++) {
            snprintf(key, sizeof key, "%s[%d]", a->name, k);
            dw_row(w, "data.animation.bone", key);
            dw_str(w, "bone", d->bones[a->bones[k]].name);
        }
    }
    for (int block = 0; block < TB_COUNT; block++)
        for (int i = 0; i < d->animation_count; i++)
            for (int k = 0; k < d->animations[i].timeline_count; k++)
                timeline_rows(w, d, &d->animations[i], k, (enum timeline_block)block);
}

void pc_dump_data_rows(dump_writer *w, const pc_skeleton_data *d)
{
    bone_rows(w, d);
    slot_rows(w, d);
    header_rows(w, d);
    bone_nonessential_rows(w, d);
    slot_setup_rows(w, d);
    constraint_rows(w, d);
    skin_rows(w, d);
    event_rows(w, d);
    animation_rows(w, d);
}

/* ---- The update order ------------------------------------------------------------------------------------ */

static void item_fields(dump_writer *w, const pc_skeleton_data *d, const pc_update_item *item)
{
    switch (item->kind) {
    case PC_UPDATE_BONE:
        dw_str(w, "kind", "bone");
        dw_str(w, "name", d->bones[item->index].name);
        break;
    case PC_UPDATE_CONSTRAINT:
        dw_str(w, "kind", pc_constraint_kind_names[d->constraints[item->index].kind]);
        dw_str(w, "name", d->constraints[item->index].name);
        break;
    case PC_UPDATE_SLOT:
        dw_str(w, "kind", "slot");
        dw_str(w, "name", d->slots[item->index].name);
        break;
    case PC_UPDATE_DRAW_ORDER:
        dw_str(w, "kind", "drawOrder");
        dw_str(w, "name", NULL);
        break;
    }
}

void pc_dump_update_rows(dump_writer *w, const pc_skeleton *sk)
{
    const pc_skeleton_data *d = sk->data;
    char key[32];
    for (int i = 0; i < sk->update_count; i++) {
        snprintf(key, sizeof key, "%d", i);
        dw_row(w, "data.update", key);
        item_fields(w, d, &sk->update_order[i]);
    }
    int n = 0;
    for (int i = 0; i < sk->reset_count; i++) {
        snprintf(key, sizeof key, "%d", n++);
        dw_row(w, "data.reset", key);
        item_fields(w, d, &sk->reset[i]);
    }
    if (sk->draw_order_constrained) {
        snprintf(key, sizeof key, "%d", n++);
        dw_row(w, "data.reset", key);
        pc_update_item draw_order = { PC_UPDATE_DRAW_ORDER, -1 };
        item_fields(w, d, &draw_order);
    }
    for (int i = 0; i < d->constraint_count; i++) {
        char name[KEY_SIZE];
        snprintf(name, sizeof name, "%s %s", pc_constraint_kind_names[d->constraints[i].kind], d->constraints[i].name);
        dw_row(w, "data.constraintActive", name);
        dw_bool(w, "active", sk->constraints[i].active);
    }
}
