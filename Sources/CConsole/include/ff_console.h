#ifndef FF_CONSOLE_H
#define FF_CONSOLE_H

// The console's C (console.c): the fatal-signal handler, the watchdog, the standard descriptors
// closed at start, and a character's width. Knows no readline.

#include <termios.h>
#include <wchar.h>

// MARK: - Width

/// The columns a character takes. glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's
/// Glibc module leaves off: declared here, as glibc exports it.
extern int wcwidth(wchar_t c);
static inline int ff_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

// MARK: - Colours

// Two termcap calls from libtinfo, the terminal library readline uses too (Debian's
// libreadline-dev depends on libncurses-dev, which provides it). Declared here rather than
// through <term.h>, whose macros (`lines`, `columns`, …) would flood every Swift importer.
int tgetent(char *bp, const char *name);
int tgetnum(const char *id);

/// The number of colours terminfo gives the terminal `term` ("Co"): -1 when the entry has none,
/// -2 when there is no entry.
static inline int ff_terminal_colors(const char *term) {
    char buffer[2048];
    if (tgetent(buffer, term) != 1) return -2;
    return tgetnum("Co");
}

// MARK: - Fatal signals

/// Installs the fatal handler for `signal` on an alternate stack: it puts the terminal's saved
/// settings back, writes one fixed line, turns core dumps off and re-raises the signal. A signal
/// the parent ignores stays ignored, unless it is a fault.
void ff_fatal_install(int signal);
/// Whether `signal` is ignored (SIG_IGN), as a parent may have left it.
int ff_signal_ignored(int signal);
/// The settings a fatal signal restores on `input`, and where its line goes (`reset`, then
/// `note`); `settings` NULL forgets them.
void ff_fatal_remember(const struct termios *settings, int input, int output, const char *reset, const char *note);
/// What a fatal signal or the watchdog writes before `reset`: the bytes that erase a secure text
/// shown in clear, from where the cursor is; "" when none is shown.
void ff_fatal_eraser(const char *eraser);
/// Starts the output of the terminal `fd` again, stopped by Ctrl-S (XOFF) or tcflow(TCOOFF).
void ff_start_output(int fd);
/// Bit N set: descriptor N (0, 1 or 2) was closed when the program started.
int *ff_closed_at_start(void);

// MARK: - Ending while busy

/// Takes SIGALRM for the watchdog: a signal that ends the walk and is not taken by the input
/// loop within a second (an alarm) ends the process by that signal, terminal restored.
void ff_watchdog_start(void);
/// From a signal handler: `signal` ends the walk.
void ff_watchdog_notice(int signal);
/// The loop took the signal.
void ff_watchdog_taken(void);


// A check's or a send's program (service.c): `/bin/sh -c command` in a process group of its own,
// signals at their defaults and none blocked, standard input a socket (`*input`, the caller's end,
// close-on-exec and non-blocking), standard output a pipe (`*output`, likewise), standard error
// `errors` (or /dev/null when -1), and no other descriptor of the caller's. Returns the child's
// pid, or -1 (errno set) with nothing left open.
int ff_spawn_service(const char *command, int errors, int *input, int *output);

// MARK: - Memory that holds secrets (memory.c)

/// Makes the process not dumpable (no core file, no ptrace or /proc/PID/mem by its own user, as
/// ssh-agent does) and its core file size 0. Returns 0, or -1 when either could not be set.
int ff_protect_memory(void);
/// Whether the process is not dumpable.
int ff_memory_protected(void);
/// Zeroes the stack below the caller's frame, where the frames it returned from lie.
void ff_wipe_stack(void);

#endif
