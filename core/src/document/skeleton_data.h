/* The skeleton document as spine-core 4.3.13 holds it after reading: the header, bones, slots,
 * constraints of the five kinds with their setup poses, skins with their attachments, events, and
 * animations with every timeline, with the runtime's defaults resolved. Filled by the reader
 * (reader.c and read_*.c), read-only afterwards.
 *
 * Numbers are doubles where the runtime keeps doubles and `float` arrays where it keeps Float32Arrays
 * (vertices, timeline frames and curves, deform vertices, mesh uvs). Where the runtime keeps a value of
 * the document as it is and the document holds something else than the expected type there (a string
 * for a rotation, a number for a boolean), the value here is only the best reading and
 * `unmodelled` says where: the document is read (the runtime accepts it too), but not dumped or posed. */
#ifndef POSECORE_SKELETON_DATA_H
#define POSECORE_SKELETON_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include "posecore.h"
#include "rules.h"

/* The room for one name in an enumeration's table of spellings (`const char names[N][PC_NAME_ROOM]`):
 * characters, not pointers, so the tables are read-only data. */
#define PC_NAME_ROOM 24

typedef enum pc_inherit {
    PC_INHERIT_NORMAL,
    PC_INHERIT_ONLY_TRANSLATION,
    PC_INHERIT_NO_ROTATION_OR_REFLECTION,
    PC_INHERIT_NO_SCALE,
    PC_INHERIT_NO_SCALE_OR_REFLECTION
} pc_inherit;

/* The document's spelling of each inherit mode (`inherit` in JSON, and in dumps). */
extern const char pc_inherit_names[5][PC_NAME_ROOM];

typedef struct pc_color { double r, g, b, a; } pc_color;

/* A number the document may omit: the runtime then holds `undefined` (dumped as null). */
typedef struct pc_opt_num { bool set; double v; } pc_opt_num;

/* A name: the runtime compares names with ===, so a name keeps its JSON value (`js`, a json_t owned
 * by the document's value heap) for comparisons; `text` is its UTF-8 text when it is a string
 * ("" otherwise, and the document is then unmodelled). */
typedef struct pc_name {
    const char *text;
    const void *js;
} pc_name;

/* ---- Header, bones, slots ------------------------------------------------------------------ */

typedef struct pc_skeleton_header {
    pc_opt_num x, y, width, height, fps;
    double reference_scale;
    const char *hash, *version, *images, *audio; /* NULL when absent (the runtime: undefined or null) */
} pc_skeleton_header;

/* A bone's local transform: its setup pose, or a pose set by animations or constraints. */
typedef struct pc_bone_local {
    double x, y, rotation, scale_x, scale_y, shear_x, shear_y;
    pc_inherit inherit;
} pc_bone_local;

typedef struct pc_bone_data {
    char *name;          /* = name_js's text */
    pc_name id;
    int index;
    int parent;          /* index of the parent bone, -1 for a root */
    double length;
    pc_bone_local setup;
    bool skin_required;  /* the runtime's truthiness of `skin` */
    pc_color color;
    const char *icon;    /* NULL when absent */
    double icon_size, icon_rotation;
} pc_bone_data;

/* Blend modes in the runtime's order; PC_BLEND_UNKNOWN when the name is none of them. */
typedef enum pc_blend { PC_BLEND_NORMAL, PC_BLEND_ADDITIVE, PC_BLEND_MULTIPLY, PC_BLEND_SCREEN, PC_BLEND_UNKNOWN }
    pc_blend;
extern const char pc_blend_names[4][PC_NAME_ROOM];

typedef struct pc_slot_data {
    char *name;
    pc_name id;
    int index;
    int bone;
    char *attachment;    /* setup attachment name, NULL for none */
    const char *attachment_key; /* the property key the runtime looks it up by; NULL when falsy */
    pc_color color;
    bool has_dark;
    pc_color dark;       /* r, g, b (a is 1) when has_dark */
    pc_blend blend;
    bool visible;
} pc_slot_data;

/* ---- Constraints ----------------------------------------------------------------------------- */

typedef enum pc_constraint_kind { PC_IK, PC_TRANSFORM, PC_PATH, PC_PHYSICS, PC_SLIDER } pc_constraint_kind;
extern const char pc_constraint_kind_names[5][PC_NAME_ROOM]; /* "ik", "transform", "path", "physics", "slider" */

/* Scale-Y modes of IK and physics; PC_SCALE_Y_UNKNOWN when the name is none of them. */
typedef enum pc_scale_y_mode { PC_SCALE_Y_NONE, PC_SCALE_Y_UNIFORM, PC_SCALE_Y_VOLUME, PC_SCALE_Y_UNKNOWN }
    pc_scale_y_mode;
extern const char pc_scale_y_mode_names[3][PC_NAME_ROOM];

/* The six properties a transform constraint reads from and writes to (and a slider reads). */
typedef enum pc_property { PC_PROP_ROTATE, PC_PROP_X, PC_PROP_Y, PC_PROP_SCALE_X, PC_PROP_SCALE_Y, PC_PROP_SHEAR_Y }
    pc_property;
extern const char pc_property_names[6][PC_NAME_ROOM];

typedef struct pc_to_property {
    pc_property property;
    double offset, max, scale;
} pc_to_property;

typedef struct pc_from_property {
    pc_property property;
    double offset;
    pc_to_property *to;
    int to_count;
} pc_from_property;

typedef struct pc_ik_data {
    int target;
    pc_scale_y_mode scale_y_mode;
    double mix, softness, bend_direction;
    bool compress, stretch;
} pc_ik_data;

typedef struct pc_transform_data {
    int source;
    bool local_source, local_target, additive, clamp;
    pc_from_property *properties;
    int property_count;
    double offsets[6]; /* rotation, x, y, scaleX, scaleY, shearY */
    double mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y;
} pc_transform_data;

typedef enum pc_position_mode { PC_POSITION_FIXED, PC_POSITION_PERCENT, PC_POSITION_UNKNOWN } pc_position_mode;
typedef enum pc_spacing_mode { PC_SPACING_LENGTH, PC_SPACING_FIXED, PC_SPACING_PERCENT, PC_SPACING_PROPORTIONAL,
                               PC_SPACING_UNKNOWN } pc_spacing_mode;
typedef enum pc_rotate_mode { PC_ROTATE_TANGENT, PC_ROTATE_CHAIN, PC_ROTATE_CHAIN_SCALE, PC_ROTATE_UNKNOWN }
    pc_rotate_mode;
extern const char pc_position_mode_names[2][PC_NAME_ROOM];
extern const char pc_spacing_mode_names[4][PC_NAME_ROOM];
extern const char pc_rotate_mode_names[3][PC_NAME_ROOM];

typedef struct pc_path_data {
    int slot;
    pc_position_mode position_mode;
    pc_spacing_mode spacing_mode;
    pc_rotate_mode rotate_mode;
    double offset_rotation, position, spacing, mix_rotate, mix_x, mix_y;
} pc_path_data;

/* The seven settings a physics constraint may take from global physics timelines, in this order. */
enum { PC_PHYSICS_INERTIA, PC_PHYSICS_STRENGTH, PC_PHYSICS_DAMPING, PC_PHYSICS_MASS, PC_PHYSICS_WIND,
       PC_PHYSICS_GRAVITY, PC_PHYSICS_MIX };
extern const char pc_physics_setting_names[7][PC_NAME_ROOM];

typedef struct pc_physics_data {
    int bone;
    double x, y, rotate, scale_x, shear_x, limit, step;
    pc_scale_y_mode scale_y_mode;
    double inertia, strength, damping, mass_inverse, wind, gravity, mix;
    bool global[7];
} pc_physics_data;

typedef struct pc_slider_data {
    bool additive, loop, local;
    double mix, time;
    int bone;              /* -1: the slider is driven by its time, not a bone */
    pc_property property;  /* when bone >= 0 */
    double property_offset, offset, scale, max;
    int animation;         /* index of its animation, -1 when the runtime holds none */
} pc_slider_data;

typedef struct pc_constraint_data {
    pc_constraint_kind kind;
    char *name;
    pc_name id;
    int index;             /* position in the document's `constraints` (= the runtime's) */
    bool skin_required;
    int *bones;            /* ik, transform, path: the constrained bones */
    int bone_count;
    union {
        pc_ik_data ik;
        pc_transform_data transform;
        pc_path_data path;
        pc_physics_data physics;
        pc_slider_data slider;
    } u;
} pc_constraint_data;

/* ---- Attachments and skins --------------------------------------------------------------------- */

typedef enum pc_attachment_kind {
    PC_ATTACHMENT_REGION, PC_ATTACHMENT_BOUNDINGBOX, PC_ATTACHMENT_MESH, PC_ATTACHMENT_PATH,
    PC_ATTACHMENT_POINT, PC_ATTACHMENT_CLIPPING
} pc_attachment_kind;
extern const char pc_attachment_kind_names[6][PC_NAME_ROOM];

/* A region or mesh's sequence: Sequence(1, false) when the document has none. */
typedef struct pc_sequence {
    double region_count;   /* the runtime's regions.length */
    bool path_suffix;      /* the document has a `sequence` */
    double start, digits, setup_index;
} pc_sequence;

typedef struct pc_attachment {
    pc_attachment_kind kind;
    char *name;
    char *path;            /* region, mesh: the texture path (= name when absent) */
    pc_color color;
    /* region */
    double x, y, scale_x, scale_y, rotation, width, height;
    /* Sequence.offsets[r] (plain numbers, 8 a region) of a region attachment, set when the sequence has
     * a region; see regions_distinct. */
    double *offsets;
    pc_sequence sequence;  /* region, mesh */
    /* vertex attachments (boundingbox, mesh, path, clipping, point: point has none) */
    double world_vertices_length;
    double *bones;         /* weighted: bone count, then that many bone indices, per vertex */
    int bones_count;       /* -1: unweighted (the runtime's bones is null) */
    float *vertices;
    int vertices_count;
    double *vertex_doubles; /* the vertex numbers as the document spells them (vertices_count of them),
                             * kept only under the rule path.vertex-numbers=doubles; else NULL */
    /* A weighted path whose every run is whole and inside its arrays and whose every bone index names
     * a bone (vertices.h): its bones as ints (bones_count), then per vertex the offset of its run in
     * bones and the bone entries before it (weight_vertex_count of each); else NULL. */
    int *weight_index;
    int weight_vertex_count, weight_entries; /* vertices indexed; bone entries of all of them */
    /* mesh */
    double *region_uvs;    /* as the document spells them */
    int region_uvs_count;
    /* Sequence.uvs[r] of a region (8) or mesh (regionUVs' count, uvs_count), a Float32Array; NULL
     * without a region. With the stub atlas every region of a sequence has the same uvs and offsets and
     * one copy is kept (regions_distinct false); read with an atlas, one a region (pc_region_index).
     * region_pages: each kept region's atlas page (the stub's: 0). */
    float *uvs;
    int uvs_count;
    bool regions_distinct;
    int *region_pages;
    const struct pc_atlas_region **atlas_regions; /* while the document is read only; then NULL */
    double *triangles, *edges;
    int triangles_count, edges_count; /* edges: -1 when the runtime holds null */
    double hull_length, mesh_width, mesh_height;
    struct pc_attachment *source_mesh;      /* a linked mesh's source, NULL otherwise */
    struct pc_attachment *timeline_attachment;
    int *timeline_slots;   /* Attachment.timelineSlots: slots of the linked meshes inheriting this one's */
    int timeline_slot_count; /* timelines from another slot, in the order they were linked */
    /* path */
    bool closed, constant_speed;
    double *lengths;
    int lengths_count;
    /* clipping */
    int end_slot;          /* -1 none */
    bool convex, inverse;
    /* a linked mesh waiting for its source while the document is read */
    bool linked;
} pc_attachment;

/* Where region r of a's sequence keeps its offsets (8 from 8 * index), uvs (uvs_count from uvs_count *
 * index) and page. */
static inline int pc_region_index(const pc_attachment *a, int r)
{
    return a->regions_distinct ? r : 0;
}

/* One attachment of a skin: the slot, the placeholder name it is filed under, and the attachment. */
typedef struct pc_skin_entry {
    int slot;
    char *placeholder;
    pc_attachment *attachment;
} pc_skin_entry;

/* A skin's attachments are kept per slot in JavaScript property order (oracle: Skin.getAttachments):
 * by slot index, then array-index placeholders ascending, then the others in first-set order. */
typedef struct pc_skin_data {
    char *name;
    pc_name id;
    int *bones;          /* the bones the skin requires, in document order (repeats kept) */
    int bone_count;
    int *constraints;    /* constraint indices, in document order */
    int constraint_count;
    pc_skin_entry *entries;
    int entry_count, entry_capacity;
} pc_skin_data;

/* ---- Events ---------------------------------------------------------------------------------------- */

typedef struct pc_event_data {
    char *name;
    double int_value, float_value;
    char *string_value;
    char *audio;         /* NULL when the runtime holds null */
    double volume, balance;
} pc_event_data;

/* ---- Animations ------------------------------------------------------------------------------------ */

typedef enum pc_timeline_kind {
    PC_TL_ATTACHMENT, PC_TL_RGBA, PC_TL_RGB, PC_TL_ALPHA, PC_TL_RGBA2, PC_TL_RGB2,
    PC_TL_ROTATE, PC_TL_TRANSLATE, PC_TL_TRANSLATE_X, PC_TL_TRANSLATE_Y, PC_TL_SCALE, PC_TL_SCALE_X,
    PC_TL_SCALE_Y, PC_TL_SHEAR, PC_TL_SHEAR_X, PC_TL_SHEAR_Y, PC_TL_INHERIT,
    PC_TL_IK, PC_TL_TRANSFORM, PC_TL_PATH_POSITION, PC_TL_PATH_SPACING, PC_TL_PATH_MIX,
    PC_TL_PHYSICS_INERTIA, PC_TL_PHYSICS_STRENGTH, PC_TL_PHYSICS_DAMPING, PC_TL_PHYSICS_MASS,
    PC_TL_PHYSICS_WIND, PC_TL_PHYSICS_GRAVITY, PC_TL_PHYSICS_MIX, PC_TL_PHYSICS_RESET,
    PC_TL_SLIDER_TIME, PC_TL_SLIDER_MIX, PC_TL_DEFORM, PC_TL_SEQUENCE,
    PC_TL_DRAW_ORDER, PC_TL_DRAW_ORDER_FOLDER, PC_TL_EVENT,
    PC_TL_KIND_COUNT
} pc_timeline_kind;
/* The document's name of each kind (`rotate`, `rgba2`, `deform`, ...; `ik`, `transform`, `drawOrder`,
 * `events` for the timelines the document names by their section). */
extern const char pc_timeline_kind_names[PC_TL_KIND_COUNT][PC_NAME_ROOM];

/* An event key of an event timeline. */
typedef struct pc_event_key {
    int event;           /* index of its event data */
    double time;         /* float32 */
    double int_value, float_value;
    char *string_value;
    bool has_audio;
    double volume, balance;
} pc_event_key;

typedef struct pc_timeline {
    pc_timeline_kind kind;
    int target;          /* bone, slot or constraint index (-1: every physics constraint); else -1 */
    int skin;            /* deform and sequence: the skin the attachment is in, else -1 */
    const char *target_name; /* the name the document keys the timeline by (deform: the attachment's) */
    pc_attachment *attachment; /* deform, sequence */
    int entries;         /* frame entries (getFrameEntries) */
    float *frames;
    int frames_count;
    /* Where the key search starts (animation.h), for a timeline of two frames or more, a whole number
     * of them, whose times ascend (ties allowed) and are not NaN; else NULL. The span of key times is
     * cut into as many equal buckets as there are frames (key_count; key_rate: buckets a unit of
     * time); a time's bucket b starts the search at frame key_start[b]. */
    int *key_start;
    int key_count;
    double key_rate;
    float *curves;       /* NULL for timelines without curves */
    int curves_count;
    /* attachment timelines: the attachment name of each frame (NULL for none) */
    char **attachment_names;
    /* deform timelines: each frame's vertices, and those of a key past the frames (frames_count + 1
     * entries; NULL where no key was read) */
    float **deform;
    int *deform_counts;
    /* draw order timelines: each frame's order (NULL for the setup order); folders: their slots */
    int **draw_orders;
    int draw_order_length;     /* slots in each order */
    int *folder_slots;
    int folder_slot_count;
    /* event timelines */
    pc_event_key *events;
    int event_count;
} pc_timeline;

typedef struct pc_animation_data {
    char *name;
    pc_name id;
    pc_timeline *timelines;
    int timeline_count, timeline_capacity;
    double duration;
    int *bones;          /* the bone of each bone timeline, repeats kept (Animation.bones) */
    int bone_count;
    pc_color color;
} pc_animation_data;

/* ---- The document ---------------------------------------------------------------------------------- */

struct pc_skeleton_data {
    pc_skeleton_header header;
    pc_bone_data *bones;
    int bone_count;
    pc_slot_data *slots;
    int slot_count;
    pc_constraint_data *constraints;
    int constraint_count;
    pc_skin_data *skins;
    int skin_count;
    int default_skin;    /* the last skin named "default", -1 for none */
    pc_event_data *events;
    int event_count;
    pc_animation_data *animations;
    int animation_count;
    pc_attachment **attachments; /* every attachment read, for freeing */
    int attachment_count, attachment_capacity;
    /* The first value the core reads but does not model exactly, as "PATH: what"; "" when none. */
    char unmodelled[256];
    void *heap;          /* the parsed document and the values made while reading it (jsobject.h) */
    pc_readings readings; /* the rule readings it was read under; its instances pose under them */
};

/* The first bone, slot or skin of that name, as the runtime's findBone, findSlot and findSkin; -1 for none. */
int pc_find_bone(const pc_skeleton_data *data, const char *name);
int pc_find_slot(const pc_skeleton_data *data, const char *name);
int pc_find_skin(const pc_skeleton_data *data, const char *name);

/* The attachment a skin files under (slot, placeholder), or NULL. */
pc_attachment *pc_skin_get(const pc_skin_data *skin, int slot, const char *placeholder);

#endif
