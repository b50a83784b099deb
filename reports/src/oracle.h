/* The oracle as a companion process: one `node oracle/pose_oracle.mjs batch` kept running, fed one job
 * line at a time and read back one status line per job (oracle/README.md, "batch"), so that posing
 * many documents costs one start of Node. */
#ifndef POSEREPORT_ORACLE_H
#define POSEREPORT_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct oracle {
    pid_t pid;
    FILE *to, *from; /* its stdin, its stdout */
};

enum oracle_answer {
    ORACLE_POSED = 0,          /* the dump is written */
    ORACLE_REFUSED = 2,        /* spine-core refused the document (message) */
    ORACLE_UNREPRESENTABLE = 3, /* accepted, but it holds a value the format cannot spell (message) */
    ORACLE_GONE = -1,          /* the process failed or ended (message) */
};

/* Starts node (NULL: "node") on script (e.g. "oracle/pose_oracle.mjs"). */
bool oracle_start(struct oracle *o, const char *node, const char *script, char *msg, size_t size);

/* Poses skeleton with the dump options argv[0..argc) into out_path. */
enum oracle_answer oracle_dump(struct oracle *o, const char *skeleton, const char *out_path, int argc,
                               char *const argv[], char *msg, size_t size);

/* Closes its input and waits for it. Harmless on an oracle never started. */
void oracle_stop(struct oracle *o);

#endif
