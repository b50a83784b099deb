/* Bone timelines: rotate, translate, translateX/Y, scale, scaleX/Y, shear, shearX/Y and inherit set a
 * bone's pose (not its applied pose), for active bones only. At alpha 1 from the setup pose:
 *   - before the first key, the setup value;
 *   - rotate, translate and shear add the timeline value to the setup value (`setup + value`);
 *   - scale multiplies it (`value * setup`), the timeline value replacing the pose's sign too;
 *   - inherit takes the mode of the last key at or before the time. */
#include "timeline.h"

/* A one-value timeline whose value is added to the setup value. */
static double relative(const pc_timeline *t, double time, double setup)
{
    if (time < t->frames[0]) return setup;
    return setup + pc_timeline_curve_value(t, time);
}

/* A one-value timeline whose value scales the setup value. */
static double scaled(const pc_timeline *t, double time, double setup)
{
    if (time < t->frames[0]) return setup;
    return pc_timeline_curve_value(t, time) * setup;
}

/* A two-value timeline's values at time (time at or after the first key). */
static void values2(const pc_timeline *t, double time, double *x, double *y)
{
    int i = pc_timeline_search(t, time);
    *x = pc_timeline_value(t, time, i, 1);
    *y = pc_timeline_value(t, time, i, 2);
}

void pc_apply_bone_timeline(pc_skeleton *sk, const pc_timeline *t, double time)
{
    pc_bone *bone = &sk->bones[t->target];
    if (!bone->active) return;
    pc_bone_local *pose = &bone->pose.local;
    const pc_bone_local *setup = &bone->data->setup;
    bool before = time < t->frames[0];
    double x, y;
    switch (t->kind) {
    case PC_TL_ROTATE:
        pose->rotation = relative(t, time, setup->rotation);
        break;
    case PC_TL_TRANSLATE_X:
        pose->x = relative(t, time, setup->x);
        break;
    case PC_TL_TRANSLATE_Y:
        pose->y = relative(t, time, setup->y);
        break;
    case PC_TL_SCALE_X:
        pose->scale_x = scaled(t, time, setup->scale_x);
        break;
    case PC_TL_SCALE_Y:
        pose->scale_y = scaled(t, time, setup->scale_y);
        break;
    case PC_TL_SHEAR_X:
        pose->shear_x = relative(t, time, setup->shear_x);
        break;
    case PC_TL_SHEAR_Y:
        pose->shear_y = relative(t, time, setup->shear_y);
        break;
    case PC_TL_TRANSLATE:
        if (before) {
            pose->x = setup->x;
            pose->y = setup->y;
        } else {
            values2(t, time, &x, &y);
            pose->x = setup->x + x;
            pose->y = setup->y + y;
        }
        break;
    case PC_TL_SCALE:
        if (before) {
            pose->scale_x = setup->scale_x;
            pose->scale_y = setup->scale_y;
        } else {
            values2(t, time, &x, &y);
            pose->scale_x = x * setup->scale_x;
            pose->scale_y = y * setup->scale_y;
        }
        break;
    case PC_TL_SHEAR:
        if (before) {
            pose->shear_x = setup->shear_x;
            pose->shear_y = setup->shear_y;
        } else {
            values2(t, time, &x, &y);
            pose->shear_x = setup->shear_x + x;
            pose->shear_y = setup->shear_y + y;
        }
        break;
    case PC_TL_INHERIT:
        /* The keys' modes are 0..4 (pc_animation_unsupported refuses others). */
        if (before) pose->inherit = setup->inherit;
        else pose->inherit = (pc_inherit)(int)t->frames[pc_timeline_search(t, time) + 1];
        break;
    default:
        break;
    }
}
