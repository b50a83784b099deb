/* Draw order timelines and event timelines.
 *
 * Draw order: the last key at or before the time gives the whole order (slot indices), or the setup
 * order (slot index order) for a key without one, before the first key, and for a timeline without
 * keys. A draw order folder orders only its slots: walking the draw order, each position holding one of
 * the folder's slots gets the next slot of the key's order (or of the folder's setup order); the other
 * positions keep theirs.
 *
 * Events: every key in (lastTime, time] fires, in key order; keys sharing a time fire together. */
#include "timeline.h"

static void setup_order(pc_skeleton *sk)
{
    for (int i = 0; i < sk->data->slot_count; i++) sk->draw_order[i] = i;
}

void pc_apply_draw_order_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    /* Without keys, frames[0] is undefined (time < undefined is false) and the key found is index -1,
     * whose order is undefined: the setup order. */
    if (t->frames_count == 0 || time < t->frames[0]) {
        setup_order(sk);
        return;
    }
    const int *order = t->draw_orders[pc_timeline_search(t, time)];
    if (!order) {
        setup_order(sk);
        return;
    }
    for (int i = 0; i < t->draw_order_length; i++) sk->draw_order[i] = order[i];
}

static bool in_folder(const pc_timeline *t, int slot)
{
    for (int i = 0; i < t->folder_slot_count; i++)
        if (t->folder_slots[i] == slot) return true;
    return false;
}

/* Fills the folder's positions in the draw order with its slots in the order `order` (positions within
 * the folder), or in the folder's own order when order is NULL. The folder's slots are distinct and at
 * least one (pc_apply_draw_order_folder_timeline), so the walk meets them all within the draw order. */
static void fill_folder(pc_skeleton *sk, const pc_timeline *t, const int *order)
{
    int *draw_order = sk->draw_order;
    for (int i = 0, found = 0; i < sk->data->slot_count; i++) {
        if (in_folder(t, draw_order[i])) {
            draw_order[i] = t->folder_slots[order ? order[found] : found];
            if (++found == t->folder_slot_count) break;
        }
    }
}

const char *pc_apply_draw_order_folder_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    /* The runtime walks the draw order until it has met the folder's slot count of folder slots: without
     * slots, or with a slot listed twice, it walks past the end and throws. */
    bool walks_off = t->folder_slot_count == 0;
    for (int i = 0; i < t->folder_slot_count && !walks_off; i++)
        for (int j = 0; j < i && !walks_off; j++) walks_off = t->folder_slots[j] == t->folder_slots[i];
    if (walks_off) return "TypeError: Cannot read properties of undefined (reading 'data')";
    if (t->frames_count == 0 || time < t->frames[0]) fill_folder(sk, t, NULL);
    else fill_folder(sk, t, t->draw_orders[pc_timeline_search(t, time)]);
    return NULL;
}

/* Fires the keys in (last_time, time]; `wrapped`: last_time is -1 after firing the rest of a loop,
 * and nothing is skipped for being after the last key. */
static void fire(const pc_timeline *t, double last_time, double time, bool wrapped, pc_fired_events *events)
{
    int count = t->frames_count;
    const float *frames = t->frames;
    if (count == 0) return;
    if (!wrapped && last_time >= frames[count - 1]) return;
    if (time < frames[0]) return;
    int i = 0;
    if (!(last_time < frames[0])) {
        i = pc_timeline_search(t, last_time) + 1;
        if (i < count) {
            float frame_time = frames[i];
            while (i > 0 && frames[i - 1] == frame_time) i--;
        }
    }
    for (; i < count && time >= frames[i]; i++)
        if (events->count < events->capacity) events->items[events->count++] = &t->events[i];
}

void pc_apply_event_timeline(const pc_timeline *t, double last_time, double time, pc_fired_events *events)
{
    if (!events) return;
    /* A time before the last one (a looped animation wrapping) fires the rest first; the pose sequence
     * samples ascending times, so it does not happen there. */
    bool wrapped = last_time > time;
    if (wrapped) {
        fire(t, last_time, 1.7976931348623157e308, false, events);
        last_time = -1;
    }
    fire(t, last_time, time, wrapped, events);
}

/* A folder without slots or listing one twice walks off the end of the draw order (the runtime
 * throws), whichever pose it walks. */
static bool folder_walks_off(const pc_timeline *t)
{
    bool walks_off = t->folder_slot_count == 0;
    for (int i = 0; i < t->folder_slot_count && !walks_off; i++)
        for (int j = 0; j < i && !walks_off; j++) walks_off = t->folder_slots[j] == t->folder_slots[i];
    return walks_off;
}

const char *pc_apply_draw_order_timeline_mix(pc_skeleton *sk, const pc_timeline *t, double time, const pc_mix *m)
{
    /* Mixing out or before the first key (a timeline without keys is never before it: its key is the
     * runtime's index -1, the setup order): the setup order, or nothing from the current pose. */
    bool setup = m->out || (t->frames_count > 0 && time < t->frames[0]);
    if (setup && m->from == PC_FROM_CURRENT) return NULL;
    bool folder = t->kind == PC_TL_DRAW_ORDER_FOLDER;
    if (folder && folder_walks_off(t)) return "TypeError: Cannot read properties of undefined (reading 'data')";
    /* The applied draw order of a skeleton whose draw order a slider keys is a copy nothing reads. */
    if (m->applied && sk->draw_order_constrained) return NULL;
    sk->draw_order_dirty = true;
    const int *order = NULL;
    if (!setup && t->frames_count > 0) {
        int i = pc_timeline_search(t, time);
        order = i >= 0 ? t->draw_orders[i] : NULL;
    }
    if (folder) {
        fill_folder(sk, t, order);
    } else if (!order) {
        setup_order(sk);
    } else {
        for (int i = 0; i < t->draw_order_length; i++) sk->draw_order[i] = order[i];
    }
    return NULL;
}
