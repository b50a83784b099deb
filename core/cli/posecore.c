/* build/bin/posecore: the command line of the core. Each verb lives in its own cmd_*.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "commands.h"
#include "posecore.h"

typedef struct verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} verb;

static const verb verbs[] = {
    { "dump", cmd_dump,
      "dump SKELETON.json [--skin NAME|all|none] [--physics none|reset|update|pose] [--samples N|keys]\n"
      "                       [--frames N --dt D[,D2,...] | --transitions N --dt D[,D2,...] [--mix M]]\n"
      "                       [--skeleton X,Y,SX,SY] [--move DX,DY]\n"
      "                       [--scenario FILE.json] [--anim NAME]... [--rule RULE=READING]...\n"
      "                       [--atlas FILE.atlas] [--vertices]\n"
      "                       pose the document and write its dump (oracle/FORMAT.md) to stdout" },
    { "check", cmd_check,
      "check SKELETON.json [--atlas FILE.atlas]   read only: exit 0 accepted, 2 refused, 3 unsupported" },
    { "bounds", cmd_bounds,
      "bounds SKELETON.json [--atlas FILE.atlas] [--skin NAME|all|none] [--samples N|keys]\n"
      "                       the setup pose's and each animation's bounds (getBounds, without and with\n"
      "                       clipping) as JSON: what a compiler writes into a skeleton header" },
    { "jsmath", cmd_jsmath,
      "jsmath sin|cos|atan2|acos   hex bit patterns in on stdin (atan2: \"y x\"), results out" },
    { "rules", cmd_rules, "rules [--tsv]         the rule ledger: rules, their readings, their populations" },
    { "lengths", cmd_lengths,
      "lengths SKELETON.json  every path attachment's curve lengths as the runtime measures them at constant\n"
      "                       speed (setup pose, one JSON object a line): what an omitted `lengths` can hold" },
};

static void usage(FILE *out)
{
    fprintf(out, "posecore %s: the Spine 4.3 pose solver, bit for bit with spine-core 4.3.13\nusage:\n",
            POSECORE_VERSION);
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) fprintf(out, "  posecore %s\n", verbs[i].usage);
}

/* Jansson ignores an allocation that fails while it scans a token (the token comes out cut short: a
 * name "posecore-corpus" read as "posecore-corpu", make test-oom), so a document parsed as memory runs
 * out could be posed wrong. Jansson's allocator is process-wide, so the program sets it, not the library:
 * when it fails, posecore stops. */
static void *json_malloc_or_exit(size_t size)
{
    void *p = malloc(size);
    if (p == NULL) {
        fputs("posecore: out of memory while parsing JSON\n", stderr);
        exit(2);
    }
    return p;
}

int main(int argc, char **argv)
{
    json_set_alloc_funcs(json_malloc_or_exit, free);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (strcmp(argv[1], verbs[i].name) == 0) return verbs[i].run(argc - 1, argv + 1);
    fprintf(stderr, "posecore: unknown verb \"%s\"\n", argv[1]);
    usage(stderr);
    return 2;
}
