/* libFuzzer target: an atlas text read by the core (core/src/document/atlas.c), then, when it is
 * accepted, one document read against it (its regions and meshes find their regions, or the reader
 * refuses a missing one) and, when that is accepted too, posed and drawn: every skin at 3 samples with
 * --vertices (world vertices, render commands, bounds, hit tests), written to /dev/null. The document is
 * FUZZ_ATLAS_DOC, by default corpus/cases/atlas-regions.json (read once, at start, as text; the targets
 * run from the worktree's top). */
#include "posecore.h"
#include "dump/dump.h"
#include "fuzz_sink.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static char *document;
static size_t document_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *path = getenv("FUZZ_ATLAS_DOC");
    if (!path) path = "corpus/cases/atlas-regions.json";
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0) goto fail;
    long size = ftell(f);
    if (size < 0 || fseek(f, 0, SEEK_SET) != 0) goto fail;
    document = malloc((size_t)size + 1);
    if (!document || fread(document, 1, (size_t)size, f) != (size_t)size) goto fail;
    document_len = (size_t)size;
    fclose(f);
    return 0;
fail:
    fprintf(stderr, "fuzz_atlas: cannot read %s\n", path);
    exit(2);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t len)
{
    pc_error err;
    pc_atlas *atlas = pc_atlas_read_text((const char *)bytes, len, "fuzz.atlas", &err);
    if (!atlas) return 0;
    pc_skeleton_data *data = pc_read_text_atlas(document, document_len, "doc.json", atlas, NULL, &err);
    if (data) {
        pc_dump_options drawn = { .skin = "all", .samples = 3, .physics = PC_PHYSICS_NONE, .atlas = "fuzz.atlas",
                                  .vertices = true };
        pc_dump_write(fuzz_sink(), "doc.json", data, &drawn, &err);
        pc_skeleton_data_free(data);
    }
    pc_atlas_free(atlas);
    return 0;
}
