/*
 * A pool of small blocks behind each state's allocator. Lua tells the
 * allocator the exact size of every block it frees or resizes, so a block
 * needs no header: where malloc adds 8 bytes to each and rounds it up to a
 * 32-byte minimum, a 24-byte hash node costs 24 bytes here. A component is
 * four such blocks (docs/PERFORMANCE.md, "Small blocks pooled").
 *
 * Each size class (8, 16, … UIH_POOL_MAX_BLOCK bytes) cuts its blocks from
 * slabs of its own and keeps a free list of those given back. A freed block
 * is reused only by its own class, and slabs go back to malloc only when the
 * state closes: what a script once held in small blocks stays the state's.
 * That stays bounded by the memory limit: the limit counts Lua's sizes, and a
 * block rounded up to 8 bytes never costs more than malloc's chunk for it, so
 * the slabs never hold more than malloc's heap did at the peak the limit
 * allowed (plus each class's unfinished slab); what the script allocates after
 * freeing them is inside the limit again. Malloc gave no better bound: chunks
 * freed inside its heap were not given back to the system either, nor reused
 * for the large blocks it maps apart.
 *
 * One pool per state, as the state's runtime record: a state is used by one
 * thread at a time (each host runs on its own), so the pool takes no lock.
 */
#include "uih_pool.h"
#include "CLuaShim.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct uih_Slab {
    uih_Slab *next;
    size_t unused;   /* keeps the blocks after the header 16-byte aligned */
};

/* Slabs held by every pool of the process, for tests that a closed state
   gave back all of its own. */
static atomic_size_t uih_liveslabcount;

static inline unsigned uih_class(size_t size) { return (unsigned)((size - 1) >> 3); }

/* A block of class c from a new slab (the class's newest slab is used up). */
static void *uih_carve(uih_Pool *pool, unsigned c) {
    size_t size = ((size_t)c + 1) << 3;
    uih_Slab *slab = (uih_Slab *)malloc(UIH_POOL_SLAB_BYTES);
    if (slab == NULL) return NULL;
    slab->next = pool->slabs;
    pool->slabs = slab;
    pool->slabCount++;
    atomic_fetch_add_explicit(&uih_liveslabcount, 1, memory_order_relaxed);
    char *first = (char *)(slab + 1);
    pool->next[c] = first + size;
    pool->end[c] = first + (UIH_POOL_SLAB_BYTES - sizeof(uih_Slab)) / size * size;
    return first;
}

static inline void *uih_take(uih_Pool *pool, size_t size) {
    unsigned c = uih_class(size);
    void *block = pool->freed[c];
    if (block != NULL) {
        pool->freed[c] = *(void **)block;
        return block;
    }
    char *next = pool->next[c];
    if (next != pool->end[c]) {
        pool->next[c] = next + (((size_t)c + 1) << 3);
        return next;
    }
    return uih_carve(pool, c);
}

static inline void uih_give(uih_Pool *pool, void *block, size_t size) {
    unsigned c = uih_class(size);
    *(void **)block = pool->freed[c];
    pool->freed[c] = block;
}

void *uih_pool_realloc(uih_Pool *pool, void *ptr, size_t osize, size_t nsize) {
    int oldSmall = ptr != NULL && osize <= UIH_POOL_MAX_BLOCK;
    if (nsize == 0) {
        if (oldSmall) uih_give(pool, ptr, osize);
        else free(ptr);
        return NULL;
    }
    int newSmall = nsize <= UIH_POOL_MAX_BLOCK;
    if (!oldSmall && !newSmall) return realloc(ptr, nsize);
    if (oldSmall && newSmall && uih_class(osize) == uih_class(nsize)) return ptr;
    /* Across classes, or between the pool and malloc: moved. */
    void *moved = newSmall ? uih_take(pool, nsize) : malloc(nsize);
    if (moved == NULL || ptr == NULL) return moved;
    memcpy(moved, ptr, osize < nsize ? osize : nsize);
    if (oldSmall) uih_give(pool, ptr, osize);
    else free(ptr);
    return moved;
}

void uih_pool_close(uih_Pool *pool) {
    atomic_fetch_sub_explicit(&uih_liveslabcount, pool->slabCount, memory_order_relaxed);
    for (uih_Slab *slab = pool->slabs, *next; slab != NULL; slab = next) {
        next = slab->next;
        free(slab);
    }
    memset(pool, 0, sizeof *pool);
}

size_t uih_poolbytes(lua_State *L) {
    return uih_runtime(L)->pool->slabCount * UIH_POOL_SLAB_BYTES;
}

size_t uih_livepoolbytes(void) {
    return atomic_load_explicit(&uih_liveslabcount, memory_order_relaxed) * UIH_POOL_SLAB_BYTES;
}
