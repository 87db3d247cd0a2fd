#ifndef FOCUSFLOW_FF_REGEX_H
#define FOCUSFLOW_FF_REGEX_H

// ICU's regular expressions (libicu-dev), for their time limit: a pattern that backtracks without
// end (`^(a+)+$`) stops after a bounded number of steps instead of hanging the program.
//
// This header names no ICU type: ICU's own headers stay inside regex.c. Swift's Foundation
// carries its own copy of ICU's headers (module _FoundationICU), and a Swift module that saw
// both would refuse to build ("'UErrorCode' has different definitions in different modules").

#include <stdint.h>

/// A compiled pattern (ICU's URegularExpression).
typedef struct ff_regex ff_regex;

/// Whether ICU's regular expressions could be loaded (libicui18n, loaded on first use): 1 or 0.
int ff_regex_available(void);

/// Compiles `pattern` (UTF-16); NULL and a nonzero `*status` when it does not compile, or when
/// ICU could not be loaded (``ff_regex_available`` says which), with `*offset` the UTF-16 offset
/// in the pattern where ICU stopped (-1 when it does not say).
ff_regex *ff_regex_open(const uint16_t *pattern, int32_t length, int32_t *status, int32_t *offset);

/// Why a pattern does not compile, from ICU's status: one of these.
enum {
    FF_REGEX_OTHER = 0,
    FF_REGEX_SYNTAX,
    FF_REGEX_PAREN,
    FF_REGEX_BRACKET,
    FF_REGEX_ESCAPE,
    FF_REGEX_PROPERTY,
    FF_REGEX_INTERVAL,
    FF_REGEX_MAX_BELOW_MIN,
    FF_REGEX_BACK_REFERENCE,
    FF_REGEX_LOOK_BEHIND,
    FF_REGEX_RANGE,
};
int ff_regex_problem(int32_t status);

void ff_regex_close(ff_regex *regex);

/// Whether the whole of `text` (UTF-16) matches (`whole` nonzero), or the pattern is found anywhere
/// in it: 1 it does, 0 it does not, -1 the match gave up after `limit` steps of ICU's engine (about
/// a millisecond each, as ICU says), -2 another failure.
int ff_regex_match(ff_regex *regex, const uint16_t *text, int32_t length, int32_t limit, int whole);

#endif
