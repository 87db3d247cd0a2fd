/// Whether a file's bytes are text, as the loader requires before it reads a flow: valid UTF-8
/// without a zero byte.
///
/// A flow file is mostly ASCII, and a large one is read on every load: its bytes are scanned
/// eight at a time (``ASCIIScan``), and only a file with a byte above 0x7F is handed to
/// `String(validating:as:)`, which builds (and so copies) a string of the whole file to say
/// whether it is valid.
package enum TextBytes {
    /// Whether `bytes` hold no zero byte and are valid UTF-8.
    ///
    /// - Complexity: O(*n*), eight bytes a step while they are ASCII.
    static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !ASCIIScan.containsZero(bytes) && isUTF8(bytes)
    }

    /// Whether `bytes` are valid UTF-8: eight bytes a step while they are ASCII, and a string
    /// built only when one is not.
    package static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ASCIIScan.isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil
    }
}
