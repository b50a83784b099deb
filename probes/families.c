/* The table of probe families (probegen.h): each generated family's function, and the planned ones
 * with the issue they land with. A new family is a probes/family_NAME.c with its generate function and
 * a line here (and its section in probes/README.md). */
#include "probegen.h"

#include <stdio.h>
#include <string.h>

/* Every family, generated or planned. A planned family lands with the issue that brings what it
 * measures into the core; until then it is refused as unsupported, or, when its generator is written
 * already, drawn on request but left out of CI. */
const probe_family probe_families[] = {
    { "bones", 0, 0,
      "bone trees at the setup pose: inherit modes, scales incl. 0 and negative, shears, reflections, "
      "deep chains, length 0, multiples of 90, non-float32, tiny and huge numbers, skin-required bones",
      probe_bones },
    { "path-grid", 0, 976, "one bone on two and three curves, open and closed, constant speed or not, "
      "percent and fixed, 61 positions each", probe_path_grid },
    { "path", 0, 0, "random path constraints over every mode, setting, mix and curve, weighted and "
      "unweighted, amplifier bones on each constrained bone", probe_path },
    { "path-stated", 0, 0, "path constraints off stated lengths spelled with non-float32 decimals",
      probe_path_stated },
    { "path-order", 0, 0, "update orders of path constraints among the other constraints (ik, transform, "
      "physics, slider), weighted paths with offsets", probe_path_order },
    { "timeline", 0, 0, "random animations with every timeline kind the core applies: keys, curves, "
      "skins, samples keys / 200 / 2-60", probe_timeline },
    { "ik", 0, 0, "one- and two-bone IK: mix, softness, bend, compress, stretch, scaleY modes, inherit modes, "
      "targets anywhere, IK timelines", probe_ik },
    { "transform", 0, 0, "4.3 transform constraints: properties map, offsets, mixes, local, additive, "
      "clamp, transform timelines", probe_transform },
    { "slider", 0, 0, "sliders driven by time or a bone property, loop, additive, mix; their animations' bone "
      "and constraint timelines; IK and transform constraints around them", probe_slider },
    { "order", 0, 0, "random sets of path, ik, transform, physics and slider constraints in random "
      "update orders around shared bones; every third probe around a weighted path with an offset",
      probe_order },
    { "meshes", 0, 0, "what is drawn (--vertices): unweighted, weighted and linked meshes with deforms and "
      "sequences, regions, boxes, points, paths; odd hulls, random triangles, colors, blend modes, alpha 0",
      probe_meshes },
    { "clipping", 0, 0, "clipping polygons (--vertices): convex, concave, colinear, degenerate, self-"
      "intersecting; convex and inverse flags, end slots, weighted and deformed; against regions and meshes",
      probe_clipping },
    { "apply", 0, 0, "Animation.apply with its whole signature in scenarios: random animations applied on "
      "top of each other with random time, last time, loop, alpha, MixFrom, add, out, appliedPose, over "
      "documents keying every timeline kind (constraints too)", probe_apply },
    { "mixing", 0, 0, "AnimationState: random scripts of 2 to 4 tracks, set/add/empty/clear with delays, mixes "
      "and mix pairs, every entry setting (alpha, additive, reverse, thresholds, interpolations, time "
      "scales, animation start/end/last), skins set while playing, odd deltas, over documents keying "
      "every timeline kind", probe_mixing },
    { "physics", 0, 0, "physics constraints stepped over 30-600 frames: every component and setting, fps "
      "off the divisors of 60, edges of mass, damping, strength, clamping limits, global timelines, among "
      "ik/transform/path/slider, root motion, jittered dt", probe_physics },
};
const int probe_family_count = (int)(sizeof probe_families / sizeof probe_families[0]);

const probe_family *probe_family_find(const char *name)
{
    for (int i = 0; i < probe_family_count; i++)
        if (strcmp(probe_families[i].name, name) == 0) return &probe_families[i];
    return NULL;
}

void probe_name(const probe_params *p, char *out, size_t size)
{
    snprintf(out, size, "%s%s-s%llu-%06ld", p->family, p->amplify ? "-amp" : "", (unsigned long long)p->seed, p->index);
}

bool probe_generate(const probe_family *f, const probe_params *p, probe *out)
{
    jw_reset(&out->doc);
    jw_reset(&out->scenario);
    out->has_scenario = false;
    out->args[0] = '\0';
    if (!f->generate) return false;
    return f->generate(p, out);
}

