/* Family `apply`: Animation.apply with its whole signature (issue 22), animations applied on top of each
 * other in scenarios (oracle/FORMAT.md "Scenarios").
 *
 * Documents: the mixing documents of the timeline family (every timeline kind the core applies, a
 * constraint of each kind with their timelines, 2 to 4 animations; family_timeline.c). Scenario: the
 * setup pose, then 2 to 8 poses, each now and then from a new setup pose and after the skeleton's time
 * moved (update by a delta), of one to four applies of random animations: the time (0 to 3 s, now and
 * then negative, or the skeleton's), the last time (now and then given: before, after, equal, -1),
 * looped or not, alpha (1, 0, fractions, negative, above 1), MixFrom (setup, current, first), add, out,
 * appliedPose (onto the applied poses, now and then after the world update, where the dump shows them);
 * then the world update (Physics.none) and the pose. Options: the skin (none, all, default, extra). */
#include "probegen.h"

#include <stdio.h>

static void number(jw *w, const char *key, double v)
{
    jw_number(w, key, v, JW_SHORTEST);
}

static double draw_alpha(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 30) return 1;
    if (k < 40) return 0;
    if (k < 85) return prng_int(r, 1, 99) / 100.0;
    if (k < 92) return -prng_int(r, 1, 100) / 100.0;
    return 1 + prng_int(r, 1, 100) / 100.0;
}

static double draw_time(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 10) return 0;
    if (k < 15) return -prng_unit(r) * 0.3;
    if (k < 25) return prng_int(r, 0, 90) / 30.0;
    return prng_unit(r) * 3;
}

static void apply_step(prng *r, jw *w, const timeline_doc *d, bool applied_after)
{
    static const char *const froms[3] = { "setup", "current", "first" };
    jw_object(w, NULL, false);
    jw_string(w, "do", "apply");
    jw_string(w, "animation", d->names[prng_int(r, 0, d->animations - 1)]);
    if (prng_chance(r, 0.8)) number(w, "time", draw_time(r));
    if (prng_chance(r, 0.3)) number(w, "lastTime", prng_chance(r, 0.3) ? -1 : draw_time(r));
    if (prng_chance(r, 0.6)) jw_bool(w, "loop", prng_chance(r, 0.5));
    if (prng_chance(r, 0.8)) number(w, "alpha", draw_alpha(r));
    if (prng_chance(r, 0.8)) jw_string(w, "from", froms[prng_int(r, 0, 2)]);
    if (prng_chance(r, 0.35)) jw_bool(w, "add", true);
    if (prng_chance(r, 0.3)) jw_bool(w, "out", true);
    if (applied_after || prng_chance(r, 0.1)) jw_bool(w, "appliedPose", true);
    jw_end(w);
}

static void simple_step(jw *w, const char *name)
{
    jw_object(w, NULL, false);
    jw_string(w, "do", name);
    jw_end(w);
}

static void world_step(jw *w)
{
    jw_object(w, NULL, false);
    jw_string(w, "do", "updateWorldTransform");
    jw_string(w, "physics", "none");
    jw_end(w);
}

bool probe_apply(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("apply"), (uint64_t)p->index);
    timeline_doc d;
    if (!timeline_document(p, &r, &out->doc, "apply", true, &d)) return false;

    jw *w = &out->scenario;
    out->has_scenario = true;
    jw_object(w, NULL, true);
    number(w, "scenario", 1);
    jw_array(w, "steps", true);
    simple_step(w, "setupPose");
    world_step(w);
    simple_step(w, "pose");
    int poses = prng_int(&r, 2, 8);
    for (int k = 0; k < poses; k++) {
        if (prng_chance(&r, 0.6)) simple_step(w, "setupPose");
        if (prng_chance(&r, 0.4)) {
            jw_object(w, NULL, false);
            jw_string(w, "do", "update");
            number(w, "delta", prng_chance(&r, 0.2) ? -prng_unit(&r) * 0.1 : prng_unit(&r) * 0.5);
            jw_end(w);
        }
        int applies = prng_int(&r, 1, 4);
        for (int a = 0; a < applies; a++) apply_step(&r, w, &d, false);
        world_step(w);
        if (prng_chance(&r, 0.15)) apply_step(&r, w, &d, true);
        simple_step(w, "pose");
    }
    jw_end(w);
    jw_end(w);

    int k = prng_int(&r, 0, 99);
    const char *skin = k < 25 ? "none" : k < 65 ? "all" : k < 90 || !d.extra ? "default" : "extra";
    char name[96];
    probe_name(p, name, sizeof name);
    snprintf(out->args, sizeof out->args, "--skin %s --scenario %s.scenario.json", skin, name);
    return !out->doc.failed && !w->failed;
}
