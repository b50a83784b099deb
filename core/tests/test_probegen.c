/* Check tests of the probe generator (probes/): its random numbers, its number spellings and JSON,
 * determinism (the same family, seed and index give the same bytes, in process and through
 * build/bin/probegen), amplifier bones, the documents being read by the core, and planned families
 * refused as unsupported. Run from the repo root. */
#include "jw.h"
#include "posecore.h"
#include "prng.h"
#include "probegen.h"

#include <check.h>
#include <float.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "run_suite.h"

START_TEST(splitmix64_vectors)
{
    /* splitmix64 from state 0: the published first outputs. */
    prng r = { 0 };
    ck_assert_uint_eq(prng_next(&r), 0xe220a8397b1dcdafULL);
    ck_assert_uint_eq(prng_next(&r), 0x6e789e6aa1b965f4ULL);
    ck_assert_uint_eq(prng_next(&r), 0x06c45d188009454fULL);
}
END_TEST

START_TEST(prng_ranges)
{
    prng r = prng_stream(1, 2, 3);
    int seen[7] = { 0 };
    for (int i = 0; i < 100000; i++) {
        double u = prng_unit(&r);
        ck_assert(u >= 0 && u < 1);
        int k = prng_int(&r, -3, 3);
        ck_assert(k >= -3 && k <= 3);
        seen[k + 3]++;
    }
    for (int k = 0; k < 7; k++) ck_assert_int_gt(seen[k], 13000);
    prng a = prng_stream(1, 2, 3), b = prng_stream(1, 2, 4), c = prng_stream(2, 2, 3);
    uint64_t x = prng_next(&a);
    ck_assert_uint_ne(x, prng_next(&b));
    ck_assert_uint_ne(x, prng_next(&c));
    ck_assert_int_eq(prng_int(&a, 5, 5), 5);
}
END_TEST

START_TEST(spellings)
{
    char buf[400];
    jw_spell(0.1, JW_SHORTEST, buf, sizeof buf);
    ck_assert_str_eq(buf, "0.1");
    jw_spell(0.1, JW_DIGITS17, buf, sizeof buf);
    ck_assert_str_eq(buf, "0.10000000000000001");
    jw_spell(0.1, JW_EXPONENT, buf, sizeof buf);
    ck_assert_str_eq(buf, "1.00000000000000006e-01");
    jw_spell(-0.0, JW_SHORTEST, buf, sizeof buf);
    ck_assert_str_eq(buf, "-0");
    jw_spell(-0.0, JW_INTEGER, buf, sizeof buf);
    ck_assert_str_eq(buf, "-0");
    jw_spell(1e21, JW_INTEGER, buf, sizeof buf);
    ck_assert_str_eq(buf, "1000000000000000000000");
    jw_spell(2.5, JW_INTEGER, buf, sizeof buf);
    ck_assert_str_eq(buf, "2.5");
    ck_assert_uint_eq(jw_spell(DBL_MAX, JW_INTEGER, buf, sizeof buf), 309);
    /* Every spelling reads back to the same double. */
    const double values[] = { 0.1, 1.0 / 3, 5e-324, DBL_MAX, -123.456, 90, 1e21, 2.2250738585072014e-308 };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        for (int s = 0; s < JW_SPELLINGS; s++) {
            jw_spell(values[i], (enum jw_spelling)s, buf, sizeof buf);
            ck_assert_msg(strtod(buf, NULL) == values[i], "%s", buf);
        }
}
END_TEST

START_TEST(writer)
{
    jw w;
    jw_init(&w);
    jw_object(&w, NULL, true);
    jw_string(&w, "name", "a\"b\\c\td\n\x01\xc3\xa9");
    jw_array(&w, "list", false);
    jw_number(&w, NULL, 1.5, JW_SHORTEST);
    jw_bool(&w, NULL, true);
    jw_end(&w);
    jw_object(&w, "empty", false);
    jw_end(&w);
    jw_array(&w, "rows", true);
    jw_object(&w, NULL, false);
    jw_number(&w, "x", -0.0, JW_SHORTEST);
    jw_end(&w);
    jw_end(&w);
    jw_end(&w);
    ck_assert(!w.failed);
    ck_assert_str_eq(w.buf, "{\n\"name\": \"a\\\"b\\\\c\\td\\n\\u0001\xc3\xa9\",\n\"list\": [ 1.5, true ],\n"
                            "\"empty\": {},\n\"rows\": [\n\t{ \"x\": -0 }\n]\n}\n");
    json_error_t err;
    json_t *j = json_loads(w.buf, 0, &err);
    ck_assert_msg(j != NULL, "%s", err.text);
    ck_assert_str_eq(json_string_value(json_object_get(j, "name")), "a\"b\\c\td\n\x01\xc3\xa9");
    json_decref(j);
    jw_free(&w);
}
END_TEST

static char *gen(const char *family, uint64_t seed, long index, bool amplify, char *args, size_t args_size)
{
    const probe_family *f = probe_family_find(family);
    ck_assert_ptr_nonnull(f);
    probe p;
    jw_init(&p.doc);
    jw_init(&p.scenario);
    probe_params params = { family, seed, index, amplify };
    ck_assert(probe_generate(f, &params, &p));
    char *doc = strdup(p.doc.buf);
    if (args) snprintf(args, args_size, "%s", p.args);
    jw_free(&p.doc);
    jw_free(&p.scenario);
    return doc;
}

START_TEST(deterministic_in_process)
{
    for (long i = 0; i < 200; i++) {
        char a1[512], a2[512];
        char *x = gen("bones", 1, i, false, a1, sizeof a1), *y = gen("bones", 1, i, false, a2, sizeof a2);
        ck_assert_str_eq(x, y);
        ck_assert_str_eq(a1, a2);
        char *z = gen("bones", 2, i, false, NULL, 0), *next = gen("bones", 1, i + 1, false, NULL, 0);
        ck_assert_str_ne(x, z);
        ck_assert_str_ne(x, next);
        free(x);
        free(y);
        free(z);
        free(next);
    }
}
END_TEST

/* Every probe is JSON the core reads (or refuses as the runtime would), with its options line. */
START_TEST(probes_are_documents)
{
    int by_status[4] = { 0 };
    for (long i = 0; i < 300; i++) {
        char args[512];
        char *doc = gen("bones", 1, i, i % 2 == 1, args, sizeof args);
        json_error_t jerr;
        json_t *j = json_loads(doc, JSON_DECODE_INT_AS_REAL, &jerr);
        ck_assert_msg(j != NULL, "probe %ld: %s", i, jerr.text);
        ck_assert(json_array_size(json_object_get(j, "bones")) >= 1);
        ck_assert_ptr_nonnull(json_object_get(json_object_get(j, "skeleton"), "note"));
        json_decref(j);
        ck_assert_msg(strncmp(args, "--skin ", 7) == 0 && strstr(args, " --physics none --samples 5"), "%s",
                      args);
        pc_error err;
        pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "probe.json", NULL, &err);
        by_status[data ? 0 : err.status]++;
        pc_skeleton_data_free(data);
        free(doc);
    }
    ck_assert_int_eq(by_status[PC_OK], 300);
}
END_TEST

START_TEST(amplifiers)
{
    for (long i = 0; i < 50; i++) {
        char *plain = gen("bones", 3, i, false, NULL, 0), *amp = gen("bones", 3, i, true, NULL, 0);
        json_t *p = json_loads(plain, JSON_DECODE_INT_AS_REAL, NULL), *a = json_loads(amp, JSON_DECODE_INT_AS_REAL, NULL);
        ck_assert(p && a);
        json_t *pb = json_object_get(p, "bones"), *ab = json_object_get(a, "bones");
        size_t n = json_array_size(pb), m = json_array_size(ab);
        ck_assert_uint_gt(m, n);
        ck_assert_uint_eq((m - n) % 2, 0);
        /* The probe's own bones are unchanged; the amplifiers follow, 10,000 out along x, then y. */
        for (size_t k = 0; k < n; k++) ck_assert(json_equal(json_array_get(pb, k), json_array_get(ab, k)));
        for (size_t k = n; k < m; k += 2) {
            json_t *x = json_array_get(ab, k), *y = json_array_get(ab, k + 1);
            const char *parent = json_string_value(json_object_get(x, "parent"));
            ck_assert_ptr_nonnull(parent);
            ck_assert_str_eq(parent, json_string_value(json_object_get(y, "parent")));
            ck_assert(json_real_value(json_object_get(x, "x")) == 10000 || json_integer_value(json_object_get(x, "x")) == 10000);
            ck_assert(json_real_value(json_object_get(y, "y")) == 10000 || json_integer_value(json_object_get(y, "y")) == 10000);
            ck_assert_ptr_null(json_object_get(x, "y"));
            ck_assert_ptr_null(json_object_get(y, "x"));
        }
        json_decref(p);
        json_decref(a);
        free(plain);
        free(amp);
    }
}
END_TEST

static int sh(const char *cmd)
{
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(binary_deterministic)
{
    char dir[] = "/tmp/test_probegen.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "build/bin/probegen bones --pop 120 --seed 7 --out %s/a && "
             "build/bin/probegen bones --pop 120 --seed 7 --out %s/b && "
             "build/bin/probegen bones --pop 40 --seed 7 --out %s/c && "
             "build/bin/probegen bones --pop 120 --seed 8 --out %s/d", dir, dir, dir, dir);
    ck_assert_int_eq(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "diff -r %s/a %s/b >/dev/null", dir, dir);
    ck_assert_int_eq(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "test $(ls %s/a | wc -l) -eq 241", dir);
    ck_assert_int_eq(sh(cmd), 0);
    /* A smaller population is the first probes of a larger one. */
    snprintf(cmd, sizeof cmd, "cd %s && for f in $(ls c | grep -v probes.list); do cmp -s c/$f a/$f || exit 1; done",
             dir);
    ck_assert_int_eq(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "cmp -s %s/a/bones-s7-000000.json %s/d/bones-s8-000000.json", dir, dir);
    ck_assert_int_ne(sh(cmd), 0);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    sh(cmd);
}
END_TEST

START_TEST(families)
{
    ck_assert_ptr_nonnull(probe_family_find("bones"));
    ck_assert_ptr_null(probe_family_find("nope"));
    int generated = 0;
    for (int i = 0; i < probe_family_count; i++) {
        const probe_family *f = &probe_families[i];
        /* a generated family has its generator; a planned one may have it already (drawn on request) */
        ck_assert_msg(f->issue != 0 || f->generate != NULL, "%s", f->name);
        generated += f->generate != NULL;
    }
    ck_assert_int_ge(generated, 1);
    /* A planned family (while one is left) is refused as unsupported. */
    for (int i = 0; i < probe_family_count; i++) {
        if (probe_families[i].generate) continue;
        char cmd[256];
        snprintf(cmd, sizeof cmd, "build/bin/probegen %s --pop 3 --out /tmp/never 2>/dev/null", probe_families[i].name);
        ck_assert_int_eq(sh(cmd), 3);
        snprintf(cmd, sizeof cmd, "build/bin/probegen %s --pop 3 --out /tmp/never 2>&1 | grep -q 'unsupported family'",
                 probe_families[i].name);
        ck_assert_int_eq(sh(cmd), 0);
        break;
    }
    ck_assert_int_eq(sh("build/bin/probegen nope --pop 3 --out /tmp/never 2>/dev/null"), 2);
    ck_assert_int_eq(sh("build/bin/probegen bones --pop -1 --out /tmp/never 2>/dev/null"), 2);
    ck_assert_int_eq(sh("build/bin/probegen --list | grep -q '^bones  *generated'"), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("probegen");
    TCase *t = tcase_create("probegen");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, splitmix64_vectors);
    tcase_add_test(t, prng_ranges);
    tcase_add_test(t, spellings);
    tcase_add_test(t, writer);
    tcase_add_test(t, deterministic_in_process);
    tcase_add_test(t, probes_are_documents);
    tcase_add_test(t, amplifiers);
    tcase_add_test(t, binary_deterministic);
    tcase_add_test(t, families);
    suite_add_tcase(s, t);
    return run_suite(s);
}
