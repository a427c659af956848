/* Linux headers the Glibc module leaves out: signalfd for the event loop,
   malloc_trim to give memory back after a memory bomb. */
#include <sys/signalfd.h>
#include <malloc.h>
