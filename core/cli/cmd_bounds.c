/* posecore bounds SKELETON.json [--atlas FILE.atlas] [--skin NAME|all|none] [--samples N|keys]: the
 * numbers a compiler writes into a skeleton header, as spine-core's Skeleton.getBounds gives them: the
 * setup pose's bounds, and each animation's over its sample poses (the pose sequence of
 * oracle/FORMAT.md: `--samples 30` unless told, each sample from the setup pose), without and with
 * clipping. One JSON object:
 *
 *   {"skeleton": S, "atlas": S|null, "skin": S|null, "samples": "30",
 *    "setup": {"x": X, "y": Y, "width": W, "height": H, "clipped": {"x": ..., "y": ..., "width": ..., "height": ...}},
 *    "animations": [{"name": S, "poses": N, "x": ..., "y": ..., "width": ..., "height": ..., "clipped": {...}}, ...]}
 *
 * An animation's bounds are the union of its poses' boxes: x the least x, y the least y, width the
 * greatest x + width less x, height likewise (Math.min and Math.max: NaN spreads); an animation without
 * poses (no key times under `keys`) has null numbers. Numbers are the shortest decimal that reads back
 * to the same double; one that is not finite (a document that shows no region or mesh: Infinity and
 * -Infinity) is written null. Exit 0 done, 2 refused (as spine-core refuses the document, or throws
 * posing or drawing it), 3 unsupported (what the core does not pose or draw yet). Uses the instance's
 * internal headers for the checks the dump makes (the update order's faults, values not modelled,
 * constraints not solved, animations not posed) and the key times. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "js/jsmath.h"
#include "js/numtext.h"
#include "instance/animation.h"
#include "instance/constraint.h"
#include "instance/skeleton.h"
#include "posecore.h"

static void json_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f) fprintf(out, "\\u%04x", *p);
        else fputc(*p, out);
    }
    fputc('"', out);
}

static void json_number(FILE *out, double v)
{
    char buf[NUMTEXT_MAX];
    if (!isfinite(v)) fputs("null", out);
    else numtext_format(v, buf), fputs(buf, out);
}

/* A union of boxes: least x, y and greatest x + width, y + height. */
typedef struct box_union {
    double min_x, min_y, max_x, max_y;
    int count;
} box_union;

static void unite(box_union *u, const double b[4])
{
    if (u->count++ == 0) {
        u->min_x = b[0], u->min_y = b[1], u->max_x = b[0] + b[2], u->max_y = b[1] + b[3];
        return;
    }
    u->min_x = js_math_min(u->min_x, b[0]);
    u->min_y = js_math_min(u->min_y, b[1]);
    u->max_x = js_math_max(u->max_x, b[0] + b[2]);
    u->max_y = js_math_max(u->max_y, b[1] + b[3]);
}

static void box_fields(FILE *out, const double b[4])
{
    fputs("\"x\": ", out), json_number(out, b[0]);
    fputs(", \"y\": ", out), json_number(out, b[1]);
    fputs(", \"width\": ", out), json_number(out, b[2]);
    fputs(", \"height\": ", out), json_number(out, b[3]);
}

static void union_box(const box_union *u, double b[4])
{
    if (u->count == 0) {
        b[0] = b[1] = b[2] = b[3] = NAN;
        return;
    }
    b[0] = u->min_x, b[1] = u->min_y, b[2] = u->max_x - u->min_x, b[3] = u->max_y - u->min_y;
}

/* Both boxes of the current pose; false (with the message printed) where the core stops. */
static bool pose_bounds(pc_renderer *r, const pc_skeleton *sk, const char *input, double plain[4], double clipped[4],
                        int *status)
{
    pc_error err;
    if (pc_skeleton_bounds(r, sk, false, plain, &err) != PC_OK ||
        pc_skeleton_bounds(r, sk, true, clipped, &err) != PC_OK) {
        fprintf(stderr, "posecore: %s: %s%s\n", input, err.status == PC_UNSUPPORTED ? "unsupported: " : "",
                err.message);
        *status = err.status;
        return false;
    }
    return true;
}

static int bounds_of(const char *input, const pc_skeleton_data *data, const char *skin, const char *atlas,
                     const char *samples_text, int samples, bool keys, FILE *out)
{
    pc_skeleton *sk = pc_skeleton_new(data);
    pc_renderer *r = pc_renderer_new(data);
    char *text = NULL;
    size_t text_len = 0;
    FILE *mem = open_memstream(&text, &text_len);
    int status = 2;
    double *times = NULL;
    if (!sk || !r || !mem) {
        fprintf(stderr, "posecore: %s: out of memory\n", input);
        goto done;
    }
    if (!pc_skeleton_set_skin(sk, skin)) {
        fprintf(stderr, "posecore: %s: $.skins: Skin not found: %s\n", input, skin);
        goto done;
    }
    if (sk->fault[0]) {
        fprintf(stderr, "posecore: %s: the skeleton instance: %s\n", input, sk->fault);
        goto done;
    }
    char why[256];
    if (data->unmodelled[0]) {
        fprintf(stderr, "posecore: %s: %s (JavaScript coercion not modelled)\n", input, data->unmodelled);
        status = 3;
        goto done;
    }
    int unsolved = pc_constraint_first_unsolved(sk);
    if (unsolved >= 0) {
        pc_constraint_unsupported(data, unsolved, why, sizeof why);
        fprintf(stderr, "posecore: %s: unsupported: %s\n", input, why);
        status = 3;
        goto done;
    }
    int capacity = samples;
    for (int a = 0; a < data->animation_count; a++)
        if (keys && pc_animation_key_time_capacity(&data->animations[a]) > capacity)
            capacity = pc_animation_key_time_capacity(&data->animations[a]);
    times = malloc((size_t)(capacity > 0 ? capacity : 1) * sizeof *times);
    if (!times) {
        fprintf(stderr, "posecore: %s: out of memory\n", input);
        goto done;
    }

    double plain[4], clipped[4];
    pc_skeleton_setup_pose(sk);
    pc_skeleton_update_world_transform(sk);
    if (sk->thrown) {
        fprintf(stderr, "posecore: %s: the setup pose: %s\n", input, sk->thrown);
        goto done;
    }
    if (!pose_bounds(r, sk, input, plain, clipped, &status)) goto done;
    fputs("{\"skeleton\": ", mem), json_string(mem, input);
    fputs(", \"atlas\": ", mem), json_string(mem, atlas);
    fputs(", \"skin\": ", mem), json_string(mem, skin);
    fputs(", \"samples\": ", mem), json_string(mem, samples_text);
    fputs(",\n \"setup\": {", mem), box_fields(mem, plain);
    fputs(", \"clipped\": {", mem), box_fields(mem, clipped), fputs("}},\n \"animations\": [", mem);
    for (int a = 0; a < data->animation_count; a++) {
        const pc_animation_data *anim = &data->animations[a];
        if (pc_animation_unsupported(data, anim, why, sizeof why)) {
            fprintf(stderr, "posecore: %s: unsupported: %s\n", input, why);
            status = 3;
            goto done;
        }
        int n = keys ? pc_animation_key_times(anim, times) : samples;
        if (!keys)
            for (int i = 0; i < n; i++) times[i] = n == 1 ? 0 : anim->duration * i / (n - 1);
        box_union u = { 0 }, uc = { 0 };
        double last_time = -1;
        for (int i = 0; i < n; i++) {
            pc_skeleton_setup_pose(sk);
            const char *thrown = pc_animation_apply(sk, anim, last_time, times[i], false, NULL);
            if (!thrown) {
                pc_skeleton_update_world_transform(sk);
                thrown = sk->thrown;
            }
            if (thrown) {
                fprintf(stderr, "posecore: %s: animation \"%s\" at %.17g: %s\n", input, anim->name, times[i], thrown);
                goto done;
            }
            if (!pose_bounds(r, sk, input, plain, clipped, &status)) goto done;
            unite(&u, plain);
            unite(&uc, clipped);
            last_time = times[i];
        }
        union_box(&u, plain);
        union_box(&uc, clipped);
        fputs(a ? ",\n  {\"name\": " : "\n  {\"name\": ", mem), json_string(mem, anim->name);
        fprintf(mem, ", \"poses\": %d, ", n);
        box_fields(mem, plain);
        fputs(", \"clipped\": {", mem), box_fields(mem, clipped), fputs("}}", mem);
    }
    fputs("]}\n", mem);
    status = 0;
done:
    if (mem && fclose(mem) != 0 && status == 0) {
        fprintf(stderr, "posecore: %s: out of memory\n", input);
        status = 2;
    }
    if (status == 0) fwrite(text, 1, text_len, out);
    free(text);
    free(times);
    pc_renderer_free(r);
    pc_skeleton_free(sk);
    return status;
}

int cmd_bounds(int argc, char **argv)
{
    const char *input = NULL, *atlas = NULL, *skin = NULL, *samples_text = "30";
    int samples = 30;
    bool keys = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--atlas") == 0 && value) atlas = value, i++;
        else if (strcmp(a, "--skin") == 0 && value) skin = strcmp(value, "none") == 0 ? NULL : value, i++;
        else if (strcmp(a, "--samples") == 0 && value) {
            char *end;
            long n = strtol(value, &end, 10);
            keys = strcmp(value, "keys") == 0;
            if (!keys && (*value == '\0' || *end != '\0' || n < 1 || n > 100000)) {
                fprintf(stderr, "posecore bounds: --samples takes keys or a count from 1 to 100000\n");
                return 2;
            }
            samples = keys ? 0 : (int)n;
            samples_text = value;
            i++;
        } else if (a[0] == '-' || input) {
            fprintf(stderr, "posecore bounds: unexpected argument \"%s\"\n"
                            "usage: posecore bounds SKELETON.json [--atlas FILE.atlas] [--skin NAME|all|none] "
                            "[--samples N|keys]\n", a);
            return 2;
        } else {
            input = a;
        }
    }
    if (!input) {
        fprintf(stderr, "usage: posecore bounds SKELETON.json [--atlas FILE.atlas] [--skin NAME|all|none] [--samples N|keys]\n");
        return 2;
    }
    int status;
    pc_skeleton_data *data = read_document_atlas(input, atlas, NULL, &status);
    if (!data) return status;
    status = bounds_of(input, data, skin, atlas, samples_text, samples, keys, stdout);
    pc_skeleton_data_free(data);
    return status;
}
