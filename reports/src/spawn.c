/* spawn_wait (spawn.h): fork, redirect, exec, wait. The CPU limit keeps a core that loops on some
 * input from hanging a report or a shrink. */
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int open_out(const char *path)
{
    return open(path ? path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0666);
}

int spawn_wait(char *const argv[], const char *out_path, const char *err_path, int cpu_seconds)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY), out = open_out(out_path), err = open_out(err_path);
        if (in < 0 || out < 0 || err < 0) _exit(127);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        if (cpu_seconds > 0) {
            struct rlimit rl = { (rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1 };
            setrlimit(RLIMIT_CPU, &rl);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status) == 127 ? -1 : WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}
