/* posecore: the Spine 4.3 pose solver, bit for bit with spine-core 4.3.13.
 *
 * The public interface: read a skeleton document, make a skeleton instance of it, choose a skin, set
 * the setup pose and compute world transforms. A document the core cannot pose yet is refused with
 * PC_UNSUPPORTED and a message naming what; a document the runtime would refuse, with PC_INVALID. */
#ifndef POSECORE_H
#define POSECORE_H

#include <stdbool.h>
#include <stddef.h>

#define POSECORE_VERSION "0.1.0"

typedef enum pc_status {
    PC_OK = 0,
    PC_INVALID = 2,     /* the document is refused, as spine-core refuses it */
    PC_UNSUPPORTED = 3  /* the document uses what the core does not pose yet */
} pc_status;

/* One line naming the file, the JSON path and what is wrong (or unsupported). */
typedef struct pc_error {
    pc_status status;
    char message[512];
} pc_error;

typedef struct pc_skeleton_data pc_skeleton_data;
typedef struct pc_skeleton pc_skeleton;

/* Reading. `name` is used in messages (usually the path). NULL on failure, with *err filled. */
pc_skeleton_data *pc_read_file(const char *path, pc_error *err);
pc_skeleton_data *pc_read_text(const char *text, size_t len, const char *name, pc_error *err);
void pc_skeleton_data_free(pc_skeleton_data *data);

/* An instance: every allocation it needs is made here, none while posing. */
pc_skeleton *pc_skeleton_new(const pc_skeleton_data *data);
void pc_skeleton_free(pc_skeleton *sk);

/* Skins: a skin's name, "all" (every skin of the document added in order) or NULL for none.
 * Returns false when no skin has that name. */
bool pc_skeleton_set_skin(pc_skeleton *sk, const char *name);

void pc_skeleton_setup_pose(pc_skeleton *sk);
void pc_skeleton_update_world_transform(pc_skeleton *sk);

#endif
