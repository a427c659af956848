/*
 * Line coverage (`uihost test --coverage`): a collector of hit counts per
 * chunk and line, shared by every state it is attached to, so that a screen
 * loaded by several apps adds up in one place. Held in C memory, outside Lua:
 * collecting allocates nothing a script is charged for.
 */
#ifndef UIH_COVERAGE_H
#define UIH_COVERAGE_H

#include <stdint.h>

struct lua_State;
typedef struct uih_Coverage uih_Coverage;

uih_Coverage *uih_coverage_new(void);
void uih_coverage_free(uih_Coverage *c);

/* Attaches the collector to the state of L (NULL detaches): from then on its
   hooks also count lines, and each file chunk it loads (chunk name "@path")
   records its executable lines with 0 hits. */
void uih_setcoverage(struct lua_State *L, uih_Coverage *c);

/* Records the executable lines of the Lua function on top of L (a chunk just
   loaded) and of every function nested in it, under `source`. Returns 0 when
   they could not be read (an unknown dump format), 1 otherwise. */
int uih_coverage_addchunk(struct lua_State *L, uih_Coverage *c, const char *source);

/* Reading what was collected: files by index; lines 1..size-1 of each, with
   their hits, or -1 for a line with no code. */
int uih_coverage_count(const uih_Coverage *c);
const char *uih_coverage_source(const uih_Coverage *c, int file);
int uih_coverage_size(const uih_Coverage *c, int file);
int64_t uih_coverage_hits(const uih_Coverage *c, int file, int line);

#endif
