/* Reading the document a verb names, or saying why it cannot be posed (commands.h). */
#include <stdio.h>

#include "commands.h"

pc_skeleton_data *read_document(const char *path, const pc_readings *readings, int *status)
{
    return read_document_atlas(path, NULL, readings, status);
}

pc_skeleton_data *read_document_atlas(const char *path, const char *atlas_path, const pc_readings *readings,
                                      int *status)
{
    pc_error err;
    pc_atlas *atlas = NULL;
    if (atlas_path) {
        atlas = pc_atlas_read_file(atlas_path, &err);
        if (!atlas) {
            fprintf(stderr, "posecore: %s: %s\n", path, err.message);
            *status = err.status;
            return NULL;
        }
    }
    pc_skeleton_data *data = pc_read_file_atlas(path, atlas, readings, &err);
    pc_atlas_free(atlas);
    if (!data) {
        fprintf(stderr, "posecore: %s\n", err.message);
        *status = err.status;
    }
    return data;
}

pc_skeleton_data *read_only_argument(int argc, char **argv, int *status)
{
    if (argc != 2) {
        fprintf(stderr, "usage: posecore %s SKELETON.json\n", argv[0]);
        *status = 2;
        return NULL;
    }
    return read_document(argv[1], NULL, status);
}
