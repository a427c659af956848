/* Shared inside CLuaShim (not part of its module): the hook and the budget. */
#ifndef UIH_LIMITS_H
#define UIH_LIMITS_H

#include "CLuaShim.h"

#define UIH_HOOK_STEP 1000
/* What making a coroutine costs: a new thread's hook starts counting afresh. */
#define UIH_THREAD_COST UIH_HOOK_STEP

/* The count hook: charges the budget, checks the time limit, raises past either. */
void uih_counthook(lua_State *L, lua_Debug *ar);
/* Sets the hook thread L needs now, leaving one already in place alone. */
void uih_armhook(lua_State *L);
/* Takes instructions from the current call's budget; past it, arms a hook that
   raises on the running thread's next instruction. Never raises itself. */
void uih_spend(uih_Runtime *rt, int64_t instructions);
/* Sets hook (uih_counthook, a deadline hook or NULL) on L with count, adding
   the line hook when the state collects coverage. */
void uih_sethook(lua_State *L, lua_Hook hook, int count);
/* Counts the line of a line event when the state collects coverage (coverage.c). */
void uih_coverline(lua_State *L, lua_Debug *ar);

#endif
