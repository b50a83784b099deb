/* The probe generator's families and the helpers they share (probes/README.md).
 *
 * A family draws one probe from (seed, index, amplify): a skeleton document and its options line. A
 * probe depends on nothing else (not on --pop), so the first 200 probes of a population of 2,000 are
 * the population of 200, and a probe's oracle dump is cached across populations. Every random number
 * comes from probes/prng.h. */
#ifndef PROBES_PROBEGEN_H
#define PROBES_PROBEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "jw.h"
#include "prng.h"

typedef struct probe_params {
    const char *family;
    uint64_t seed;
    long index;
    bool amplify;
} probe_params;

typedef struct probe {
    jw doc;         /* the skeleton document */
    char args[512]; /* the options line (corpus convention: NAME.args) */
    /* A scenario (oracle/FORMAT.md), written as NAME.scenario.json when the family makes one; its args
     * then name it `--scenario NAME.scenario.json`, a file beside the probe (the harness resolves it:
     * probes/README.md). */
    jw scenario;
    bool has_scenario;
} probe;

typedef struct probe_family {
    const char *name;
    int issue;         /* 0: generated now; else planned, lands with that issue (its generator, when set,
                          draws it on request; CI leaves it out) */
    long fixed_pop;    /* 0: --pop N probes are drawn; else the family is a fixed grid of this many */
    const char *varies;
    bool (*generate)(const probe_params *p, probe *out);
} probe_family;

extern const probe_family probe_families[];
extern const int probe_family_count;
const probe_family *probe_family_find(const char *name);

/* Writes probe `index` of a family into out (reset first). False if the family cannot (planned). */
bool probe_generate(const probe_family *f, const probe_params *p, probe *out);

/* The generated families (probes/family_NAME.c). */
bool probe_bones(const probe_params *p, probe *out);
bool probe_timeline(const probe_params *p, probe *out);
bool probe_path_grid(const probe_params *p, probe *out);
bool probe_path(const probe_params *p, probe *out);
bool probe_path_stated(const probe_params *p, probe *out);
bool probe_path_order(const probe_params *p, probe *out);
bool probe_ik(const probe_params *p, probe *out);
bool probe_transform(const probe_params *p, probe *out);
bool probe_slider(const probe_params *p, probe *out);
bool probe_order(const probe_params *p, probe *out);
bool probe_physics(const probe_params *p, probe *out); /* planned: drawn on request, not in CI yet */
bool probe_meshes(const probe_params *p, probe *out);   /* issue 18: what is drawn */
bool probe_clipping(const probe_params *p, probe *out);
bool probe_apply(const probe_params *p, probe *out);
bool probe_mixing(const probe_params *p, probe *out);

/* The documents of the timeline family (family_timeline.c), for the families that play them: every
 * timeline kind the core applies; `mixing` adds a constraint of each kind (ik0, tf0, path0 when there
 * are slots, ph0, now and then the slider sl0 of anim0) with their timelines, and 2 to 4 animations. */
typedef struct timeline_doc {
    int animations;
    char names[4][16];  /* in document order */
    bool extra;         /* a second skin, `extra`, beside `default` */
    int bones, slots;
} timeline_doc;
bool timeline_document(const probe_params *p, prng *r, jw *w, const char *family, bool mixing, timeline_doc *info);

/* The probe's name (FAMILY[-amp]-sSEED-INDEX), as probegen writes it. */
void probe_name(const probe_params *p, char *out, size_t size);

/* ---- shared by families ---- */

/* A drawn number with the spelling it is written in. */
typedef struct num {
    double v;
    enum jw_spelling sp;
} num;

/* extremes: also tiny (down to subnormal) and huge (up to the largest double) values, which soon turn
 * a chain's world into Infinity and NaN; a family draws them in some documents only. */
num draw_coord(prng *r, bool extremes);  /* x, y: zero, integers, decimals, uniform, float32 */
num draw_angle(prng *r, bool extremes);  /* rotation: multiples of 90 and 45, uniform, decimals, large */
num draw_scale(prng *r, bool extremes);  /* scale: 1, 0, -0, -1, uniform with both signs, halves */
num draw_shear(prng *r, bool extremes);  /* shear: 0, multiples of 90, uniform, decimals */
num draw_length(prng *r, bool extremes); /* length: 0, uniform, decimals */
enum jw_spelling draw_spelling(prng *r);
num draw_spelled(prng *r, double v);     /* v in a drawn spelling */

/* An ordinary value of a bone property, no extremes: kind 0 an angle, 1 a coordinate, 2 a scale,
 * 3 a shear (its spelling drawn and dropped). */
double draw_value(prng *r, int kind);

/* A bone as a family builds it, then writes it with write_bones. */
enum { BF_X, BF_Y, BF_ROTATION, BF_SCALE_X, BF_SCALE_Y, BF_SHEAR_X, BF_SHEAR_Y, BF_LENGTH, BF_COUNT };
extern const char *const bone_field_names[BF_COUNT];

typedef struct gen_bone {
    char name[96];
    int parent;           /* index into the family's bone array, -1 none */
    const char *parent_name; /* when set, written instead of parent's name (unknown/later parents) */
    bool has[BF_COUNT];
    num field[BF_COUNT];
    int inherit;          /* -1 omitted, else 0..4 */
    bool inherit_capital; /* "NoScale" instead of "noScale" */
    int skin;             /* -1 omitted, else the boolean */
} gen_bone;

extern const char *const inherit_names[5];

/* Sets bone b's field f (BF_*) to v in a drawn spelling. */
void bone_field(prng *r, gen_bone *b, int f, double v);

/* Opens the document (`{`) and writes its skeleton header with `note` (what the probe is). */
void begin_document(jw *w, const char *note);

/* The `bones` array: the first `count` bones, parents named from the same array. */
void write_bones(jw *w, const gen_bone *bones, int count);

/* Amplifier bones: for each bone chosen, two children 10,000 units out along its x and y axes
 * (`NAME>ax`, `NAME>ay`). Appends to bones (capacity at least n * 3); returns the new count. */
int add_amplifiers(gen_bone *bones, int n, const bool *chosen);

#endif
