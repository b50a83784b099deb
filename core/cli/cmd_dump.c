/* posecore dump and posecore check: read a document, then pose it into a dump or just give the
 * reader's verdict. Exit 0 done, 2 refused (as spine-core refuses) or a bad option or scenario, 3
 * unsupported by the core.
 *
 * The options are the oracle's (oracle/FORMAT.md "The pose sequence", pose_oracle.mjs parseArgs), checked
 * the same way and refused with the same meaning: one line naming the option (or the scenario file and
 * the JSON path of what is wrong in it), exit 2, no dump; the scenario is read before the document. The
 * core adds `--rule RULE=READING`. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "dump/dump.h"
#include "posecore.h"

enum { MAX_FRAMES = 100000, MAX_DT_LIST = 1000 };

static int usage_error(const char *what)
{
    fprintf(stderr, "posecore dump: %s\n", what);
    return 2;
}

/* A whole number 1 to 999999 spelt without a sign or leading zeros (/^[1-9][0-9]{0,5}$/). */
static bool whole_number(const char *s, long *out)
{
    size_t n = strlen(s);
    if (n < 1 || n > 6 || s[0] < '1' || s[0] > '9') return false;
    for (size_t i = 1; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    *out = strtol(s, NULL, 10);
    return true;
}

/* A JSON number spelling (-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?). */
static bool json_number_spelling(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '-') i++;
    if (i < n && s[i] == '0') i++;
    else if (i < n && s[i] >= '1' && s[i] <= '9')
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    else return false;
    if (i < n && s[i] == '.') {
        size_t start = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == start) return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == start) return false;
    }
    return i == n;
}

/* `v` split at commas into finite numbers, each a JSON number spelling; `count` of them unless -1.
 * Returns how many (at most `room`), or -1 after saying what is wrong. */
static int number_list(const char *option, const char *v, int count, const char *want, double *out, int room)
{
    int parts = 1;
    for (const char *c = v; *c; c++) parts += *c == ',';
    if (count >= 0 && parts != count) {
        fprintf(stderr, "posecore dump: %s %s: want %s\n", option, v, want);
        return -1;
    }
    if (parts > room) {
        fprintf(stderr, "posecore dump: %s: more than %d frame times\n", option, room);
        return -1;
    }
    const char *p = v;
    for (int k = 0; k < parts; k++) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char part[512];
        double x = NAN;
        if (n < sizeof part && json_number_spelling(p, n)) {
            memcpy(part, p, n);
            part[n] = '\0';
            x = strtod(part, NULL);
        }
        if (!isfinite(x)) {
            fprintf(stderr, "posecore dump: %s %s: \"%.*s\" is not a finite number (want %s)\n", option, v, (int)n, p,
                    want);
            return -1;
        }
        out[k] = x;
        p = end ? end + 1 : p + n;
    }
    return parts;
}

/* The scenario file, read and checked; NULL after saying what is wrong ("posecore: FILE: PATH: ..."). */
static pc_scenario *read_scenario(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "posecore: %s: cannot read: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) {
            char *grown = realloc(text, cap *= 2);
            if (!grown) { free(text); text = NULL; }
            else text = grown;
        }
    }
    bool bad = !text || ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        fprintf(stderr, "posecore: %s: cannot read the file\n", path);
        return NULL;
    }
    char msg[2200];
    pc_scenario *sc = pc_scenario_parse(text, len, msg, sizeof msg);
    free(text);
    if (!sc) fprintf(stderr, "posecore: %s: %s\n", path, msg);
    return sc;
}

int cmd_dump(int argc, char **argv)
{
    pc_dump_options opt = { .skin = NULL, .samples = 5, .physics = PC_PHYSICS_NONE };
    const char *input = NULL;
    const char **anims = calloc((size_t)argc, sizeof *anims);
    double *dt = malloc(MAX_DT_LIST * sizeof *dt);
    double skeleton[4], move[2];
    pc_readings *readings = pc_readings_new();
    pc_scenario *scenario = NULL;
    if (!anims || !readings || !dt) {
        free(anims);
        free(dt);
        pc_readings_free(readings);
        return usage_error("out of memory");
    }
    int status = 2;
    bool given_samples = false, given_physics = false, given_anim = false;
    bool given_frames = false, given_dt = false, given_skeleton = false, given_move = false, given_scenario = false;
    bool given_atlas = false, given_transitions = false, given_mix = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool takes_value = strcmp(a, "--skin") == 0 || strcmp(a, "--physics") == 0 || strcmp(a, "--samples") == 0
                           || strcmp(a, "--frames") == 0 || strcmp(a, "--dt") == 0 || strcmp(a, "--skeleton") == 0
                           || strcmp(a, "--move") == 0 || strcmp(a, "--scenario") == 0 || strcmp(a, "--anim") == 0
                           || strcmp(a, "--rule") == 0 || strcmp(a, "--atlas") == 0 || strcmp(a, "--transitions") == 0
                           || strcmp(a, "--mix") == 0;
        if (takes_value && i + 1 >= argc) {
            fprintf(stderr, "posecore dump: %s needs a value\n", a);
            goto done;
        }
        const char *value = takes_value ? argv[++i] : NULL;
        bool *once = strcmp(a, "--frames") == 0 ? &given_frames : strcmp(a, "--dt") == 0 ? &given_dt
                     : strcmp(a, "--skeleton") == 0 ? &given_skeleton : strcmp(a, "--move") == 0 ? &given_move
                     : strcmp(a, "--scenario") == 0 ? &given_scenario : strcmp(a, "--atlas") == 0 ? &given_atlas
                     : strcmp(a, "--transitions") == 0 ? &given_transitions : strcmp(a, "--mix") == 0 ? &given_mix
                     : NULL;
        if (once) {
            if (*once) {
                fprintf(stderr, "posecore dump: %s given twice\n", a);
                goto done;
            }
            *once = true;
        }
        long n;
        if (strcmp(a, "--skin") == 0) {
            opt.skin = strcmp(value, "none") == 0 ? NULL : value;
        } else if (strcmp(a, "--physics") == 0) {
            static const char modes[4][8] = { "none", "reset", "update", "pose" };
            int mode = -1;
            for (int k = 0; k < 4; k++)
                if (strcmp(value, modes[k]) == 0) mode = k;
            if (mode < 0) {
                fprintf(stderr, "posecore dump: --physics %s: want none, update, reset or pose\n", value);
                goto done;
            }
            opt.physics = (pc_physics_mode)mode;
            given_physics = true;
        } else if (strcmp(a, "--samples") == 0) {
            given_samples = true;
            if (strcmp(value, "keys") == 0) opt.keys = true;
            else if (whole_number(value, &n)) opt.samples = (int)n, opt.keys = false;
            else {
                fprintf(stderr, "posecore dump: --samples %s: want a whole number 1..999999 or 'keys'\n", value);
                goto done;
            }
        } else if (strcmp(a, "--frames") == 0) {
            if (!whole_number(value, &n) || n > MAX_FRAMES) {
                fprintf(stderr, "posecore dump: --frames %s: want a whole number from 1 to %d\n", value, MAX_FRAMES);
                goto done;
            }
            opt.frames = (int)n;
        } else if (strcmp(a, "--transitions") == 0) {
            if (!whole_number(value, &n) || n > MAX_FRAMES) {
                fprintf(stderr, "posecore dump: --transitions %s: want a whole number from 1 to %d\n", value, MAX_FRAMES);
                goto done;
            }
            opt.transitions = (int)n;
        } else if (strcmp(a, "--mix") == 0) {
            if (number_list("--mix", value, 1, "a mix duration in seconds, a finite number", &opt.mix, 1) < 0) goto done;
        } else if (strcmp(a, "--dt") == 0) {
            const char *want = "D[,D2,...]: frame times in seconds, positive finite numbers";
            int count = number_list("--dt", value, -1, want, dt, MAX_DT_LIST);
            if (count < 0) goto done;
            for (int k = 0; k < count; k++)
                if (!(dt[k] > 0)) {
                    fprintf(stderr, "posecore dump: --dt %s: %.17g is not positive (want %s)\n", value, dt[k], want);
                    goto done;
                }
            opt.dt = dt;
            opt.dt_count = count;
        } else if (strcmp(a, "--skeleton") == 0) {
            if (number_list("--skeleton", value, 4, "X,Y,SCALEX,SCALEY, four finite numbers", skeleton, 4) < 0) goto done;
            opt.skeleton = skeleton;
        } else if (strcmp(a, "--move") == 0) {
            if (number_list("--move", value, 2, "DX,DY, two finite numbers", move, 2) < 0) goto done;
            opt.move = move;
        } else if (strcmp(a, "--scenario") == 0) {
            opt.scenario_path = value;
        } else if (strcmp(a, "--atlas") == 0) {
            opt.atlas = value;
        } else if (strcmp(a, "--vertices") == 0) {
            opt.vertices = true;
        } else if (strcmp(a, "--anim") == 0) {
            given_anim = true;
            anims[opt.anim_count++] = value;
            opt.anims = anims;
        } else if (strcmp(a, "--rule") == 0) {
            char msg[512];
            if (pc_readings_select(readings, value, msg, sizeof msg) != 0) { usage_error(msg); goto done; }
        } else if (strncmp(a, "--", 2) == 0) {
            fprintf(stderr, "posecore dump: unknown option %s\n", a);
            goto done;
        } else if (input != NULL) {
            fprintf(stderr, "posecore dump: unexpected argument %s\n", a);
            goto done;
        } else {
            input = a;
        }
    }
    if (!input) { usage_error("no skeleton file given"); goto done; }
    if (opt.scenario_path) {
        const char *excluded = given_samples ? "--samples" : given_frames ? "--frames" : given_dt ? "--dt"
                               : given_skeleton ? "--skeleton" : given_move ? "--move" : given_physics ? "--physics"
                               : given_anim ? "--anim" : given_transitions ? "--transitions" : given_mix ? "--mix" : NULL;
        if (excluded) {
            fprintf(stderr, "posecore dump: --scenario excludes %s (the scenario holds the whole sequence)\n", excluded);
            goto done;
        }
    }
    if (given_transitions) {
        if (given_frames) { usage_error("--transitions excludes --frames"); goto done; }
        if (given_samples) { usage_error("--transitions excludes --samples"); goto done; }
        if (!given_dt) { usage_error("--transitions needs --dt"); goto done; }
    } else if (given_mix) { usage_error("--mix needs --transitions"); goto done; }
    if (given_frames && !given_dt) { usage_error("--frames needs --dt"); goto done; }
    if (given_dt && !given_frames && !given_transitions) { usage_error("--dt needs --frames or --transitions"); goto done; }
    if (given_frames && given_samples) { usage_error("--frames excludes --samples"); goto done; }
    if (given_move && !given_frames && !given_transitions) {
        usage_error("--move needs --frames or --transitions");
        goto done;
    }

    /* A bad scenario is named before the document is read. */
    if (opt.scenario_path) {
        scenario = read_scenario(opt.scenario_path);
        if (!scenario) goto done;
        opt.scenario = scenario;
    }
    pc_skeleton_data *data = read_document_atlas(input, opt.atlas, readings, &status);
    if (!data) goto done;
    pc_error err;
    status = pc_dump_write(stdout, input, data, &opt, &err);
    if (status != PC_OK) fprintf(stderr, "posecore: %s\n", err.message);
    pc_skeleton_data_free(data);
done:
    pc_scenario_free(scenario);
    free(anims);
    free(dt);
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
