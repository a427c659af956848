/*
 * A pool of small blocks behind each state's allocator. Lua tells the
 * allocator the exact size of every block it frees or resizes, so a block
 * needs no header: where malloc adds 8 bytes to each and rounds it up to a
 * 32-byte minimum, a 24-byte hash node costs 24 bytes here. A component is
 * four such blocks (docs/PERFORMANCE.md, "Small blocks pooled").
 *
 * Each size class (8, 16, … UIH_POOL_MAX_BLOCK bytes) cuts its blocks from
 * slabs of its own; a slab keeps the blocks given back to it and counts those
 * in use. A freed block is reused only by its own class, but a slab whose
 * blocks are all free goes back to the system (madvise) and to a list from
 * which any class takes its next slab: after a script freed 10^6 small tables,
 * their memory serves strings or goes back, so what the pool holds follows
 * what Lua holds, which the memory limit bounds. What stays is a slab with a
 * block still in use, and each class's last open slab (kept so that a block
 * allocated and freed over and over does not give back and take a slab each
 * time).
 *
 * Slabs are cut from chunks mapped with mmap, aligned to the slab size: a
 * block's slab is its address rounded down. Chunks are unmapped when the
 * state closes.
 *
 * One pool per state, in the state's runtime record: a state is used by one
 * thread at a time (each host runs on its own), so the pool takes no lock.
 */
#include "uih_pool.h"
#include "CLuaShim.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct uih_Slab {
    uih_Slab *prev, *next;   /* in its class's open slabs, when `open` */
    void *freed;             /* blocks given back, linked through their first word */
    char *fresh, *end;       /* blocks never handed out */
    uint32_t used;           /* blocks handed out and not given back */
    uint32_t size;
    int open;
};

/* Blocks start after the header, 16-byte aligned. */
#define UIH_SLAB_HEADER ((sizeof(uih_Slab) + 15) & ~(size_t)15)

/* A chunk's mapping, recorded apart: a record inside the chunk would keep
   a page of it resident for good. */
struct uih_Chunk {
    uih_Chunk *next;
    void *map;
};

/* Bytes mapped by every pool of the process, for tests that a closed state
   gave back all of its own. */
static atomic_size_t uih_mappedbytes;

static inline unsigned uih_class(size_t size) { return (unsigned)((size - 1) >> 3); }

static inline uih_Slab *uih_slabof(void *block) {
    return (uih_Slab *)((uintptr_t)block & ~(uintptr_t)(UIH_POOL_SLAB_BYTES - 1));
}

static void uih_link(uih_Pool *pool, unsigned c, uih_Slab *slab) {
    slab->prev = NULL;
    slab->next = pool->open[c];
    if (slab->next != NULL) slab->next->prev = slab;
    pool->open[c] = slab;
    slab->open = 1;
}

static void uih_unlink(uih_Pool *pool, unsigned c, uih_Slab *slab) {
    if (slab->prev != NULL) slab->prev->next = slab->next;
    else pool->open[c] = slab->next;
    if (slab->next != NULL) slab->next->prev = slab->prev;
    slab->open = 0;
}

/* A slab's worth of aligned memory: one given back, else the next of the
   newest chunk, else the first of a new chunk. */
static char *uih_slabmemory(uih_Pool *pool) {
    if (pool->emptyCount > 0) return (char *)pool->empty[--pool->emptyCount];
    if (pool->uncut == pool->uncutEnd) {
        /* One slab more than the chunk, for the alignment. */
        size_t length = UIH_POOL_CHUNK_BYTES + UIH_POOL_SLAB_BYTES;
        uih_Chunk *chunk = (uih_Chunk *)malloc(sizeof *chunk);
        if (chunk == NULL) return NULL;
        void *map = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED) {
            free(chunk);
            return NULL;
        }
        chunk->map = map;
        chunk->next = pool->chunks;
        pool->chunks = chunk;
        pool->bytesMapped += length;
        atomic_fetch_add_explicit(&uih_mappedbytes, length, memory_order_relaxed);
        uintptr_t mask = UIH_POOL_SLAB_BYTES - 1;
        pool->uncut = (char *)(((uintptr_t)map + mask) & ~mask);
        pool->uncutEnd = pool->uncut + UIH_POOL_CHUNK_BYTES;
    }
    char *memory = pool->uncut;
    pool->uncut += UIH_POOL_SLAB_BYTES;
    return memory;
}

static uih_Slab *uih_newslab(uih_Pool *pool, unsigned c) {
    uih_Slab *slab = (uih_Slab *)uih_slabmemory(pool);
    if (slab == NULL) return NULL;
    uint32_t size = (c + 1) << 3;
    /* Each class's blocks start at an offset of their own: with every slab
       aligned alike, the first blocks of all classes shared their low 12
       address bits, which the processor takes for the same address when a
       load follows a store (4K aliasing: a runaway loop ran 60% longer). */
    size_t start = UIH_SLAB_HEADER + c * 16;
    char *first = (char *)slab + start;
    slab->freed = NULL;
    slab->fresh = first;
    slab->end = first + (UIH_POOL_SLAB_BYTES - start) / size * size;
    slab->used = 0;
    slab->size = size;
    uih_link(pool, c, slab);
    pool->slabsHeld++;
    return slab;
}

/* Gives an empty slab's pages back to the system; its memory waits in the
   empty list. Kept when the list cannot grow. */
static void uih_release(uih_Pool *pool, unsigned c, uih_Slab *slab) {
    if (pool->emptyCount == pool->emptyCapacity) {
        size_t capacity = pool->emptyCapacity ? pool->emptyCapacity * 2 : 64;
        uih_Slab **grown = (uih_Slab **)realloc(pool->empty, capacity * sizeof *grown);
        if (grown == NULL) return;
        pool->empty = grown;
        pool->emptyCapacity = capacity;
    }
    uih_unlink(pool, c, slab);
    madvise(slab, UIH_POOL_SLAB_BYTES, MADV_DONTNEED);
    pool->empty[pool->emptyCount++] = slab;
    pool->slabsHeld--;
}

static inline void *uih_take(uih_Pool *pool, size_t size) {
    unsigned c = uih_class(size);
    uih_Slab *slab = pool->open[c];
    if (slab == NULL && (slab = uih_newslab(pool, c)) == NULL) return NULL;
    void *block = slab->freed;
    if (block != NULL) {
        slab->freed = *(void **)block;
    } else {
        block = slab->fresh;
        slab->fresh += slab->size;
    }
    slab->used++;
    if (slab->freed == NULL && slab->fresh == slab->end) uih_unlink(pool, c, slab);   /* full */
    return block;
}

static inline void uih_give(uih_Pool *pool, void *block, size_t size) {
    unsigned c = uih_class(size);
    uih_Slab *slab = uih_slabof(block);
    *(void **)block = slab->freed;
    slab->freed = block;
    slab->used--;
    if (!slab->open) uih_link(pool, c, slab);
    else if (slab->used == 0 && (slab->prev != NULL || slab->next != NULL)) uih_release(pool, c, slab);
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
    atomic_fetch_sub_explicit(&uih_mappedbytes, pool->bytesMapped, memory_order_relaxed);
    for (uih_Chunk *chunk = pool->chunks, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        munmap(chunk->map, UIH_POOL_CHUNK_BYTES + UIH_POOL_SLAB_BYTES);
        free(chunk);
    }
    free(pool->empty);
    memset(pool, 0, sizeof *pool);
}

size_t uih_poolbytes(lua_State *L) {
    return uih_runtime(L)->pool->slabsHeld * UIH_POOL_SLAB_BYTES;
}

size_t uih_poolmappedbytes(lua_State *L) {
    return uih_runtime(L)->pool->bytesMapped;
}

size_t uih_livepoolbytes(void) {
    return atomic_load_explicit(&uih_mappedbytes, memory_order_relaxed);
}
