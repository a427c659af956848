/*
 * Debian's libcmark-gfm, loaded the first time ui.markdown parses (dlopen)
 * instead of at every start: a screen without Markdown maps neither of its
 * two libraries nor has the loader resolve them (docs/PERFORMANCE.md, "The
 * third round"). The functions uihost uses, through one table.
 */
#ifndef CMARKLOADER_H
#define CMARKLOADER_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

typedef struct uih_CMark {
    void (* _Nonnull core_extensions_ensure_registered)(void);
    cmark_syntax_extension * _Nullable (* _Nonnull find_syntax_extension)(const char * _Nonnull name);
    cmark_parser * _Nullable (* _Nonnull parser_new)(int options);
    void (* _Nonnull parser_free)(cmark_parser * _Nonnull parser);
    int (* _Nonnull parser_attach_syntax_extension)(cmark_parser * _Nonnull parser, cmark_syntax_extension * _Nonnull extension);
    void (* _Nonnull parser_feed)(cmark_parser * _Nonnull parser, const char * _Nonnull buffer, size_t len);
    cmark_node * _Nullable (* _Nonnull parser_finish)(cmark_parser * _Nonnull parser);
    void (* _Nonnull node_free)(cmark_node * _Nonnull node);
    cmark_iter * _Nullable (* _Nonnull iter_new)(cmark_node * _Nonnull root);
    void (* _Nonnull iter_free)(cmark_iter * _Nonnull iter);
    cmark_event_type (* _Nonnull iter_next)(cmark_iter * _Nonnull iter);
    cmark_node * _Nullable (* _Nonnull iter_get_node)(cmark_iter * _Nonnull iter);
    cmark_node_type (* _Nonnull node_get_type)(cmark_node * _Nonnull node);
    const char * _Nullable (* _Nonnull node_get_type_string)(cmark_node * _Nonnull node);
    cmark_syntax_extension * _Nullable (* _Nonnull node_get_syntax_extension)(cmark_node * _Nonnull node);
    const char * _Nullable (* _Nonnull node_get_literal)(cmark_node * _Nonnull node);
    const char * _Nullable (* _Nonnull node_get_url)(cmark_node * _Nonnull node);
    cmark_list_type (* _Nonnull node_get_list_type)(cmark_node * _Nonnull node);
    int (* _Nonnull node_get_list_tight)(cmark_node * _Nonnull node);
    int (* _Nonnull node_get_list_start)(cmark_node * _Nonnull node);
    int (* _Nonnull node_get_heading_level)(cmark_node * _Nonnull node);
    bool (* _Nonnull tasklist_item_checked)(cmark_node * _Nonnull node);
    int (* _Nonnull table_row_is_header)(cmark_node * _Nonnull node);
    uint16_t (* _Nonnull table_columns)(cmark_node * _Nonnull node);
    uint8_t * _Nullable (* _Nonnull table_alignments)(cmark_node * _Nonnull node);
} uih_CMark;

/* The table, the libraries loaded on the first call; NULL if they cannot be
   (uih_cmark_error says why). Not thread-safe on the first call: the host
   parses on its one thread. */
const uih_CMark * _Nullable uih_cmark(void);
const char * _Nonnull uih_cmark_error(void);

#endif
