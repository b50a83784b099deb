/* build/tests/numtext_check: core/src/numtext against its references, at scale (make numtext-check;
 * a sample in make test).
 *
 *   numtext_check float32 [--step K] [--part I/N] [--reference] [--node]
 *       every K-th float32 bit pattern (K = 1: all 2^32), widened to a double
 *   numtext_check ranges [--width W] [--around A] [--part I/N] [--reference] [--node]
 *       every double of fourteen windows of W consecutive ones (the smallest and the largest subnormals,
 *       the largest doubles, around 1, -1, 0.1, 1e-7, 1e-6, 1e16, 1e17, 2^53, 1e21, 1e22, 1e300) and the
 *       2A + 1 around every power of two (A = 64)
 *   numtext_check random [--count N] [--seed S] [--part I/N] [--reference] [--node]
 *       N doubles drawn in turn from every class of numtext_draws.h
 *   numtext_check parse [--count N] [--seed S] [--part I/N]
 *       N texts drawn in turn from every text class of numtext_draws.h, read by numtext_parse and by the
 *       strtod reference: the same verdict and the same bits
 *
 * Spellings are compared with the printf/strtod reference (--reference, numtext_reference.h) and with
 * Node's String(x) (--node: core/tests/numtext_node.mjs in batches of a million, its "0" for -0 read as
 * "-0"); without either, the spelling is only read back. Every spelling must also read back to its bits
 * through numtext_parse. --part I/N does the I-th of N equal shares; --jobs N runs the N shares in
 * N processes at once and prints their lines in order. Prints a line per class with counts and time, the
 * first differences, and a total; exit 0 when nothing differs, 1 otherwise, 2 on bad usage or a failed
 * Node. */
#include "js/numtext.h"
#include "numtext_draws.h"
#include "numtext_reference.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BATCH (1u << 20)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- Node ---- */

typedef struct node_pipe {
    pid_t pid;
    int to, from;
    char *answer;
    size_t answer_cap;
} node_pipe;

static bool node_start(node_pipe *n, const char *script)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return false;
    n->pid = fork();
    if (n->pid < 0) return false;
    if (n->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        const char *node = getenv("NODE") ? getenv("NODE") : "node";
        execlp(node, node, script, (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    n->to = in[1], n->from = out[0];
    n->answer = NULL, n->answer_cap = 0;
    return true;
}

static bool write_all(int fd, const void *p, size_t len)
{
    const char *c = p;
    while (len) {
        ssize_t w = write(fd, c, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        c += w, len -= (size_t)w;
    }
    return true;
}

static bool read_all(int fd, void *p, size_t len)
{
    char *c = p;
    while (len) {
        ssize_t r = read(fd, c, len);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        c += r, len -= (size_t)r;
    }
    return true;
}

static bool node_send(node_pipe *n, const double *xs, uint32_t count)
{
    return write_all(n->to, &count, 4) && write_all(n->to, xs, (size_t)count * 8);
}

/* The answer to the last batch: count lines, NUL-terminated in place; lines[i] points at each. */
static bool node_receive(node_pipe *n, uint32_t count, char **lines)
{
    uint32_t len;
    if (!read_all(n->from, &len, 4)) return false;
    if (len + 1 > n->answer_cap) {
        n->answer_cap = (size_t)len + 1;
        n->answer = realloc(n->answer, n->answer_cap);
    }
    if (!read_all(n->from, n->answer, len)) return false;
    char *p = n->answer, *end = n->answer + len;
    for (uint32_t i = 0; i < count; i++) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return false;
        *nl = '\0';
        lines[i] = p;
        p = nl + 1;
    }
    return p == end;
}

static void node_stop(node_pipe *n)
{
    close(n->to);
    close(n->from);
    int st;
    waitpid(n->pid, &st, 0);
    free(n->answer);
}

/* ---- spelling checks ---- */

typedef struct tally {
    const char *what;
    uint64_t count, read_back, reference, node;
    double start;
    int shown;
} tally;

static bool use_reference, use_node;
static node_pipe node;
static uint64_t failures, checked;

static void show(tally *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void show(tally *t, const char *fmt, ...)
{
    failures++;
    if (t->shown++ >= 10) return;
    va_list ap;
    va_start(ap, fmt);
    printf("  DIFFERS: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Checks a batch of doubles: read back, the reference, Node. */
static bool check_batch(tally *t, const double *xs, uint32_t count)
{
    static char *lines[BATCH];
    static char spelled[BATCH][NUMTEXT_MAX];
    if (use_node && !node_send(&node, xs, count)) return false;
    for (uint32_t i = 0; i < count; i++) {
        double x = xs[i], back;
        size_t n = numtext_format(x, spelled[i]);
        bool same = numtext_parse(spelled[i], n, &back) &&
                    (numtext_bits(back) == numtext_bits(x) || (x != x && back != back));
        if (!same) {
            t->read_back++;
            show(t, "0x%016" PRIx64 " spelled \"%s\" does not read back", numtext_bits(x), spelled[i]);
        }
        if (use_reference) {
            char want[NUMTEXT_MAX];
            reference_format(x, want);
            if (strcmp(want, spelled[i]) != 0) {
                t->reference++;
                show(t, "0x%016" PRIx64 " spelled \"%s\", the reference \"%s\"", numtext_bits(x), spelled[i], want);
            }
        }
    }
    if (use_node) {
        if (!node_receive(&node, count, lines)) return false;
        for (uint32_t i = 0; i < count; i++) {
            const char *want = lines[i];
            if (strcmp(want, "0") == 0 && numtext_bits(xs[i]) == 0x8000000000000000ULL) want = "-0";
            if (strcmp(want, spelled[i]) != 0) {
                t->node++;
                show(t, "0x%016" PRIx64 " spelled \"%s\", Node \"%s\"", numtext_bits(xs[i]), spelled[i], want);
            }
        }
    }
    t->count += count;
    checked += count;
    return true;
}

static bool in_job; /* a share run by --jobs: part and parts are set; tallies go to the parent */

static void print_tally(const char *what, uint64_t count, uint64_t read_back, uint64_t reference, uint64_t from_node,
                        double seconds)
{
    printf("%-48s %11" PRIu64 " doubles: %" PRIu64 " not read back", what, count, read_back);
    if (use_reference) printf(", %" PRIu64 " differ from the reference", reference);
    if (use_node) printf(", %" PRIu64 " from Node", from_node);
    printf("; %.1f s\n", seconds);
}

static void report(const tally *t)
{
    if (in_job)
        printf("#tally %s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%.3f\n", t->what, t->count, t->read_back,
               t->reference, t->node, now() - t->start);
    else print_tally(t->what, t->count, t->read_back, t->reference, t->node, now() - t->start);
    fflush(stdout);
}

/* Feeds doubles to check_batch in batches. */
typedef struct feeder {
    tally t;
    double *xs;
    uint32_t n;
    bool ok;
} feeder;

static void feed_begin(feeder *f, const char *what)
{
    memset(&f->t, 0, sizeof f->t);
    f->t.what = what;
    f->t.start = now();
    if (!f->xs) f->xs = malloc(BATCH * sizeof *f->xs);
    f->n = 0;
    f->ok = true;
}

static void feed(feeder *f, double x)
{
    f->xs[f->n++] = x;
    if (f->n == BATCH) {
        f->ok = f->ok && check_batch(&f->t, f->xs, f->n);
        f->n = 0;
    }
}

static bool feed_end(feeder *f)
{
    if (f->n) f->ok = f->ok && check_batch(&f->t, f->xs, f->n);
    if (!f->ok) {
        fprintf(stderr, "numtext_check: Node failed (core/tests/numtext_node.mjs)\n");
        return false;
    }
    report(&f->t);
    return true;
}

/* ---- the sets ---- */

static int part = 1, parts = 1;

/* [begin, end) of 0 .. total in the I-th of N shares */
static void share(uint64_t total, uint64_t *begin, uint64_t *end)
{
    *begin = total / (uint64_t)parts * (uint64_t)(part - 1);
    *end = part == parts ? total : total / (uint64_t)parts * (uint64_t)part;
}

static int run_float32(uint64_t step)
{
    uint64_t total = ((1ULL << 32) + step - 1) / step, begin, end;
    share(total, &begin, &end);
    feeder f = { 0 };
    char what[64];
    snprintf(what, sizeof what, "float32, every %" PRIu64 "%s pattern", step, step == 1 ? "st" : "th");
    feed_begin(&f, what);
    for (uint64_t i = begin; i < end; i++) {
        uint32_t u = (uint32_t)(i * step);
        float x;
        memcpy(&x, &u, sizeof x);
        feed(&f, (double)x);
    }
    return feed_end(&f) ? 0 : 2;
}

static int run_ranges(uint64_t width, int around)
{
    static const struct {
        const char *what;
        double at;      /* centred here; 0: from the smallest subnormal up */
        uint64_t from;  /* or from these bits */
    } windows[] = {
        { "the smallest subnormals", 0, 1 },
        { "the largest subnormals, the smallest normals", 0, 0x0010000000000000ULL },
        { "the largest doubles", 0, 0x7ff0000000000000ULL },
        { "around 1", 1.0, 0 },
        { "around -1", -1.0, 0 },
        { "around 0.1", 0.1, 0 },
        { "around 1e-7", 1e-7, 0 },
        { "around 1e-6", 1e-6, 0 },
        { "around 1e16", 1e16, 0 },
        { "around 1e17", 1e17, 0 },
        { "around 2^53", 9007199254740992.0, 0 },
        { "around 1e21", 1e21, 0 },
        { "around 1e22", 1e22, 0 },
        { "around 1e300", 1e300, 0 },
    };
    size_t count = sizeof windows / sizeof windows[0];
    feeder f = { 0 };
    int status = 0;
    for (size_t w = 0; w < count; w++) {
        if ((int)(w % (size_t)parts) != part - 1) continue;
        char what[96];
        snprintf(what, sizeof what, "%s (%" PRIu64 ")", windows[w].what, width);
        feed_begin(&f, what);
        uint64_t first;
        if (windows[w].from == 1) first = 1;
        else if (windows[w].from == 0x7ff0000000000000ULL) first = windows[w].from - width;
        else if (windows[w].from) first = windows[w].from - width / 2;
        else {
            uint64_t centre = numtext_bits(windows[w].at);
            first = centre - width / 2;
        }
        for (uint64_t i = 0; i < width; i++) feed(&f, draw_from_bits(first + i));
        if (!feed_end(&f)) return 2;
    }
    /* 2 * around + 1 doubles around every power of two, normal (2^-1022 .. 2^1023, both signs) and the
     * subnormal ones */
    char what[64];
    snprintf(what, sizeof what, "%d around every power of two, both signs", 2 * around + 1);
    feed_begin(&f, what);
    for (uint64_t e = 1; e < 2047; e++) {
        if ((int)(e % (uint64_t)parts) != part - 1) continue;
        for (uint64_t sign = 0; sign < 2; sign++)
            for (int64_t d = -around; d <= around; d++) feed(&f, draw_from_bits((sign << 63 | e << 52) + (uint64_t)d));
    }
    for (int b = 0; b < 52; b++)
        if (b % parts == part - 1) feed(&f, draw_from_bits(1ULL << b));
    if (!feed_end(&f)) status = 2;
    return status;
}

static int run_random(uint64_t count, uint64_t seed)
{
    uint64_t begin, end;
    share(count, &begin, &end);
    draw_state d = { seed * 0x9E3779B97F4A7C15ULL + (uint64_t)part };
    feeder f[DOUBLE_CLASS_COUNT];
    memset(f, 0, sizeof f);
    char what[DOUBLE_CLASS_COUNT][64];
    for (int c = 0; c < DOUBLE_CLASS_COUNT; c++) {
        snprintf(what[c], sizeof what[c], "random: %s", double_class_names[c]);
        feed_begin(&f[c], what[c]);
    }
    for (uint64_t i = begin; i < end; i++) {
        int c = (int)(i % DOUBLE_CLASS_COUNT);
        feed(&f[c], draw_double(&d, c));
    }
    int status = 0;
    for (int c = 0; c < DOUBLE_CLASS_COUNT; c++) {
        if (!feed_end(&f[c])) status = 2;
        free(f[c].xs);
    }
    return status;
}

/* ---- reading ---- */

static void print_parse(const char *what, uint64_t count, uint64_t accepted, uint64_t differ, double seconds)
{
    printf("%-48s %11" PRIu64 " texts (%" PRIu64 " numbers): %" PRIu64 " differ from strtod; %.1f s\n", what, count,
           accepted, differ, seconds);
}

static int run_parse(uint64_t count, uint64_t seed)
{
    uint64_t begin, end;
    share(count, &begin, &end);
    draw_state d = { seed * 0x9E3779B97F4A7C15ULL + 1000 + (uint64_t)part };
    struct {
        uint64_t count, accepted, differ;
        int shown;
    } t[TEXT_CLASS_COUNT];
    memset(t, 0, sizeof t);
    double start = now();
    char text[64];
    for (uint64_t i = begin; i < end; i++) {
        int c = (int)(i % TEXT_CLASS_COUNT);
        double x;
        switch (c) {
        case TEXT_DIGITS: draw_digit_string(&d, text, 1 + (int)draw_below(&d, 63)); break;
        case TEXT_ANY: draw_any_string(&d, text, 1 + (int)draw_below(&d, 63)); break;
        case TEXT_SHORTEST:
            x = draw_double(&d, (int)draw_below(&d, DOUBLE_CLASS_COUNT));
            numtext_format(x, text);
            break;
        case TEXT_LONG:
            x = draw_double(&d, (int)draw_below(&d, DOUBLE_CLASS_COUNT));
            if (draw_below(&d, 2)) snprintf(text, sizeof text, "%.17g", x);
            else snprintf(text, sizeof text, "%.*e", (int)draw_below(&d, 41), x);
            break;
        default:
            do x = draw_double(&d, (int)draw_below(&d, DOUBLE_CLASS_COUNT));
            while (!isfinite(x));
            draw_halfway(x, 16 + (int)draw_below(&d, 41), (int)draw_below(&d, 3) - 1, text, sizeof text);
            break;
        }
        size_t len = strlen(text);
        double got = 0, want = 0;
        bool ok = numtext_parse(text, len, &got), ok_want = reference_parse(text, len, &want);
        t[c].count++;
        checked++;
        t[c].accepted += ok_want;
        if (ok != ok_want || (ok && numtext_bits(got) != numtext_bits(want))) {
            t[c].differ++;
            failures++;
            if (t[c].shown++ < 10)
                printf("  DIFFERS: \"%s\": %s 0x%016" PRIx64 ", strtod %s 0x%016" PRIx64 "\n", text,
                       ok ? "read" : "refused", numtext_bits(got), ok_want ? "read" : "refused", numtext_bits(want));
        }
    }
    for (int c = 0; c < TEXT_CLASS_COUNT; c++) {
        char what[80];
        snprintf(what, sizeof what, "parse: %s", text_class_names[c]);
        if (in_job)
            printf("#parse %s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%.3f\n", what, t[c].count, t[c].accepted,
                   t[c].differ, now() - start);
        else print_parse(what, t[c].count, t[c].accepted, t[c].differ, now() - start);
    }
    return 0;
}

static int main_with(int argc, char **argv);

/* --jobs N: this program N times with --part I/N, at once; their lines in order, then the sum. */
static int run_jobs(int argc, char **argv, int jobs)
{
    double start = now();
    FILE **outputs = calloc((size_t)jobs, sizeof *outputs);
    pid_t *pids = calloc((size_t)jobs, sizeof *pids);
    fflush(stdout);
    for (int j = 0; j < jobs; j++) {
        outputs[j] = tmpfile();
        if (!outputs[j]) return 2;
        pids[j] = fork();
        if (pids[j] < 0) return 2;
        if (pids[j] == 0) {
            dup2(fileno(outputs[j]), 1);
            part = j + 1, parts = jobs, in_job = true;
            _exit(main_with(argc, argv));
        }
    }
    int status = 0;
    uint64_t all_checked = 0, all_failures = 0;
    /* the tallies of every share, summed by what they count, in the order first seen */
    struct sum {
        char what[96];
        bool parse;
        uint64_t v[4];
        double seconds;
    } sums[64];
    int sum_count = 0;
    for (int j = 0; j < jobs; j++) {
        int st;
        waitpid(pids[j], &st, 0);
        int code = WIFEXITED(st) ? WEXITSTATUS(st) : 2;
        if (code > status) status = code;
        rewind(outputs[j]);
        char line[512];
        while (fgets(line, sizeof line, outputs[j])) {
            uint64_t c, f, v[4] = { 0 };
            double seconds = 0;
            char what[96];
            bool parse = strncmp(line, "#parse ", 7) == 0;
            if (sscanf(line, "#total %" SCNu64 " %" SCNu64, &c, &f) == 2) {
                all_checked += c, all_failures += f;
            } else if ((strncmp(line, "#tally ", 7) == 0 &&
                        sscanf(line + 7, "%95[^\t]\t%" SCNu64 "\t%" SCNu64 "\t%" SCNu64 "\t%" SCNu64 "\t%lf", what,
                               &v[0], &v[1], &v[2], &v[3], &seconds) == 6) ||
                       (parse && sscanf(line + 7, "%95[^\t]\t%" SCNu64 "\t%" SCNu64 "\t%" SCNu64 "\t%lf", what, &v[0],
                                        &v[1], &v[2], &seconds) == 5)) {
                int k = 0;
                while (k < sum_count && strcmp(sums[k].what, what) != 0) k++;
                if (k == sum_count && sum_count < 64) {
                    memset(&sums[k], 0, sizeof sums[k]);
                    snprintf(sums[k].what, sizeof sums[k].what, "%s", what);
                    sums[k].parse = parse;
                    sum_count++;
                }
                if (k < sum_count) {
                    for (int i = 0; i < 4; i++) sums[k].v[i] += v[i];
                    if (seconds > sums[k].seconds) sums[k].seconds = seconds;
                }
            } else {
                fputs(line, stdout);
            }
        }
        fclose(outputs[j]);
    }
    for (int k = 0; k < sum_count; k++) {
        if (sums[k].parse) print_parse(sums[k].what, sums[k].v[0], sums[k].v[1], sums[k].v[2], sums[k].seconds);
        else print_tally(sums[k].what, sums[k].v[0], sums[k].v[1], sums[k].v[2], sums[k].v[3], sums[k].seconds);
    }
    printf("in all: %" PRIu64 " checked in %d jobs, %" PRIu64 " differences; %.1f s\n", all_checked, jobs,
           all_failures, now() - start);
    fflush(stdout);
    free(outputs);
    free(pids);
    return status;
}

static int usage(void)
{
    fprintf(stderr, "usage: numtext_check float32 [--step K] | ranges [--width W] [--around A]\n"
                    "                     | random [--count N] [--seed S]\n"
                    "                     [--part I/N | --jobs N] [--reference] [--node]\n"
                    "       numtext_check parse [--count N] [--seed S] [--part I/N | --jobs N]\n");
    return 2;
}

int main(int argc, char **argv) { return main_with(argc, argv); }

static int main_with(int argc, char **argv)
{
    if (argc < 2) return usage();
    const char *set = argv[1];
    uint64_t step = 1, width = 1u << 20, count = 1000000, seed = 1;
    int jobs = 1, around = 64;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--reference") == 0) use_reference = true;
        else if (strcmp(a, "--node") == 0) use_node = true;
        else if (v && strcmp(a, "--step") == 0) step = strtoull(v, NULL, 10), i++;
        else if (v && strcmp(a, "--width") == 0) width = strtoull(v, NULL, 10), i++;
        else if (v && strcmp(a, "--count") == 0) count = strtoull(v, NULL, 10), i++;
        else if (v && strcmp(a, "--seed") == 0) seed = strtoull(v, NULL, 10), i++;
        else if (v && strcmp(a, "--jobs") == 0) jobs = atoi(v), i++;
        else if (v && strcmp(a, "--around") == 0) around = atoi(v), i++;
        else if (v && strcmp(a, "--part") == 0) {
            if (sscanf(v, "%d/%d", &part, &parts) != 2 || parts < 1 || part < 1 || part > parts) return usage();
            i++;
        } else return usage();
    }
    if (step == 0 || width == 0 || jobs < 1 || (jobs > 1 && parts > 1 && !in_job)) return usage();
    signal(SIGPIPE, SIG_IGN);
    if (jobs > 1 && !in_job) return run_jobs(argc, argv, jobs);
    if (use_node) {
        const char *dir = getenv("NUMTEXT_NODE_SCRIPT") ? getenv("NUMTEXT_NODE_SCRIPT") : "core/tests/numtext_node.mjs";
        if (!node_start(&node, dir)) {
            fprintf(stderr, "numtext_check: cannot start node\n");
            return 2;
        }
    }
    int status;
    if (strcmp(set, "float32") == 0) status = run_float32(step);
    else if (strcmp(set, "ranges") == 0) status = run_ranges(width, around);
    else if (strcmp(set, "random") == 0) status = run_random(count, seed);
    else if (strcmp(set, "parse") == 0) status = run_parse(count, seed);
    else status = usage();
    if (use_node) node_stop(&node);
    if (in_job) printf("#total %" PRIu64 " %" PRIu64 "\n", checked, failures);
    else printf("in all: %" PRIu64 " checked, %" PRIu64 " differences\n", checked, failures);
    fflush(stdout);
    if (status) return status;
    return failures ? 1 : 0;
}
