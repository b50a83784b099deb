/* Check tests of the probe loop's core step (probes/probecore.c, probes/probediff.c diff): six probes of
 * the path family whose oracle answers are made from the core's own dumps, one way each: other meta
 * lines (exact, by text), a changed world position (a miss, kept with the core's dump byte for byte as
 * `posecore dump` writes it), a refusal on both sides (exact), a crash of the worker (a miss, "core failed
 * (exit 139)", and the next probe still judged), an unchanged dump, and a number spelled another way
 * (exact, through the differ). Needs build/bin/probegen, probecore, probediff and posecore. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run_command.h"
#include "run_suite.h"

static char dir[64], cache[96], probes[96], report[96];
static char names[6][64], keys[6][80];

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    fclose(f);
    s[got] = '\0';
    if (len) *len = got;
    return s;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* posecore dump of probe i as probecore runs it (the same path and options) */
static char *core_dump(int i)
{
    char cmd[512], path[256];
    snprintf(path, sizeof path, "%s/core-%d.dump", dir, i);
    snprintf(cmd, sizeof cmd, "build/bin/posecore dump %s/%s.json $(cat %s/%s.args) > %s 2>/dev/null", probes,
             names[i], probes, names[i], path);
    ck_assert_int_eq(system(cmd), 0);
    return slurp(path, NULL);
}

/* The dump with its meta lines replaced by the oracle's kind. */
static char *as_oracle(const char *dump)
{
    size_t n = strlen(dump);
    char *out = malloc(n + 256), *w = out;
    for (const char *line = dump; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = (size_t)(nl - line) + 1;
        if (strncmp(line, "meta\t", 5) == 0) {
            if (strncmp(line, "meta\t\"runtime\"", 14) == 0)
                w += sprintf(w, "meta\t\"runtime\"\t\"spine-core 4.3.13\"\n"
                                "meta\t\"node\"\t\"v0\"\nmeta\t\"v8\"\t\"0\"\n");
            else memcpy(w, line, len), w += len;
        } else {
            memcpy(w, line, len), w += len;
        }
        line += len;
    }
    *w = '\0';
    return out;
}

static void write_answer(int i, const char *ext, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%.2s", cache, keys[i]);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/%.2s/%s.%s", cache, keys[i], keys[i], ext);
    spit(path, text);
}

static void setup(void)
{
    strcpy(dir, "/tmp/test_probeloop.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cache, sizeof cache, "%s/cache", dir);
    snprintf(probes, sizeof probes, "%s/probes", dir);
    snprintf(report, sizeof report, "%s/report", dir);
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, "build/bin/probegen path --pop 6 --seed 3 --out %s >/dev/null && "
                              "build/bin/probediff plan --dir %s --cache %s --runtime test --jobs %s/jobs",
             probes, probes, cache, dir);
    ck_assert_int_eq(run_command(cmd, out, sizeof out), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/keys.tsv", probes);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < 6; i++) ck_assert_int_eq(fscanf(f, "%63s %79s", names[i], keys[i]), 2);
    fclose(f);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(verdicts_and_kept_misses)
{
    /* 0: other meta lines */
    char *d0 = core_dump(0), *o0 = as_oracle(d0);
    write_answer(0, "dump", o0);
    /* 1: the first worldX of a pose row one digit off */
    char *d1 = core_dump(1), *o1 = as_oracle(d1);
    char *pose = strstr(o1, "\npose\t");
    ck_assert_ptr_nonnull(pose);
    char *x = strstr(pose, "\tworldX=");
    ck_assert_ptr_nonnull(x);
    x += 8;
    *x = *x == '7' ? '8' : '7';
    write_answer(1, "dump", o1);
    /* 2: refused by both */
    char path[256];
    snprintf(path, sizeof path, "%s/%s.json", probes, names[2]);
    spit(path, "{");
    write_answer(2, "refused", "pose_oracle: x: SyntaxError: made up\n");
    /* 3: the worker crashes on it; 4: unchanged */
    char *d3 = core_dump(3), *o3 = as_oracle(d3), *d4 = core_dump(4), *o4 = as_oracle(d4);
    write_answer(3, "dump", o3);
    write_answer(4, "dump", o4);
    /* 5: "=0\t" spelled "=0e0\t" once: the same bits, another text */
    char *d5 = core_dump(5), *o5 = as_oracle(d5);
    char *zero = strstr(strstr(o5, "\npose\t"), "=0\t");
    ck_assert_ptr_nonnull(zero);
    size_t at = (size_t)(zero - o5) + 2;
    char *o5b = malloc(strlen(o5) + 3);
    memcpy(o5b, o5, at);
    strcpy(o5b + at, "e0");
    strcpy(o5b + at + 2, o5 + at);
    write_answer(5, "dump", o5b);

    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd,
             "build/bin/probecore --list %s/probes.list --dir %s --keys %s/keys.tsv --cache %s --report %s "
             "--core-dir %s/core --records %s/records --stats %s/stats --crash-on %s && "
             "build/bin/probediff diff --dir %s --cache %s --records %s/records --report %s --label loop",
             probes, probes, probes, cache, report, dir, dir, dir, names[3], probes, cache, dir, report);
    ck_assert_int_eq(run_command(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "loop: 4 exact of 6 (2 missed)\n"
                              "  of the exact, 1 refused by both the oracle and the core\n") == out,
                  "%s", out);
    ck_assert_msg(strstr(out, "  core failed (exit 139)") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "  pose bone worldX ") != NULL, "%s", out);

    /* the misses kept, the core's dump as posecore dump writes it; nothing else written */
    static const char *const kept[] = { "json", "args", "oracle.dump", "core.dump", "diff" };
    for (int i = 1; i <= 3; i += 2)
        for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
            snprintf(path, sizeof path, "%s/%s.%s", report, names[i], kept[k]);
            ck_assert_msg(exists(path), "%s not kept", path);
        }
    snprintf(path, sizeof path, "%s/%s.core.dump", report, names[1]);
    char *kept_dump = slurp(path, NULL);
    ck_assert_str_eq(kept_dump, d1);
    snprintf(path, sizeof path, "%s/%s.diff", report, names[3]);
    char *crash = slurp(path, NULL);
    ck_assert_str_eq(crash, "the core exited 139\n");
    int files = 0;
    snprintf(cmd, sizeof cmd, "ls %s | wc -l", report);
    ck_assert_int_eq(run_command(cmd, out, sizeof out), 0);
    files = atoi(out);
    ck_assert_int_eq(files, 10);
    /* the stats: every probe judged, two found exact by text (0 and 4; 5 went through the differ) */
    snprintf(path, sizeof path, "%s/stats", dir);
    char *stats = slurp(path, NULL);
    unsigned long long judged = 0, by_text = 0, j, w, p, t;
    for (char *line = stats; sscanf(line, "%llu %llu %llu %llu", &j, &w, &p, &t) == 4;) {
        judged += j, by_text += t;
        line = strchr(line, '\n');
        if (!line) break;
        line++;
    }
    ck_assert_uint_eq(judged, 6);
    ck_assert_uint_eq(by_text, 2);
    free(d0), free(o0), free(d1), free(o1), free(d3), free(o3), free(d4), free(o4), free(d5), free(o5), free(o5b);
    free(kept_dump), free(crash), free(stats);
}
END_TEST

/* A probe without a record (probecore did not judge it) is a miss of its own, kept with what there is. */
START_TEST(unjudged_probe)
{
    char path[256], cmd[1024], out[4096];
    snprintf(path, sizeof path, "%s/records", dir);
    FILE *f = fopen(path, "w");
    for (int i = 1; i < 6; i++) fprintf(f, "%s\texact\t\t\n", names[i]);
    fclose(f);
    snprintf(cmd, sizeof cmd, "build/bin/probediff diff --dir %s --cache %s --records %s --report %s --label loop",
             probes, cache, path, report);
    ck_assert_int_eq(run_command(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "loop: 5 exact of 6 (1 missed)\n") == out, "%s", out);
    ck_assert_msg(strstr(out, "core did not run") != NULL, "%s", out);
    snprintf(path, sizeof path, "%s/%s.json", report, names[0]);
    ck_assert(exists(path));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("probeloop");
    TCase *tc = tcase_create("probeloop");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, verdicts_and_kept_misses);
    tcase_add_test(tc, unjudged_probe);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
