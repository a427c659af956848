/* Debian's libwebsockets (libwebsockets-dev), for `uihost serve`, and the few
   declarations the server needs that Swift's Glibc module leaves out. */
#include <libwebsockets.h>
#include <spawn.h>
#include <sys/types.h>

/* The room lws_write needs in front of every buffer it sends (a function-like
   macro, which Swift does not import). */
static inline size_t uis_lws_pre(void) { return LWS_PRE; }

/* Pseudo-terminals (XSI), random bytes and closefrom for posix_spawn (GNU):
   declared in glibc's headers only with feature macros Swift's Glibc module
   is not built with. */
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int ptsname_r(int fd, char *buf, size_t buflen);
extern ssize_t getrandom(void *buf, size_t buflen, unsigned int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
