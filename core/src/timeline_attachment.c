/* Attachment timelines: deform and sequence. Each is keyed for one attachment in one slot and applies
 * to a slot whose bone is active and whose current attachment has that attachment as its timeline
 * attachment (a linked mesh inheriting timelines answers to its source's).
 *
 * Deform at alpha 1 from the setup pose: before the first key the deform is cleared (the attachment's
 * own vertices show); at or after the last key it is the last key's vertices; between keys, the
 * earlier key's vertices where the curve gives 0 (stepped, or at a key), else
 * `prev + (next - prev) * percent` per value. Every key holds `vertices[0]`'s count of values.
 *
 * Sequence: before the first key the sequence index is -1 (the setup index); else the last key at or
 * before the time gives a mode, an index and a delay, and the index advances by the whole delays since
 * the key, wrapped by the mode over the region count of the slot's attachment's own sequence. */
#include "timeline.h"
#include "jsmath.h"

#include <string.h>

/* Whether the slot shows an attachment this timeline applies to. */
static bool applies_to(const pc_slot *slot, const pc_attachment *timeline_attachment)
{
    const pc_attachment *a = slot->pose.attachment;
    return slot->bone->active && pc_attachment_present(a) && pc_timeline_attachment_of(a) == timeline_attachment;
}

void pc_apply_deform_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!applies_to(slot, t->attachment)) return;
    int frames = t->frames_count;
    if (time < t->frames[0]) {
        slot->pose.deform_count = 0;
        return;
    }
    const float *v1, *v2;
    double percent;
    if (time >= t->frames[frames - 1]) {
        percent = 0;
        v1 = t->deform[frames - 1];
        v2 = NULL;
    } else {
        int frame = pc_timeline_search(t, time);
        percent = pc_timeline_curve_percent(t, time, frame);
        v1 = t->deform[frame];
        v2 = t->deform[frame + 1];
    }
    int count = t->deform_counts[0];
    double *deform = slot->pose.deform;
    slot->pose.deform_count = count;
    if (v2 == NULL || percent == 0) {
        for (int i = 0; i < count; i++) deform[i] = v1[i];
    } else {
        for (int i = 0; i < count; i++) {
            double prev = v1[i];
            deform[i] = prev + (v2[i] - prev) * percent;
        }
    }
}

/* SequenceModeValues: the modes by their number in a key. */
enum { MODE_HOLD, MODE_ONCE, MODE_LOOP, MODE_PINGPONG, MODE_ONCE_REVERSE, MODE_LOOP_REVERSE,
       MODE_PINGPONG_REVERSE };

static double js_min(double a, double b) { return a != a || b != b ? NAN : (a < b ? a : b); }
static double js_max(double a, double b) { return a != a || b != b ? NAN : (a > b ? a : b); }

/* The index a key of mode and index `mode_and_index` (mode | index << 4, as float32) gives at `time`,
 * `before` being the key's time, for a sequence of `count` regions. Integer operations are
 * JavaScript's: ToInt32 for `| 0`, `>>`, `&`, `<<`; the rest are double operations (`%` is fmod). */
static double sequence_index(double mode_and_index, double delay, double time, double before, double count)
{
    int32_t packed = js_to_int32(mode_and_index);
    double index = (double)(packed >> 4);
    int mode = packed & 0xf;
    if (mode == MODE_HOLD) return index;
    index += js_to_int32((time - before) / delay + 0.00001);
    int32_t count2 = (int32_t)((uint32_t)js_to_int32(count) << 1);
    double n;
    switch (mode) {
    case MODE_ONCE:
        index = js_min(count - 1, index);
        break;
    case MODE_LOOP:
        index = js_fmod(index, count);
        break;
    case MODE_PINGPONG:
        n = (double)count2 - 2;
        index = n == 0 ? 0 : js_fmod(index, n);
        if (index >= count) index = n - index;
        break;
    case MODE_ONCE_REVERSE:
        index = js_max(count - 1 - index, 0);
        break;
    case MODE_LOOP_REVERSE:
        index = count - 1 - js_fmod(index, count);
        break;
    case MODE_PINGPONG_REVERSE:
        n = (double)count2 - 2;
        index = n == 0 ? 0 : js_fmod(index + count - 1, n);
        if (index >= count) index = n - index;
        break;
    default:
        /* Modes 7 to 15 name no mode: the index advances and is not wrapped. */
        break;
    }
    return index;
}

void pc_apply_sequence_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    pc_slot *slot = &sk->slots[t->target];
    if (!applies_to(slot, t->attachment)) return;
    if (time < t->frames[0]) {
        slot->pose.sequence_index = -1;
        return;
    }
    int i = pc_timeline_search(t, time);
    double count = slot->pose.attachment->sequence.region_count;
    slot->pose.sequence_index = sequence_index(t->frames[i + 1], t->frames[i + 2], time, t->frames[i], count);
}
