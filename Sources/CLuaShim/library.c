/*
 * Library functions the sandbox replaces so that the limits reach them:
 * coroutine.resume and wrap, which keep the running thread known, and the
 * table and string functions that work in C for as long as their arguments
 * say, charged before they start. Each calls Lua's own function in its own
 * frame, so that argument errors read as Lua's.
 */
#include "CLuaShim.h"
#include "uih_limits.h"
#include <limits.h>

/* MARK: - Coroutines */

/* Runs Lua's own coroutine.resume (a C function) in the caller's frame, with
   co known as the running thread. The stack holds co and the arguments. */
static int uih_resumein(lua_State *L, lua_CFunction resume, lua_State *co) {
    uih_Runtime *rt = uih_runtime(L);
    lua_State *previous = rt->running;
    rt->running = co;
    uih_armhook(co);
    int n = resume(L);   /* raises nothing once given a thread: errors come back as values */
    rt->running = previous;
    return n;
}

/* Raises Lua's own memory error (status LUA_ERRMEM), the way the allocator
   does when it refuses: by asking for more than the limit. */
static int uih_memoryerror(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    if (rt->limit > 0 && rt->inSwift == 0) lua_newuserdatauv(L, rt->limit + 1, 0);   /* refused: raises */
    lua_pushliteral(L, "not enough memory");
    return lua_error(L);
}

/* A coroutine that ended in error (`status`, its error on top of L): when a
   limit ended it, the limit ends the caller's call too. The error is raised
   again here, and for the budget and time on every instruction after (as the
   hook does), so that coroutine.resume cannot catch what pcall cannot. */
static void uih_passlimit(lua_State *L, int status) {
    uih_Runtime *rt = uih_runtime(L);
    if (!rt->inCall) return;
    if (rt->budgetExceeded || rt->timeExceeded) {
        uih_sethook(L, uih_counthook, 1);
        lua_error(L);
    }
    if (status == LUA_ERRMEM) uih_memoryerror(L);
}

/* coroutine.resume. Upvalue 1 is Lua's own, called in this function's frame so
   that its messages name the function as the script called it. */
static int uih_coresume(lua_State *L) {
    lua_CFunction resume = lua_tocfunction(L, lua_upvalueindex(1));
    lua_State *co = lua_tothread(L, 1);
    if (co == NULL || !uih_runtime(L)->inCall) return resume(L);   /* a bad argument: Lua's resume says so */
    int n = uih_resumein(L, resume, co);
    if (!lua_toboolean(L, -n)) uih_passlimit(L, lua_status(co));
    return n;
}

/* The function coroutine.wrap returns, as Lua's: the results of a resume, or
   its error raised again here. Upvalues: the coroutine, Lua's coroutine.resume. */
static int uih_cowrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    lua_CFunction resume = lua_tocfunction(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int n = uih_runtime(L)->inCall ? uih_resumein(L, resume, co) : resume(L);
    if (lua_toboolean(L, -n)) return n - 1;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {   /* an error in the coroutine: close it */
        int failed = status;
        status = lua_resetthread(co);
        lua_xmove(co, L, 1);   /* the error, or one raised while closing */
        uih_passlimit(L, failed);
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.create. A new thread's hook counts from zero again, so the
   instructions it runs before its first hook would go uncharged: a thread is
   charged that many when it is made. Upvalue 1: Lua's coroutine.create. */
static int uih_cocreate(lua_State *L) {
    lua_CFunction create = lua_tocfunction(L, lua_upvalueindex(1));
    create(L);   /* checks the function and pushes the new thread */
    uih_charge(L, UIH_THREAD_COST);
    return 1;
}

/* coroutine.wrap. Upvalues: Lua's coroutine.create and coroutine.resume. */
static int uih_cowrap(lua_State *L) {
    lua_CFunction create = lua_tocfunction(L, lua_upvalueindex(1));
    create(L);   /* checks the function and pushes the new thread */
    uih_charge(L, UIH_THREAD_COST);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushcclosure(L, uih_cowrapped, 2);
    return 1;
}

void uih_wrapcoroutines(lua_State *L) {
    lua_getfield(L, -1, "create");
    lua_getfield(L, -2, "resume");
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, uih_coresume, 1);
    lua_setfield(L, -4, "resume");
    lua_pushvalue(L, -2);
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, uih_cowrap, 2);
    lua_setfield(L, -4, "wrap");
    lua_pop(L, 1);
    lua_pushcclosure(L, uih_cocreate, 1);
    lua_setfield(L, -2, "create");
}

void uih_chargenewthread(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    if (rt->inCall) uih_spend(rt, UIH_THREAD_COST);
}

/* MARK: - Table functions, charged */

/* Whether argument `arg` is a table without a metatable, whose elements a
   library function reads raw. */
static int uih_isplaintable(lua_State *L, int arg) {
    if (lua_type(L, arg) != LUA_TTABLE) return 0;
    if (!lua_getmetatable(L, arg)) return 1;
    lua_pop(L, 1);
    return 0;
}

/* The length a table function will work to: the raw length of a plain table,
   or what __len says (so a table with __len has it called once more). */
static lua_Integer uih_worklength(lua_State *L) {
    if (luaL_getmetafield(L, 1, "__len") == LUA_TNIL)
        return lua_type(L, 1) == LUA_TTABLE ? (lua_Integer)lua_rawlen(L, 1) : 0;
    lua_pop(L, 1);
    lua_len(L, 1);
    int isnum;
    lua_Integer n = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    return isnum ? n : 0;
}

static int64_t uih_span(lua_Integer from, lua_Integer to) {
    if (to < from) return 0;
    lua_Unsigned n = (lua_Unsigned)to - (lua_Unsigned)from + 1u;
    return n > (lua_Unsigned)INT64_MAX ? -1 : (int64_t)n;   /* -1: more than any budget */
}

static int64_t uih_times(int64_t n, int64_t factor) {
    if (n <= 0 || factor <= 0) return 0;
    return n > INT64_MAX / factor ? -1 : n * factor;
}

static int64_t uih_log2(lua_Integer n) {
    int64_t log = 1;
    while (log < 63 && ((lua_Integer)1 << log) < n) log++;
    return log;
}

static int64_t uih_add(int64_t a, int64_t b) {
    if (a < 0 || b < 0 || a > INT64_MAX - b) return -1;
    return a + b;
}

/* A comparison for table.sort that is charged for what it compares. Upvalue 1:
   the script's comparator, or nil for "<". */
static int uih_sortless(lua_State *L) {
    int64_t cost = 1;
    for (int i = 1; i <= 2; i++)
        if (lua_type(L, i) == LUA_TSTRING) cost += (int64_t)(lua_rawlen(L, i) / 64);
    uih_charge(L, cost);
    if (lua_isnil(L, lua_upvalueindex(1))) {
        lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* table.sort: n log n comparisons, and comparing strings reads them. A plain
   table sorted by "<" is charged for its strings' lengths up front; otherwise
   (a metatable, or a comparator in C) each comparison is charged as it runs. A
   comparator in Lua counts its own instructions. */
static int64_t uih_sortcost(lua_State *L) {
    lua_Integer n = uih_worklength(L);
    if (n <= 1 || n >= INT_MAX) return 0;   /* Lua's sort does nothing, or refuses */
    int64_t log = uih_log2(n), cost = uih_times(n, log);
    int comparator = lua_type(L, 2);
    int byLess = comparator == LUA_TNONE || comparator == LUA_TNIL;
    if (!byLess && comparator != LUA_TFUNCTION) return 0;   /* Lua's sort refuses it */
    if (!byLess && !lua_iscfunction(L, 2)) return cost;
    if (byLess && uih_isplaintable(L, 1)) {
        int64_t bytes = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_rawgeti(L, 1, i) == LUA_TSTRING) bytes = uih_add(bytes, (int64_t)lua_rawlen(L, -1));
            lua_pop(L, 1);
        }
        return uih_add(cost, uih_times(bytes / 64, log));
    }
    lua_settop(L, 2);
    lua_pushcclosure(L, uih_sortless, 1);   /* the comparator (or nil) becomes its upvalue */
    return cost;
}

/* Whether argument `arg` is something Lua's table functions take: a table, or
   a value with a metatable (whose metamethods they use). */
static int uih_tablelike(lua_State *L, int arg) {
    if (lua_type(L, arg) == LUA_TTABLE) return 1;
    if (!lua_getmetatable(L, arg)) return 0;
    lua_pop(L, 1);
    return 1;
}

/* table.concat(list, sep, i, j): j - i + 1 elements, each fetched in C. In a
   plain table the first nil stops it with an error, so it does no more than the
   table holds. */
static int64_t uih_concatcost(lua_State *L) {
    if (!uih_tablelike(L, 1)) return 0;
    int ok = 1;
    lua_Integer i = lua_isnoneornil(L, 3) ? 1 : lua_tointegerx(L, 3, &ok);
    if (!ok) return 0;
    lua_Integer j = lua_isnoneornil(L, 4) ? uih_worklength(L) : lua_tointegerx(L, 4, &ok);
    if (!ok) return 0;
    if (uih_isplaintable(L, 1)) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
        if (j > n + 1) j = n + 1;
    }
    return uih_span(i, j);
}

/* table.move(a1, f, e, t [,a2]): e - f + 1 elements, once Lua's own checks pass. */
static int64_t uih_movecost(lua_State *L) {
    int ok1, ok2, ok3;
    lua_Integer f = lua_tointegerx(L, 2, &ok1), e = lua_tointegerx(L, 3, &ok2), t = lua_tointegerx(L, 4, &ok3);
    if (!ok1 || !ok2 || !ok3 || e < f || !uih_tablelike(L, 1)) return 0;
    if (!lua_isnoneornil(L, 5) && !uih_tablelike(L, 5)) return 0;
    if (!(f > 0 || e < LUA_MAXINTEGER + f)) return 0;          /* "too many elements to move" */
    lua_Integer n = e - f + 1;
    if (t > LUA_MAXINTEGER - n + 1) return 0;                   /* "destination wrap around" */
    return uih_span(f, e);
}

/* table.insert, remove, move, sort and concat move elements in C, as many as
   the table or the arguments say: each is charged an instruction per element
   it may move (sort: see uih_sortcost) before Lua's own function runs, in this
   frame, where its argument errors read as usual. Arguments Lua refuses are
   not charged, so that its error comes first; integers are read with
   lua_tointegerx, which takes what luaL_checkinteger takes (exact floats and
   numeric strings too). Upvalue 1 is Lua's function. */
static int uih_chargedtable(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    int nargs = lua_gettop(L);
    int64_t cost = 0;
    int ok1;
    if (kind == 0 && nargs == 3) {                                   /* insert(t, pos, v) */
        lua_Integer pos = lua_tointegerx(L, 2, &ok1);
        lua_Integer size = uih_worklength(L);
        if (ok1 && pos >= 1 && pos <= size) cost = uih_span(pos, size);
    } else if (kind == 1 && nargs >= 2) {                            /* remove(t, pos) */
        lua_Integer pos = lua_tointegerx(L, 2, &ok1);
        lua_Integer size = uih_worklength(L);
        if (ok1 && pos >= 1 && pos <= size) cost = uih_span(pos, size);
    } else if (kind == 2) {                                          /* move(a1, f, e, t [,a2]) */
        cost = uih_movecost(L);
    } else if (kind == 3 && nargs >= 1) {                            /* sort(t [,comp]) */
        cost = uih_sortcost(L);
        nargs = lua_gettop(L);
    } else if (kind == 4) {                                          /* concat(list [,sep [,i [,j]]]) */
        cost = uih_concatcost(L);
    }
    uih_charge(L, cost);
    lua_settop(L, nargs);
    return original(L);
}

/* string.rep(s, n [,sep]) loops n times. Its bytes are charged as they are
   allocated, but with an empty string and separator it loops copying nothing:
   that case is charged n/8 (any other n Lua refuses or allocates for). */
static int uih_chargedrep(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int ok;
    lua_Integer n = lua_tointegerx(L, 2, &ok);
    size_t ls = 1, lsep = 0;
    if (lua_type(L, 1) == LUA_TSTRING) ls = lua_rawlen(L, 1);
    if (lua_type(L, 3) == LUA_TSTRING) lsep = lua_rawlen(L, 3);
    else if (!lua_isnoneornil(L, 3)) lsep = 1;
    if (ok && n > 0 && ls == 0 && lsep == 0) uih_charge(L, (int64_t)(n / 8));
    return original(L);
}

void uih_chargerep(lua_State *L) {
    lua_getfield(L, -1, "rep");
    lua_pushcclosure(L, uih_chargedrep, 1);
    lua_setfield(L, -2, "rep");
}

void uih_chargetablefunctions(lua_State *L) {
    static const char *const names[] = { "insert", "remove", "move", "sort", "concat" };
    for (int i = 0; i < 5; i++) {
        lua_getfield(L, -1, names[i]);
        lua_pushinteger(L, i);
        lua_pushcclosure(L, uih_chargedtable, 2);
        lua_setfield(L, -2, names[i]);
    }
}

/* MARK: - Functions that take or give many values, charged */

/* n values a function is about to push, charged when the stack can take them
   (otherwise Lua's own function raises its error, uncharged). */
static int64_t uih_resultscost(lua_State *L, lua_Integer n) {
    if (n <= 0 || n >= INT_MAX || !lua_checkstack(L, (int)n)) return 0;
    return (int64_t)n;
}

/* Lua's own positions: string.byte's start (posrelatI) and end (getendpos),
   and utf8's (u_posrelat). */
static lua_Integer uih_startpos(lua_Integer pos, lua_Integer len) {
    if (pos > 0) return pos;
    if (pos == 0 || pos < -len) return 1;
    return len + pos + 1;
}

static lua_Integer uih_endpos(lua_Integer pos, lua_Integer len) {
    if (pos > len) return len;
    if (pos >= 0) return pos;
    if (pos < -len) return 0;
    return len + pos + 1;
}

static lua_Integer uih_utf8pos(lua_Integer pos, lua_Integer len) {
    if (pos >= 0) return pos;
    if (0u - (lua_Unsigned)pos > (lua_Unsigned)len) return 0;
    return len + pos + 1;
}

/* Integer argument `arg`, or `def` when it is none or nil; *ok says whether
   Lua's luaL_optinteger would take it. */
static lua_Integer uih_optinteger(lua_State *L, int arg, lua_Integer def, int *ok) {
    *ok = 1;
    if (lua_isnoneornil(L, arg)) return def;
    return lua_tointegerx(L, arg, ok);
}

/* Every argument from the first an integer that, as an unsigned number, is
   at most `max`: what string.char and utf8.char take. */
static int uih_allcodes(lua_State *L, lua_Unsigned max) {
    int n = lua_gettop(L), ok;
    for (int i = 1; i <= n; i++) {
        lua_Integer c = lua_tointegerx(L, i, &ok);
        if (!ok || (lua_Unsigned)c > max) return 0;
    }
    return 1;
}

enum { UIH_SELECT, UIH_UNPACK, UIH_BYTE, UIH_CHAR, UIH_UTF8CHAR, UIH_CODEPOINT, UIH_UTF8LEN };

/* select(n, ...): the n - 1 values passed, which the call copied in and which
   (but for '#') go back out. */
static int64_t uih_selectcost(lua_State *L) {
    int n = lua_gettop(L), ok;
    if (lua_type(L, 1) == LUA_TSTRING && *lua_tostring(L, 1) == '#') return n - 1;
    lua_Integer i = lua_tointegerx(L, 1, &ok);
    if (!ok) return 0;
    if (i < 0) i = n + i;
    else if (i > n) i = n;
    return i >= 1 ? n - 1 : 0;
}

/* table.unpack(list, i, j): j - i + 1 values. */
static int64_t uih_unpackcost(lua_State *L) {
    int ok;
    lua_Integer i = uih_optinteger(L, 2, 1, &ok);
    if (!ok) return 0;
    lua_Integer e;
    if (lua_isnoneornil(L, 3)) {
        if (!uih_tablelike(L, 1)) return 0;   /* Lua's length of it raises */
        e = uih_worklength(L);
    } else {
        e = lua_tointegerx(L, 3, &ok);
        if (!ok) return 0;
    }
    if (i > e || (lua_Unsigned)e - (lua_Unsigned)i >= (lua_Unsigned)INT_MAX) return 0;
    return uih_resultscost(L, e - i + 1);
}

/* string.byte(s, i, j) and utf8.codepoint(s, i, j): a value for each byte
   (an upper bound for codepoint's characters). */
static int64_t uih_bytescost(lua_State *L, int utf8) {
    if (lua_type(L, 1) != LUA_TSTRING) return 0;   /* a number converts to a short string */
    lua_Integer len = (lua_Integer)lua_rawlen(L, 1);
    int ok;
    lua_Integer i, j;
    if (utf8) {
        i = uih_utf8pos(uih_optinteger(L, 2, 1, &ok), len);
        if (!ok) return 0;
        j = uih_utf8pos(uih_optinteger(L, 3, i, &ok), len);
        if (!ok || i < 1 || j > len) return 0;
    } else {
        lua_Integer pi = uih_optinteger(L, 2, 1, &ok);
        if (!ok) return 0;
        j = uih_endpos(uih_optinteger(L, 3, pi, &ok), len);
        if (!ok) return 0;
        i = uih_startpos(pi, len);
    }
    if (i > j || j - i >= INT_MAX) return 0;
    return uih_resultscost(L, j - i + 1);
}

/* utf8.len(s, i, j) reads bytes i to j: an instruction a byte (decoding one
   takes about as long as the VM takes for an instruction). */
static int64_t uih_utf8lencost(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) return 0;
    lua_Integer len = (lua_Integer)lua_rawlen(L, 1);
    int ok;
    lua_Integer i = uih_utf8pos(uih_optinteger(L, 2, 1, &ok), len);
    if (!ok) return 0;
    lua_Integer j = uih_utf8pos(uih_optinteger(L, 3, -1, &ok), len);
    if (!ok || i < 1 || i - 1 > len || j - 1 >= len || j < i) return 0;
    return j - i + 1;
}

/* utf8.offset(s, n, i) steps n characters from i, over as many continuation
   bytes as a character has: however many it is given, a step can read the
   whole string. So it is charged after its work (no more than the string's
   length) for the bytes between i and where it stopped. */
static int uih_chargedoffset(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int ok = 0;
    lua_Integer len = lua_type(L, 1) == LUA_TSTRING ? (lua_Integer)lua_rawlen(L, 1) : 0;
    lua_Integer n = lua_tointegerx(L, 2, &ok);
    lua_Integer i = ok ? uih_utf8pos(uih_optinteger(L, 3, n >= 0 ? 1 : len + 1, &ok), len) : 0;
    int results = original(L);
    if (!ok || len == 0) return results;
    int found;
    lua_Integer at = lua_tointegerx(L, -results, &found);
    if (!found) at = n > 0 ? len + 1 : 0;   /* not found: it read to the end, or the start */
    uih_charge(L, at > i ? at - i : i - at);
    return results;
}

/* select, table.unpack, string.byte and char, utf8.char, codepoint and len
   take or give as many values, or read as many bytes, as their arguments
   say, all in C: each is charged before Lua's own function runs,
   in this frame, for arguments Lua accepts (as uih_chargedtable). Upvalue 1
   is Lua's function, upvalue 2 which one it is. */
static int uih_chargedvalues(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    int nargs = lua_gettop(L);
    int64_t cost = 0;
    switch (kind) {
    case UIH_SELECT: cost = uih_selectcost(L); break;
    case UIH_UNPACK: cost = uih_unpackcost(L); break;
    case UIH_BYTE: cost = uih_bytescost(L, 0); break;
    case UIH_CODEPOINT: cost = uih_bytescost(L, 1); break;
    case UIH_CHAR: cost = uih_allcodes(L, 255u) ? nargs : 0; break;
    case UIH_UTF8CHAR: cost = uih_allcodes(L, 0x7FFFFFFFu) ? nargs : 0; break;
    case UIH_UTF8LEN: cost = uih_utf8lencost(L); break;
    }
    uih_charge(L, cost);
    lua_settop(L, nargs);
    return original(L);
}

/* Wraps library[name] (a global when library is NULL) in `charged`, with
   Lua's function and `kind` as its upvalues. */
static void uih_chargevalues(lua_State *L, const char *library, const char *name, int kind, lua_CFunction charged) {
    if (library != NULL) lua_getglobal(L, library);
    else lua_pushglobaltable(L);
    if (lua_getfield(L, -1, name) == LUA_TFUNCTION) {
        lua_pushinteger(L, kind);
        lua_pushcclosure(L, charged, 2);
        lua_setfield(L, -2, name);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void uih_chargevaluefunctions(lua_State *L) {
    uih_chargevalues(L, NULL, "select", UIH_SELECT, uih_chargedvalues);
    uih_chargevalues(L, "table", "unpack", UIH_UNPACK, uih_chargedvalues);
    uih_chargevalues(L, "string", "byte", UIH_BYTE, uih_chargedvalues);
    uih_chargevalues(L, "string", "char", UIH_CHAR, uih_chargedvalues);
    uih_chargevalues(L, "utf8", "char", UIH_UTF8CHAR, uih_chargedvalues);
    uih_chargevalues(L, "utf8", "codepoint", UIH_CODEPOINT, uih_chargedvalues);
    uih_chargevalues(L, "utf8", "len", UIH_UTF8LEN, uih_chargedvalues);
    uih_chargevalues(L, "utf8", "offset", 0, uih_chargedoffset);
}

void uih_opensandboxlibs(lua_State *L, int io) {
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},        {LUA_COLIBNAME, luaopen_coroutine},
        {LUA_TABLIBNAME, luaopen_table},  {LUA_OSLIBNAME, luaopen_os},
        {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_IOLIBNAME, luaopen_io},
    };
    size_t count = sizeof libraries / sizeof libraries[0] - (io ? 0 : 1);
    for (size_t i = 0; i < count; i++) {
        luaL_requiref(L, libraries[i].name, libraries[i].func, 1);
        lua_pop(L, 1);
    }
}
