/* posecore dump and posecore check: read a document, then pose it into a dump or just give the
 * reader's verdict. Exit 0 done, 2 refused (as spine-core refuses), 3 unsupported by the core. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "dump/dump.h"
#include "posecore.h"

static int usage_error(const char *what)
{
    fprintf(stderr, "posecore dump: %s\n", what);
    return 2;
}

static int parse_samples(const char *s, pc_dump_options *opt)
{
    if (strcmp(s, "keys") == 0) {
        opt->keys = true;
        return 1;
    }
    char *end;
    long n = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || n < 1 || n > 100000) return 0;
    opt->samples = (int)n;
    return 1;
}

int cmd_dump(int argc, char **argv)
{
    pc_dump_options opt = { .skin = NULL, .samples = 5 };
    const char *input = NULL;
    const char **anims = calloc((size_t)argc, sizeof *anims);
    pc_readings *readings = pc_readings_new();
    if (!anims || !readings) {
        free(anims);
        pc_readings_free(readings);
        return usage_error("out of memory");
    }
    int status = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--skin") == 0 && value) {
            opt.skin = strcmp(value, "none") == 0 ? NULL : value;
            i++;
        } else if (strcmp(a, "--physics") == 0 && value) {
            if (strcmp(value, "none") != 0) { usage_error("only --physics none is supported"); goto done; }
            i++;
        } else if (strcmp(a, "--samples") == 0 && value) {
            if (!parse_samples(value, &opt)) { usage_error("--samples takes keys or a count from 1 to 100000"); goto done; }
            i++;
        } else if (strcmp(a, "--rule") == 0 && value) {
            char msg[512];
            if (pc_readings_select(readings, value, msg, sizeof msg) != 0) { usage_error(msg); goto done; }
            i++;
        } else if (strcmp(a, "--atlas") == 0 && value) {
            if (opt.atlas) { usage_error("--atlas given twice"); goto done; }
            opt.atlas = value;
            i++;
        } else if (strcmp(a, "--vertices") == 0) {
            opt.vertices = true;
        } else if (strcmp(a, "--anim") == 0 && value) {
            anims[opt.anim_count++] = value;
            opt.anims = anims;
            i++;
        } else if (a[0] == '-' || input != NULL) {
            fprintf(stderr, "posecore dump: unexpected argument \"%s\"\n", a);
            goto done;
        } else {
            input = a;
        }
    }
    if (!input) { usage_error("usage: posecore dump SKELETON.json [options]"); goto done; }

    pc_skeleton_data *data = read_document_atlas(input, opt.atlas, readings, &status);
    if (!data) goto done;
    pc_error err;
    status = pc_dump_write(stdout, input, data, &opt, &err);
    if (status != PC_OK) fprintf(stderr, "posecore: %s\n", err.message);
    pc_skeleton_data_free(data);
done:
    free(anims);
    pc_readings_free(readings);
    return status;
}

int cmd_check(int argc, char **argv)
{
    int status;
    const char *atlas = NULL;
    if (argc == 4 && strcmp(argv[2], "--atlas") == 0) atlas = argv[3], argc = 2;
    else if (argc == 4 && strcmp(argv[1], "--atlas") == 0) atlas = argv[2], argv[1] = argv[3], argc = 2;
    if (argc != 2) {
        fprintf(stderr, "usage: posecore check SKELETON.json [--atlas FILE.atlas]\n");
        return 2;
    }
    pc_skeleton_data *data = read_document_atlas(argv[1], atlas, NULL, &status);
    if (!data) return status;
    pc_skeleton_data_free(data);
    printf("accepted %s\n", argv[1]);
    return 0;
}
