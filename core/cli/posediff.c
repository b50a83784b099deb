/* posediff ORACLE.dump CORE.dump [--max N] [--quiet]: compares two dumps bit for bit (oracle/FORMAT.md,
 * "The differ"). Exit 0 identical, 1 different, 2 unreadable or invalid input (or bad usage),
 * 3 identical in everything compared but something unsupported. */
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(const char *why)
{
    fprintf(stderr, "posediff: %s\nusage: posediff ORACLE.dump CORE.dump [--max N] [--quiet]\n", why);
    return 2;
}

static bool parse_max(const char *s, size_t *out)
{
    if (!*s) return false;
    size_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (size_t)-1 / 10 - 10) return false;
        v = v * 10 + (size_t)(*s - '0');
    }
    *out = v;
    return true;
}

int main(int argc, char **argv)
{
    const char *paths[2];
    int npaths = 0;
    size_t max = 20;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(argv[i], "--max") == 0) {
            if (i + 1 >= argc || !parse_max(argv[i + 1], &max)) return usage("--max needs a whole number");
            i++;
        } else if (strncmp(argv[i], "--max=", 6) == 0) {
            if (!parse_max(argv[i] + 6, &max)) return usage("--max needs a whole number");
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            char why[300];
            snprintf(why, sizeof why, "unknown option %.200s", argv[i]);
            return usage(why);
        } else if (npaths < 2) {
            paths[npaths++] = argv[i];
        } else {
            return usage("too many arguments");
        }
    }
    if (npaths != 2) return usage("need two dumps, the oracle's and the core's");

    struct dump oracle, core;
    struct dump_error err;
    if (!dump_read_file(paths[0], &oracle, &err)) {
        fprintf(stderr, "posediff: %s\n", err.message);
        return 2;
    }
    if (!dump_read_file(paths[1], &core, &err)) {
        fprintf(stderr, "posediff: %s\n", err.message);
        dump_free(&oracle);
        return 2;
    }

    struct diff_report report;
    diff_report_init(&report, max);
    int status;
    if (!dumpdiff_run(&oracle, &core, &report)) {
        fprintf(stderr, "posediff: out of memory comparing %s and %s\n", paths[0], paths[1]);
        status = 2;
    } else {
        dumpdiff_print(stdout, &oracle, &core, &report, quiet);
        status = dumpdiff_exit_code(&report);
    }
    if (fflush(stdout) != 0 && status != 2) {
        fprintf(stderr, "posediff: cannot write the output\n");
        status = 2;
    }
    diff_report_free(&report);
    dump_free(&oracle);
    dump_free(&core);
    return status;
}
