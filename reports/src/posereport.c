/* build/bin/posereport: the diff report for triage (reports/README.md). It gathers the cases of the
 * sources asked for, poses what needs posing, judges each case as the gate does, and writes the page
 * (index.html), its Markdown twin (report.md), a JSON copy (report.json), a picture per failing pose
 * (pictures/) and copies of each failing case with both dumps (cases/).
 *
 *   posereport [--out DIR] [--corpus DIR | --no-corpus] [--case NAME]... [--rigs DIR]
 *              [--probes DIR | --no-probes] [--rule NAME=READING]... [--posecore PATH]
 *              [--max-pictures N] [--max-detailed N] [--group-cases N]
 *
 * Sources: the corpus (each case of DIR/cases posed by the core, compared with its stored dump in
 * DIR/dumps, options from NAME.args or the gate's default; a stored refusal NAME.refused passes when the
 * core refuses the case too); the rigs (each *.json of DIR posed by the core with the gate's two option
 * sets, and by the oracle when the core wrote a whole dump, even one declared unsupported); the probe
 * misses (each LABEL directory of reports/probes: its counts from summary.txt, each kept miss with its
 * stored oracle and core dumps). Exit 0 when the report is written, whatever it found; 2 otherwise. */
#include "evaluate.h"
#include "files.h"
#include "gate_options.h"
#include "oracle.h"
#include "report.h"
#include "spawn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct options {
    const char *out, *corpus, *rigs, *probes, *posecore;
    const char **cases;
    size_t case_count;
    const char **rules;
    size_t rule_count;
    size_t max_pictures, max_detailed, group_cases;
};

struct run {
    struct report *r;
    const struct options *o;
    const struct gate_options *gate;
    struct eval_options eo;
    char *work;            /* a temporary directory */
    struct oracle oracle;  /* started when first needed */
    bool oracle_started, oracle_failed;
};

static int usage(const char *why)
{
    fprintf(stderr,
            "posereport: %s\n"
            "usage: posereport [--out DIR] [--corpus DIR | --no-corpus] [--case NAME]... [--rigs DIR]\n"
            "                  [--probes DIR | --no-probes] [--rule NAME=READING]... [--posecore PATH]\n"
            "                  [--max-pictures N] [--max-detailed N] [--group-cases N]\n",
            why);
    return 2;
}

/* Splits an options line on blanks into a new argv (the strings point into a copy kept in *store). */
static char **split_args(const char *line, int *argc, char **store)
{
    *store = str_dup(line ? line : "");
    size_t n = 0;
    char **argv = calloc(strlen(*store) / 2 + 2, sizeof *argv);
    for (char *tok = strtok(*store, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) argv[n++] = tok;
    *argc = (int)n;
    return argv;
}

/* Runs `posecore dump CASE OPTIONS [--rule R]...` into work/core.dump and work/core.err. */
static int run_core(struct run *run, const char *case_path, const char *args)
{
    int argc;
    char *store;
    char **opts = split_args(args, &argc, &store);
    size_t n = 0;
    char **argv = calloc((size_t)argc + 2 * run->o->rule_count + 4, sizeof *argv);
    argv[n++] = (char *)run->o->posecore;
    argv[n++] = "dump";
    argv[n++] = (char *)case_path;
    for (int i = 0; i < argc; i++) argv[n++] = opts[i];
    for (size_t i = 0; i < run->o->rule_count; i++) {
        argv[n++] = "--rule";
        argv[n++] = (char *)run->o->rules[i];
    }
    char *out = str_fmt("%s/core.dump", run->work), *err = str_fmt("%s/core.err", run->work);
    int status = spawn_wait(argv, out, err, 120);
    free(out);
    free(err);
    free(argv);
    free(opts);
    free(store);
    return status;
}

/* The sha256 of a file, as sha256sum prints it (NULL when it cannot). */
static char *sha256_of(struct run *run, const char *path)
{
    char *out = str_fmt("%s/sha256.txt", run->work);
    char *argv[] = { "sha256sum", "--", (char *)path, NULL };
    char *line = spawn_wait(argv, out, NULL, 60) == 0 ? file_first_line(out) : NULL;
    free(out);
    if (line) line[strcspn(line, " ")] = '\0';
    return line;
}

/* The stored dump's meta sha256 (NULL when it has none). */
static char *stored_sha256(const char *dump)
{
    char *text = file_read(dump, NULL);
    if (!text) return NULL;
    const char *key = "\nmeta\t\"sha256\"\t\"";
    char *at = strstr(text, key), *out = NULL;
    if (at) {
        at += strlen(key);
        size_t n = strcspn(at, "\"\n");
        out = str_fmt("%.*s", (int)n, at);
    }
    free(text);
    return out;
}

/* A field of a stored refusal (corpus/dumps/NAME.refused: lines `KEY VALUE`), or NULL. */
static char *refused_field(const char *path, const char *key)
{
    char *text = file_read(path, NULL), *out = NULL;
    size_t kl = strlen(key);
    for (char *line = text; line && *line && !out;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = '\0';
        if (strncmp(line, key, kl) == 0 && line[kl] == ' ') out = str_dup(line + kl + 1);
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return out;
}

static void run_corpus(struct run *run)
{
    const struct options *o = run->o;
    char *cases_dir = str_fmt("%s/cases", o->corpus);
    size_t n;
    char **names = dir_names(cases_dir, ".json", false, &n);
    if (!names) {
        fprintf(stderr, "posereport: cannot read %s\n", cases_dir);
        free(cases_dir);
        return;
    }
    size_t source = report_add_source(run->r, "corpus", "each stored case posed by the core, compared with its stored spine-core dump", false);
    for (size_t i = 0; i < n; i++) {
        char *base = str_fmt("%.*s", (int)(strlen(names[i]) - 5), names[i]);
        if (o->case_count) {
            bool wanted = false;
            for (size_t k = 0; k < o->case_count; k++) {
                size_t l = strlen(o->cases[k]);
                if (l > 5 && strcmp(o->cases[k] + l - 5, ".json") == 0) l -= 5;
                wanted |= strlen(base) == l && strncmp(o->cases[k], base, l) == 0;
            }
            if (!wanted) {
                free(base);
                continue;
            }
        }
        char *json = str_fmt("%s/%s", cases_dir, names[i]);
        char *args_path = str_fmt("%s/%s.args", cases_dir, base);
        char *args = file_exists(args_path) ? file_first_line(args_path) : str_dup(run->gate->case_args);
        char *dump = str_fmt("%s/dumps/%s.dump", o->corpus, base);
        char *name = str_fmt("cases/%s", base);
        char *core_dump = str_fmt("%s/core.dump", run->work), *core_err = str_fmt("%s/core.err", run->work);
        struct case_input in = { .source = source, .name = name, .case_path = json, .args = args,
                                 .core_dump = core_dump, .core_err = core_err };
        char *message = NULL, *refusal = NULL;
        char *refused = str_fmt("%s/dumps/%s.refused", o->corpus, base);
        if (!file_exists(dump) && file_exists(refused)) {
            /* spine-core refuses the case: its stored refusal (sha256, message) stands for the dump. */
            char *want = refused_field(refused, "sha256"), *have = sha256_of(run, json);
            if (!want || !have || strcmp(want, have) != 0) message = str_dup("the stored refusal is stale; run make corpus-refresh");
            else refusal = refused_field(refused, "message");
            if (!message && !refusal) refusal = str_dup("-");
            free(want);
            free(have);
        } else if (!file_exists(dump)) {
            message = str_fmt("no stored dump %s", dump);
        } else {
            char *want = stored_sha256(dump), *have = sha256_of(run, json);
            if (!want || !have || strcmp(want, have) != 0)
                message = str_fmt("the stored dump is stale (sha256 %s, case %s); run make corpus-refresh",
                                  want ? want : "none", have ? have : "unknown");
            else in.oracle_dump = dump;
            free(want);
            free(have);
        }
        /* Without a stored dump to compare with, the case fails before the core runs (as in the gate). */
        in.failure = message;
        in.refusal = refusal;
        if (!message) in.core_status = run_core(run, json, args);
        evaluate_case(run->r, &in, &run->eo);
        free(message);
        free(refusal);
        free(refused);
        free(json);
        free(args_path);
        free(args);
        free(dump);
        free(name);
        free(base);
        free(core_dump);
        free(core_err);
    }
    names_free(names);
    free(cases_dir);
}

static bool ensure_oracle(struct run *run)
{
    if (run->oracle_started) return true;
    if (run->oracle_failed) return false;
    char msg[300];
    if (!oracle_start(&run->oracle, getenv("NODE"), "oracle/pose_oracle.mjs", msg, sizeof msg)) {
        fprintf(stderr, "posereport: %s\n", msg);
        run->oracle_failed = true;
        return false;
    }
    run->oracle_started = true;
    return true;
}

static void run_rigs(struct run *run)
{
    size_t n;
    char **names = dir_names(run->o->rigs, ".json", false, &n);
    if (!names) {
        fprintf(stderr, "posereport: cannot read %s\n", run->o->rigs);
        return;
    }
    size_t source = report_add_source(run->r, "rigs", "each real rig posed live by the core and (when the core poses it) by the oracle", false);
    for (size_t i = 0; i < n; i++) {
        char *json = str_fmt("%s/%s", run->o->rigs, names[i]);
        for (size_t k = 0; k < run->gate->rig_count; k++) {
            /* Named as the gate names it: the options after the common `--skin all --physics none`. */
            char *rig_args = gate_rig_args(run->gate->rig_args[k], run->o->rigs, names[i]);
            if (!rig_args) continue; /* no atlas for this rig */
            const char *args = rig_args, *common = "--skin all --physics none ";
            const char *short_args = strncmp(args, common, strlen(common)) == 0 ? args + strlen(common) : args;
            char *name = str_fmt("rigs/%.*s %s", (int)(strlen(names[i]) - 5), names[i], short_args);
            char *core_dump = str_fmt("%s/core.dump", run->work), *core_err = str_fmt("%s/core.err", run->work);
            char *oracle_out = str_fmt("%s/oracle.dump", run->work);
            struct case_input in = { .source = source, .name = name, .case_path = json, .args = args,
                                     .core_dump = core_dump, .core_err = core_err };
            in.core_status = run_core(run, json, args);
            char msg[1200];
            if (in.core_status != 3 || dump_is_complete(core_dump)) {
                if (!ensure_oracle(run)) {
                    in.oracle_message = "the oracle could not be started";
                } else {
                    int argc;
                    char *store;
                    char **argv = split_args(args, &argc, &store);
                    remove(oracle_out);
                    enum oracle_answer a = oracle_dump(&run->oracle, json, oracle_out, argc, argv, msg, sizeof msg);
                    free(argv);
                    free(store);
                    if (a == ORACLE_POSED) in.oracle_dump = oracle_out;
                    else in.oracle_message = msg;
                    in.oracle_unsupported = a == ORACLE_UNREPRESENTABLE;
                    if (a == ORACLE_GONE) {
                        oracle_stop(&run->oracle);
                        run->oracle_started = false;
                        run->oracle_failed = true;
                    }
                }
            }
            evaluate_case(run->r, &in, &run->eo);
            free(name);
            free(rig_args);
            free(core_dump);
            free(core_err);
            free(oracle_out);
        }
        free(json);
    }
    names_free(names);
}

/* "LABEL: E exact of N (M missed, U unsupported)" */
static bool parse_probe_summary(const char *line, size_t *n, size_t *exact, size_t *missed, size_t *unsupported)
{
    const char *p = strstr(line, ": ");
    if (!p) return false;
    *unsupported = 0;
    if (sscanf(p + 2, "%zu exact of %zu (%zu missed", exact, n, missed) != 3) return false;
    const char *u = strstr(p, " missed, ");
    if (u) sscanf(u + 9, "%zu unsupported", unsupported);
    return true;
}

static void run_probes(struct run *run)
{
    size_t nd;
    char **dirs = dir_names(run->o->probes, "", true, &nd);
    if (!dirs) return; /* no probe run kept anything */
    for (size_t d = 0; d < nd; d++) {
        char *dir = str_fmt("%s/%s", run->o->probes, dirs[d]);
        char *summary = str_fmt("%s/summary.txt", dir);
        char *line = file_first_line(summary);
        size_t n = 0, exact = 0, missed = 0, unsupported = 0;
        bool counted = line && parse_probe_summary(line, &n, &exact, &missed, &unsupported);
        bool alternative = strchr(dirs[d], '+') != NULL;
        char *source_name = str_fmt("probes %s", dirs[d]);
        char *note = alternative ? str_fmt("misses of a rule's rejected reading (expected; not in the totals): %s", line ? line : "")
                                 : str_fmt("kept misses of a probe run: %s", line ? line : "no summary.txt");
        size_t source = report_add_source(run->r, source_name, note, alternative);
        size_t nj;
        char **jsons = dir_names(dir, ".json", false, &nj);
        for (size_t i = 0; jsons && i < nj; i++) {
            char *base = str_fmt("%.*s", (int)(strlen(jsons[i]) - 5), jsons[i]);
            char *json = str_fmt("%s/%s", dir, jsons[i]);
            char *args_path = str_fmt("%s/%s.args", dir, base);
            char *args = file_exists(args_path) ? file_first_line(args_path) : str_dup(run->gate->case_args);
            char *od = str_fmt("%s/%s.oracle.dump", dir, base);
            char *cd = str_fmt("%s/%s.core.dump", dir, base), *ce = str_fmt("%s/%s.core.err", dir, base);
            char *df = str_fmt("%s/%s.diff", dir, base);
            char *name = str_fmt("%s/%s", dirs[d], base);
            struct case_input in = { .source = source, .name = name, .case_path = json, .args = args,
                                     .core_dump = cd, .core_err = ce };
            /* The probe run kept its own account of a miss without two dumps: the first line of NAME.diff. */
            size_t len = 0;
            char *core_text = file_read(cd, &len);
            bool core_posed = core_text && len > 0;
            free(core_text);
            char *failure = NULL;
            if (file_exists(od)) in.oracle_dump = od;
            if (!in.oracle_dump || !core_posed) {
                failure = file_first_line(df);
                if (!failure || !*failure) {
                    free(failure);
                    failure = str_dup(in.oracle_dump ? "the core gave no dump" : "the oracle gave no dump");
                }
                in.failure = failure;
            }
            evaluate_case(run->r, &in, &run->eo);
            free(failure);
            free(base);
            free(json);
            free(args_path);
            free(args);
            free(od);
            free(cd);
            free(ce);
            free(df);
            free(name);
        }
        /* The population's counts replace the misses' own (the exact probes were not kept). */
        struct rsource *s = &run->r->sources[source];
        if (counted) {
            s->cases = n;
            s->passed = exact;
            s->unsupported = unsupported;
            s->failed = missed;
        }
        names_free(jsons);
        free(source_name);
        free(note);
        free(line);
        free(summary);
        free(dir);
    }
    names_free(dirs);
}

static bool parse_count(const char *s, size_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end) return false;
    *out = (size_t)v;
    return true;
}

static void clean_out(const char *out)
{
    const char *old[] = { "index.html", "report.md", "report.json", "pictures", "cases" };
    for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
        char *p = str_fmt("%s/%s", out, old[i]);
        tree_remove(p);
        free(p);
    }
}

int main(int argc, char **argv)
{
    struct options o = { .out = "reports/latest", .corpus = "corpus", .probes = "reports/probes",
                         .posecore = "build/bin/posecore", .max_pictures = 6, .max_detailed = 40,
                         .group_cases = 3 };
    o.cases = calloc((size_t)argc, sizeof *o.cases);
    o.rules = calloc((size_t)argc, sizeof *o.rules);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = true;
        if (strcmp(a, "--no-corpus") == 0) o.corpus = NULL, takes = false;
        else if (strcmp(a, "--no-probes") == 0) o.probes = NULL, takes = false;
        else if (!v) return usage(str_fmt("%s needs a value", a));
        else if (strcmp(a, "--out") == 0) o.out = v;
        else if (strcmp(a, "--corpus") == 0) o.corpus = v;
        else if (strcmp(a, "--case") == 0) o.cases[o.case_count++] = v;
        else if (strcmp(a, "--rigs") == 0) o.rigs = v;
        else if (strcmp(a, "--probes") == 0) o.probes = v;
        else if (strcmp(a, "--rule") == 0) o.rules[o.rule_count++] = v;
        else if (strcmp(a, "--posecore") == 0) o.posecore = v;
        else if (strcmp(a, "--max-pictures") == 0) {
            if (!parse_count(v, &o.max_pictures)) return usage("--max-pictures wants a whole number");
        } else if (strcmp(a, "--group-cases") == 0) {
            if (!parse_count(v, &o.group_cases)) return usage("--group-cases wants a whole number");
        } else if (strcmp(a, "--max-detailed") == 0) {
            if (!parse_count(v, &o.max_detailed)) return usage("--max-detailed wants a whole number");
        } else return usage(str_fmt("unknown argument %s", a));
        if (takes) i++;
    }
    if (access(o.posecore, X_OK) != 0 && (o.corpus || o.rigs))
        return usage(str_fmt("%s is missing: run make", o.posecore));
    struct gate_options gate = { 0 };
    if ((o.corpus || o.rigs || o.probes) && !gate_options_read("posereport", GATE_OPTIONS_FILE, &gate)) return 2;

    char tmpl[] = "/tmp/posereport.XXXXXX";
    char *work = mkdtemp(tmpl);
    char *pictures = str_fmt("%s/pictures", o.out);
    if (!work || !dir_make(o.out)) {
        fprintf(stderr, "posereport: cannot make %s\n", work ? o.out : "a temporary directory");
        return 2;
    }
    clean_out(o.out);
    dir_make(pictures);

    struct report r = { 0 };
    r.max_detailed = o.max_detailed;
    time_t now = time(NULL);
    char when[64];
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    r.generated = str_fmt("%s by posereport", when);
    if (o.rule_count) {
        size_t len = 1;
        for (size_t i = 0; i < o.rule_count; i++) len += strlen(o.rules[i]) + 9;
        r.rules = calloc(len, 1);
        for (size_t i = 0; i < o.rule_count; i++) {
            strcat(r.rules, i ? " --rule " : "--rule ");
            strcat(r.rules, o.rules[i]);
        }
        r.title = str_fmt("posecore diff report (core run with %s)", r.rules);
    } else {
        r.title = str_dup("posecore diff report");
    }

    struct picture_groups groups = { 0 };
    struct run run = { .r = &r, .o = &o, .gate = &gate, .work = work,
                       .eo = { .out_dir = o.out, .max_pictures = o.max_pictures, .group_cases = o.group_cases,
                               .groups = &groups } };
    if (o.corpus) run_corpus(&run);
    if (o.rigs) run_rigs(&run);
    if (o.probes) run_probes(&run);
    if (run.oracle_started) oracle_stop(&run.oracle);
    report_totals(&r);
    picture_groups_free(&groups);
    char *shrunk = str_fmt("%s/shrunk", o.out);
    r.shrunk = dir_names(shrunk, ".shrunk.txt", false, NULL);
    free(shrunk);

    char *html = str_fmt("%s/index.html", o.out), *md = str_fmt("%s/report.md", o.out),
         *json = str_fmt("%s/report.json", o.out);
    FILE *fh = fopen(html, "w"), *fm = fopen(md, "w");
    int status = 0;
    if (!fh || !fm) {
        fprintf(stderr, "posereport: cannot write %s\n", fh ? md : html);
        status = 2;
    } else {
        report_write_html(fh, &r);
        report_write_markdown(fm, &r);
    }
    if ((fh && fclose(fh) != 0) || (fm && fclose(fm) != 0) || !report_write_json(json, &r)) {
        fprintf(stderr, "posereport: cannot write the report in %s\n", o.out);
        status = 2;
    }
    if (status == 0)
        printf("report: %s (%zu cases: %zu passed, %zu failed, %zu unsupported; %zu pictures)\n", html,
               r.total_cases, r.total_passed, r.total_failed, r.total_unsupported, r.pictures);
    free(html);
    free(md);
    free(json);
    free(pictures);
    report_free(&r);
    tree_remove(work);
    free(o.cases);
    free(o.rules);
    gate_options_free(&gate);
    return status;
}
