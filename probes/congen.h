/* What the constraint families (`ik`, `transform`, `slider`, `order`) share: random bone trees drawn
 * for constraints to act on, amplifier bones, mixes, key times and curves, bone timelines and the
 * constraint timelines of each kind, and the options line. Every draw is one statement (probegen.h). */
#ifndef PROBES_CONGEN_H
#define PROBES_CONGEN_H

#include "probegen.h"

#define CG_MAX_BONES 24
#define CG_MAX_KEYS 6

typedef struct cg {
    prng *r;
    jw *w;
    gen_bone bone[CG_MAX_BONES * 3]; /* the bones, then the amplifiers */
    int n;                           /* bones drawn */
    int total;                       /* with the amplifiers */
    bool chosen[CG_MAX_BONES];       /* bones to amplify */
} cg;

/* Empties g to draw from r and write to w. */
void cg_init(cg *g, prng *r, jw *w);

/* Starts the document: `{`, the skeleton header with a note. */
void cg_begin(cg *g, const probe_params *p, const char *family, const char *shape);

/* Draws bone i's local fields (extremes: tiny and huge numbers now and then) and inherit mode. */
void cg_bone(cg *g, int i, int parent, bool extremes);

/* A random tree of n bones (bone 0 the root): chains, branches; fields drawn by cg_bone. */
void cg_tree(cg *g, int n, bool extremes);

/* Adds the amplifiers of the chosen bones (when p->amplify) and writes the `bones` array. */
void cg_write_bones(cg *g, const probe_params *p);

/* A mix: 1, 0, a fraction, a decimal, now and then negative or above 1. */
num cg_mix(prng *r);

/* Key times, ascending from 0 or later (1/30 grid or random), some shared; returns how many (1..max). */
int cg_times(prng *r, double *t, int max);

/* A path attachment's `lengths` member: one ascending stated length a curve (knots of them), each 50 to
 * 400 more than the one before. */
void cg_path_lengths(cg *g, int knots);

/* The key's `time` member (omitted now and then when 0). */
void cg_time(cg *g, double t);

/* The key's curve to the next: none (linear), "stepped", or a bezier per channel. */
void cg_curve(cg *g, int channels, double t1, double t2, const double *v1, const double *v2);

/* Bone timelines for bone `b` as a member of the open animation `bones` object (one to three of
 * rotate, translate, translatex/y, scale, scalex/y, shear, shearx/y, inherit). */
void cg_bone_timelines(cg *g, int b);

/* The open animation's `bones` object: bone timelines for `keyed` bones drawn among the first n (a bone
 * drawn again is keyed once); nothing when keyed is 0. */
void cg_keyed_bones(cg *g, int keyed, int n);

/* The `animations` object of a family of `count` constraints of one kind: none to two animations
 * (`anim0`, `anim1`), each keying zero to three of the first n bones and, with chance `chance`, the
 * `kind` object of constraint timelines: the first constraint's, each other's at 0.6, `timeline`
 * writing the one named PREFIX0, PREFIX1, ... */
void cg_animations(cg *g, int n, int count, double chance, const char *kind, const char *prefix,
                   void (*timeline)(cg *g, const char *name));

/* A timeline of one value per key ("value"), values drawn by `draw` (cg_mix when NULL), as a member
 * named `name` of the open object. */
void cg_timeline1(cg *g, const char *name, num (*draw)(prng *));

/* An ik timeline (keys: mix, softness, bendPositive, compress, stretch) named `name`. */
void cg_ik_timeline(cg *g, const char *name);

/* A transform (6 mixes) or path mix (3 mixes) timeline named `name`. */
void cg_mix_timeline(cg *g, const char *name, int mixes);

/* The options line: no skin, physics none, 2 to 9 samples or the key times. */
void cg_options(cg *g, probe *out);

#endif
