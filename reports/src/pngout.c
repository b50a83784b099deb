/* The PNG writer (pngout.h), through libpng's simplified API (png_image), which owns the details of
 * chunks, filters and compression. */
#include "pngout.h"

#include <png.h>
#include <stdio.h>
#include <string.h>

bool png_write_canvas(const char *path, const struct canvas *c, char *msg, size_t size)
{
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)c->w;
    image.height = (png_uint_32)c->h;
    image.format = PNG_FORMAT_RGB;
    if (!png_image_write_to_file(&image, path, 0, c->px, (png_int_32)c->w * 3, NULL)) {
        snprintf(msg, size, "cannot write %s: %s", path, image.message);
        png_image_free(&image);
        return false;
    }
    png_image_free(&image);
    return true;
}
