/* What the fuzz targets share: a stream that swallows what a target writes (the dump writer and the
 * differ's printer write through a FILE), opened once per process. */
#ifndef POSECORE_FUZZ_SINK_H
#define POSECORE_FUZZ_SINK_H

#include <stdio.h>
#include <stdlib.h>

static FILE *fuzz_sink(void)
{
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    if (!sink) abort();
    return sink;
}

#endif
