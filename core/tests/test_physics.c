/* Check tests of time and physics through the public interface (posecore.h): a game loop written with
 * pc_skeleton_update, pc_skeleton_set_position/_set_scale, pc_skeleton_physics_reset,
 * pc_skeleton_apply_animation_looped and pc_skeleton_update_world_transform_physics gives, bone by bone
 * and bit for bit, the worlds of the oracle's stored dump of the same frames (corpus/dumps, written by
 * spine-core); and what the core does not pose yet is declared unsupported, never posed (run from the
 * repository root). */
#include "dump/dump.h"
#include "dumpcmp/dumpread.h"
#include "document/rules.h"
#include "posecore.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_suite.h"

/* The world fields (a b c d worldX worldY) of bone `name` in pose `pose` of the dump, into w; false
 * when the dump has no such row. */
static bool dump_world(const struct dump *d, size_t pose, const char *name, double w[6])
{
    static const char fields[6][8] = { "a", "b", "c", "d", "worldX", "worldY" };
    const struct dump_pose *p = &d->poses[pose];
    for (size_t r = p->first_row; r < p->first_row + p->row_count; r++) {
        const struct dump_row *row = &d->rows[r];
        const struct dump_block *b = &d->blocks[row->block];
        if (strcmp(b->name.ptr, "bone") != 0 || strcmp(row->key.ptr, name) != 0) continue;
        int found = 0;
        for (size_t k = 0; k < b->field_count; k++)
            for (int f = 0; f < 6; f++)
                if (strcmp(dump_field_name(d, row, k)->ptr, fields[f]) == 0) {
                    w[f] = dump_field_value(d, row, k)->number;
                    found++;
                }
        return found == 6;
    }
    return false;
}

static long compared;

/* Every bone's world in the instance equals the dump's pose `pose`, bit for bit. */
static void assert_pose(const pc_skeleton_data *data, const pc_skeleton *sk, const struct dump *d, size_t pose)
{
    ck_assert_uint_lt(pose, d->pose_count);
    for (int i = 0; i < pc_data_bone_count(data); i++) {
        double want[6], have[6];
        ck_assert_msg(dump_world(d, pose, pc_data_bone_name(data, i), want), "pose %zu: no bone %s", pose,
                      pc_data_bone_name(data, i));
        pc_skeleton_bone_world(sk, i, have);
        for (int f = 0; f < 6; f++) {
            ck_assert_msg(memcmp(&want[f], &have[f], sizeof want[f]) == 0, "pose %zu bone %s field %d: %.17g, want %.17g",
                          pose, pc_data_bone_name(data, i), f, have[f], want[f]);
            compared++;
        }
    }
}

/* corpus/cases/physics-skeleton-flipped-move: --skin all --physics update --frames 90
 * --dt 0.016666666666666666,0.012 --skeleton 30,-10,-1,1.5 --move 2.5,-0.75, as a game loop. */
START_TEST(game_loop_matches_the_oracle)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_file("corpus/cases/physics-skeleton-flipped-move.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    struct dump d;
    struct dump_error derr;
    ck_assert_msg(dump_read_file("corpus/dumps/physics-skeleton-flipped-move.dump", &d, &derr), "%s", derr.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_events *events = pc_events_new(data);
    ck_assert(sk && events && pc_skeleton_set_skin(sk, "all"));
    const double dt[2] = { 0.016666666666666666, 0.012 };
    size_t pose = 0;
    pc_skeleton_set_position(sk, 30, -10);
    pc_skeleton_set_scale(sk, -1, 1.5);
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform_physics(sk, PC_PHYSICS_UPDATE);
    assert_pose(data, sk, &d, pose++);
    for (int a = 0; a < pc_data_animation_count(data); a++) {
        pc_skeleton_set_position(sk, 30, -10);
        pc_skeleton_set_scale(sk, -1, 1.5);
        pc_skeleton_setup_pose(sk);
        pc_skeleton_set_time(sk, 0);
        ck_assert(pc_skeleton_physics_reset(sk, NULL));
        double last = -1;
        for (int k = 0; k < 90; k++) {
            pc_skeleton_update(sk, dt[k % 2]);
            double root[9] = { -1, -1, -1, -1, -1, -1, -1, -1, -1 };
            pc_skeleton_root(sk, root); /* its time in out[4]: api.c:179:9 `4` -> `5` */
            ck_assert(root[4] == pc_skeleton_time(sk));
            ck_assert(root[2] == -1 && root[3] == 1.5); /* the scales: api.c:178:9 `3` -> `4` */
            pc_skeleton_set_position(sk, root[0] + 2.5, root[1] + -0.75);
            double time = pc_skeleton_time(sk);
            ck_assert_ptr_null(pc_skeleton_apply_animation_looped(sk, a, last, time, events));
            pc_skeleton_update_world_transform_physics(sk, PC_PHYSICS_UPDATE);
            assert_pose(data, sk, &d, pose++);
            last = time;
        }
    }
    ck_assert_uint_eq(pose, d.pose_count);
    ck_assert_int_gt(compared, 1000);
    ck_assert(!pc_skeleton_physics_reset(sk, "no such constraint"));
    dump_free(&d);
    pc_events_free(events);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* The game loop of physics-skeleton-flipped-move under `spec` (NULL: the current readings); the last
 * frame's worlds of every bone into w (6 numbers a bone, at most 8 bones). */
static int flipped_move_worlds(const char *spec, double w[48])
{
    pc_readings *readings = pc_readings_new();
    char msg[256];
    ck_assert_ptr_nonnull(readings);
    if (spec) ck_assert_int_eq(pc_readings_select(readings, spec, msg, sizeof msg), 0);
    pc_error err;
    pc_skeleton_data *data = pc_read_file("corpus/cases/physics-skeleton-flipped-move.json", readings, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert(sk && pc_skeleton_set_skin(sk, "all"));
    int bones = pc_data_bone_count(data);
    ck_assert_int_le(bones, 8);
    pc_skeleton_set_position(sk, 30, -10);
    pc_skeleton_set_scale(sk, -1, 1.5);
    pc_skeleton_setup_pose(sk);
    pc_skeleton_set_time(sk, 0);
    double last = -1;
    for (int k = 0; k < 40; k++) {
        pc_skeleton_update(sk, 0.016666666666666666);
        double time = pc_skeleton_time(sk);
        ck_assert_ptr_null(pc_skeleton_apply_animation_looped(sk, 0, last, time, NULL));
        pc_skeleton_update_world_transform_physics(sk, PC_PHYSICS_UPDATE);
        last = time;
    }
    for (int i = 0; i < bones; i++) pc_skeleton_bone_world(sk, i, &w[6 * i]);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
    pc_readings_free(readings);
    return bones;
}

/* physics.substep-order=damp-first (damping the velocity before the offset moves by it) changes the
 * springs' poses, but only a little: physics.c:121:41 `1` -> `2` (damp-first stepping as the runtime
 * does) and 124:30 `*` -> `/` (the offset moved by velocity / step, thousands of times too far). */
START_TEST(damp_first_moves_the_springs_a_little)
{
    double cur[48], alt[48];
    int bones = flipped_move_worlds(NULL, cur);
    ck_assert_int_eq(flipped_move_worlds("physics.substep-order=damp-first", alt), bones);
    double most = 0;
    for (int i = 0; i < 6 * bones; i++) {
        ck_assert_msg(alt[i] == alt[i], "value %d is NaN under damp-first", i);
        double d = alt[i] > cur[i] ? alt[i] - cur[i] : cur[i] - alt[i];
        if (d > most) most = d;
    }
    ck_assert_msg(most > 0, "damp-first poses as the runtime order does");
    ck_assert_msg(most < 30, "damp-first moves a world number by %g", most); /* 3.03 here */
}
END_TEST

/* pc_skeleton_apply (Animation.apply with its whole signature) takes every animation index from 0 to the
 * count - 1 and names any other: for instance/api.c:122:21 `0` -> `1` (the first animation refused). */
START_TEST(apply_takes_the_first_animation)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_file("corpus/cases/physics-skeleton-flipped-move.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert(sk && pc_skeleton_set_skin(sk, "all"));
    pc_skeleton_setup_pose(sk);
    int count = pc_data_animation_count(data);
    ck_assert_int_gt(count, 0);
    for (int a = 0; a < count; a++)
        ck_assert_ptr_null(pc_skeleton_apply(sk, a, -1, 0.25, true, NULL, 1, PC_FROM_SETUP, false, false, false));
    ck_assert_str_eq(pc_skeleton_apply(sk, -1, -1, 0.25, true, NULL, 1, PC_FROM_SETUP, false, false, false),
                     "no such animation");
    ck_assert_str_eq(pc_skeleton_apply(sk, count, -1, 0.25, true, NULL, 1, PC_FROM_SETUP, false, false, false),
                     "no such animation");
    /* The looped form names the same range (api.c:133:36 `>=` -> `>`: the index count taken, read past the
     * animations). */
    ck_assert_ptr_null(pc_skeleton_apply_animation_looped(sk, count - 1, -1, 0.25, NULL));
    ck_assert_str_eq(pc_skeleton_apply_animation_looped(sk, count, -1, 0.25, NULL), "no such animation");
    ck_assert_str_eq(pc_skeleton_apply_animation_looped(sk, -1, -1, 0.25, NULL), "no such animation");
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* The public getters read back what was set and refuse what is not there: the root's nine numbers
 * (instance/api.c:181:9 `6` -> `7`: windY in out[6]), a physics constraint reset by its name
 * (api.c:206:18 `||` -> `&&`), no events counted without an events object (api.c:106:43 `0` -> `1`)
 * and no animation name outside 0 to the count - 1 (api.c:69:27 `&&` -> `||`, 69:40 `<` -> `<=`). */
START_TEST(getters_read_back_what_was_set)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_file("corpus/cases/physics-skeleton-flipped-move.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert(sk);
    pc_skeleton_set_position(sk, 1, 2);
    pc_skeleton_set_scale(sk, 3, 4);
    pc_skeleton_set_time(sk, 5);
    pc_skeleton_set_wind(sk, 6, 7);
    pc_skeleton_set_gravity(sk, 8, 9);
    double root[10] = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };
    pc_skeleton_root(sk, root);
    for (int i = 0; i < 9; i++) ck_assert_msg(root[i] == i + 1, "root[%d]: %g, want %d", i, root[i], i + 1);
    ck_assert(root[9] == -1);
    ck_assert(pc_skeleton_physics_reset(sk, "p1"));
    ck_assert(pc_skeleton_physics_reset(sk, "p2"));
    ck_assert(pc_skeleton_physics_reset(sk, NULL));
    ck_assert(!pc_skeleton_physics_reset(sk, "p3"));
    ck_assert_int_eq(pc_events_count(NULL), 0);
    pc_events *events = pc_events_new(data);
    ck_assert_ptr_nonnull(events);
    ck_assert_int_eq(pc_events_count(events), 0);
    int count = pc_data_animation_count(data);
    ck_assert_int_gt(count, 0);
    ck_assert_str_eq(pc_data_animation_name(data, 0), "swing");
    ck_assert_ptr_null(pc_data_animation_name(data, count));
    ck_assert_ptr_null(pc_data_animation_name(data, -1));
    ck_assert_ptr_null(pc_data_animation_name(data, -1000000));
    pc_events_free(events);
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* The dump of a scenario's text for corpus/cases/physics-step-fps-24.json; *status its status. */
static char *scenario_dump(const char *doc, const char *scenario_text, pc_status *status, pc_error *err)
{
    char msg[600];
    pc_scenario *sc = pc_scenario_parse(scenario_text, strlen(scenario_text), msg, sizeof msg);
    ck_assert_msg(sc != NULL, "%s", msg);
    pc_skeleton_data *data = pc_read_file(doc, NULL, err);
    ck_assert_msg(data != NULL, "%s", err->message);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_ptr_nonnull(f);
    pc_dump_options opt = { .skin = "all", .samples = 5, .scenario_path = "s.json", .scenario = sc };
    *status = pc_dump_write(f, doc, data, &opt, err);
    fclose(f);
    pc_skeleton_data_free(data);
    pc_scenario_free(sc);
    return out;
}

/* An apply at another alpha is posed (Animation.apply with its whole signature, issue 22; its values
 * are family apply's and the corpus's): every pose written, no `unsupported` line, status 0. */
START_TEST(mixed_apply_is_posed)
{
    pc_status status;
    pc_error err;
    char *out = scenario_dump("corpus/cases/physics-step-fps-24.json",
                              "{\"scenario\": 1, \"steps\": [{\"do\": \"setupPose\"}, {\"do\": \"updateWorldTransform\", "
                              "\"physics\": \"update\"}, {\"do\": \"pose\"}, {\"do\": \"apply\", \"animation\": \"swing\", "
                              "\"alpha\": 0.5}, {\"do\": \"pose\"}]}",
                              &status, &err);
    ck_assert_int_eq(status, PC_OK);
    ck_assert_msg(strstr(out, "\npose\t0\tnull\t0\n") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "\npose\t1\t\"swing\"\t") != NULL, "%s", out);
    ck_assert_ptr_null(strstr(out, "\nunsupported\t"));
    free(out);
}
END_TEST

/* A physics constraint whose step is not above 0 steps forever in the runtime: unsupported, not run. */
START_TEST(step_forever_is_unsupported)
{
    const char doc[] = "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}, {\"name\": \"b\", "
                       "\"parent\": \"root\", \"length\": 10}], \"constraints\": [{\"type\": \"physics\", \"name\": \"p\", "
                       "\"bone\": \"b\", \"x\": 1, \"fps\": -30}]}";
    FILE *f = fopen("build/tests/step-forever.json", "w");
    ck_assert_ptr_nonnull(f);
    fputs(doc, f);
    fclose(f);
    pc_status status;
    pc_error err;
    char *out = scenario_dump("build/tests/step-forever.json",
                              "{\"scenario\": 1, \"steps\": [{\"do\": \"setupPose\"}, {\"do\": \"updateWorldTransform\", "
                              "\"physics\": \"reset\"}, {\"do\": \"pose\"}, {\"do\": \"update\", \"delta\": 0.1}, "
                              "{\"do\": \"updateWorldTransform\", \"physics\": \"update\"}, {\"do\": \"pose\"}]}",
                              &status, &err);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(out, "\npose\t0\t") != NULL, "%s", out); /* under reset it posed */
    ck_assert_ptr_null(strstr(out, "\npose\t1\t"));
    ck_assert_msg(strstr(err.message, "steps it forever") != NULL, "%s", err.message);
    free(out);
}
END_TEST

/* A scenario that sets the time to 1e102 and steps (make fuzz found it; spine-core ran past 120 s on
 * it, and subtracting a step from what remains leaves it unchanged): unsupported, the poses before it
 * written, the constraint and its steps owed named. */
START_TEST(overdue_is_unsupported)
{
    pc_status status;
    pc_error err;
    char *out = scenario_dump("corpus/cases/physics-step-fps-24.json",
                              "{\"scenario\": 1, \"steps\": [{\"do\": \"setupPose\"}, {\"do\": \"updateWorldTransform\", "
                              "\"physics\": \"update\"}, {\"do\": \"pose\"}, {\"do\": \"update\", \"delta\": 0.5}, "
                              "{\"do\": \"updateWorldTransform\", \"physics\": \"update\"}, {\"do\": \"pose\"}, "
                              "{\"do\": \"setTime\", \"time\": 1e102}, {\"do\": \"updateWorldTransform\", "
                              "\"physics\": \"update\"}, {\"do\": \"pose\"}]}",
                              &status, &err);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(out, "\npose\t1\t") != NULL, "%s", out);
    ck_assert_ptr_null(strstr(out, "\npose\t2\t"));
    ck_assert_msg(strstr(err.message, "physics constraint \"") != NULL && strstr(err.message, " owes 2.4")
                  && strstr(err.message, "more than 4294967296"), "%s", err.message);
    free(out);
}
END_TEST

static const char step_limit_doc[] =
    "{\"bones\": [{\"name\": \"root\"}, {\"name\": \"b\", \"parent\": \"root\", \"length\": 10, \"rotation\": 30}], "
    "\"constraints\": [{\"type\": \"physics\", \"name\": \"p\", \"bone\": \"b\", \"x\": 1, \"rotate\": 1, "
    "\"fps\": 0.5, \"gravity\": 5}]}";

/* Both instances reset, then their time set to `time` and updated: the index pc_skeleton_physics_overdue
 * gives for a (its limit 100 steps of 2 s); b (the default limit) is stepped. */
static int overdue_at(const pc_skeleton_data *data, pc_skeleton *a, pc_skeleton *b, double time)
{
    pc_skeleton *both[2] = { a, b };
    for (int i = 0; i < 2; i++) {
        pc_skeleton_setup_pose(both[i]);
        pc_skeleton_set_time(both[i], 0);
        ck_assert(pc_skeleton_physics_reset(both[i], NULL));
        pc_skeleton_update_world_transform_physics(both[i], PC_PHYSICS_UPDATE);
        pc_skeleton_set_time(both[i], time);
        pc_skeleton_update_world_transform_physics(both[i], PC_PHYSICS_UPDATE);
    }
    ck_assert_int_eq(pc_skeleton_physics_overdue(b), -1);
    int late = pc_skeleton_physics_overdue(a);
    if (late < 0) { /* stepped: the same worlds as the instance without a limit, bit for bit */
        for (int bone = 0; bone < pc_data_bone_count(data); bone++) {
            double wa[6], wb[6];
            pc_skeleton_bone_world(a, bone, wa);
            pc_skeleton_bone_world(b, bone, wb);
            ck_assert_msg(memcmp(wa, wb, sizeof wa) == 0, "time %g: bone %d differs", time, bone);
        }
    }
    return late;
}

/* The step limit: 100 steps owed are stepped, 101 are not (the constraint named); the limit is a number
 * from 0 to PC_PHYSICS_STEP_LIMIT; a constraint with nothing to step is never overdue. */
START_TEST(step_limit_bounds_one_update)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_text(step_limit_doc, strlen(step_limit_doc), "limit.json", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    pc_skeleton *a = pc_skeleton_new(data), *b = pc_skeleton_new(data);
    ck_assert(a && b);
    ck_assert_int_eq(pc_skeleton_physics_overdue(a), -1);
    ck_assert(!pc_skeleton_set_physics_step_limit(a, -1));
    ck_assert(!pc_skeleton_set_physics_step_limit(a, 0.0 / 0.0));
    ck_assert(!pc_skeleton_set_physics_step_limit(a, PC_PHYSICS_STEP_LIMIT * 2));
    ck_assert(pc_skeleton_set_physics_step_limit(a, PC_PHYSICS_STEP_LIMIT));
    ck_assert(pc_skeleton_set_physics_step_limit(a, 100));
    ck_assert_int_eq(overdue_at(data, a, b, 200), -1);  /* 100 steps of 2 s */
    ck_assert_int_eq(overdue_at(data, a, b, 202), 0);   /* 101 */
    ck_assert_int_eq(overdue_at(data, a, b, 20), -1);   /* a new pass forgets it */
    ck_assert(pc_skeleton_set_physics_step_limit(a, 0)); /* 0: no step at all */
    ck_assert_int_eq(overdue_at(data, a, b, 2), 0);
    ck_assert_int_eq(overdue_at(data, a, b, 1), -1);    /* half a step owed: nothing to step */
    pc_skeleton_set_time(a, 1e102);
    pc_skeleton_update_world_transform_physics(a, PC_PHYSICS_NONE);
    ck_assert_int_eq(pc_skeleton_physics_overdue(a), -1); /* Physics.none steps nothing */
    pc_skeleton_free(a);
    pc_skeleton_free(b);
    pc_skeleton_data_free(data);
}
END_TEST

/* Each spring component alone (x, y, rotate, shearX, scaleX at 1) makes a constraint that can be overdue,
 * and a step of 0 (fps Infinity) is overdue at once: 101 steps owed past a limit of 100. */
START_TEST(each_component_can_be_overdue)
{
    static const char *const components[] = { "x", "y", "rotate", "shearX", "scaleX" };
    for (int i = 0; i < 6; i++) {
        char doc[400];
        snprintf(doc, sizeof doc,
                 "{\"bones\": [{\"name\": \"root\"}, {\"name\": \"b\", \"parent\": \"root\", \"length\": 10}], "
                 "\"constraints\": [{\"type\": \"physics\", \"name\": \"p\", \"bone\": \"b\", \"%s\": 1, \"fps\": %s}]}",
                 i < 5 ? components[i] : "x", i < 5 ? "0.5" : "1e999");
        pc_error err;
        pc_skeleton_data *data = pc_read_text(doc, strlen(doc), "component.json", NULL, &err);
        ck_assert_msg(data != NULL, "%s", err.message);
        pc_skeleton *sk = pc_skeleton_new(data);
        ck_assert(sk && pc_skeleton_set_physics_step_limit(sk, 100));
        pc_skeleton_update_world_transform_physics(sk, PC_PHYSICS_UPDATE); /* the first update only notes */
        pc_skeleton_set_time(sk, i < 5 ? 202 : 0);
        pc_skeleton_update_world_transform_physics(sk, PC_PHYSICS_UPDATE);
        ck_assert_msg(pc_skeleton_physics_overdue(sk) == 0, "%s", doc);
        pc_skeleton_free(sk);
        pc_skeleton_data_free(data);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("physics");
    TCase *tc = tcase_create("physics");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, game_loop_matches_the_oracle);
    tcase_add_test(tc, mixed_apply_is_posed);
    tcase_add_test(tc, step_forever_is_unsupported);
    tcase_add_test(tc, overdue_is_unsupported);
    tcase_add_test(tc, step_limit_bounds_one_update);
    tcase_add_test(tc, each_component_can_be_overdue);
    tcase_add_test(tc, apply_takes_the_first_animation);
    tcase_add_test(tc, damp_first_moves_the_springs_a_little);
    tcase_add_test(tc, getters_read_back_what_was_set);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
