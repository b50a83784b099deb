/* Check tests of the dump writer's verdict (core/src/dump.h, oracle/FORMAT.md): an animation the core
 * does not pose ends the sequence with `unsupported pose` after the poses before it, and the dump is
 * then unsupported (status 3, `posecore dump` exits 3 naming the reason), never done (run from the repo
 * root for the command-line test). */
#include "dump/dump.h"
#include "posecore.h"
#include "run_command.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "run_suite.h"

/* Animation "turn" is posed; "sideways" keys an inherit mode that does not exist (the runtime holds
 * undefined as the mode, which the core does not model). */
#define DOC_HEAD \
    "{\"skeleton\": {\"spine\": \"4.3.13\"}, \"bones\": [{\"name\": \"root\"}, " \
    "{\"name\": \"arm\", \"parent\": \"root\", \"length\": 10}], \"animations\": {" \
    "\"turn\": {\"bones\": {\"arm\": {\"rotate\": [{\"value\": 10}, {\"time\": 1, \"value\": 50}]}}}"
#define DOC_SIDEWAYS ", \"sideways\": {\"bones\": {\"arm\": {\"inherit\": [{\"inherit\": \"sideways\"}]}}}"

static const char with_unposed[] = DOC_HEAD DOC_SIDEWAYS "}}";
static const char posed_only[] = DOC_HEAD "}}";

/* The dump of text with --skin none --samples 2; *status its status, *err its message. Caller frees. */
static char *dump_of(const char *text, pc_status *status, pc_error *err)
{
    pc_skeleton_data *data = pc_read_text(text, strlen(text), "doc.json", NULL, err);
    ck_assert_msg(data != NULL, "%s", err->message);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_ptr_nonnull(f);
    pc_dump_options opt = { .skin = NULL, .samples = 2 };
    *status = pc_dump_write(f, "doc.json", data, &opt, err);
    fclose(f);
    pc_skeleton_data_free(data);
    return out;
}

START_TEST(unposed_animation_is_unsupported)
{
    pc_status status;
    pc_error err;
    char *out = dump_of(with_unposed, &status, &err);
    ck_assert_int_eq(status, PC_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, "unsupported: animation \"sideways\"") != NULL, "%s", err.message);
    ck_assert_msg(strstr(err.message, "the poses before it") != NULL, "%s", err.message);
    /* The setup pose and both samples of "turn" are written, then the declaration, then `end`. */
    const char *turn = strstr(out, "\npose\t2\t\"turn\"\t");
    const char *declared = strstr(out, "\nunsupported\tpose\t\"animation \\\"sideways\\\"");
    const char *end = strstr(out, "\nend\t");
    ck_assert_msg(turn && declared && end && turn < declared && declared < end, "%s", out);
    ck_assert_ptr_null(strstr(out, "\npose\t3\t"));
    free(out);
}
END_TEST

START_TEST(posed_document_is_done)
{
    pc_status status;
    pc_error err;
    char *out = dump_of(posed_only, &status, &err);
    ck_assert_int_eq(status, PC_OK);
    ck_assert_ptr_null(strstr(out, "\nunsupported\t"));
    ck_assert_ptr_nonnull(strstr(out, "\npose\t2\t\"turn\"\t"));
    free(out);
}
END_TEST

START_TEST(cli_exit_status)
{
    char path[] = "/tmp/posecore-test-dump-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, with_unposed, strlen(with_unposed)), (ssize_t)strlen(with_unposed));
    close(fd);
    char cmd[512], err[1024];
    snprintf(cmd, sizeof cmd, "build/bin/posecore dump %s --samples 2 2>&1 >/dev/null", path);
    int status = run_command(cmd, err, sizeof err);
    unlink(path);
    ck_assert_int_eq(status, 3);
    ck_assert_msg(strstr(err, "unsupported: animation \"sideways\"") != NULL, "%s", err);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dump");
    TCase *t = tcase_create("dump");
    tcase_add_test(t, unposed_animation_is_unsupported);
    tcase_add_test(t, posed_document_is_done);
    tcase_add_test(t, cli_exit_status);
    suite_add_tcase(s, t);
    return run_suite(s);
}
