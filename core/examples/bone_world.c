/* Reads a rig and prints a bone's world position in its setup pose: the program README.md shows.
 *   cc bone_world.c $(pkg-config --cflags --libs posecore) -o bone_world && ./bone_world RIG.json BONE */
#include <posecore.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    pc_error err;
    pc_skeleton_data *data = argc == 3 ? pc_read_file(argv[1], NULL, &err) : NULL;
    if (!data) return fprintf(stderr, "%s\n", argc == 3 ? err.message : "usage: bone_world RIG.json BONE"), 2;
    pc_skeleton *sk = pc_skeleton_new(data);
    int bone = pc_data_find_bone(data, argv[2]);
    if (!sk || bone < 0) return fprintf(stderr, "%s: no bone \"%s\"\n", argv[1], argv[2]), 2;
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    double world[6]; /* a, b, c, d, worldX, worldY */
    pc_skeleton_bone_world(sk, bone, world);
    printf("%s %.17g %.17g\n", argv[2], world[4], world[5]);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
    return 0;
}
