/* Running a program to completion with its standard output and error sent to files. */
#ifndef POSEREPORT_SPAWN_H
#define POSEREPORT_SPAWN_H

/* Runs argv[0] (searched in PATH when it has no '/') with stdin from /dev/null, stdout to out_path and
 * stderr to err_path (either NULL: /dev/null), limited to cpu_seconds of CPU time (0: no limit).
 * Returns its exit status, 128 + the signal that ended it, or -1 when it could not be started. */
int spawn_wait(char *const argv[], const char *out_path, const char *err_path, int cpu_seconds);

#endif
