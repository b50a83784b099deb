/* Attachment timelines: deform and sequence. Each is keyed for one attachment in one slot and applies
 * to that slot and to the attachment's timeline slots (below), wherever the slot's bone is active and
 * its current attachment has that attachment as its timeline attachment (a linked mesh inheriting
 * timelines answers to its source's).
 *
 * Each applies with a mix (animation.h): the pose sequence's (alpha 1 from the setup pose, onto the
 * slots' poses) or a slider's (its mix from the current pose, onto the slots' applied poses).
 *
 * Deform at alpha 1 from the setup pose: before the first key the deform is cleared (the attachment's
 * own vertices show); at or after the last key it is the last key's vertices; between keys, the
 * earlier key's vertices where the curve gives 0 (stepped, or at a key), else
 * `prev + (next - prev) * percent` per value. Every key holds `vertices[0]`'s count of values. Other
 * mixes: deform_pose.
 *
 * Sequence: before the first key the sequence index is -1 (the setup index; from the current pose
 * nothing); else the last key at or before the time gives a mode, an index and a delay, and the index
 * advances by the whole delays since the key, wrapped by the mode over the region count of the slot's
 * attachment's own sequence. The mix's alpha is not read.
 *
 * Timeline slots (Attachment.timelineSlots): the runtime's reader gives an attachment the slots of the
 * linked meshes that inherit its timelines and are filed in another slot than it. They are derived here
 * from the skins (every attachment is filed once), so the data needs no field for them; applying a
 * timeline twice to one slot gives the same pose, so repeats and order do not matter. Measured with
 * corpus/cases/timeline-linked-other-slot (without them the linked slots kept no deform). Posing reads
 * the reader's list (a->timeline_slots, the same slots in the same order without repeats; checked on
 * the rigs and the timeline probes) instead of walking the skins for every timeline. */
#include "timeline.h"
#include "js/jsmath.h"

#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* The pose a timeline applies to: the slot's pose, or its applied pose under a slider's mix. */
static pc_slot_pose *target_pose(pc_slot *slot, const pc_mix *m)
{
    return m->applied ? slot->applied : &slot->pose;
}

/* target_pose, about to be written: when it is the slot's pose, the next setup pose must reset it
 * (skeleton.c). That is the pose sequence's, and a slider's through a timeline slot that no slider
 * constrains (the runtime's Slider.sort constrains only the timeline's own slot). */
static pc_slot_pose *written_pose(pc_skeleton *sk, pc_slot *slot, const pc_mix *m)
{
    pc_slot_pose *pose = target_pose(slot, m);
    if (pose == &slot->pose) pc_skeleton_mark_slot(sk, slot->data->index);
    return pose;
}

/* Whether the pose shows an attachment this timeline applies to. */
static bool shows(const pc_slot_pose *pose, const pc_attachment *timeline_attachment)
{
    const pc_attachment *a = pose->attachment;
    return pc_attachment_present(a) && pc_timeline_attachment_of(a) == timeline_attachment;
}

/* Attachment.isTimelineActive: the timeline applies to its slot or one of its timeline slots (on an
 * active bone). */
static bool timeline_active(pc_skeleton *sk, const pc_timeline *t, const pc_mix *m)
{
    pc_slot *slot = &sk->slots[t->target];
    if (slot->bone->active && shows(target_pose(slot, m), t->attachment)) return true;
    const pc_attachment *a = t->attachment;
    for (int i = 0; i < a->timeline_slot_count; i++) {
        slot = &sk->slots[a->timeline_slots[i]];
        if (slot->bone->active && shows(target_pose(slot, m), a)) return true;
    }
    return false;
}

/* Where the runtime tests a pose's attachment with `=== null` before reading its timeline attachment,
 * an undefined attachment makes it throw. */
static const char *undefined_attachment(const pc_slot_pose *pose)
{
    if (pose->attachment == PC_ATTACHMENT_UNDEFINED)
        return "TypeError: Cannot read properties of undefined (reading 'timelineAttachment')";
    return NULL;
}

/* An unweighted attachment's setup vertex value i; past its vertices undefined, which is NaN in the
 * arithmetic that reads it. */
static double setup_value(const pc_attachment *a, int i)
{
    return i < a->vertices_count ? (double)a->vertices[i] : NAN;
}

/* Deform keys hold hundreds of values, and these two loops are most of a deforming rig's timeline work.
 * With SSE2 they go two values at a time: each lane does the same operations as the scalar loop (the
 * exact float32 widening; double sub, mul, add), so the same bits. */

/* out[i] = v[i] for i < count. */
static void widen(double *restrict out, const float *restrict v, int count)
{
    int i = 0;
#if defined(__SSE2__)
    for (; i + 2 <= count; i += 2)
        _mm_storeu_pd(out + i, _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(v + i)))));
#endif
    for (; i < count; i++) out[i] = v[i];
}

/* out[i] = v1[i] + (v2[i] - v1[i]) * percent for i < count. */
static void between_keys(double *restrict out, const float *restrict v1, const float *restrict v2, double percent,
                         int count)
{
    int i = 0;
#if defined(__SSE2__)
    __m128d p = _mm_set1_pd(percent);
    for (; i + 2 <= count; i += 2) {
        __m128d a = _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(v1 + i))));
        __m128d b = _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(v2 + i))));
        _mm_storeu_pd(out + i, _mm_add_pd(a, _mm_mul_pd(_mm_sub_pd(b, a), p)));
    }
#endif
    for (; i < count; i++) {
        double prev = v1[i];
        out[i] = prev + (v2[i] - prev) * percent;
    }
}

/* Where the keys' vertices are, for one apply. */
typedef struct deform_keys {
    bool before;        /* before the first key */
    bool after;         /* at or after the last key: v1 only (the runtime's v2 null) */
    const float *v1, *v2; /* between keys v2 may be NULL (the runtime's undefined, keys not ascending) */
    double percent;
    int count;          /* the values each key holds */
} deform_keys;

/* The deform of one pose, as DeformTimeline applies it with the mix's alpha, from the setup or the
 * current pose (a pose without deform values mixes from the setup), added or not:
 *   - before the first key: below;
 *   - else the deform holds the keys' count of values (values past the ones it held are the runtime's
 *     holes, undefined: NaN here, as they are only read as operands), mixed into by alpha: at alpha 1
 *     the key values (added to the current ones when additive from the current pose); else from the
 *     setup pose `setup + (key - setup) * alpha` (weighted: `key * alpha`), additive `+= (key - setup)
 *     * alpha` (weighted `+= key * alpha`), otherwise `+= (key - current) * alpha`; the key value
 *     between keys being `prev + (next - prev) * percent`. Reading the undefined next key throws. */
static const char *deform_pose(pc_skeleton *sk, pc_slot *slot, const pc_timeline *t, const deform_keys *k,
                               const pc_mix *m)
{
    if (!slot->bone->active) return NULL;
    pc_slot_pose *pose = written_pose(sk, slot, m);
    if (!k->before && undefined_attachment(pose)) return undefined_attachment(pose);
    if (!shows(pose, t->attachment)) return NULL;
    const pc_attachment *a = pose->attachment;
    bool weighted = a->bones_count >= 0;
    int count = k->count;
    double *deform = pose->deform;
    if (k->before) {
        /* Before the first key (a pose without deform values mixes from the setup pose): from the setup
         * pose, or from the first key at alpha 1, the deform is cleared; from the first key otherwise
         * it holds the keys' count of values (holes NaN) mixed toward the setup vertices by alpha
         * (weighted: scaled by 1 - alpha); from the current pose, nothing. */
        pc_mix_from from = pose->deform_count == 0 ? PC_FROM_SETUP : m->from;
        if (from == PC_FROM_SETUP || (from == PC_FROM_FIRST && m->alpha == 1)) {
            pose->deform_count = 0;
        } else if (from == PC_FROM_FIRST) {
            for (int i = pose->deform_count; i < count; i++) deform[i] = NAN;
            pose->deform_count = count;
            double alpha = m->alpha;
            if (weighted) {
                alpha = 1 - alpha;
                for (int i = 0; i < count; i++) deform[i] *= alpha;
            } else {
                for (int i = 0; i < count; i++) deform[i] += (setup_value(a, i) - deform[i]) * alpha;
            }
        }
        return NULL;
    }
    /* At or after the first key only the setup pose mixes from the setup vertices (and a pose without
     * deform values). */
    bool from_setup = m->from == PC_FROM_SETUP || pose->deform_count == 0;
    if (!from_setup) /* only mixes from the current pose read the values before writing them */
        for (int i = pose->deform_count; i < count; i++) deform[i] = NAN;
    pose->deform_count = count;
    const float *v1 = k->v1, *v2 = k->v2;
    double alpha = m->alpha, percent = k->percent;
    bool add = m->add && !from_setup;
    /* Every way on reads the key's vertices first: a key the reader never reached (keys cut short by a
     * falsy one) holds none, undefined in the runtime. */
    if (v1 == NULL) return count > 0 ? "TypeError: Cannot read properties of undefined (reading '0')" : NULL;
    if (k->after || (alpha == 1 && !add && percent == 0)) {
        if (alpha == 1 && !add) {
            widen(deform, v1, count);
        } else if (alpha == 1) {
            for (int i = 0; i < count; i++) deform[i] += weighted ? v1[i] : v1[i] - setup_value(a, i);
        } else if (from_setup) {
            for (int i = 0; i < count; i++) {
                double setup = weighted ? 0 : setup_value(a, i);
                deform[i] = weighted ? v1[i] * alpha : setup + (v1[i] - setup) * alpha;
            }
        } else if (m->add) {
            for (int i = 0; i < count; i++)
                deform[i] += weighted ? v1[i] * alpha : (v1[i] - setup_value(a, i)) * alpha;
        } else {
            for (int i = 0; i < count; i++) deform[i] += (v1[i] - deform[i]) * alpha;
        }
        return NULL;
    }
    if (v2 == NULL) return count > 0 ? "TypeError: Cannot read properties of undefined (reading '0')" : NULL;
    if (alpha == 1 && !add) { /* the pose sequence's case */
        between_keys(deform, v1, v2, percent, count);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        double prev = v1[i], key = prev + (v2[i] - prev) * percent;
        if (alpha == 1) {
            deform[i] = add ? deform[i] + (weighted ? key : key - setup_value(a, i)) : key;
        } else if (from_setup) {
            double setup = weighted ? 0 : setup_value(a, i);
            deform[i] = weighted ? key * alpha : setup + (key - setup) * alpha;
        } else if (m->add) {
            deform[i] += weighted ? key * alpha : (key - setup_value(a, i)) * alpha;
        } else {
            deform[i] += (key - deform[i]) * alpha;
        }
    }
    return NULL;
}

const char *pc_apply_deform_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    if (!timeline_active(sk, t, m)) return NULL;
    int frames = t->frames_count;
    const pc_attachment *a = t->attachment;
    deform_keys k = { false, false, NULL, NULL, 0, 0 };
    if (frames == 0) {
        /* Keys of length 0: the runtime holds the first key's vertices (as many as the attachment's
         * deform) but no frame; time < undefined is false, and the vertices before it are undefined. */
        double length = a->bones_count >= 0 ? (double)a->vertices_count / 3 * 2 : a->vertices_count;
        k.count = (int)length;
    } else if (time < t->frames[0]) {
        k.before = true; /* cleared or kept below */
        k.count = t->deform_counts[0];
    } else if (time >= t->frames[frames - 1]) {
        k.count = t->deform_counts[0];
        k.after = true;
        k.v1 = t->deform[frames - 1];
    } else {
        int frame = pc_timeline_search(t, time);
        k.count = t->deform_counts[0];
        k.percent = pc_timeline_curve_percent(t, time, frame);
        k.v1 = t->deform[frame];
        /* Keys that are not ascending (NaN, out of order) can leave the search on the last key: the
         * runtime's next vertices are then those of a key past the keys' length, or undefined (NULL
         * here), read unless at alpha 1, not additive, the percent is 0. */
        k.v2 = t->deform[frame + 1];
    }
    const char *error = deform_pose(sk, &sk->slots[t->target], t, &k, m);
    for (int i = 0; !error && i < a->timeline_slot_count; i++)
        error = deform_pose(sk, &sk->slots[a->timeline_slots[i]], t, &k, m);
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

/* The sequence index of one pose: before the first key -1 from the setup pose (nothing from the
 * current), else the index the key at i gives; the mix's alpha is not read. */
static const char *sequence_pose(pc_skeleton *sk, pc_slot *slot, const pc_timeline *t, double time, int i,
                                 const pc_mix *m)
{
    if (!slot->bone->active) return NULL;
    if (i < 0 && m->from == PC_FROM_CURRENT) return NULL;
    pc_slot_pose *pose = written_pose(sk, slot, m);
    if (undefined_attachment(pose)) return undefined_attachment(pose);
    if (!shows(pose, t->attachment)) return NULL;
    if (i < 0) {
        pose->sequence_index = -1;
        return NULL;
    }
    double count = pose->attachment->sequence.region_count;
    /* Without frames (keys of length 0) the runtime reads before them: undefined time, mode and index,
     * which hold at index 0. */
    if (t->frames_count == 0)
        pose->sequence_index = sequence_index(NAN, NAN, time, NAN, count);
    else
        pose->sequence_index = sequence_index(t->frames[i + 1], t->frames[i + 2], time, t->frames[i], count);
    return NULL;
}

const char *pc_apply_sequence_timeline(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    if (!timeline_active(sk, t, m)) return NULL;
    /* without frames, time < undefined is false: at or after the first key */
    int i = m->out || (t->frames_count > 0 && time < t->frames[0]) ? -1
          : t->frames_count == 0 ? 0 : pc_timeline_search(t, time);
    const char *error = sequence_pose(sk, &sk->slots[t->target], t, time, i, m);
    const pc_attachment *a = t->attachment;
    for (int k = 0; !error && k < a->timeline_slot_count; k++)
        error = sequence_pose(sk, &sk->slots[a->timeline_slots[k]], t, time, i, m);
    return error;
}
