/* Reading the `skins` array (the bones and constraints each skin requires, and its attachments), then
 * resolving linked meshes once every skin is read.
 *
 * The runtime files a skin only after reading its attachments, keeps the last skin named "default" as
 * the default skin, and walks `attachments` with `for ... in` (so a string or array there is walked by
 * index, and a number or boolean not at all). A linked mesh's `skin` defaults to the default skin, its
 * `slot` to its own slot; its source is looked up like any dictionary key. */
#include "reader.h"

#include <stdlib.h>
#include <string.h>

/* The words the runtime's refusal names a constraint kind by (pc_constraint_kind's order). */
static const char lookup_words[5][24] = { "IK constraint", "transform constraint", "path constraint",
                                          "physics constraint", "slider constraint" };

/* The names a skin lists under `key`, each found with `find` (which throws for falsy names), appended
 * to *list (owned by the data). kind: -1 for bones, else the constraint kind. A name not found throws
 * the runtime's words, naming the skin. */
static void read_name_list(reader *r, json_t *map, const char *key, int **list, int *count, int kind,
                           const char *skin_name)
{
    json_t *names = get(r, map, key);
    if (!js_truthy(names)) return;
    size_t mark = path_push(r, ".%s", key);
    double n = length_of(r, names);
    int capacity = *count;
    for (size_t i = 0; (double)i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *name = get_index(r, names, i);
        int found = kind < 0 ? find_bone_js(r, name) : find_constraint_js(r, name, (pc_constraint_kind)kind);
        if (found < 0) {
            const char *text = js_property_key(r->heap, name);
            reader_throw(r, "Couldn't find %s %s for skin %s.", kind < 0 ? "bone" : lookup_words[kind],
                         text ? text : "?", skin_name);
        }
        if (*count >= capacity) {
            capacity = *count ? *count * 2 : 8;
            *list = reader_realloc(r, *list, (size_t)capacity, sizeof **list);
        }
        (*list)[(*count)++] = found;
        path_pop(r, item);
    }
    path_pop(r, mark);
}

static void read_skin_attachments(reader *r, json_t *map, int skin_index)
{
    json_t *attachments = get(r, map, "attachments");
    const char **slot_names;
    json_t **slot_maps;
    size_t n = js_for_in(r->heap, attachments, &slot_names, &slot_maps);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, slot_names);
    reader_temp(r, slot_maps);
    size_t mark = path_push(r, ".attachments");
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, slot_names[i]);
        json_t *slot_name = js_make_string(r->heap, slot_names[i], strlen(slot_names[i]));
        int slot = find_slot_js(r, slot_name);
        if (slot < 0) reader_throw(r, "Couldn't find skin slot %s for skin", slot_names[i]);
        const char **entry_names;
        json_t **entry_maps;
        size_t m = js_for_in(r->heap, slot_maps[i], &entry_names, &entry_maps);
        if (m == (size_t)-1) reader_throw(r, "out of memory");
        reader_temp(r, entry_names);
        reader_temp(r, entry_maps);
        for (size_t k = 0; k < m; k++) {
            size_t entry = path_push_key(r, entry_names[k]);
            pc_attachment *a = read_attachment(r, entry_maps[k], skin_index, slot, entry_names[k]);
            if (a) {
                if (strcmp(entry_names[k], "__proto__") == 0)
                    reader_unmodelled(r, "an attachment filed under \"__proto__\" (the runtime's prototype)");
                else if (!pc_skin_set(&r->d->skins[skin_index], slot, entry_names[k], a))
                    reader_throw(r, "out of memory");
            }
            path_pop(r, entry);
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}

void read_skins(reader *r, json_t *root)
{
    pc_skeleton_data *d = r->d;
    json_t *skins = get(r, root, "skins");
    if (!js_truthy(skins)) return;
    size_t mark = path_push(r, ".skins");
    double n = length_of(r, skins);
    int capacity = 0;
    for (size_t i = 0; (double)i < n; i++) {
        size_t item = path_push(r, "[%zu]", i);
        json_t *map = get_index(r, skins, i);
        json_t *name = get(r, map, "name");
        if (!js_truthy(name)) reader_throw(r, "name cannot be null.");
        if (d->skin_count == capacity) {
            capacity = capacity ? capacity * 2 : 4;
            d->skins = reader_realloc(r, d->skins, (size_t)capacity, sizeof *d->skins);
        }
        /* Counted now (for freeing); the runtime files it (findSkin finds it) only once read. */
        pc_skin_data *skin = &d->skins[d->skin_count];
        memset(skin, 0, sizeof *skin);
        d->skin_count++;
        skin->name = name_text(r, name, "skin's name");
        skin->id.text = skin->name;
        skin->id.js = name;
        read_name_list(r, map, "bones", &skin->bones, &skin->bone_count, -1, skin->name);
        for (int k = 0; k < 5; k++)
            read_name_list(r, map, pc_constraint_kind_names[k], &skin->constraints, &skin->constraint_count, k,
                           skin->name);
        /* While its attachments are read, the skin is not yet findable by name. */
        const void *id = skin->id.js;
        skin->id.js = NULL;
        read_skin_attachments(r, map, (int)i);
        skin->id.js = id;
        if (js_is(name, "default")) d->default_skin = (int)i;
        path_pop(r, item);
    }
    path_pop(r, mark);
}

/* A copy of `count` elements of `size` bytes at `from` (which may be NULL when count is 0). */
static void *copy_of(reader *r, const void *from, int count, size_t size)
{
    void *to = reader_calloc(r, (size_t)count, size);
    if (count > 0) memcpy(to, from, (size_t)count * size);
    return to;
}

void resolve_linked_meshes(reader *r)
{
    pc_skeleton_data *d = r->d;
    for (int i = 0; i < r->link_count; i++) {
        pending_link *link = &r->links[i];
        size_t saved = r->path_len;
        r->path_len = (size_t)snprintf(r->path, sizeof r->path, "%s", link->path);
        int skin;
        if (!js_truthy(link->skin)) skin = d->default_skin;
        else skin = find_skin_js(r, link->skin);
        if (skin < 0) {
            const char *text = link->skin ? js_property_key(r->heap, link->skin) : "null";
            reader_throw(r, "Skin not found: %s", text ? text : "?");
        }
        bool inherited;
        pc_attachment *source = pc_skin_lookup(&d->skins[skin], link->source_slot, link->source, &inherited);
        if (!source && !inherited) reader_throw(r, "Source mesh not found: %s", link->source);
        pc_attachment *mesh = link->mesh;
        /* The source must be a mesh: its regionUVs are read once per region of the linked mesh's
         * sequence (a function, for an inherited name, has none either). */
        bool is_mesh = source && source->kind == PC_ATTACHMENT_MESH;
        if (!is_mesh && mesh->sequence.region_count > 0)
            reader_throw(r, "TypeError: the source of a linked mesh is not a mesh (reading 'length' of its regionUVs)");
        if (!is_mesh) {
            if (inherited && link->inherit_timelines && link->slot != link->source_slot)
                reader_throw(r, "TypeError: the source's timelineSlots is not iterable");
            reader_unmodelled(r, "a linked mesh whose source is not a mesh");
            r->path_len = saved;
            r->path[saved] = '\0';
            continue;
        }
        mesh->timeline_attachment = link->inherit_timelines ? source : mesh;
        mesh->source_mesh = source;
        /* setSourceMesh shares the source's arrays: the copies here are the same values. */
        mesh->world_vertices_length = source->world_vertices_length;
        mesh->bones_count = source->bones_count;
        if (source->bones_count >= 0) mesh->bones = copy_of(r, source->bones, source->bones_count, sizeof *mesh->bones);
        mesh->vertices = copy_of(r, source->vertices, source->vertices_count, sizeof *mesh->vertices);
        mesh->vertices_count = source->vertices_count;
        mesh->region_uvs = copy_of(r, source->region_uvs, source->region_uvs_count, sizeof *mesh->region_uvs);
        mesh->region_uvs_count = source->region_uvs_count;
        mesh->triangles = copy_of(r, source->triangles, source->triangles_count, sizeof *mesh->triangles);
        mesh->triangles_count = source->triangles_count;
        mesh->edges_count = source->edges_count;
        if (source->edges_count >= 0) mesh->edges = copy_of(r, source->edges, source->edges_count, sizeof *mesh->edges);
        mesh->hull_length = source->hull_length;
        mesh->mesh_width = source->mesh_width;
        mesh->mesh_height = source->mesh_height;
        mesh->linked = false;
        mesh_update_uvs(r, mesh);
        if (link->inherit_timelines && link->slot != link->source_slot)
            attachment_add_timeline_slot(r, source, link->slot);
        r->path_len = saved;
        r->path[saved] = '\0';
    }
}
