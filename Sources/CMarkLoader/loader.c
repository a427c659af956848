/* See CMarkLoader.h. */
#include "CMarkLoader.h"
#include <cmark-gfm_version.h>
#include <dlfcn.h>
#include <stdio.h>

/* The extensions library needs the parser's (its DT_NEEDED): one dlopen loads
   both, and dlsym on its handle finds the functions of either. */
#define EXTENSIONS_LIBRARY "libcmark-gfm-extensions.so." CMARK_GFM_VERSION_STRING

static uih_CMark table;
static int state;   /* 0: not tried, 1: loaded, -1: failed */
static char message[256];

static void *find(void *library, const char *name) {
    void *f = dlsym(library, name);
    if (f == NULL && message[0] == 0) snprintf(message, sizeof message, "%s: no %s", EXTENSIONS_LIBRARY, name);
    return f;
}

const uih_CMark *uih_cmark(void) {
    if (state != 0) return state == 1 ? &table : NULL;
    state = -1;
    void *library = dlopen(EXTENSIONS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(message, sizeof message, "%s", dlerror());
        return NULL;
    }
    void **slots[] = {
        (void **)&table.core_extensions_ensure_registered, (void **)&table.find_syntax_extension,
        (void **)&table.parser_new, (void **)&table.parser_free, (void **)&table.parser_attach_syntax_extension,
        (void **)&table.parser_feed, (void **)&table.parser_finish, (void **)&table.node_free,
        (void **)&table.iter_new, (void **)&table.iter_free, (void **)&table.iter_next, (void **)&table.iter_get_node,
        (void **)&table.node_get_type, (void **)&table.node_get_type_string, (void **)&table.node_get_syntax_extension,
        (void **)&table.node_get_literal, (void **)&table.node_get_url, (void **)&table.node_get_list_type,
        (void **)&table.node_get_list_tight, (void **)&table.node_get_list_start, (void **)&table.node_get_heading_level,
        (void **)&table.tasklist_item_checked, (void **)&table.table_row_is_header, (void **)&table.table_columns,
        (void **)&table.table_alignments,
    };
    static const char *const names[] = {
        "cmark_gfm_core_extensions_ensure_registered", "cmark_find_syntax_extension",
        "cmark_parser_new", "cmark_parser_free", "cmark_parser_attach_syntax_extension",
        "cmark_parser_feed", "cmark_parser_finish", "cmark_node_free",
        "cmark_iter_new", "cmark_iter_free", "cmark_iter_next", "cmark_iter_get_node",
        "cmark_node_get_type", "cmark_node_get_type_string", "cmark_node_get_syntax_extension",
        "cmark_node_get_literal", "cmark_node_get_url", "cmark_node_get_list_type",
        "cmark_node_get_list_tight", "cmark_node_get_list_start", "cmark_node_get_heading_level",
        "cmark_gfm_extensions_get_tasklist_item_checked", "cmark_gfm_extensions_get_table_row_is_header",
        "cmark_gfm_extensions_get_table_columns", "cmark_gfm_extensions_get_table_alignments",
    };
    _Static_assert(sizeof slots / sizeof slots[0] == sizeof names / sizeof names[0], "a name for each slot");
    _Static_assert(sizeof slots / sizeof slots[0] * sizeof(void *) == sizeof table, "a slot for each function");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if ((*slots[i] = find(library, names[i])) == NULL) return NULL;
    }
    state = 1;
    return &table;
}

const char *uih_cmark_error(void) {
    return message;
}
