#ifndef FF_SESSION_H
#define FF_SESSION_H

// The session's stateful C (session.c): input without readline's per-key system calls, the
// undo surgery of a refused edit, completion switched off. Plain C types only, so that Swift
// sees no second copy of readline's declarations beside CReadline's.

// MARK: - Input

/// Reads what the terminal holds with one read(2) and gives it to readline a byte at a time,
/// and answers readline's questions about typeahead from what was read (one ioctl otherwise),
/// instead of readline's own rl_getc (a sigprocmask and a pselect per key); an ESC that would
/// end a history search with input behind it is given after a C-J (readline 8.2 crashes there
/// otherwise).
void ff_use_plain_input(void);
/// Calls `hook` each time readline is given an ESC (the first byte of a function key, an Alt
/// key or a terminal's escape sequence), before readline looks it up; NULL for none.
void ff_on_escape(void (*hook)(void));
/// Whether bytes read are waiting: the session then calls readline again without polling.
int ff_holding_byte(void);
/// Whether input was already waiting when the session finished its last key (a burst).
void ff_set_burst(int burst);
/// Reads what the terminal holds now (one read(2)) after the bytes already held, so that the
/// session can look at a key before readline does. Returns how many bytes were read: 0 at the
/// end of input, on an error, or with the buffer full (readline then meets the end itself).
int ff_fill_input(void);
/// Whether the next byte held is an ESC that may be a lone Esc: the last byte read, nothing more
/// waiting on the terminal, and readline at rest (no key sequence, search, count or key read
/// for a command under way), so that readline would only wait for the key it might begin.
int ff_lone_escape_next(void);
/// Whether the bytes held are two ESCs and nothing else, readline at rest and nothing more
/// waiting: Esc pressed twice, faster than the terminal's keys arrive apart (no key begins with
/// ESC ESC and ends there), so the first is a lone Esc and the second may be one too.
int ff_double_escape_next(void);
/// Takes an Alt chord with a key beyond ASCII away from readline when it is next, whole: ESC and
/// a character's UTF-8 bytes, as terminals send Alt+한, readline at rest. Readline would take ESC
/// and the first byte as a meta key and insert the rest, bytes of no character, which could join
/// a half character typed before. Returns whether it took one.
int ff_drop_alt_chord(void);
/// Takes the held ESC (``ff_lone_escape_next``) away from readline: the session handled it.
void ff_drop_escape(void);
/// readline's keyseq-timeout in milliseconds (an inputrc may set it; 500 by default): how long
/// an ESC waits for the rest of a key. 0 or less: it waits for ever, as readline does.
int ff_escape_timeout(void);
/// Zeroes readline's whole line buffer and leaves it empty (a secure field left, the walk
/// ended). The bytes read and not yet given to readline are zeroed as soon as the last is given.
void ff_wipe_line(void);

// MARK: - Ctrl-D

/// Prepares the terminal as readline does, then keeps readline from ending input itself on the
/// terminal's EOF character (Ctrl-D) at an empty line: readline would then draw its own line end
/// under the form, and the form could not be erased. Ctrl-D reaches the keymap instead, where the
/// session cancels on an empty line and deletes otherwise. Installed as readline's prep function
/// by ff_use_plain_input, so that every prep (a resume after Ctrl-Z too) does it.
void ff_prep_terminal(int meta);
/// Stops the terminal echoing and waiting for a whole line before readline is initialised, so that
/// the first frame can be drawn first: keys typed once it shows wait unechoed, in order. The next
/// prep (ff_prep_terminal) gives the settings back just before readline takes them as the ones to
/// restore, so readline's own prep and restore see the terminal as it was.
void ff_hold_keys(void);

// MARK: - Undo

/// Takes back the insertion of `line[start, end)` that the last command made, and leaves undo
/// as if it had never been typed. Returns 0 when the last undo record is not that insertion;
/// nothing is changed then.
int ff_refuse_inserted(int start, int end);
/// Undoes the last command when it was one undo group (overwrite mode's typing, say). Returns 0
/// when it was not a group.
int ff_undo_last_group(void);

/// Completion finds nothing: a form field is not a file name (M-=, M-* would list or insert files).
void ff_disable_completion(void);

#endif
