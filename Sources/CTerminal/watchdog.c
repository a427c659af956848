/*
 * The watchdog thread (see CTerminal.h). Signals reach it through a signalfd;
 * the terminal's bytes pass through it to the main loop over a pipe, so that
 * it sees a Ctrl-C even while the main loop is busy in a script.
 */
#define _GNU_SOURCE
#include "CTerminal.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

static struct {
    int input, output;
    int signals;
    int keys[2], events[2], done[2];
    char *leave;
    struct termios saved;
    uit_InterruptFunction interrupt;
    void *context;
    pthread_mutex_t lock;      /* guards saved, interrupt and context */
    /* The last bytes read, to tell a bracketed paste (where a Ctrl-C byte is text). */
    char tail[6];
    int inPaste;
} wd = { .lock = PTHREAD_MUTEX_INITIALIZER };

static const int quitSignals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

static int isQuitSignal(int sig) {
    for (size_t i = 0; i < sizeof quitSignals / sizeof quitSignals[0]; i++)
        if (quitSignals[i] == sig) return 1;
    return 0;
}

static void writeAll(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += n;
        count -= (size_t)n;
    }
}

/* Puts the screen back (mouse off, cursor shown, main screen). CAN first ends
   any escape sequence the main thread was half-way through writing. Only
   write(2): safe in a signal handler. */
static void writeLeave(void) {
    writeAll(wd.output, "\x18", 1);
    writeAll(wd.output, wd.leave, strlen(wd.leave));
}

/* The main loop has UIT_GRACE_MS to end; past that the terminal is put back
   here and the process ends, whatever the main thread is doing. */
static void quit(int code) {
    pthread_mutex_lock(&wd.lock);
    if (wd.interrupt != NULL) wd.interrupt(wd.context);
    pthread_mutex_unlock(&wd.lock);
    struct pollfd done = { .fd = wd.done[0], .events = POLLIN };
    int waited;
    do waited = poll(&done, 1, UIT_GRACE_MS); while (waited < 0 && errno == EINTR);
    if (waited > 0) return;
    writeLeave();
    pthread_mutex_lock(&wd.lock);
    tcsetattr(wd.input, TCSAFLUSH, &wd.saved);
    _exit(code);
}

/* Whether `bytes` hold a Ctrl-C outside a bracketed paste. */
static int scanForInterrupt(const char *bytes, size_t count) {
    int found = 0;
    for (size_t i = 0; i < count; i++) {
        memmove(wd.tail, wd.tail + 1, sizeof wd.tail - 1);
        wd.tail[sizeof wd.tail - 1] = bytes[i];
        if (memcmp(wd.tail, "\x1b[200~", 6) == 0) wd.inPaste = 1;
        else if (memcmp(wd.tail, "\x1b[201~", 6) == 0) wd.inPaste = 0;
        else if (bytes[i] == 0x03 && !wd.inPaste) found = 1;
    }
    return found;
}

static void *run(void *unused) {
    (void)unused;
    char buffer[4096];
    int inputOpen = 1;
    for (;;) {
        struct pollfd fds[2] = {
            { .fd = wd.signals, .events = POLLIN },
            { .fd = inputOpen ? wd.input : -1, .events = POLLIN },
        };
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return NULL;
        }
        if (fds[0].revents & POLLIN) {
            struct signalfd_siginfo info;
            while (read(wd.signals, &info, sizeof info) == (ssize_t)sizeof info) {
                int sig = (int)info.ssi_signo;
                char byte = (char)sig;
                writeAll(wd.events[1], &byte, 1);
                if (isQuitSignal(sig)) {
                    quit(128 + sig);
                    return NULL;
                }
            }
        }
        if (fds[1].revents & POLLIN) {
            ssize_t n = read(wd.input, buffer, sizeof buffer);
            if (n > 0) {
                /* A full pipe (the main loop stuck for 64 KiB of typing) blocks
                   here; signals wait, and the grace period starts after. */
                writeAll(wd.keys[1], buffer, (size_t)n);
                if (scanForInterrupt(buffer, (size_t)n)) {
                    quit(130);
                    return NULL;
                }
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                inputOpen = 0;
                close(wd.keys[1]);   /* the main loop reads the end of input */
            }
        } else if (fds[1].revents & (POLLHUP | POLLERR | POLLNVAL)) {
            inputOpen = 0;
            close(wd.keys[1]);
        }
    }
}

/* A crash (a trap in Swift, a fault) still gives the terminal back: write and
   tcsetattr are async-signal-safe. Then the signal's default action ends the
   process. The Swift runtime's backtracer is not chained: on a terminal it
   waits 30 s for a key, with the terminal in its hands. */
static const int crashSignals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };

static void restoreOnCrash(int sig) {
    writeLeave();
    tcsetattr(wd.input, TCSAFLUSH, &wd.saved);
    static const char message[] = "uihost: crashed; the terminal is restored\n";
    writeAll(2, message, sizeof message - 1);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void catchCrashes(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = restoreOnCrash;
    sa.sa_flags = SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof crashSignals / sizeof crashSignals[0]; i++)
        sigaction(crashSignals[i], &sa, NULL);
}

int uit_watchdog_start(int input, int output, const struct termios *saved,
                       const char *leave, int *keys, int *events) {
    sigset_t mask;
    sigemptyset(&mask);
    for (size_t i = 0; i < sizeof quitSignals / sizeof quitSignals[0]; i++) sigaddset(&mask, quitSignals[i]);
    sigaddset(&mask, SIGTSTP);
    sigaddset(&mask, SIGCONT);
    sigaddset(&mask, SIGWINCH);
    if (pthread_sigmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
    wd.signals = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    if (wd.signals < 0) return -1;
    if (pipe2(wd.keys, O_CLOEXEC) != 0 || pipe2(wd.events, O_CLOEXEC) != 0 || pipe2(wd.done, O_CLOEXEC) != 0)
        return -1;
    wd.input = input;
    wd.output = output;
    wd.saved = *saved;
    wd.leave = strdup(leave);
    catchCrashes();
    /* The thread takes no other signal: SIGPROF (the scripts' CPU-time tick)
       must reach the thread running the script. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    pthread_t thread;
    int failed = pthread_create(&thread, NULL, run, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (failed != 0) {
        errno = failed;
        return -1;
    }
    pthread_detach(thread);
    *keys = wd.keys[0];
    *events = wd.events[0];
    return 0;
}

void uit_watchdog_setinterrupt(uit_InterruptFunction function, void *context) {
    pthread_mutex_lock(&wd.lock);
    wd.interrupt = function;
    wd.context = context;
    pthread_mutex_unlock(&wd.lock);
}

void uit_watchdog_setsaved(const struct termios *saved) {
    pthread_mutex_lock(&wd.lock);
    wd.saved = *saved;
    pthread_mutex_unlock(&wd.lock);
}

void uit_watchdog_finished(void) {
    writeAll(wd.done[1], "x", 1);
}
