/// The Unicode the engine's own matcher (``LinearPattern``) reads, as RE2 reads it: general
/// categories, the scripts it has tables for, and simple case folding, for the scalars RE2's
/// tables know.
///
/// Categories and folding come from the standard library's Unicode properties, for scalars
/// assigned by ``version`` (RE2's tables are of that Unicode; a scalar assigned later is in
/// no category there, and folds to nothing). Scripts have no standard-library property: the
/// ones here are RE2's ranges, written out; a pattern naming another script is refused at load
/// (``PatternProblem/needsRE2``). `LinearPatternTests` checks every table against RE2 over
/// every scalar.
enum PatternUnicode {
    /// The Unicode version of RE2's tables (libre2 2022-06-01).
    static let version = (major: 15, minor: 0)

    /// The general categories by RE2's names; a one-letter name is every category it starts.
    static func categories(named name: String) -> [Unicode.GeneralCategory]? {
        if name.count == 1 {
            let all = allCategories.filter { $0.name.hasPrefix(name) }
            return all.isEmpty ? nil : all.map(\.category)
        }
        return allCategories.first { $0.name == name }.map { [$0.category] }
    }

    /// The categories RE2 names (no `Cn`: an unassigned scalar is in no group but `Any`).
    private static let allCategories: [(name: String, category: Unicode.GeneralCategory)] = [
        ("Lu", .uppercaseLetter), ("Ll", .lowercaseLetter), ("Lt", .titlecaseLetter), ("Lm", .modifierLetter), ("Lo", .otherLetter),
        ("Mn", .nonspacingMark), ("Mc", .spacingMark), ("Me", .enclosingMark), ("Nd", .decimalNumber), ("Nl", .letterNumber),
        ("No", .otherNumber), ("Pc", .connectorPunctuation), ("Pd", .dashPunctuation), ("Ps", .openPunctuation),
        ("Pe", .closePunctuation), ("Pi", .initialPunctuation), ("Pf", .finalPunctuation), ("Po", .otherPunctuation),
        ("Sm", .mathSymbol), ("Sc", .currencySymbol), ("Sk", .modifierSymbol), ("So", .otherSymbol), ("Zs", .spaceSeparator),
        ("Zl", .lineSeparator), ("Zp", .paragraphSeparator), ("Cc", .control), ("Cf", .format), ("Cs", .surrogate),
        ("Co", .privateUse),
    ]

    /// The category of `value` as RE2's tables have it: `nil` when unassigned in ``version``.
    static func category(of value: UInt32) -> Unicode.GeneralCategory? {
        guard let scalar = Unicode.Scalar(value), known(scalar) else { return nil }
        return changed[value] ?? scalar.properties.generalCategory
    }

    /// The scalars whose category a later Unicode changed, with the one RE2's tables give.
    private static let changed: [UInt32: Unicode.GeneralCategory] = [0x295: .lowercaseLetter, 0x1171E: .nonspacingMark]

    /// Whether `scalar` was assigned by ``version`` (private use is assigned from the start).
    static func known(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return age.major < version.major || (age.major == version.major && age.minor <= version.minor)
    }

    /// Every script RE2 knows by name: one without a table here is refused as needing RE2, not
    /// as a property that does not exist.
    static let re2Scripts: Set<String> = [
        "Adlam", "Ahom", "Anatolian_Hieroglyphs", "Arabic", "Armenian", "Avestan", "Balinese", "Bamum", "Bassa_Vah", "Batak", "Bengali",
        "Bhaiksuki", "Bopomofo", "Brahmi", "Braille", "Buginese", "Buhid", "Canadian_Aboriginal", "Carian", "Caucasian_Albanian", "Chakma",
        "Cham", "Cherokee", "Chorasmian", "Common", "Coptic", "Cuneiform", "Cypriot", "Cypro_Minoan", "Cyrillic", "Deseret", "Devanagari",
        "Dives_Akuru", "Dogra", "Duployan", "Egyptian_Hieroglyphs", "Elbasan", "Elymaic", "Ethiopic", "Georgian", "Glagolitic", "Gothic",
        "Grantha", "Greek", "Gujarati", "Gunjala_Gondi", "Gurmukhi", "Han", "Hangul", "Hanifi_Rohingya", "Hanunoo", "Hatran", "Hebrew",
        "Hiragana", "Imperial_Aramaic", "Inherited", "Inscriptional_Pahlavi", "Inscriptional_Parthian", "Javanese", "Kaithi", "Kannada",
        "Katakana", "Kawi", "Kayah_Li", "Kharoshthi", "Khitan_Small_Script", "Khmer", "Khojki", "Khudawadi", "Lao", "Latin", "Lepcha",
        "Limbu", "Lisu", "Lycian", "Lydian", "Mahajani", "Makasar", "Malayalam", "Mandaic", "Manichaean", "Marchen", "Masaram_Gondi",
        "Medefaidrin", "Meetei_Mayek", "Mende_Kikakui", "Meroitic_Cursive", "Meroitic_Hieroglyphs", "Miao", "Modi", "Mongolian", "Mro",
        "Multani", "Myanmar", "Nabataean", "Nag_Mundari", "Nandinagari", "New_Tai_Lue", "Newa", "Nko", "Nushu", "Nyiakeng_Puachue_Hmong",
        "Ogham", "Ol_Chiki", "Old_Hungarian", "Old_Italic", "Old_North_Arabian", "Old_Permic", "Old_Persian", "Old_Sogdian",
        "Old_South_Arabian", "Old_Turkic", "Old_Uyghur", "Oriya", "Osage", "Osmanya", "Pahawh_Hmong", "Palmyrene", "Pau_Cin_Hau",
        "Phags_Pa", "Phoenician", "Psalter_Pahlavi", "Rejang", "Runic", "Samaritan", "Saurashtra", "Sharada", "Shavian", "Siddham",
        "SignWriting", "Sinhala", "Sora_Sompeng", "Soyombo", "Sundanese", "Syloti_Nagri", "Syriac", "Tagalog", "Tagbanwa", "Tai_Le",
        "Tai_Tham", "Tai_Viet", "Takri", "Tamil", "Tangsa", "Tangut", "Telugu", "Thaana", "Thai", "Tibetan", "Tifinagh", "Tirhuta", "Toto",
        "Ugaritic", "Vai", "Vithkuqi", "Wancho", "Warang_Citi", "Yezidi", "Yi", "Zanabazar_Square",

    ]

    /// The scripts the matcher has tables for, as RE2's ranges.
    static let scripts: [String: [ClosedRange<UInt32>]] = [
        "Hangul": [
            0x1100...0x11FF, 0x302E...0x302F, 0x3131...0x318E, 0x3200...0x321E, 0x3260...0x327E, 0xA960...0xA97C, 0xAC00...0xD7A3,
            0xD7B0...0xD7C6, 0xD7CB...0xD7FB, 0xFFA0...0xFFBE, 0xFFC2...0xFFC7, 0xFFCA...0xFFCF, 0xFFD2...0xFFD7, 0xFFDA...0xFFDC,
        ],
        "Greek": [
            0x370...0x373, 0x375...0x377, 0x37A...0x37D, 0x37F...0x37F, 0x384...0x384, 0x386...0x386, 0x388...0x38A, 0x38C...0x38C,
            0x38E...0x3A1, 0x3A3...0x3E1, 0x3F0...0x3FF, 0x1D26...0x1D2A, 0x1D5D...0x1D61, 0x1D66...0x1D6A, 0x1DBF...0x1DBF, 0x1F00...0x1F15,
            0x1F18...0x1F1D, 0x1F20...0x1F45, 0x1F48...0x1F4D, 0x1F50...0x1F57, 0x1F59...0x1F59, 0x1F5B...0x1F5B, 0x1F5D...0x1F5D,
            0x1F5F...0x1F7D, 0x1F80...0x1FB4, 0x1FB6...0x1FC4, 0x1FC6...0x1FD3, 0x1FD6...0x1FDB, 0x1FDD...0x1FEF, 0x1FF2...0x1FF4,
            0x1FF6...0x1FFE, 0x2126...0x2126, 0xAB65...0xAB65, 0x10140...0x1018E, 0x101A0...0x101A0, 0x1D200...0x1D245,
        ],
        "Latin": [
            0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2B8, 0x2E0...0x2E4, 0x1D00...0x1D25,
            0x1D2C...0x1D5C, 0x1D62...0x1D65, 0x1D6B...0x1D77, 0x1D79...0x1DBE, 0x1E00...0x1EFF, 0x2071...0x2071, 0x207F...0x207F,
            0x2090...0x209C, 0x212A...0x212B, 0x2132...0x2132, 0x214E...0x214E, 0x2160...0x2188, 0x2C60...0x2C7F, 0xA722...0xA787,
            0xA78B...0xA7CA, 0xA7D0...0xA7D1, 0xA7D3...0xA7D3, 0xA7D5...0xA7D9, 0xA7F2...0xA7FF, 0xAB30...0xAB5A, 0xAB5C...0xAB64,
            0xAB66...0xAB69, 0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A, 0x10780...0x10785, 0x10787...0x107B0, 0x107B2...0x107BA,
            0x1DF00...0x1DF1E, 0x1DF25...0x1DF2A,
        ],
        "Han": [
            0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x3005...0x3005, 0x3007...0x3007, 0x3021...0x3029, 0x3038...0x303B,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFA6D, 0xFA70...0xFAD9, 0x16FE2...0x16FE3, 0x16FF0...0x16FF1, 0x20000...0x2A6DF,
            0x2A700...0x2B739, 0x2B740...0x2B81D, 0x2B820...0x2CEA1, 0x2CEB0...0x2EBE0, 0x2F800...0x2FA1D, 0x30000...0x3134A,
            0x31350...0x323AF,
        ],
        "Cyrillic": [
            0x400...0x484, 0x487...0x52F, 0x1C80...0x1C88, 0x1D2B...0x1D2B, 0x1D78...0x1D78, 0x2DE0...0x2DFF, 0xA640...0xA69F, 0xFE2E...0xFE2F,
            0x1E030...0x1E06D, 0x1E08F...0x1E08F,
        ],
    ]

    /// The scripts with tables, as a message names them.
    static let scriptNames = scripts.keys.sorted().joined(separator: ", ")

    /// The scalars that fold to the same as `value` under simple case folding (RE2's orbit of
    /// it), without `value` itself; empty for most.
    static func orbit(of value: UInt32) -> [UInt32] { orbits[value] ?? [] }

    /// Every scalar with others it folds with, built the first time a pattern ignores case.
    ///
    /// Simple case folding is not a standard-library property; it is the lowercase of the
    /// uppercase, where both are one scalar (ς, σ and Σ fold together; ß alone, as ẞ with it),
    /// except the Turkic dotless ı, which folds to nothing (`CaseFolding.txt`'s `T` entries
    /// are not simple folding).
    private static let orbits: [UInt32: [UInt32]] = {
        func single(_ text: String) -> Unicode.Scalar? {
            let scalars = text.unicodeScalars
            return scalars.count == 1 ? scalars.first : nil
        }
        var groups: [UInt32: [UInt32]] = [:]
        for value in UInt32(0)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value), known(scalar), scalar.properties.changesWhenCaseMapped, value != 0x131 else { continue }
            let upper = single(scalar.properties.uppercaseMapping) ?? scalar
            let key = single(upper.properties.lowercaseMapping) ?? upper
            groups[key.value, default: []].append(value)
        }
        var orbits: [UInt32: [UInt32]] = [:]
        for members in groups.values where members.count > 1 {
            for member in members { orbits[member] = members.filter { $0 != member } }
        }
        return orbits
    }()
}
