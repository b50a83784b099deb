/* What the path families share (family_path_common.c): path attachments drawn as chains of knots and
 * handles, unweighted or weighted, with stated lengths; path constraints with every mode, setting and
 * mix; path timelines. The families: `path-grid` (family_path_grid.c), `path` (family_path.c),
 * `path-stated` (family_path_stated.c), `path-order` (family_path_order.c). */
#ifndef PROBES_FAMILY_PATH_H
#define PROBES_FAMILY_PATH_H

#include "probegen.h"

#define PATH_MAX_VERTICES 30 /* 10 knots */
#define PATH_MAX_WEIGHTS 3

typedef struct path_att {
    bool closed, constant_speed;
    bool write_closed, write_speed;        /* written even when the default */
    int vertex_count;                      /* 3 per knot: handle in, knot, handle out */
    double xy[PATH_MAX_VERTICES * 2];      /* unweighted: the vertices in the slot bone's frame */
    enum jw_spelling sp[PATH_MAX_VERTICES * 2];
    bool weighted;
    int weight_count[PATH_MAX_VERTICES];   /* weighted: bones per vertex */
    int weight_bone[PATH_MAX_VERTICES][PATH_MAX_WEIGHTS]; /* bone indices in the document */
    double wx[PATH_MAX_VERTICES][PATH_MAX_WEIGHTS], wy[PATH_MAX_VERTICES][PATH_MAX_WEIGHTS];
    double weight[PATH_MAX_VERTICES][PATH_MAX_WEIGHTS];
    int lengths_count;
    double lengths[PATH_MAX_VERTICES / 3 + 1];
    enum jw_spelling lengths_sp;
} path_att;

/* A text-spelled decimal: the double strtod reads from `digits` decimals of v (0.1, not float32). */
double path_decimal(double v, int digits);

/* A decimal uniform in [lo, hi] with one to three digits (path_decimal), the digits drawn first. */
double path_draw_decimal(prng *r, double lo, double hi);

/* A chain of `curves` curves (open: curves + 1 knots; closed: curves knots) meandering from (x, y)
 * along `angle` degrees, steps of about `step`, every number a decimal of 1 to 3 digits. */
void path_shape(prng *r, path_att *p, int curves, bool closed, double x, double y, double angle, double step);

/* A random path_shape: step in [step_lo, step_hi], heading a multiple of 45 degrees, start within
 * +-reach on each axis, closed in 30 %, one to max_curves curves (drawn in that order). */
void path_draw_shape(prng *r, path_att *p, int max_curves, double step_lo, double step_hi, double reach);

/* Binds every vertex to one to three of `bones` (document indices) with decimal weights summing to
 * about 1, each bone's offset near the unweighted vertex. */
void path_weigh(prng *r, path_att *p, const int *bones, int bone_count);

/* The stated lengths: the running length of each curve measured on a fine polyline of the unweighted
 * shape, times `stretch`, spelled with `digits` decimals (vertexCount / 3 entries: an open path's last
 * one past its end, as the editor writes it). */
void path_state_lengths(path_att *p, double stretch, int digits);

/* Writes the attachment as the member `name` of the current object. */
void path_write(jw *w, const char *name, const path_att *p);

/* The `slots` and `skins` arrays of a document whose slots each show one path: slot k, named slot[k],
 * on the bone named bone[k], shows the attachment `p` (att[k]) of the default skin. */
void path_write_slots_and_skin(jw *w, int count, const char *const *slot, const char *const *bone,
                               const path_att *att);

/* A path constraint. */
typedef struct path_con {
    char name[24];
    char slot[24];
    int bones[8];
    int bone_count;
    int position_mode, spacing_mode, rotate_mode; /* -1: omitted */
    bool mode_capital;
    bool has_rotation, has_position, has_spacing, has_mix_rotate, has_mix_x, has_mix_y;
    num rotation, position, spacing, mix_rotate, mix_x, mix_y;
    bool skin_required;
} path_con;

extern const char *const path_position_modes[2];
extern const char *const path_spacing_modes[4];
extern const char *const path_rotate_modes[3];

/* Draws the modes, the settings and the mixes to hit the rules' edges (spaces of exactly 0 and of
 * +-1e-7, negative spacing across curves, L + spacing below 0, mixes 0, negative, above 1, offsets). */
void path_draw_constraint(prng *r, path_con *c, const gen_bone *bones);

/* Writes the constraint as an element of `constraints`; bones named from `bones`. */
void path_write_constraint(jw *w, const path_con *c, const gen_bone *bones);

/* Writes the current animation's `path` object: timelines (position, spacing, mix) for each of the
 * `count` constraints. */
void path_write_timelines(prng *r, jw *w, const path_con *cons, int count);

/* A bone's `rotate` timeline as a member of the open `bones` object: keys at 0 and 1, each value a
 * decimal within +-range. */
void path_rotate_timeline(prng *r, jw *w, const char *bone, double range);

#endif
