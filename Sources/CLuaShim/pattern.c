/*
 * string.find, string.match, string.gmatch and string.gsub for screens: Lua 5.4
 * patterns, matched by a backtracking matcher that charges its steps to the
 * call's instruction budget.
 *
 * Lua's own matcher runs in C without ever returning to the virtual machine, so
 * the count hook cannot stop it: `("a"):rep(3000):find(("a-"):rep(12) .. "b")`
 * takes longer than anyone would wait. This one counts a step for every position
 * it tries and every character an expansion consumes, and raises the budget (or
 * time limit) error when the call has used its share. It behaves as Lua 5.4's
 * does, error messages included; LimitsTests compares the two on random
 * patterns and subjects.
 */
#include "CLuaShim.h"
#include <ctype.h>
#include <string.h>

#define PAT_ESC '%'
#define PAT_SPECIALS "^$*+?.([%-"
#define PAT_MAXCAPTURES 32
#define PAT_MAXDEPTH 200          /* nested matches, as Lua's MAXCCALLS */
#define PAT_UNFINISHED (-1)
#define PAT_POSITION (-2)
#define PAT_STEPS_PER_CHARGE 1024

typedef struct Capture {
    const char *start;
    ptrdiff_t len;                /* or PAT_UNFINISHED, PAT_POSITION */
} Capture;

typedef struct Matcher {
    lua_State *L;
    const char *src;
    const char *srcEnd;
    const char *pat;
    const char *patEnd;
    int depth;                    /* nested matches left */
    int level;                    /* captures open or closed so far */
    int64_t credit;               /* steps left before the next charge */
    Capture capture[PAT_MAXCAPTURES];
} Matcher;

/* Steps of work, charged to the budget PAT_STEPS_PER_CHARGE at a time. */
static inline void steps(Matcher *m, int64_t n) {
    m->credit -= n;
    if (m->credit <= 0) {
        int64_t owed = PAT_STEPS_PER_CHARGE - m->credit;
        m->credit = PAT_STEPS_PER_CHARGE;
        uih_charge(m->L, owed);
    }
}

static inline void step(Matcher *m) { steps(m, 1); }

/* Charges the steps taken since the last charge: before every return to Lua. */
static void settle(Matcher *m) {
    int64_t owed = PAT_STEPS_PER_CHARGE - m->credit;
    m->credit = PAT_STEPS_PER_CHARGE;
    if (owed > 0) uih_charge(m->L, owed);
}

static void reset(Matcher *m) {
    m->level = 0;
    m->depth = PAT_MAXDEPTH;
}

/* MARK: - Classes */

static int classMatches(int c, int cls) {
    int yes;
    switch (tolower(cls)) {
        case 'a': yes = isalpha(c); break;
        case 'c': yes = iscntrl(c); break;
        case 'd': yes = isdigit(c); break;
        case 'g': yes = isgraph(c); break;
        case 'l': yes = islower(c); break;
        case 'p': yes = ispunct(c); break;
        case 's': yes = isspace(c); break;
        case 'u': yes = isupper(c); break;
        case 'w': yes = isalnum(c); break;
        case 'x': yes = isxdigit(c); break;
        case 'z': yes = c == 0; break;   /* deprecated in Lua, still understood */
        default: return cls == c;   /* an escaped character stands for itself */
    }
    if (isupper(cls)) yes = !yes;
    return yes != 0;
}

/* Where the single-character class at p ends. */
static const char *classEnd(Matcher *m, const char *p) {
    char c = *p++;
    if (c == PAT_ESC) {
        if (p >= m->patEnd) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        /* The first character of a set is a member even when it is ']'. */
        do {
            if (p >= m->patEnd) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == PAT_ESC && p < m->patEnd) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/* c against the set [p, last], where p is '[' and last is its ']'. */
static int setMatches(int c, const char *p, const char *last) {
    int inside = 1;
    if (p[1] == '^') { inside = 0; p++; }
    while (++p < last) {
        if (*p == PAT_ESC) {
            p++;
            if (classMatches(c, (unsigned char)*p)) return inside;
        } else if (p[1] == '-' && p + 2 < last) {
            p += 2;
            if ((unsigned char)p[-2] <= c && c <= (unsigned char)*p) return inside;
        } else if ((unsigned char)*p == c) {
            return inside;
        }
    }
    return !inside;
}

/* Does the character at s match the class [p, ep)? */
static int singleMatches(Matcher *m, const char *s, const char *p, const char *ep) {
    if (s >= m->srcEnd) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
        case '.': return 1;
        case PAT_ESC: return classMatches(c, (unsigned char)p[1]);
        case '[': return setMatches(c, p, ep - 1);
        default: return (unsigned char)*p == c;
    }
}

/* MARK: - Matching */

static const char *match(Matcher *m, const char *s, const char *p);

static const char *matchBalance(Matcher *m, const char *s, const char *p) {
    if (p >= m->patEnd - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->srcEnd || *s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->srcEnd) {
        step(m);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* The longest run of the class, then shorter ones until the rest matches. */
static const char *expandGreedy(Matcher *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t n = 0;
    while (singleMatches(m, s + n, p, ep)) { step(m); n++; }
    for (; n >= 0; n--) {
        const char *end = match(m, s + n, ep + 1);
        if (end != NULL) return end;
    }
    return NULL;
}

/* The shortest run of the class after which the rest matches. */
static const char *expandLazy(Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end = match(m, s, ep + 1);
        if (end != NULL) return end;
        if (!singleMatches(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *openCapture(Matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= PAT_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].len = what;
    m->level++;
    const char *end = match(m, s, p);
    if (end == NULL) m->level--;
    return end;
}

static const char *closeCapture(Matcher *m, const char *s, const char *p) {
    int l = m->level - 1;
    while (l >= 0 && m->capture[l].len != PAT_UNFINISHED) l--;
    if (l < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[l].len = s - m->capture[l].start;
    const char *end = match(m, s, p);
    if (end == NULL) m->capture[l].len = PAT_UNFINISHED;
    return end;
}

static int captureIndex(Matcher *m, int digit) {
    int l = digit - '1';
    if (l < 0 || l >= m->level || m->capture[l].len == PAT_UNFINISHED)
        return luaL_error(m->L, "invalid capture index %%%d", l + 1);
    return l;
}

static const char *matchBackReference(Matcher *m, const char *s, int digit) {
    int l = captureIndex(m, digit);
    ptrdiff_t len = m->capture[l].len;
    if (len < 0) return NULL;   /* a position capture matches no text */
    if (m->srcEnd - s >= len && memcmp(m->capture[l].start, s, (size_t)len) == 0) {
        steps(m, (len + 63) / 64);   /* a step for every 64 bytes compared */
        return s + len;
    }
    return NULL;
}

/* Matches the pattern from p at s; the end of the match, or NULL. */
static const char *match(Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        step(m);
        if (p == m->patEnd) break;
        const char *ep;
        switch (*p) {
            case '(':
                s = p[1] == ')' ? openCapture(m, s, p + 2, PAT_POSITION) : openCapture(m, s, p + 1, PAT_UNFINISHED);
                goto done;
            case ')':
                s = closeCapture(m, s, p + 1);
                goto done;
            case '$':
                if (p + 1 != m->patEnd) goto single;
                if (s != m->srcEnd) s = NULL;
                goto done;
            case PAT_ESC:
                switch (p[1]) {
                    case 'b':
                        s = matchBalance(m, s, p + 2);
                        if (s == NULL) goto done;
                        p += 4;
                        continue;
                    case 'f': {
                        p += 2;
                        if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                        ep = classEnd(m, p);
                        int before = s == m->src ? 0 : (unsigned char)s[-1];
                        int here = s < m->srcEnd ? (unsigned char)*s : 0;
                        if (!setMatches(before, p, ep - 1) && setMatches(here, p, ep - 1)) {
                            p = ep;
                            continue;
                        }
                        s = NULL;
                        goto done;
                    }
                    case '0': case '1': case '2': case '3': case '4':
                    case '5': case '6': case '7': case '8': case '9':
                        s = matchBackReference(m, s, (unsigned char)p[1]);
                        if (s == NULL) goto done;
                        p += 2;
                        continue;
                    default:
                        goto single;
                }
            default:
            single:
                ep = classEnd(m, p);
                if (!singleMatches(m, s, p, ep)) {
                    if (*ep == '*' || *ep == '?' || *ep == '-') {   /* may match nothing */
                        p = ep + 1;
                        continue;
                    }
                    s = NULL;
                    goto done;
                }
                switch (*ep) {
                    case '?': {
                        const char *end = match(m, s + 1, ep + 1);
                        if (end != NULL) { s = end; goto done; }
                        p = ep + 1;
                        continue;
                    }
                    case '+': s = expandGreedy(m, s + 1, p, ep); goto done;
                    case '*': s = expandGreedy(m, s, p, ep); goto done;
                    case '-': s = expandLazy(m, s, p, ep); goto done;
                    default: s++; p = ep; continue;
                }
        }
    }
done:
    m->depth++;
    return s;
}

/* MARK: - Captures */

/* Pushes capture i of the match [s, e); capture 0 is the whole match when the
   pattern has none. */
static void pushCapture(Matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->capture[i].len;
    if (len == PAT_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == PAT_POSITION) lua_pushinteger(m->L, (m->capture[i].start - m->src) + 1);
    else lua_pushlstring(m->L, m->capture[i].start, (size_t)len);
}

/* Pushes every capture (or the whole match when wholeIfNone and there are none). */
static int pushCaptures(Matcher *m, const char *s, const char *e, int wholeIfNone) {
    int n = (m->level == 0 && wholeIfNone) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) pushCapture(m, i, s, e);
    return n;
}

/* MARK: - Library functions */

static size_t startIndex(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static void begin(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src = s;
    m->srcEnd = s + ls;
    m->pat = p;
    m->patEnd = p + lp;
    m->credit = PAT_STEPS_PER_CHARGE;
}

static int hasSpecials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (strchr(PAT_SPECIALS, p[i]) != NULL && p[i] != '\0') return 1;
    return 0;
}

/* A plain search for needle in haystack, a step per candidate position. */
static const char *findPlain(Matcher *m, const char *h, size_t lh, const char *n, size_t ln) {
    if (ln == 0) return h;
    if (ln > lh) return NULL;
    const char *last = h + (lh - ln);
    while (h <= last) {
        const char *c = memchr(h, *n, (size_t)(last - h) + 1);
        steps(m, ((c ? c : last) - h) / 64);   /* memchr reads about 64 bytes in a step's time */
        if (c == NULL) return NULL;
        steps(m, 1 + (int64_t)(ln / 64));
        if (memcmp(c + 1, n + 1, ln - 1) == 0) return c;
        h = c + 1;
    }
    return NULL;
}

static int findOrMatch(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = startIndex(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    Matcher m;
    begin(&m, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || !hasSpecials(p, lp))) {
        const char *at = findPlain(&m, s + init, ls - init, p, lp);
        settle(&m);
        if (at == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (at - s) + 1);
        lua_pushinteger(L, (at - s) + (lua_Integer)lp);
        return 2;
    }
    int anchored = lp > 0 && *p == '^';
    if (anchored) m.pat++;
    const char *at = s + init;
    do {
        reset(&m);
        const char *end = match(&m, at, m.pat);
        if (end != NULL) {
            settle(&m);
            if (!find) return pushCaptures(&m, at, end, 1);
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, end - s);
            return pushCaptures(&m, NULL, NULL, 0) + 2;
        }
    } while (at++ < m.srcEnd && !anchored);
    settle(&m);
    luaL_pushfail(L);
    return 1;
}

static int patFind(lua_State *L) { return findOrMatch(L, 1); }
static int patMatch(lua_State *L) { return findOrMatch(L, 0); }

/* gmatch's iterator state, a full userdata kept with the subject and pattern. */
typedef struct Iterator {
    Matcher m;
    const char *at;
    const char *lastEnd;
} Iterator;

static int gmatchNext(lua_State *L) {
    Iterator *it = (Iterator *)lua_touserdata(L, lua_upvalueindex(3));
    it->m.L = L;
    it->m.credit = PAT_STEPS_PER_CHARGE;
    for (const char *at = it->at; at <= it->m.srcEnd; at++) {
        reset(&it->m);
        const char *end = match(&it->m, at, it->m.pat);
        if (end != NULL && end != it->lastEnd) {
            it->at = it->lastEnd = end;
            settle(&it->m);
            return pushCaptures(&it->m, at, end, 1);
        }
    }
    settle(&it->m);
    return 0;
}

static int patGmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = startIndex(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1;   /* past the end: no match */
    lua_settop(L, 2);
    Iterator *it = (Iterator *)lua_newuserdatauv(L, sizeof(Iterator), 0);
    begin(&it->m, L, s, ls, p, lp);
    it->at = s + init;
    it->lastEnd = NULL;
    lua_pushcclosure(L, gmatchNext, 3);   /* the subject and pattern stay alive with it */
    return 1;
}

/* Appends the replacement string (argument 3) for the match [s, e). */
static void addReplacementString(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t l;
    const char *r = lua_tolstring(L, 3, &l);
    const char *end = r + l;
    const char *esc;
    while ((esc = memchr(r, PAT_ESC, (size_t)(end - r))) != NULL) {
        luaL_addlstring(b, r, (size_t)(esc - r));
        esc++;   /* a '%' at the end sees the string's terminating zero */
        if (*esc == PAT_ESC) {
            luaL_addchar(b, PAT_ESC);
        } else if (*esc == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*esc)) {
            pushCapture(m, *esc - '1', s, e);
            luaL_tolstring(L, -1, NULL);
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", PAT_ESC);
        }
        r = esc + 1;
    }
    luaL_addlstring(b, r, (size_t)(end - r));
}

/* Appends the replacement for the match [s, e); 1 when it changed the text. */
static int addReplacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = pushCaptures(m, s, e, 1);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        pushCapture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        addReplacementString(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {   /* nil or false: keep the matched text */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int patGsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer maxCount = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                     3, "string/function/table");
    Matcher m;
    begin(&m, L, s, ls, p, lp);
    int anchored = lp > 0 && *p == '^';
    if (anchored) m.pat++;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *at = s, *lastEnd = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < maxCount) {
        reset(&m);
        const char *end = match(&m, at, m.pat);
        if (end != NULL && end != lastEnd) {
            count++;
            changed = addReplacement(&m, &b, at, end, kind) | changed;
            at = lastEnd = end;
        } else if (at < m.srcEnd) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    settle(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, at, (size_t)(m.srcEnd - at));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

void uih_installpatterns(lua_State *L) {
    static const luaL_Reg functions[] = {
        { "find", patFind }, { "match", patMatch }, { "gmatch", patGmatch }, { "gsub", patGsub }, { NULL, NULL }
    };
    luaL_setfuncs(L, functions, 0);
}
