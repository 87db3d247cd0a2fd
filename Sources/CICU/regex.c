// ICU's regular expressions (libicu-dev), for their time limit: a pattern that backtracks without
// end (`^(a+)+$`) stops after a bounded number of steps instead of hanging the program.
//
// ICU is loaded when the first pattern is compiled (dlopen), not when the program starts: linking
// libicui18n and libicuuc made every start load and relocate them (with libicudata, 31 MB) even
// for flows without a pattern, which is most of a cold start's difference from a C program. The
// headers are ICU's own, so the types and the signatures are checked against the installed ICU;
// Debian's ICU renames every function with its version (uregex_open is uregex_open_72), and the
// same renaming macros give the names looked up here, so the library and the headers agree.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <unicode/uregex.h>
#include "ff_regex.h"

#define FF_TEXT(x) #x
#define FF_NAME(x) FF_TEXT(x)

/// ICU's functions, found once in the library (`loaded` 1), or not found (`loaded` -1).
static struct {
    int loaded;
    __typeof__(&uregex_open) open;
    __typeof__(&uregex_close) close;
    __typeof__(&uregex_setTimeLimit) setTimeLimit;
    __typeof__(&uregex_setText) setText;
    __typeof__(&uregex_matches) matches;
    __typeof__(&uregex_find) find;
} icu;

static void ff_icu_load(void) {
    icu.loaded = -1;
    void *library = dlopen("libicui18n.so." FF_NAME(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    icu.open = (__typeof__(icu.open))dlsym(library, FF_NAME(uregex_open));
    icu.close = (__typeof__(icu.close))dlsym(library, FF_NAME(uregex_close));
    icu.setTimeLimit = (__typeof__(icu.setTimeLimit))dlsym(library, FF_NAME(uregex_setTimeLimit));
    icu.setText = (__typeof__(icu.setText))dlsym(library, FF_NAME(uregex_setText));
    icu.matches = (__typeof__(icu.matches))dlsym(library, FF_NAME(uregex_matches));
    icu.find = (__typeof__(icu.find))dlsym(library, FF_NAME(uregex_find));
    if (icu.open && icu.close && icu.setTimeLimit && icu.setText && icu.matches && icu.find) icu.loaded = 1;
}

/// Loads ICU the first time; whether it is there.
static int ff_icu_ready(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ff_icu_load);
    return icu.loaded == 1;
}

int ff_regex_available(void) { return ff_icu_ready(); }

/// Compiles `pattern` (UTF-16); NULL and a nonzero `*status` when it does not compile, or when
/// ICU could not be loaded (``ff_regex_available`` says which).
ff_regex *ff_regex_open(const uint16_t *pattern, int32_t length, int32_t *status, int32_t *offset) {
    *offset = -1;
    if (!ff_icu_ready()) {
        *status = (int32_t)U_MISSING_RESOURCE_ERROR;
        return NULL;
    }
    UErrorCode code = U_ZERO_ERROR;
    UParseError place = { 0 };
    URegularExpression *regex = icu.open((const UChar *)pattern, length, 0, &place, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code)) {
        // A pattern is one line: ICU's offset on it is where it stopped (UTF-16 units).
        *offset = place.offset >= 0 ? place.offset : -1;
        return NULL;
    }
    return (ff_regex *)regex;
}

int ff_regex_problem(int32_t status) {
    switch ((UErrorCode)status) {
    case U_REGEX_MISMATCHED_PAREN: return FF_REGEX_PAREN;
    case U_REGEX_MISSING_CLOSE_BRACKET: return FF_REGEX_BRACKET;
    case U_REGEX_BAD_ESCAPE_SEQUENCE: return FF_REGEX_ESCAPE;
    case U_REGEX_PROPERTY_SYNTAX: return FF_REGEX_PROPERTY;
    case U_REGEX_BAD_INTERVAL: case U_REGEX_NUMBER_TOO_BIG: return FF_REGEX_INTERVAL;
    case U_REGEX_MAX_LT_MIN: return FF_REGEX_MAX_BELOW_MIN;
    case U_REGEX_INVALID_BACK_REF: return FF_REGEX_BACK_REFERENCE;
    case U_REGEX_LOOK_BEHIND_LIMIT: return FF_REGEX_LOOK_BEHIND;
    case U_REGEX_INVALID_RANGE: return FF_REGEX_RANGE;
    case U_REGEX_RULE_SYNTAX: case U_REGEX_INVALID_STATE: return FF_REGEX_SYNTAX;
    default: return FF_REGEX_OTHER;
    }
}

/// A regex exists only once ICU is loaded, so these calls need no check.
void ff_regex_close(ff_regex *regex) { icu.close((URegularExpression *)regex); }

/// Whether the whole of `text` (UTF-16) matches (`whole`), or the pattern is found anywhere in it:
/// 1 it does, 0 it does not, -1 the match gave up after `limit` steps of ICU's engine (about a
/// millisecond each, as ICU says), -2 another failure.
int ff_regex_match(ff_regex *compiled, const uint16_t *text, int32_t length, int32_t limit, int whole) {
    URegularExpression *regex = (URegularExpression *)compiled;
    UErrorCode code = U_ZERO_ERROR;
    icu.setTimeLimit(regex, limit, &code);
    icu.setText(regex, (const UChar *)text, length, &code);
    if (U_FAILURE(code)) return -2;
    UBool matched = whole ? icu.matches(regex, 0, &code) : icu.find(regex, 0, &code);
    // Forget the text: it may be a secret, and the caller's buffer is about to go away.
    UErrorCode ignored = U_ZERO_ERROR;
    static const UChar empty[1] = { 0 };
    icu.setText(regex, empty, 0, &ignored);
    if (code == U_REGEX_TIME_OUT) return -1;
    if (U_FAILURE(code)) return -2;
    return matched ? 1 : 0;
}
