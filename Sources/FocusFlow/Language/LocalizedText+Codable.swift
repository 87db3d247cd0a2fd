extension KeyedDecodingContainer where K == AnyKey {
    /// A flow text under `key`: a string, or an object of language codes and strings (then
    /// also its English text, else the first given, as the plain text: a flow is in English
    /// until ``FlowSpec/localized(to:)``), or `nil` when the key is absent.
    ///
    /// - Throws: a located `DecodingError` for a value that is neither, a key that is not a
    ///   language code, a language's text that is not a string, or an empty object.
    func decodeTextIfPresent(forKey key: AnyKey) throws -> (text: String, languages: LocalizedText?)? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let decoder = try superDecoder(forKey: key)
        if let text = try? decoder.singleValueContainer().decode(String.self) { return (text, nil) }
        guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
            throw DecodingError.flow(.expectedLocalizedText, at: decoder.codingPath)
        }
        let written = (decoder.userInfo[JSONCursor.keyOrderKey] as? [String: [String]])?[JSONCursor.path(decoder.codingPath)]
        let present = Set(object.allKeys.map(\.stringValue))
        let order = (written ?? present.sorted()).filter(present.contains)
        var variants: [LocalizedText.Variant] = []
        for code in order {
            guard LocalizedText.isCode(code) else {
                throw DecodingError.flow(.notLanguageCode(code), at: decoder.codingPath + [AnyKey(code)])
            }
            variants.append(.init(code: code, text: try object.decode(String.self, forKey: AnyKey(code))))
        }
        guard !variants.isEmpty else {
            throw DecodingError.flow(.noLanguage, at: decoder.codingPath)
        }
        let text = LocalizedText(variants)
        return (text.text(in: .en), text)
    }
}

extension KeyedEncodingContainer where K == AnyKey {
    /// A flow text as the flow file writes it: the string, or the object of languages.
    mutating func encodeText(_ text: String?, languages: LocalizedText?, forKey key: AnyKey) throws {
        if let languages {
            var object = nestedContainer(keyedBy: AnyKey.self, forKey: key)
            for variant in languages.variants { try object.encode(variant.text, forKey: AnyKey(variant.code)) }
        } else {
            try encodeIfPresent(text, forKey: key)
        }
    }
}
