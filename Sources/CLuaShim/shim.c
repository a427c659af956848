/*
 * The Lua state behind a host: its runtime record and counting allocator, the
 * protected calls into Lua, and the trampoline through which Lua calls Swift.
 * The limits are in limits.c, the library functions replaced for them in
 * library.c, the pattern functions in pattern.c.
 */
#include "CLuaShim.h"
#include "uih_limits.h"
#include "uih_pool.h"
#include <stdlib.h>
#include <string.h>

/* MARK: - Runtime record and counting allocator */

static void *uih_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    uih_Runtime *rt = (uih_Runtime *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        uih_pool_realloc(rt->pool, ptr, old, 0);
        rt->used -= old;
        return NULL;
    }
    if (nsize > old && rt->limit != 0 && rt->inSwift == 0 &&
        rt->used - old + nsize > rt->limit) {
        rt->memoryExceeded = 1;
        return NULL;   /* Lua raises a memory error, in C, caught by the nearest pcall */
    }
    if (nsize > old && rt->inCall && rt->inSwift == 0) {
        /* Library functions that build strings and tables work in C, unseen by
           the count hook: what they allocate is charged to the budget (what
           the limit refused above did no work). */
        uih_spend(rt, (int64_t)((nsize - old) / UIH_BYTES_PER_INSTRUCTION));
    }
    void *p = uih_pool_realloc(rt->pool, ptr, old, nsize);
    if (p == NULL) return NULL;
    rt->used = rt->used - old + nsize;
    if (rt->used > rt->peak) rt->peak = rt->used;
    return p;
}

static int uih_panic(lua_State *L) {
    (void)L;
    abort();   /* unreachable by design: every call into Lua is protected */
    return 0;
}

/* The runtime record and its pool, in one block. */
typedef struct uih_RuntimeBlock {
    uih_Runtime runtime;
    uih_Pool pool;
} uih_RuntimeBlock;

lua_State *uih_newstate(size_t memoryLimit) {
    uih_RuntimeBlock *block = (uih_RuntimeBlock *)calloc(1, sizeof(uih_RuntimeBlock));
    if (block == NULL) return NULL;
    uih_Runtime *rt = &block->runtime;
    rt->pool = &block->pool;
    rt->limit = memoryLimit;
    rt->budget = -1;
    rt->inSwift = 1;   /* the host runs until it calls into Lua */
    lua_State *L = lua_newstate(uih_alloc, rt);
    if (L == NULL) {
        uih_pool_close(rt->pool);
        free(block);
        return NULL;
    }
    lua_atpanic(L, uih_panic);
    *(uih_Runtime **)lua_getextraspace(L) = rt;
    return L;
}

uih_Runtime *uih_runtime(lua_State *L) {
    return *(uih_Runtime **)lua_getextraspace(L);
}

void uih_close(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    lua_close(L);
    uih_pool_close(rt->pool);
    free(rt);   /* the block's start */
}

/* MARK: - Protected calls */

/* Pushes "chunk:line: " of the innermost Lua function on the stack (the one
   that called error), or "" when there is none. */
static void uih_pushwhere(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* The first UIH_MAX_MESSAGE_BYTES of msg, pushed (with U+2026 where cut, on a
   UTF-8 boundary), or msg itself with nothing pushed when it is that short. */
static const char *uih_cutmessage(lua_State *L, const char *msg, size_t len) {
    if (len <= UIH_MAX_MESSAGE_BYTES) return msg;
    size_t end = UIH_MAX_MESSAGE_BYTES - 3;
    /* A character the cut would split goes whole: at most 3 continuation bytes. */
    for (int i = 0; i < 3 && end > 0 && ((unsigned char)msg[end] & 0xC0) == 0x80; i++) end--;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, msg, end);
    luaL_addstring(&b, "\xE2\x80\xA6");
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

static int uih_traceback(lua_State *L) {
    size_t len = 0;
    const char *msg = lua_tolstring(L, 1, &len);
    if (msg != NULL) msg = uih_cutmessage(L, msg, len);
    if (msg == NULL) {
        /* An error object with __tostring is shown as that string (as lua.c
           does); any other gets the place it was raised, like a message would. */
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            size_t n = 0;
            const char *text = lua_tolstring(L, -1, &n);
            uih_cutmessage(L, text, n);
            return 1;
        }
        uih_pushwhere(L);
        msg = lua_pushfstring(L, "%serror object is a %s value", lua_tostring(L, -1), luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int uih_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;   /* the function's index */
    lua_pushcfunction(L, uih_traceback);
    lua_insert(L, base);
    /* Lua code called from inside a Swift function is limited like any other. */
    uih_Runtime *rt = uih_runtime(L);
    int inSwift = rt->inSwift;
    rt->inSwift = 0;
    int status = lua_pcall(L, nargs, nresults, base);
    rt->inSwift = inSwift;
    lua_remove(L, base);
    return status;
}

int uih_loadtext(lua_State *L, const char *buf, size_t len, const char *chunkname) {
    int status = luaL_loadbufferx(L, buf, len, chunkname, "t");
    uih_Coverage *coverage = uih_runtime(L)->coverage;
    if (status == LUA_OK && coverage != NULL && chunkname[0] == '@') uih_coverage_addchunk(L, coverage, chunkname);
    return status;
}

int uih_resume(lua_State *co, lua_State *from, int nargs, int *nresults) {
    uih_armhook(co);
    uih_Runtime *rt = uih_runtime(co);
    int inSwift = rt->inSwift;
    rt->inSwift = 0;
    int status = lua_resume(co, from, nargs, nresults);
    rt->inSwift = inSwift;
    return status;
}

/* MARK: - Trampoline */

static int uih_trampoline(lua_State *L) {
    uih_SwiftFunction f = (uih_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
    uih_Runtime *rt = uih_runtime(L);
    rt->inSwift++;
    int r = f(L);
    rt->inSwift--;
    if (r >= 0) return r;
    if (r == UIH_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (r == UIH_RAISE) return lua_error(L);
    if (r <= UIH_YIELD_BASE) return lua_yield(L, UIH_YIELD_BASE - r);
    return luaL_error(L, "internal error: bad trampoline status %d", r);
}

void uih_pushswiftfunction(lua_State *L, uih_SwiftFunction f) {
    lua_pushlightuserdata(L, (void *)f);
    lua_pushcclosure(L, uih_trampoline, 1);
}

void uih_pushswiftclosure(lua_State *L, uih_SwiftFunction f, int n) {
    lua_pushlightuserdata(L, (void *)f);
    lua_insert(L, -(n + 1));
    lua_pushcclosure(L, uih_trampoline, n + 1);
}

/* MARK: - Component proxies

   A component a script holds is an empty proxy; its fields live in a plain
   table behind it (proxy[&uih_storagekey]). Every write a script makes into
   a component reaches the proxy's __newindex (a key of an empty table is
   always absent), which stores the value raw and records the proxy, so that
   the host reads again only the components a handler changed.

   A component becomes a proxy when the host first reads it
   (uih_pushstoragemaking), not when it is made: until then nothing shows
   it, so what a script writes into it needs no record, and a table made
   and never shown (a long list of which a frame reads a part) stays one
   table instead of two. */

static char uih_storagekey;   /* proxy[&key]: the table holding its fields */
static char uih_nestedkey;    /* proxy[&key] = true: a field holds a plain table */

/* Records the proxy at index 1 in the array at upvalue `written`, once; past
   UIH_MAX_WRITTEN proxies the array stays one longer, which tells the host
   to read everything. */
static void uih_recordwrite(lua_State *L, int written) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, written);
    if (n > UIH_MAX_WRITTEN) return;
    for (lua_Integer i = n; i >= 1; i--) {
        lua_rawgeti(L, written, i);
        int same = lua_rawequal(L, -1, 1);
        lua_pop(L, 1);
        if (same) return;
    }
    lua_pushvalue(L, 1);
    lua_rawseti(L, written, n + 1);
}

static int uih_proxynewindex(lua_State *L);

/* Whether the value at `idx` is a component: a table whose metatable is a
   kind's (its __newindex is the proxies'), whether or not the host has read
   it yet (see uih_makeproxy). */
static int uih_iscomponent(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return 0;
    lua_getfield(L, -1, "__newindex");
    int is = lua_tocfunction(L, -1) == uih_proxynewindex;
    lua_pop(L, 2);
    return is;
}

/* __index (upvalues: the kind's methods or nil, the flag table): a field
   of the storage, else a method. Fetching a method sets flag[2]: what a
   method changes (a log's lines, scroll offsets) is read by a whole layout. */
static int uih_proxyindex(lua_State *L) {
    lua_settop(L, 2);
    if (lua_rawgetp(L, 1, &uih_storagekey) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, 3) != LUA_TNIL) return 1;
    }
    lua_settop(L, 2);
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TTABLE) {
        lua_pushnil(L);
        return 1;
    }
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
        lua_pushboolean(L, 1);
        lua_rawseti(L, lua_upvalueindex(2), 2);
    }
    return 1;
}

/* __newindex (upvalues: a set of field names, the flag table, the array of
   written proxies): stores the value raw in the storage; records the proxy;
   sets flag[1] when the key is one of the names (the host reads size fields
   only once a script used one) and marks the proxy when the value is a
   plain table (what a script writes inside it is not seen). */
static int uih_proxynewindex(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
        lua_pushboolean(L, 1);
        lua_rawseti(L, lua_upvalueindex(2), 1);
    }
    lua_settop(L, 3);
    if (lua_rawgetp(L, 1, &uih_storagekey) != LUA_TTABLE) {
        /* Not read by the host yet: made a proxy now, in the script's time
           and under its memory limit (what it writes into it next may be a
           lot), not at the host's first read. */
        lua_settop(L, 3);
        uih_makeproxy(L, 1);
    } else {
        lua_pop(L, 1);
    }
    if (lua_type(L, 3) == LUA_TTABLE && !uih_iscomponent(L, 3)) {
        lua_pushboolean(L, 1);
        lua_rawsetp(L, 1, &uih_nestedkey);
    }
    lua_rawgetp(L, 1, &uih_storagekey);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, 4);
    uih_recordwrite(L, lua_upvalueindex(3));
    return 0;
}

static int uih_proxylen(lua_State *L) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    if (lua_rawgetp(L, 1, &uih_storagekey) == LUA_TTABLE) n = (lua_Integer)lua_rawlen(L, -1);
    lua_pushinteger(L, n);
    return 1;
}

static int uih_componentnext(lua_State *L);

/* __pairs: the storage's fields, stepped through the proxy itself (the
   loop's state is the proxy: the storage never reaches a script). */
static int uih_proxypairs(lua_State *L) {
    lua_pushcfunction(L, uih_componentnext);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void uih_setproxymetamethods(lua_State *L, int mt) {
    mt = lua_absindex(L, mt);
    int top = lua_gettop(L);
    int methods = top - 3, names = top - 2, flag = top - 1, written = top;
    lua_pushvalue(L, methods);
    lua_pushvalue(L, flag);
    lua_pushcclosure(L, uih_proxyindex, 2);
    lua_setfield(L, mt, "__index");
    lua_pushvalue(L, names);
    lua_pushvalue(L, flag);
    lua_pushvalue(L, written);
    lua_pushcclosure(L, uih_proxynewindex, 3);
    lua_setfield(L, mt, "__newindex");
    lua_pushcfunction(L, uih_proxylen);
    lua_setfield(L, mt, "__len");
    lua_pushcfunction(L, uih_proxypairs);
    lua_setfield(L, mt, "__pairs");
    lua_settop(L, top - 4);
}

int uih_pushstorage(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    if (lua_rawgetp(L, idx, &uih_storagekey) == LUA_TTABLE) return 1;
    lua_pop(L, 1);
    return 0;
}

int uih_pushstoragemaking(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (uih_pushstorage(L, idx)) return 1;
    if (!uih_iscomponent(L, idx)) return 0;
    uih_makeproxy(L, idx);
    return uih_pushstorage(L, idx);
}

void uih_makeproxy(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    int nested = 0;
    /* Sized once: a component is two tables now, and 10^6 of them must fit. */
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        count++;
        lua_pop(L, 1);
    }
    int narray = (int)lua_rawlen(L, idx);
    lua_createtable(L, narray, count > narray ? count - narray : 0);
    int storage = lua_gettop(L);
    /* Whoever made the component owns its storage: whenever it is made
       (a container's constructor, a leaf's first read or new field). */
    if (lua_getfield(L, LUA_REGISTRYINDEX, UIH_OWNERS_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) != LUA_TNIL) {
            lua_pushvalue(L, storage);
            lua_insert(L, -2);
            lua_rawset(L, -3);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (!nested && lua_type(L, -1) == LUA_TTABLE) nested = !uih_iscomponent(L, -1);
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, storage);
    }
    /* Emptied: clearing a field while stepping through is allowed. */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, idx);
    }
    lua_rawsetp(L, idx, &uih_storagekey);
    if (nested) {
        lua_pushboolean(L, 1);
        lua_rawsetp(L, idx, &uih_nestedkey);
    }
}

/* The base library's raw functions, looking through proxies: a script's
   rawget, rawlen and next see a component's fields, and its rawset is a
   recorded write like any other (a raw key in the proxy would hide the
   field from the host and every later write from the record). */
static int uih_throughproxy(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (lua_rawgetp(L, 1, &uih_storagekey) == LUA_TTABLE) {
        lua_replace(L, 1);
        return 1;
    }
    lua_pop(L, 1);
    return 0;
}

static int uih_componentnext(lua_State *L) {
    lua_settop(L, 2);
    uih_throughproxy(L);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

static int uih_componentrawget(lua_State *L) {
    luaL_checkany(L, 2);
    lua_settop(L, 2);
    uih_throughproxy(L);
    lua_rawget(L, 1);
    return 1;
}

static int uih_componentrawlen(lua_State *L) {
    int t = lua_type(L, 1);
    luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
    if (t == LUA_TTABLE) uih_throughproxy(L);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 1;
}

static int uih_componentrawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    if (lua_rawgetp(L, 1, &uih_storagekey) == LUA_TTABLE || uih_iscomponent(L, 1)) {
        /* A proxy's __newindex: stored and recorded; a component not yet a
           proxy: a new field makes it one there (a field it has is its own). */
        lua_pop(L, 1);
        lua_settable(L, 1);
    } else {
        lua_pop(L, 1);
        lua_rawset(L, 1);
    }
    lua_settop(L, 1);
    return 1;
}

void uih_pushrawfunctions(lua_State *L) {
    lua_createtable(L, 0, 4);
    lua_pushcfunction(L, uih_componentnext);
    lua_setfield(L, -2, "next");
    lua_pushcfunction(L, uih_componentrawget);
    lua_setfield(L, -2, "rawget");
    lua_pushcfunction(L, uih_componentrawset);
    lua_setfield(L, -2, "rawset");
    lua_pushcfunction(L, uih_componentrawlen);
    lua_setfield(L, -2, "rawlen");
}

int uih_holdsplaintables(lua_State *L, int idx) {
    int r = lua_rawgetp(L, idx, &uih_nestedkey) != LUA_TNIL;
    lua_pop(L, 1);
    return r;
}

/* MARK: - Protected helpers */

static int uih_tostring_k(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/* lua_pcall with the script's limits in force: the function may run a
   script's metamethods, which allocate like any script code. */
static int uih_limitedpcall(lua_State *L, int nargs, int nresults) {
    uih_Runtime *rt = uih_runtime(L);
    int inSwift = rt->inSwift;
    rt->inSwift = 0;
    int status = lua_pcall(L, nargs, nresults, 0);
    rt->inSwift = inSwift;
    return status;
}

int uih_ptostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, uih_tostring_k);
    lua_pushvalue(L, idx);
    return uih_limitedpcall(L, 1, 1);
}

static int uih_len_k(lua_State *L) {
    lua_pushinteger(L, luaL_len(L, 1));
    return 1;
}

int uih_plen(lua_State *L, int idx, lua_Integer *out) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, uih_len_k);
    lua_pushvalue(L, idx);
    int status = uih_limitedpcall(L, 1, 1);
    if (status == LUA_OK) {
        *out = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    return status;
}
