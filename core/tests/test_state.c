/* Check tests of AnimationState through the public interface (posecore.h), as a spine-c program drives
 * it: the game loop of corpus/scenarios/state-layers-additive.json written with pc_animation_state_*,
 * pc_track_entry_* and a listener gives, bone by bone and bit for bit, the worlds of the oracle's stored
 * dump of the same frames (corpus/dumps, written by spine-core), and the listener hears what the dump's
 * `listener` rows say spine-core's heard, in the same order (run from the repository root). */
#include "dump/dump.h"
#include "dumpcmp/dumpread.h"
#include "play/animation_state.h"
#include "posecore.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

/* The number field `field` of row `key` of block `block` in pose `pose`, into *out; false when none. */
static bool dump_number(const struct dump *d, size_t pose, const char *block, const char *key, const char *field,
                        double *out)
{
    const struct dump_pose *p = &d->poses[pose];
    for (size_t r = p->first_row; r < p->first_row + p->row_count; r++) {
        const struct dump_row *row = &d->rows[r];
        if (strcmp(d->blocks[row->block].name.ptr, block) != 0 || strcmp(row->key.ptr, key) != 0) continue;
        for (size_t k = 0; k < d->blocks[row->block].field_count; k++)
            if (strcmp(dump_field_name(d, row, k)->ptr, field) == 0) {
                *out = dump_field_value(d, row, k)->number;
                return true;
            }
    }
    return false;
}

/* The `type` of listener row i of pose `pose` ("start", ...), or NULL when the pose has fewer rows. */
static const char *dump_heard(const struct dump *d, size_t pose, int i)
{
    char key[16];
    snprintf(key, sizeof key, "%d", i);
    const struct dump_pose *p = &d->poses[pose];
    for (size_t r = p->first_row; r < p->first_row + p->row_count; r++) {
        const struct dump_row *row = &d->rows[r];
        if (strcmp(d->blocks[row->block].name.ptr, "listener") != 0 || strcmp(row->key.ptr, key) != 0) continue;
        for (size_t k = 0; k < d->blocks[row->block].field_count; k++)
            if (strcmp(dump_field_name(d, row, k)->ptr, "type") == 0) return dump_field_value(d, row, k)->string.ptr;
    }
    return NULL;
}

/* What the listener heard since the last pose. */
typedef struct heard {
    pc_state_event types[64];
    int count;
} heard;

static void listen(void *user, pc_animation_state *state, pc_state_event type, pc_track_entry *entry,
                   const pc_event_key *event)
{
    (void)state, (void)entry, (void)event;
    heard *h = user;
    ck_assert_int_lt(h->count, 64);
    h->types[h->count++] = type;
}

static long compared, notifications;

/* The instance's bone worlds and what the listener heard equal the dump's pose `pose`, bit for bit. */
static void assert_pose(const pc_skeleton_data *data, const pc_skeleton *sk, heard *h, const struct dump *d,
                        size_t pose)
{
    static const char fields[6][8] = { "a", "b", "c", "d", "worldX", "worldY" };
    static const char names[6][12] = { "start", "interrupt", "end", "dispose", "complete", "event" };
    ck_assert_uint_lt(pose, d->pose_count);
    for (int i = 0; i < pc_data_bone_count(data); i++) {
        double have[6];
        pc_skeleton_bone_world(sk, i, have);
        for (int f = 0; f < 6; f++) {
            double want;
            ck_assert_msg(dump_number(d, pose, "bone", pc_data_bone_name(data, i), fields[f], &want), "pose %zu: no %s",
                          pose, pc_data_bone_name(data, i));
            ck_assert_msg(memcmp(&want, &have[f], sizeof want) == 0, "pose %zu bone %s %s: %.17g, want %.17g", pose,
                          pc_data_bone_name(data, i), fields[f], have[f], want);
            compared++;
        }
    }
    for (int i = 0; i < h->count; i++) {
        const char *want = dump_heard(d, pose, i);
        ck_assert_msg(want && strcmp(want, names[h->types[i]]) == 0, "pose %zu notification %d: %s, want %s", pose, i,
                      names[h->types[i]], want ? want : "none");
        notifications++;
    }
    ck_assert_msg(dump_heard(d, pose, h->count) == NULL, "pose %zu: the listener heard %d notifications, fewer than "
                  "spine-core's", pose, h->count);
    h->count = 0;
}

static int animation(const pc_skeleton_data *data, const char *name)
{
    for (int a = 0; a < pc_data_animation_count(data); a++)
        if (strcmp(pc_data_animation_name(data, a), name) == 0) return a;
    ck_abort_msg("no animation %s", name);
    return -1;
}

/* 15 frames of 1/30 s: update the state, apply it, update the skeleton's time, the world. */
static void frames(const pc_skeleton_data *data, pc_skeleton *sk, pc_animation_state *state, heard *h,
                   const struct dump *d, size_t *pose)
{
    for (int k = 0; k < 15; k++) {
        pc_animation_state_update(state, 0.03333333333333333);
        ck_assert_ptr_null(pc_animation_state_apply(state, sk));
        pc_skeleton_update(sk, 0.03333333333333333);
        pc_skeleton_update_world_transform(sk);
        assert_pose(data, sk, h, d, (*pose)++);
    }
}

/* Track 0 swing; track 1 wave additive at alpha 0.5; track 2 flip reversed at alpha 0.3 and time scale 2;
 * the state's time scale 0.75; 15 frames; then swing on track 2 at alpha 0.3 mixed in over 0.4 s by
 * pow(3); 15 frames. The state's generation of property owners starts at `stamp`, and is set to `later`
 * (when not 0) before the second change of animations. */
static void layers_from_stamps(unsigned stamp, unsigned later)
{
    compared = notifications = 0;
    pc_error err;
    pc_skeleton_data *data = pc_read_file("corpus/cases/state-layers-additive.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    struct dump d;
    struct dump_error derr;
    ck_assert_msg(dump_read_file("corpus/dumps/state-layers-additive.dump", &d, &derr), "%s", derr.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert(sk && pc_skeleton_set_skin(sk, "default"));
    pc_animation_state_data *state_data = pc_animation_state_data_new(data);
    ck_assert_ptr_nonnull(state_data);
    pc_animation_state *state = pc_animation_state_new(state_data);
    ck_assert_ptr_nonnull(state);
    state->stamp = stamp;
    heard h = { .count = 0 };
    pc_animation_state_set_listener(state, listen, &h);
    size_t pose = 0;
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    assert_pose(data, sk, &h, &d, pose++);
    /* The slots' attachments read back by number: body a, tip c; none outside the slots (api.c:222). */
    ck_assert_str_eq(pc_skeleton_slot_attachment(sk, 0), "a");
    ck_assert_str_eq(pc_skeleton_slot_attachment(sk, 1), "c");
    ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, -1));
    ck_assert_ptr_null(pc_skeleton_slot_attachment(sk, 2));

    ck_assert_ptr_nonnull(pc_animation_state_set_animation(state, 0, animation(data, "swing"), true));
    pc_track_entry *wave = pc_animation_state_set_animation(state, 1, animation(data, "wave"), true);
    ck_assert_ptr_nonnull(wave);
    pc_track_entry_set(wave, PC_ENTRY_ADDITIVE, 1);
    pc_track_entry_set(wave, PC_ENTRY_ALPHA, 0.5);
    pc_track_entry *flip = pc_animation_state_set_animation(state, 2, animation(data, "flip"), true);
    ck_assert_ptr_nonnull(flip);
    pc_track_entry_set(flip, PC_ENTRY_REVERSE, 1);
    pc_track_entry_set(flip, PC_ENTRY_ALPHA, 0.3);
    pc_track_entry_set(flip, PC_ENTRY_TIME_SCALE, 2);
    pc_animation_state_set_time_scale(state, 0.75);
    /* The getters read back what was set: booleans as 1 and 0 (track_entry.c:233's flags). */
    ck_assert(pc_track_entry_get(wave, PC_ENTRY_ADDITIVE) == 1);
    ck_assert(pc_track_entry_get(wave, PC_ENTRY_REVERSE) == 0);
    ck_assert(pc_track_entry_get(flip, PC_ENTRY_REVERSE) == 1);
    ck_assert(pc_track_entry_get(flip, PC_ENTRY_LOOP) == 1);
    ck_assert(pc_track_entry_get(wave, PC_ENTRY_ALPHA) == 0.5);
    frames(data, sk, state, &h, &d, &pose);
    if (later) state->stamp = later;

    pc_track_entry *swing = pc_animation_state_set_animation(state, 2, animation(data, "swing"), false);
    ck_assert_ptr_nonnull(swing);
    pc_track_entry_set(swing, PC_ENTRY_ALPHA, 0.3);
    pc_track_entry_set(swing, PC_ENTRY_MIX_DURATION, 0.4);
    pc_track_entry_set_mix_interpolation(swing, 5, 3); /* pow of 3 */
    frames(data, sk, state, &h, &d, &pose);

    ck_assert_uint_eq(pose, d.pose_count);
    ck_assert_int_eq(compared, (long)d.pose_count * pc_data_bone_count(data) * 6);
    ck_assert_int_gt(notifications, 3); /* the starts, swing's interrupt on track 2, ... */
    ck_assert_int_eq(pc_track_entry_animation(pc_animation_state_get_current(state, 2)), animation(data, "swing"));
    ck_assert_ptr_null(pc_animation_state_set_animation(state, -1, 0, true)); /* the runtime throws */
    /* A mix between names no animation has is refused (-1; play/state_data.c:224:94 `-` -> `+`), a known
     * pair set. */
    ck_assert_int_eq(pc_animation_state_data_set_mix(state_data, "nope", "swing", 0.2), -1);
    ck_assert_int_eq(pc_animation_state_data_set_mix(state_data, "swing", "nope", 0.2), -1);
    ck_assert_int_eq(pc_animation_state_data_set_mix(state_data, "swing", "wave", 0.2), 0);
    ck_assert_ptr_nonnull(pc_animation_state_error(state));
    dump_free(&d);
    pc_animation_state_free(state);
    pc_animation_state_data_free(state_data);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}

static void layers_from_stamp(unsigned stamp)
{
    layers_from_stamps(stamp, 0);
}

START_TEST(layers_match_the_oracle)
{
    layers_from_stamp(0);
}
END_TEST

/* For play/animation_state.c:482:66 `0` -> `1`: the 32-bit generation of property owners wraps at the
 * first change of animations (after about 4 billion in a game); the owners must be cleared then, or
 * every property looks owned already. */
START_TEST(layers_match_across_the_stamp_wrap)
{
    layers_from_stamp(UINT_MAX);
}
END_TEST

/* For play/animation_state.c:482:95 `*` -> `/`: the generation wraps at the second change of animations,
 * after the first generation (1) has stamped every property the three tracks key; the wrap must clear
 * every stamp (prop_count of them, not prop_count / 4 bytes), or the stamps left at 1 make the new
 * generation 1 find them owned already (the flip mixing out of track 2 then mixes its scale from the first
 * key, not the setup pose) and the worlds leave the oracle's dump. */
START_TEST(layers_match_when_the_stamp_wraps_later)
{
    layers_from_stamps(0, UINT_MAX);
}
END_TEST

/* For play/scenario_run.c:201:57 `||` -> `&&`: a physics constraint with only its rotate mix on, or only its
 * shearX mix, has something to step (the rotation spring): under Physics.update, with fps -30 (a step of
 * -1/30), the runtime steps it forever, so the scenario stops unsupported before the update, after pose 0.
 * Were either mix not counted, the update would run and never end (this test case's timeout). */
static void steps_forever_at(const char *mix, const char *fps)
{
    char doc[600];
    snprintf(doc, sizeof doc,
             "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}, {\"name\": \"b\", "
             "\"parent\": \"root\", \"length\": 10}], \"constraints\": [{\"type\": \"physics\", \"name\": \"p\", "
             "\"bone\": \"b\", \"%s\": 1, \"fps\": %s}]}",
             mix, fps);
    char path[80];
    snprintf(path, sizeof path, "build/tests/state-step-forever-%s-%s.json", mix, fps);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(doc, f);
    fclose(f);
    static const char steps[] =
        "{\"scenario\": 1, \"steps\": [{\"do\": \"setupPose\"}, {\"do\": \"updateWorldTransform\", \"physics\": "
        "\"reset\"}, {\"do\": \"pose\"}, {\"do\": \"update\", \"delta\": 0.1}, {\"do\": \"updateWorldTransform\", "
        "\"physics\": \"update\"}, {\"do\": \"pose\"}]}";
    char msg[600];
    pc_scenario *sc = pc_scenario_parse(steps, strlen(steps), msg, sizeof msg);
    ck_assert_msg(sc != NULL, "%s", msg);
    pc_error err;
    pc_skeleton_data *data = pc_read_file(path, NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    char *out = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&out, &len);
    ck_assert_ptr_nonnull(m);
    pc_dump_options opt = { .skin = "all", .samples = 5, .scenario_path = "s.json", .scenario = sc };
    pc_status status = pc_dump_write(m, path, data, &opt, &err);
    fclose(m);
    pc_skeleton_data_free(data);
    pc_scenario_free(sc);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(out, "\npose\t0\t") != NULL, "%s", out);
    ck_assert_ptr_null(strstr(out, "\npose\t1\t"));
    ck_assert_msg(strstr(err.message, "steps it forever") != NULL, "%s", err.message);
    free(out);
}

static void steps_forever_with(const char *mix)
{
    steps_forever_at(mix, "-30");
}

START_TEST(rotate_only_physics_steps_forever)
{
    steps_forever_with("rotate");
}
END_TEST

START_TEST(shear_only_physics_steps_forever)
{
    steps_forever_with("shearX");
}
END_TEST

/* For play/scenario.c:404:26 `==` -> `!=` and 405:80 `<` -> `<=`: a scenario text nested deeper than
 * Jansson parses and malformed is refused where JSON.parse stops, naming the position and whether a
 * character or the end of the text stopped it (not "out of memory"). */
static void deep_refusal(const char *tail, const char *want)
{
    enum { DEPTH = 3000 };
    static const char head[] = "{\"scenario\": 1, \"steps\": [], \"x\": ";
    size_t n = strlen(head), len = n + DEPTH + strlen(tail);
    char *text = malloc(len + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, head, n);
    memset(text + n, '[', DEPTH);
    strcpy(text + n + DEPTH, tail);
    char msg[600];
    ck_assert_ptr_null(pc_scenario_parse(text, len, msg, sizeof msg));
    ck_assert_msg(strstr(msg, want) != NULL, "%s, want %s", msg, want);
    free(text);
}

START_TEST(deep_malformed_scenario_is_refused_where_it_stops)
{
    /* the 34 characters of the head, then 3000 brackets: the text ends, or a brace stands, at 3034 */
    deep_refusal("", "not JSON: unexpected end at position 3034");
    deep_refusal("}", "not JSON: unexpected character at position 3034");
}
END_TEST

/* For play/scenario_run.c:201:28 `||` -> `&&` and 201:38 `0` -> `1`: a physics constraint with only its x
 * mix on (at 1) has something to step (the x spring) and steps forever at fps -30 likewise. */
START_TEST(x_only_physics_steps_forever)
{
    steps_forever_with("x");
}
END_TEST

/* For play/scenario_run.c:202:56 `<=` -> `<`: fps 1e400 (Infinity) makes the step 1 / Infinity = 0, which
 * the runtime's `while (remaining >= step)` never leaves either. */
START_TEST(step_zero_physics_steps_forever)
{
    steps_forever_at("y", "1e400");
}
END_TEST

/* For play/scenario_run.c:369:18 `0` -> `1`: applyState declares the scenario unsupported when the animation
 * of any track's entry is one the core does not pose (an attachment key naming a property every object
 * has, animation.c's pc_animation_unsupported), track 0's too, before applying anything. */
START_TEST(apply_state_checks_track_zero)
{
    static const char doc[] =
        "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}], \"slots\": [{\"name\": \"s\", "
        "\"bone\": \"root\"}], \"skins\": [{\"name\": \"default\", \"attachments\": {\"s\": {\"toString\": "
        "{\"width\": 1, \"height\": 1}}}}], \"animations\": {\"a\": {\"slots\": {\"s\": {\"attachment\": "
        "[{\"name\": \"toString\"}]}}}}}";
    const char *path = "build/tests/state-unsupported-track-zero.json";
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(doc, f);
    fclose(f);
    static const char steps[] =
        "{\"scenario\": 1, \"steps\": [{\"do\": \"setupPose\"}, {\"do\": \"updateWorldTransform\", \"physics\": "
        "\"none\"}, {\"do\": \"pose\"}, {\"do\": \"setAnimation\", \"track\": 0, \"animation\": \"a\"}, "
        "{\"do\": \"applyState\"}, {\"do\": \"updateWorldTransform\", \"physics\": \"none\"}, {\"do\": \"pose\"}]}";
    char msg[600];
    pc_scenario *sc = pc_scenario_parse(steps, strlen(steps), msg, sizeof msg);
    ck_assert_msg(sc != NULL, "%s", msg);
    pc_error err;
    pc_skeleton_data *data = pc_read_file(path, NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    char *out = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&out, &len);
    ck_assert_ptr_nonnull(m);
    pc_dump_options opt = { .skin = "default", .samples = 5, .scenario_path = "s.json", .scenario = sc };
    pc_status status = pc_dump_write(m, path, data, &opt, &err);
    fclose(m);
    pc_skeleton_data_free(data);
    pc_scenario_free(sc);
    ck_assert_msg(status == PC_UNSUPPORTED, "status %d: %s", (int)status, err.message);
    ck_assert_msg(strstr(out, "\npose\t0\t") != NULL, "%s", out);
    ck_assert_ptr_null(strstr(out, "\npose\t1\t"));
    ck_assert_msg(strstr(err.message, "$.steps[4]: animation \"a\": attachment key \"toString\" names a property every "
                                      "object has") != NULL, "%s", err.message);
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("state");
    TCase *tc = tcase_create("state");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, layers_match_the_oracle);
    tcase_add_test(tc, layers_match_across_the_stamp_wrap);
    tcase_add_test(tc, layers_match_when_the_stamp_wraps_later);
    suite_add_tcase(s, tc);
    TCase *quick = tcase_create("state-quick"); /* tests that must end within seconds */
    tcase_set_timeout(quick, 10);
    tcase_add_test(quick, rotate_only_physics_steps_forever);
    tcase_add_test(quick, shear_only_physics_steps_forever);
    tcase_add_test(quick, deep_malformed_scenario_is_refused_where_it_stops);
    tcase_add_test(quick, x_only_physics_steps_forever);
    tcase_add_test(quick, step_zero_physics_steps_forever);
    tcase_add_test(quick, apply_state_checks_track_zero);
    suite_add_tcase(s, quick);
    return run_suite(s);
}
