/* Check tests of the words of the core's refusal and unsupported messages, which the corpus gate does not
 * compare (it compares a refusal's exit status only): the part copied from the runtime's throw (the
 * oracle's own message for the same input, `node oracle/pose_oracle.mjs dump FILE OPTIONS`), and the
 * core's own location in front of it (the JSON path, or the line and column of malformed JSON), worked
 * out by hand from the input. Each test names the mutants of `make mutate` it kills (FILE:LINE:COL FROM ->
 * TO). Run from the repository's top (the command-line tests run build/bin/posecore on
 * core/tests/fixtures/messages/ and on stored corpus cases). */
#include "posecore.h"
#include "js/jsondeep.h"
#include "play/scenario.h"
#include "run_command.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "memory_limit.h"
#include "run_suite.h"

#define FIXTURES "core/tests/fixtures/messages/"

/* `posecore dump ARGS`: its exit status, its standard error in err. */
static int dump_stderr(const char *args, char *err, size_t size)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "build/bin/posecore dump %s 2>&1 >/dev/null", args);
    return run_command(cmd, err, size);
}

/* text (len bytes, NUL bytes allowed) in a fresh temporary file, its path in path. */
static void write_temp(char path[], const char *text, size_t len)
{
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
    close(fd);
}

/* For instance/timeline_slot.c:72:21 `==` -> `!=` and 72:24 `1` -> `2`: an rgba2 timeline keyed from
 * time 0 on a slot without a dark color, sampled at 0 (at the first key, alpha 1): the runtime throws
 * setting the null dark color (the oracle: "Cannot set properties of null (setting 'r')"), not reading. */
START_TEST(two_color_timeline_sets_at_alpha_1)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "rgba2-no-dark-set.json --samples 2", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "rgba2-no-dark-set.json: animation \"tint\" at 0: "
                              "TypeError: Cannot set properties of null (setting 'r')\n") != NULL, "%s", err);
}
END_TEST

/* For instance/slider.c:62:32 `1` -> `2`: the stored case refuse-slider-keys-dark-missing-set (a slider
 * at mix 1 keying rgba2 on a slot without a dark color) throws setting the dark color, its stored
 * .refused message "Cannot set properties of null (setting 'r')"; at mix 0.5 (…-mix) reading it. */
START_TEST(slider_dark_color_set_at_mix_1)
{
    char err[2048];
    int status = dump_stderr("corpus/cases/refuse-slider-keys-dark-missing-set.json --skin all --physics none "
                             "--samples 5 --anim main", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "TypeError: Cannot set properties of null (setting 'r')\n") != NULL, "%s", err);
    status = dump_stderr("corpus/cases/refuse-slider-keys-dark-missing-mix.json --skin all --physics none "
                         "--samples 5 --anim main", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "TypeError: Cannot read properties of null (reading 'r')\n") != NULL, "%s", err);
}
END_TEST

/* For document/reader.c:87:47 `||` -> `&&` and 87:109 `==` -> `!=` (path_push_key): the animation
 * "run-1" keys a bone "arm_2" no skeleton has; the runtime throws "Bone not found: arm_2" (the oracle's
 * message) and the core's path spells identifier keys (letters, digits, underscores, not starting with a
 * digit) after a dot, others bracketed and quoted: $.animations["run-1"].bones.arm_2. */
START_TEST(path_spells_keys)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "unknown-bone-path.json --samples 2", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "unknown-bone-path.json: $.animations[\"run-1\"].bones.arm_2: Bone not found: arm_2\n")
                      != NULL, "%s", err);
}
END_TEST

/* For document/read_constraints.c:31:40 `==` -> `!=`: a transform constraint's `properties` naming
 * "spin": the runtime throws "Invalid transform constraint from property: spin" (the oracle's message),
 * naming the key, not "undefined". */
START_TEST(transform_property_named_in_message)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "transform-unknown-property.json --samples 2", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "transform-unknown-property.json: $.constraints[0].properties.spin: "
                              "Invalid transform constraint from property: spin\n") != NULL, "%s", err);
}
END_TEST

static char *repeat_around(const char *before, char open, size_t depth, const char *inside, size_t inside_len,
                           char close, const char *after, size_t *len)
{
    size_t lb = strlen(before), la = strlen(after);
    *len = lb + depth + inside_len + depth + la;
    char *s = malloc(*len + 1), *p = s;
    memcpy(p, before, lb), p += lb;
    memset(p, open, depth), p += depth;
    memcpy(p, inside, inside_len), p += inside_len;
    memset(p, close, depth), p += depth;
    memcpy(p, after, la), p += la;
    *p = '\0';
    return s;
}

/* For document/read_document.c:123:26 `<` -> `<=`, 123:31 `&&` -> `||` and 124:53 `1` -> `2`
 * (text_position): a document whose fourth line is two spaces, then 3,000 nested arrays holding `1,,2`
 * (deeper than Jansson parses: the deep check finds the error). JSON.parse stops at the second comma,
 * byte 2 + 3,000 + 2 of line 4 (0-based): line 4 column 3005. */
START_TEST(deep_malformed_line_and_column)
{
    size_t len;
    char *text = repeat_around("{\"skeleton\": {\"hash\": \"posecore-tests\", \"spine\": \"4.3.13\"},\n"
                               "\"bones\": [{\"name\": \"root\"}],\n\"z\":\n  ",
                               '[', 3000, "1,,2", 4, ']', "\n}\n", &len);
    char path[] = "/tmp/posecore-test-messages-XXXXXX";
    write_temp(path, text, len);
    free(text);
    char args[256], err[2048];
    snprintf(args, sizeof args, "%s", path);
    int status = dump_stderr(args, err, sizeof err);
    unlink(path);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, ": line 4 column 3005: SyntaxError: malformed JSON: unexpected character\n") != NULL,
                  "%s", err);
}
END_TEST

/* For js/jsondeep.c:79:18 `<` -> `<=` (skip_literal): 3,000 nested arrays holding `true` then a NUL
 * byte. JSON.parse stops at the NUL ("Expected ',' or ']' after array element in JSON at position 3069":
 * the oracle's message), line 2 column 3010 (the first line's 59 bytes and its newline before it). */
START_TEST(deep_nul_after_literal)
{
    static const char head[] = "{\"skeleton\": {\"hash\": \"posecore-tests\", \"spine\": \"4.3.13\"},\n\"z\": ";
    size_t len;
    char *text = repeat_around(head, '[', 3000, "true\0", 5, ']', "}", &len);
    size_t out_len, cuts, at = 0;
    char *out = js_cut_deep_json(text, len, &out_len, &cuts, &at);
    ck_assert_ptr_null(out);
    ck_assert_uint_eq(at, 3069);
    char path[] = "/tmp/posecore-test-messages-XXXXXX";
    write_temp(path, text, len);
    free(text);
    char err[2048];
    int status = dump_stderr(path, err, sizeof err);
    unlink(path);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, ": line 2 column 3010: SyntaxError: malformed JSON: unexpected character\n") != NULL,
                  "%s", err);
}
END_TEST

/* For js/jsondeep.c:32:39 `<` -> `<=` and 59:11 `<` -> `<=`: the deep check reads only the len bytes it
 * is given (a rewritten text is not NUL-terminated: the byte after it can be anything). A text ending in
 * a \u escape with a hex digit after its end, and one ending in a number with a '.' after it: JSON.parse
 * stops at the end of each ("Bad Unicode escape in JSON at position 6", "Expected ',' or ']' after array
 * element in JSON at position 2", Node 20). */
START_TEST(deep_check_reads_only_its_text)
{
    static const struct { const char *s; size_t len; size_t at; } vectors[] = {
        { "[\"\\u123", 6, 6 },
        { "[1.5", 2, 2 },
    };
    for (size_t k = 0; k < sizeof vectors / sizeof vectors[0]; k++) {
        size_t out_len, cuts, at = 12345;
        char *out = js_cut_deep_json(vectors[k].s, vectors[k].len, &out_len, &cuts, &at);
        ck_assert_ptr_null(out);
        ck_assert_msg(at == vectors[k].at, "%s: at %zu", vectors[k].s, at);
    }
}
END_TEST

/* For document/rules.c:340:23 `<` -> `<=`: a reading a rule does not have is refused listing the rule's
 * readings (RULES.md: math.trig has v8-fdlibm and libm), no more. */
START_TEST(rule_readings_listed)
{
    pc_readings *r = pc_readings_new();
    ck_assert_ptr_nonnull(r);
    char msg[1024];
    ck_assert_int_eq(pc_readings_select(r, "math.trig=bogus", msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "rule math.trig has no reading \"bogus\" (readings: v8-fdlibm, libm)");
    pc_readings_free(r);
}
END_TEST

/* For document/read_skins.c:34:72 `0` -> `1` (kind < 1 names an IK constraint "bone"): a skin requiring
 * an IK constraint the document lacks. The oracle: "Couldn't find IK constraint nope for skin extra." */
START_TEST(skin_unknown_constraint_named)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "skin-unknown-ik.json", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "skin-unknown-ik.json: $.skins[0].ik[1]: "
                              "Couldn't find IK constraint nope for skin extra.\n") != NULL, "%s", err);
}
END_TEST

/* For play/scenario_run.c:216:24 `&&` -> `||`: an apply, then setupPose, then an update of the world that
 * throws (one-bone IK on the root bone): the throw is the setup pose's, not the animation's applied
 * before it. The oracle: "Cannot read properties of null (reading 'appliedPose')". */
START_TEST(update_world_throw_after_setup_pose)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "ik-root.json --scenario " FIXTURES "apply-then-setup.scenario.json", err,
                             sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "ik-root.json: the setup pose: TypeError: Cannot read properties of null (reading "
                              "'appliedPose')\n") != NULL, "%s", err);
}
END_TEST

/* For play/scenario_run.c:51:15 `>=` -> `>`: a setSkins step's unknown first skin is named with its index,
 * as the oracle names it: "$.steps[1].skins[0]: Skin not found: nope". */
START_TEST(set_skins_unknown_first_skin)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "one-bone.json --scenario " FIXTURES "set-skins-unknown.scenario.json", err,
                             sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "set-skins-unknown.scenario.json $.steps[1].skins[0]: Skin not found: nope\n") != NULL,
                  "%s", err);
}
END_TEST

/* For document/read_attachments.c:213:45 `4` -> `5` and 213:70 `-` -> `+` (the element limit decided
 * before stepping): a weighted vertex whose bone count is 22,000,000, and one of 20,000,000 after a
 * vertex of one bone, are past the limit at once, with no memory spent. The mutants step on to the limit,
 * growing the lists to 400 MB, which the address space (128 MB, `ulimit -v`) cannot hold: out of memory. */
START_TEST(weighted_bone_count_past_the_limit)
{
    static const char *const files[] = { "weighted-count-huge.json", "weighted-count-after-one.json" };
    for (int i = 0; i < 2; i++) {
        char cmd[512], err[2048];
        snprintf(cmd, sizeof cmd, "ulimit -v 131072 && build/bin/posecore dump " FIXTURES "%s 2>&1 >/dev/null", files[i]);
        ck_assert_int_eq(run_command(cmd, err, sizeof err), 3);
        ck_assert_msg(strstr(err, ": $.skins[0].attachments.s.box.vertices: unsupported: weighted vertices is too "
                                  "large for the core to read\n") != NULL, "%s", err);
    }
}
END_TEST

/* For document/atlas.c:175:38 `+` -> `-`: an atlas whose first line is empty and ends in CR LF, then the
 * stored case refuse-atlas-filter-one-value's atlas: CR LF ends one line, so the refused `filter` entry
 * is on line 3, not 4. */
START_TEST(atlas_crlf_first_line_counted_once)
{
    char err[2048];
    int status = dump_stderr("corpus/cases/refuse-atlas-filter-one-value.json --skin all --physics none "
                             "--samples 2 --atlas " FIXTURES "crlf-first-filter.atlas", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "crlf-first-filter.atlas: line 3: `filter` value 2 is missing") != NULL, "%s", err);
}
END_TEST

/* For play/scenario.c:123:32 `==` -> `!=` (pc_step_name): an applyState step (the third, $.steps[2])
 * before the first setupPose is unsupported, the message naming the step "applyState". */
START_TEST(scenario_step_named)
{
    char err[2048];
    int status = dump_stderr(FIXTURES "one-bone.json --scenario " FIXTURES "state-before-setup.scenario.json", err,
                             sizeof err);
    ck_assert_int_eq(status, 3);
    ck_assert_msg(strstr(err, ": $.steps[2]: the \"applyState\" step comes before the first setupPose") != NULL, "%s",
                  err);
}
END_TEST

/* A scenario text parsed in a child process (run_in_child): the parser's message, or "(parsed)". */
struct scenario_text {
    const char *text;
    size_t len;
};

static void parse_in_child(void *context, char *msg, size_t size)
{
    const struct scenario_text *run = context;
    pc_scenario *sc = pc_scenario_parse(run->text, run->len, msg, size);
    if (sc) snprintf(msg, size, "(parsed)");
}

/* For play/scenario.c:404:38 `1` -> `2`: a scenario text nested 3,000 deep (64 MB of spaces inside)
 * whose deep check cannot have its memory (the address space limited to what is mapped plus 16 MB, in a
 * child process): "not JSON: out of memory", not a position. Not under AddressSanitizer (its allocator
 * stops the program when memory runs out). */
START_TEST(scenario_deep_text_out_of_memory)
{
#if defined(__SANITIZE_ADDRESS__)
    return;
#endif
    size_t len;
    size_t pad = (size_t)64 << 20;
    char *inside = malloc(pad);
    ck_assert_ptr_nonnull(inside);
    memset(inside, ' ', pad);
    char *text = repeat_around("", '[', 3000, inside, pad, ']', "", &len);
    free(inside);
    struct scenario_text run = { text, len };
    char msg[600];
    int st;
    bool ran = run_in_child((size_t)16 << 20, parse_in_child, &run, msg, sizeof msg, &st);
    free(text);
    ck_assert_msg(ran, "the parse died (status %d)", st);
    ck_assert_msg(strstr(msg, "not JSON: out of memory") != NULL, "%s", msg);
}
END_TEST

/* For play/scenario.c:362:51 `1` -> `2`, 365:18 `>` -> `>=` and 464:21 `0` -> `1`: a scenario may run
 * exactly 10,000,000 steps and write exactly 1,000,000 poses (scenario.h's limits, as the oracle's
 * scenario.mjs counts them: repeats counted out); one more is refused. Past a scenario at the limit a later
 * fault is the one named (the poses' count never refused it first). */
static char *repeated_steps(int times, const char *step, int count, const char *after)
{
    size_t size = 200 + (size_t)count * (strlen(step) + 2) + strlen(after);
    char *text = malloc(size);
    ck_assert_ptr_nonnull(text);
    int n = snprintf(text, size, "{\"scenario\": 1, \"steps\": [{\"do\": \"repeat\", \"times\": %d, \"steps\": [", times);
    for (int i = 0; i < count; i++) n += snprintf(text + n, size - (size_t)n, "%s%s", i ? ", " : "", step);
    snprintf(text + n, size - (size_t)n, "]}%s]}", after);
    return text;
}

static void scenario_parses(int times, const char *step, int count, const char *after, const char *want)
{
    char *text = repeated_steps(times, step, count, after);
    char msg[600] = "";
    pc_scenario *sc = pc_scenario_parse(text, strlen(text), msg, sizeof msg);
    free(text);
    if (!want) {
        ck_assert_msg(sc != NULL, "%s", msg);
        pc_scenario_free(sc);
        return;
    }
    ck_assert_ptr_null(sc);
    ck_assert_msg(strstr(msg, want) != NULL, "%s, want %s", msg, want);
}

START_TEST(scenario_limits_exact)
{
    /* 100,000 times 10 poses: exactly 1,000,000 poses */
    scenario_parses(100000, "{\"do\": \"pose\"}", 10, "", NULL);
    scenario_parses(100000, "{\"do\": \"pose\"}", 10, ", {\"do\": \"dance\"}", "$.steps[1].do: unknown step \"dance\"");
    scenario_parses(100000, "{\"do\": \"pose\"}", 10, ", {\"do\": \"pose\"}",
                    "$.steps[1]: the scenario writes more than 1000000 poses");
    /* 100,000 times 100 updates: exactly 10,000,000 steps */
    scenario_parses(100000, "{\"do\": \"update\", \"delta\": 0}", 100, "", NULL);
    scenario_parses(100000, "{\"do\": \"update\", \"delta\": 0}", 100, ", {\"do\": \"update\", \"delta\": 0}",
                    "$.steps[1]: the scenario runs more than 10000000 steps");
}
END_TEST

/* For play/scenario_run.c:63:70 `&&` -> `||`: a setMix step's names are both resolved before the run, so an
 * unknown to name is refused where it stands ("$.steps[3].to: Animation not found: nope", the oracle's words),
 * not run into an out-of-memory failure after the poses before it. */
START_TEST(set_mix_unknown_to_named)
{
    char err[2048];
    int status = dump_stderr("corpus/cases/refuse-mut-h36-setmix-unknown-to.json --skin default --scenario "
                             "corpus/scenarios/refuse-mut-h36-setmix-unknown-to.json", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "$.steps[3].to: Animation not found: nope\n") != NULL, "%s", err);
}
END_TEST

/* For play/scenario.c:242:25 `0` -> `1`: setSkins' skins must all be strings, the first too: [5] is
 * refused as it is read (a document cannot hold a skin named "", which the mutant would look up). */
START_TEST(set_skins_number_refused)
{
    static const char text[] = "{\"scenario\": 1, \"steps\": [{\"do\": \"setupPose\"}, {\"do\": \"setSkins\", "
                               "\"skins\": [5]}]}";
    char msg[600] = "";
    pc_scenario *sc = pc_scenario_parse(text, strlen(text), msg, sizeof msg);
    pc_scenario_free(sc);
    ck_assert_ptr_null(sc);
    ck_assert_msg(strstr(msg, "$.steps[1].skins: want an array of strings, not an array") != NULL, "%s", msg);
}
END_TEST

/* For js/jsontext.c:95:32 `+` -> `-`: a document of 11 bytes holding a number literal too big for a
 * double, {"x":1e999}: JSON.parse reads Infinity and spine-core poses it (the oracle's dump: an empty
 * skeleton), so the core reads it too. */
START_TEST(short_text_overflowing_number)
{
    static const char doc[] = "{\"x\":1e999}";
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "doc.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    ck_assert_int_eq(err.status, PC_OK);
    pc_skeleton_data_free(data);
}
END_TEST

/* For document/read_document.c:238:18 `0` -> `1`: a document read leaves no message (the message says
 * what is wrong, and nothing is), whatever the caller's pc_error held before. */
START_TEST(read_leaves_no_message)
{
    static const char doc[] = "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}]}";
    pc_error err;
    memset(err.message, 'x', sizeof err.message - 1);
    err.message[sizeof err.message - 1] = '\0';
    pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "doc.json", NULL, &err);
    ck_assert_ptr_nonnull(data);
    ck_assert_int_eq(err.status, PC_OK);
    ck_assert_str_eq(err.message, "");
    pc_skeleton_data_free(data);
}
END_TEST

/* For document/atlas.c:390:21 `==` -> `!=` (the line of the first byte that is not UTF-8): the stored case
 * unsupported-mut-h11-atlas-lead-f9 has F9 80 80 80 on its sixth line; the core names line 6. */
START_TEST(atlas_not_utf8_line)
{
    char err[2048];
    int status = dump_stderr("corpus/cases/unsupported-mut-h11-atlas-lead-f9.json --skin all --physics none "
                             "--samples 2 --atlas corpus/cases/unsupported-mut-h11-atlas-lead-f9.atlas", err, sizeof err);
    ck_assert_int_eq(status, 3);
    ck_assert_msg(strstr(err, ".atlas: line 6: not UTF-8") != NULL, "%s", err);
}
END_TEST

/* For play/scenario.c:307:22 `0` -> `1` (the known steps listed for an unknown one): the stored case
 * refuse-mut-h11-scenario-unknown-step has a step "dance"; the list starts with update and ends with
 * setupPoseSlots. */
START_TEST(scenario_unknown_step_lists_all)
{
    char err[4096];
    int status = dump_stderr("corpus/cases/refuse-mut-h11-scenario-unknown-step.json --skin default --scenario "
                             "corpus/scenarios/refuse-mut-h11-scenario-unknown-step.json", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "unknown step \"dance\" (known: update, setTime, ") != NULL, "%s", err);
    ck_assert_msg(strstr(err, ", setupPoseBones, setupPoseSlots)") != NULL, "%s", err);
}
END_TEST

/* For document/read_animations.c:342:58 `!=` -> `==`: the stored case refuse-mut-h21-folder-slots-length
 * has a draw order folder whose slots are an object of length -1; the runtime throws making the folder's
 * slot list (the oracle's stored .refused message "Invalid array length"), before it iterates them. The
 * mutant skips the length test for slots that have a length and refuses later: "slots is not iterable". */
START_TEST(folder_slots_invalid_length)
{
    char err[2048];
    int status = dump_stderr("corpus/cases/refuse-mut-h21-folder-slots-length.json --skin all --physics none "
                             "--samples 2 --anim b", err, sizeof err);
    ck_assert_int_eq(status, 2);
    ck_assert_msg(strstr(err, "$.animations.a.drawOrderFolder[0]: RangeError: Invalid array length\n") != NULL, "%s",
                  err);
}
END_TEST

/* For document/read_animations.c:343:39 `&&` -> `||`, 343:54 `<=` -> `<` and 343:70 `&&` -> `||`: a draw
 * order folder whose slots are an object (no array) of length -1, 1.5 or 4294967295. new Array(length)
 * throws RangeError for -1 and 1.5 (the stored refusals' "Invalid array length"); 4294967295 is the
 * longest array, so the runtime throws only iterating the object (its "slotEntries is not iterable"). The
 * mutants move a length across that line and refuse with the other message. */
START_TEST(folder_slots_length_edges)
{
    static const struct {
        const char *name, *message;
    } cases[] = {
        { "refuse-mut-h21-folder-slots-length", "RangeError: Invalid array length" },
        { "refuse-mut-h31-folder-slots-length-fraction", "RangeError: Invalid array length" },
        { "refuse-mut-h31-folder-slots-length-max", "TypeError: slots is not iterable" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[256], want[256], err[2048];
        snprintf(args, sizeof args, "corpus/cases/%s.json --skin all --physics none --samples 2 --anim b", cases[i].name);
        snprintf(want, sizeof want, "$.animations.a.drawOrderFolder[0]: %s\n", cases[i].message);
        int status = dump_stderr(args, err, sizeof err);
        ck_assert_int_eq(status, 2);
        ck_assert_msg(strstr(err, want) != NULL, "%s: %s", cases[i].name, err);
    }
}
END_TEST

/* For document/read_animations.c:279:27 `<` -> `<=`: the stored case
 * unsupported-mut-h31-draw-order-offset-past-end puts a slot one past a draw order of two slots (the
 * runtime grows the array and leaves a hole). The core declares the offset out of the order; the mutant
 * writes it into the order's spare int and declares the hole it leaves instead (the first note wins). */
START_TEST(draw_order_offset_past_end)
{
    char err[2048];
    int status = dump_stderr("corpus/cases/unsupported-mut-h31-draw-order-offset-past-end.json --skin all --physics none "
                             "--samples 3 --anim a", err, sizeof err);
    ck_assert_int_eq(status, 3);
    ck_assert_msg(strstr(err, "$.animations.z.drawOrder[0]: a draw order offset out of the order") != NULL, "%s", err);
}
END_TEST

static Suite *messages_suite(void)
{
    Suite *s = suite_create("messages");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, two_color_timeline_sets_at_alpha_1);
    tcase_add_test(tc, slider_dark_color_set_at_mix_1);
    tcase_add_test(tc, path_spells_keys);
    tcase_add_test(tc, transform_property_named_in_message);
    tcase_add_test(tc, deep_malformed_line_and_column);
    tcase_add_test(tc, deep_nul_after_literal);
    tcase_add_test(tc, deep_check_reads_only_its_text);
    tcase_add_test(tc, rule_readings_listed);
    tcase_add_test(tc, scenario_step_named);
    tcase_add_test(tc, scenario_deep_text_out_of_memory);
    tcase_add_test(tc, short_text_overflowing_number);
    tcase_add_test(tc, read_leaves_no_message);
    tcase_add_test(tc, atlas_not_utf8_line);
    tcase_add_test(tc, scenario_unknown_step_lists_all);
    tcase_add_test(tc, skin_unknown_constraint_named);
    tcase_add_test(tc, update_world_throw_after_setup_pose);
    tcase_add_test(tc, set_skins_unknown_first_skin);
    tcase_add_test(tc, weighted_bone_count_past_the_limit);
    tcase_add_test(tc, atlas_crlf_first_line_counted_once);
    tcase_add_test(tc, folder_slots_invalid_length);
    tcase_add_test(tc, folder_slots_length_edges);
    tcase_add_test(tc, draw_order_offset_past_end);
    tcase_add_test(tc, scenario_limits_exact);
    tcase_add_test(tc, set_mix_unknown_to_named);
    tcase_add_test(tc, set_skins_number_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(messages_suite());
}
