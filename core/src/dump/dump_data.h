/* The data rows of a dump: what the reader read, and the update order under the chosen skin (see
 * dump_data.c). */
#ifndef POSECORE_DUMP_DATA_H
#define POSECORE_DUMP_DATA_H

#include "dumpwrite.h"
#include "instance/skeleton.h"

void pc_dump_data_rows(dump_writer *w, const pc_skeleton_data *d);
/* data.update, data.reset and data.constraintActive: the instance's update order and reset list. */
void pc_dump_update_rows(dump_writer *w, const pc_skeleton *sk);

#endif
