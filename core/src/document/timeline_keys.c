/* A timeline's keys (timeline_keys.h): the search for the frame at a time, and the index of buckets the
 * reader builds for long timelines so that the search starts near its frame. Read-only queries on the
 * document, which the instance's timelines make while posing. */
#include "timeline_keys.h"

#include <math.h>

int pc_timeline_frame_count(const pc_timeline *t)
{
    return t->entries > 0 ? t->frames_count / t->entries : 0;
}

int pc_timeline_search(const pc_timeline *t, double time)
{
    int frame;
    return pc_timeline_search_frame(t, time, &frame);
}

bool pc_timeline_keys_ascending(const pc_timeline *t)
{
    int step = t->entries, n = t->frames_count;
    if (step <= 0 || n < 2 * step || n % step != 0) return false;
    for (int i = 0; i < n; i += step)
        if (isnan(t->frames[i]) || (i > 0 && t->frames[i - step] > t->frames[i])) return false;
    return true;
}

/* The bucket of key_start a time falls in; NaN falls in the first. */
static inline int key_bucket(const pc_timeline *t, double time, int count)
{
    double b = (time - (double)t->frames[0]) * t->key_rate;
    return b >= 0 ? (b < count ? (int)b : count - 1) : 0;
}

/* Over ascending key times every frame before one whose time is <= time has a time <= time too, so
 * the scan for the first frame whose time is > time may start after any such frame and find the same
 * one: here the frame key_start gives for the time's bucket (stepped back while its time is > time,
 * which the bucket's monotony rules out). */
int pc_timeline_search_indexed(const pc_timeline *t, double time, int *frame)
{
    int step = t->entries, n = t->frames_count;
    const float *frames = t->frames;
    int f = t->key_start[key_bucket(t, time, t->key_count)];
    while (f > 0 && frames[f * step] > time) f--;
    for (int i = (f + 1) * step; i < n; i += step, f++)
        if (frames[i] > time) {
            *frame = f;
            return i - step;
        }
    *frame = t->key_count - 1;
    return n - step;
}

void pc_timeline_index_keys(pc_timeline *t, int *key_start)
{
    int step = t->entries, count = t->frames_count / step;
    double span = (double)t->frames[(count - 1) * step] - (double)t->frames[0];
    t->key_count = count;
    t->key_rate = span > 0 && isfinite(span) ? count / span : 0;
    /* key_start[b]: the last frame in a bucket before b, else the first frame. The bucket is
     * monotonic in the time, so that frame's time is <= any time in bucket b. */
    for (int b = 0, k = 0; b < count; b++) {
        while (k + 1 < count && key_bucket(t, t->frames[(k + 1) * step], count) < b) k++;
        key_start[b] = k;
    }
    t->key_start = key_start;
}
