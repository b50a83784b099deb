/* Attachment timelines: deform and sequence. Each is keyed for one attachment in one slot and applies
 * to that slot and to the attachment's timeline slots (below), wherever the slot's bone is active and
 * its current attachment has that attachment as its timeline attachment (a linked mesh inheriting
 * timelines answers to its source's).
 *
 * Deform at alpha 1 from the setup pose: before the first key the deform is cleared (the attachment's
 * own vertices show); at or after the last key it is the last key's vertices; between keys, the
 * earlier key's vertices where the curve gives 0 (stepped, or at a key), else
 * `prev + (next - prev) * percent` per value. Every key holds `vertices[0]`'s count of values.
 *
 * Sequence: before the first key the sequence index is -1 (the setup index); else the last key at or
 * before the time gives a mode, an index and a delay, and the index advances by the whole delays since
 * the key, wrapped by the mode over the region count of the slot's attachment's own sequence.
 *
 * Timeline slots (Attachment.timelineSlots): the runtime's reader gives an attachment the slots of the
 * linked meshes that inherit its timelines and are filed in another slot than it. They are derived here
 * from the skins (every attachment is filed once), so the data needs no field for them; applying a
 * timeline twice to one slot gives the same pose, so repeats and order do not matter. Measured with
 * corpus/cases/timeline-linked-other-slot (without them the linked slots kept no deform). Posing reads
 * the reader's list (a->timeline_slots, the same slots in the same order without repeats; checked on
 * the rigs and the timeline probes) instead of walking the skins for every timeline. */
#include "timeline.h"
#include "jsmath.h"

#include <string.h>

/* The slot the attachment is filed under in the document's skins, -1 when none. */
static int filed_slot(const pc_skeleton_data *d, const pc_attachment *a)
{
    for (int s = 0; s < d->skin_count; s++)
        for (int e = 0; e < d->skins[s].entry_count; e++)
            if (d->skins[s].entries[e].attachment == a) return d->skins[s].entries[e].slot;
    return -1;
}

int pc_next_timeline_slot(const pc_skeleton_data *d, const pc_attachment *a, int *at)
{
    int source_slot = -2, n = 0;
    for (int s = 0; s < d->skin_count; s++) {
        const pc_skin_data *skin = &d->skins[s];
        for (int e = 0; e < skin->entry_count; e++, n++) {
            if (n < *at) continue;
            const pc_attachment *m = skin->entries[e].attachment;
            if (m == a || m->source_mesh == NULL || m->timeline_attachment != a) continue;
            if (source_slot == -2) source_slot = filed_slot(d, a);
            if (skin->entries[e].slot == source_slot) continue;
            *at = n + 1;
            return skin->entries[e].slot;
        }
    }
    *at = n;
    return -1;
}

/* Whether the slot shows an attachment this timeline applies to. */
static bool applies_to(const pc_slot *slot, const pc_attachment *timeline_attachment)
{
    const pc_attachment *a = slot->pose.attachment;
    return slot->bone->active && pc_attachment_present(a) && pc_timeline_attachment_of(a) == timeline_attachment;
}

/* Attachment.isTimelineActive: the timeline applies to its slot or one of its timeline slots. */
static bool timeline_active(const pc_skeleton *sk, const pc_timeline *t)
{
    if (applies_to(&sk->slots[t->target], t->attachment)) return true;
    const pc_attachment *a = t->attachment;
    for (int i = 0; i < a->timeline_slot_count; i++)
        if (applies_to(&sk->slots[a->timeline_slots[i]], a)) return true;
    return false;
}

/* Where the runtime tests a slot's attachment with `=== null` before reading its timeline attachment,
 * an undefined attachment (on an active bone) makes it throw. */
static const char *undefined_attachment(const pc_slot *slot)
{
    if (slot->bone->active && slot->pose.attachment == PC_ATTACHMENT_UNDEFINED)
        return "TypeError: Cannot read properties of undefined (reading 'timelineAttachment')";
    return NULL;
}

/* The deform of one slot: cleared (before the first key; `== null` there), v1, or between v1 and v2. */
static const char *deform_slot(pc_slot *slot, const pc_timeline *t, bool before, const float *v1,
                               const float *v2, double percent)
{
    if (!before && undefined_attachment(slot)) return undefined_attachment(slot);
    if (!applies_to(slot, t->attachment)) return NULL;
    if (before) {
        slot->pose.deform_count = 0;
        return NULL;
    }
    int count = t->deform_counts[0];
    double *deform = slot->pose.deform;
    slot->pose.deform_count = count;
    if (percent == 0) {
        for (int i = 0; i < count; i++) deform[i] = v1[i];
    } else if (v2 == NULL) {
        if (count > 0) return "TypeError: Cannot read properties of undefined (reading '0')";
    } else {
        for (int i = 0; i < count; i++) {
            double prev = v1[i];
            deform[i] = prev + (v2[i] - prev) * percent;
        }
    }
    return NULL;
}

const char *pc_apply_deform_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    if (!timeline_active(sk, t)) return NULL;
    int frames = t->frames_count;
    bool before = time < t->frames[0];
    const float *v1 = NULL, *v2 = NULL;
    double percent = 0;
    if (before) {
        /* cleared below */
    } else if (time >= t->frames[frames - 1]) {
        v1 = t->deform[frames - 1];
    } else {
        int frame = pc_timeline_search(t, time);
        percent = pc_timeline_curve_percent(t, time, frame);
        v1 = t->deform[frame];
        /* Keys that are not ascending (NaN, out of order) can leave the search on the last key: the
         * runtime's next vertices are then undefined (NULL here), read only if the percent is not 0. */
        v2 = frame + 1 < frames ? t->deform[frame + 1] : NULL;
    }
    const char *error = deform_slot(&sk->slots[t->target], t, before, v1, v2, percent);
    const pc_attachment *a = t->attachment;
    for (int k = 0; !error && k < a->timeline_slot_count; k++)
        error = deform_slot(&sk->slots[a->timeline_slots[k]], t, before, v1, v2, percent);
    return error;
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

/* The sequence index of one slot: -1 before the first key, else the key at index i's. */
static const char *sequence_slot(pc_slot *slot, const pc_timeline *t, double time, int i)
{
    if (undefined_attachment(slot)) return undefined_attachment(slot);
    if (!applies_to(slot, t->attachment)) return NULL;
    if (i < 0) {
        slot->pose.sequence_index = -1;
        return NULL;
    }
    double count = slot->pose.attachment->sequence.region_count;
    slot->pose.sequence_index = sequence_index(t->frames[i + 1], t->frames[i + 2], time, t->frames[i], count);
    return NULL;
}

const char *pc_apply_sequence_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    if (!timeline_active(sk, t)) return NULL;
    int i = time < t->frames[0] ? -1 : pc_timeline_search(t, time);
    const char *error = sequence_slot(&sk->slots[t->target], t, time, i);
    const pc_attachment *a = t->attachment;
    for (int k = 0; !error && k < a->timeline_slot_count; k++)
        error = sequence_slot(&sk->slots[a->timeline_slots[k]], t, time, i);
    return error;
}
