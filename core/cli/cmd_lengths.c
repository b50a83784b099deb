/* posecore lengths SKELETON.json: for every path attachment of every skin, the `lengths` the runtime
 * measures for it when it walks it at constant speed (the four-step curve table, path_curve.c), so that
 * a compiler can fill an omitted `lengths` array with the runtime's own numbers.
 *
 * The path is measured where the setup pose puts it: every bone's world transform from its setup local
 * transform (no constraint applied, every bone computed, skin-required or not), the attachment's
 * vertices through its slot's bone (unweighted) or its bound bones (weighted), no deform. One JSON
 * object a line, in the document's skin order and each skin's attachment order:
 *
 *   {"skin": S, "slot": S, "attachment": S, "closed": B, "curves": N, "lengths": [L0, ...]}
 *
 * `lengths` has one running total per curve (an open path of V vertices has V/3 - 1 curves, a closed
 * one V/3); a number that is not finite is written null. A path whose vertex count the runtime cannot
 * walk at constant speed (not a multiple of 3, or an open path of none) has "lengths": null and an
 * "error". Exit 0 done, 2 the document is refused or unreadable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "js/numtext.h"
#include "instance/path.h"
#include "posecore.h"
#include "instance/skeleton.h"
#include "instance/bone.h"
#include "instance/vertices.h"

static void json_string(const char *s)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') printf("\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f) printf("\\u%04x", *p);
        else putchar(*p);
    }
    putchar('"');
}

static void json_number(double v)
{
    char buf[NUMTEXT_MAX];
    if (!isfinite(v)) {
        fputs("null", stdout);
        return;
    }
    numtext_format(v, buf);
    fputs(buf, stdout);
}

/* One attachment's line. */
static bool measure(pc_skeleton *sk, const pc_skin_data *skin, const pc_skin_entry *e)
{
    const pc_attachment *a = e->attachment;
    double wvl = a->world_vertices_length;
    fputs("{\"skin\": ", stdout);
    json_string(skin->name);
    fputs(", \"slot\": ", stdout);
    json_string(sk->data->slots[e->slot].name);
    fputs(", \"attachment\": ", stdout);
    json_string(e->placeholder);
    printf(", \"closed\": %s", a->closed ? "true" : "false");
    if (fmod(wvl, 6) != 0 || wvl < (a->closed ? 0 : 6)) {
        printf(", \"curves\": null, \"lengths\": null, \"error\": \"the vertex count %.17g is not a multiple of 3%s\"}\n",
               wvl / 2, a->closed ? "" : " of at least 3");
        return true;
    }
    int n = (int)wvl, curves = a->closed ? n / 6 : n / 6 - 1;
    int points = a->closed ? n + 2 : n - 4;
    double *world = calloc((size_t)points + 2, sizeof *world), *out = calloc((size_t)curves + 1, sizeof *out);
    if (!world || !out) {
        free(world);
        free(out);
        return false;
    }
    /* The chain the walk measures: an open path without its end knots' outer handles; a closed one
     * turned by one point, its first knot and handle repeated at the end. */
    const pc_slot *slot = &sk->slots[e->slot];
    bool ok;
    if (a->closed) {
        ok = pc_vertices_world(sk, slot, a, 2, points - 4, world + 2, 0, 2);
        ok = pc_vertices_world(sk, slot, a, 0, 2, world + 2, points - 4, 2) && ok;
        world[2 + points - 2] = world[2];
        world[2 + points - 1] = world[3];
    } else {
        ok = pc_vertices_world(sk, slot, a, 2, points, world + 2, 0, 2);
    }
    pc_path_curve_lengths((pc_points){ world + 2, points }, curves, out);
    printf(", \"curves\": %d, \"lengths\": [", curves);
    for (int i = 0; i < curves; i++) {
        if (i) fputs(", ", stdout);
        json_number(out[i]);
    }
    printf("]%s}\n", ok ? "" : ", \"error\": \"a weighted vertex names no bone\"");
    free(world);
    free(out);
    return true;
}

int cmd_lengths(int argc, char **argv)
{
    int status;
    pc_skeleton_data *data = read_only_argument(argc, argv, &status);
    if (!data) return status;
    pc_skeleton *sk = pc_skeleton_new(data);
    if (!sk) {
        fprintf(stderr, "posecore: %s: out of memory\n", argv[1]);
        pc_skeleton_data_free(data);
        return 2;
    }
    /* Every bone's world from its setup local transform, parents first (a parent precedes its child). */
    pc_skeleton_setup_pose(sk);
    for (int i = 0; i < data->bone_count; i++) {
        pc_bone *b = &sk->bones[i];
        b->applied = &b->pose;
        pc_bone_update_world(sk, b);
    }
    status = 0;
    for (int s = 0; s < data->skin_count && status == 0; s++)
        for (int i = 0; i < data->skins[s].entry_count && status == 0; i++) {
            const pc_skin_entry *e = &data->skins[s].entries[i];
            if (e->attachment->kind != PC_ATTACHMENT_PATH) continue;
            if (!measure(sk, &data->skins[s], e)) {
                fprintf(stderr, "posecore: %s: out of memory\n", argv[1]);
                status = 2;
            }
        }
    pc_skeleton_free(sk);
    pc_skeleton_data_free(data);
    return status;
}
