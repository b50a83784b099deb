/* A texture atlas as spine-core 4.3.13's TextureAtlas reads its text (atlas.c): pages and their
 * regions, with every number as JavaScript's parseInt gives it and the region's u, v, u2, v2 as the
 * reader computes them. No images are read. The document reader (read_attachments.c) looks regions up
 * by name as AtlasAttachmentLoader does; the public interface is pc_atlas_* in posecore.h. */
#ifndef POSECORE_ATLAS_H
#define POSECORE_ATLAS_H

#include "posecore.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct pc_atlas_page {
    char *name;          /* the page line, trimmed */
    double width, height; /* `size` (0 without one) */
    bool pma;
} pc_atlas_page;

typedef struct pc_atlas_region {
    char *name;          /* the region line as it is (not trimmed) */
    size_t name_len;
    int page;            /* index into pages */
    double x, y, width, height, offset_x, offset_y, original_width, original_height, degrees;
    double u, v, u2, v2;
} pc_atlas_region;

struct pc_atlas {
    pc_atlas_page *pages;
    int page_count;
    pc_atlas_region *regions;
    int region_count;
};

/* TextureAtlas.findRegion: the first region named exactly `name` (len bytes), NULL for none. */
const pc_atlas_region *pc_atlas_find(const pc_atlas *atlas, const char *name, size_t len);

#endif
