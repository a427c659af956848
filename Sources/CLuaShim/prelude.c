/*
 * The sandbox prelude (Sources/UIHostCore/Lua/sandbox.lua) as bytecode, when
 * the build made it: Scripts/build-release.sh compiles the text with
 * Scripts/prelude/precompile and puts the header's folder on the include path.
 * Lua then loads it without parsing, at every start (docs/PERFORMANCE.md,
 * "The third round"). Other builds have no header, and the text is parsed.
 */
#include "CLuaShim.h"
#include <string.h>

#if __has_include("uih_prelude_generated.h")
#include "uih_prelude_generated.h"

int uih_loadprelude(lua_State *L, const char *text, size_t len, const char *chunkname) {
    const unsigned char *embedded = uih_prelude + UIH_PRELUDE_MARKER_LENGTH;
    /* Made from other text (edited since): not this prelude's bytecode. */
    if (len != UIH_PRELUDE_TEXT_LENGTH || memcmp(text, embedded, len) != 0) return UIH_PRELUDE_NONE;
    if (luaL_loadbufferx(L, (const char *)embedded + UIH_PRELUDE_TEXT_LENGTH, UIH_PRELUDE_CODE_LENGTH,
                         chunkname, "b") == LUA_OK) return LUA_OK;
    /* A liblua that reads another bytecode format (a newer Debian release than
       the one the build ran against): its message goes, the text is parsed. */
    lua_pop(L, 1);
    return UIH_PRELUDE_NONE;
}
#else
int uih_loadprelude(lua_State *L, const char *text, size_t len, const char *chunkname) {
    (void)L; (void)text; (void)len; (void)chunkname;
    return UIH_PRELUDE_NONE;
}
#endif
