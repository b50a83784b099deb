/* build/bin/poseshrink: shrinks a failing skeleton document to a small one that still fails the same
 * way: the same kind, block and field of the first difference between the oracle's dump and the
 * core's (reports/README.md, "Shrinking").
 *
 *   poseshrink CASE.json [--args "OPTIONS"] [--rule NAME=READING]... [--out FILE.shrunk.json]
 *              [--posecore PATH] [--max-tests N] [--quiet]
 *
 * OPTIONS are the dump options (default: CASE's sibling NAME.args, else the gate's default); the rule
 * defaults to the READING of a directory named LABEL+RULE=READING (a probe run's kept misses). Each
 * candidate is written to a temporary file, posed by the core (`posecore dump`, with the --rule
 * options) and, when the core poses it, by the oracle (one `pose_oracle.mjs batch` process for the
 * whole run), and the two dumps compared with the differ library. Edits, repeated until a round changes
 * nothing: remove runs of bones (children reparented) by halving chunks, then whole subtrees; remove runs
 * of members and elements anywhere (slots, skins, animations, timelines, keys, fields); make numbers
 * simpler (0, 1, fewer digits). Writes FILE.shrunk.json (default reports/latest/shrunk/NAME.shrunk.json),
 * FILE.shrunk.args (the options) and FILE.shrunk.txt (what was kept, sizes before and after).
 * Exit 0 shrunk; 1 the case does not fail (nothing to keep); 2 usage or tool errors. */
#include "dumpcmp/dumpdiff.h"
#include "dumpcmp/dumpread.h"
#include "files.h"
#include "findings.h"
#include "gate_options.h"
#include "jsonout.h"
#include "oracle.h"
#include "reduce.h"
#include "spawn.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct shrinker {
    const char *posecore;
    char **args;     /* dump options */
    int argc;
    const char **rules;
    size_t rule_count;
    char *work;      /* temporary directory */
    struct oracle oracle;
    char target[512];  /* the signature to keep */
    char first[1024];  /* the last accepted candidate's first difference (posediff's line) */
    json_t *doc;     /* the smallest failing document so far */
    size_t tests, max_tests;
    bool quiet;
};

/* The failure of a document: "KIND BLOCK FIELD", or a word for no comparable failure ("identical",
 * "unsupported", "oracle-refused", "core-exit-N"). first gets posediff's line for the first difference. */
static void judge(struct shrinker *s, const char *path, char *sig, size_t size, char *first, size_t fsize)
{
    snprintf(first, fsize, "-");
    char *cd = str_fmt("%s/cand.core.dump", s->work), *od = str_fmt("%s/cand.oracle.dump", s->work);
    size_t n = 0;
    char **argv = calloc((size_t)s->argc + 2 * s->rule_count + 4, sizeof *argv);
    argv[n++] = (char *)s->posecore;
    argv[n++] = "dump";
    argv[n++] = (char *)path;
    for (int i = 0; i < s->argc; i++) argv[n++] = s->args[i];
    for (size_t i = 0; i < s->rule_count; i++) {
        argv[n++] = "--rule";
        argv[n++] = (char *)s->rules[i];
    }
    int status = spawn_wait(argv, cd, NULL, 60);
    free(argv);
    if (status == 3) {
        snprintf(sig, size, "unsupported");
        goto done;
    }
    char msg[1200];
    remove(od);
    enum oracle_answer a = oracle_dump(&s->oracle, path, od, s->argc, s->args, msg, sizeof msg);
    if (a == ORACLE_GONE) {
        fprintf(stderr, "poseshrink: %s\n", msg);
        exit(2);
    }
    if (a != ORACLE_POSED) {
        snprintf(sig, size, a == ORACLE_REFUSED ? "oracle-refused" : "oracle-unrepresentable");
        goto done;
    }
    if (status != 0) {
        snprintf(sig, size, "core-exit-%d", status);
        goto done;
    }
    struct dump o, c;
    struct dump_error err;
    memset(&o, 0, sizeof o);
    memset(&c, 0, sizeof c);
    if (!dump_read_file(od, &o, &err) || !dump_read_file(cd, &c, &err)) {
        snprintf(sig, size, "unreadable");
    } else {
        struct diff_report r;
        diff_report_init(&r, 1);
        if (!dumpdiff_run(&o, &c, &r)) {
            snprintf(sig, size, "out-of-memory");
        } else {
            diff_signature(&r, sig, size);
            if (r.entry_count) {
                char *text = NULL;
                size_t len = 0;
                FILE *f = open_memstream(&text, &len);
                if (f) {
                    dumpdiff_print_entry(f, &r.entries[0]);
                    fclose(f);
                    text[strcspn(text, "\n")] = '\0';
                    snprintf(first, fsize, "%s", text);
                    free(text);
                }
            }
        }
        diff_report_free(&r);
    }
    dump_free(&o);
    dump_free(&c);
done:
    free(cd);
    free(od);
}

/* Whether cand fails as the original did; when it does, it becomes the document (cand is taken). */
static bool try_doc(struct shrinker *s, json_t *cand)
{
    if (!cand) return false;
    if (s->tests >= s->max_tests) {
        json_decref(cand);
        return false;
    }
    s->tests++;
    size_t len;
    char *text = json_text(cand, &len);
    char *path = str_fmt("%s/cand.json", s->work);
    bool ok = false;
    if (text && file_write(path, text, len)) {
        char sig[512], first[1024];
        judge(s, path, sig, sizeof sig, first, sizeof first);
        ok = strcmp(sig, s->target) == 0;
        if (ok) snprintf(s->first, sizeof s->first, "%s", first);
    }
    free(text);
    free(path);
    if (ok) {
        json_decref(s->doc);
        s->doc = cand;
    } else {
        json_decref(cand);
    }
    return ok;
}

static size_t doc_bytes(const json_t *doc)
{
    size_t len = 0;
    free(json_text(doc, &len));
    return len;
}

static void progress(struct shrinker *s, const char *what)
{
    if (s->quiet) return;
    printf("  %-28s %4zu bones, %7zu bytes (%zu tests)\n", what, reduce_bone_count(s->doc), doc_bytes(s->doc),
           s->tests);
    fflush(stdout);
}

/* Bones by halving chunks (children reparented), then whole subtrees. */
static bool pass_bones(struct shrinker *s)
{
    bool changed = false;
    size_t n = reduce_bone_count(s->doc);
    for (size_t chunk = n / 2 ? n / 2 : 1; chunk >= 1 && s->tests < s->max_tests; chunk /= 2) {
        bool progress_here = true;
        while (progress_here && s->tests < s->max_tests) {
            progress_here = false;
            for (size_t i = 0; i < reduce_bone_count(s->doc) && s->tests < s->max_tests;) {
                size_t count = reduce_bone_count(s->doc);
                bool *remove = calloc(count, sizeof *remove);
                for (size_t k = i; k < i + chunk && k < count; k++) remove[k] = true;
                bool ok = try_doc(s, reduce_remove_bones(s->doc, remove));
                free(remove);
                if (ok) progress_here = changed = true;
                else i += chunk;
            }
        }
        if (chunk == 1) break;
    }
    for (size_t i = 0; i < reduce_bone_count(s->doc) && s->tests < s->max_tests;) {
        size_t count = reduce_bone_count(s->doc);
        bool *remove = calloc(count, sizeof *remove);
        reduce_mark_subtree(s->doc, i, remove);
        bool ok = try_doc(s, reduce_remove_bones(s->doc, remove));
        free(remove);
        if (ok) changed = true;
        else i++;
    }
    if (changed) progress(s, "bones removed");
    return changed;
}

static size_t child_count(const json_t *v)
{
    return json_is_array(v) ? json_array_size(v) : json_is_object(v) ? json_object_size(v) : 0;
}

/* The i-th child's step (keys copied into store, which the caller frees). */
static bool child_step(const json_t *v, size_t i, struct jstep *step, char **store)
{
    *store = NULL;
    if (json_is_array(v)) {
        step->key = NULL;
        step->index = i;
        return i < json_array_size(v);
    }
    size_t k = 0;
    const char *key;
    json_t *m;
    json_object_foreach((json_t *)v, key, m)
    {
        if (k++ == i) {
            *store = str_dup(key);
            step->key = *store;
            return true;
        }
    }
    return false;
}

/* Members and elements: at each container, runs of its children by halving chunks, then the children
 * that are containers in turn. */
static bool pass_tree(struct shrinker *s, struct jpath *p)
{
    bool changed = false;
    json_t *node = jpath_get(s->doc, p);
    size_t n = child_count(node);
    if (n == 0) return false;
    for (size_t chunk = n / 2 ? n / 2 : 1; s->tests < s->max_tests; chunk /= 2) {
        for (size_t i = 0; i < child_count(jpath_get(s->doc, p)) && s->tests < s->max_tests;) {
            if (try_doc(s, reduce_remove_children(s->doc, p, i, chunk))) changed = true;
            else i += chunk;
        }
        if (chunk == 1) break;
    }
    if (p->depth + 1 >= sizeof p->steps / sizeof p->steps[0]) return changed;
    for (size_t i = 0; i < child_count(jpath_get(s->doc, p)) && s->tests < s->max_tests; i++) {
        char *store;
        if (!child_step(jpath_get(s->doc, p), i, &p->steps[p->depth], &store)) break;
        p->depth++;
        json_t *child = jpath_get(s->doc, p);
        if (json_is_object(child) || json_is_array(child)) changed |= pass_tree(s, p);
        p->depth--;
        free(store);
    }
    return changed;
}

/* Numbers: each one, the simplest replacement that keeps the failure. */
static bool pass_numbers(struct shrinker *s, struct jpath *p)
{
    bool changed = false;
    json_t *node = jpath_get(s->doc, p);
    if (json_is_number(node)) {
        double alts[24];
        size_t n = reduce_simpler_numbers(json_number_value(node), alts, 24);
        for (size_t k = 0; k < n && s->tests < s->max_tests; k++)
            if (try_doc(s, reduce_set_number(s->doc, p, alts[k]))) {
                changed = true;
                break;
            }
        return changed;
    }
    if (p->depth + 1 >= sizeof p->steps / sizeof p->steps[0]) return false;
    for (size_t i = 0; i < child_count(jpath_get(s->doc, p)) && s->tests < s->max_tests; i++) {
        char *store;
        if (!child_step(jpath_get(s->doc, p), i, &p->steps[p->depth], &store)) break;
        p->depth++;
        changed |= pass_numbers(s, p);
        p->depth--;
        free(store);
    }
    return changed;
}

static int usage(const char *why)
{
    fprintf(stderr,
            "poseshrink: %s\nusage: poseshrink CASE.json [--args \"OPTIONS\"] [--rule NAME=READING]... "
            "[--out FILE.shrunk.json]\n                  [--posecore PATH] [--max-tests N] [--quiet]\n",
            why);
    return 2;
}

static char *base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t len = strlen(b);
    if (len > 5 && strcmp(b + len - 5, ".json") == 0) len -= 5;
    return str_fmt("%.*s", (int)len, b);
}

int main(int argc, char **argv)
{
    struct shrinker s = { .posecore = "build/bin/posecore", .max_tests = 20000 };
    const char *case_path = NULL, *args_line = NULL, *out = NULL;
    s.rules = calloc((size_t)argc, sizeof *s.rules);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--quiet") == 0) {
            s.quiet = true;
            continue;
        }
        if (a[0] != '-') {
            if (case_path) return usage("one case at a time");
            case_path = a;
            continue;
        }
        if (!v) return usage(str_fmt("%s needs a value", a));
        if (strcmp(a, "--args") == 0) args_line = v;
        else if (strcmp(a, "--rule") == 0) s.rules[s.rule_count++] = v;
        else if (strcmp(a, "--out") == 0) out = v;
        else if (strcmp(a, "--posecore") == 0) s.posecore = v;
        else if (strcmp(a, "--max-tests") == 0) s.max_tests = strtoul(v, NULL, 10);
        else return usage(str_fmt("unknown option %s", a));
        i++;
    }
    if (!case_path) return usage("which case? (CASE=path/to/case.json)");
    if (access(s.posecore, X_OK) != 0) return usage(str_fmt("%s is missing: run make", s.posecore));

    /* The options: given, else the case's NAME.args, else the gate's default. */
    char *name = base_name(case_path);
    char *dir = str_dup(case_path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    else strcpy(dir, ".");
    char *sibling = str_fmt("%s/%s.args", dir, name);
    /* A miss kept under reports/probes/LABEL+RULE=READING/ was posed with that reading: by default, so
     * is its shrinking. */
    const char *label = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
    if (!s.rule_count && strchr(label, '+') && strchr(strchr(label, '+'), '=')) {
        s.rules[s.rule_count++] = strchr(label, '+') + 1;
        if (!s.quiet) printf("poseshrink: with --rule %s (from the directory's name)\n", s.rules[0]);
    }
    char *args_text;
    if (args_line) args_text = str_dup(args_line);
    else if (file_exists(sibling)) args_text = file_first_line(sibling);
    else {
        struct gate_options gate;
        if (!gate_options_read("poseshrink", GATE_OPTIONS_FILE, &gate)) return 2;
        args_text = str_dup(gate.case_args);
        gate_options_free(&gate);
    }
    char *args_store = str_dup(args_text);
    s.args = calloc(strlen(args_store) / 2 + 2, sizeof *s.args);
    for (char *t = strtok(args_store, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) s.args[s.argc++] = t;

    char *out_json = out ? str_dup(out) : str_fmt("reports/latest/shrunk/%s.shrunk.json", name);
    char *stem = str_dup(out_json);
    size_t sl = strlen(stem);
    if (sl > 5 && strcmp(stem + sl - 5, ".json") == 0) stem[sl - 5] = '\0';
    char *out_dir = str_dup(out_json);
    slash = strrchr(out_dir, '/');
    if (slash) {
        *slash = '\0';
        if (!dir_make(out_dir)) {
            fprintf(stderr, "poseshrink: cannot make %s\n", out_dir);
            return 2;
        }
    }

    json_error_t jerr;
    json_t *original = json_load_file(case_path, JSON_DECODE_INT_AS_REAL, &jerr);
    if (!original) {
        fprintf(stderr, "poseshrink: %s:%d: %s\n", case_path, jerr.line, jerr.text);
        return 2;
    }
    size_t before_bytes = 0;
    free(file_read(case_path, &before_bytes));
    size_t before_bones = reduce_bone_count(original);

    char tmpl[] = "/tmp/poseshrink.XXXXXX";
    s.work = mkdtemp(tmpl);
    char msg[300];
    if (!s.work || !oracle_start(&s.oracle, getenv("NODE"), "oracle/pose_oracle.mjs", msg, sizeof msg)) {
        fprintf(stderr, "poseshrink: %s\n", s.work ? msg : "cannot make a temporary directory");
        return 2;
    }
    time_t t0 = time(NULL);

    /* The original's failure, as posed from its own bytes, is the one to keep. */
    char first_before[1024];
    judge(&s, case_path, s.target, sizeof s.target, first_before, sizeof first_before);
    int status = 0;
    if (strchr(s.target, ' ') == NULL && strncmp(s.target, "core-exit-", 10) != 0) {
        printf("poseshrink: %s does not fail (%s): nothing to shrink\n", case_path, s.target);
        status = 1;
        goto end;
    }
    snprintf(s.first, sizeof s.first, "%s", first_before);
    if (!s.quiet) printf("poseshrink: %s (%s): keeping \"%s\"\n  %s\n", case_path, args_text, s.target, first_before);
    /* Rewritten by this tool, it must fail the same way (a document Jansson cannot keep as it is would
     * not). */
    s.doc = json_deep_copy(original);
    json_t *copy = json_deep_copy(original);
    s.tests = 0;
    if (!try_doc(&s, copy)) {
        fprintf(stderr, "poseshrink: %s fails differently once rewritten (as JSON by Jansson); not shrunk\n", case_path);
        status = 2;
        goto end;
    }
    progress(&s, "start");
    for (int round = 1; s.tests < s.max_tests; round++) {
        bool changed = pass_bones(&s);
        struct jpath p = { 0 };
        if (pass_tree(&s, &p)) {
            changed = true;
            progress(&s, "members removed");
        }
        p.depth = 0;
        if (pass_numbers(&s, &p)) {
            changed = true;
            progress(&s, "numbers simplified");
        }
        if (!changed) break;
    }

    size_t after_len;
    char *text = json_text(s.doc, &after_len);
    char *out_args = str_fmt("%s.args", stem), *out_txt = str_fmt("%s.txt", stem);
    char *args_file = str_fmt("%s\n", args_text);
    char rules[512] = "";
    for (size_t i = 0; i < s.rule_count; i++) {
        strncat(rules, " --rule ", sizeof rules - strlen(rules) - 1);
        strncat(rules, s.rules[i], sizeof rules - strlen(rules) - 1);
    }
    char *summary = str_fmt("shrunk %s\noptions: %s\ncore rules:%s\nfailure kept: %s (kind, block and field of the "
                            "first difference)\nbefore: %zu bones, %zu bytes: %s\nafter:  %zu bones, %zu bytes: %s\n"
                            "tests: %zu, %.0f s; written %s\n",
                            case_path, args_text, *rules ? rules : " none", s.target, before_bones, before_bytes,
                            first_before, reduce_bone_count(s.doc), after_len, s.first, s.tests,
                            difftime(time(NULL), t0), out_json);
    if (!text || !file_write(out_json, text, after_len) || !file_write(out_args, args_file, strlen(args_file)) ||
        !file_write(out_txt, summary, strlen(summary))) {
        fprintf(stderr, "poseshrink: cannot write %s\n", out_json);
        status = 2;
    } else {
        fputs(summary, stdout);
    }
    free(text);
    free(out_args);
    free(out_txt);
    free(args_file);
    free(summary);
end:
    oracle_stop(&s.oracle);
    tree_remove(s.work);
    json_decref(original);
    json_decref(s.doc);
    free(name);
    free(dir);
    free(sibling);
    free(args_text);
    free(args_store);
    free(s.args);
    free(out_json);
    free(stem);
    free(out_dir);
    free(s.rules);
    return status;
}
