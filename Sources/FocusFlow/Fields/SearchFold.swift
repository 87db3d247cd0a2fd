/// The fold behind every option filter: case, diacritics and width folded away, so that "kor"
/// finds "Korea", "cafe" finds "Café" and "ＡＢＣ" finds "abc".
///
/// Foundation's `folding(options:locale:)` is not in FoundationEssentials, which is all the
/// engine may import, so the fold is a small table of its own, honest about its reach:
///
/// - width: full-width ASCII (U+FF01–U+FF5E) and the ideographic space become ASCII;
/// - diacritics: the Latin letters with marks in U+00C0–U+024F and U+1E00–U+1EFF (Vietnamese
///   included) become their base letter, and combining marks (U+0300–U+036F) are dropped;
/// - case: each scalar's Unicode lowercase mapping (Latin, Greek, Cyrillic, …);
/// - Hangul: a precomposed syllable becomes its conjoining jamo, so a syllable still being
///   composed ("하" on the way to "한") matches, and both spellings of "한" match each other.
///
/// Letters without a canonical decomposition (ø, ł, đ) are kept, as Foundation keeps them.
enum SearchFold {
    /// `text` folded, as UTF-8 bytes.
    ///
    /// - Complexity: O(*n*) in the scalars of `text`.
    static func bytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        if v < 0x80 {
            let byte = UInt8(v)
            out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            return
        }
        if (0x300...0x36F).contains(v) { return }
        if (0xFF01...0xFF5E).contains(v) { return append(Unicode.Scalar(v - 0xFF01 + 0x21)!, to: &out) }
        if v == 0x3000 { return out.append(0x20) }
        if (0xAC00...0xD7A3).contains(v) {
            let index = v - 0xAC00
            utf8(0x1100 + index / 588, &out)
            utf8(0x1161 + (index % 588) / 28, &out)
            if index % 28 > 0 { utf8(0x11A7 + index % 28, &out) }
            return
        }
        if let base = latinBase[v] { return append(base, to: &out) }
        for lower in scalar.properties.lowercaseMapping.unicodeScalars { utf8(lower.value, &out) }
    }

    private static func utf8(_ v: UInt32, _ out: inout [UInt8]) {
        switch v {
        case ..<0x80: out.append(UInt8(v))
        case ..<0x800: out += [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)]
        case ..<0x10000: out += [UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        default: out += [UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        }
    }

    /// Each Latin letter with marks and its base letter, position for position (generated from
    /// the Unicode Character Database's canonical decompositions).
    private static let latinBase: [UInt32: Unicode.Scalar] = {
        let marked =
            "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǦǧǨǩǪǫǬǭǮǯǰǴǵǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ"
        let bases =
            "AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaÆæGgKkOoOoƷʒjGgNnAaÆæØøAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwyſAaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy"
        return Dictionary(zip(marked.unicodeScalars.map(\.value), bases.unicodeScalars), uniquingKeysWith: { a, _ in a })
    }()
}
