/* The oracle's batch process (oracle.h). Job lines are JSON arrays of strings written with Jansson (so
 * any path or option is escaped right); the answer is `ok<TAB>OUT` or `error<TAB>OUT<TAB>MESSAGE`. */
#include "oracle.h"

#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

bool oracle_start(struct oracle *o, const char *node, const char *script, char *msg, size_t size)
{
    memset(o, 0, sizeof *o);
    int to[2], from[2];
    if (pipe(to) != 0) {
        snprintf(msg, size, "cannot make a pipe for the oracle");
        return false;
    }
    if (pipe(from) != 0) {
        close(to[0]);
        close(to[1]);
        snprintf(msg, size, "cannot make a pipe for the oracle");
        return false;
    }
    /* A write to an oracle that died must fail with EPIPE, not end this process. */
    signal(SIGPIPE, SIG_IGN);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(msg, size, "cannot start the oracle");
        return false;
    }
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        const char *n = node ? node : "node";
        execlp(n, n, script, "batch", (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    o->pid = pid;
    o->to = fdopen(to[1], "w");
    o->from = fdopen(from[0], "r");
    if (!o->to || !o->from) {
        snprintf(msg, size, "cannot talk to the oracle");
        oracle_stop(o);
        return false;
    }
    return true;
}

enum oracle_answer oracle_dump(struct oracle *o, const char *skeleton, const char *out_path, int argc,
                               char *const argv[], char *msg, size_t size)
{
    if (!o->to || !o->from) {
        snprintf(msg, size, "the oracle is not running");
        return ORACLE_GONE;
    }
    json_t *job = json_array();
    json_array_append_new(job, json_string("dump"));
    json_array_append_new(job, json_string(skeleton));
    json_array_append_new(job, json_string("--out"));
    json_array_append_new(job, json_string(out_path));
    for (int i = 0; i < argc; i++) json_array_append_new(job, json_string(argv[i]));
    char *line = json_dumps(job, JSON_COMPACT);
    json_decref(job);
    if (!line) {
        snprintf(msg, size, "cannot spell the oracle's job (a path that is not UTF-8?)");
        return ORACLE_GONE;
    }
    int w = fprintf(o->to, "%s\n", line);
    free(line);
    if (w < 0 || fflush(o->to) != 0) {
        snprintf(msg, size, "the oracle is gone (cannot write its job)");
        return ORACLE_GONE;
    }
    char *answer = NULL;
    size_t cap = 0;
    ssize_t n = getline(&answer, &cap, o->from);
    if (n <= 0) {
        free(answer);
        snprintf(msg, size, "the oracle is gone (no answer)");
        return ORACLE_GONE;
    }
    answer[strcspn(answer, "\n")] = '\0';
    enum oracle_answer result;
    if (strncmp(answer, "ok\t", 3) == 0) {
        result = ORACLE_POSED;
        if (size) msg[0] = '\0';
    } else if (strncmp(answer, "error\t", 6) == 0) {
        const char *m = strchr(answer + 6, '\t');
        m = m ? m + 1 : answer + 6;
        snprintf(msg, size, "%s", m);
        result = strstr(m, "unrepresentable:") ? ORACLE_UNREPRESENTABLE
                 : strstr(m, "oracle bug") || strstr(m, "cannot write") ? ORACLE_GONE
                                                                         : ORACLE_REFUSED;
    } else {
        snprintf(msg, size, "the oracle answered something else: %.200s", answer);
        result = ORACLE_GONE;
    }
    free(answer);
    return result;
}

void oracle_stop(struct oracle *o)
{
    if (o->to) fclose(o->to);
    if (o->from) fclose(o->from);
    if (o->pid > 0) {
        int status;
        waitpid(o->pid, &status, 0);
    }
    memset(o, 0, sizeof *o);
}
