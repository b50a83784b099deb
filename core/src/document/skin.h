/* A skin's attachment dictionary in JavaScript property order (skin.c). */
#ifndef POSECORE_SKIN_H
#define POSECORE_SKIN_H

#include "skeleton_data.h"

/* The entry filed under (slot, placeholder), or -1. */
int pc_skin_find(const pc_skin_data *skin, int slot, const char *placeholder);
/* Skin.setAttachment: replaces in place or inserts in property order. False when memory runs out. */
bool pc_skin_set(pc_skin_data *skin, int slot, const char *placeholder, pc_attachment *a);
/* The dictionary read attachments[slot][placeholder]: NULL when absent; *inherited (if given) set when
 * the runtime finds an inherited function there instead. */
pc_attachment *pc_skin_lookup(const pc_skin_data *skin, int slot, const char *placeholder, bool *inherited);

#endif
