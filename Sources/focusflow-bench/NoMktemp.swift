import Glibc

// The bench is linked as focusflow is, with `--wrap=mktemp` (Package.swift), so that a static
// build of it has no glibc mktemp either: see Sources/focusflow/NoMktemp.swift. The bench makes
// no atomic write through Foundation.
@_cdecl("__wrap_mktemp")
func noMktemp(_ template: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    template?.pointee = 0
    errno = EINVAL
    return template
}
