// ICU's regular expressions (libicu-dev), for their time limit: a pattern that backtracks without
// end (`^(a+)+$`) stops after a bounded number of steps instead of hanging the program.
// Debian's ICU renames every function with its version (uregex_open_72), so Swift calls these
// wrappers, which compile against whichever version is installed.
#include <unicode/uregex.h>
#include "ff_regex.h"

/// Compiles `pattern` (UTF-16); NULL and a nonzero `*status` when it does not compile.
ff_regex *ff_regex_open(const uint16_t *pattern, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    URegularExpression *regex = uregex_open((const UChar *)pattern, length, 0, NULL, &code);
    *status = (int32_t)code;
    return U_FAILURE(code) ? NULL : (ff_regex *)regex;
}

void ff_regex_close(ff_regex *regex) { uregex_close((URegularExpression *)regex); }

/// Whether the whole of `text` (UTF-16) matches: 1 it does, 0 it does not, -1 the match gave up
/// after `limit` steps of ICU's engine (about a millisecond each, as ICU says), -2 another failure.
int ff_regex_whole_match(ff_regex *compiled, const uint16_t *text, int32_t length, int32_t limit) {
    URegularExpression *regex = (URegularExpression *)compiled;
    UErrorCode code = U_ZERO_ERROR;
    uregex_setTimeLimit(regex, limit, &code);
    uregex_setText(regex, (const UChar *)text, length, &code);
    if (U_FAILURE(code)) return -2;
    UBool matched = uregex_matches(regex, 0, &code);
    // Forget the text: it may be a secret, and the caller's buffer is about to go away.
    UErrorCode ignored = U_ZERO_ERROR;
    static const UChar empty[1] = { 0 };
    uregex_setText(regex, empty, 0, &ignored);
    if (code == U_REGEX_TIME_OUT) return -1;
    if (U_FAILURE(code)) return -2;
    return matched ? 1 : 0;
}
