/* A skin's attachments as the runtime keeps them: per slot, a plain JavaScript object from placeholder
 * to attachment. Its keys are walked (Skin.getAttachments, which `--skin all`'s addSkin and the path
 * constraint's update order use) in JavaScript property order: array-index placeholders ("0", "7")
 * ascending, then the others in the order they were first set; setting an existing key keeps its
 * place. Lookups of a name every object inherits ("toString", "constructor", ...) find a function in
 * the runtime, which callers treat as the runtime does. */
#include "skin.h"
#include "js/jsobject.h"

#include <stdlib.h>
#include <string.h>

static bool array_index(const char *key, unsigned long long *out)
{
    size_t n = strlen(key);
    if (n == 0 || n > 10 || (n > 1 && key[0] == '0')) return false;
    unsigned long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (key[i] < '0' || key[i] > '9') return false;
        v = v * 10 + (unsigned)(key[i] - '0');
    }
    if (v >= 4294967295ULL) return false;
    *out = v;
    return true;
}

/* Whether an entry of the same slot with key a comes before key b in property order. */
static bool before(const char *a, const char *b)
{
    unsigned long long x, y;
    bool ia = array_index(a, &x), ib = array_index(b, &y);
    if (ia && ib) return x < y;
    return ia && !ib;
}

int pc_skin_find(const pc_skin_data *skin, int slot, const char *placeholder)
{
    for (int i = 0; i < skin->entry_count; i++)
        if (skin->entries[i].slot == slot && strcmp(skin->entries[i].placeholder, placeholder) == 0) return i;
    return -1;
}

bool pc_skin_set(pc_skin_data *skin, int slot, const char *placeholder, pc_attachment *a)
{
    int found = pc_skin_find(skin, slot, placeholder);
    if (found >= 0) {
        skin->entries[found].attachment = a;
        return true;
    }
    if (skin->entry_count == skin->entry_capacity) {
        int cap = skin->entry_capacity ? skin->entry_capacity * 2 : 16;
        pc_skin_entry *e = realloc(skin->entries, (size_t)cap * sizeof *e);
        if (!e) return false;
        skin->entries = e;
        skin->entry_capacity = cap;
    }
    char *key = malloc(strlen(placeholder) + 1);
    if (!key) return false;
    strcpy(key, placeholder);
    /* After every entry of a lower slot, and of this slot whose key comes first. */
    int at = skin->entry_count;
    while (at > 0) {
        const pc_skin_entry *prev = &skin->entries[at - 1];
        if (prev->slot < slot || (prev->slot == slot && !before(placeholder, prev->placeholder))) break;
        at--;
    }
    memmove(skin->entries + at + 1, skin->entries + at, (size_t)(skin->entry_count - at) * sizeof *skin->entries);
    skin->entries[at].slot = slot;
    skin->entries[at].placeholder = key;
    skin->entries[at].attachment = a;
    skin->entry_count++;
    return true;
}

pc_attachment *pc_skin_lookup(const pc_skin_data *skin, int slot, const char *placeholder, bool *inherited)
{
    if (inherited) *inherited = false;
    int found = pc_skin_find(skin, slot, placeholder);
    if (found >= 0) return skin->entries[found].attachment;
    if (inherited && js_is_object_prototype_key(placeholder)) *inherited = true;
    return NULL;
}

pc_attachment *pc_skin_get(const pc_skin_data *skin, int slot, const char *placeholder)
{
    return pc_skin_lookup(skin, slot, placeholder, NULL);
}
