/* Slot poses: setting an attachment, finding an attachment by name under the instance's skin, and a
 * slot's setup pose. */
#include "slot.h"
#include "skeleton.h"
#include "document/skin.h"

#include <string.h>

const pc_attachment pc_attachment_undefined;

static bool is_vertex_attachment(const pc_attachment *a)
{
    return pc_attachment_present(a) && a->kind != PC_ATTACHMENT_REGION;
}

void pc_slot_set_attachment(pc_slot_pose *p, const pc_attachment *attachment)
{
    if (p->attachment == attachment) return;
    if (!is_vertex_attachment(attachment) || !is_vertex_attachment(p->attachment)
        || pc_timeline_attachment_of(attachment) != pc_timeline_attachment_of(p->attachment))
        p->deform_count = 0;
    p->attachment = attachment;
    p->sequence_index = -1;
}

void pc_slot_reset_constrained(pc_slot *slot)
{
    const pc_slot_pose *from = &slot->pose;
    pc_slot_pose *to = &slot->constrained;
    to->color = from->color;
    if (slot->data->has_dark) to->dark = from->dark;
    to->attachment = from->attachment;
    to->sequence_index = from->sequence_index;
    to->deform_count = from->deform_count;
    if (from->deform_count > 0) memcpy(to->deform, from->deform, (size_t)from->deform_count * sizeof *to->deform);
}

/* Whether the skin has any attachment for the slot: the runtime then has a dictionary for the slot,
 * and a name missing from it reads as undefined rather than null. */
static bool has_slot(const pc_skin_data *skin, int slot)
{
    for (int i = 0; i < skin->entry_count; i++)
        if (skin->entries[i].slot == slot) return true;
    return false;
}

/* Skin.getAttachment: the attachment, or NULL (no dictionary for the slot) or undefined. */
static const pc_attachment *skin_get(const pc_skin_data *skin, int slot, const char *name)
{
    const pc_attachment *a = pc_skin_lookup(skin, slot, name, NULL);
    if (a) return a;
    return has_slot(skin, slot) ? PC_ATTACHMENT_UNDEFINED : NULL;
}

const pc_attachment *pc_skeleton_get_attachment(const pc_skeleton *sk, int slot, const char *name)
{
    const pc_skeleton_data *d = sk->data;
    const pc_skin_data *skin = pc_skeleton_skin(sk);
    if (skin) {
        const pc_attachment *a = skin_get(skin, slot, name);
        if (pc_attachment_present(a)) return a;
    }
    if (d->default_skin >= 0) return skin_get(&d->skins[d->default_skin], slot, name);
    return NULL;
}

void pc_slot_setup_pose(const pc_skeleton *sk, pc_slot *slot)
{
    pc_slot_setup_pose_to(slot, slot->data->attachment_key ? sk->setup_attachments[slot->data->index] : NULL);
}
