/* Check tests of the document reader's shared helpers that no corpus case can see: the name lookups of the
 * public API (pc_data_find_bone, pc_data_find_slot: the harness never calls them, only programs using the
 * library do) and the words of the core's own message for an enum name that has no first character.
 * Each test names the mutants of `make mutate` it kills (FILE:LINE:COL FROM -> TO). */
#include "posecore.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

/* A document of n bones b0..b(n-1) (b0 the root) and n slots s0..s(n-1), one on each bone. */
static pc_skeleton_data *read_rig(int n)
{
    char text[8192];
    size_t at = 0;
    at += (size_t)snprintf(text + at, sizeof text - at, "{\"bones\": [");
    for (int i = 0; i < n; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "%s{\"name\": \"b%d\"%s}", i ? ", " : "", i,
                               i ? ", \"parent\": \"b0\"" : "");
    at += (size_t)snprintf(text + at, sizeof text - at, "], \"slots\": [");
    for (int i = 0; i < n; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "%s{\"name\": \"s%d\", \"bone\": \"b%d\"}", i ? ", " : "",
                               i, i);
    at += (size_t)snprintf(text + at, sizeof text - at, "]}");
    pc_error err;
    pc_skeleton_data *data = pc_read_text(text, at, "rig.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    return data;
}

/* For document/reader.c:393:18 0 -> 1, 394:50 0 -> 1, 395:12 - -> +, 395:13 1 -> 2 (pc_find_bone) and
 * 400:18 0 -> 1, 401:47 == -> !=, 401:50 0 -> 1, 402:12 - -> +, 402:13 1 -> 2 (pc_find_slot): every bone
 * and slot found at its index, the first ones too, and a name no bone or slot has answered with -1 (the
 * header's "-1 for none"). With 16 bones and slots (the reader's first allocation, exactly full), the
 * lookups of an unknown name also catch, under AddressSanitizer, 393:23 and 400:23 < -> <= (a read one
 * past the bones or slots). */
START_TEST(find_bone_and_slot_by_name)
{
    static const int sizes[] = { 3, 16 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int n = sizes[k];
        pc_skeleton_data *data = read_rig(n);
        char name[16];
        for (int i = 0; i < n; i++) {
            snprintf(name, sizeof name, "b%d", i);
            ck_assert_int_eq(pc_data_find_bone(data, name), i);
            snprintf(name, sizeof name, "s%d", i);
            ck_assert_int_eq(pc_data_find_slot(data, name), i);
        }
        ck_assert_int_eq(pc_data_find_bone(data, "zz"), -1);
        ck_assert_int_eq(pc_data_find_bone(data, "s0"), -1);
        ck_assert_int_eq(pc_data_find_slot(data, "zz"), -1);
        ck_assert_int_eq(pc_data_find_slot(data, "b0"), -1);
        ck_assert_int_eq(pc_data_find_bone(data, NULL), -1);
        ck_assert_int_eq(pc_data_find_slot(data, NULL), -1);
        pc_skeleton_data_free(data);
    }
}
END_TEST

/* For instance/api.c:39:22 and 49:22 && -> || (pc_data_slot_name, pc_data_slot_bone), 44:47 1 -> 2
 * (pc_data_find_slot's -1 for no name) and 222:26 >= -> > (pc_skeleton_slot_attachment): a slot's name,
 * bone and attachment by number, and NULL or -1 for a number outside the slots (below 0, the count, the
 * ints' extremes: a mutant reading there reads far outside the array). */
START_TEST(slot_by_number)
{
    static const int sizes[] = { 3, 16 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int n = sizes[k];
        pc_skeleton_data *data = read_rig(n);
        ck_assert_int_eq(pc_data_slot_count(data), n);
        char name[16];
        for (int i = 0; i < n; i++) {
            snprintf(name, sizeof name, "s%d", i);
            ck_assert_str_eq(pc_data_slot_name(data, i), name);
            ck_assert_int_eq(pc_data_slot_bone(data, i), i);
        }
        static const int outside[] = { -1, -2, INT_MIN, INT_MAX, INT_MAX / 2, INT_MIN / 2 };
        for (size_t j = 0; j < sizeof outside / sizeof outside[0]; j++) {
            ck_assert_ptr_null(pc_data_slot_name(data, outside[j]));
            ck_assert_int_eq(pc_data_slot_bone(data, outside[j]), -1);
        }
        ck_assert_ptr_null(pc_data_slot_name(data, n));
        ck_assert_int_eq(pc_data_slot_bone(data, n), -1);
        ck_assert_int_eq(pc_data_find_slot(data, NULL), -1);
        pc_skeleton *sk = pc_skeleton_new(data);
        ck_assert_ptr_nonnull(sk);
        pc_skeleton_setup_pose(sk);
        for (int i = 0; i < n; i++) ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, i));
        ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, -1));
        ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, n));
        ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, INT_MIN));
        ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, INT_MAX));
        pc_skeleton_free(sk);
        pc_skeleton_data_free(data);
    }
}
END_TEST

/* For document/reader.c:246:38 == -> !=: an enum name with no first character to upper-case is refused
 * (the runtime throws a TypeError) naming what it is: "the array" for an array whose first element is no
 * string ([1]), "the value" for anything else (an object). */
START_TEST(enum_without_first_character_named)
{
    static const struct { const char *text, *words; } vectors[] = {
        { "{\"bones\": [{\"name\": \"root\"}], \"slots\": [{\"name\": \"s\", \"bone\": \"root\", \"blend\": [1]}]}",
          "TypeError: the array has no first character to upper-case" },
        { "{\"bones\": [{\"name\": \"root\"}], \"slots\": [{\"name\": \"s\", \"bone\": \"root\", \"blend\": {}}]}",
          "TypeError: the value has no first character to upper-case" },
    };
    for (size_t k = 0; k < sizeof vectors / sizeof vectors[0]; k++) {
        pc_error err;
        pc_skeleton_data *data = pc_read_text(vectors[k].text, strlen(vectors[k].text), "enum.json", NULL, &err);
        ck_assert_msg(data == NULL, "%s: read", vectors[k].text);
        ck_assert_msg(strstr(err.message, vectors[k].words) != NULL, "%s", err.message);
    }
}
END_TEST

static Suite *reader_h5_suite(void)
{
    Suite *s = suite_create("reader_lookups");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, find_bone_and_slot_by_name);
    tcase_add_test(tc, slot_by_number);
    tcase_add_test(tc, enum_without_first_character_named);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(reader_h5_suite());
}
