/* World vertices of every attachment kind (world_vertices.h). Vertex attachments go through the
 * instance's walk (instance/vertices.c: unweighted through the slot bone, weighted through each bound
 * bone, the slot's applied deform applied); a region through the offsets of its sequence's region;
 * a point through the slot bone. */
#include "world_vertices.h"
#include "instance/bone.h"
#include "instance/vertices.h"
#include "js/jsmath.h"
#include "js/runtime_math.h"

#include <math.h>

int pc_render_vertex_count(const pc_attachment *a)
{
    switch (a->kind) {
    case PC_ATTACHMENT_REGION:
        return 4;
    case PC_ATTACHMENT_POINT:
        return 1;
    default: {
        double n = a->world_vertices_length;
        int count = isfinite(n) && fabs(n) < 2147483648.0 ? (int)n >> 1 : 0; /* whole numbers here */
        return count > 0 ? count : 0;
    }
    }
}

double pc_render_sequence_index(const pc_attachment *a, const pc_slot_pose *pose)
{
    double index = pose->sequence_index;
    if (index == -1) index = a->sequence.setup_index;
    if (index >= a->sequence.region_count) index = a->sequence.region_count - 1;
    return index;
}

int pc_render_sequence_region(const pc_attachment *a, double index)
{
    if (!(index >= 0 && index < a->sequence.region_count && index == floor(index))) return -1;
    return (int)index;
}

const char *pc_render_world_vertices(const pc_skeleton *sk, const pc_slot *slot, const pc_attachment *a,
                                     double *out)
{
    const pc_bone_pose *bone = slot->bone->applied;
    switch (a->kind) {
    case PC_ATTACHMENT_REGION: {
        int region = pc_render_sequence_region(a, pc_render_sequence_index(a, slot->applied));
        if (region < 0) return "TypeError: Cannot read properties of undefined (reading '0')";
        const double *o = a->offsets + 8 * pc_region_index(a, region);
        double x = bone->world_x, y = bone->world_y;
        for (int i = 0; i < 8; i += 2) {
            out[i] = o[i] * bone->a + o[i + 1] * bone->b + x;
            out[i + 1] = o[i] * bone->c + o[i + 1] * bone->d + y;
        }
        return NULL;
    }
    case PC_ATTACHMENT_POINT:
        out[0] = a->x * bone->a + a->y * bone->b + bone->world_x;
        out[1] = a->x * bone->c + a->y * bone->d + bone->world_y;
        return NULL;
    default: {
        int n = pc_render_vertex_count(a);
        if (!pc_vertices_world(sk, slot, a, 0, 2 * n, out, 0, 2))
            return "TypeError: Cannot read properties of undefined (reading 'appliedPose')";
        return NULL;
    }
    }
}

double pc_render_point_rotation(const pc_slot *slot, const pc_attachment *point)
{
    const pc_bone_pose *bone = slot->bone->applied;
    double r = point->rotation * PC_DEG_RAD, cos_r = js_cos(r), sin_r = js_sin(r);
    double x = cos_r * bone->a + sin_r * bone->b;
    double y = cos_r * bone->c + sin_r * bone->d;
    return js_atan2(y, x) * PC_RAD_DEG;
}
