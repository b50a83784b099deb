/* Growing arrays for the render layer (the runtime's JavaScript arrays and typed arrays that grow as
 * they must): doubles, floats and 16-bit indices. Each is sized when its owner is made for what the
 * document needs (render.h says how), so drawing allocates nothing; a polygon that clips into more
 * pieces than that (a self-intersecting one) grows it, as the runtime's arrays grow. A failed growth
 * marks the array failed (the caller reports it). */
#ifndef POSECORE_RENDER_BUFFERS_H
#define POSECORE_RENDER_BUFFERS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct pc_dvec { double *v; int n, cap; bool failed; } pc_dvec;
typedef struct pc_fvec { float *v; int n, cap; bool failed; } pc_fvec;
typedef struct pc_ivec { uint16_t *v; int n, cap; bool failed; } pc_ivec;

/* Room for `need` elements (the contents kept); false when memory runs out. */
#define PC_VEC_RESERVE(vec, need)                                                                           \
    ((need) <= (vec)->cap || pc_vec_grow((void **)&(vec)->v, &(vec)->cap, (need), sizeof *(vec)->v, &(vec)->failed))

static inline bool pc_vec_grow(void **v, int *cap, int need, size_t size, bool *failed)
{
    if (*failed) return false;
    long c = *cap > 16 ? *cap : 16;
    while (c < need) c *= 2;
    if (c > 0x3fffffff) c = need;
    void *p = realloc(*v, (size_t)c * size);
    if (!p) {
        *failed = true;
        return false;
    }
    *v = p;
    *cap = (int)c;
    return true;
}

static inline void pc_dvec_push2(pc_dvec *b, double x, double y)
{
    if (!PC_VEC_RESERVE(b, b->n + 2)) return;
    b->v[b->n++] = x;
    b->v[b->n++] = y;
}

static inline void pc_dvec_push1(pc_dvec *b, double x)
{
    if (!PC_VEC_RESERVE(b, b->n + 1)) return;
    b->v[b->n++] = x;
}

static inline void pc_vec_free(void *v)
{
    free(v);
}

#endif
