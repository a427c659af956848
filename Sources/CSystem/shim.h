/* Linux headers the Glibc module leaves out: signalfd for the event loop. */
#include <sys/signalfd.h>
