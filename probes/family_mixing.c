/* Family `mixing`: AnimationState as spine-core plays it (issue 22), random scripts in scenarios
 * (oracle/FORMAT.md "Scenarios: AnimationState and skins").
 *
 * Documents: the mixing documents of the timeline family (every timeline kind the core applies, a
 * constraint of each kind with their timelines, 2 to 4 animations; family_timeline.c). Script: the
 * setup pose; a state with a default mix (0, fractions) and now and then mix pairs (and the state's time
 * scale); then 10 to 60 frames (`updateState`, `applyState`, `update`, the world update, a pose; now and
 * then a setup pose first), their deltas 60, 144 or 30 Hz, jittered, now and then 0, long or negative;
 * between frames, at random, what a game does to a state: set or add an animation (or an empty one) on
 * tracks 0 to 3 (looped or not; add with positive, zero and negative delays), empty every track, clear
 * a track or all, and set the new entry's or a track's current entry's settings: alpha, additive,
 * reverse, shortestRotation, keepHold, timeScale, delay, trackEnd, animationStart/End/Last, mixDuration
 * (also through setMixDuration with a delay), mixInterpolation (pow, powOut of powers 2 to 5),
 * eventThreshold, mixAttachmentThreshold, alphaAttachmentThreshold, mixDrawOrderThreshold; reset the
 * rotation directions; set a skin or skins combined at run time (none, default, extra, both). Options:
 * the skin (none, all, default, extra). */
#include "probegen.h"

#include <stdio.h>

typedef struct script {
    prng *r;
    jw *w;
    const timeline_doc *d;
    bool entry_made;
} script;

static void number(jw *w, const char *key, double v)
{
    jw_number(w, key, v, JW_SHORTEST);
}

static void begin(script *s, const char *step)
{
    jw_object(s->w, NULL, false);
    jw_string(s->w, "do", step);
}

static void end(script *s)
{
    jw_end(s->w);
}

static void simple(script *s, const char *step)
{
    begin(s, step);
    end(s);
}

static const char *animation(script *s)
{
    return s->d->names[prng_int(s->r, 0, s->d->animations - 1)];
}

static int track(prng *r)
{
    int k = prng_int(r, 0, 99);
    return k < 55 ? 0 : k < 80 ? 1 : k < 93 ? 2 : 3;
}

static double fraction(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 20) return 0;
    if (k < 35) return 1;
    if (k < 45) return 0.5;
    return prng_int(r, 1, 99) / 100.0;
}

static double seconds(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 15) return 0;
    if (k < 30) return prng_int(r, 1, 30) / 30.0;
    return prng_unit(r) * 1.5;
}

static double delta(prng *r)
{
    int k = prng_int(r, 0, 99);
    if (k < 45) return 1 / 60.0;
    if (k < 60) return 1 / 144.0;
    if (k < 70) return 1 / 30.0;
    if (k < 88) return 1 / 60.0 * (0.5 + prng_unit(r));
    if (k < 92) return 0;
    if (k < 97) return 0.1 + prng_unit(r) * 0.6;
    return -prng_unit(r) * 0.02;
}

/* Settings of an entry: the latest made, or a track's current one. */
static void set_entry(script *s, bool on_track)
{
    prng *r = s->r;
    jw *w = s->w;
    static const char *const interpolations[7] = { "linear", "smooth", "slowFast", "fastSlow", "circle", "pow", "powOut" };
    begin(s, "setEntry");
    if (on_track) number(w, "track", track(r));
    if (prng_chance(r, 0.15)) jw_bool(w, "loop", prng_chance(r, 0.5));
    if (prng_chance(r, 0.2)) jw_bool(w, "additive", true);
    if (prng_chance(r, 0.1)) jw_bool(w, "reverse", true);
    if (prng_chance(r, 0.15)) jw_bool(w, "shortestRotation", true);
    if (prng_chance(r, 0.05)) jw_bool(w, "keepHold", true);
    if (prng_chance(r, 0.35)) number(w, "alpha", prng_chance(r, 0.1) ? 1 + prng_unit(r) * 0.5 : fraction(r));
    if (prng_chance(r, 0.15)) {
        int k = prng_int(r, 0, 4);
        number(w, "timeScale", k == 0 ? 0 : k == 1 ? 0.5 : k == 2 ? 2 : prng_unit(r) * 2);
    }
    if (prng_chance(r, 0.15)) number(w, "delay", seconds(r) * 0.5);
    if (prng_chance(r, 0.1)) number(w, "trackTime", seconds(r));
    if (prng_chance(r, 0.1)) number(w, "trackEnd", seconds(r));
    if (prng_chance(r, 0.1)) number(w, "animationStart", seconds(r) * 0.5);
    if (prng_chance(r, 0.1)) number(w, "animationEnd", seconds(r) * 1.5);
    if (prng_chance(r, 0.1)) number(w, "animationLast", prng_chance(r, 0.3) ? -1 : seconds(r));
    if (prng_chance(r, 0.3)) number(w, "mixDuration", prng_chance(r, 0.2) ? 0 : prng_unit(r) * 0.6);
    if (prng_chance(r, 0.03)) number(w, "mixTime", prng_unit(r) * 0.3);
    if (prng_chance(r, 0.2)) number(w, "eventThreshold", fraction(r));
    if (prng_chance(r, 0.2)) number(w, "mixAttachmentThreshold", fraction(r));
    if (prng_chance(r, 0.2)) number(w, "alphaAttachmentThreshold", fraction(r));
    if (prng_chance(r, 0.2)) number(w, "mixDrawOrderThreshold", fraction(r));
    if (prng_chance(r, 0.2)) {
        int k = prng_int(r, 0, 6);
        jw_string(w, "mixInterpolation", interpolations[k]);
        if (k >= 5 && prng_chance(r, 0.7)) number(w, "power", prng_int(r, 2, 5));
    }
    end(s);
}

/* One thing a game does to the state between frames. */
static void action(script *s)
{
    prng *r = s->r;
    jw *w = s->w;
    int k = prng_int(r, 0, 99);
    if (k < 30) {
        begin(s, "setAnimation");
        number(w, "track", track(r));
        jw_string(w, "animation", animation(s));
        if (prng_chance(r, 0.7)) jw_bool(w, "loop", prng_chance(r, 0.7));
        end(s);
        s->entry_made = true;
    } else if (k < 52) {
        begin(s, "addAnimation");
        number(w, "track", track(r));
        jw_string(w, "animation", animation(s));
        if (prng_chance(r, 0.7)) jw_bool(w, "loop", prng_chance(r, 0.5));
        int d = prng_int(r, 0, 2);
        if (prng_chance(r, 0.8)) number(w, "delay", d == 0 ? 0 : d == 1 ? seconds(r) * 0.5 : -seconds(r) * 0.3);
        end(s);
        s->entry_made = true;
    } else if (k < 60) {
        bool add = prng_chance(r, 0.5);
        begin(s, add ? "addEmptyAnimation" : "setEmptyAnimation");
        number(w, "track", track(r));
        if (prng_chance(r, 0.8)) number(w, "mixDuration", prng_unit(r) * 0.5);
        if (add && prng_chance(r, 0.6)) number(w, "delay", prng_chance(r, 0.5) ? 0 : prng_unit(r) * 0.5 - 0.2);
        end(s);
        s->entry_made = true;
    } else if (k < 63) {
        begin(s, "setEmptyAnimations");
        if (prng_chance(r, 0.7)) number(w, "mixDuration", prng_unit(r) * 0.4);
        end(s);
    } else if (k < 66) {
        begin(s, "clearTrack");
        number(w, "track", track(r));
        end(s);
    } else if (k < 67) {
        simple(s, "clearTracks");
    } else if (k < 82) {
        if (s->entry_made) set_entry(s, false);
    } else if (k < 85) {
        if (s->entry_made) {
            begin(s, "setMixDuration");
            number(w, "mixDuration", prng_unit(r) * 0.5);
            if (prng_chance(r, 0.6)) number(w, "delay", prng_chance(r, 0.5) ? 0 : prng_unit(r) * 0.4 - 0.2);
            end(s);
        }
    } else if (k < 88) {
        if (s->entry_made) simple(s, "resetRotationDirections");
    } else if (k < 91) {
        begin(s, "setTimeScale");
        number(w, "timeScale", prng_chance(r, 0.5) ? 1 : prng_unit(r) * 2);
        end(s);
    } else if (k < 94) {
        begin(s, "setDefaultMix");
        number(w, "duration", prng_unit(r) * 0.5);
        end(s);
    } else if (k < 97) {
        begin(s, "setSkin");
        int which = prng_int(r, 0, 2);
        if (which == 0) jw_raw(w, "skin", "null");
        else jw_string(w, "skin", which == 2 && s->d->extra ? "extra" : "default");
        end(s);
    } else {
        begin(s, "setSkins");
        jw_array(w, "skins", false);
        if (prng_chance(r, 0.8)) jw_string(w, NULL, "default");
        if (s->d->extra && prng_chance(r, 0.7)) jw_string(w, NULL, "extra");
        jw_end(w);
        end(s);
    }
}

static void frame(script *s)
{
    prng *r = s->r;
    double dt = delta(r);
    begin(s, "updateState");
    number(s->w, "delta", dt);
    end(s);
    if (prng_chance(r, 0.15)) simple(s, "setupPose");
    simple(s, "applyState");
    begin(s, "update");
    number(s->w, "delta", dt);
    end(s);
    begin(s, "updateWorldTransform");
    jw_string(s->w, "physics", "none");
    end(s);
    simple(s, "pose");
}

bool probe_mixing(const probe_params *p, probe *out)
{
    prng r = prng_stream(p->seed, prng_hash("mixing"), (uint64_t)p->index);
    timeline_doc d;
    if (!timeline_document(p, &r, &out->doc, "mixing", true, &d)) return false;

    script s = { &r, &out->scenario, &d, false };
    jw *w = s.w;
    out->has_scenario = true;
    jw_object(w, NULL, true);
    number(w, "scenario", 1);
    jw_array(w, "steps", true);
    simple(&s, "setupPose");
    begin(&s, "updateWorldTransform");
    jw_string(w, "physics", "none");
    end(&s);
    simple(&s, "pose");
    begin(&s, "newState");
    number(w, "defaultMix", prng_chance(&r, 0.3) ? 0 : prng_unit(&r) * 0.5);
    end(&s);
    int pairs = prng_int(&r, 0, 2);
    for (int i = 0; i < pairs; i++) {
        begin(&s, "setMix");
        jw_string(w, "from", animation(&s));
        jw_string(w, "to", animation(&s));
        number(w, "duration", prng_unit(&r) * 0.5);
        end(&s);
    }
    /* Something on track 0 from the start, mostly. */
    if (prng_chance(&r, 0.85)) {
        begin(&s, "setAnimation");
        number(w, "track", 0);
        jw_string(w, "animation", animation(&s));
        jw_bool(w, "loop", prng_chance(&r, 0.7));
        end(&s);
        s.entry_made = true;
    }
    int frames = prng_int(&r, 10, 60);
    for (int f = 0; f < frames; f++) {
        int actions = prng_chance(&r, 0.7) ? 0 : prng_int(&r, 1, 3);
        for (int a = 0; a < actions; a++) action(&s);
        frame(&s);
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
