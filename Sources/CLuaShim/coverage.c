/*
 * Line coverage: the counts behind `uihost test --coverage`. The line hook
 * (limits.c arms it beside the count hook when a state has a collector) adds
 * a hit here; a file chunk loaded while a collector is attached records its
 * executable lines first, read from the chunk's own line information (its
 * binary dump: the C API reaches nested functions' prototypes no other way),
 * so that lines no test ran show up with 0 hits.
 */
#include "CLuaShim.h"
#include "uih_limits.h"
#include <stdlib.h>
#include <string.h>

typedef struct uih_CoverageFile {
    char *source;       /* the chunk name, "@path" */
    int64_t *hits;      /* by line; -1: no code on that line */
    int size;           /* entries in hits (line 0 unused) */
} uih_CoverageFile;

struct uih_Coverage {
    uih_CoverageFile *files;
    int count, capacity;
    /* The file of the last line recorded: a hook runs line after line of one chunk. */
    int lastFile;
};

uih_Coverage *uih_coverage_new(void) {
    uih_Coverage *c = (uih_Coverage *)calloc(1, sizeof(uih_Coverage));
    if (c != NULL) c->lastFile = -1;
    return c;
}

void uih_coverage_free(uih_Coverage *c) {
    if (c == NULL) return;
    for (int i = 0; i < c->count; i++) {
        free(c->files[i].source);
        free(c->files[i].hits);
    }
    free(c->files);
    free(c);
}

void uih_setcoverage(lua_State *L, uih_Coverage *c) {
    uih_runtime(L)->coverage = c;
    uih_armhook(L);
}

/* The file of `source`, added when new; -1 when memory runs out. */
static int uih_coveragefile(uih_Coverage *c, const char *source) {
    if (c->lastFile >= 0 && strcmp(c->files[c->lastFile].source, source) == 0) return c->lastFile;
    int found = -1;
    for (int i = 0; i < c->count; i++) {
        if (strcmp(c->files[i].source, source) == 0) { found = i; break; }
    }
    if (found < 0) {
        if (c->count == c->capacity) {
            int capacity = c->capacity ? c->capacity * 2 : 8;
            uih_CoverageFile *files = (uih_CoverageFile *)realloc(c->files, (size_t)capacity * sizeof *files);
            if (files == NULL) return -1;
            c->files = files;
            c->capacity = capacity;
        }
        char *copy = strdup(source);
        if (copy == NULL) return -1;
        c->files[c->count] = (uih_CoverageFile){ copy, NULL, 0 };
        found = c->count++;
    }
    c->lastFile = found;
    return found;
}

/* The count of `line` in `file`, grown to hold it; NULL when memory runs out. */
static int64_t *uih_coverageslot(uih_Coverage *c, int file, int line) {
    uih_CoverageFile *f = &c->files[file];
    if (line >= f->size) {
        int size = f->size ? f->size : 64;
        while (size <= line) size *= 2;
        int64_t *hits = (int64_t *)realloc(f->hits, (size_t)size * sizeof *hits);
        if (hits == NULL) return NULL;
        for (int i = f->size; i < size; i++) hits[i] = -1;
        f->hits = hits;
        f->size = size;
    }
    return &f->hits[line];
}

static void uih_coveragemark(uih_Coverage *c, int file, int line) {
    if (line <= 0) return;
    int64_t *slot = uih_coverageslot(c, file, line);
    if (slot != NULL && *slot < 0) *slot = 0;
}

void uih_coverline(lua_State *L, lua_Debug *ar) {
    uih_Coverage *c = uih_runtime(L)->coverage;
    if (c == NULL || ar->currentline <= 0 || !lua_getinfo(L, "S", ar) || ar->source[0] != '@') return;
    int file = uih_coveragefile(c, ar->source);
    if (file < 0) return;
    int64_t *slot = uih_coverageslot(c, file, ar->currentline);
    if (slot == NULL) return;
    *slot = *slot < 0 ? 1 : *slot + 1;
}

/* MARK: - Executable lines from a chunk's dump */

typedef struct { char *data; size_t size, capacity; int failed; } uih_DumpBuffer;

static int uih_dumpwriter(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    uih_DumpBuffer *b = (uih_DumpBuffer *)ud;
    if (b->failed) return 1;
    if (b->size + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->size + size) capacity *= 2;
        char *data = (char *)realloc(b->data, capacity);
        if (data == NULL) { b->failed = 1; return 1; }
        b->data = data;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, p, size);
    b->size += size;
    return 0;
}

/* A reader of Lua 5.4's dump format (ldump.c): only what leads to line info. */
typedef struct {
    const unsigned char *p, *end;
    int failed;
    size_t instructionSize, integerSize, numberSize;
} uih_DumpReader;

static int uih_readbyte(uih_DumpReader *r) {
    if (r->failed || r->p >= r->end) { r->failed = 1; return 0; }
    return *r->p++;
}

static void uih_skip(uih_DumpReader *r, size_t n) {
    if (r->failed || (size_t)(r->end - r->p) < n) { r->failed = 1; return; }
    r->p += n;
}

/* A size: 7 bits a byte, most significant first, the last byte marked with 0x80. */
static size_t uih_readsize(uih_DumpReader *r) {
    size_t x = 0;
    for (int i = 0; i < 10; i++) {
        int b = uih_readbyte(r);
        if (r->failed) return 0;
        x = (x << 7) | (size_t)(b & 0x7f);
        if (b & 0x80) return x;
    }
    r->failed = 1;
    return 0;
}

static void uih_skipstring(uih_DumpReader *r) {
    size_t size = uih_readsize(r);
    if (size > 0) uih_skip(r, size - 1);
}

#define UIH_ABSLINEINFO (-0x80)

static void uih_readfunction(uih_DumpReader *r, uih_Coverage *c, int file, int depth) {
    if (depth > 200) { r->failed = 1; return; }
    uih_skipstring(r);                       /* source */
    int linedefined = (int)uih_readsize(r);
    uih_readsize(r);                         /* lastlinedefined */
    uih_readbyte(r);                         /* numparams */
    int vararg = uih_readbyte(r);
    uih_readbyte(r);                         /* maxstacksize */
    size_t code = uih_readsize(r);
    if (code > (size_t)(r->end - r->p)) { r->failed = 1; return; }
    uih_skip(r, code * r->instructionSize);
    size_t constants = uih_readsize(r);
    for (size_t i = 0; i < constants && !r->failed; i++) {
        int tag = uih_readbyte(r);
        switch (tag) {
        case 3: uih_skip(r, r->integerSize); break;           /* LUA_VNUMINT */
        case 19: uih_skip(r, r->numberSize); break;           /* LUA_VNUMFLT */
        case 4: case 20: uih_skipstring(r); break;            /* short and long strings */
        case 0: case 1: case 17: break;                       /* nil, false, true */
        default: r->failed = 1;
        }
    }
    size_t upvalues = uih_readsize(r);
    if (upvalues > (size_t)(r->end - r->p)) { r->failed = 1; return; }
    uih_skip(r, upvalues * 3);
    size_t protos = uih_readsize(r);
    for (size_t i = 0; i < protos && !r->failed; i++) uih_readfunction(r, c, file, depth + 1);
    /* Debug info: relative line info per instruction, then absolute lines. */
    size_t sizelineinfo = uih_readsize(r);
    const unsigned char *lineinfo = r->p;
    uih_skip(r, sizelineinfo);
    size_t sizeabs = uih_readsize(r);
    const unsigned char *abs = r->p;
    for (size_t i = 0; i < sizeabs && !r->failed; i++) { uih_readsize(r); uih_readsize(r); }
    size_t locvars = uih_readsize(r);
    for (size_t i = 0; i < locvars && !r->failed; i++) { uih_skipstring(r); uih_readsize(r); uih_readsize(r); }
    size_t upnames = uih_readsize(r);
    for (size_t i = 0; i < upnames && !r->failed; i++) uih_skipstring(r);
    if (r->failed) return;
    /* The lines as Lua's activelines has them (collectvalidlines in ldebug.c):
       every instruction's, but a vararg function's first (OP_VARARGPREP). */
    int line = linedefined;
    for (size_t pc = 0; pc < sizelineinfo; pc++) {
        signed char delta = (signed char)lineinfo[pc];
        if (delta != UIH_ABSLINEINFO) {
            line += delta;
        } else {
            /* An absolute line: the entry for this pc in abslineinfo. */
            uih_DumpReader a = { abs, r->end, 0, 0, 0, 0 };
            int found = 0;
            for (size_t i = 0; i < sizeabs && !a.failed; i++) {
                size_t apc = uih_readsize(&a);
                size_t aline = uih_readsize(&a);
                if (apc == pc) { line = (int)aline; found = 1; break; }
            }
            if (!found) { r->failed = 1; return; }
        }
        if (pc == 0 && vararg) continue;
        uih_coveragemark(c, file, line);
    }
}

int uih_coverage_addchunk(lua_State *L, uih_Coverage *c, const char *source) {
    if (!lua_isfunction(L, -1) || lua_iscfunction(L, -1)) return 0;
    uih_DumpBuffer b = { NULL, 0, 0, 0 };
    int status = lua_dump(L, uih_dumpwriter, &b, 0);
    if (status != 0 || b.failed) { free(b.data); return 0; }
    uih_DumpReader r = { (const unsigned char *)b.data, (const unsigned char *)b.data + b.size, 0, 0, 0, 0 };
    static const char header[] = LUA_SIGNATURE "\x54\x00\x19\x93\r\n\x1a\n";
    int ok = b.size > sizeof header - 1 && memcmp(b.data, header, sizeof header - 1) == 0;
    if (ok) {
        uih_skip(&r, sizeof header - 1);
        r.instructionSize = (size_t)uih_readbyte(&r);
        r.integerSize = (size_t)uih_readbyte(&r);
        r.numberSize = (size_t)uih_readbyte(&r);
        uih_skip(&r, r.integerSize + r.numberSize);   /* LUAC_INT, LUAC_NUM */
        uih_readbyte(&r);                              /* the main function's upvalue count */
        int file = uih_coveragefile(c, source);
        ok = file >= 0 && !r.failed;
        if (ok) {
            uih_readfunction(&r, c, file, 0);
            ok = !r.failed;
        }
    }
    free(b.data);
    return ok;
}

/* MARK: - Reading */

int uih_coverage_count(const uih_Coverage *c) { return c->count; }
const char *uih_coverage_source(const uih_Coverage *c, int file) { return c->files[file].source; }
int uih_coverage_size(const uih_Coverage *c, int file) { return c->files[file].size; }
int64_t uih_coverage_hits(const uih_Coverage *c, int file, int line) {
    const uih_CoverageFile *f = &c->files[file];
    return line >= 0 && line < f->size ? f->hits[line] : -1;
}
