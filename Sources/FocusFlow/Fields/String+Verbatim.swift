#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Runs `body` over the UTF-8 bytes in place, copying only a string that is not stored
    /// as contiguous UTF-8 (one bridged from elsewhere).
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }

    /// Whether `self` begins with `prefix`'s bytes (`hasPrefix` compares canonically).
    package func hasPrefixIdentical(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

    /// Whether `self` and `other` are the same bytes, not merely canonically equivalent.
    ///
    /// - Complexity: O(*n*), one `memcmp`-speed pass; O(1) when the byte counts differ or the
    ///   two are one string's copies.
    package func isIdentical(to other: String) -> Bool {
        // The same representation (the same storage, or the same small string) is the same
        // bytes: a copied state's texts are compared without reading them.
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
            unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self)
        {
            return true
        }
        guard utf8.count == other.utf8.count else { return false }
        return editedRegion(from: other) == nil
    }

    /// Whether `other`'s bytes appear in `self`'s: a leak check, not canonical matching.
    ///
    /// - Complexity: O(*n* × *m*) at worst; `memchr` and `memcmp` speed in practice.
    package func containsVerbatim(_ other: String) -> Bool {
        withBytes { h in
            other.withBytes { n in
                guard let first = n.first else { return true }
                guard n.count <= h.count, let base = h.baseAddress else { return false }
                var i = 0
                let last = h.count - n.count
                while i <= last {
                    guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return false }
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, n.baseAddress!, n.count) == 0 { return true }
                    i = at + 1
                }
                return false
            }
        }
    }

    /// Whether `keyboard` accepts every scalar of `self` in the byte range `region`.
    ///
    /// - Complexity: O(*m*) in the region's length.
    func accepts(_ keyboard: KeyboardType, in region: Range<Int>) -> Bool {
        if region.isEmpty { return true }
        return withBytes { bytes in
            var i = region.lowerBound
            while i < region.upperBound {
                let lead = bytes[i]
                let scalar: UInt32
                switch lead {
                case 0..<0x80:
                    scalar = UInt32(lead); i += 1
                case 0xC0..<0xE0:
                    scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F); i += 2
                case 0xE0..<0xF0:
                    scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F); i += 3
                default:
                    scalar =
                        UInt32(lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                        | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F);
                    i += 4
                }
                // A String holds valid UTF-8, so every decoded value is a scalar.
                guard let scalar = Unicode.Scalar(scalar), keyboard.accepts(scalar) else { return false }
            }
            return true
        }
    }

    /// The bytes of `self` that differ from `old`, widened to whole Unicode scalars: `nil` when
    /// the two are byte-identical.
    ///
    /// Everything before the returned range is a byte-for-byte common prefix and everything after
    /// it a common suffix, so a caller that trusts `old` needs to look only at this range.
    ///
    /// - Complexity: O(*p* + *s*) byte comparisons, where *p* and *s* are the common prefix and
    ///   suffix, done a machine word at a time.
    package func editedRegion(from old: String) -> Range<Int>? {
        withBytes { n in
            old.withBytes { o in Self.editedRegion(new: n, old: o) }
        }
    }

    private static func editedRegion(
        new n: UnsafeBufferPointer<UInt8>, old o: UnsafeBufferPointer<UInt8>
    ) -> Range<Int>? {
        let shorter = Swift.min(n.count, o.count)
        var prefix = commonPrefix(n, o, limit: shorter)
        if prefix == shorter && n.count == o.count { return nil }
        var suffix = 0
        let suffixLimit = shorter - prefix
        while suffix < suffixLimit && n[n.count - 1 - suffix] == o[o.count - 1 - suffix] {
            suffix += 1
        }
        // Widen to scalar boundaries: a UTF-8 continuation byte is 0b10xx_xxxx.
        while prefix > 0 && prefix < n.count && n[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var end = n.count - suffix
        while end < n.count && n[end] & 0xC0 == 0x80 { end += 1 }
        if prefix > end { prefix = end }
        return prefix..<end
    }

    /// The length of the common prefix of `a` and `b`: one `memcmp` when the shorter is a prefix
    /// of the longer (typing or deleting at the end), else eight bytes at a time.
    private static func commonPrefix(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int
    ) -> Int {
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return 0 }
        if memcmp(pa, pb, limit) == 0 { return limit }
        var i = 0
        let word = MemoryLayout<UInt64>.size
        while i + word <= limit {
            let x = UnsafeRawPointer(pa + i).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(pb + i).loadUnaligned(as: UInt64.self)
            if x != y { break }
            i += word
        }
        while i < limit && pa[i] == pb[i] { i += 1 }
        return i
    }
}
