// Why focusflow's link has no mktemp in it.
//
// Linked with the Swift runtime and Foundation statically (`swift build -c release
// --static-swift-stdlib`, which halves the start-up), the link reads glibc's note on mktemp —
// "warning: the use of `mktemp' is dangerous, better use `mkstemp' or `mkdtemp'" — because
// FoundationEssentials' Data.swift.o pulls in, through CocoaError, the XDG folders, FileManager
// and String+Internals, Data+Writing.swift.o, whose createTemporaryFile calls mktemp for atomic
// writes (Data.write(options: .atomic), String.write(atomically: true)). FocusFlow writes no file
// that way: AnswerTarget, DraftFile and RecordOption make their temporary files with mkstemp.
//
// So focusflow is linked with `--wrap=mktemp` (Package.swift), which sends every reference to
// mktemp in the objects linked into it to this function instead, and glibc's mktemp is not linked
// at all. This one makes no name: it empties the template and fails with EINVAL, so an atomic
// write through Foundation would fail with an error rather than ever use a guessable name. The
// libraries linked dynamically (a plain `swift build`) keep glibc's own mktemp: --wrap changes
// only the objects in focusflow's own link, none of which names mktemp then.
#include <errno.h>
#include <stddef.h>
#include "no_mktemp.h"

char *__wrap_mktemp(char *template_) {
    if (template_ != NULL) template_[0] = '\0';
    errno = EINVAL;
    return template_;
}
