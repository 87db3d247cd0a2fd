import Glibc

// Why focusflow's link has no mktemp in it.
//
// Linked with the Swift runtime and Foundation statically (`swift build -c release
// --static-swift-stdlib --product focusflow`, which halves the start-up), the link reads glibc's
// note on mktemp — "warning: the use of `mktemp' is dangerous, better use `mkstemp' or
// `mkdtemp'" — because FoundationEssentials' Data.swift.o pulls in, through CocoaError, the XDG
// folders, FileManager and String+Internals, Data+Writing.swift.o, whose createTemporaryFile
// calls mktemp for atomic writes (Data.write(options: .atomic), String.write(atomically: true)).
// FocusFlow writes no file that way: AnswerTarget, DraftFile and RecordOption make their
// temporary files with mkstemp.
//
// So focusflow is linked with `--wrap=mktemp` (Package.swift), which sends every reference to
// mktemp in the objects of its own link here instead, and glibc's mktemp is not linked at all.
// This makes no name: it empties the template and fails with EINVAL, so an atomic write through
// Foundation would fail with an error rather than ever use a guessable name. Linked dynamically
// (a plain `swift build`), Foundation's shared library keeps glibc's own mktemp: --wrap changes
// only the objects in focusflow's link, none of which names mktemp then.
@_cdecl("__wrap_mktemp")
func noMktemp(_ template: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    template?.pointee = 0
    errno = EINVAL
    return template
}
