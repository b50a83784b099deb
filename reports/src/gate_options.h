/* The gate's option sets, read from gates/options as gates/corpus_gate reads them: one `KEY VALUE` a
 * line, `case` the options of a stored case without NAME.args, `rig` each option set a rig is posed
 * with, in order. */
#ifndef POSEREPORT_GATE_OPTIONS_H
#define POSEREPORT_GATE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#define GATE_OPTIONS_FILE "gates/options"
#define GATE_MAX_RIG_ARGS 8

struct gate_options {
    char *case_args;
    char *rig_args[GATE_MAX_RIG_ARGS];
    size_t rig_count;
};

/* Reads the file at path; false, after saying why on stderr (`tool: ...`), when it cannot be read or
 * holds no `case` line or no `rig` line. */
bool gate_options_read(const char *tool, const char *path, struct gate_options *o);
void gate_options_free(struct gate_options *o);

/* A rig's option set with `@atlas` replaced by its atlas, RIGS/../atlases/NAME.atlas for the rig file
 * NAME-pro.json or NAME-ess.json in RIGS (gates/options): a new string; NULL when the set names @atlas
 * and the rig has no atlas (the set is skipped for it, as the gate skips it). */
char *gate_rig_args(const char *args, const char *rigs_dir, const char *rig_file);

#endif
