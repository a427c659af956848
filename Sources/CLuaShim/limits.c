/*
 * The limits of a call into a script: the instruction budget (a count hook, and
 * charges for work library functions do in C), the CPU-time limit (a SIGPROF
 * tick that arms the hook), and the wall-clock deadline of a test case.
 */
#include "CLuaShim.h"
#include "uih_limits.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

/* MARK: - Instruction budget and time limit */

/* About how many instructions the VM runs in a tick (10 ms): 2.7 x 10^8 a second
   on the development machine. */
#define UIH_INSTRUCTIONS_PER_TICK 3000000

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

static void uih_interrupterrorat(lua_State *L, int level) {
    uih_where(L, level);
    lua_pushliteral(L, "interrupted: the app is ending");
    lua_concat(L, 2);
    lua_error(L);
}

static void uih_timeerrorat(lua_State *L, uih_Runtime *rt, int level) {
    uih_where(L, level);
    lua_pushfstring(L, "time limit exceeded (%f s of CPU)", (double)rt->timeTicks * UIH_TICK_MS / 1000.0);
    lua_concat(L, 2);
    lua_error(L);
}

/* Marks the budget, or the time window, used up, and arms a count-1 hook on T:
   from its next instruction on, every instruction raises the limit's error, so
   that a script's own pcall cannot catch it and carry on. */
static void uih_passbudget(uih_Runtime *rt, lua_State *T) {
    rt->budget = 0;
    rt->budgetExceeded = 1;
    if (T != NULL) uih_sethook(T, uih_counthook, 1);
}

static void uih_passtime(uih_Runtime *rt, lua_State *T) {
    rt->timeExceeded = 1;
    if (T != NULL) uih_sethook(T, uih_counthook, 1);
}

/* Takes `instructions` (<0: more than any budget) from the current call's
   budget and checks its time window. Past either limit, marks it and raises its
   error at the Lua line from `level` up (0 from the hook, 1 from a library
   function). Without a budget but with a time limit, work that could not end
   within the time left (at the VM's pace, UIH_INSTRUCTIONS_PER_TICK a tick) is
   refused at once, since the tick cannot stop a library function in the middle. */
static void uih_take(lua_State *L, uih_Runtime *rt, int64_t instructions, int level) {
    if (rt->interrupted) uih_interrupterrorat(L, level);
    if (rt->timeExceeded) uih_timeerrorat(L, rt, level);
    if (rt->budgetExceeded) uih_budgeterrorat(L, rt, level);
    if (rt->timeTicks > 0 && rt->inCall) {
        unsigned long used = uih_ticks() - rt->callStart;
        int over = used >= (unsigned long)rt->timeTicks;
        if (!over && rt->budget < 0) {
            int64_t left = (int64_t)((unsigned long)rt->timeTicks - used) * UIH_INSTRUCTIONS_PER_TICK;
            over = instructions < 0 || instructions > left;
        }
        if (over) {
            uih_passtime(rt, L);
            uih_timeerrorat(L, rt, level);
        }
    }
    if (rt->budget < 0) return;
    if (instructions < 0 || instructions > rt->budget) {
        uih_passbudget(rt, L);
        uih_budgeterrorat(L, rt, level);
    }
    rt->budget -= instructions;
}

void uih_counthook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    uih_Runtime *rt = uih_runtime(L);
    /* The instructions since the last call. A count-1 hook left from an error
       already reported goes back to the usual step; one for a limit passed now
       stays, to raise on every instruction. */
    int count = lua_gethookcount(L);
    if (count != UIH_HOOK_STEP && !rt->timeExceeded && !rt->budgetExceeded && !rt->interrupted)
        uih_sethook(L, uih_counthook, UIH_HOOK_STEP);
    uih_take(L, rt, count, 0);
}

void uih_charge(lua_State *L, int64_t instructions) {
    uih_Runtime *rt = uih_runtime(L);
    if (rt->inCall) uih_take(L, rt, instructions, 1);
}

void uih_spend(uih_Runtime *rt, int64_t instructions) {
    if (rt->budget < 0 || rt->budgetExceeded) return;
    rt->budget -= instructions;
    if (rt->budget < 0) uih_passbudget(rt, rt->running);
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
    uih_passtime(rt, rt->running);
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
void uih_armhook(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    lua_Hook hook = NULL;
    int count = 0;
    if (rt->budgetExceeded || rt->timeExceeded || rt->interrupted) { hook = uih_counthook; count = 1; }
    else if (rt->budget >= 0 || (rt->timeTicks > 0 && rt->inCall)) { hook = uih_counthook; count = UIH_HOOK_STEP; }
    else if (rt->deadline > 0) { hook = uih_deadlinehook; count = 10000; }
    if (rt->coverage != NULL) {
        uih_sethook(L, hook, count);
        return;
    }
    if (lua_gethook(L) == hook && lua_gethookcount(L) == count &&
        lua_gethookmask(L) == (hook ? LUA_MASKCOUNT : 0)) return;
    lua_sethook(L, hook, hook ? LUA_MASKCOUNT : 0, count);
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
    /* The enclosing call's thread, when it is a coroutine of its own. */
    if (frame->running != NULL && frame->running != T && frame->running != L) uih_armhook(frame->running);
}

void uih_clearlimits(lua_State *L) {
    uih_Runtime *rt = uih_runtime(L);
    rt->budgetExceeded = 0;
    rt->timeExceeded = 0;
    rt->memoryExceeded = 0;
}

void uih_interrupt(uih_Runtime *rt) {
    rt->interrupted = 1;
    lua_State *T = rt->running;
    /* lua_sethook is the one call Lua allows from outside the running thread. */
    if (T != NULL) uih_sethook(T, uih_counthook, 1);
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
        uih_sethook(L, uih_deadlinehook, 1);   /* raise again until out of every pcall */
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
    if (seconds > 0) uih_sethook(L, uih_deadlinehook, 10000);
    else uih_sethook(L, NULL, 0);
}

/* MARK: - Coverage

   With a collector, each hook above also gets line events (a wrapper records
   them and returns, so lines are never charged to the budget: the count
   events still come every `count` instructions) and no limit at all leaves a
   line hook alone. Without one, nothing here runs. */

static void uih_linehook(lua_State *L, lua_Debug *ar) {
    if (ar->event == LUA_HOOKLINE) uih_coverline(L, ar);
}

static void uih_coveredcounthook(lua_State *L, lua_Debug *ar) {
    if (ar->event == LUA_HOOKLINE) uih_coverline(L, ar);
    else uih_counthook(L, ar);
}

static void uih_covereddeadlinehook(lua_State *L, lua_Debug *ar) {
    if (ar->event == LUA_HOOKLINE) uih_coverline(L, ar);
    else uih_deadlinehook(L, ar);
}

void uih_sethook(lua_State *L, lua_Hook hook, int count) {
    if (uih_runtime(L)->coverage == NULL) {
        lua_sethook(L, hook, hook ? LUA_MASKCOUNT : 0, hook ? count : 0);
        return;
    }
    lua_Hook covered = hook == uih_counthook ? uih_coveredcounthook
        : hook == uih_deadlinehook ? uih_covereddeadlinehook : uih_linehook;
    int mask = hook ? LUA_MASKCOUNT | LUA_MASKLINE : LUA_MASKLINE;
    if (hook == NULL) count = 0;
    /* Set again, a hook would restart its count (see uih_armhook). */
    if (lua_gethook(L) == covered && lua_gethookcount(L) == count && lua_gethookmask(L) == mask) return;
    lua_sethook(L, covered, mask, count);
}
