/* The reader's shared state and helpers (reader.c), used by the read_*.c files, one per part of the
 * document. Not part of the public interface.
 *
 * The runtime's reader (SkeletonJson.readSkeletonData) reads whatever the document holds with
 * JavaScript's property reads and coercions and throws at the first thing it cannot go on with. The
 * core reads the same way through jsobject.h; anything the runtime throws at, the core "throws" at
 * too: reader_throw records the message (file, JSON path, what) and longjmps back to pc_read_text,
 * which frees everything read so far. Every allocation is either owned by the data (and freed with
 * it) or registered with reader_temp. */
#ifndef POSECORE_READER_H
#define POSECORE_READER_H

#include "js/jsobject.h"
#include "name_index.h"
#include "js/jsmath.h" /* js_to_int32 */
#include "skeleton_data.h"
#include "skin.h"

#include <setjmp.h>
#include <stdarg.h>

/* A linked mesh waiting for its source mesh until every skin is read. */
typedef struct pending_link {
    pc_attachment *mesh;
    json_t *skin;        /* the `skin` value, NULL when absent */
    int slot, source_slot;
    const char *source;  /* property key of `source` */
    bool inherit_timelines;
    char path[160];
} pending_link;

typedef struct reader {
    const char *name;    /* the document's name, for messages */
    pc_error *err;
    pc_skeleton_data *d;
    js_heap *heap;
    jmp_buf thrown;
    char path[512];      /* the JSON path being read */
    size_t path_len;
    void **temps;        /* allocations freed when reading ends */
    size_t temp_count, temp_capacity;
    pending_link *links;
    int link_count, link_capacity;
    const struct pc_atlas *atlas; /* the atlas regions come from; NULL: the stub atlas */
    name_index bone_names; /* the bones read so far whose names are strings (find_bone_js) */
} reader;

/* Refuses the document as the runtime does (PC_INVALID), naming the current path. */
_Noreturn void reader_throw(reader *r, const char *fmt, ...);
/* Stops reading a document whose numbers ask for more than the core allocates (PC_UNSUPPORTED); the
 * runtime would allocate it (or run out of memory trying). */
_Noreturn void reader_limit(reader *r, const char *what);
#define READER_MAX_ELEMENTS 20000000.0
/* V8's longest typed array (Node 20: 2^32 elements): new Float32Array(n) throws RangeError past it
 * whatever the memory (measured: 4294967296 allocates, 4294967297 throws), so the core refuses there. */
#define READER_MAX_TYPED_LENGTH 4294967296.0
/* The TypeError JavaScript throws reading `key` of undefined or null. */
_Noreturn void reader_type_error(reader *r, const char *key);
/* Notes (once) that a value is held in a way the core does not model (see skeleton_data.h). */
void reader_unmodelled(reader *r, const char *fmt, ...);

/* The JSON path: push appends a segment ("[3]", ".name") and returns the mark to pop back to. */
size_t path_push(reader *r, const char *fmt, ...);
void path_pop(reader *r, size_t mark);
/* A key as a path segment: `.key` when it is an identifier, `["key"]` otherwise. */
size_t path_push_key(reader *r, const char *key);

/* calloc that throws when memory runs out; the caller stores the block in the data at once. */
void *reader_calloc(reader *r, size_t count, size_t size);
void *reader_realloc(reader *r, void *p, size_t count, size_t size);
char *reader_strdup(reader *r, const char *s);
/* Registers p to be freed when reading ends (whatever the outcome). */
void *reader_temp(reader *r, void *p);

/* ---- Property reads with JavaScript semantics ------------------------------------------------------ */

/* map[key]; throws a TypeError when map is undefined or null. */
json_t *get(reader *r, json_t *map, const char *key);
json_t *get_index(reader *r, json_t *v, size_t index);
/* ToNumber(v.length) (TypeError on undefined/null). */
double length_of(reader *r, json_t *v);

/* getValue(map, key, default): map[key] unless it is undefined. For the numeric defaults: */
/* ToNumber(getValue(map, key, def)): a value the runtime multiplies (by its scale, 1) or divides. */
double num_coerced(reader *r, json_t *map, const char *key, double def);
/* getValue(map, key, def) kept as it is: a number, or (unmodelled) its ToNumber. */
double num_raw(reader *r, json_t *map, const char *key, double def);
/* getValue(map, key, def) kept as it is where a boolean is expected; returns its truthiness. */
bool bool_raw(reader *r, json_t *map, const char *key, bool def);
/* getValue(map, key, null) where a string (or null) is expected: the text, NULL for null/undefined. */
const char *str_raw(reader *r, json_t *map, const char *key);
/* Unmodelled unless v is a number; returns ToNumber(v). */
double num_value(reader *r, json_t *v, const char *what);

/* A name value: its text (copied) when a string; "" and unmodelled otherwise. */
char *name_text(reader *r, json_t *v, const char *what);

/* Utils.enumValue(type, name): the first character upper-cased and the rest as it is, looked up among
 * `names` (the enum's keys, capitalised). Throws the runtime's TypeError for names that have no first
 * character to upper-case. Returns the index, `unknown` when nothing matches (unmodelled when the
 * runtime then holds something else than undefined). *found_undefined: the runtime holds undefined. */
int enum_value(reader *r, json_t *name, const char (*names)[PC_NAME_ROOM], int count, int unknown, bool *is_undefined);

/* Color.setFromString: `color` must be a string (else the runtime's TypeError); fills c. */
void color_from(reader *r, json_t *color, pc_color *c, bool *alpha_from_text);

/* Lookups by the runtime's find* (which throw for falsy names): index or -1. */
int find_bone_js(reader *r, json_t *name);
/* Indexes bone `bone`'s name (read_bones, as each bone is added) for find_bone_js. */
void reader_add_bone_name(reader *r, int bone);
int find_slot_js(reader *r, json_t *name);
int find_skin_js(reader *r, json_t *name);
int find_constraint_js(reader *r, json_t *name, pc_constraint_kind kind);
int find_event_js(reader *r, json_t *name);
int find_animation_js(reader *r, json_t *name);

/* The parts of the document, in the runtime's reading order. */
void read_bones(reader *r, json_t *root);
void read_slots(reader *r, json_t *root);
void read_constraints(reader *r, json_t *root);
void read_skins(reader *r, json_t *root);
void resolve_linked_meshes(reader *r);
void read_events(reader *r, json_t *root);
void read_animations(reader *r, json_t *root);
void read_slider_animations(reader *r, json_t *root);

/* read_attachments.c: one attachment of a skin (NULL when the runtime skips its type). */
pc_attachment *read_attachment(reader *r, json_t *map, int skin, int slot, const char *placeholder);
/* The runtime's Sequence.update / MeshAttachment.computeUVs (the stub atlas or r->atlas): a mesh's uvs. */
void mesh_update_uvs(reader *r, pc_attachment *mesh);
/* A linked mesh in `slot` inheriting the timelines of `source` filed in another slot: the slot joins
 * the source's timelineSlots, once. */
void attachment_add_timeline_slot(reader *r, pc_attachment *source, int slot);

/* ---- Timelines (read_curves.c) ---------------------------------------------------------------------- */

/* A value the runtime keeps as it is before arithmetic: its ToNumber, and whether JavaScript's `+`
 * would concatenate it (a string, array or object) instead of adding. */
typedef struct js_num {
    double v;
    bool text;
} js_num;
js_num js_num_of(json_t *v);
/* getValue(map, key, def) / `map[key] ?? def` as a js_num (def a number). */
js_num value_or(reader *r, json_t *map, const char *key, double def);
js_num nullish_or(reader *r, json_t *map, const char *key, double def);

/* Adds a timeline to the animation: frames = new Float32Array(frame_count * entries); with curves,
 * curves = new Float32Array(frame_count + bezier_count * 18) whose last frame is stepped. with_array:
 * the runtime also makes `new Array(frame_count)` (attachment names, deform vertices, events, draw
 * orders), which throws for counts that are no array length. */
pc_timeline *timeline_add(reader *r, pc_animation_data *a, pc_timeline_kind kind, int target, double frame_count,
                          int entries, bool curves, double bezier_count, bool with_array);
/* frames[index] = value through Float32Array (writes out of range are dropped, as there). */
void frame_set(pc_timeline *t, double index, double value);
void frame_set_num(reader *r, pc_timeline *t, double index, js_num value);
/* readCurve: "stepped", or the bezier of value `value` between two keys; returns the next bezier. */
int read_curve(reader *r, json_t *curve, pc_timeline *t, int bezier, int frame, int value, js_num time1,
               js_num time2, js_num value1, js_num value2, double scale);
/* shrink(bezierCount): drops the curves no bezier used. */
void timeline_shrink(pc_timeline *t, int bezier);
/* readTimeline1 / readTimeline2: keys with `time` and `value` (or two named values) and curves. */
void read_timeline1(reader *r, json_t *keys, pc_timeline *t, double default_value, double scale);
void read_timeline2(reader *r, json_t *keys, pc_timeline *t, const char *name1, const char *name2,
                    double default_value, double scale);

/* ---- Animations (read_animations.c, read_constraint_timelines.c) ------------------------------------- */

void read_animation(reader *r, json_t *map, const char *name);
void read_constraint_timelines(reader *r, json_t *map, pc_animation_data *a);
void read_attachment_timelines(reader *r, json_t *map, pc_animation_data *a);

#endif
