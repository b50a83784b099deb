/* Applying an animation (animation.h): the loop over its timelines, key search and curves, the key
 * times of `--samples keys`, and what the core does not apply yet. */
#include "animation.h"
#include "timeline.h"
#include "js/jsobject.h"

#include <math.h>
#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdio.h>
#include <string.h>

#define BEZIER_SIZE PC_BEZIER_SIZE
enum { CURVE_LINEAR = PC_CURVE_LINEAR, CURVE_STEPPED = PC_CURVE_STEPPED, CURVE_BEZIER = PC_CURVE_BEZIER };


/* The bone timelines' kinds are one range (pc_animation_apply tests it). */
_Static_assert(PC_TL_INHERIT - PC_TL_ROTATE == 10 && PC_TL_TRANSLATE == PC_TL_ROTATE + 1 && PC_TL_SHEAR_Y == PC_TL_INHERIT - 1,
               "bone timeline kinds are contiguous");

const char *pc_animation_apply(pc_skeleton *sk, const pc_animation_data *a, double last_time, double time,
                               pc_fired_events *events)
{
    const char *error = NULL;
    /* The attachment timelines' keys as found when the skin was set (skeleton.h), for the document's
     * animations. */
    ptrdiff_t index = a - sk->data->animations;
    const int *key_at = index >= 0 && index < sk->data->animation_count
                        ? &sk->attachment_key_at[sk->timeline_base[index]] : NULL;
    for (int i = 0; i < a->timeline_count && !error; i++) {
        const pc_timeline *t = &a->timelines[i];
        /* The bone timelines (most of them) first, by their range of kinds. */
        if (t->kind >= PC_TL_ROTATE && t->kind <= PC_TL_INHERIT) {
            pc_apply_bone_timeline_setup(sk, t, time);
            continue;
        }
        switch (t->kind) {
        case PC_TL_ATTACHMENT:
            if (key_at) {
                pc_apply_attachment_timeline_keys(sk, t, time, &sk->attachment_keys[key_at[i]]);
                break;
            }
            /* fall through */ case PC_TL_RGBA: case PC_TL_RGB: case PC_TL_ALPHA: case PC_TL_RGBA2:
        case PC_TL_RGB2:
            error = pc_apply_slot_timeline(sk, t, time);
            break;
        case PC_TL_DEFORM:
            /* marks the slots it writes for the next setup pose (timeline_attachment.c) */
            error = pc_apply_deform_timeline(sk, t, time, &pc_mix_setup);
            break;
        case PC_TL_SEQUENCE:
            error = pc_apply_sequence_timeline(sk, t, time, &pc_mix_setup);
            break;
        case PC_TL_DRAW_ORDER:
            sk->draw_order_dirty = true;
            pc_apply_draw_order_timeline(sk, t, time);
            break;
        case PC_TL_DRAW_ORDER_FOLDER:
            sk->draw_order_dirty = true;
            error = pc_apply_draw_order_folder_timeline(sk, t, time);
            break;
        case PC_TL_EVENT:
            pc_apply_event_timeline(t, last_time, time, events);
            break;
        default:
            pc_apply_constraint_timeline(sk, t, time, &pc_mix_setup);
            break;
        }
    }
    return error;
}

const pc_mix pc_mix_setup = { 1, PC_FROM_SETUP, false, false, false };

void pc_animation_deform_capacities(const pc_skeleton_data *d, pc_slot *slots)
{
    for (int a = 0; a < d->animation_count; a++)
        for (int i = 0; i < d->animations[a].timeline_count; i++) {
            const pc_timeline *t = &d->animations[a].timelines[i];
            if (t->kind != PC_TL_DEFORM) continue;
            int most = 0;
            for (int f = 0; f < t->frames_count; f++)
                if (t->deform_counts[f] > most) most = t->deform_counts[f];
            if (most > slots[t->target].deform_capacity) slots[t->target].deform_capacity = most;
            int at = 0;
            for (int s; (s = pc_next_timeline_slot(d, t->attachment, &at)) >= 0;)
                if (most > slots[s].deform_capacity) slots[s].deform_capacity = most;
        }
}

int pc_animation_event_capacity(const pc_animation_data *a)
{
    int n = 0;
    for (int i = 0; i < a->timeline_count; i++)
        if (a->timelines[i].kind == PC_TL_EVENT) n += pc_timeline_frame_count(&a->timelines[i]);
    return n;
}

/* ---- What the core does not apply yet ------------------------------------------------------------ */

static bool is_permutation(const int *order, int n)
{
    /* n is small (slots of a document); quadratic is fine and needs no memory. */
    for (int i = 0; i < n; i++) {
        if (order[i] < 0 || order[i] >= n) return false;
        for (int j = 0; j < i; j++)
            if (order[j] == order[i]) return false;
    }
    return true;
}

const char *pc_animation_unsupported(const pc_skeleton_data *d, const pc_animation_data *a)
{
    static char reason[200];
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        const char *kind = pc_timeline_kind_names[t->kind];
        switch (t->kind) {
        case PC_TL_INHERIT:
            for (int f = 1; f < t->frames_count; f += 2)
                if (!(t->frames[f] >= 0 && t->frames[f] <= 4 && t->frames[f] == (int)t->frames[f])) {
                    snprintf(reason, sizeof reason, "animation \"%s\": an inherit key names no inherit mode",
                             a->name);
                    return reason;
                }
            break;
        case PC_TL_ATTACHMENT:
            for (int f = 0; f < t->frames_count; f++)
                if (t->attachment_names[f] && js_is_object_prototype_key(t->attachment_names[f])) {
                    snprintf(reason, sizeof reason,
                             "animation \"%s\": attachment key \"%s\" names a property every object has",
                             a->name, t->attachment_names[f]);
                    return reason;
                }
            break;
        case PC_TL_DRAW_ORDER: case PC_TL_DRAW_ORDER_FOLDER: {
            int n = t->kind == PC_TL_DRAW_ORDER ? d->slot_count : t->folder_slot_count;
            bool bad = false;
            for (int f = 0; f < t->frames_count && !bad; f++)
                if (t->draw_orders[f] && !is_permutation(t->draw_orders[f], n)) bad = true;
            for (int s = 0; t->kind == PC_TL_DRAW_ORDER_FOLDER && s < n && !bad; s++)
                bad = t->folder_slots[s] < 0 || t->folder_slots[s] >= d->slot_count;
            if (bad) {
                snprintf(reason, sizeof reason, "animation \"%s\": a %s key is not a permutation of its slots",
                         a->name, kind);
                return reason;
            }
            break;
        }
        default:
            break;
        }
    }
    return NULL;
}

/* ---- Key times ------------------------------------------------------------------------------------- */

int pc_timeline_frame_count(const pc_timeline *t)
{
    return t->entries > 0 ? t->frames_count / t->entries : 0;
}

int pc_animation_key_time_capacity(const pc_animation_data *a)
{
    int n = 0;
    for (int i = 0; i < a->timeline_count; i++) n += pc_timeline_frame_count(&a->timelines[i]);
    return 2 * n;
}

/* Stable insertion sort ascending by <, as JavaScript's stable sort with (a, b) => a - b: values that
 * compare equal (0 and -0) keep their order. */
static void sort_stable(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        while (j > 0 && x < v[j - 1]) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* Sorts, then keeps the first of each run of equal values (=== : 0 and -0 are equal). */
static int distinct_ascending(double *v, int n)
{
    sort_stable(v, n);
    int out = 0;
    for (int i = 0; i < n; i++)
        if (out == 0 || v[out - 1] != v[i]) v[out++] = v[i];
    return out;
}

int pc_animation_key_times(const pc_animation_data *a, double *out)
{
    int n = 0;
    for (int i = 0; i < a->timeline_count; i++) {
        const pc_timeline *t = &a->timelines[i];
        int count = pc_timeline_frame_count(t);
        for (int f = 0; f < count; f++) {
            double time = t->frames[f * t->entries];
            if (!isnan(time)) out[n++] = time;
        }
    }
    int keys = distinct_ascending(out, n);
    int all = keys;
    for (int i = 0; i + 1 < keys; i++) out[all++] = (out[i] + out[i + 1]) / 2;
    return distinct_ascending(out, all);
}

/* ---- Key search and curves --------------------------------------------------------------------------- */

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

/* CurveTimeline.getBezierValue (animation.h). */
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
    if (type == CURVE_LINEAR) {
        double x = t->frames[frame];
        return (time - x) / (t->frames[frame + t->entries] - x);
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
    double x = c[n - 2], y = c[n - 1];
    return y + (1 - y) * (time - x) / (t->frames[frame + t->entries] - x);
}
