/*
 * The terminal's watchdog: a thread that owns the process's exit signals and
 * the terminal's input, so that a main loop held up by a script can neither
 * keep the user from leaving nor leave the terminal broken.
 */
#ifndef CTERMINAL_H
#define CTERMINAL_H

#include <stddef.h>
#include <termios.h>

/* Stops the script the main thread is running; called on the watchdog thread. */
typedef void (*uit_InterruptFunction)(void *context);

/* How long the main loop has to end after a quit signal or Ctrl-C before the
   watchdog restores the terminal itself and ends the process. */
#define UIT_GRACE_MS 600

/* Blocks SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT and SIGWINCH in
   the calling thread (and so in every thread it starts later) and starts the
   watchdog. The watchdog reads the terminal's input and passes the bytes on
   through *keys; it passes signals on through *events, one byte each (the
   signal's number). On SIGINT, SIGTERM, SIGHUP, SIGQUIT or a Ctrl-C byte it
   also interrupts the running script and gives the main loop UIT_GRACE_MS
   to call uit_watchdog_finished; past that it writes `leave`, puts back
   `saved` and ends the process with 128 + the signal (130 for Ctrl-C).
   A crash (SIGSEGV, SIGILL, SIGABRT, …) restores the terminal before the
   process ends. Returns 0, or -1 with errno set. */
int uit_watchdog_start(int input, int output, const struct termios *saved,
                       const char *leave, int *keys, int *events);

/* The function and context that stop the running script (a reload makes a new one). */
void uit_watchdog_setinterrupt(uit_InterruptFunction function, void *context);

/* The terminal as it is now (after a suspend the shell may have changed it). */
void uit_watchdog_setsaved(const struct termios *saved);

/* The main loop has restored the terminal and is ending: the watchdog stands down. */
void uit_watchdog_finished(void);

#endif
