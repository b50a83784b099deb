/* The parts every family writes the same way: the document's opening with its skeleton header, and
 * the bones (probegen.h). */
#include "probegen.h"

#include <stdio.h>

void begin_document(jw *w, const char *note)
{
    jw_object(w, NULL, true);
    jw_object(w, "skeleton", false);
    jw_string(w, "hash", "probe");
    jw_string(w, "spine", "4.3.13");
    jw_string(w, "note", note);
    jw_end(w);
}

static void write_bone(jw *w, const gen_bone *b, const gen_bone *bones)
{
    jw_object(w, NULL, false);
    jw_string(w, "name", b->name);
    if (b->parent_name) jw_string(w, "parent", b->parent_name);
    else if (b->parent >= 0) jw_string(w, "parent", bones[b->parent].name);
    for (int f = 0; f < BF_COUNT; f++)
        if (b->has[f]) jw_number(w, bone_field_names[f], b->field[f].v, b->field[f].sp);
    if (b->inherit >= 0) {
        char name[32];
        snprintf(name, sizeof name, "%s", inherit_names[b->inherit]);
        if (b->inherit_capital) name[0] = (char)(name[0] - 'a' + 'A');
        jw_string(w, "inherit", name);
    }
    if (b->skin >= 0) jw_bool(w, "skin", b->skin != 0);
    jw_end(w);
}

void write_bones(jw *w, const gen_bone *bones, int count)
{
    jw_array(w, "bones", true);
    for (int i = 0; i < count; i++) write_bone(w, &bones[i], bones);
    jw_end(w);
}
