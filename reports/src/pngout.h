/* Writing a canvas (canvas.h) to a PNG file with libpng: 8-bit RGB, no interlacing. */
#ifndef POSEREPORT_PNGOUT_H
#define POSEREPORT_PNGOUT_H

#include "canvas.h"

#include <stddef.h>

/* Writes the canvas to path; false with a one-line message in msg when it cannot. */
bool png_write_canvas(const char *path, const struct canvas *c, char *msg, size_t size);

#endif
