/* build/bin/casegate: the stored-case half of the corpus gate (gates/corpus_gate --no-rigs) in one
 * process, for judging mutants of the core quickly (gates/mutate.mjs, issue 20).
 *
 *   casegate [--corpus DIR] [--fail-fast] [--unsupported-fails] [--quiet] [--timeout SECONDS] [CASE...]
 *
 * Run from the top of the tree (the cases' options name files relative to it). For each stored case
 * (DIR/cases/NAME.json, in byte order of the names; or the CASEs named), with the options of
 * DIR/cases/NAME.args or else the `case` line of gates/options: `posecore dump DIR/cases/NAME.json
 * OPTIONS` by the CLI's own cmd_dump (linked from core/cli, as probes/probecore does), in a child forked
 * for the case (a case's rule readings, a crash or a hang stay its own: --timeout, default 120 s, ends
 * a case that runs longer, which fails), its output caught in memory. The verdicts are corpus_gate's:
 *   - a stored refusal (NAME.refused, no NAME.dump): stale unless its sha256 is the case's; passes when
 *     the core refuses the case (exit 2), fails otherwise;
 *   - a stored dump: stale (fails) unless its meta sha256 is the case's (and its scenario.sha256 the
 *     scenario's); the core exiting 0: passed when its dump is the stored one byte for byte but the meta
 *     lines (and holds no `unsupported` line), else both are read and compared by the differ library
 *     (posediff's verdicts: identical passes, identical-but-unsupported is unsupported, different or
 *     unreadable fails); exiting 3: when its dump is complete (its last line `end`) the two are compared
 *     and a difference fails, else unsupported; any other exit fails.
 * One line per case (`passed`, `FAILED`, `unsupported`, as corpus_gate words them; --quiet: only the
 * failures), then `N passed, M failed, K unsupported`. --fail-fast: stop at the first failure.
 * --unsupported-fails: an unsupported case fails (make mutate: every stored case passes on the real core,
 * so a mutant that leaves one unsupported has changed what the core poses), but for a case named
 * `unsupported-*`: a document spine-core poses and the core declares unsupported (corpus/README.md), whose
 * stored dump is there to fail a core that poses it otherwise (a mutant that drops the declaration). Exit 0 no
 * failure, 1 a failure, 2 bad usage or an input it cannot read. */
#define _GNU_SOURCE
#include "../core/cli/commands.h"
#include "../probes/sha256.h"
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "js/wholefile.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void die(const char *f, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    fputs("casegate: ", stderr);
    vfprintf(stderr, f, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
    va_list ap, aq;
    va_start(ap, f);
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = malloc((size_t)n + 1);
    if (!s) die("out of memory");
    vsnprintf(s, (size_t)n + 1, f, aq);
    va_end(aq);
    return s;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The sha256 of a file in hex, or "" when it cannot be read. */
static void file_sha256(const char *path, char out[65])
{
    size_t len;
    char *bytes = file_read(path, &len);
    out[0] = '\0';
    if (!bytes) return;
    sha256 s;
    sha256_init(&s);
    sha256_update(&s, bytes, len);
    sha256_hex(&s, out);
    free(bytes);
}

/* The value of the first line of text starting with prefix, up to the line's end (or up to a closing
 * quote when quoted), copied; NULL when there is none. */
static char *line_value(const char *text, const char *prefix, bool quoted)
{
    size_t n = strlen(prefix);
    for (const char *l = text; l && *l;) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        if (len >= n && memcmp(l, prefix, n) == 0) {
            const char *v = l + n, *end = l + len;
            if (quoted) {
                const char *q = memchr(v, '"', (size_t)(end - v));
                if (!q || end - v < 1 || end[-1] != '"' ) return NULL;
                end--;
            }
            return fmt("%.*s", (int)(end - v), v);
        }
        l = nl ? nl + 1 : NULL;
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------------------ */
/* The core's output, caught in memory files */

typedef struct output {
    char *bytes;
    size_t len, cap;
} output;

static void read_memory_file(int fd, output *o)
{
    off_t end = lseek(fd, 0, SEEK_CUR);
    if (end < 0) die("lseek: %s", strerror(errno));
    o->len = (size_t)end;
    if (o->len + 1 > o->cap) {
        o->cap = o->len + 1 + o->len / 2;
        o->bytes = realloc(o->bytes, o->cap);
        if (!o->bytes) die("out of memory");
    }
    size_t got = 0;
    while (got < o->len) {
        ssize_t n = pread(fd, o->bytes + got, o->len - got, (off_t)got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("cannot read a case's output: %s", strerror(errno));
        got += (size_t)n;
    }
    o->bytes[o->len] = '\0';
}

/* libgcov's, present only in a build with --coverage (gates/mutate.mjs's map of the lines each case runs). */
extern void __gcov_dump(void) __attribute__((weak));
/* LeakSanitizer's, present only in a sanitized build (make gate-asan): nonzero when the case's pose left
 * memory unreachable (it checks only while ASAN_OPTIONS says detect_leaks=1). */
extern int __lsan_do_recoverable_leak_check(void) __attribute__((weak));
/* The exit status of a case's child whose core leaked. */
#define CASE_LEAKED 86

/* `posecore dump JSON ARGS` in a child, its stdout and stderr into the memory files; its exit status
 * (128 + the signal when it died of one; SIGALRM after the timeout). */
static int pose(const char *json, const char *args_line, int out_fd, int err_fd, unsigned timeout)
{
    if (lseek(out_fd, 0, SEEK_SET) != 0 || lseek(err_fd, 0, SEEK_SET) != 0) die("lseek: %s", strerror(errno));
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) die("fork: %s", strerror(errno));
    if (pid == 0) {
        if (dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(126);
        struct rlimit none = { 0, 0 };
        setrlimit(RLIMIT_CORE, &none); /* no core file from a crashing mutant */
        alarm(timeout);
        char *args = fmt("%s", args_line);
        int cap = 3 + (int)strlen(args) / 2 + 1, argc = 0;
        char **argv = calloc((size_t)cap, sizeof *argv);
        if (!argv) _exit(126);
        argv[argc++] = "dump";
        argv[argc++] = (char *)json;
        for (char *tok = strtok(args, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) argv[argc++] = tok;
        argv[argc] = NULL;
        int status = cmd_dump(argc, argv);
        free(argv);
        free(args);
        fflush(stdout);
        fflush(stderr);
        if (__gcov_dump) __gcov_dump(); /* a --coverage build: the case's counts, which _exit would drop */
        /* _exit skips LeakSanitizer's own check at exit: asked here, everything the gate's process holds
         * is still reachable, so what it finds is the pose's. */
        if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check()) _exit(CASE_LEAKED);
        _exit(status & 0xff);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) die("waitpid: %s", strerror(errno));
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* ------------------------------------------------------------------------------------------------ */
/* Byte for byte but the meta lines (as probes/probecore.c judges a probe exact by its text) */

static bool is_meta_line(const char *line, const char *nl) { return nl - line >= 5 && memcmp(line, "meta\t", 5) == 0; }

static bool metas_read(const char *bytes, const size_t *starts, const size_t *ends, size_t count)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) die("out of memory");
    fputs("posecore-dump\t1\n", m);
    for (size_t i = 0; i < count; i++) fwrite(bytes + starts[i], 1, ends[i] - starts[i] + 1, m);
    fputs("end\t0\n", m);
    fclose(m);
    struct dump d;
    struct dump_error e;
    bool ok = dump_read_buffer(text, len, "metas", &d, &e);
    dump_free(&d);
    free(text);
    return ok;
}

static bool same_but_meta(const char *o, size_t olen, const output *dump)
{
    if (olen == 0 || o[olen - 1] != '\n' || dump->len == 0 || dump->bytes[dump->len - 1] != '\n') return false;
    size_t meta_starts[16], meta_ends[16], metas = 0;
    size_t o_meta_starts[16], o_meta_ends[16], o_metas = 0;
    bool posed = false;
    const char *o_begin = o, *o_end = o + olen, *c = dump->bytes, *c_end = dump->bytes + dump->len;
    for (;;) {
        const char *o_nl = o < o_end ? memchr(o, '\n', (size_t)(o_end - o)) : NULL;
        const char *c_nl = c < c_end ? memchr(c, '\n', (size_t)(c_end - c)) : NULL;
        if (o_nl && is_meta_line(o, o_nl)) {
            if (o_metas == 16) return false;
            o_meta_starts[o_metas] = (size_t)(o - o_begin), o_meta_ends[o_metas] = (size_t)(o_nl - o_begin), o_metas++;
            o = o_nl + 1;
            continue;
        }
        if (c_nl && is_meta_line(c, c_nl)) {
            if (posed || metas == 16) return false;
            meta_starts[metas] = (size_t)(c - dump->bytes), meta_ends[metas] = (size_t)(c_nl - dump->bytes), metas++;
            c = c_nl + 1;
            continue;
        }
        if (!o_nl || !c_nl) {
            if (o_nl || c_nl) return false;
            break;
        }
        if (o_nl - o != c_nl - c || memcmp(o, c, (size_t)(o_nl - o)) != 0) return false;
        if (c_nl - c >= 12 && memcmp(c, "unsupported\t", 12) == 0) return false;
        if (c_nl - c >= 5 && memcmp(c, "pose\t", 5) == 0) posed = true;
        o = o_nl + 1, c = c_nl + 1;
    }
    return metas_read(dump->bytes, meta_starts, meta_ends, metas) &&
           metas_read(o_begin, o_meta_starts, o_meta_ends, o_metas);
}

/* posediff's exit status for the stored dump and the core's output (0 identical, 1 different, 2
 * unreadable, 3 identical but unsupported); the first difference (or the reason) into *why. */
static int differ(const char *stored, const output *core, struct diff_report *report, char **why)
{
    struct dump od, cd;
    struct dump_error e;
    *why = NULL;
    if (!dump_read_file(stored, &od, &e)) {
        *why = fmt("%s", e.message);
        return 2;
    }
    if (!dump_read_buffer(core->bytes, core->len, "core.dump", &cd, &e)) {
        *why = fmt("%s", e.message);
        dump_free(&od);
        return 2;
    }
    int status;
    if (!dumpdiff_run(&od, &cd, report)) {
        *why = fmt("out of memory comparing");
        status = 2;
    } else {
        status = dumpdiff_exit_code(report);
        if (status == 1 && report->entry_count) {
            char *text = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&text, &len);
            if (!m) die("out of memory");
            dumpdiff_print_entry(m, &report->entries[0]);
            fclose(m);
            while (len && text[len - 1] == '\n') text[--len] = '\0';
            *why = text;
        } else if (status == 3 && report->note_count) {
            *why = fmt("unsupported by the %s: %.*s", report->notes[0].by_core ? "core" : "oracle",
                       (int)report->notes[0].decl->reason.len, report->notes[0].decl->reason.ptr);
        }
    }
    dump_free(&od);
    dump_free(&cd);
    return status;
}

/* The first line of the core's messages without "posecore: ". */
static char *first_line(const output *err)
{
    if (!err->len) return fmt("(no message)");
    const char *m = err->bytes;
    if (strncmp(m, "posecore: ", 10) == 0) m += 10;
    const char *nl = strchr(m, '\n');
    return fmt("%.*s", (int)(nl ? nl - m : (long)strlen(m)), m);
}

/* ------------------------------------------------------------------------------------------------ */

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int usage(void)
{
    fprintf(stderr, "usage: casegate [--corpus DIR] [--fail-fast] [--unsupported-fails] [--quiet] [--timeout SECONDS] "
                    "[CASE...]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *corpus = "corpus";
    bool fail_fast = false, quiet = false, unsupported_fails = false;
    unsigned timeout = 120;
    char **names = NULL;
    size_t count = 0, cap = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--corpus") == 0 && i + 1 < argc) corpus = argv[++i];
        else if (strcmp(a, "--fail-fast") == 0) fail_fast = true;
        else if (strcmp(a, "--unsupported-fails") == 0) unsupported_fails = true;
        else if (strcmp(a, "--quiet") == 0) quiet = true;
        else if (strcmp(a, "--timeout") == 0 && i + 1 < argc) timeout = (unsigned)atoi(argv[++i]);
        else if (a[0] == '-') return usage();
        else {
            if (count == cap && !(names = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names))) die("out of memory");
            size_t n = strlen(a);
            names[count++] = fmt("%.*s", (int)(n > 5 && strcmp(a + n - 5, ".json") == 0 ? n - 5 : n), a);
        }
    }
    if (!count) {
        char *dir = fmt("%s/cases", corpus);
        DIR *d = opendir(dir);
        if (!d) die("cannot read %s: %s", dir, strerror(errno));
        for (struct dirent *e; (e = readdir(d));) {
            size_t n = strlen(e->d_name);
            if (n <= 5 || strcmp(e->d_name + n - 5, ".json") != 0) continue;
            if (count == cap && !(names = realloc(names, (cap = cap ? cap * 2 : 512) * sizeof *names))) die("out of memory");
            names[count++] = fmt("%.*s", (int)(n - 5), e->d_name);
        }
        closedir(d);
        free(dir);
        qsort(names, count, sizeof *names, by_name);
    }
    /* The options of a case without NAME.args: the `case` line of gates/options. */
    char *options = file_read("gates/options", NULL);
    if (!options) die("cannot read gates/options (run from the top of the tree)");
    char *default_args = line_value(options, "case ", false);
    if (!default_args || !*default_args) die("gates/options holds no case line");

    int out_fd = memfd_create("casegate-dump", 0), err_fd = memfd_create("casegate-messages", 0);
    if (out_fd < 0 || err_fd < 0) die("memfd_create: %s", strerror(errno));
    output dump = { 0 }, err = { 0 };
    struct diff_report report;
    diff_report_init(&report, 5);
    unsigned long passed = 0, failed = 0, unsupported = 0;

#define PASS(...) (passed++, quiet ? 0 : printf("passed       cases/%s" __VA_ARGS__))
#define FAIL(...) (failed++, printf("FAILED       cases/%s: " __VA_ARGS__))
#define UNSUPPORTED(...)                                                                                   \
    (unsupported_fails && !expected_unsupported                                                             \
         ? (failed++, printf("FAILED       cases/%s: unsupported: " __VA_ARGS__))                            \
         : (unsupported++, quiet ? 0 : printf("unsupported  cases/%s: " __VA_ARGS__)))
    for (size_t k = 0; k < count && !(fail_fast && failed); k++) {
        const char *name = names[k];
        bool expected_unsupported = strncmp(name, "unsupported-", 12) == 0;
        char *json = fmt("%s/cases/%s.json", corpus, name), *args_path = fmt("%s/cases/%s.args", corpus, name);
        char *stored = fmt("%s/dumps/%s.dump", corpus, name), *refused = fmt("%s/dumps/%s.refused", corpus, name);
        char *args = exists(args_path) ? file_read(args_path, NULL) : fmt("%s", default_args);
        if (!args) die("cannot read %s", args_path);
        char *nl = strchr(args, '\n');
        if (nl) *nl = '\0';
        char have[65];
        file_sha256(json, have);

        if (!exists(stored) && exists(refused)) {
            char *text = file_read(refused, NULL);
            char *want = text ? line_value(text, "sha256 ", false) : NULL;
            if (!want || strcmp(want, have) != 0) {
                FAIL("the stored refusal is stale; run make corpus-refresh\n", name);
            } else {
                int rc = pose(json, args, out_fd, err_fd, timeout);
                if (rc == 2) {
                    PASS(" (refused as spine-core refuses it)\n", name);
                } else {
                    char *message = line_value(text, "message ", false);
                    FAIL("spine-core refuses it (%s) but the core exits %d\n", name, message ? message : "", rc);
                    free(message);
                }
            }
            free(want);
            free(text);
        } else if (!exists(stored)) {
            FAIL("no stored dump %s\n", name, stored);
        } else {
            size_t stored_len;
            char *stored_text = file_read(stored, &stored_len);
            if (!stored_text) die("cannot read %s", stored);
            char *want = line_value(stored_text, "meta\t\"sha256\"\t\"", true);
            /* a scenario file named by the options: the stored dump must be of this version of it */
            char *scenario = NULL, *scenario_want = NULL;
            const char *at = strstr(args, "--scenario ");
            char scenario_have[65] = "";
            if (at) {
                at += strlen("--scenario ");
                size_t n = strcspn(at, " \t");
                scenario = fmt("%.*s", (int)n, at);
                scenario_want = line_value(stored_text, "meta\t\"scenario.sha256\"\t\"", true);
                file_sha256(scenario, scenario_have);
            }
            if (!want || strcmp(want, have) != 0) {
                FAIL("the stored dump is stale (sha256 %s, case %s); run make corpus-refresh\n", name,
                     want ? want : "none", have);
            } else if (scenario && (!scenario_want || strcmp(scenario_want, scenario_have) != 0)) {
                FAIL("the stored dump is stale for its scenario %s; run make corpus-refresh\n", name, scenario);
            } else {
                int rc = pose(json, args, out_fd, err_fd, timeout);
                read_memory_file(out_fd, &dump);
                read_memory_file(err_fd, &err);
                char *why = NULL;
                if (rc == 0 && same_but_meta(stored_text, stored_len, &dump)) {
                    PASS("\n", name);
                } else if (rc == 3) {
                    /* a complete dump (its last line `end`) is compared: a difference fails */
                    size_t e = dump.len;
                    while (e && dump.bytes[e - 1] == '\n') e--;
                    size_t s = e;
                    while (s && dump.bytes[s - 1] != '\n') s--;
                    int d = e > s && e - s >= 3 && memcmp(dump.bytes + s, "end", 3) == 0
                                ? differ(stored, &dump, &report, &why) : 0;
                    if (d == 1) FAIL("%s\n", name, why ? why : "different");
                    else {
                        char *m = first_line(&err);
                        UNSUPPORTED("%s\n", name, m);
                        free(m);
                    }
                } else if (rc == CASE_LEAKED) {
                    FAIL("the core leaked memory (LeakSanitizer's report: make gate-asan)\n", name);
                } else if (rc != 0) {
                    char *m = first_line(&err);
                    if (rc >= 128) FAIL("the core died of signal %d%s: %s\n", name, rc - 128,
                                        rc - 128 == SIGALRM ? " (the timeout)" : "", m);
                    else FAIL("the core refused it: %s\n", name, m);
                    free(m);
                } else {
                    switch (differ(stored, &dump, &report, &why)) {
                    case 0: PASS("\n", name); break;
                    case 3: UNSUPPORTED("%s\n", name, why ? why : "unsupported"); break;
                    case 1: FAIL("%s\n", name, why ? why : "different"); break;
                    default: FAIL("%s\n", name, why ? why : "unreadable"); break;
                    }
                }
                free(why);
            }
            free(scenario);
            free(scenario_want);
            free(want);
            free(stored_text);
        }
        free(args);
        free(json);
        free(args_path);
        free(stored);
        free(refused);
    }
    printf("%lu passed, %lu failed, %lu unsupported\n", passed, failed, unsupported);
    diff_report_free(&report);
    for (size_t k = 0; k < count; k++) free(names[k]);
    free(names);
    free(options);
    free(default_args);
    free(dump.bytes);
    free(err.bytes);
    close(out_fd);
    close(err_fd);
    return failed ? 1 : 0;
}
