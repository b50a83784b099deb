/* posecore: the Spine 4.3 pose solver, bit for bit with spine-core 4.3.13.
 *
 * The public interface: read a skeleton document (under the rule readings you choose, or the current
 * ones), make a skeleton instance of it, choose a skin, set the setup pose, apply animations, compute
 * world transforms, and look bones and slots up by name. A document the core cannot pose yet is refused
 * with PC_UNSUPPORTED and a message naming what; a document the runtime would refuse, with PC_INVALID.
 *
 * The library keeps no state of its own: everything lives in what you hold (the document, its
 * instances, readings, events), so two threads may read and pose two documents at once. One instance is
 * for one thread at a time; a document is read-only once read and may serve instances in any thread.
 * Build against it with `pkg-config --cflags --libs posecore`. */
#ifndef POSECORE_H
#define POSECORE_H

#include <stdbool.h>
#include <stddef.h>

#define POSECORE_VERSION "0.1.0"

typedef enum pc_status {
    PC_OK = 0,
    PC_INVALID = 2,     /* the document is refused, as spine-core refuses it */
    PC_UNSUPPORTED = 3  /* the document uses what the core does not pose yet */
} pc_status;

/* One line naming the file, the JSON path and what is wrong (or unsupported). */
typedef struct pc_error {
    pc_status status;
    char message[512];
} pc_error;

typedef struct pc_skeleton_data pc_skeleton_data;
typedef struct pc_skeleton pc_skeleton;

/* Rule readings (RULES.md): which reading of each rule of the ledger a document is read and posed
 * under. pc_readings_new gives every rule its current reading (the runtime's, as measured);
 * pc_readings_select chooses one by "NAME=READING" (`posecore rules` lists them), returning 0, or -1 with
 * a one-line message in msg. */
typedef struct pc_readings pc_readings;
pc_readings *pc_readings_new(void);
void pc_readings_free(pc_readings *readings);
int pc_readings_select(pc_readings *readings, const char *spec, char *msg, size_t size);

/* Reading. `name` is used in messages (usually the path); `readings` NULL for the current readings (the
 * document keeps a copy). NULL on failure, with *err filled. */
pc_skeleton_data *pc_read_file(const char *path, const pc_readings *readings, pc_error *err);
pc_skeleton_data *pc_read_text(const char *text, size_t len, const char *name, const pc_readings *readings,
                               pc_error *err);

/* Atlases (a Spine `.atlas` text; no images are read): where region and mesh attachments find their
 * texture regions (offsets, UVs, page). Without one every region is the stub's: a 1x1 region spanning
 * its whole texture, page 0. A malformed atlas is refused where spine-core's TextureAtlas refuses it
 * (PC_INVALID, "FILE: line N: what"). Reading a document with an atlas refuses a region or mesh whose
 * path (each frame's, for a sequence) the atlas lacks; the document copies what it needs, so the atlas
 * may be freed once the document is read. */
typedef struct pc_atlas pc_atlas;
pc_atlas *pc_atlas_read_file(const char *path, pc_error *err);
pc_atlas *pc_atlas_read_text(const char *text, size_t len, const char *name, pc_error *err);
void pc_atlas_free(pc_atlas *atlas);
int pc_atlas_page_count(const pc_atlas *atlas);
const char *pc_atlas_page_name(const pc_atlas *atlas, int page); /* NULL out of range */
pc_skeleton_data *pc_read_file_atlas(const char *path, const pc_atlas *atlas, const pc_readings *readings,
                                     pc_error *err);
pc_skeleton_data *pc_read_text_atlas(const char *text, size_t len, const char *name, const pc_atlas *atlas,
                                     const pc_readings *readings, pc_error *err);
void pc_skeleton_data_free(pc_skeleton_data *data);

/* An instance: every allocation it needs is made here, none while posing. */
pc_skeleton *pc_skeleton_new(const pc_skeleton_data *data);
void pc_skeleton_free(pc_skeleton *sk);

/* Skins: a skin's name, "all" (every skin of the document added in order) or NULL for none.
 * Returns false when no skin has that name. */
bool pc_skeleton_set_skin(pc_skeleton *sk, const char *name);

void pc_skeleton_setup_pose(pc_skeleton *sk);
/* The world transforms under Physics.none (physics constraints move nothing). */
void pc_skeleton_update_world_transform(pc_skeleton *sk);

/* ---- Time and physics (Skeleton.update, the root transform, physics constraints) -------------------- */

/* Skeleton.updateWorldTransform's argument: physics constraints do nothing (NONE), are reset and then
 * stepped (RESET), are stepped by the time since their last update (UPDATE), or only show their last
 * steps (POSE). */
typedef enum pc_physics_mode { PC_PHYSICS_NONE, PC_PHYSICS_RESET, PC_PHYSICS_UPDATE, PC_PHYSICS_POSE } pc_physics_mode;
void pc_skeleton_update_world_transform_physics(pc_skeleton *sk, pc_physics_mode mode);

/* Skeleton.update(delta): the skeleton's time advanced by delta (time += delta, in doubles, as the
 * runtime adds), which physics constraints step by. pc_skeleton_time reads it, pc_skeleton_set_time sets
 * it. A new instance's time is 0. */
void pc_skeleton_update(pc_skeleton *sk, double delta);
double pc_skeleton_time(const pc_skeleton *sk);
void pc_skeleton_set_time(pc_skeleton *sk, double time);

/* The root transform every bone's world is in (Skeleton.x, y, scaleX, scaleY; 0, 0, 1, 1 at first;
 * a negative scale flips), and the directions physics constraints apply wind and gravity in (windX,
 * windY: 1, 0; gravityX, gravityY: 0, 1). */
void pc_skeleton_set_position(pc_skeleton *sk, double x, double y);
void pc_skeleton_set_scale(pc_skeleton *sk, double scale_x, double scale_y);
void pc_skeleton_set_wind(pc_skeleton *sk, double x, double y);
void pc_skeleton_set_gravity(pc_skeleton *sk, double x, double y);
/* x, y, scaleX, scaleY, time, windX, windY, gravityX, gravityY, in this order. */
void pc_skeleton_root(const pc_skeleton *sk, double out[9]);

/* Skeleton.physicsTranslate and physicsRotate: every physics constraint steps next as if its bone had
 * moved by (x, y) more, or turned by degrees more around (x, y), in world space (teleporting the
 * skeleton without a swing: translate by minus the move). */
void pc_skeleton_physics_translate(pc_skeleton *sk, double x, double y);
void pc_skeleton_physics_rotate(pc_skeleton *sk, double x, double y, double degrees);
/* PhysicsConstraint.reset of the physics constraint named `name` (NULL: every one, active or not);
 * false when the document has no physics constraint of that name. */
bool pc_skeleton_physics_reset(pc_skeleton *sk, const char *name);
/* A physics constraint owing more steps of 1 / fps in one update than the instance's step limit (what
 * remains of its time over its step; PC_PHYSICS_STEP_LIMIT, 2^32, unless set) is not stepped: the update
 * leaves its bone where the pass put it, and pc_skeleton_physics_overdue names it (its constraint index;
 * -1 when no constraint of the last update pass was). spine-core steps there for minutes (2^32 steps,
 * about 46 ns each under Node 20), or forever once one step no longer lowers what remains (a time of
 * 1e102 s: found by make fuzz). The step limit can be set lower (a game bounding a frame's work) but not
 * above PC_PHYSICS_STEP_LIMIT; false for a limit that is not a number from 0 to it. */
#define PC_PHYSICS_STEP_LIMIT 4294967296.0
bool pc_skeleton_set_physics_step_limit(pc_skeleton *sk, double steps);
int pc_skeleton_physics_overdue(const pc_skeleton *sk);

/* ---- A document's bones and animations by index; posing by index (api.c) ---------------------- */

int pc_data_bone_count(const pc_skeleton_data *data);
const char *pc_data_bone_name(const pc_skeleton_data *data, int bone);      /* NULL out of range */
int pc_data_find_bone(const pc_skeleton_data *data, const char *name);      /* -1 for none */
int pc_data_slot_count(const pc_skeleton_data *data);                        /* in setup draw order */
const char *pc_data_slot_name(const pc_skeleton_data *data, int slot);      /* NULL out of range */
int pc_data_find_slot(const pc_skeleton_data *data, const char *name);      /* -1 for none */
int pc_data_slot_bone(const pc_skeleton_data *data, int slot);              /* -1 out of range */
int pc_data_skin_count(const pc_skeleton_data *data);
const char *pc_data_skin_name(const pc_skeleton_data *data, int skin);      /* NULL out of range */
int pc_data_animation_count(const pc_skeleton_data *data);                   /* in the runtime's order */
const char *pc_data_animation_name(const pc_skeleton_data *data, int animation);
double pc_data_animation_duration(const pc_skeleton_data *data, int animation);

/* The events one apply fired: room for the most any animation of the document fires in one apply. */
typedef struct pc_events pc_events;
pc_events *pc_events_new(const pc_skeleton_data *data);
void pc_events_free(pc_events *events);
int pc_events_count(const pc_events *events);

/* Applies animation `animation` as the pose sequence does (oracle/FORMAT.md: not looped, alpha 1, from
 * the setup pose), firing events between last_time and time into `events` (cleared first; NULL: none
 * kept). Allocates nothing. Returns NULL, or the runtime's error message where it would throw. */
const char *pc_skeleton_apply_animation(pc_skeleton *sk, int animation, double last_time, double time,
                                        pc_events *events);
/* The same, looped as a game loop applies it (Animation.apply with loop true: time and a positive
 * last_time wrapped into the duration, events fired across the wrap). */
const char *pc_skeleton_apply_animation_looped(pc_skeleton *sk, int animation, double last_time, double time,
                                               pc_events *events);

/* The runtime's MixFrom: what `alpha` mixes from, and what a timeline does before its first key
 * (current: mixes from the current pose, nothing before the first key; setup: from the setup pose, the
 * setup pose before the first key; first: from the current pose, toward the setup pose by alpha before
 * the first key). The numbers are the runtime's. */
typedef enum pc_mix_from { PC_FROM_CURRENT = 0, PC_FROM_SETUP = 1, PC_FROM_FIRST = 2 } pc_mix_from;

/* Animation.apply with its whole signature: `animation.apply(skeleton, lastTime, time, loop, events,
 * alpha, from, add, out, appliedPose)`. Looped, a time past the duration wraps (JavaScript's %, and
 * last_time too when above 0); alpha mixes the timelines' values in from `from`; `add` adds the values
 * of the timelines that support it; `out` marks a mix out (instant timelines then set the setup pose, or
 * nothing from the current pose); `applied_pose` writes the applied poses (the constrained copies a
 * slider writes) instead of the poses. Events fired go into `events` (cleared first; NULL: none kept).
 * Allocates nothing. Returns NULL, or the runtime's error message where it would throw. */
const char *pc_skeleton_apply(pc_skeleton *sk, int animation, double last_time, double time, bool loop,
                              pc_events *events, double alpha, pc_mix_from from, bool add, bool out,
                              bool applied_pose);

/* ---- AnimationState: tracks, crossfades, layers and events as spine-core 4.3.13 plays them --------
 *
 * As a spine-c program drives spAnimationState: the data (default mix and mix pairs by animation
 * name), a state over it, entries it returns that the caller may set, update(delta) and apply(skeleton),
 * and a listener called with start, interrupt, end, dispose, complete and event notifications in the
 * runtime's order. Entries come from a pool the state keeps: once a state has made as many entries as
 * it holds at once, updating and applying allocate nothing. An entry must not be used after its dispose
 * notification. Animations are named by their index (pc_data_animation_*), or PC_ANIMATION_NONE for the
 * runtime's empty animation. Functions where the runtime throws (a negative track index) return NULL
 * or -1 and leave the message in pc_animation_state_error. */
typedef struct pc_animation_state_data pc_animation_state_data;
typedef struct pc_animation_state pc_animation_state;
typedef struct pc_track_entry pc_track_entry;
typedef struct pc_event_key pc_event_key;

typedef enum pc_state_event {
    PC_STATE_START, PC_STATE_INTERRUPT, PC_STATE_END, PC_STATE_DISPOSE, PC_STATE_COMPLETE, PC_STATE_EVENT
} pc_state_event;
/* `event` is the fired event for PC_STATE_EVENT, else NULL. The listener may call the state. */
typedef void (*pc_state_listener)(void *user, pc_animation_state *state, pc_state_event type,
                                  pc_track_entry *entry, const pc_event_key *event);

pc_animation_state_data *pc_animation_state_data_new(const pc_skeleton_data *data);
void pc_animation_state_data_free(pc_animation_state_data *d);
void pc_animation_state_data_set_default_mix(pc_animation_state_data *d, double duration);
/* AnimationStateData.setMix by names; -1 when the document has no animation of either name. */
int pc_animation_state_data_set_mix(pc_animation_state_data *d, const char *from, const char *to, double duration);

pc_animation_state *pc_animation_state_new(const pc_animation_state_data *d);
void pc_animation_state_free(pc_animation_state *s);
void pc_animation_state_set_listener(pc_animation_state *s, pc_state_listener listener, void *user);
void pc_animation_state_set_time_scale(pc_animation_state *s, double time_scale);
const char *pc_animation_state_error(const pc_animation_state *s);

#define PC_ANIMATION_NONE (-1) /* the empty animation */
pc_track_entry *pc_animation_state_set_animation(pc_animation_state *s, int track, int animation, bool loop);
pc_track_entry *pc_animation_state_add_animation(pc_animation_state *s, int track, int animation, bool loop,
                                                 double delay);
pc_track_entry *pc_animation_state_set_empty_animation(pc_animation_state *s, int track, double mix_duration);
pc_track_entry *pc_animation_state_add_empty_animation(pc_animation_state *s, int track, double mix_duration,
                                                       double delay);
void pc_animation_state_set_empty_animations(pc_animation_state *s, double mix_duration);
int pc_animation_state_clear_track(pc_animation_state *s, int track);   /* -1 where the runtime throws */
void pc_animation_state_clear_tracks(pc_animation_state *s);
pc_track_entry *pc_animation_state_get_current(const pc_animation_state *s, int track); /* NULL: none */
void pc_animation_state_update(pc_animation_state *s, double delta);
/* Poses the skeleton; NULL, or the runtime's message where a timeline throws. */
const char *pc_animation_state_apply(pc_animation_state *s, pc_skeleton *sk);

/* A track entry's settings and times (TrackEntry's fields of these names). */
typedef enum pc_entry_field {
    PC_ENTRY_ALPHA, PC_ENTRY_TIME_SCALE, PC_ENTRY_DELAY, PC_ENTRY_TRACK_TIME, PC_ENTRY_TRACK_END,
    PC_ENTRY_TRACK_LAST, PC_ENTRY_ANIMATION_START, PC_ENTRY_ANIMATION_END, PC_ENTRY_ANIMATION_LAST,
    PC_ENTRY_MIX_TIME, PC_ENTRY_MIX_DURATION, PC_ENTRY_EVENT_THRESHOLD, PC_ENTRY_MIX_ATTACHMENT_THRESHOLD,
    PC_ENTRY_ALPHA_ATTACHMENT_THRESHOLD, PC_ENTRY_MIX_DRAW_ORDER_THRESHOLD, PC_ENTRY_TOTAL_ALPHA,
    PC_ENTRY_LOOP, PC_ENTRY_ADDITIVE, PC_ENTRY_REVERSE, PC_ENTRY_SHORTEST_ROTATION, PC_ENTRY_KEEP_HOLD
} pc_entry_field;
/* Sets a field (booleans as 0 and 1; PC_ENTRY_ANIMATION_LAST is setAnimationLast). */
void pc_track_entry_set(pc_track_entry *e, pc_entry_field field, double value);
double pc_track_entry_get(const pc_track_entry *e, pc_entry_field field);
/* TrackEntry.setMixDuration(mixDuration, delay): with set_delay false, only the mix duration. */
void pc_track_entry_set_mix_duration(pc_track_entry *e, double mix_duration, bool set_delay, double delay);
/* The interpolation of the mix percentage: 0 linear, 1 smooth, 2 slowFast, 3 fastSlow, 4 circle,
 * 5 pow and 6 powOut (of `power`). */
void pc_track_entry_set_mix_interpolation(pc_track_entry *e, int interpolation, double power);
void pc_track_entry_reset_rotation_directions(pc_track_entry *e);
int pc_track_entry_animation(const pc_track_entry *e);  /* its animation's index, or PC_ANIMATION_NONE */
int pc_track_entry_track(const pc_track_entry *e);
double pc_track_entry_animation_time(const pc_track_entry *e); /* getAnimationTime */
void pc_track_entry_set_user(pc_track_entry *e, void *user);
void *pc_track_entry_user(const pc_track_entry *e);

/* A fired event's name (its event data's) and its key's values. */
const char *pc_event_name(const pc_skeleton_data *data, const pc_event_key *e);
double pc_event_time(const pc_event_key *e);
const char *pc_event_string(const pc_event_key *e); /* NULL: null */

/* The world transform of bone `bone`'s applied pose: a, b, c, d, worldX, worldY. */
void pc_skeleton_bone_world(const pc_skeleton *sk, int bone, double world[6]);

/* The name of the attachment slot `slot` shows now (its applied pose), NULL for none. */
const char *pc_skeleton_slot_attachment(const pc_skeleton *sk, int slot);

/* ---- What a renderer draws (the render layer: core/src/render) ------------------------------------
 *
 * Read off a posed instance (its slots' applied poses, its bones' applied world transforms), as
 * spine-core 4.3.13 computes them: the attachments' world vertices, the render commands of
 * SkeletonRendererCore.render (clipping applied, slots batched), Skeleton.getBounds and SkeletonBounds'
 * hit tests. A renderer (pc_renderer) holds the buffers and the clipping state for one instance at a
 * time; it is sized for its document when made, so drawing allocates nothing (a clipping polygon that
 * cuts into more pieces than a simple polygon can, a self-intersecting one, grows its buffers). Where
 * spine-core throws (a region whose sequence index names no region), the calls return PC_INVALID with
 * its message; where the core does not follow it, PC_UNSUPPORTED. */
typedef struct pc_renderer pc_renderer;
pc_renderer *pc_renderer_new(const pc_skeleton_data *data);
void pc_renderer_free(pc_renderer *r);

/* How many vertices the attachment slot `slot` shows gives (a region 4, a point 1, a mesh, bounding
 * box, path or clipping polygon worldVerticesLength / 2; 0 for none), and their world positions: (x, y)
 * pairs into out, in doubles (computeWorldVertices; a point's computeWorldPosition). */
int pc_slot_vertex_count(const pc_skeleton *sk, int slot);
pc_status pc_slot_world_vertices(const pc_skeleton *sk, int slot, double *out, pc_error *err);

/* A batch of triangles, all of one texture page, blend mode and color. positions and uvs hold 2 *
 * vertex_count floats (x, y; u, v), indices index_count 16-bit vertex indices into them. color and dark
 * are every vertex's packed light and dark colors (ARGB, as the runtime packs them; premultiplied when
 * asked); has_color is false for a command without vertices. */
typedef enum pc_blend_mode { PC_BLEND_MODE_NORMAL, PC_BLEND_MODE_ADDITIVE, PC_BLEND_MODE_MULTIPLY,
                             PC_BLEND_MODE_SCREEN, PC_BLEND_MODE_UNKNOWN } pc_blend_mode;
typedef struct pc_render_command {
    pc_blend_mode blend;
    int texture;               /* the atlas page (0 for the stub atlas) */
    int vertex_count, index_count;
    bool has_color;
    unsigned int color, dark;
    const float *positions, *uvs;
    const unsigned short *indices;
    int first_vertex;          /* where positions start among all commands' vertices */
} pc_render_command;

/* SkeletonRendererCore.render(skeleton, pma): the commands in draw order into *commands (count of
 * them; valid until the renderer draws again). */
pc_status pc_render(pc_renderer *r, const pc_skeleton *sk, bool pma, const pc_render_command **commands,
                    int *count, pc_error *err);

/* Skeleton.getBounds of the region and mesh attachments shown, with the renderer's clipper when
 * `clipped`: x, y (the lower left corner), width, height (Infinity and -Infinity when nothing counts). */
pc_status pc_skeleton_bounds(pc_renderer *r, const pc_skeleton *sk, bool clipped, double bounds[4], pc_error *err);

/* SkeletonBounds.update(skeleton, true): the polygons of the bounding boxes shown by active slots (slot
 * order), their world vertices as float32 values (held in doubles), and their axis-aligned box; then the
 * hit tests (the first polygon hit: its index, -1 for none). */
pc_status pc_hit_boxes_update(pc_renderer *r, const pc_skeleton *sk, pc_error *err);
int pc_hit_box_count(const pc_renderer *r);
const double *pc_hit_box_polygon(const pc_renderer *r, int box, int *vertex_count, const char **attachment);
void pc_hit_boxes_aabb(const pc_renderer *r, double aabb[4]); /* minX, minY, maxX, maxY */
bool pc_hit_boxes_aabb_contains_point(const pc_renderer *r, double x, double y);
bool pc_hit_boxes_aabb_intersects_segment(const pc_renderer *r, double x1, double y1, double x2, double y2);
int pc_hit_boxes_contains_point(const pc_renderer *r, double x, double y);
int pc_hit_boxes_intersects_segment(const pc_renderer *r, double x1, double y1, double x2, double y2);

#endif
