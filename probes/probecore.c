/* build/bin/probecore: the core's half of a probe run, posing and judging (probes/run's step 3;
 * probes/README.md).
 *
 *   probecore --list LIST --dir PROBES --keys KEYS --cache CACHE --report R --core-dir CD --records OUT
 *             [--stats FILE] [--crash-on NAME] [-- posecore dump options...]
 *
 * For each NAME of LIST: `posecore dump PROBES/NAME.json OPTIONS [options...]`, OPTIONS the blank-
 * separated line of PROBES/NAME.args, by the CLI's own cmd_dump (the code `posecore dump` runs, linked
 * from core/cli), its dump and its messages caught in memory. The oracle's answer (CACHE/KK/KEY.dump or
 * KEY.refused, KEY the probe's line of KEYS) is read and compared with that dump by the differ library
 * (core/src/dumpdiff.h), and the verdict is written to OUT as a record (probe_record.h) for `probediff
 * diff` to count. A miss is kept in R: NAME.json, NAME.args, NAME.oracle.dump (or NAME.oracle.refused),
 * NAME.core.dump, NAME.core.err (when the core said something) and NAME.diff (the differ's report); no
 * other file is written. CD only names the core's dumps in messages and reports (NAME's is CD/NAME.dump).
 * --stats FILE: appends a line of counts, JUDGED<TAB>WRITTEN<TAB>PARSED<TAB>BY_TEXT (probes judged, bytes
 * of dump text the core wrote and the dump reader parsed, probes found exact by comparing the text, which
 * needs no parse of the core's dump and no diff).
 *
 * Verdicts: exact (identical dumps, or both sides refuse the document), missed (any difference, one side
 * refusing what the other poses, the core failing), unsupported (the core says exit 3, the differ says
 * identical-but-unsupported, or the oracle cannot spell the runtime's values): never counted as exact.
 * A complete dump from a core that says exit 3 (the poses before an animation it does not pose) is still
 * compared: a difference in what it wrote is a miss.
 *
 * The probes run one after another in a worker process forked from this one. The options' rule
 * readings are process-wide, so a probecore serves one reading. A probe that crashes the worker is
 * recorded as the core failing, its status 128 + the signal, with what it had written, and a new worker
 * goes on with the next probe (a worker that exits, on an error it reports, ends the run). --crash-on
 * NAME makes the worker crash right after posing NAME (to test that). Exit 0, or 2 on bad usage or an
 * input or output it cannot use. */
#define _GNU_SOURCE
#include "../core/cli/commands.h"
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "probe_record.h"
#include "js/wholefile.h"

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

/* ------------------------------------------------------------------------------------------------ */
/* Small helpers */

static FILE *diagnostics; /* the original stderr: fd 2 holds a probe's messages while it runs */

static void die(const char *f, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    fputs("probecore: ", diagnostics);
    vfprintf(diagnostics, f, ap);
    fputc('\n', diagnostics);
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

/* The names of LIST, or the NAME<TAB>KEY lines of KEYS: the file's text split in place. */
typedef struct lines {
    char *text;
    char **first, **second; /* second[i]: after the first TAB, or NULL */
    size_t count;
} lines;

static void read_lines(const char *path, lines *l)
{
    memset(l, 0, sizeof *l);
    l->text = file_read(path, NULL);
    if (!l->text) die("cannot read %s: %s", path, strerror(errno));
    size_t cap = 0;
    for (char *line = l->text; *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = '\0';
        size_t n = strlen(line);
        while (n > 0 && line[n - 1] == '\r') line[--n] = '\0';
        if (n) {
            if (l->count == cap) {
                cap = cap ? cap * 2 : 1024;
                l->first = realloc(l->first, cap * sizeof *l->first);
                l->second = realloc(l->second, cap * sizeof *l->second);
                if (!l->first || !l->second) die("out of memory");
            }
            char *tab = strchr(line, '\t');
            if (tab) *tab++ = '\0';
            l->first[l->count] = line;
            l->second[l->count] = tab;
            l->count++;
        }
        if (!next) break;
        line = next;
    }
}

/* A probe's output as the core wrote it. */
typedef struct output {
    char *bytes;
    size_t len, cap;
} output;

/* What was written to the memory file fd since it was last rewound (its offset, which the worker's
 * descriptor shares) into o. */
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
        if (n <= 0) die("cannot read a probe's output: %s", strerror(errno));
        got += (size_t)n;
    }
    o->bytes[o->len] = '\0';
}

/* ------------------------------------------------------------------------------------------------ */
/* Judging one probe */

typedef struct run {
    const char *dir, *cache, *report, *core_dir;
    FILE *records;
    struct counts *counts; /* shared with the workers */
} run;

/* What went through: probes judged, dump text the core wrote and the reader parsed (bytes), probes found
 * exact by comparing text. In memory the workers share with the parent, so a crash loses none. */
struct counts {
    unsigned long long judged, written, parsed, by_text;
};

/* The text of a first difference, without the value: "pose bone a", "data data.bone rotation", ... */
static char *first_difference(const struct diff_entry *e)
{
    static const char *const kinds[] = { "", "field missing", "field extra", "row missing", "row extra",
                                         "block missing", "block extra", "pose missing", "pose extra" };
    const char *where = e->pose < 0 ? "data" : "pose";
    if (e->kind == DIFF_VALUE || e->kind == DIFF_FIELD_MISSING || e->kind == DIFF_FIELD_EXTRA)
        return fmt("%s %.*s %.*s%s%s", where, (int)e->block.len, e->block.ptr ? e->block.ptr : "",
                   (int)e->field.len, e->field.ptr ? e->field.ptr : "", e->kind == DIFF_VALUE ? "" : ": ",
                   kinds[e->kind]);
    return fmt("%s %.*s: %s", where, (int)e->block.len, e->block.ptr ? e->block.ptr : "", kinds[e->kind]);
}

/* One line of an entry as dumpdiff prints it. */
static char *entry_text(const struct diff_entry *e)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) die("out of memory");
    dumpdiff_print_entry(m, e);
    fclose(m);
    while (len && (text[len - 1] == '\n')) text[--len] = '\0';
    return text;
}

/* The first line of the core's messages, without "posecore: " and the probe's path. */
static char *core_message(const output *err, const char *name)
{
    if (err->len == 0) return fmt("(no message)");
    char *t = fmt("%s", err->bytes);
    char *nl = strchr(t, '\n');
    if (nl) *nl = '\0';
    const char *m = t;
    if (strncmp(m, "posecore: ", 10) == 0) m += 10;
    char *at = strstr(m, name);
    if (at) {
        const char *colon = strstr(at, ": ");
        if (colon) m = colon + 2;
    }
    char *r = fmt("%s", *m ? m : "(no message)");
    free(t);
    return r;
}

static void write_file(const char *path, const char *bytes, size_t len)
{
    if (!file_write(path, bytes, len)) die("cannot write %s", path);
}

static void keep_miss(const run *r, const char *name, const char *oracle_path, bool oracle_refused,
                      const output *dump, const output *err, const char *diff_text, size_t diff_len)
{
    static const char *const ext[] = { "json", "args" };
    for (int k = 0; k < 2; k++) {
        char *from = fmt("%s/%s.%s", r->dir, name, ext[k]), *to = fmt("%s/%s.%s", r->report, name, ext[k]);
        file_copy(from, to);
        free(from);
        free(to);
    }
    char *to;
    if (oracle_path) {
        to = fmt("%s/%s.oracle.%s", r->report, name, oracle_refused ? "refused" : "dump");
        file_copy(oracle_path, to);
        free(to);
    }
    to = fmt("%s/%s.core.dump", r->report, name);
    write_file(to, dump->bytes, dump->len);
    free(to);
    if (err->len) {
        to = fmt("%s/%s.core.err", r->report, name);
        write_file(to, err->bytes, err->len);
        free(to);
    }
    to = fmt("%s/%s.diff", r->report, name);
    write_file(to, diff_text, diff_len);
    free(to);
}

/* The core's meta lines on their own, as a dump: whether they read. */
static bool metas_read(const output *dump, const size_t *starts, const size_t *ends, size_t count)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) die("out of memory");
    fputs("posecore-dump\t1\n", m);
    for (size_t i = 0; i < count; i++) fwrite(dump->bytes + starts[i], 1, ends[i] - starts[i] + 1, m);
    fputs("end\t0\n", m);
    fclose(m);
    struct dump d;
    struct dump_error e;
    bool ok = dump_read_buffer(text, len, "metas", &d, &e);
    dump_free(&d);
    free(text);
    return ok;
}

static bool is_meta_line(const char *line, const char *nl) { return nl - line >= 5 && memcmp(line, "meta\t", 5) == 0; }

/* The oracle's dump: its bytes as written and as read (od; ok when it reads). */
typedef struct oracle_answer {
    char *bytes;
    size_t len;
    struct dump od;
    struct dump_error err;
    bool ok;
} oracle_answer;

static void read_oracle(run *r, const char *path, oracle_answer *a)
{
    memset(a, 0, sizeof *a);
    a->bytes = file_read(path, &a->len);
    if (a->bytes) {
        r->counts->parsed += a->len;
        a->ok = dump_read_buffer(a->bytes, a->len, path, &a->od, &a->err);
    } else {
        a->ok = dump_read_file(path, &a->od, &a->err); /* for its message */
    }
}

static void free_oracle(oracle_answer *a)
{
    dump_free(&a->od);
    free(a->bytes);
}

/* Whether the core's dump is the oracle's (read, without `unsupported` lines) line for line once the
 * `meta` lines of both are left out, the core's being valid and before its first pose: then the differ
 * would find them identical (it compares no meta), and the verdict exact needs neither a parse of the
 * core's dump nor a diff. */
static bool same_but_meta(const oracle_answer *a, const output *dump)
{
    if (!a->ok || a->od.unsupported_count != 0 || a->len == 0 || a->bytes[a->len - 1] != '\n' || dump->len == 0 ||
        dump->bytes[dump->len - 1] != '\n')
        return false;
    size_t meta_starts[16], meta_ends[16], metas = 0;
    bool posed = false; /* the core's first pose line has passed */
    const char *o = a->bytes, *o_end = a->bytes + a->len, *c = dump->bytes, *c_end = dump->bytes + dump->len;
    for (;;) {
        const char *o_nl = o < o_end ? memchr(o, '\n', (size_t)(o_end - o)) : NULL;
        const char *c_nl = c < c_end ? memchr(c, '\n', (size_t)(c_end - c)) : NULL;
        if (o_nl && is_meta_line(o, o_nl)) {
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
            if (o_nl || c_nl) return false; /* one has lines left */
            break;
        }
        if (o_nl - o != c_nl - c || memcmp(o, c, (size_t)(o_nl - o)) != 0) return false;
        if (c_nl - c >= 5 && memcmp(c, "pose\t", 5) == 0) posed = true;
        o = o_nl + 1, c = c_nl + 1;
    }
    return metas_read(dump, meta_starts, meta_ends, metas);
}

static void write_record(const run *r, const char *name, const char *verdict, const char *why, const char *example)
{
    fprintf(r->records, "%s\t%s\t", name, verdict);
    record_put_text(r->records, why);
    fputc('\t', r->records);
    record_put_text(r->records, example);
    fputc('\n', r->records);
    if (fflush(r->records) != 0) die("cannot write the records");
}

/* The verdict on probe NAME (cache key KEY) whose core exited rc having written dump and err. */
static void judge(run *r, const char *name, const char *key, int rc, const output *dump, const output *err,
                  struct diff_report *report)
{
    char *oracle_dump = fmt("%s/%.2s/%s.dump", r->cache, key, key);
    char *oracle_refused = fmt("%s/%.2s/%s.refused", r->cache, key, key);
    char *core_dump = fmt("%s/%s.dump", r->core_dir, name);
    bool have_dump = exists(oracle_dump), refused = !have_dump && exists(oracle_refused);
    char *refusal = refused ? file_read(oracle_refused, NULL) : NULL;
    if (refusal) {
        char *nl = strchr(refusal, '\n');
        if (nl) *nl = '\0';
    }
    bool unrepresentable = refusal && strstr(refusal, "unrepresentable:") != NULL;

    /* Whether the core's dump reads whole (its `end` line included). */
    bool core_complete = false;
    if (rc == 3 && have_dump) {
        struct dump d;
        struct dump_error e;
        core_complete = dump_read_buffer(dump->bytes, dump->len, core_dump, &d, &e);
        r->counts->parsed += dump->len;
        dump_free(&d);
    }

    r->counts->judged++;
    r->counts->written += dump->len;
    oracle_answer answer = { 0 };
    bool compared = have_dump && (rc == 0 || (rc == 3 && core_complete)); /* the last branch below */
    if (compared) read_oracle(r, oracle_dump, &answer);
    if (rc == 0 && compared && same_but_meta(&answer, dump)) { /* most probes */
        r->counts->by_text++;
        write_record(r, name, "exact", NULL, NULL);
        free_oracle(&answer);
        free(oracle_dump);
        free(oracle_refused);
        free(core_dump);
        return;
    }

    char *diff_text = NULL;
    size_t diff_len = 0;
    FILE *diff = open_memstream(&diff_text, &diff_len);
    if (!diff) die("out of memory");
    enum { EXACT, BOTH_REFUSED, MISS, UNSUPPORTED } verdict = MISS;
    char *why = NULL, *example = NULL;

    if (rc == 3 && !(have_dump && core_complete)) {
        verdict = UNSUPPORTED;
        why = core_message(err, name);
        example = fmt("%s", name);
    } else if (unrepresentable) {
        verdict = UNSUPPORTED;
        why = fmt("oracle: unrepresentable value");
        example = fmt("%s", name);
    } else if (!have_dump && !refused) {
        why = fmt("no oracle answer");
        example = fmt("%s (the oracle's batch left nothing in the cache)", name);
    } else if (refused) {
        if (rc == 2) {
            verdict = BOTH_REFUSED;
        } else {
            why = rc == 0 ? fmt("core posed what the oracle refused") : fmt("core failed (exit %d)", rc);
            example = fmt("%s: oracle: %s", name, refusal);
            fprintf(diff, "the oracle refused it: %s\nthe core exited %d\n", refusal, rc);
        }
    } else if (rc == 2) {
        why = fmt("core refused what the oracle posed");
        char *m = core_message(err, name);
        example = fmt("%s: %s", name, m);
        fprintf(diff, "the core refused it: %s\n", m);
        free(m);
    } else if (rc != 0 && rc != 3) {
        why = fmt("core failed (exit %d)", rc);
        example = fmt("%s", name);
        fprintf(diff, "the core exited %d\n", rc);
    } else {
        struct dump *od = &answer.od, cd;
        struct dump_error e;
        memset(&cd, 0, sizeof cd);
        if (!answer.ok) {
            why = fmt("oracle dump unreadable");
            example = fmt("%s: %s", name, answer.err.message);
            fprintf(diff, "%s\n", answer.err.message);
        } else if ((r->counts->parsed += dump->len, !dump_read_buffer(dump->bytes, dump->len, core_dump, &cd, &e))) {
            why = fmt("core dump unreadable");
            example = fmt("%s: %s", name, e.message);
            fprintf(diff, "%s\n", e.message);
        } else if (!dumpdiff_run(od, &cd, report)) {
            die("out of memory");
        } else if (rc == 3 && report->verdict != DIFF_DIFFERENT) {
            verdict = UNSUPPORTED;
            why = core_message(err, name);
            example = fmt("%s", name);
        } else if (report->verdict == DIFF_IDENTICAL) {
            verdict = EXACT;
        } else if (report->verdict == DIFF_IDENTICAL_BUT_UNSUPPORTED) {
            verdict = UNSUPPORTED;
            why = report->note_count ? fmt("%s: %.*s", report->notes[0].by_core ? "core" : "oracle",
                                           (int)report->notes[0].decl->reason.len, report->notes[0].decl->reason.ptr)
                                     : fmt("unsupported");
            example = fmt("%s", name);
        } else {
            why = report->entry_count ? first_difference(&report->entries[0]) : fmt("different");
            char *t = report->entry_count ? entry_text(&report->entries[0]) : fmt("-");
            example = fmt("%s: %s", name, t);
            free(t);
            /* The report names the dumps as the miss keeps them, not by the run's own paths (the cache,
             * the work directory): the same bytes from every run and every host (probes/merge). */
            char *kept_oracle = fmt("%s.oracle.dump", name), *kept_core = fmt("%s.core.dump", name);
            const char *oracle_path = od->path;
            od->path = kept_oracle;
            cd.path = kept_core;
            dumpdiff_print(diff, od, &cd, report, false);
            od->path = oracle_path;
            free(kept_oracle);
            free(kept_core);
        }
        dump_free(&cd);
    }
    fclose(diff);
    if (compared) free_oracle(&answer);
    static const char *const names[] = { "exact", "both-refused", "missed", "unsupported" };
    write_record(r, name, names[verdict], why, example);
    if (verdict == MISS)
        keep_miss(r, name, have_dump ? oracle_dump : refused ? oracle_refused : NULL, refused, dump, err, diff_text,
                  diff_len);
    free(why);
    free(example);
    free(diff_text);
    free(refusal);
    free(oracle_dump);
    free(oracle_refused);
    free(core_dump);
}

/* ------------------------------------------------------------------------------------------------ */
/* Posing: the worker */

typedef struct probes {
    run r;
    const char *stats; /* where the counts are appended, or NULL */
    lines list;
    const char **keys; /* keys[i]: the cache key of list.first[i] */
    int extra_count;
    char **extra;
    const char *crash_on;
    int out_fd, err_fd; /* the memory files a probe's stdout and stderr go to */
} probes;

/* Rewinds a memory file (not truncated: its pages are kept for the next probe, what lies past the offset
 * is never read). */
static void rewind_memory_file(int fd)
{
    if (lseek(fd, 0, SEEK_SET) != 0) die("cannot rewind a memory file: %s", strerror(errno));
}

/* `posecore dump` of probe i into the memory files; its exit status. */
static int pose(const probes *p, size_t i)
{
    const char *name = p->list.first[i];
    char *json = fmt("%s/%s.json", p->r.dir, name), *args_path = fmt("%s/%s.args", p->r.dir, name);
    char *args = file_read(args_path, NULL);
    if (!args) args = fmt("%s", "");
    char *nl = strchr(args, '\n'); /* the first line only */
    if (nl) *nl = '\0';

    /* argv: "dump", the document, the options line's words, then the extra options. */
    int cap = 4 + p->extra_count + (int)strlen(args) / 2 + 1, argc = 0;
    char **argv = calloc((size_t)cap, sizeof *argv);
    if (!argv) die("out of memory");
    argv[argc++] = "dump";
    argv[argc++] = json;
    for (char *tok = strtok(args, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) argv[argc++] = tok;
    for (int k = 0; k < p->extra_count; k++) argv[argc++] = p->extra[k];
    argv[argc] = NULL;

    int status = cmd_dump(argc, argv);
    fflush(stdout);
    fflush(stderr);
    free(argv);
    free(args);
    free(json);
    free(args_path);
    return status;
}

/* Appends the counts to the stats file: judged, written, parsed, by text. */
static void write_stats(const probes *p)
{
    if (!p->stats) return;
    FILE *f = fopen(p->stats, "a");
    if (!f) die("cannot write %s", p->stats);
    const struct counts *c = p->r.counts;
    fprintf(f, "%llu\t%llu\t%llu\t%llu\n", c->judged, c->written, c->parsed, c->by_text);
    if (fclose(f) != 0) die("cannot write %s", p->stats);
}

/* Poses and judges probes from..count, writing their records; never returns. */
static void work(probes *p, size_t from)
{
    if (dup2(p->out_fd, 1) < 0 || dup2(p->err_fd, 2) < 0) die("dup2: %s", strerror(errno));
    output dump = { 0 }, err = { 0 };
    struct diff_report report;
    diff_report_init(&report, 20);
    for (size_t i = from; i < p->list.count; i++) {
        rewind_memory_file(p->out_fd);
        rewind_memory_file(p->err_fd);
        int status = pose(p, i);
        if (p->crash_on && strcmp(p->crash_on, p->list.first[i]) == 0) {
            struct rlimit none = { 0, 0 };
            setrlimit(RLIMIT_CORE, &none); /* no core file */
            raise(SIGSEGV);
        }
        read_memory_file(p->out_fd, &dump);
        read_memory_file(p->err_fd, &err);
        judge(&p->r, p->list.first[i], p->keys[i], status, &dump, &err, &report);
    }
    diff_report_free(&report);
    free(dump.bytes);
    free(err.bytes);
    fflush(p->r.records);
    _exit(0); /* not exit: nothing of the parent's to clean up */
}

/* ------------------------------------------------------------------------------------------------ */

static int usage(void)
{
    fprintf(stderr, "usage: probecore --list LIST --dir PROBES --keys KEYS --cache CACHE --report R --core-dir CD "
                    "--records OUT [--stats FILE] [--crash-on NAME] [-- posecore dump options...]\n");
    return 2;
}

int main(int argc, char **argv)
{
    diagnostics = stderr;
    const char *list_path = NULL, *keys_path = NULL, *records_path = NULL;
    probes p;
    memset(&p, 0, sizeof p);
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (!v) return usage();
        if (strcmp(a, "--list") == 0) list_path = v;
        else if (strcmp(a, "--dir") == 0) p.r.dir = v;
        else if (strcmp(a, "--keys") == 0) keys_path = v;
        else if (strcmp(a, "--cache") == 0) p.r.cache = v;
        else if (strcmp(a, "--report") == 0) p.r.report = v;
        else if (strcmp(a, "--core-dir") == 0) p.r.core_dir = v;
        else if (strcmp(a, "--records") == 0) records_path = v;
        else if (strcmp(a, "--crash-on") == 0) p.crash_on = v;
        else if (strcmp(a, "--stats") == 0) p.stats = v;
        else return usage();
        i++;
    }
    if (!list_path || !p.r.dir || !keys_path || !p.r.cache || !p.r.report || !p.r.core_dir || !records_path)
        return usage();
    p.extra_count = argc - i;
    p.extra = argv + i;

    /* diagnostics keep the original stderr; the worker's fd 2 becomes a probe's messages */
    int saved = dup(2);
    if (saved < 0 || !(diagnostics = fdopen(saved, "w"))) die("dup: %s", strerror(errno));
    setvbuf(diagnostics, NULL, _IONBF, 0);

    read_lines(list_path, &p.list);
    lines keys;
    read_lines(keys_path, &keys);
    /* each probe's key, by a pass over both in order (KEYS lists every probe of the run, LIST a share) */
    p.keys = calloc(p.list.count + 1, sizeof *p.keys);
    if (!p.keys) die("out of memory");
    for (size_t k = 0, at = 0; k < p.list.count; k++) {
        size_t start = at;
        while (at < keys.count && strcmp(keys.first[at], p.list.first[k]) != 0) at++;
        if (at == keys.count) /* out of order: look from the top */
            for (at = 0; at < start && strcmp(keys.first[at], p.list.first[k]) != 0; at++) {}
        if (at >= keys.count || strcmp(keys.first[at], p.list.first[k]) != 0 || !keys.second[at])
            die("%s has no key in %s", p.list.first[k], keys_path);
        p.keys[k] = keys.second[at];
    }
    p.r.records = fopen(records_path, "w");
    if (!p.r.records) die("cannot write %s: %s", records_path, strerror(errno));
    if (mkdir(p.r.report, 0777) != 0 && errno != EEXIST) die("cannot make %s: %s", p.r.report, strerror(errno));
    p.r.counts = mmap(NULL, sizeof *p.r.counts, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p.r.counts == MAP_FAILED) die("mmap: %s", strerror(errno));
    memset(p.r.counts, 0, sizeof *p.r.counts);
    p.out_fd = memfd_create("probecore-dump", 0);
    p.err_fd = memfd_create("probecore-messages", 0);
    if (p.out_fd < 0 || p.err_fd < 0) die("memfd_create: %s", strerror(errno));

    /* Workers, one after another: each goes on from the first probe without a record. */
    size_t done = 0;
    output dump = { 0 }, err = { 0 };
    struct diff_report report;
    diff_report_init(&report, 20);
    while (done < p.list.count) {
        fflush(p.r.records);
        long before = ftell(p.r.records);
        pid_t pid = fork();
        if (pid < 0) die("fork: %s", strerror(errno));
        if (pid == 0) work(&p, done);
        int st;
        while (waitpid(pid, &st, 0) < 0)
            if (errno != EINTR) die("waitpid: %s", strerror(errno));
        /* the worker shares the records file: count the records it wrote, dropping a line it left
         * unfinished */
        if (fseek(p.r.records, 0, SEEK_END) != 0) die("cannot read back %s", records_path);
        long after = ftell(p.r.records), kept = before;
        char *text = file_read(records_path, NULL);
        if (!text) die("cannot read back %s", records_path);
        for (long c = before; c < after; c++)
            if (text[c] == '\n') done++, kept = c + 1;
        free(text);
        if (kept != after && (ftruncate(fileno(p.r.records), kept) != 0 || fseek(p.r.records, kept, SEEK_SET) != 0))
            die("cannot truncate %s", records_path);
        if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && done == p.list.count) break;
        /* The core never exits by itself: a worker that exits did so on an error it has reported. */
        if (WIFEXITED(st)) die("a worker failed (exit %d)", WEXITSTATUS(st));
        if (done >= p.list.count) die("a worker ended by signal %d after the last probe", WTERMSIG(st));
        /* the probe it was posing */
        int rc = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 127;
        read_memory_file(p.out_fd, &dump);
        read_memory_file(p.err_fd, &err);
        judge(&p.r, p.list.first[done], p.keys[done], rc, &dump, &err, &report);
        done++;
    }
    diff_report_free(&report);
    free(dump.bytes);
    free(err.bytes);
    write_stats(&p);
    bool ok = fclose(p.r.records) == 0;
    if (!ok) die("cannot write %s", records_path);
    return 0;
}
