/* A 5x7 bitmap font for the pictures' text: printable ASCII (32-126), one glyph per character, 5 pixels
 * wide and 7 high above the baseline with 2 more rows for descenders, drawn 6 pixels apart (a column of
 * space) on lines 10 pixels apart, at an integer scale. Anything else is drawn as '?'. */
#ifndef POSEREPORT_FONT5X7_H
#define POSEREPORT_FONT5X7_H

#include <stdbool.h>

#define FONT_W 5
#define FONT_H 7    /* above the baseline */
#define FONT_ROWS 9 /* with the descenders */
#define FONT_ADVANCE 6
#define FONT_LINE 10

/* Whether pixel (x, y) of character ch's glyph is set; x in 0..4 from the left, y in 0..8 from the top. */
bool font_pixel(unsigned char ch, int x, int y);

#endif
