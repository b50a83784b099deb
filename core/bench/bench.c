/* build/bench/bench: the core's half of `make bench` (core/bench/bench.mk, oracle/bench.mjs). Poses one
 * document with the pose sequence of oracle/FORMAT.md (the setup pose, then every animation at N samples,
 * each sample: setup pose, apply, world transform; with --draw also the render commands of every pose,
 * pc_render: world vertices, clipping, batching, as SkeletonRendererCore.render), repeated until at least
 * MIN_TIME seconds of work, and prints, one `KEY<TAB>VALUE` line each:
 *
 *   bones, poses (per sequence), reps, ns (the timed loop, wall clock), cpu_ns (the process's CPU time
 *   in it: below ns when the machine was busy), ns_per_pose,
 *   posing_allocs, posing_poses (allocations from after the instance is made to the end of the timing),
 *   document_bytes, document_allocs (pc_read_file), instance_bytes, instance_allocs (pc_skeleton_new and
 *   pc_skeleton_set_skin): bytes requested and still held, allocation calls,
 *   checksum: FNV-1a over the 32-bit halves of every bone's a b c d worldX worldY of every pose of one
 *   more sequence, in bone order,
 *   world<TAB>BONE<TAB>a b c d worldX worldY: the final timed pose, as hex bit patterns.
 *
 * With --frames N --dt D the sequence is physics frames instead (oracle/FORMAT.md's frames sequence
 * under --physics update, from a fresh start each time: the skeleton's time 0 and every physics
 * constraint reset, the setup pose; then per animation: setup pose, time 0, reset, and N frames of
 * update(D), the animation applied looped at the skeleton's time, world transform under Physics.update).
 *
 * oracle/bench.mjs prints the same for spine-core; the two must agree bit for bit.
 *
 *   bench SKELETON.json [--skin NAME|all|none] [--samples N | --frames N --dt D | --transitions N]
 *         [--min-time SECONDS] [--atlas FILE.atlas] [--draw]
 *
 * With --transitions N the work is a crossfading loop instead (issue 22): one AnimationState (default mix
 * 0.2) made before posing; the setup pose; then for every ordered pair of distinct animations,
 * clearTracks, the setup pose, setAnimation(0, A, true), N frames, setAnimation(0, B, true), N frames,
 * each frame update(1/60), apply, world transform (`poses` counts the frames and the setup pose).
 *
 * Exit 0; 2 bad usage, or the document refused (the runtime would throw) or out of memory. */
#include "bench_alloc.h"
#include "posecore.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct sequence {
    pc_skeleton_data *data;
    pc_skeleton *sk;
    pc_events *events;
    int animations;
    int samples;
    double *times; /* animations * samples sample times */
    pc_renderer *renderer; /* --draw: the render commands of every pose */
    int transitions;   /* frames per animation of a pair (0: the pose sequence) */
    pc_animation_state_data *state_data;
    pc_animation_state *state;
    int frames;    /* physics frames per animation (0: samples) */
    double dt;
} sequence;

static uint64_t clock_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint32_t fnv_word(uint32_t h, uint32_t w)
{
    return (h ^ w) * 16777619u;
}

static uint32_t hash_pose(uint32_t h, const sequence *s)
{
    int bones = pc_data_bone_count(s->data);
    for (int i = 0; i < bones; i++) {
        double w[6];
        pc_skeleton_bone_world(s->sk, i, w);
        for (int k = 0; k < 6; k++) {
            uint64_t u;
            memcpy(&u, &w[k], sizeof u);
            h = fnv_word(fnv_word(h, (uint32_t)u), (uint32_t)(u >> 32));
        }
    }
    return h;
}

/* The pose's render commands (--draw), folded into *hash when hash is set: per command its counts,
 * blend, texture, colors, then its positions' and uvs' float bits and its indices. */
static const char *draw(const sequence *s, uint32_t *hash)
{
    if (!s->renderer) return NULL;
    const pc_render_command *cmds;
    int count;
    pc_error err;
    if (pc_render(s->renderer, s->sk, false, &cmds, &count, &err) != PC_OK) return "the render failed";
    if (!hash) return NULL;
    uint32_t h = *hash;
    for (int i = 0; i < count; i++) {
        const pc_render_command *c = &cmds[i];
        h = fnv_word(fnv_word(h, (uint32_t)c->vertex_count), (uint32_t)c->index_count);
        h = fnv_word(fnv_word(h, (uint32_t)c->blend), (uint32_t)c->texture);
        h = fnv_word(fnv_word(h, c->has_color ? c->color : 0), c->has_color ? c->dark : 0);
        for (int k = 0; k < 2 * c->vertex_count; k++) {
            uint32_t p, u;
            memcpy(&p, &c->positions[k], sizeof p);
            memcpy(&u, &c->uvs[k], sizeof u);
            h = fnv_word(fnv_word(h, p), u);
        }
        for (int k = 0; k < c->index_count; k++) h = fnv_word(h, c->indices[k]);
    }
    *hash = h;
    return NULL;
}

/* The crossfading loop (--transitions). */
static const char *run_transitions(const sequence *s, uint32_t *hash)
{
    pc_skeleton_setup_pose(s->sk);
    pc_skeleton_update_world_transform(s->sk);
    if (hash) *hash = hash_pose(*hash, s);
    for (int a = 0; a < s->animations; a++)
        for (int b = 0; b < s->animations; b++) {
            if (a == b) continue;
            pc_animation_state_clear_tracks(s->state);
            pc_skeleton_setup_pose(s->sk);
            int pair[2] = { a, b };
            for (int k = 0; k < 2; k++) {
                if (!pc_animation_state_set_animation(s->state, 0, pair[k], true)) return pc_animation_state_error(s->state);
                for (int f = 0; f < s->transitions; f++) {
                    pc_animation_state_update(s->state, 1 / 60.0);
                    const char *error = pc_animation_state_apply(s->state, s->sk);
                    if (error) return error;
                    pc_skeleton_update_world_transform(s->sk);
                    if (hash) *hash = hash_pose(*hash, s);
                }
            }
        }
    return NULL;
}

/* One pose sequence; with `hash`, folds every pose into *hash. Returns NULL or the runtime's error. */
static const char *run_sequence(const sequence *s, uint32_t *hash)
{
    if (s->transitions) return run_transitions(s, hash);
    pc_skeleton_setup_pose(s->sk);
    pc_skeleton_update_world_transform(s->sk);
    if (hash) *hash = hash_pose(*hash, s);
    const char *error = draw(s, hash);
    if (error) return error;
    for (int a = 0; a < s->animations; a++) {
        const double *times = &s->times[(size_t)a * (size_t)s->samples];
        double last_time = -1;
        for (int i = 0; i < s->samples; i++) {
            pc_skeleton_setup_pose(s->sk);
            const char *error = pc_skeleton_apply_animation(s->sk, a, last_time, times[i], s->events);
            if (error) return error;
            pc_skeleton_update_world_transform(s->sk);
            if (hash) *hash = hash_pose(*hash, s);
            error = draw(s, hash);
            if (error) return error;
            last_time = times[i];
        }
    }
    return NULL;
}

/* The physics frames sequence (the header); with `hash`, folds every pose into *hash. */
static const char *run_frames(const sequence *s, uint32_t *hash)
{
    pc_skeleton_set_time(s->sk, 0);
    pc_skeleton_physics_reset(s->sk, NULL);
    pc_skeleton_setup_pose(s->sk);
    pc_skeleton_update_world_transform_physics(s->sk, PC_PHYSICS_UPDATE);
    if (hash) *hash = hash_pose(*hash, s);
    const char *error = draw(s, hash);
    if (error) return error;
    for (int a = 0; a < s->animations; a++) {
        pc_skeleton_setup_pose(s->sk);
        pc_skeleton_set_time(s->sk, 0);
        pc_skeleton_physics_reset(s->sk, NULL);
        double last_time = -1;
        for (int i = 0; i < s->frames; i++) {
            pc_skeleton_update(s->sk, s->dt);
            double time = pc_skeleton_time(s->sk);
            error = pc_skeleton_apply_animation_looped(s->sk, a, last_time, time, s->events);
            if (error) return error;
            pc_skeleton_update_world_transform_physics(s->sk, PC_PHYSICS_UPDATE);
            if (hash) *hash = hash_pose(*hash, s);
            error = draw(s, hash);
            if (error) return error;
            last_time = time;
        }
    }
    return NULL;
}

static const char *run(const sequence *s, uint32_t *hash)
{
    return s->frames > 0 ? run_frames(s, hash) : run_sequence(s, hash);
}

static int fail(const char *what, const char *detail)
{
    fprintf(stderr, "bench: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    return 2;
}

int main(int argc, char **argv)
{
    bench_alloc_init();
    const char *path = NULL, *skin = "all", *atlas_path = NULL;
    bool drawing = false;
    int samples = 30, frames = 0, transitions = 0;
    double min_time = 1.0, dt = 0;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--skin") == 0 && value) skin = argv[++i];
        else if (strcmp(argv[i], "--samples") == 0 && value) samples = atoi(argv[++i]);
        else if (strcmp(argv[i], "--min-time") == 0 && value) min_time = atof(argv[++i]);
        else if (strcmp(argv[i], "--frames") == 0 && value) frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--dt") == 0 && value) dt = strtod(argv[++i], NULL);
        else if (strcmp(argv[i], "--atlas") == 0 && value) atlas_path = argv[++i];
        else if (strcmp(argv[i], "--draw") == 0) drawing = true;
        else if (strcmp(argv[i], "--transitions") == 0 && value) transitions = atoi(argv[++i]);
        else if (argv[i][0] != '-' && !path) path = argv[i];
        else return fail("usage: bench SKELETON.json [--skin NAME|all|none] [--samples N | --frames N --dt D] "
                         "[--min-time SECONDS] [--transitions N] [--atlas FILE.atlas] [--draw]", NULL);
    }
    if (!path || samples < 1 || samples > 100000 || !(min_time >= 0) || frames < 0 || frames > 100000
        || (frames > 0 && !(dt > 0)))
        return fail("bad arguments", NULL);
    if (strcmp(skin, "none") == 0) skin = NULL;

    if (transitions < 0 || transitions > 100000) return fail("bad arguments", NULL);
    sequence s = { 0 };
    s.samples = samples;
    s.transitions = transitions;
    s.frames = frames;
    s.dt = dt;
    pc_error err;
    bench_alloc_counts c0 = bench_alloc_snapshot();
    pc_atlas *atlas = atlas_path ? pc_atlas_read_file(atlas_path, &err) : NULL;
    if (atlas_path && !atlas) return fail("refused", err.message);
    s.data = pc_read_file_atlas(path, atlas, NULL, &err);
    pc_atlas_free(atlas);
    bench_alloc_counts c1 = bench_alloc_snapshot();
    if (!s.data) return fail("refused", err.message);
    s.sk = pc_skeleton_new(s.data);
    if (!s.sk) return fail("out of memory", NULL);
    if (!pc_skeleton_set_skin(s.sk, skin)) return fail("no such skin", skin);
    if (drawing && !(s.renderer = pc_renderer_new(s.data))) return fail("out of memory", NULL);
    bench_alloc_counts c2 = bench_alloc_snapshot();

    /* The sample times and the events' room: made before posing starts. */
    s.animations = pc_data_animation_count(s.data);
    s.events = pc_events_new(s.data);
    s.times = malloc(((size_t)s.animations * (size_t)samples + 1) * sizeof *s.times);
    if (!s.events || !s.times) return fail("out of memory", NULL);
    for (int a = 0; a < s.animations; a++) {
        double duration = pc_data_animation_duration(s.data, a);
        for (int i = 0; i < samples; i++)
            s.times[(size_t)a * (size_t)samples + (size_t)i] = samples == 1 ? 0 : duration * i / (samples - 1);
    }
    long long poses = 1 + (long long)s.animations * (frames > 0 ? frames : samples);
    if (transitions) {
        s.state_data = pc_animation_state_data_new(s.data);
        if (s.state_data) pc_animation_state_data_set_default_mix(s.state_data, 0.2);
        s.state = s.state_data ? pc_animation_state_new(s.state_data) : NULL;
        if (!s.state) return fail("out of memory", NULL);
        poses = 1 + (long long)s.animations * (s.animations - 1) * 2 * transitions;
    }

    /* One sequence untimed (caches), then sequences until min_time has passed. */
    bench_alloc_counts p0 = bench_alloc_snapshot();
    const char *error = run(&s, NULL);
    if (error) return fail("refused while posing", error);
    /* A state makes its entries in its first sequence (the pool warms up): counted apart. */
    bench_alloc_counts w0 = p0;
    if (transitions) p0 = bench_alloc_snapshot();
    uint64_t min_ns = (uint64_t)(min_time * 1e9), elapsed;
    uint64_t cpu_start = clock_ns(CLOCK_PROCESS_CPUTIME_ID), start = clock_ns(CLOCK_MONOTONIC);
    long long reps = 0;
    do {
        run(&s, NULL);
        reps++;
        elapsed = clock_ns(CLOCK_MONOTONIC) - start;
    } while (elapsed < min_ns);
    uint64_t cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    bench_alloc_counts p1 = bench_alloc_snapshot();

    int bones = pc_data_bone_count(s.data);
    printf("bones\t%d\nposes\t%lld\nreps\t%lld\nns\t%llu\ncpu_ns\t%llu\nns_per_pose\t%.3f\n", bones, poses, reps,
           (unsigned long long)elapsed, (unsigned long long)cpu, (double)elapsed / ((double)reps * (double)poses));
    printf("posing_allocs\t%llu\nposing_poses\t%lld\n", p1.allocations - p0.allocations,
           (reps + (transitions ? 0 : 1)) * poses);
    if (transitions) printf("warmup_allocs\t%llu\n", p0.allocations - w0.allocations);
    printf("document_bytes\t%lld\ndocument_allocs\t%llu\n", c1.live_bytes - c0.live_bytes,
           c1.allocations - c0.allocations);
    printf("instance_bytes\t%lld\ninstance_allocs\t%llu\n", c2.live_bytes - c1.live_bytes,
           c2.allocations - c1.allocations); /* with --draw, the renderer's too */
    for (int i = 0; i < bones; i++) {
        double w[6];
        pc_skeleton_bone_world(s.sk, i, w);
        printf("world\t%s", pc_data_bone_name(s.data, i));
        for (int k = 0; k < 6; k++) {
            uint64_t u;
            memcpy(&u, &w[k], sizeof u);
            printf("%c%016llx", k ? ' ' : '\t', (unsigned long long)u);
        }
        printf("\n");
    }
    uint32_t hash = 2166136261u;
    run(&s, &hash);
    printf("checksum\t%08lx\n", (unsigned long)hash);

    free(s.times);
    pc_renderer_free(s.renderer);
    pc_animation_state_free(s.state);
    pc_animation_state_data_free(s.state_data);
    pc_events_free(s.events);
    pc_skeleton_free(s.sk);
    pc_skeleton_data_free(s.data);
    return 0;
}
