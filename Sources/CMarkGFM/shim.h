/* GitHub's CommonMark parser from Debian (libcmark-gfm-dev and
   libcmark-gfm-extensions-dev): the parser and its table, strikethrough,
   autolink and task-list extensions. Only parsing is used; uihost draws. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
