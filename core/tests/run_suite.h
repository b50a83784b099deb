/* The suite runner every unit test's main ends with: runs the suite with Check's normal output and
 * gives the exit status (failure when any test failed). */
#ifndef POSECORE_RUN_SUITE_H
#define POSECORE_RUN_SUITE_H

#include <check.h>
#include <stdlib.h>

static inline int run_suite(Suite *s)
{
    SRunner *runner = srunner_create(s);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
