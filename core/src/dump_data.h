/* The data rows of a dump: what the reader read (see dump_data.c). */
#ifndef POSECORE_DUMP_DATA_H
#define POSECORE_DUMP_DATA_H

#include "dumpwrite.h"
#include "skeleton_data.h"

void pc_dump_data_rows(dump_writer *w, const pc_skeleton_data *d);

#endif
