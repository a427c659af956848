/*
 * The only C we write. Lua raises errors with longjmp, which must never unwind a
 * Swift frame, so:
 *  - Swift calls into Lua only through uih_pcall (traceback message handler) or the
 *    protected helpers below;
 *  - every Swift function exposed to Lua is reached through uih_pushswiftfunction's
 *    trampoline, which raises the error (or yields) after the Swift function has
 *    returned.
 * It also holds the runtime record behind each state: the counting allocator and
 * the instruction budget.
 */
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#include <stddef.h>
#include <stdint.h>

/* What a Swift function returns to the trampoline besides a result count. */
#define UIH_RAISE_WHERE (-1)   /* raise the string on top, prefixed with the caller's file:line */
#define UIH_RAISE (-2)         /* raise the value on top as it is */
#define UIH_YIELD_BASE (-16)   /* UIH_YIELD_BASE - n: yield the n values on top */

typedef int (*uih_SwiftFunction)(lua_State *L);

/* The per-state record, reachable from any thread of the state. */
typedef struct uih_Runtime {
    void *host;                /* opaque owner pointer set by Swift */
    size_t used;               /* bytes allocated by Lua */
    size_t peak;
    size_t limit;              /* 0 = none */
    int inSwift;               /* >0 while Swift code runs (host or a function called by Lua):
                                  allocation never fails then, so no memory error unwinds Swift */
    int memoryExceeded;        /* set when an allocation was refused */
    int64_t budget;            /* instructions left for the current call; <0 = unlimited */
    int64_t budgetStart;
    int budgetExceeded;
    double deadline;           /* monotonic seconds; 0 = none (test scripts' per-case time limit) */
    double timeLimit;
    /* The CPU-time limit of one call, the backstop for work the instruction count
       does not see (library functions in C). Read by the SIGPROF handler. */
    volatile long timeTicks;           /* ticks (UIH_TICK_MS of process CPU) one call may use; 0 = none */
    volatile unsigned long callStart;  /* the tick count when the current call began */
    volatile int timeExceeded;
    volatile int inCall;               /* >0 while a call from the host runs */
    lua_State *volatile running;       /* the thread running the current call's Lua code */
    volatile int interrupted;          /* set by uih_interrupt: every call raises from now on */
    struct uih_Coverage *coverage;     /* line counts (`uihost test --coverage`); NULL = none */
    /* The host's own work for the script, counted (in debug builds: LuaWork)
       so that tests can bound it by what is shown, not by CPU seconds. */
    uint64_t entriesRead;              /* table entries the host read */
    uint64_t bytesCopied;              /* bytes of Lua strings copied into the host */
    struct uih_Pool *pool;             /* the small blocks behind the allocator (pool.c) */
} uih_Runtime;

/* What uih_begincall saves of an enclosing call, for uih_endcall to give back. */
typedef struct uih_CallFrame {
    int64_t budget;
    int64_t budgetStart;
    unsigned long callStart;
    lua_State *running;
    int inCall;
    uih_Runtime *active;
} uih_CallFrame;

#define UIH_TICK_MS 10
/* Bytes a script allocates per instruction charged to its budget. */
#define UIH_BYTES_PER_INSTRUCTION 8

/* A new state with the counting allocator and the runtime record; NULL on failure. */
lua_State *uih_newstate(size_t memoryLimit);
void uih_close(lua_State *L);
uih_Runtime *uih_runtime(lua_State *L);
/* The small blocks behind L's allocator (pool.c): the bytes of its slabs
   that hold blocks, and of the chunks it mapped; the bytes every state of
   the process mapped (a closed state unmaps its own). */
size_t uih_poolbytes(lua_State *L);
size_t uih_poolmappedbytes(lua_State *L);
size_t uih_livepoolbytes(void);

/* Counts one table entry the host read from L's state: a plain increment
   (the runtime record's address is the state's extra space). */
static inline void uih_countentry(lua_State *L) {
    (*(uih_Runtime **)lua_getextraspace(L))->entriesRead++;
}
/* Counts bytes of a Lua string the host copied out of L's state. */
static inline void uih_countbytes(lua_State *L, size_t count) {
    (*(uih_Runtime **)lua_getextraspace(L))->bytesCopied += count;
}

/* Begins a call from the host on thread T. The outermost call gets a fresh
 * budget (instructions, <0 unlimited) and CPU-time window; a call begun while
 * another runs shares them, so a handler's budget covers what it sets off.
 * What is replaced is saved in *frame. */
void uih_begincall(lua_State *T, int64_t instructions, uih_CallFrame *frame);
/* Ends the call: the enclosing call's thread runs on (hooks re-armed); after
 * the outermost, the idle state is back. A budget a nested call used up is used
 * up for the enclosing call too. */
void uih_endcall(lua_State *L, lua_State *T, const uih_CallFrame *frame);

/* The CPU-time limit of each call (0 removes it): past it, Lua code raises
 * "time limit exceeded". Starts the process's SIGPROF tick when first needed. */
void uih_settimelimit(lua_State *L, double seconds);
/* Ticks of process CPU time counted so far. */
unsigned long uih_ticks(void);

/* Charges work done in C to the current call's budget (and checks its time
 * limit): raises the limit's error, at the calling Lua line, once used up.
 * instructions < 0 is more than any budget. For library functions only. */
void uih_charge(lua_State *L, int64_t instructions);

/* Charges work a Swift function did for the script calling it to the current
 * call's budget, without raising: past the budget, the script stops at its next
 * instruction. For the Swift functions of an embedding app's modules. */
void uih_chargeswift(lua_State *L, int64_t instructions);

/* Replaces find, match, gmatch and gsub in the string table on top with Lua
 * pattern functions whose matching is charged to the budget (pattern.c). */
void uih_installpatterns(lua_State *L);

/* Replaces insert, remove, move, sort and concat in the table library on top
 * with versions charged for the elements they move. */
void uih_chargetablefunctions(lua_State *L);
/* Replaces rep in the string table on top with a version charged for its count. */
void uih_chargerep(lua_State *L);

/* Replaces select, table.unpack, string.byte and char, and utf8.char,
   codepoint, len and offset (found through the global table) with versions
   charged for the values they take or give and the bytes they read. */
void uih_chargevaluefunctions(lua_State *L);

/* Opens the standard libraries a sandbox keeps, as luaL_openlibs would:
   base, coroutine, table, string, math, utf8, os, and io if `io` is set; not
   package and debug, which the sandbox removes at once (but with --allow all,
   which opens them all). */
void uih_opensandboxlibs(lua_State *L, int io);

/* Clears the marks of an exceeded limit once its error has been reported. */
void uih_clearlimits(lua_State *L);
/* Stops the running script and every later call with "interrupted": the app is
   ending (a signal or Ctrl-C arrived while a handler ran). Safe from another
   thread or a signal handler: it only sets a flag and a count-1 hook. */
void uih_interrupt(uih_Runtime *rt);

/* Charges the current call for a coroutine the host makes (ui.spawn) as
 * coroutine.create does; never raises. */
void uih_chargenewthread(lua_State *L);

/* Replaces coroutine.create, resume and wrap (in the table on top) with versions
 * that keep the running thread known to the limits and charge for new threads. */
void uih_wrapcoroutines(lua_State *L);

/* A wall-clock limit for the calls that follow (0 removes it): past it, Lua
 * code raises "timed out after N s". For test scripts, whose cases have a time
 * limit rather than an instruction budget. */
void uih_setdeadline(lua_State *L, double seconds);

/* The bytes of an error message kept: a script can raise a message as long as
 * its memory allows, and the traceback appended to it would copy it whole (twice
 * the memory, inside the limit) for a log that keeps only this much of it. */
#define UIH_MAX_MESSAGE_BYTES 65536

/* lua_pcall with a traceback message handler. On error the message (with traceback
 * appended after "\nstack traceback:") is on top; a message longer than
 * UIH_MAX_MESSAGE_BYTES is cut on a UTF-8 boundary and ends in U+2026. */
int uih_pcall(lua_State *L, int nargs, int nresults);
/* luaL_loadbufferx, text only. */
int uih_loadtext(lua_State *L, const char *buf, size_t len, const char *chunkname);
/* Loads the sandbox prelude from the bytecode the release build embedded,
   if `text` is the text it was made from (prelude.c); UIH_PRELUDE_NONE
   (nothing pushed) when there is none, or it is not that text's. */
#define UIH_PRELUDE_NONE (-1)
int uih_loadprelude(lua_State *L, const char *text, size_t len, const char *chunkname);
/* Resumes coroutine co with nargs from co's stack, budgeted; returns the status, nresults set. */
int uih_resume(lua_State *co, lua_State *from, int nargs, int *nresults);

/* Pushes a Lua function that calls f through the trampoline. */
void uih_pushswiftfunction(lua_State *L, uih_SwiftFunction f);
/* The same, with the n values on top of the stack (popped) as upvalues 2…n+1:
 * one Swift function serves several Lua functions that differ by a value. */
void uih_pushswiftclosure(lua_State *L, uih_SwiftFunction f, int n);

/* Component proxies (shim.c): a component is an empty proxy whose fields
   live in a storage table behind it; the proxy's metamethods read and write
   the storage, and record every write. */
#define UIH_MAX_WRITTEN 32
/* Pops, in order pushed, a methods table (or nil), a set of watched names, a
   flag table and an array of written proxies; sets __index, __newindex,
   __len and __pairs of the metatable at mt. */
void uih_setproxymetamethods(lua_State *L, int mt);
/* Pushes the storage of the proxy at idx and returns 1; pushes nothing and
   returns 0 when idx is not a proxy. */
int uih_pushstorage(lua_State *L, int idx);
/* As uih_pushstorage, making the component at `idx` a proxy first when the
   host reads it for the first time (uih_makeproxy). 0 for a non-component. */
int uih_pushstoragemaking(lua_State *L, int idx);
/* Makes the table at idx a proxy: its fields move into a new storage table
   behind it; marked when one of them is a plain table. Its entry in the
   registry's table of component owners (UIH_OWNERS_KEY), if any, is given
   to the storage too: the host finds a component's owner by its storage. */
void uih_makeproxy(lua_State *L, int idx);
/* The registry field of the weak-keyed table that maps a component (its
   table, and its storage once it has one) to the plugin whose code made it. */
#define UIH_OWNERS_KEY "uihost.componentowners"
/* Pushes a table of next, rawget, rawset and rawlen that look through
   proxies, for the sandbox. */
void uih_pushrawfunctions(lua_State *L);
/* Whether a field of the proxy at idx held a plain table since it was made. */
int uih_holdsplaintables(lua_State *L, int idx);

/* Protected helpers for API calls that can raise. Return LUA_OK or an error status
 * with the message on top. */
int uih_ptostring(lua_State *L, int idx);   /* pushes luaL_tolstring(idx) */
int uih_plen(lua_State *L, int idx, lua_Integer *out);

/* Variadic functions Swift cannot call. */
static inline int uih_gccollect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT, 0); }

/* Macro replacements. */
static inline void uih_remove(lua_State *L, int idx) { lua_rotate(L, idx, -1); lua_settop(L, -2); }
static inline int uih_upvalueindex(int i) { return LUA_REGISTRYINDEX - i; }
static inline int uih_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int uih_getglobaltable(lua_State *L) { return lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }

#include "uih_coverage.h"

#endif
