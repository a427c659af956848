/* Shared inside CLuaShim (not part of its module): the small-block pool
   behind each state's allocator (pool.c). */
#ifndef UIH_POOL_H
#define UIH_POOL_H

#include <stddef.h>

/* Blocks up to this many bytes come from the pool, in classes 8 bytes apart;
   larger ones from malloc. A component's four blocks (two Table headers, a
   one-node hash part, a one-slot array) are all far below it. */
#define UIH_POOL_MAX_BLOCK 128
#define UIH_POOL_CLASSES (UIH_POOL_MAX_BLOCK / 8)
/* What one slab holds, its header included: one class's blocks, cut in order. */
#define UIH_POOL_SLAB_BYTES (16 * 1024)

typedef struct uih_Slab uih_Slab;

typedef struct uih_Pool {
    void *freed[UIH_POOL_CLASSES];   /* per class: blocks given back, linked through their first word */
    char *next[UIH_POOL_CLASSES];    /* per class: the part of its newest slab not yet handed out */
    char *end[UIH_POOL_CLASSES];
    uih_Slab *slabs;                 /* every slab, for uih_pool_close */
    size_t slabCount;
} uih_Pool;

/* realloc with Lua's allocator contract: osize is ptr's exact size (0 when
   ptr is NULL), nsize 0 frees. NULL when the memory cannot be had. */
void *uih_pool_realloc(uih_Pool *pool, void *ptr, size_t osize, size_t nsize);
/* Frees every slab (after lua_close has given every block back). */
void uih_pool_close(uih_Pool *pool);

#endif
