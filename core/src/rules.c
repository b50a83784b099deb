/* The rule ledger (rules.h): the rules of the core that have a rejected reading, and the hooks that
 * select a reading. A rule is an entry in the table below: its readings (the current one first), the
 * probe population that measures it, and an install function that sets the hook once. */
#include "rules.h"
#include "jsmath.h"
#include "runtime_math.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------ */
/* math.trig */

pc_trig_table pc_trig = { js_sin, js_cos, js_atan2 };

/* The rejected reading installs the C library's functions themselves (glibc's sin, cos, atan2): the one
 * place outside jsmath.c that names them, never called unless `--rule math.trig=libm` is given. */
static void install_trig(int reading)
{
    if (reading == 1) {
        pc_trig.sin = sin;
        pc_trig.cos = cos;
        pc_trig.atan2 = atan2;
    } else {
        pc_trig.sin = js_sin;
        pc_trig.cos = js_cos;
        pc_trig.atan2 = js_atan2;
    }
}

static const pc_reading trig_readings[] = {
    { "v8-fdlibm", "V8's Math.sin/cos/atan2 (its fdlibm ports, core/src/jsmath.c)" },
    { "libm", "the C library's sin, cos and atan2 (glibc)" },
};

/* ------------------------------------------------------------------------------------------------ */
/* bone.deg-rad */

double pc_deg_rad = PC_DEG_RAD;
double pc_rad_deg = PC_RAD_DEG;

static void install_deg_rad(int reading)
{
    if (reading == 1) {
        pc_deg_rad = JS_MATH_DEG_RAD;
        pc_rad_deg = JS_MATH_RAD_DEG;
    } else {
        pc_deg_rad = PC_DEG_RAD;
        pc_rad_deg = PC_RAD_DEG;
    }
}

static const pc_reading deg_rad_readings[] = {
    { "spine-pi", "MathUtils.degRad and radDeg: PI / 180 and 180 / PI with the runtime's PI = 3.1415927" },
    { "math-pi", "Math.PI / 180 and 180 / Math.PI" },
};

/* ------------------------------------------------------------------------------------------------ */
/* The table */

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const pc_rule rules[] = {
    { "math.trig", "sin, cos and atan2 of the bone transforms", "bones", trig_readings, COUNT(trig_readings),
      install_trig },
    { "bone.deg-rad", "degrees to radians (rotations, shears) and back (atan2 in degrees)", "bones",
      deg_rad_readings, COUNT(deg_rad_readings), install_deg_rad },
};

#define RULE_COUNT (sizeof rules / sizeof rules[0])

static int selected[RULE_COUNT];

size_t pc_rule_count(void) { return RULE_COUNT; }

const pc_rule *pc_rule_at(size_t i) { return i < RULE_COUNT ? &rules[i] : NULL; }

const pc_rule *pc_rule_find(const char *name)
{
    for (size_t i = 0; i < RULE_COUNT; i++)
        if (strcmp(rules[i].name, name) == 0) return &rules[i];
    return NULL;
}

int pc_rule_selected(const pc_rule *rule) { return selected[rule - rules]; }

/* Appends text to msg (from its current length), as far as it fits. */
static void append(char *msg, size_t size, const char *a, const char *b)
{
    if (size == 0) return;
    size_t n = strlen(msg);
    if (n + 1 < size) snprintf(msg + n, size - n, "%s%s", a, b);
}

int pc_rule_select(const char *spec, char *msg, size_t size)
{
    if (size) msg[0] = '\0';
    const char *eq = spec ? strchr(spec, '=') : NULL;
    if (!eq || eq == spec || eq[1] == '\0') {
        snprintf(msg, size, "--rule wants NAME=READING, got \"%s\"", spec ? spec : "");
        return -1;
    }
    size_t name_len = (size_t)(eq - spec);
    const pc_rule *rule = NULL;
    for (size_t i = 0; i < RULE_COUNT && !rule; i++)
        if (strlen(rules[i].name) == name_len && memcmp(rules[i].name, spec, name_len) == 0) rule = &rules[i];
    if (!rule) {
        snprintf(msg, size, "unknown rule \"%.*s\" (rules:", (int)name_len, spec);
        for (size_t i = 0; i < RULE_COUNT; i++) append(msg, size, i ? ", " : " ", rules[i].name);
        append(msg, size, ")", "");
        return -1;
    }
    const char *reading = eq + 1;
    for (int k = 0; k < rule->reading_count; k++)
        if (strcmp(rule->readings[k].name, reading) == 0) {
            selected[rule - rules] = k;
            rule->install(k);
            return 0;
        }
    snprintf(msg, size, "rule %s has no reading \"%s\" (readings:", rule->name, reading);
    for (int k = 0; k < rule->reading_count; k++) append(msg, size, k ? ", " : " ", rule->readings[k].name);
    append(msg, size, ")", "");
    return -1;
}

void pc_rules_reset(void)
{
    for (size_t i = 0; i < RULE_COUNT; i++) {
        selected[i] = 0;
        rules[i].install(0);
    }
}
