/* A bone's world transform (bone.h): the functions made of bone_world.h's inline code, and a new bone's
 * memo. */
#include "bone.h"
#include "bone_world.h"

void pc_bone_memo_init(pc_trig_memo *memo)
{
    /* sin(+0) = +0 and cos(+0) = 1 under every reading of math.trig (V8's and the C library's). */
    memo->rx_bits = 0;
    memo->ry_bits = 0;
    memo->cos_x = 1;
    memo->sin_x = 0;
    memo->cos_y = 1;
    memo->sin_y = 0;
}

void pc_bone_update_world(pc_skeleton *sk, pc_bone *bone)
{
    pc_bone_world_inline(sk, &sk->readings, bone, false);
}
