/* Timelines as the runtime builds them while reading: Float32Array frames and curves, the bezier
 * samples of each curve (CurveTimeline.setBezier: nine points by forward differences, in double,
 * stored as float32), stepped curves, shrinking the curves to the beziers used, and the two generic
 * key readers (readTimeline1, readTimeline2).
 *
 * Measured against the oracle (data.timeline rows): a timeline's last frame starts stepped; curve
 * types are 0 linear, 1 stepped, 2 + the bezier's first sample index; a key whose `curve` is falsy
 * leaves the frame linear. Keys stop at the first falsy key (a null in the list ends it). */
#include "reader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

js_num js_num_of(json_t *v)
{
    js_type t = js_typeof(v);
    js_num n = { js_to_number(v), t == JS_STRING || t == JS_ARRAY || t == JS_OBJECT || t == JS_FUNCTION };
    return n;
}

js_num value_or(reader *r, json_t *map, const char *key, double def)
{
    json_t *v = get(r, map, key);
    if (v == NULL) return (js_num){ def, false };
    return js_num_of(v);
}

js_num nullish_or(reader *r, json_t *map, const char *key, double def)
{
    json_t *v = get(r, map, key);
    if (v == NULL || js_typeof(v) == JS_NULL) return (js_num){ def, false };
    return js_num_of(v);
}

/* ToIndex(x) for a typed array's length, and V8's longest typed array (READER_MAX_TYPED_LENGTH). */
static size_t typed_length(reader *r, double x)
{
    if (isnan(x)) return 0;
    double t = trunc(x);
    if (t < 0 || t > READER_MAX_TYPED_LENGTH) reader_throw(r, "RangeError: Invalid typed array length: %g", x);
    if (t > READER_MAX_ELEMENTS) reader_limit(r, "a timeline");
    return (size_t)t;
}

pc_timeline *timeline_add(reader *r, pc_animation_data *a, pc_timeline_kind kind, int target, double frame_count,
                          int entries, bool curves, double bezier_count, bool with_array)
{
    /* Keys that are no list (an object keyed "0", "1", ...): the runtime sizes the timeline by their
     * missing length (0 frames) but still reads the keys into what it holds beside the frames. */
    if (isnan(frame_count)) reader_unmodelled(r, "a timeline whose keys are not a list");
    size_t frames = typed_length(r, frame_count * entries);
    size_t curve_count = curves ? typed_length(r, frame_count + bezier_count * 18) : 0;
    if (with_array && !isnan(frame_count)
        && !(frame_count >= 0 && frame_count <= 4294967295.0 && frame_count == trunc(frame_count)))
        reader_throw(r, "RangeError: Invalid array length");
    if (a->timeline_count == a->timeline_capacity) {
        int cap = a->timeline_capacity ? a->timeline_capacity * 2 : 16;
        a->timelines = reader_realloc(r, a->timelines, (size_t)cap, sizeof *a->timelines);
        a->timeline_capacity = cap;
    }
    pc_timeline *t = &a->timelines[a->timeline_count++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->target = target;
    t->skin = -1;
    t->entries = entries;
    t->frames = reader_calloc(r, frames, sizeof *t->frames);
    t->frames_count = (int)frames;
    if (curves) {
        t->curves = reader_calloc(r, curve_count, sizeof *t->curves);
        t->curves_count = (int)curve_count;
        /* curves[frameCount - 1] = STEPPED */
        double last = frame_count - 1;
        if (last >= 0 && last < (double)curve_count && last == trunc(last)) t->curves[(size_t)last] = 1;
    }
    return t;
}

static void store(float *array, int count, double index, double value)
{
    if (index >= 0 && index < count && index == trunc(index)) array[(size_t)index] = (float)value;
}

void frame_set(pc_timeline *t, double index, double value)
{
    store(t->frames, t->frames_count, index, value);
}

void frame_set_num(reader *r, pc_timeline *t, double index, js_num value)
{
    (void)r;
    store(t->frames, t->frames_count, index, value.v);
}

void timeline_shrink(pc_timeline *t, int bezier)
{
    double size = (double)t->frames_count / t->entries + (double)bezier * 18;
    if (t->curves && t->curves_count > size) t->curves_count = (int)size;
}

/* CurveTimeline.setBezier, operation for operation (DeformTimeline has its own, for a 0..1 value). */
static void set_bezier(pc_timeline *t, int bezier, int frame, int value, double time1, double value1, double cx1,
                       double cy1, double cx2, double cy2, double time2, double value2)
{
    double frame_count = (double)t->frames_count / t->entries;
    double i = frame_count + (double)bezier * 18;
    if (value == 0) store(t->curves, t->curves_count, frame, 2 + i);
    double tmpx, tmpy, dddx, dddy, ddx, ddy, dx, dy, x, y;
    if (t->kind == PC_TL_DEFORM) {
        tmpx = (time1 - cx1 * 2 + cx2) * 0.03;
        tmpy = cy2 * 0.03 - cy1 * 0.06;
        dddx = ((cx1 - cx2) * 3 - time1 + time2) * 0.006;
        dddy = (cy1 - cy2 + 0.33333333) * 0.018;
        ddx = tmpx * 2 + dddx;
        ddy = tmpy * 2 + dddy;
        dx = (cx1 - time1) * 0.3 + tmpx + dddx * 0.16666667;
        dy = cy1 * 0.3 + tmpy + dddy * 0.16666667;
        x = time1 + dx;
        y = dy;
    } else {
        tmpx = (time1 - cx1 * 2 + cx2) * 0.03;
        tmpy = (value1 - cy1 * 2 + cy2) * 0.03;
        dddx = ((cx1 - cx2) * 3 - time1 + time2) * 0.006;
        dddy = ((cy1 - cy2) * 3 - value1 + value2) * 0.006;
        ddx = tmpx * 2 + dddx;
        ddy = tmpy * 2 + dddy;
        dx = (cx1 - time1) * 0.3 + tmpx + dddx * 0.16666667;
        dy = (cy1 - value1) * 0.3 + tmpy + dddy * 0.16666667;
        x = time1 + dx;
        y = value1 + dy;
    }
    for (double n = i + 18; i < n; i += 2) {
        store(t->curves, t->curves_count, i, x);
        store(t->curves, t->curves_count, i + 1, y);
        dx += ddx;
        dy += ddy;
        ddx += dddx;
        ddy += dddy;
        x += dx;
        y += dy;
    }
}

int read_curve(reader *r, json_t *curve, pc_timeline *t, int bezier, int frame, int value, js_num time1,
               js_num time2, js_num value1, js_num value2, double scale)
{
    if (js_is(curve, "stepped")) {
        store(t->curves, t->curves_count, frame, 1);
        return bezier;
    }
    size_t i = (size_t)value << 2;
    json_t *cx1 = get_index(r, curve, i), *cx2 = get_index(r, curve, i + 2);
    double cy1 = js_to_number(get_index(r, curve, i + 1)) * scale;
    double cy2 = js_to_number(get_index(r, curve, i + 3)) * scale;
    /* JavaScript adds these with `+`: a string (or array, object) there concatenates. */
    js_num x2 = js_num_of(cx2);
    if (time1.text || time2.text || value1.text || value2.text || x2.text)
        reader_unmodelled(r, "a curve's arithmetic meets a string (JavaScript concatenates)");
    set_bezier(t, bezier, frame, value, time1.v, value1.v, js_to_number(cx1), cy1, x2.v, cy2, time2.v, value2.v);
    return bezier + 1;
}

void read_timeline1(reader *r, json_t *keys, pc_timeline *t, double default_value, double scale)
{
    json_t *key = get_index(r, keys, 0);
    js_num time = nullish_or(r, key, "time", 0);
    js_num value = nullish_or(r, key, "value", default_value);
    value.v *= scale;
    value.text = false;
    int bezier = 0;
    for (int frame = 0;; frame++) {
        frame_set(t, (double)frame * 2, time.v);
        frame_set(t, (double)frame * 2 + 1, value.v);
        json_t *next = get_index(r, keys, (size_t)frame + 1);
        if (!js_truthy(next)) {
            timeline_shrink(t, bezier);
            return;
        }
        js_num time2 = nullish_or(r, next, "time", 0);
        js_num value2 = nullish_or(r, next, "value", default_value);
        value2.v *= scale;
        value2.text = false;
        json_t *curve = get(r, key, "curve");
        if (js_truthy(curve)) bezier = read_curve(r, curve, t, bezier, frame, 0, time, time2, value, value2, scale);
        time = time2;
        value = value2;
        key = next;
    }
}

void read_timeline2(reader *r, json_t *keys, pc_timeline *t, const char *name1, const char *name2,
                    double default_value, double scale)
{
    json_t *key = get_index(r, keys, 0);
    js_num time = nullish_or(r, key, "time", 0);
    js_num v1 = nullish_or(r, key, name1, default_value), v2 = nullish_or(r, key, name2, default_value);
    v1 = (js_num){ v1.v * scale, false };
    v2 = (js_num){ v2.v * scale, false };
    int bezier = 0;
    for (int frame = 0;; frame++) {
        frame_set(t, (double)frame * 3, time.v);
        frame_set(t, (double)frame * 3 + 1, v1.v);
        frame_set(t, (double)frame * 3 + 2, v2.v);
        json_t *next = get_index(r, keys, (size_t)frame + 1);
        if (!js_truthy(next)) {
            timeline_shrink(t, bezier);
            return;
        }
        js_num time2 = nullish_or(r, next, "time", 0);
        js_num n1 = nullish_or(r, next, name1, default_value), n2 = nullish_or(r, next, name2, default_value);
        n1 = (js_num){ n1.v * scale, false };
        n2 = (js_num){ n2.v * scale, false };
        json_t *curve = get(r, key, "curve");
        if (js_truthy(curve)) {
            bezier = read_curve(r, curve, t, bezier, frame, 0, time, time2, v1, n1, scale);
            bezier = read_curve(r, curve, t, bezier, frame, 1, time, time2, v2, n2, scale);
        }
        time = time2;
        v1 = n1;
        v2 = n2;
        key = next;
    }
}
