/* build/bin/pngstat: what a PNG holds, for the report's tests. Reads the file with libpng and prints
 * `WIDTH HEIGHT`, then for each colour asked for, how many pixels of the region have exactly it.
 *
 *   pngstat FILE.png [--region X Y W H] [RRGGBB]...
 *
 * Exit 0 read, 1 not a readable PNG, 2 bad usage. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: pngstat FILE.png [--region X Y W H] [RRGGBB]...\n");
        return 2;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], image.message);
        return 1;
    }
    image.format = PNG_FORMAT_RGB;
    size_t stride = PNG_IMAGE_ROW_STRIDE(image), size = PNG_IMAGE_BUFFER_SIZE(image, stride);
    unsigned char *px = malloc(size);
    if (!px || !png_image_finish_read(&image, NULL, px, (png_int_32)stride, NULL)) {
        fprintf(stderr, "pngstat: %s: %s\n", argv[1], image.message);
        return 1;
    }
    long x0 = 0, y0 = 0, x1 = image.width, y1 = image.height;
    printf("%u %u\n", image.width, image.height);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--region") == 0 && i + 4 < argc) {
            x0 = atol(argv[i + 1]);
            y0 = atol(argv[i + 2]);
            x1 = x0 + atol(argv[i + 3]);
            y1 = y0 + atol(argv[i + 4]);
            i += 4;
            continue;
        }
        unsigned long rgb = strtoul(argv[i], NULL, 16);
        unsigned char r = (unsigned char)(rgb >> 16), g = (unsigned char)(rgb >> 8), b = (unsigned char)rgb;
        size_t count = 0;
        for (long y = y0; y < y1 && y < (long)image.height; y++)
            for (long x = x0; x < x1 && x < (long)image.width; x++) {
                const unsigned char *p = px + (size_t)y * stride + (size_t)x * 3;
                count += p[0] == r && p[1] == g && p[2] == b;
            }
        printf("%s %zu\n", argv[i], count);
    }
    free(px);
    return 0;
}
