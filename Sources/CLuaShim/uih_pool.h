/* Shared inside CLuaShim (not part of its module): the small-block pool
   behind each state's allocator (pool.c). */
#ifndef UIH_POOL_H
#define UIH_POOL_H

#include <stddef.h>
#include <stdint.h>

/* Blocks up to this many bytes come from the pool, in classes 8 bytes apart;
   larger ones from malloc. A component's four blocks (two Table headers, a
   one-node hash part, a one-slot array) are all far below it. */
#define UIH_POOL_MAX_BLOCK 128
#define UIH_POOL_CLASSES (UIH_POOL_MAX_BLOCK / 8)
/* A slab holds blocks of one class, its header first; slabs are aligned to
   their size, so a block's slab is its address rounded down. */
#define UIH_POOL_SLAB_BYTES (16 * 1024)
/* Slabs are cut from chunks mapped this large. */
#define UIH_POOL_CHUNK_BYTES (1024 * 1024)

typedef struct uih_Slab uih_Slab;
typedef struct uih_Chunk uih_Chunk;

typedef struct uih_Pool {
    uih_Slab *open[UIH_POOL_CLASSES];   /* per class: its slabs with a free block; the first serves */
    uih_Slab **empty;                  /* slabs given back to the system, for any class to take */
    size_t emptyCount, emptyCapacity;
    char *uncut, *uncutEnd;            /* the newest chunk's slabs not cut yet */
    uih_Chunk *chunks;                 /* every chunk, for uih_pool_close */
    size_t slabsHeld;                  /* slabs holding blocks */
    size_t bytesMapped;
} uih_Pool;

/* realloc with Lua's allocator contract: osize is ptr's exact size (0 when
   ptr is NULL), nsize 0 frees. NULL when the memory cannot be had. */
void *uih_pool_realloc(uih_Pool *pool, void *ptr, size_t osize, size_t nsize);
/* Unmaps every chunk (after lua_close has given every block back). */
void uih_pool_close(uih_Pool *pool);

#endif
