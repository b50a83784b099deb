/* The data rows of a dump (oracle/FORMAT.md, "Data blocks"): what the reader read, as the runtime
 * holds it after reading, written before the first pose. */
#include "dump_data.h"

void pc_dump_data_rows(dump_writer *w, const pc_skeleton_data *d)
{
    for (int i = 0; i < d->bone_count; i++) {
        const pc_bone_data *b = &d->bones[i];
        dw_row(w, "data.bone", b->name);
        dw_num(w, "index", b->index);
        dw_str(w, "parent", b->parent >= 0 ? d->bones[b->parent].name : NULL);
        dw_num(w, "length", b->length);
        dw_num(w, "x", b->setup.x);
        dw_num(w, "y", b->setup.y);
        dw_num(w, "rotation", b->setup.rotation);
        dw_num(w, "scaleX", b->setup.scale_x);
        dw_num(w, "scaleY", b->setup.scale_y);
        dw_num(w, "shearX", b->setup.shear_x);
        dw_num(w, "shearY", b->setup.shear_y);
        dw_str(w, "inherit", pc_inherit_names[b->setup.inherit]);
        dw_bool(w, "skinRequired", b->skin_required);
    }
    for (int i = 0; i < d->slot_count; i++) {
        const pc_slot_data *s = &d->slots[i];
        dw_row(w, "data.slot", s->name);
        dw_num(w, "index", s->index);
        dw_str(w, "bone", d->bones[s->bone].name);
        dw_str(w, "attachment", s->attachment);
    }
}

