/* build/tsan/threads: the library in four threads at once, under ThreadSanitizer (make test-threads).
 *
 *   threads RIG.json...
 *
 * Each of four threads reads every rig itself and writes its dump (`--skin all --samples 5`, into
 * memory), two threads with the current readings and two under rule readings (math.trig=libm;
 * bone.deg-rad=math-pi with path.curve-parameter=arc-length), all at the same time; every dump must equal,
 * byte for byte, the one the same reading gave when the rigs were posed one after another in one thread
 * first. A reading that leaked from one thread into another, or any shared writable state, shows as a
 * differing dump (or as ThreadSanitizer's report, which fails the run). Exit 0 when every dump agrees. */
#include "posecore.h"
#include "dump/dump.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 4 };

/* The readings of each thread: none, none, and two of the ledger's alternatives. */
static const char *const thread_rules[THREADS][2] = {
    { NULL, NULL },
    { "math.trig=libm", NULL },
    { NULL, NULL },
    { "bone.deg-rad=math-pi", "path.curve-parameter=arc-length" },
};

typedef struct job {
    int reading;        /* index into thread_rules */
    int rig_count;
    char **rigs;
    char **dumps;       /* the dump text of each rig (or the error line) */
} job;

static char *dump_rig(const char *path, const pc_readings *readings)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return NULL;
    pc_error err;
    pc_skeleton_data *data = pc_read_file(path, readings, &err);
    if (data) {
        pc_dump_options opt = { .skin = "all", .samples = 5 };
        if (pc_dump_write(mem, path, data, &opt, &err) != PC_OK) fprintf(mem, "error: %s\n", err.message);
        pc_skeleton_data_free(data);
    } else {
        fprintf(mem, "error: %s\n", err.message);
    }
    fclose(mem);
    return text;
}

static void *run(void *arg)
{
    job *j = arg;
    pc_readings *readings = pc_readings_new();
    char msg[256];
    for (int k = 0; k < 2; k++)
        if (thread_rules[j->reading][k] && pc_readings_select(readings, thread_rules[j->reading][k], msg, sizeof msg)) {
            fprintf(stderr, "threads: %s\n", msg);
            exit(2);
        }
    for (int i = 0; i < j->rig_count; i++) j->dumps[i] = dump_rig(j->rigs[i], readings);
    pc_readings_free(readings);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: threads RIG.json...\n");
        return 2;
    }
    job alone[THREADS], together[THREADS];
    for (int t = 0; t < THREADS; t++) {
        alone[t] = (job){ t, argc - 1, argv + 1, calloc((size_t)argc, sizeof(char *)) };
        together[t] = (job){ t, argc - 1, argv + 1, calloc((size_t)argc, sizeof(char *)) };
    }
    for (int t = 0; t < THREADS; t++) run(&alone[t]);
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++)
        if (pthread_create(&threads[t], NULL, run, &together[t]) != 0) {
            fprintf(stderr, "threads: cannot start a thread\n");
            return 2;
        }
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    int same = 0, differ = 0, readings_differ = 0;
    for (int i = 0; i < argc - 1; i++) {
        for (int t = 0; t < THREADS; t++) {
            const char *a = alone[t].dumps[i], *b = together[t].dumps[i];
            if (a && b && strcmp(a, b) == 0) {
                same++;
            } else {
                differ++;
                fprintf(stderr, "threads: %s under reading %d: the dump posed beside three other threads differs\n",
                        argv[i + 1], t);
            }
        }
        /* The readings must show: an alternative that changes nothing on every rig would prove nothing. */
        if (alone[1].dumps[i] && alone[0].dumps[i] && strcmp(alone[1].dumps[i], alone[0].dumps[i]) != 0) readings_differ++;
    }
    printf("threads: %d rigs x %d threads: %d dumps identical to the single-threaded ones, %d differ; "
           "math.trig=libm changes %d of the rigs' dumps\n", argc - 1, THREADS, same, differ, readings_differ);
    for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < argc - 1; i++) {
            free(alone[t].dumps[i]);
            free(together[t].dumps[i]);
        }
        free(alone[t].dumps);
        free(together[t].dumps);
    }
    return differ == 0 && readings_differ > 0 ? 0 : 1;
}
