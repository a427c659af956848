#include "CLuaShim.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <pthread.h>
#include <sys/time.h>

/* MARK: - Runtime record and counting allocator */

static void uih_counthook(lua_State *L, lua_Debug *ar);

static void *uih_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    uih_Runtime *rt = (uih_Runtime *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        rt->used -= old;
        return NULL;
    }
    if (nsize > old && rt->inCall && rt->inSwift == 0 && rt->budget >= 0 && !rt->budgetExceeded) {
        /* Library functions that build strings and tables work in C, unseen by
           the count hook: what they allocate is charged to the budget. */
        rt->budget -= (int64_t)((nsize - old) / UIH_BYTES_PER_INSTRUCTION);
        if (rt->budget < 0 && !rt->budgetExceeded) {
            rt->budget = 0;
            rt->budgetExceeded = 1;
            if (rt->running != NULL) lua_sethook(rt->running, uih_counthook, LUA_MASKCOUNT, 1);
        }
    }
    if (nsize > old && rt->limit != 0 && rt->inSwift == 0 &&
        rt->used - old + nsize > rt->limit) {
        rt->memoryExceeded = 1;
        return NULL;   /* Lua raises a memory error, in C, caught by the nearest pcall */
    }
    void *p = realloc(ptr, nsize);
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

lua_State *uih_newstate(size_t memoryLimit) {
    uih_Runtime *rt = (uih_Runtime *)calloc(1, sizeof(uih_Runtime));
    if (rt == NULL) return NULL;
    rt->limit = memoryLimit;
    rt->budget = -1;
    rt->inSwift = 1;   /* the host runs until it calls into Lua */
    lua_State *L = lua_newstate(uih_alloc, rt);
    if (L == NULL) { free(rt); return NULL; }
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
    free(rt);
}

/* MARK: - Instruction budget and time limit */

#define UIH_HOOK_STEP 1000

/* Ticks of process CPU time (user and system), counted by the SIGPROF handler. */
static volatile unsigned long uih_tickcount;
/* The runtime whose call this thread is running, for the signal handler. */
static _Thread_local __attribute__((tls_model("initial-exec"))) uih_Runtime *uih_active;

unsigned long uih_ticks(void) {
    return __atomic_load_n(&uih_tickcount, __ATOMIC_RELAXED);
}

/* Pushes "file:line: " of the nearest Lua function from `level` up (0 from a
   hook, which has no frame of its own; 1 from a library function, which may be
   called by another, like sort's comparison), or "". */
static void uih_where(lua_State *L, int level) {
    lua_Debug ar;
    for (; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* Raises the budget error at the line of the Lua function at `level` or above. */
static void uih_budgeterrorat(lua_State *L, uih_Runtime *rt, int level) {
    uih_where(L, level);
    lua_pushfstring(L, "instruction budget exceeded (%I instructions)", (lua_Integer)rt->budgetStart);
    lua_concat(L, 2);
    lua_error(L);
}

static void uih_budgeterror(lua_State *L, uih_Runtime *rt) { uih_budgeterrorat(L, rt, 0); }

static void uih_timeerrorat(lua_State *L, uih_Runtime *rt, int level) {
    uih_where(L, level);
    lua_pushfstring(L, "time limit exceeded (%f s of CPU)", (double)rt->timeTicks * UIH_TICK_MS / 1000.0);
    lua_concat(L, 2);
    lua_error(L);
}

static void uih_timeerror(lua_State *L, uih_Runtime *rt) { uih_timeerrorat(L, rt, 0); }

static void uih_counthook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    uih_Runtime *rt = uih_runtime(L);
    /* Past a limit: raise on every instruction, so that a script's own pcall
       cannot catch the error and carry on. */
    if (rt->timeExceeded) uih_timeerror(L, rt);
    if (rt->budgetExceeded) uih_budgeterror(L, rt);
    if (rt->timeTicks > 0 && rt->inCall && uih_ticks() - rt->callStart >= (unsigned long)rt->timeTicks) {
        rt->timeExceeded = 1;
        lua_sethook(L, uih_counthook, LUA_MASKCOUNT, 1);
        uih_timeerror(L, rt);
    }
    /* The instructions since the last call: a count-1 hook left from an error
       already reported is set back to the usual step. */
    int count = lua_gethookcount(L);
    if (count != UIH_HOOK_STEP) lua_sethook(L, uih_counthook, LUA_MASKCOUNT, UIH_HOOK_STEP);
    if (rt->budget < 0) return;
    rt->budget -= count;
    if (rt->budget < 0) {
        rt->budget = 0;
        rt->budgetExceeded = 1;
        lua_sethook(L, uih_counthook, LUA_MASKCOUNT, 1);
        uih_budgeterror(L, rt);
    }
}

void uih_charge(lua_State *L, int64_t instructions) {
    uih_Runtime *rt = uih_runtime(L);
    if (!rt->inCall) return;
    if (rt->timeExceeded) uih_timeerrorat(L, rt, 1);
    if (rt->budgetExceeded) uih_budgeterrorat(L, rt, 1);
    if (rt->timeTicks > 0 && uih_ticks() - rt->callStart >= (unsigned long)rt->timeTicks) {
        rt->timeExceeded = 1;
        lua_sethook(L, uih_counthook, LUA_MASKCOUNT, 1);
        uih_timeerrorat(L, rt, 1);
    }
    if (rt->budget < 0) return;
    if (instructions < 0 || instructions > rt->budget) {
        rt->budget = 0;
        rt->budgetExceeded = 1;
        lua_sethook(L, uih_counthook, LUA_MASKCOUNT, 1);
        uih_budgeterrorat(L, rt, 1);
    }
    rt->budget -= instructions;
}

/* SIGPROF, every UIH_TICK_MS of CPU: a call past its time limit gets a hook on
   its next instruction. A library function running in C finishes its work first;
   lua_sethook is the one call Lua allows from a signal handler. */
static void uih_proftick(int sig) {
    (void)sig;
    unsigned long now = __atomic_add_fetch(&uih_tickcount, 1, __ATOMIC_RELAXED);
    uih_Runtime *rt = uih_active;
    if (rt == NULL || !rt->inCall || rt->timeTicks <= 0 || rt->timeExceeded) return;
    if (now - rt->callStart < (unsigned long)rt->timeTicks) return;
    rt->timeExceeded = 1;
    lua_State *T = rt->running;
    if (T != NULL) lua_sethook(T, uih_counthook, LUA_MASKCOUNT, 1);
}

static void uih_starttick(void) {
    static int started = 0;
    if (started) return;
    started = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = uih_proftick;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPROF, &sa, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPROF);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    struct itimerval it;
    it.it_interval.tv_sec = 0;
    it.it_interval.tv_usec = UIH_TICK_MS * 1000;
    it.it_value = it.it_interval;
    setitimer(ITIMER_PROF, &it, NULL);
}

void uih_settimelimit(lua_State *L, double seconds) {
    uih_Runtime *rt = uih_runtime(L);
    long ticks = seconds > 0 ? (long)(seconds * 1000.0 / UIH_TICK_MS + 0.5) : 0;
    if (seconds > 0 && ticks < 1) ticks = 1;
    rt->timeTicks = ticks;
    if (ticks > 0) uih_starttick();
}

static void uih_deadlinehook(lua_State *L, lua_Debug *ar);

/* Sets the hook thread L needs now. A hook already in place is left alone:
   setting it again would restart its count, and a script resuming coroutines
   in a loop would never reach the next hook call. */
static void uih_armhook(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    lua_Hook hook = NULL;
    int count = 0;
    if (rt->budgetExceeded || rt->timeExceeded) { hook = uih_counthook; count = 1; }
    else if (rt->budget >= 0 || (rt->timeTicks > 0 && rt->inCall)) { hook = uih_counthook; count = UIH_HOOK_STEP; }
    else if (rt->deadline > 0) { hook = uih_deadlinehook; count = 10000; }
    if (lua_gethook(L) == hook && lua_gethookcount(L) == count &&
        lua_gethookmask(L) == (hook ? LUA_MASKCOUNT : 0)) return;
    lua_sethook(L, hook, hook ? LUA_MASKCOUNT : 0, count);
}

void uih_setbudget(lua_State *L, int64_t instructions) {
    uih_Runtime *rt = uih_runtime(L);
    rt->budget = instructions;
    rt->budgetStart = instructions;
    rt->budgetExceeded = 0;
    uih_armhook(L);
}

void uih_begincall(lua_State *T, int64_t instructions, uih_CallFrame *frame) {
    uih_Runtime *rt = uih_runtime(T);
    frame->budget = rt->budget;
    frame->budgetStart = rt->budgetStart;
    frame->callStart = rt->callStart;
    frame->running = rt->running;
    frame->inCall = rt->inCall;
    frame->active = uih_active;
    if (rt->inCall == 0) {
        /* A call from the host's own event: a fresh budget and time window. A
           call made while it runs (a module required, a coroutine spawned, a
           screen's onAppear) shares them, so nesting cannot multiply either. */
        rt->budget = instructions;
        rt->budgetStart = instructions;
        rt->budgetExceeded = 0;
        rt->timeExceeded = 0;
        rt->callStart = uih_ticks();
    }
    rt->running = T;
    rt->inCall++;
    uih_active = rt;
    uih_armhook(T);
}

void uih_endcall(lua_State *L, lua_State *T, const uih_CallFrame *frame) {
    uih_Runtime *rt = uih_runtime(T);
    rt->inCall = frame->inCall;
    rt->running = frame->running;
    if (rt->inCall == 0) {
        rt->budget = frame->budget;
        rt->budgetStart = frame->budgetStart;
        rt->callStart = frame->callStart;
    }
    uih_active = frame->active;
    uih_armhook(T);
    if (T != L) uih_armhook(L);
}

void uih_clearlimits(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    rt->budgetExceeded = 0;
    rt->timeExceeded = 0;
    rt->memoryExceeded = 0;
}

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

/* coroutine.resume. Upvalue 1 is Lua's own, called in this function's frame so
   that its messages name the function as the script called it. */
static int uih_coresume(lua_State *L) {
    lua_CFunction resume = lua_tocfunction(L, lua_upvalueindex(1));
    lua_State *co = lua_tothread(L, 1);
    if (co == NULL || !uih_runtime(L)->inCall) return resume(L);   /* a bad argument: Lua's resume says so */
    return uih_resumein(L, resume, co);
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
        status = lua_resetthread(co);
        lua_xmove(co, L, 1);   /* the error, or one raised while closing */
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap. Upvalues: Lua's coroutine.create and coroutine.resume. */
static int uih_cowrap(lua_State *L) {
    lua_CFunction create = lua_tocfunction(L, lua_upvalueindex(1));
    create(L);   /* checks the function and pushes the new thread */
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
    lua_pushcclosure(L, uih_cowrap, 2);
    lua_setfield(L, -2, "wrap");
}

/* MARK: - Table functions, charged */

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

/* An integer argument as luaL_checkinteger reads it (floats with an exact
   value and numeric strings too); 0 in *ok when it is not one. */
static lua_Integer uih_intarg(lua_State *L, int arg, int *ok) {
    return lua_tointegerx(L, arg, ok);
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
    if (!byLess && (comparator != LUA_TFUNCTION || !lua_iscfunction(L, 2))) return cost;
    if (byLess && lua_type(L, 1) == LUA_TTABLE) {
        if (!lua_getmetatable(L, 1)) {
            int64_t bytes = 0;
            for (lua_Integer i = 1; i <= n; i++) {
                if (lua_rawgeti(L, 1, i) == LUA_TSTRING) bytes = uih_add(bytes, (int64_t)lua_rawlen(L, -1));
                lua_pop(L, 1);
            }
            return uih_add(cost, uih_times(bytes / 64, log));
        }
        lua_pop(L, 1);   /* the metatable */
    }
    lua_settop(L, 2);
    lua_pushcclosure(L, uih_sortless, 1);   /* the comparator (or nil) becomes its upvalue */
    return cost;
}

/* table.insert, remove, move and sort move elements in C, as many as the table
   says it has: each is charged an instruction per element it may move (sort:
   see uih_sortcost) before Lua's own function runs, in this frame, where its
   argument errors read as usual. Upvalue 1 is Lua's function. */
static int uih_chargedtable(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    int nargs = lua_gettop(L);
    int64_t cost = 0;
    int ok1, ok2, ok3;
    if (kind == 0 && nargs == 3) {                                   /* insert(t, pos, v) */
        lua_Integer pos = uih_intarg(L, 2, &ok1);
        lua_Integer size = uih_worklength(L);
        if (ok1 && pos >= 1 && pos <= size) cost = uih_span(pos, size);
    } else if (kind == 1 && nargs >= 2) {                            /* remove(t, pos) */
        lua_Integer pos = uih_intarg(L, 2, &ok1);
        lua_Integer size = uih_worklength(L);
        if (ok1 && pos >= 1 && pos <= size) cost = uih_span(pos, size);
    } else if (kind == 2) {                                          /* move(a1, f, e, t [,a2]) */
        lua_Integer f = uih_intarg(L, 2, &ok1), e = uih_intarg(L, 3, &ok2);
        (void)uih_intarg(L, 4, &ok3);
        if (ok1 && ok2 && ok3 && e >= f && (f > 0 || e < LUA_MAXINTEGER + f)) cost = uih_span(f, e);
    } else if (kind == 3 && nargs >= 1) {                            /* sort(t [,comp]) */
        cost = uih_sortcost(L);
        nargs = lua_gettop(L);
    }
    uih_charge(L, cost);
    lua_settop(L, nargs);
    return original(L);
}

/* string.rep copies n times; with an empty string and separator it loops n
   times copying nothing, so it is charged for n (bytes are charged as allocated). */
static int uih_chargedrep(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    int ok;
    lua_Integer n = lua_tointegerx(L, 2, &ok);
    if (ok && n > 0) uih_charge(L, (int64_t)(n / 8));
    return original(L);
}

void uih_chargerep(lua_State *L) {
    lua_getfield(L, -1, "rep");
    lua_pushcclosure(L, uih_chargedrep, 1);
    lua_setfield(L, -2, "rep");
}

void uih_chargetablefunctions(lua_State *L) {
    static const char *const names[] = { "insert", "remove", "move", "sort" };
    for (int i = 0; i < 4; i++) {
        lua_getfield(L, -1, names[i]);
        lua_pushinteger(L, i);
        lua_pushcclosure(L, uih_chargedtable, 2);
        lua_setfield(L, -2, names[i]);
    }
}

/* MARK: - Deadline */

static double uih_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void uih_deadlinehook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    uih_Runtime *rt = uih_runtime(L);
    if (rt->deadline > 0 && uih_now() > rt->deadline) {
        lua_sethook(L, uih_deadlinehook, LUA_MASKCOUNT, 1);   /* raise again until out of every pcall */
        luaL_where(L, 0);
        lua_pushfstring(L, "timed out after %f s", rt->timeLimit);
        lua_concat(L, 2);
        lua_error(L);
    }
}

void uih_setdeadline(lua_State *L, double seconds) {
    uih_Runtime *rt = uih_runtime(L);
    rt->timeLimit = seconds;
    rt->deadline = seconds > 0 ? uih_now() + seconds : 0;
    if (seconds > 0) lua_sethook(L, uih_deadlinehook, LUA_MASKCOUNT, 10000);
    else lua_sethook(L, NULL, 0, 0);
}

/* MARK: - Protected calls */

static int uih_traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
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
    return luaL_loadbufferx(L, buf, len, chunkname, "t");
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
