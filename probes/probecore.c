/* build/bin/probecore: `posecore dump` over a list of probes in one process (probes/run's core step).
 *
 *   probecore LIST PROBES OUT [posecore dump options...]
 *
 * For each NAME of LIST: `posecore dump PROBES/NAME.json OPTIONS [options...]`, OPTIONS the blank-
 * separated line of PROBES/NAME.args, its dump written to OUT/NAME.dump and its messages to OUT/NAME.err
 * (removed when empty). Each probe runs in a forked child that calls the CLI's own cmd_dump (the same
 * code `posecore dump` runs, linked from core/cli), so a crash or a rule selection stays in that child,
 * and no program is started and linked per probe (the cost that dominated). Prints NAME<TAB>STATUS per
 * probe: the exit status, or 128 + the signal that ended it. Exit 0, or 2 on bad usage. */
#include "../core/cli/commands.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char *read_line_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, f);
    fclose(f);
    if (n < 0) {
        free(line);
        return strdup("");
    }
    return line;
}

static int run_one(const char *dir, const char *out, const char *name, int extra_count, char **extra)
{
    size_t len = strlen(dir) + strlen(out) + strlen(name) + 16;
    char *json = malloc(len), *args_path = malloc(len), *dump = malloc(len), *err = malloc(len);
    snprintf(json, len, "%s/%s.json", dir, name);
    snprintf(args_path, len, "%s/%s.args", dir, name);
    snprintf(dump, len, "%s/%s.dump", out, name);
    snprintf(err, len, "%s/%s.err", out, name);
    char *args = read_line_file(args_path);
    if (!args) args = strdup("");

    /* argv: "dump", the document, the options line's words, then the extra options. */
    int cap = 4 + extra_count + (int)strlen(args) / 2 + 1, argc = 0;
    char **argv = calloc((size_t)cap, sizeof *argv);
    argv[argc++] = "dump";
    argv[argc++] = json;
    /* A --scenario file without a directory is beside the probe (probes/README.md). */
    char *beside = NULL;
    bool scenario_next = false;
    for (char *tok = strtok(args, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        if (scenario_next && !strchr(tok, '/') && !beside) {
            size_t n = strlen(dir) + strlen(tok) + 2;
            beside = malloc(n);
            if (beside) snprintf(beside, n, "%s/%s", dir, tok);
            argv[argc++] = beside ? beside : tok;
        } else {
            argv[argc++] = tok;
        }
        scenario_next = strcmp(tok, "--scenario") == 0;
    }
    for (int i = 0; i < extra_count; i++) argv[argc++] = extra[i];
    argv[argc] = NULL;

    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    int status;
    if (pid == 0) {
        int fd_out = open(dump, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        int fd_err = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd_out < 0 || fd_err < 0 || dup2(fd_out, 1) < 0 || dup2(fd_err, 2) < 0) _exit(125);
        close(fd_out);
        close(fd_err);
        int st = cmd_dump(argc, argv);
        fflush(stdout);
        fflush(stderr);
        /* _exit, not exit: exit would also "clean up" the list's stream, whose file offset the parent
         * shares, and move it back to what this child had read. */
        _exit(st);
    } else if (pid < 0) {
        fprintf(stderr, "probecore: fork: %s\n", strerror(errno));
        status = 126;
    } else {
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
        status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 127;
    }
    struct stat sb;
    if (stat(err, &sb) == 0 && sb.st_size == 0) unlink(err);
    free(argv);
    free(beside);
    free(args);
    free(json);
    free(args_path);
    free(dump);
    free(err);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: probecore LIST PROBES OUT [posecore dump options...]\n");
        return 2;
    }
    FILE *list = fopen(argv[1], "r");
    if (!list) {
        fprintf(stderr, "probecore: cannot read %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, list)) >= 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = '\0';
        if (n == 0) continue;
        int status = run_one(argv[2], argv[3], line, argc - 4, argv + 4);
        printf("%s\t%d\n", line, status);
    }
    free(line);
    fclose(list);
    return fflush(stdout) == 0 ? 0 : 2;
}
