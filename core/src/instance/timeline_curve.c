/* The curves of a timeline (timeline.h): the value between two keys, linear, stepped or bezier, and a
 * deform timeline's percent; and the pose sequence's mix. */
#include "timeline.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define BEZIER_SIZE PC_BEZIER_SIZE
enum { CURVE_LINEAR = PC_CURVE_LINEAR, CURVE_STEPPED = PC_CURVE_STEPPED, CURVE_BEZIER = PC_CURVE_BEZIER };

const pc_mix pc_mix_setup = { 1, PC_FROM_SETUP, false, false, false };

/* CurveTimeline.getBezierValue (timeline.h). */
double pc_timeline_bezier_value(const pc_timeline *t, double time, int i, int value, int b)
{
    const float *c = t->curves;
    if (c[b] > time) {
        double x = t->frames[i], y = t->frames[i + value];
        return y + (time - x) / (c[b] - x) * (c[b + 1] - y);
    }
    int n = b + BEZIER_SIZE;
    /* The first of the other eight points whose x is >= time: every comparison made, the first true
     * one picked from a mask (the points' x need not be ordered). */
#if defined(__SSE2__)
    /* The eight x's gathered, widened to doubles (exactly, as the scalar reads do) and compared with
     * `>=` (false for NaN, as in C), two at a time. */
    __m128 p0 = _mm_loadu_ps(&c[b + 2]), p1 = _mm_loadu_ps(&c[b + 6]);
    __m128 p2 = _mm_loadu_ps(&c[b + 10]), p3 = _mm_loadu_ps(&c[b + 14]);
    __m128 x14 = _mm_shuffle_ps(p0, p1, _MM_SHUFFLE(2, 0, 2, 0)), x58 = _mm_shuffle_ps(p2, p3, _MM_SHUFFLE(2, 0, 2, 0));
    __m128d tv = _mm_set1_pd(time);
    unsigned mask = (unsigned)_mm_movemask_pd(_mm_cmpge_pd(_mm_cvtps_pd(x14), tv)) << 1
                    | (unsigned)_mm_movemask_pd(_mm_cmpge_pd(_mm_cvtps_pd(_mm_movehl_ps(x14, x14)), tv)) << 3
                    | (unsigned)_mm_movemask_pd(_mm_cmpge_pd(_mm_cvtps_pd(x58), tv)) << 5
                    | (unsigned)_mm_movemask_pd(_mm_cmpge_pd(_mm_cvtps_pd(_mm_movehl_ps(x58, x58)), tv)) << 7;
#else
    unsigned mask = (unsigned)(c[b + 2] >= time) << 1 | (unsigned)(c[b + 4] >= time) << 2
                    | (unsigned)(c[b + 6] >= time) << 3 | (unsigned)(c[b + 8] >= time) << 4
                    | (unsigned)(c[b + 10] >= time) << 5 | (unsigned)(c[b + 12] >= time) << 6
                    | (unsigned)(c[b + 14] >= time) << 7 | (unsigned)(c[b + 16] >= time) << 8;
#endif
    if (mask) {
        b += 2 * __builtin_ctz(mask);
        double x = c[b - 2], y = c[b - 1];
        return y + (time - x) / (c[b] - x) * (c[b + 1] - y);
    }
    i += t->entries;
    if (i >= t->frames_count) return NAN; /* past the last frame's bezier: the next key is undefined */
    double x = c[n - 2], y = c[n - 1];
    return y + (time - x) / (t->frames[i] - x) * (t->frames[i + value] - y);
}

double pc_timeline_value(const pc_timeline *t, double time, int i, int value)
{
    return pc_timeline_value_at(t, time, i, i / t->entries, value);
}

double pc_timeline_curve_value(const pc_timeline *t, double time)
{
    return pc_timeline_curve_value_inline(t, time);
}

double pc_timeline_curve_percent(const pc_timeline *t, double time, int frame)
{
    const float *c = t->curves;
    float type = c[frame];
    /* the next key, undefined (NaN) after the last frame */
    bool last = frame + t->entries >= t->frames_count;
    if (type == CURVE_LINEAR) {
        double x = t->frames[frame];
        return last ? NAN : (time - x) / (t->frames[frame + t->entries] - x);
    }
    if (type == CURVE_STEPPED) return 0;
    int b = (int)type - CURVE_BEZIER;
    if (c[b] > time) {
        double x = t->frames[frame];
        return c[b + 1] * (time - x) / (c[b] - x);
    }
    int n = b + BEZIER_SIZE;
    for (b += 2; b < n; b += 2) {
        if (c[b] >= time) {
            double x = c[b - 2], y = c[b - 1];
            return y + (time - x) / (c[b] - x) * (c[b + 1] - y);
        }
    }
    if (last) return NAN;
    double x = c[n - 2], y = c[n - 1];
    return y + (1 - y) * (time - x) / (t->frames[frame + t->entries] - x);
}
