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

char *gate_rig_args(const char *args, const char *rigs_dir, const char *rig_file)
{
    const char *at = strstr(args, "@atlas");
    if (!at) return str_dup(args);
    size_t len = strlen(rig_file);
    if (len > 5 && strcmp(rig_file + len - 5, ".json") == 0) len -= 5;
    const char *dash = NULL;
    for (size_t i = 0; i < len; i++)
        if (rig_file[i] == '-') dash = rig_file + i;
    size_t base = dash ? (size_t)(dash - rig_file) : len;
    char *atlas = str_fmt("%s/../atlases/%.*s.atlas", rigs_dir, (int)base, rig_file);
    if (!atlas || !file_exists(atlas)) {
        free(atlas);
        return NULL;
    }
    char *out = str_fmt("%.*s%s%s", (int)(at - args), args, atlas, at + strlen("@atlas"));
    free(atlas);
    return out;
}
