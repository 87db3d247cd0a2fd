extension FlowSpec {
    /// The flow in `language`: every text the flow gives in several languages (title, labels,
    /// placeholders, hints, rule messages, option labels) in that language or else the first
    /// given, and the engine's own messages in that language.
    public func localized(to language: Language) -> FlowSpec {
        var copy = self
        copy.language = language
        if let titles = localizedTitle { copy.title = titles.text(in: language) }
        copy.fields = fields.map { $0.localized(to: language) }
        if !groupPlaces.isEmpty {
            copy.groupPlaces = groupPlaces.map { place in
                var place = place
                place.group.label = place.group.localizedLabel?.text(in: language) ?? place.group.label
                place.group.fields = place.group.fields.map { $0.localized(to: language) }
                return place
            }
        }
        return copy
    }
}

extension FieldSpec {
    /// The texts of a field a flow may give in several languages.
    public enum Text: String, Sendable, Hashable, CaseIterable {
        case label, placeholder, hint, message, section
    }

    /// The field in `language` (see ``FlowSpec/localized(to:)``).
    func localized(to language: Language) -> FieldSpec {
        var copy = self
        // Most fields give each text in one language: nothing to walk, and no iterator of the
        // dictionary's generic type to build at start.
        if !localizedText.isEmpty {
            for (key, languages) in localizedText {
                let text = languages.text(in: language)
                switch key {
                case .label: copy.label = text
                case .placeholder: copy.placeholder = text
                case .hint: copy.hint = text
                case .message: copy.rules.message = text
                case .section: copy.section = text
                }
            }
            // The chosen language's texts may name answers where the first language's did not.
            copy.templates = FieldTemplates(of: copy)
        }
        // The rules alone (as `describe` writes them) say the chosen message; the field's own
        // encoding writes every language from `localizedText`.
        copy.rules.localizedMessage = nil
        if requirements.contains(where: { $0.localizedMessage != nil }) {
            copy.requirements = requirements.map { requirement in
                var requirement = requirement
                if let messages = requirement.localizedMessage { requirement.message = messages.text(in: language) }
                return requirement
            }
        }
        if options.contains(where: { $0.localizedLabel != nil }) {
            copy.options = options.map { option in
                var option = option
                if let labels = option.localizedLabel { option.label = labels.text(in: language) }
                return option
            }
        }
        return copy
    }

    /// Every language's text of the field, with the path the loader names for each
    /// (`label.ko`, `options[1].label.en`), for the checks every shown text passes.
    var allLocalizedTexts: [(path: String, text: String)] {
        Text.allCases.flatMap { key in
            (localizedText[key]?.variants ?? []).map { ("\(key == .message ? "rules.message" : key.rawValue).\($0.code)", $0.text) }
        }
            + options.enumerated().flatMap { index, option in
                (option.localizedLabel?.variants ?? []).map { ("options[\(index)].label.\($0.code)", $0.text) }
            }
    }
}
