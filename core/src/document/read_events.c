/* Reading the `events` object: one event per key (in JavaScript property order), with its setup
 * values: int 0, float 0, string "", audio null; volume and balance are read only when there is an
 * audio path (else they stay 0). */
#include "reader.h"

#include <stdlib.h>
#include <string.h>

void read_events(reader *r, json_t *root)
{
    pc_skeleton_data *d = r->d;
    json_t *events = get(r, root, "events");
    if (!js_truthy(events)) return;
    const char **names;
    json_t **maps;
    size_t n = js_for_in(r->heap, events, &names, &maps);
    if (n == (size_t)-1) reader_throw(r, "out of memory");
    reader_temp(r, names);
    reader_temp(r, maps);
    size_t mark = path_push(r, ".events");
    d->events = reader_calloc(r, n, sizeof *d->events);
    for (size_t i = 0; i < n; i++) {
        size_t item = path_push_key(r, names[i]);
        pc_event_data *e = &d->events[d->event_count++];
        e->name = reader_strdup(r, names[i]);
        json_t *map = maps[i];
        e->int_value = num_raw(r, map, "int", 0);
        e->float_value = num_raw(r, map, "float", 0);
        const char *s = str_raw(r, map, "string");
        if (get(r, map, "string") == NULL) s = "";
        else if (s == NULL) reader_unmodelled(r, "`string` is null");
        e->string_value = reader_strdup(r, s ? s : "");
        json_t *audio = get(r, map, "audio");
        if (audio != NULL && js_typeof(audio) != JS_NULL) {
            const char *a = str_raw(r, map, "audio");
            e->audio = reader_strdup(r, a ? a : "");
        }
        if (js_truthy(audio)) {
            e->volume = num_raw(r, map, "volume", 0);
            e->balance = num_raw(r, map, "balance", 0);
        }
        path_pop(r, item);
    }
    path_pop(r, mark);
}
