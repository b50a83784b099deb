/* The key search of a timeline (animation.h): for long timelines whose keys ascend the search starts
 * from a bucket of key_start instead of the second frame; it must find the frame the runtime's scan
 * from the second frame finds, for every time (between keys, on them, ties, before the first, after
 * the last, NaN, infinities). The reference here is that scan, written out. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "instance/animation.h"
#include "run_suite.h"

/* The runtime's Timeline.search, as the reference. */
static int scan(const float *frames, int n, int step, double time)
{
    for (int i = step; i < n; i += step)
        if (frames[i] > time) return i - step;
    return n - step;
}

static uint64_t rng = 0x9E3779B97F4A7C15u;

static double uniform(void) /* [0, 1) */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

/* Ascending key times of one of several shapes: evenly spaced, clustered, with ties, spanning huge
 * ranges, all equal. */
static void draw_keys(float *frames, int count, int step, int shape)
{
    double t = shape == 3 ? -1e30 : uniform() * 10 - 5;
    for (int k = 0; k < count; k++) {
        for (int e = 0; e < step; e++) frames[k * step + e] = (float)(uniform() * 100);
        frames[k * step] = (float)t;
        switch (shape) {
        case 0: t += 1.0 / 30; break;                                    /* evenly spaced */
        case 1: t += uniform() < 0.8 ? uniform() * 0.01 : uniform() * 5; break; /* clusters and gaps */
        case 2: t += uniform() < 0.4 ? 0 : uniform(); break;             /* ties */
        case 3: t += uniform() * 1e29; break;                            /* huge span */
        default: break;                                                  /* all equal */
        }
    }
}

/* The times a search is asked for: every key, its neighbours, random times inside and outside the
 * span, NaN and the infinities. */
static void check_times(const pc_timeline *t, int count)
{
    const float *frames = t->frames;
    int n = t->frames_count, step = t->entries;
    double first = frames[0], last = frames[(count - 1) * step];
    for (int q = 0; q < 6 * count + 40; q++) {
        double time;
        if (q < 3 * count) {
            double key = frames[(q / 3) * step];
            time = q % 3 == 0 ? key : q % 3 == 1 ? nextafter(key, -INFINITY) : nextafter(key, INFINITY);
        } else if (q < 6 * count) {
            time = first + (last - first) * (uniform() * 1.2 - 0.1);
        } else {
            static const double odd[] = { NAN, INFINITY, -INFINITY, 0.0, -0.0, 1e308, -1e308 };
            time = q - 6 * count < 7 ? odd[q - 6 * count] : uniform() * 1e6 - 5e5;
        }
        int frame, got = pc_timeline_search_frame(t, time, &frame), want = scan(frames, n, step, time);
        ck_assert_msg(got == want, "%d frames of %d entries: time %.17g found index %d, the scan %d", count, step,
                      time, got, want);
        ck_assert_int_eq(frame, want / step);
        ck_assert_int_eq(pc_timeline_search(t, time), want);
    }
}

START_TEST(indexed_search_finds_the_scans_frame)
{
    for (int round = 0; round < 400; round++) {
        int step = 1 + round % 4, shape = round % 5;
        int count = PC_KEY_SCAN_MAX + 1 + (int)(uniform() * 200);
        float *frames = malloc(sizeof *frames * (size_t)(count * step));
        int *key_start = malloc(sizeof *key_start * (size_t)count);
        ck_assert(frames && key_start);
        draw_keys(frames, count, step, shape);
        pc_timeline t = { .entries = step, .frames = frames, .frames_count = count * step };
        ck_assert_msg(pc_timeline_keys_ascending(&t), "round %d: ascending keys not seen as ascending", round);
        pc_timeline_index_keys(&t, key_start);
        ck_assert_ptr_eq(t.key_start, key_start);
        check_times(&t, count);
        free(key_start);
        free(frames);
    }
}
END_TEST

START_TEST(keys_out_of_order_or_nan_are_not_indexed)
{
    float frames[40];
    for (int k = 0; k < 40; k++) frames[k] = (float)k;
    pc_timeline t = { .entries = 1, .frames = frames, .frames_count = 40 };
    ck_assert(pc_timeline_keys_ascending(&t));
    frames[17] = 3; /* out of order */
    ck_assert(!pc_timeline_keys_ascending(&t));
    frames[17] = NAN;
    ck_assert(!pc_timeline_keys_ascending(&t));
    frames[17] = 17;
    t.frames_count = 39; /* not a whole number of frames of 2 entries */
    t.entries = 2;
    ck_assert(!pc_timeline_keys_ascending(&t));
    t.entries = 1;
    t.frames_count = 1; /* one frame */
    ck_assert(!pc_timeline_keys_ascending(&t));
}
END_TEST

/* A timeline left unindexed (out of order keys) is scanned as the runtime scans it. */
START_TEST(unindexed_search_is_the_scan)
{
    float frames[30];
    for (int k = 0; k < 30; k++) frames[k] = (float)((k * 7) % 30);
    pc_timeline t = { .entries = 1, .frames = frames, .frames_count = 30 };
    ck_assert(!pc_timeline_keys_ascending(&t));
    for (double time = -2; time < 32; time += 0.25) {
        int frame;
        ck_assert_int_eq(pc_timeline_search_frame(&t, time, &frame), scan(frames, 30, 1, time));
    }
}
END_TEST

/* The reader indexes only long timelines whose keys ascend (read_animations.c), but the index finds the
 * scan's frame whatever the order: key_start[b] only skips frames whose bucket is below b, so whose times
 * are below any time in bucket b (the bucket is monotonic in the time; NaN falls in bucket 0 and is
 * never > time), and the scan passes such frames too. Keys in any order, with NaN and infinite times, as
 * few as one and not a whole number of frames: indexed or not, the same frame for every time. This is
 * why read_animations.c:455 may index more timelines than it does (455:26 `0` -> `1`, 455:47 `/` -> `*`,
 * 455:78 `&&` -> `||`) without changing a pose. */
START_TEST(index_of_keys_in_any_order_finds_the_scans_frame)
{
    for (int round = 0; round < 600; round++) {
        int step = 1 + round % 4, count = 1 + (int)(uniform() * (round % 3 == 0 ? 4 : 60));
        int n = count * step + (round % 5 == 4 ? step - 1 : 0); /* a partial last frame now and then */
        float *frames = malloc(sizeof *frames * (size_t)n);
        int *key_start = malloc(sizeof *key_start * (size_t)count);
        ck_assert(frames && key_start);
        for (int i = 0; i < n; i++) {
            double u = uniform();
            frames[i] = (float)(round % 7 == 0 ? floor(u * 4) : u * 20 - 5); /* ties, or spread */
            if (uniform() < 0.05) frames[i] = NAN;
            else if (uniform() < 0.03) frames[i] = uniform() < 0.5 ? INFINITY : -INFINITY;
        }
        if (round % 6 == 1) draw_keys(frames, count, step, round % 5); /* ascending ones too */
        pc_timeline t = { .entries = step, .frames = frames, .frames_count = n };
        pc_timeline_index_keys(&t, key_start);
        ck_assert_int_eq(t.key_count, count);
        for (int q = 0; q < 4 * n + 12; q++) {
            double time;
            if (q < 3 * n) {
                double key = frames[q / 3];
                time = q % 3 == 0 ? key : q % 3 == 1 ? nextafter(key, -INFINITY) : nextafter(key, INFINITY);
            } else if (q < 4 * n) {
                time = uniform() * 30 - 10;
            } else {
                static const double odd[] = { NAN, INFINITY, -INFINITY, 0.0, -0.0, 1e308, -1e308, 1e-300, -5, 15, 25, -25 };
                time = odd[q - 4 * n];
            }
            int frame, got = pc_timeline_search_frame(&t, time, &frame), want = scan(frames, n, step, time);
            ck_assert_msg(got == want, "round %d: %d values of %d entries: time %.17g found index %d, the scan %d",
                          round, n, step, time, got, want);
            ck_assert_int_eq(frame, want / step);
        }
        free(key_start);
        free(frames);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("key_search");
    TCase *tc = tcase_create("key_search");
    tcase_add_test(tc, indexed_search_finds_the_scans_frame);
    tcase_add_test(tc, keys_out_of_order_or_nan_are_not_indexed);
    tcase_add_test(tc, unindexed_search_is_the_scan);
    tcase_add_test(tc, index_of_keys_in_any_order_finds_the_scans_frame);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
