/* Reading the document a verb names, or saying why it cannot be posed (commands.h). */
#include <stdio.h>

#include "commands.h"

pc_skeleton_data *read_document(const char *path, const pc_readings *readings, int *status)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_file(path, readings, &err);
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
