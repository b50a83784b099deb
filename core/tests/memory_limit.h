/* For tests that run the core out of memory: the run happens in a forked child (so that what it does to
 * its heap, or its death, cannot take the test with it), its address space capped at what it maps now
 * plus a headroom, and the one-line message it leaves comes back to the test through a pipe. */
#ifndef POSECORE_TESTS_MEMORY_LIMIT_H
#define POSECORE_TESTS_MEMORY_LIMIT_H
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Caps this process's address space at what it maps now plus headroom bytes. False when
 * /proc/self/statm or setrlimit fails. */
static bool limit_address_space(size_t headroom)
{
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return false;
    bool read = fscanf(f, "%ld", &pages) == 1;
    fclose(f);
    if (!read) return false;
    rlim_t limit = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (rlim_t)headroom;
    struct rlimit rl = { limit, limit };
    return setrlimit(RLIMIT_AS, &rl) == 0;
}

/* Writes all len bytes of buf to fd (a pipe takes them in pieces). False when a write fails. */
static bool write_all(int fd, const char *buf, size_t len)
{
    for (size_t off = 0; off < len;) {
        ssize_t w = write(fd, buf + off, len - off);
        if (w <= 0) return false;
        off += (size_t)w;
    }
    return true;
}

/* What a child runs: it writes a message of up to size - 1 bytes (NUL-terminated) into msg. */
typedef void child_run(void *context, char *msg, size_t size);

/* Runs run(context, ...) in a forked child, its address space capped at headroom bytes over what it maps
 * (headroom 0: not capped), and copies the message it wrote into out (up to size - 1 bytes; "" when it
 * wrote none). True when the child exited with status 0, that is when it ran to the end and its message
 * was sent; *wait_status is the child's status as waitpid gives it. */
static bool run_in_child(size_t headroom, child_run *run, void *context, char *out, size_t size, int *wait_status)
{
    int fds[2];
    out[0] = '\0';
    *wait_status = -1;
    if (pipe(fds) != 0) return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        close(fds[0]);
        if (headroom && !limit_address_space(headroom)) _exit(3);
        char msg[1024] = "";
        run(context, msg, sizeof msg);
        _exit(write_all(fds[1], msg, strlen(msg)) ? 0 : 3);
    }
    close(fds[1]);
    size_t got = 0;
    for (ssize_t n; got < size - 1 && (n = read(fds[0], out + got, size - 1 - got)) > 0;) got += (size_t)n;
    out[got] = '\0';
    close(fds[0]);
    if (waitpid(pid, wait_status, 0) != pid) return false;
    return WIFEXITED(*wait_status) && WEXITSTATUS(*wait_status) == 0;
}
#endif
