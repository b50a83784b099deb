/* The physics constraint under Physics.none (physics.h). The runtime returns at mix 0, and otherwise
 * returns under Physics.none before it touches the bone (no stamp changes, no world written), so the
 * turn is empty either way; the bone's world is what its own turn in the update order computed. */
#include "physics.h"

void pc_physics_update(pc_skeleton *sk, int index)
{
    (void)sk;
    (void)index;
}
