/* libFuzzer target: the dump reader (core/src/dumpcmp/dumpread.c) on any bytes. */
#include "dumpcmp/dumpread.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t len)
{
    struct dump d;
    struct dump_error err;
    if (dump_read_buffer((const char *)bytes, len, "fuzz.dump", &d, &err)) dump_free(&d);
    return 0;
}
