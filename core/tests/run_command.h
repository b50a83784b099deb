/* A command run from a test (the repository's top is the working directory): its exit status, and up to
 * size - 1 bytes of its standard output in out. Shared by the tests of the command-line programs. */
#ifndef POSECORE_TEST_RUN_COMMAND_H
#define POSECORE_TEST_RUN_COMMAND_H

#include <check.h>
#include <stdio.h>
#include <sys/wait.h>

static int run_command(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    /* The rest unread (a long listing), so that the program is not stopped by SIGPIPE. */
    char rest[4096];
    while (fread(rest, 1, sizeof rest, p) > 0) {}
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#endif
