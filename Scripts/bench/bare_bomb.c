/* The strings bomb of runaway.lua in Debian's liblua5.4 with no host around it:
 * the same kind of counting allocator and the same 256 MiB limit. Prints the
 * CPU seconds until Lua raises "not enough memory". Built and run by run.py. */
#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static size_t used, limit = (size_t)256 << 20;

static void *allocate(void *ud, void *p, size_t osize, size_t nsize) {
    (void)ud;
    size_t old = p ? osize : 0;
    if (nsize == 0) { free(p); used -= old; return NULL; }
    if (nsize > old && used - old + nsize > limit) return NULL;
    void *q = realloc(p, nsize);
    if (q != NULL) used = used - old + nsize;
    return q;
}

int main(void) {
    lua_State *L = lua_newstate(allocate, NULL);
    luaL_openlibs(L);
    const char *bomb =
        "local t, i = {}, 0\n"
        "while true do i = i + 1; t[i] = string.rep('x', 64) .. i end\n";
    clock_t start = clock();
    int status = luaL_loadstring(L, bomb) || lua_pcall(L, 0, 0, 0);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("%s %.3f\n", status == LUA_ERRMEM ? "memory" : "other", seconds);
    lua_close(L);
    return 0;
}
