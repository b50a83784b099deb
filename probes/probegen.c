/* build/bin/probegen: draws a population of probes of one family (probes/README.md).
 *
 *   probegen FAMILY --pop N [--seed S] --out DIR [--amplify]
 *   probegen --list
 *
 * Writes DIR/NAME.json (the skeleton document) and DIR/NAME.args (its options line) for each probe,
 * and DIR/probes.list (the names, in order). NAME is FAMILY[-amp]-sSEED-INDEX. The same family, N, seed
 * and --amplify give byte-identical files. Exit 0 done; 2 bad usage or an unknown family; 3 a family
 * that is planned but not generated yet; 1 the files could not be written. */
#include "probegen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int usage(FILE *out, int status)
{
    fprintf(out, "usage: probegen FAMILY --pop N [--seed S] --out DIR [--amplify]\n"
                 "       probegen --list      the families, generated and planned\n");
    return status;
}

static int write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    bool ok = fwrite(text, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    return ok;
}

static bool parse_u64(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') return false;
    *out = strtoull(s, &end, 10);
    return errno == 0 && *end == '\0';
}

int main(int argc, char **argv)
{
    const char *family = NULL, *dir = NULL;
    unsigned long long pop = 0, seed = 1;
    bool have_pop = false, amplify = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--list") == 0) {
            for (int k = 0; k < probe_family_count; k++) {
                const probe_family *f = &probe_families[k];
                char status[48];
                if (f->issue) snprintf(status, sizeof status, "planned, lands with issue %d", f->issue);
                else snprintf(status, sizeof status, "generated");
                printf("%-12s %-28s %s\n", f->name, status, f->varies);
            }
            return 0;
        } else if (strcmp(a, "--help") == 0) {
            return usage(stdout, 0);
        } else if (strcmp(a, "--pop") == 0 && v) {
            if (!parse_u64(v, &pop) || pop > 999999) {
                fprintf(stderr, "probegen: --pop wants a count from 0 to 999999, got \"%s\"\n", v);
                return 2;
            }
            have_pop = true;
            i++;
        } else if (strcmp(a, "--seed") == 0 && v) {
            if (!parse_u64(v, &seed)) {
                fprintf(stderr, "probegen: --seed wants a whole number, got \"%s\"\n", v);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--out") == 0 && v) {
            dir = v;
            i++;
        } else if (strcmp(a, "--amplify") == 0) {
            amplify = true;
        } else if (a[0] == '-' || family) {
            fprintf(stderr, "probegen: unexpected argument \"%s\"\n", a);
            return usage(stderr, 2);
        } else {
            family = a;
        }
    }
    if (!family) return usage(stderr, 2);
    const probe_family *f = probe_family_find(family);
    if (!f) {
        fprintf(stderr, "probegen: unknown family \"%s\" (probegen --list names them)\n", family);
        return 2;
    }
    if (!f->generate) {
        fprintf(stderr, "probegen: unsupported family \"%s\": planned, lands with issue %d\n", family, f->issue);
        return 3;
    }
    if (!have_pop && !f->fixed_pop) {
        fprintf(stderr, "probegen: --pop N is required for family %s\n", family);
        return 2;
    }
    if (!dir) {
        fprintf(stderr, "probegen: --out DIR is required\n");
        return 2;
    }
    long n = f->fixed_pop ? f->fixed_pop : (long)pop;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "probegen: cannot make %s: %s\n", dir, strerror(errno));
        return 1;
    }

    size_t dir_len = strlen(dir);
    char *path = malloc(dir_len + 128);
    char *list = NULL;
    size_t list_len = 0;
    FILE *listf = open_memstream(&list, &list_len);
    if (!path || !listf) {
        fprintf(stderr, "probegen: out of memory\n");
        return 1;
    }
    probe pr;
    jw_init(&pr.doc);
    jw_init(&pr.scenario);
    int status = 0;
    for (long i = 0; i < n && status == 0; i++) {
        probe_params p = { f->name, seed, i, amplify };
        char name[96];
        probe_name(&p, name, sizeof name);
        if (!probe_generate(f, &p, &pr)) {
            fprintf(stderr, "probegen: %s: could not generate probe %ld\n", family, i);
            status = 1;
            break;
        }
        fprintf(listf, "%s\n", name);
        snprintf(path, dir_len + 128, "%s/%s.json", dir, name);
        int ok = write_file(path, pr.doc.buf, pr.doc.len);
        snprintf(path, dir_len + 128, "%s/%s.args", dir, name);
        char args[sizeof pr.args + 1];
        int args_len = snprintf(args, sizeof args, "%s\n", pr.args);
        ok = ok && write_file(path, args, (size_t)args_len);
        if (ok && pr.has_scenario) {
            snprintf(path, dir_len + 128, "%s/%s.scenario.json", dir, name);
            ok = write_file(path, pr.scenario.buf, pr.scenario.len);
        }
        if (!ok) {
            fprintf(stderr, "probegen: cannot write %s: %s\n", path, strerror(errno));
            status = 1;
        }
    }
    fclose(listf);
    if (status == 0) {
        snprintf(path, dir_len + 128, "%s/probes.list", dir);
        if (!write_file(path, list, list_len)) {
            fprintf(stderr, "probegen: cannot write %s: %s\n", path, strerror(errno));
            status = 1;
        }
    }
    jw_free(&pr.doc);
    jw_free(&pr.scenario);
    free(list);
    free(path);
    return status;
}
