/* libFuzzer target: the differ on two dumps. The input is the oracle's dump, a NUL byte, the core's
 * dump (no NUL: the same bytes on both sides); both read, compared, and the report printed (to
 * /dev/null) as posediff prints it, in full and quiet. */
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "fuzz_sink.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t len)
{
    const char *text = (const char *)bytes;
    const char *nul = memchr(text, '\0', len);
    size_t first = nul ? (size_t)(nul - text) : len;
    const char *second = nul ? nul + 1 : text;
    size_t second_len = nul ? len - first - 1 : len;
    struct dump oracle, core;
    struct dump_error err;
    if (!dump_read_buffer(text, first, "oracle.dump", &oracle, &err)) return 0;
    if (!dump_read_buffer(second, second_len, "core.dump", &core, &err)) {
        dump_free(&oracle);
        return 0;
    }
    struct diff_report report;
    diff_report_init(&report, 20);
    if (dumpdiff_run(&oracle, &core, &report)) {
        dumpdiff_print(fuzz_sink(), &oracle, &core, &report, false);
        dumpdiff_print(fuzz_sink(), &oracle, &core, &report, true);
        (void)dumpdiff_exit_code(&report);
    }
    diff_report_free(&report);
    dump_free(&oracle);
    dump_free(&core);
    return 0;
}
