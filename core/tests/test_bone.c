/* The bone maths: world transforms of a chain through every inherit mode, against values spine-core
 * 4.3.13 printed for the same document (node oracle/pose_oracle.mjs dump, --skin all). */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "posecore.h"
#include "instance/skeleton.h"
#include "run_suite.h"

static const char chain[] =
    "{\"bones\":[{\"name\":\"root\",\"rotation\":33.3,\"scaleX\":1.5},"
    "{\"name\":\"a\",\"parent\":\"root\",\"x\":10,\"y\":5,\"rotation\":45,\"scaleY\":-2,\"shearX\":10},"
    "{\"name\":\"b\",\"parent\":\"a\",\"inherit\":\"noScale\",\"x\":3,\"rotation\":-20},"
    "{\"name\":\"c\",\"parent\":\"b\",\"inherit\":\"noRotationOrReflection\",\"x\":3,\"rotation\":-20,\"shearY\":5},"
    "{\"name\":\"d\",\"parent\":\"c\",\"inherit\":\"onlyTranslation\",\"x\":7},"
    "{\"name\":\"e\",\"parent\":\"d\",\"inherit\":\"noScaleOrReflection\",\"x\":7,\"rotation\":91}]}";

/* a, b, c, d, worldX, worldY of each bone, as the oracle printed them. */
static const double expected[6][6] = {
    { 1.2537110349816325, -0.5490228445692764, 0.8235342377614205, 0.8358073439142899, 0, 0 },
    { 0.2693659031393123, 2.5494507364989585, 1.1570131249392976, -0.017356711491982812, 9.791996126969943,
      12.414379097185655 },
    { -0.4926375136737828, 0.8702346235457671, 0.8702346121140629, 0.49263749347989855, 10.600093836387881,
      15.885418472003549 },
    { 0.9396926190222163, 0.2588190264238472, -0.34202014817137266, 0.9659258312940036, 9.122181295366532,
      18.496122308345736 },
    { 1, -2.3205103333142417e-8, 0, 0.9999999999999998, 15.700029628522046, 16.101981271146126 },
    { -0.017452453091150146, -0.9998476939370576, 0.9998476943420438, -0.017452476292719208, 22.700029628522046,
      16.101981271146126 },
};

static uint64_t bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

START_TEST(chain_through_every_inherit_mode)
{
    pc_error err;
    pc_skeleton_data *data = pc_read_text(chain, sizeof chain - 1, "chain", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    /* No animations: none named, not even number 0 (instance/api.c:69:40 `<` -> `<=` reads the missing
     * array). */
    ck_assert_int_eq(pc_data_animation_count(data), 0);
    ck_assert_ptr_null(pc_data_animation_name(data, 0));
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert(pc_skeleton_set_skin(sk, "all"));
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    for (int i = 0; i < 6; i++) {
        const pc_bone_pose *p = sk->bones[i].applied;
        const double got[6] = { p->a, p->b, p->c, p->d, p->world_x, p->world_y };
        for (int k = 0; k < 6; k++)
            ck_assert_msg(bits(got[k]) == bits(expected[i][k]), "bone %d field %d: %.17g, want %.17g", i, k,
                          got[k], expected[i][k]);
    }
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

/* A bone the skin does not require stays active; one it requires is active only under that skin, and
 * its world stays zero while inactive. */
START_TEST(skin_required_bones)
{
    static const char doc[] = "{\"bones\":[{\"name\":\"root\"},{\"name\":\"s\",\"parent\":\"root\",\"skin\":true,\"x\":5}],"
                              "\"skins\":[{\"name\":\"default\"},{\"name\":\"with\",\"bones\":[\"s\"]}]}";
    pc_error err;
    pc_skeleton_data *data = pc_read_text(doc, sizeof doc - 1, "skins", NULL, &err);
    ck_assert_msg(data != NULL, "%s", err.message);
    /* The skins by number, the first one too (instance/api.c:59:20 `0` -> `1`). */
    ck_assert_int_eq(pc_data_skin_count(data), 2);
    ck_assert_str_eq(pc_data_skin_name(data, 0), "default");
    ck_assert_str_eq(pc_data_skin_name(data, 1), "with");
    ck_assert_ptr_null(pc_data_skin_name(data, 2));
    ck_assert_ptr_null(pc_data_skin_name(data, -1));
    pc_skeleton *sk = pc_skeleton_new(data);
    ck_assert(pc_skeleton_set_skin(sk, "default"));
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    ck_assert(sk->bones[0].active);
    ck_assert(!sk->bones[1].active);
    ck_assert(bits(sk->bones[1].applied->world_x) == bits(0.0));
    ck_assert(pc_skeleton_set_skin(sk, "with"));
    pc_skeleton_update_world_transform(sk);
    ck_assert(sk->bones[1].active);
    ck_assert(sk->bones[1].applied->world_x == 5);
    ck_assert(!pc_skeleton_set_skin(sk, "nope"));
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bone");
    TCase *tc = tcase_create("world");
    tcase_add_test(tc, chain_through_every_inherit_mode);
    tcase_add_test(tc, skin_required_bones);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
