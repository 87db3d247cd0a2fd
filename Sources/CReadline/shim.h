#ifndef FOCUSFLOW_CREADLINE_SHIM_H
#define FOCUSFLOW_CREADLINE_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <wchar.h>
// readline.h uses FILE without including stdio.h.
#include <stdio.h>
#include <errno.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <readline/readline.h>
#include <readline/history.h>

// Accessors for readline's globals, so Swift 6 sees functions rather than shared mutable state.
static inline char *ff_line_buffer(void) { return rl_line_buffer; }
static inline int ff_point(void) { return rl_point; }
static inline void ff_set_point(int point) { rl_point = point; }
static inline int ff_end(void) { return rl_end; }
static inline void ff_set_streams(FILE *in, FILE *out) { rl_instream = in; rl_outstream = out; }
static inline FILE *ff_outstream(void) { return rl_outstream; }
static inline void ff_set_redisplay(rl_voidfunc_t *function) { rl_redisplay_function = function; }
static inline void ff_own_signals(void) { rl_catch_signals = 0; rl_catch_sigwinch = 0; rl_change_environment = 0; }
static inline void ff_set_name(const char *name) { rl_readline_name = name; }
static inline Keymap ff_emacs_keymap(void) { return emacs_standard_keymap; }

/// A keymap entry's kind: ISFUNC, ISKMAP or ISMACR.
static inline int ff_entry_type(Keymap map, int key) { return map[key].type; }
static inline const void *ff_entry_address(Keymap map, int key) { return (const void *)map[key].function; }
/// A command's address, to compare and to store in a keymap entry.
static inline const void *ff_address(rl_command_func_t *function) { return (const void *)function; }
static inline void ff_set_entry(Keymap map, int key, int type, const void *function) {
    map[key].type = (char)type;
    map[key].function = (rl_command_func_t *)function;
}
static inline Keymap ff_entry_keymap(Keymap map, int key) { return (Keymap)map[key].function; }
static inline void ff_set_entry_keymap(Keymap map, int key, Keymap sub) {
    map[key].type = ISKMAP;
    map[key].function = (rl_command_func_t *)sub;
}

/// The columns a character takes (wcwidth needs _GNU_SOURCE, which Swift's Glibc lacks).
static inline int ff_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// Reads one byte with one read(2). The session polls before it calls readline, so the byte is
/// there; readline's own rl_getc would add a sigprocmask and a pselect per key.
static inline int ff_getc(FILE *stream) {
    unsigned char c;
    for (;;) {
        ssize_t n = read(fileno(stream), &c, 1);
        if (n == 1) return c;
        if (n == 0) return EOF;
        if (errno != EINTR) return EOF;
    }
}

/// Whether more input is already waiting, asked with one ioctl instead of a select.
static inline int ff_input_available(void) {
    int count = 0;
    return ioctl(fileno(rl_instream), FIONREAD, &count) == 0 && count > 0;
}

/// Reads bytes with ff_getc and asks about typeahead with ff_input_available.
static inline void ff_use_plain_input(void) {
    rl_getc_function = ff_getc;
    rl_input_available_hook = ff_input_available;
}

/// An empty history, to swap in for a secure field.
static inline HISTORY_STATE *ff_empty_history(void) {
    static HISTORY_STATE empty;
    return &empty;
}

// Two termcap calls from libtinfo, the terminal library readline itself uses (Debian's
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

#endif
