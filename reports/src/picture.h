/* The picture of one failing pose: the skeleton as the oracle posed it and as the core posed it,
 * overlaid (bones as lines from (worldX, worldY) to (worldX + a*length, worldY + c*length), joints as
 * dots, zero-length bones as crosses), the bones that differ ringed in red, scaled so the finite points
 * of both fill the panel (non-finite ones are counted, not drawn); and an inset at the worst bone where
 * the oracle's and the core's point are drawn a fixed distance apart along the true direction of the
 * difference, with its true size printed, so a difference of 1e-9 is seen as clearly as one of 10. */
#ifndef POSEREPORT_PICTURE_H
#define POSEREPORT_PICTURE_H

#include "drawn.h"
#include "skel.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct picture_spec {
    const char *title;             /* e.g. the case's name */
    const char *subtitle;          /* e.g. the pose and the first difference */
    const struct skel *oracle, *core;
    const bool *differs;           /* per oracle bone: has a differing field in this pose */
    long worst;                    /* oracle bone with the largest ULP distance, or -1 */
    const char *worst_field;       /* its field, for the inset's text */
    const char *worst_ulp;         /* its ULP distance as text ("3", "NaN", "-") */
    const char *worst_oracle;      /* the two values as text (decimal and bits) */
    const char *worst_core;
    const char *worst_path;        /* the bone's path from the root */
    /* What each side draws in the pose (NULL: nothing; a dump without --vertices blocks): the
     * attachments' outlines and the render's triangles, drawn under the bones; and the points (x, y
     * pairs, the oracle's) of the differing vertices, marked. */
    const struct drawn *oracle_drawn, *core_drawn;
    const double *marks;
    size_t mark_count;
};

/* What the picture shows, for the report's text and its tests. */
struct picture_facts {
    size_t bones_drawn;            /* bones of both sides with a finite origin */
    size_t bones_not_drawn;        /* with a non-finite origin */
    size_t bones_marked;           /* rings drawn for differing bones */
    size_t outlines_drawn, triangles_drawn; /* attachments of both sides */
    size_t vertices_marked;        /* differing vertices marked */
    double units_per_pixel;        /* the main panel's scale */
    const char *inset_point;       /* "origin", "tip", "y-axis", or NULL when no point moved */
    double inset_offset;           /* the true distance between the two points at that point */
};

/* Draws the picture and writes it to path as a PNG. False with a message when it cannot. */
bool picture_write(const char *path, const struct picture_spec *p, struct picture_facts *facts, char *msg,
                   size_t size);

#endif
