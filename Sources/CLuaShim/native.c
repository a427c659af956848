/*
 * Work that Swift functions of an embedding app do for a script, charged to
 * the budget of the call that made them (a handler's, a plugin's): a Lua loop
 * around such a function meets its limits like any other loop.
 */
#include "CLuaShim.h"
#include "uih_limits.h"

void uih_chargeswift(lua_State *L, int64_t instructions) {
    uih_Runtime *rt = uih_runtime(L);
    if (rt->inCall && instructions > 0) uih_spend(rt, instructions);
}
