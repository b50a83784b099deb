/* A timeline's keys: how many frames it holds, and Timeline.search, the frame at a time, as the runtime
 * scans for it, started from a bucket for long timelines whose keys ascend (the index the reader builds,
 * pc_timeline_index_keys). Queries on the document only (timeline_keys.c). */
#ifndef POSECORE_TIMELINE_KEYS_H
#define POSECORE_TIMELINE_KEYS_H

#include "skeleton_data.h"

/* Frames of a timeline (getFrameCount) and the floats of its frames. */
int pc_timeline_frame_count(const pc_timeline *t);

/* Timeline.search: the index into frames of the last frame whose time is <= time (the first frame's
 * time must be <= time, or the frames empty), stepping by the timeline's entries. */
int pc_timeline_search(const pc_timeline *t, double time);

/* Timelines of up to this many frames are scanned from the second frame, as short scans cost less
 * than finding the bucket. Instructions a pose under callgrind, against the scan alone: bucketing every
 * timeline cost the shared rigs (a few keys a timeline) 1-11 % more; bucketing above 16 frames, out of
 * line, costs them -0.8 to +0.7 % and saves 4-19 % on rigs keyed at every frame (the runtime's
 * 6-arcs-pro, 8-follow-through); above 8 frames saved no more and cost the shared rigs up to 2.7 %. */
#define PC_KEY_SCAN_MAX 16

/* Whether t's key times ascend (ties allowed), none NaN, over two frames or more. */
bool pc_timeline_keys_ascending(const pc_timeline *t);

/* Sets t's key_start (to key_start, one int a frame, filled here) and key_rate (skeleton_data.h);
 * for a timeline whose keys ascend, once, by the reader. */
void pc_timeline_index_keys(pc_timeline *t, int *key_start);

/* pc_timeline_search_frame for a timeline with key_start (timeline_keys.c). */
int pc_timeline_search_indexed(const pc_timeline *t, double time, int *frame);

/* pc_timeline_search, also giving the frame's number (its index / entries) without a division: the
 * runtime's scan from the second frame for the first whose time is > time; a long timeline whose
 * keys ascend starts the scan further on (pc_timeline_search_indexed). */
static inline int pc_timeline_search_frame(const pc_timeline *t, double time, int *frame)
{
    if (t->key_start) return pc_timeline_search_indexed(t, time, frame);
    int step = t->entries, n = t->frames_count, f = 0;
    for (int i = step; i < n; i += step, f++)
        if (t->frames[i] > time) {
            *frame = f;
            return i - step;
        }
    *frame = (n - step) / step;
    return n - step;
}


#endif
