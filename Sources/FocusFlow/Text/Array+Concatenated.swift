extension [String] {
    /// The strings one after another, `separator` between each two: what `joined(separator:)`
    /// gives, compiled in the caller's module.
    ///
    /// The standard library's `joined(separator:)` is not specialised for its caller. Its first
    /// call on `[String]` looks up the array's associated types by their mangled names, which
    /// scans every protocol conformance record in the program: about a twentieth of a start. What
    /// draws the first prompt joins with this instead.
    ///
    /// - Complexity: O(*n*) in the length of the result.
    package func concatenated(separator: String = "") -> String {
        guard !isEmpty else { return "" }
        var out = self[0]
        for index in 1..<count {
            out += separator
            out += self[index]
        }
        return out
    }
}
