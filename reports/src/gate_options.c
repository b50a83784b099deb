/* The gate's option sets (gate_options.h). */
#include "gate_options.h"
#include "files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gate_options_read(const char *tool, const char *path, struct gate_options *o)
{
    memset(o, 0, sizeof *o);
    char *text = file_read(path, NULL);
    if (!text) {
        fprintf(stderr, "%s: cannot read %s\n", tool, path);
        return false;
    }
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "case ", 5) == 0 && !o->case_args) o->case_args = str_dup(line + 5);
        else if (strncmp(line, "rig ", 4) == 0 && o->rig_count < GATE_MAX_RIG_ARGS)
            o->rig_args[o->rig_count++] = str_dup(line + 4);
    }
    free(text);
    if (o->case_args && o->rig_count) return true;
    fprintf(stderr, "%s: %s holds no `case` line or no `rig` line\n", tool, path);
    gate_options_free(o);
    return false;
}

void gate_options_free(struct gate_options *o)
{
    free(o->case_args);
    for (size_t i = 0; i < o->rig_count; i++) free(o->rig_args[i]);
    memset(o, 0, sizeof *o);
}
