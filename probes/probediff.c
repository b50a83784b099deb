/* build/bin/probediff: the probe runner's planning and counting (probes/run drives it; probes/README.md).
 *
 *   probediff plan --dir D --cache C --runtime TEXT --jobs FILE
 *       For each probe of D/probes.list, its cache key: SHA-256 of the runtime text, the options line and
 *       the document's bytes. Writes D/keys.tsv (NAME, KEY) and, for every distinct key without a cached
 *       answer (C/KK/KEY.dump or C/KK/KEY.refused), one oracle batch job line to FILE that writes the
 *       dump straight into the cache. Prints "N probes, K cached, J to run".
 *
 *   probediff diff --dir D --cache C --records FILE --report R --label L [--summary FILE]
 *                  [--verdicts FILE]
 *       Counts the verdicts probecore wrote to FILE (probe_record.h), for every probe of D/keys.tsv in
 *       its order: prints `L: E exact of N (M missed)` and the misses grouped by their first difference
 *       with the first probe's example, and appends `L<TAB>N<TAB>E<TAB>M<TAB>U` to the summary file.
 *       probecore has kept the misses in R; a probe without a record is a miss ("core did not run"),
 *       kept here (NAME.json, NAME.args, the oracle's answer, an empty NAME.diff).
 *       --verdicts: every probe's verdict, in the list's order, one line each: NAME, `exact`, `refused`
 *       (exact: both refuse), `missed` or `unsupported`, the group and the example (TAB, newline, CR
 *       and backslash written \t \n \r \\); probes/merge adds such files of shards or chunks into
 *       the summary this command prints (build/bin/probemerge prints it the same way).
 *
 * Exit 0 done, 2 bad usage or unreadable inputs. */
#include "probe_record.h"
#include "sha256.h"
#include "js/wholefile.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------------------------------------ */
/* Small helpers */

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
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
    if (s) vsnprintf(s, (size_t)n + 1, f, aq);
    va_end(aq);
    if (!s) {
        fprintf(stderr, "probediff: out of memory\n");
        exit(2);
    }
    return s;
}

/* Lines of a file, split in place on TAB into at most `cols` fields. */
typedef struct table {
    char *text;
    char ***rows;
    size_t count;
} table;

static bool read_table(const char *path, int cols, table *t)
{
    memset(t, 0, sizeof *t);
    t->text = file_read(path, NULL);
    if (!t->text) return false;
    size_t cap = 1024;
    t->rows = malloc(cap * sizeof *t->rows);
    for (char *line = t->text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = '\0';
        if (*line) {
            if (t->count == cap) {
                cap *= 2;
                t->rows = realloc(t->rows, cap * sizeof *t->rows);
            }
            char **f = calloc((size_t)cols, sizeof *f);
            f[0] = line;
            for (int c = 1; c < cols; c++) {
                char *tab = f[c - 1] ? strchr(f[c - 1], '\t') : NULL;
                if (tab) {
                    *tab = '\0';
                    f[c] = tab + 1;
                }
            }
            t->rows[t->count++] = f;
        }
        line = next;
    }
    return true;
}

static void free_table(table *t)
{
    for (size_t i = 0; i < t->count; i++) free(t->rows[i]);
    free(t->rows);
    free(t->text);
}

/* A string -> index map (open addressing), for statuses by name and groups by text. */
typedef struct map {
    const char **keys;
    size_t *values;
    size_t cap, count;
} map;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

static void map_put(map *m, const char *key, size_t value);

static void map_grow(map *m)
{
    map old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->keys = calloc(m->cap, sizeof *m->keys);
    m->values = calloc(m->cap, sizeof *m->values);
    m->count = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) map_put(m, old.keys[i], old.values[i]);
    free(old.keys);
    free(old.values);
}

static void map_put(map *m, const char *key, size_t value)
{
    if ((m->count + 1) * 2 > m->cap) map_grow(m);
    size_t i = hash_str(key) & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], key) != 0) i = (i + 1) & (m->cap - 1);
    if (!m->keys[i]) m->count++;
    m->keys[i] = key;
    m->values[i] = value;
}

static bool map_get(const map *m, const char *key, size_t *value)
{
    if (!m->cap) return false;
    size_t i = hash_str(key) & (m->cap - 1);
    while (m->keys[i]) {
        if (strcmp(m->keys[i], key) == 0) {
            *value = m->values[i];
            return true;
        }
        i = (i + 1) & (m->cap - 1);
    }
    return false;
}

static void map_free(map *m)
{
    free(m->keys);
    free(m->values);
}

/* ------------------------------------------------------------------------------------------------ */
/* plan */

static int cmd_plan(const char *dir, const char *cache, const char *runtime, const char *jobs_path)
{
    char *list_path = fmt("%s/probes.list", dir);
    table list;
    if (!read_table(list_path, 1, &list)) {
        fprintf(stderr, "probediff: cannot read %s: %s\n", list_path, strerror(errno));
        return 2;
    }
    char *keys_path = fmt("%s/keys.tsv", dir);
    FILE *keys = fopen(keys_path, "w");
    FILE *jobs = fopen(jobs_path, "w");
    if (!keys || !jobs) {
        fprintf(stderr, "probediff: cannot write %s or %s\n", keys_path, jobs_path);
        return 2;
    }
    if (mkdir(cache, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "probediff: cannot make %s: %s\n", cache, strerror(errno));
        return 2;
    }
    map planned = { 0 };
    char (*hexes)[65] = calloc(list.count ? list.count : 1, sizeof *hexes);
    size_t cached = 0, to_run = 0;
    for (size_t i = 0; i < list.count; i++) {
        const char *name = list.rows[i][0];
        char *json_path = fmt("%s/%s.json", dir, name), *args_path = fmt("%s/%s.args", dir, name);
        size_t json_len, args_len;
        char *json = file_read(json_path, &json_len), *args = file_read(args_path, &args_len);
        if (!json || !args) {
            fprintf(stderr, "probediff: cannot read %s or %s\n", json_path, args_path);
            return 2;
        }
        sha256 s;
        sha256_init(&s);
        static const char tag[] = "posecore-probe-cache 1";
        sha256_update(&s, tag, sizeof tag);
        sha256_update(&s, runtime, strlen(runtime) + 1);
        sha256_update(&s, args, args_len);
        sha256_update(&s, "", 1);
        sha256_update(&s, json, json_len);
        sha256_hex(&s, hexes[i]);
        fprintf(keys, "%s\t%s\n", name, hexes[i]);

        size_t seen;
        if (map_get(&planned, hexes[i], &seen)) goto next; /* the same document twice: one job */
        map_put(&planned, hexes[i], i);
        char *sub = fmt("%s/%.2s", cache, hexes[i]);
        char *dump = fmt("%s/%s.dump", sub, hexes[i]), *refused = fmt("%s/%s.refused", sub, hexes[i]);
        if (exists(dump) || exists(refused)) {
            cached++;
        } else {
            if (mkdir(sub, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "probediff: cannot make %s: %s\n", sub, strerror(errno));
                return 2;
            }
            json_t *job = json_array();
            json_array_append_new(job, json_string("dump"));
            json_array_append_new(job, json_string(json_path));
            json_array_append_new(job, json_string("--out"));
            json_array_append_new(job, json_string(dump));
            /* The options line, split on blanks (probe options never hold blanks inside a value). */
            for (char *tok = strtok(args, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n"))
                json_array_append_new(job, json_string(tok));
            char *line = json_dumps(job, JSON_COMPACT);
            fprintf(jobs, "%s\n", line);
            free(line);
            json_decref(job);
            to_run++;
        }
        free(sub);
        free(dump);
        free(refused);
    next:
        free(json);
        free(args);
        free(json_path);
        free(args_path);
    }
    bool ok = fclose(keys) == 0;
    ok = (fclose(jobs) == 0) && ok;
    if (!ok) {
        fprintf(stderr, "probediff: cannot write %s or %s\n", keys_path, jobs_path);
        return 2;
    }
    printf("%zu probes, %zu cached, %zu to run\n", list.count, cached, to_run);
    map_free(&planned);
    free(hexes);
    free(keys_path);
    free(list_path);
    free_table(&list);
    return 0;
}

/* ------------------------------------------------------------------------------------------------ */
/* diff */

typedef struct group {
    char *text;    /* "bone a", "core refused", ... */
    size_t count;
    char *example; /* the first probe's name and its first difference */
} group;

typedef struct groups {
    group *items;
    size_t count, cap;
    map index;
} groups;

static void add_to_group(groups *g, char *text, char *example)
{
    size_t i;
    if (map_get(&g->index, text, &i)) {
        g->items[i].count++;
        free(text);
        free(example);
        return;
    }
    if (g->count == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 16;
        g->items = realloc(g->items, g->cap * sizeof *g->items);
    }
    g->items[g->count] = (group){ text, 1, example };
    map_put(&g->index, text, g->count);
    g->count++;
}

static int by_count(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return strcmp(x->text, y->text);
}

static void print_groups(groups *g, const char *title, size_t max)
{
    if (!g->count) return;
    qsort(g->items, g->count, sizeof *g->items, by_count);
    printf("  %s:\n", title);
    for (size_t i = 0; i < g->count && i < max; i++)
        printf("    %6zu  %-36s e.g. %s\n", g->items[i].count, g->items[i].text, g->items[i].example);
    if (g->count > max) printf("    ... and %zu more groups\n", g->count - max);
}

typedef struct diff_opts {
    const char *dir, *cache, *records, *report, *label, *summary, *verdicts;
} diff_opts;

/* A field of a verdict line: no TAB or line break inside (probes/probemerge.c reads them back). */
static void put_verdict_field(FILE *f, const char *s)
{
    fputc('\t', f);
    for (; s && *s; s++) {
        switch (*s) {
        case '\\': fputs("\\\\", f); break;
        case '\t': fputs("\\t", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        default: fputc(*s, f);
        }
    }
}

/* One verdict line (--verdicts): the record's verdict with both-refused spelled `refused`. */
static void put_verdict(FILE *f, const char *name, const char *verdict, const char *why, const char *example)
{
    if (!f) return;
    fputs(name, f);
    put_verdict_field(f, strcmp(verdict, "both-refused") == 0 ? "refused" : verdict);
    put_verdict_field(f, why);
    put_verdict_field(f, example);
    fputc('\n', f);
}

/* A probe probecore did not judge: kept with what there is (its document, options, the oracle's answer). */
static void keep_unjudged(const diff_opts *o, const char *name, const char *key)
{
    static const char *const ext[] = { "json", "args" };
    for (int k = 0; k < 2; k++) {
        char *from = fmt("%s/%s.%s", o->dir, name, ext[k]), *to = fmt("%s/%s.%s", o->report, name, ext[k]);
        file_copy(from, to);
        free(from);
        free(to);
    }
    char *dump = fmt("%s/%.2s/%s.dump", o->cache, key, key), *refused = fmt("%s/%.2s/%s.refused", o->cache, key, key);
    char *to = NULL;
    if (exists(dump)) to = fmt("%s/%s.oracle.dump", o->report, name), file_copy(dump, to);
    else if (exists(refused)) to = fmt("%s/%s.oracle.refused", o->report, name), file_copy(refused, to);
    free(to);
    to = fmt("%s/%s.diff", o->report, name);
    file_write(to, "", 0);
    free(to);
    free(dump);
    free(refused);
}

static int cmd_diff(const diff_opts *o)
{
    char *keys_path = fmt("%s/keys.tsv", o->dir);
    table keys, records;
    if (!read_table(keys_path, 2, &keys)) {
        fprintf(stderr, "probediff: cannot read %s\n", keys_path);
        return 2;
    }
    if (!read_table(o->records, 4, &records)) {
        fprintf(stderr, "probediff: cannot read %s\n", o->records);
        return 2;
    }
    map record_of = { 0 };
    for (size_t i = 0; i < records.count; i++) {
        char **f = records.rows[i];
        if (!f[1] || !f[2] || !f[3]) {
            fprintf(stderr, "probediff: %s: a record without its four fields (line %zu)\n", o->records, i + 1);
            return 2;
        }
        record_unescape(f[2]);
        record_unescape(f[3]);
        map_put(&record_of, f[0], i);
    }
    if (mkdir(o->report, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "probediff: cannot make %s: %s\n", o->report, strerror(errno));
        return 2;
    }

    FILE *verdicts = o->verdicts ? fopen(o->verdicts, "w") : NULL;
    if (o->verdicts && !verdicts) {
        fprintf(stderr, "probediff: cannot write %s: %s\n", o->verdicts, strerror(errno));
        return 2;
    }
    size_t n = keys.count, exact = 0, missed = 0, unsupported = 0, both_refused = 0;
    groups misses = { 0 }, unsupported_why = { 0 };
    for (size_t i = 0; i < n; i++) {
        const char *name = keys.rows[i][0], *key = keys.rows[i][1];
        if (!key) continue;
        size_t r;
        if (!map_get(&record_of, name, &r)) {
            missed++;
            add_to_group(&misses, fmt("core did not run"), fmt("%s", name));
            put_verdict(verdicts, name, "missed", "core did not run", name);
            keep_unjudged(o, name, key);
            continue;
        }
        const char *verdict = records.rows[r][1], *why = records.rows[r][2], *example = records.rows[r][3];
        put_verdict(verdicts, name, verdict, why, example);
        if (strcmp(verdict, "exact") == 0) {
            exact++;
        } else if (strcmp(verdict, "both-refused") == 0) {
            exact++;
            both_refused++;
        } else if (strcmp(verdict, "unsupported") == 0) {
            unsupported++;
            add_to_group(&unsupported_why, fmt("%s", why), fmt("%s", example));
        } else {
            missed++;
            add_to_group(&misses, fmt("%s", why), fmt("%s", example));
        }
    }
    if (verdicts && fclose(verdicts) != 0) {
        fprintf(stderr, "probediff: cannot write %s\n", o->verdicts);
        return 2;
    }

    printf("%s: %zu exact of %zu (%zu missed", o->label, exact, n, missed);
    if (unsupported) printf(", %zu unsupported", unsupported);
    printf(")\n");
    if (both_refused) printf("  of the exact, %zu refused by both the oracle and the core\n", both_refused);
    print_groups(&misses, "misses by first difference", 20);
    print_groups(&unsupported_why, "unsupported", 5);
    if (missed) printf("  kept in %s/\n", o->report);
    if (o->summary) {
        FILE *s = fopen(o->summary, "a");
        if (s) {
            fprintf(s, "%s\t%zu\t%zu\t%zu\t%zu\n", o->label, n, exact, missed, unsupported);
            fclose(s);
        }
    }
    free(keys_path);
    free_table(&keys);
    free_table(&records);
    map_free(&record_of);
    return 0;
}

/* ------------------------------------------------------------------------------------------------ */

static int usage(void)
{
    fprintf(stderr, "usage: probediff plan --dir D --cache C --runtime TEXT --jobs FILE\n"
                    "       probediff diff --dir D --cache C --records FILE --report R --label L "
                    "[--summary FILE] [--verdicts FILE]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage();
    const char *verb = argv[1];
    diff_opts o = { 0 };
    const char *runtime = NULL, *jobs = NULL;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) return usage();
        if (strcmp(a, "--dir") == 0) o.dir = v;
        else if (strcmp(a, "--cache") == 0) o.cache = v;
        else if (strcmp(a, "--records") == 0) o.records = v;
        else if (strcmp(a, "--report") == 0) o.report = v;
        else if (strcmp(a, "--label") == 0) o.label = v;
        else if (strcmp(a, "--summary") == 0) o.summary = v;
        else if (strcmp(a, "--verdicts") == 0) o.verdicts = v;
        else if (strcmp(a, "--runtime") == 0) runtime = v;
        else if (strcmp(a, "--jobs") == 0) jobs = v;
        else return usage();
        i++;
    }
    if (strcmp(verb, "plan") == 0) {
        if (!o.dir || !o.cache || !runtime || !jobs) return usage();
        return cmd_plan(o.dir, o.cache, runtime, jobs);
    }
    if (strcmp(verb, "diff") == 0) {
        if (!o.dir || !o.cache || !o.records || !o.report || !o.label) return usage();
        return cmd_diff(&o);
    }
    return usage();
}
