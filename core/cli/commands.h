/* The verbs of build/bin/posecore: each lives in its own core/cli/cmd_*.c and is dispatched by
 * core/cli/posecore.c. A verb gets argv after the verb's name (argv[0] is the verb) and returns the exit
 * status: 0 success, 1 a result that is a failure (e.g. a mismatch), 2 bad input or usage. */
#ifndef POSECORE_COMMANDS_H
#define POSECORE_COMMANDS_H

int cmd_dump(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_jsmath(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_lengths(int argc, char **argv);

#endif
