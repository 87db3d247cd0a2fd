#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FlowSpec {
    /// A short, stable hash of the flow's canonical form: `fnv1a64:` and 16 hex digits.
    ///
    /// The canonical form is the flow encoded as JSON with sorted keys, so the same flow gives
    /// the same fingerprint on every machine and in every run, and any change to a field, a
    /// rule, an option or the order of the fields gives another. Drafts carry it, so that a
    /// draft of a flow that has changed since is refused rather than misread.
    public var fingerprint: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let canonical = (try? encoder.encode(self)).map(Array.init) ?? Array("\(id)\u{0}\(fields.map(\.id.rawValue))".utf8)
        let digits = String(FNV1a64.hash(canonical), radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// FNV-1a, 64 bits: a small, stable, dependency-free hash for fingerprints (not for secrets).
enum FNV1a64 {
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
