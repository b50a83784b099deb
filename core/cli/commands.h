/* The verbs of build/bin/posecore: each lives in its own core/cli/cmd_*.c and is dispatched by
 * core/cli/posecore.c. A verb gets argv after the verb's name (argv[0] is the verb) and returns the exit
 * status: 0 success, 1 a result that is a failure (e.g. a mismatch), 2 bad input or usage. */
#ifndef POSECORE_COMMANDS_H
#define POSECORE_COMMANDS_H

#include "posecore.h"

int cmd_dump(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_jsmath(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_lengths(int argc, char **argv);
int cmd_bounds(int argc, char **argv);

/* Reads the document at `path` under `readings` (NULL: the current ones; read_document.c); NULL after
 * saying why on stderr ("posecore: MESSAGE"), *status then the exit status. */
pc_skeleton_data *read_document(const char *path, const pc_readings *readings, int *status);
/* read_document with the regions of the atlas at atlas_path (NULL: the stub atlas), read first. */
pc_skeleton_data *read_document_atlas(const char *path, const char *atlas_path, const pc_readings *readings,
                                      int *status);
/* A verb whose one argument is the document (`posecore VERB SKELETON.json`): read_document, or the
 * verb's usage line and status 2. */
pc_skeleton_data *read_only_argument(int argc, char **argv, int *status);

#endif
