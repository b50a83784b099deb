/* posecore rules: the rule ledger (core/src/rules.h), every rule with its readings and the population
 * that measures it. `--tsv`: one line per reading, `RULE<TAB>READING<TAB>current|alternative<TAB>
 * POPULATION<TAB>WHAT` (read by probes/rules). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "document/rules.h"

int cmd_rules(int argc, char **argv)
{
    int tsv = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--tsv") == 0) tsv = 1;
        else {
            fprintf(stderr, "usage: posecore rules [--tsv]\n");
            return 2;
        }
    }
    size_t n = pc_rule_count();
    if (!tsv) printf("%-14s %-12s %-11s %s\n", "rule", "reading", "population", "what");
    for (size_t i = 0; i < n; i++) {
        const pc_rule *r = pc_rule_at(i);
        if (!tsv) printf("%-14s %-12s %-11s %s\n", r->name, "", r->population, r->what);
        for (int k = 0; k < r->reading_count; k++) {
            const pc_reading *rd = &r->readings[k];
            if (tsv)
                printf("%s\t%s\t%s\t%s\t%s\n", r->name, rd->name, k == 0 ? "current" : "alternative",
                       r->population, rd->what);
            else
                printf("%-14s %-12s %-11s %s%s\n", "", rd->name, "", k == 0 ? "(current) " : "", rd->what);
        }
    }
    if (!tsv) printf("select one with: posecore dump SKELETON.json --rule RULE=READING\n");
    return 0;
}
