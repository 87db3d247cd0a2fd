/// The flow file format of `Flows/*.json`; `Flows/flow.schema.json` describes the same.
extension FlowSpec: Codable {
    private static let keys = ["$schema", "id", "title", "fields", "review", "theme"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        let title = try c.decodeTextIfPresent(forKey: "title")
        try self.init(
            id: c.decode(String.self, forKey: "id"),
            title: title?.text ?? "",
            entries: c.decode([FlowEntry].self, forKey: "fields"),
            review: c.decodeIfPresent(Bool.self, forKey: "review") ?? false)
        for variant in title?.languages?.variants ?? [] { try DisplayText.check(variant.text, path: "title.\(variant.code)") }
        localizedTitle = title?.languages
        theme = try c.decodeIfPresent(FlowTheme.self, forKey: "theme")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(id, forKey: "id")
        try c.encodeText(title, languages: localizedTitle, forKey: "title")
        try c.encode(entries, forKey: "fields")
        if review { try c.encode(review, forKey: "review") }
        try c.encodeIfPresent(theme, forKey: "theme")
    }
}

extension FieldSpec: Codable {
    private static let keys =
        ["id", "kind", "label", "placeholder", "hint", "section", "secure", "keyboard", "options", "default", "rules", "when"]
        + ["check", "send", "resendAfter", "expiresAfter", "requirements", "prefill"] + KindKey.fieldKeys.map(\.name)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        var kind = FieldKind.implied
        if let name = try c.decodeIfPresent(String.self, forKey: "kind") {
            guard let known = FieldKind(rawValue: name) else {
                let hint = FlowSpecError.Reason.hint(for: name, in: FieldKind.allCases.map(\.rawValue))
                throw DecodingError.flow(.unknownKind(name, hint), at: c.codingPath + [AnyKey("kind")])
            }
            kind = known
        }
        var keyboard = KeyboardType.default
        if let name = try c.decodeIfPresent(String.self, forKey: "keyboard") {
            guard kind.typesFreeText else {
                throw DecodingError.flow(.noTextToType(kind), at: c.codingPath + [AnyKey("keyboard")])
            }
            guard let known = KeyboardType(rawValue: name) else {
                let hint = FlowSpecError.Reason.hint(for: name, in: KeyboardType.allCases.map(\.rawValue))
                throw DecodingError.flow(.unknownKeyboard(name, hint), at: c.codingPath + [AnyKey("keyboard")])
            }
            keyboard = known
        }
        let defaultValue = c.contains("default") ? try kind.behavior.decodeDefault(from: c) : nil
        let label = try c.decodeTextIfPresent(forKey: "label")
        let placeholder = try c.decodeTextIfPresent(forKey: "placeholder")
        let hint = try c.decodeTextIfPresent(forKey: "hint")
        let section = try c.decodeTextIfPresent(forKey: "section")
        // A list of options, or an object naming the service that gives them (``OptionSource``).
        var options: [FieldOption] = []
        var source: OptionSource?
        if c.contains("options"), try !c.decodeNil(forKey: "options") {
            if let list = try? c.decode([FieldOption].self, forKey: "options") {
                options = list
            } else if (try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "options")) != nil {
                source = try c.decode(OptionSource.self, forKey: "options")
            } else {
                options = try c.decode([FieldOption].self, forKey: "options")
            }
        }
        self.init(
            id: try c.decode(FieldID.self, forKey: "id"),
            kind: kind,
            label: label?.text,
            placeholder: placeholder?.text,
            hint: hint?.text,
            secure: try c.decodeIfPresent(Bool.self, forKey: "secure") ?? false,
            keyboard: keyboard,
            options: options,
            default: defaultValue,
            rules: try c.decodeIfPresent(FieldRules.self, forKey: "rules") ?? .init(),
            when: try c.decodeIfPresent(FieldCondition.self, forKey: "when"),
            section: section?.text)
        kindSettings = try KindValues(from: c, keys: KindKey.fieldKeys)
        optionSource = source
        check = try c.decodeIfPresent(String.self, forKey: "check")
        if let name = try c.decodeIfPresent(String.self, forKey: "send") {
            guard let resendAfter = try c.decodeIfPresent(Int.self, forKey: "resendAfter") else {
                throw DecodingError.flow(.missingKey("resendAfter"), at: c.codingPath)
            }
            send = FieldSend(name: name, resendAfter: resendAfter, expiresAfter: try c.decodeIfPresent(Int.self, forKey: "expiresAfter"))
        } else {
            for key in ["resendAfter", "expiresAfter"] where c.contains(AnyKey(key)) {
                throw DecodingError.flow(.needsSend(key), at: c.codingPath + [AnyKey(key)])
            }
        }
        requirements = try c.decodeIfPresent([FieldRequirement].self, forKey: "requirements") ?? []
        prefill = try c.decodeIfPresent(Bool.self, forKey: "prefill") ?? true
        localizedText[.label] = label?.languages
        localizedText[.placeholder] = placeholder?.languages
        localizedText[.hint] = hint?.languages
        localizedText[.section] = section?.languages
        localizedText[.message] = rules.localizedMessage
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(id, forKey: "id")
        if kind != FieldKind.implied { try c.encode(kind, forKey: "kind") }
        try c.encodeText(label, languages: localizedText[.label], forKey: "label")
        try c.encodeText(placeholder, languages: localizedText[.placeholder], forKey: "placeholder")
        try c.encodeText(hint, languages: localizedText[.hint], forKey: "hint")
        try c.encodeText(section, languages: localizedText[.section], forKey: "section")
        if secure { try c.encode(true, forKey: "secure") }
        if keyboard != .default, kind.typesFreeText { try c.encode(keyboard, forKey: "keyboard") }
        if let optionSource {
            try c.encode(optionSource, forKey: "options")
        } else if !options.isEmpty {
            try c.encode(options, forKey: "options")
        }
        try `default`?.encode(to: &c, forKey: "default")
        if rules != FieldRules() {
            var rules = rules
            rules.localizedMessage = localizedText[.message]
            try c.encode(rules, forKey: "rules")
        }
        try kindSettings.encode(to: &c, keys: KindKey.fieldKeys)
        try c.encodeIfPresent(when, forKey: "when")
        try c.encodeIfPresent(check, forKey: "check")
        if let send {
            try c.encode(send.name, forKey: "send")
            try c.encode(send.resendAfter, forKey: "resendAfter")
            try c.encodeIfPresent(send.expiresAfter, forKey: "expiresAfter")
        }
        if !requirements.isEmpty { try c.encode(requirements, forKey: "requirements") }
        if !prefill { try c.encode(false, forKey: "prefill") }
    }
}

extension FieldOption: Codable {
    /// A string (value and label alike), or `{"value", "label"}`.
    public init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer().decode(String.self) {
            self.init(value: value)
            return
        }
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: ["value", "label"])
        let label = try c.decodeTextIfPresent(forKey: "label")
        self.init(value: try c.decode(String.self, forKey: "value"), label: label?.text)
        localizedLabel = label?.languages
    }

    public func encode(to encoder: any Encoder) throws {
        if label == value && localizedLabel == nil {
            var c = encoder.singleValueContainer()
            try c.encode(value)
        } else {
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(value, forKey: "value")
            try c.encodeText(label, languages: localizedLabel, forKey: "label")
        }
    }
}

extension FieldCondition.Value: Codable {
    /// `true`/`false`, a number or a string.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let flag = try? c.decode(Bool.self) { self = .bool(flag) } else if let number = try? c.decode(Double.self) { self = .number(number) } else { self = .string(try c.decode(String.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let text): try c.encode(text)
        case .bool(let flag): try c.encode(flag)
        case .number(let value): try c.encode(value)
        }
    }
}

extension FieldRules: Codable {
    private static let keys = ["required", "pattern", "matches", "min", "max", "message"] + KindKey.rules.map(\.name)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        self.init(
            required: try c.decodeIfPresent(Bool.self, forKey: "required") ?? false,
            pattern: try c.decodeIfPresent(String.self, forKey: "pattern"),
            matches: try c.decodeIfPresent(FieldID.self, forKey: "matches"),
            min: try c.decodeIfPresent(FieldCondition.Value.self, forKey: "min"),
            max: try c.decodeIfPresent(FieldCondition.Value.self, forKey: "max"),
            message: nil)
        kindRules = try KindValues(from: c, keys: KindKey.rules)
        let message = try c.decodeTextIfPresent(forKey: "message")
        self.message = message?.text
        localizedMessage = message?.languages
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        if required { try c.encode(true, forKey: "required") }
        try kindRules.encode(to: &c, keys: KindKey.rules)
        try c.encodeIfPresent(pattern, forKey: "pattern")
        try c.encodeIfPresent(matches, forKey: "matches")
        try c.encodeIfPresent(min, forKey: "min")
        try c.encodeIfPresent(max, forKey: "max")
        try c.encodeText(message, languages: localizedMessage, forKey: "message")
    }
}

extension FieldCondition {
    private static let keys = ["field", "equals", "in", "notEmpty", "min", "max", "all", "any", "not"]
    private static let tests = ["equals", "in", "notEmpty", "min", "max"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        // Exactly one of "field", "all", "any" and "not" says what the object is.
        let heads = ["field", "all", "any", "not"].filter { c.contains(AnyKey($0)) }
        guard heads.count == 1 else {
            let key = heads.dropFirst().first.map { AnyKey($0) }
            throw DecodingError.flow(.conditionNeedsOneHead, at: c.codingPath + (key.map { [$0] } ?? []))
        }
        switch heads[0] {
        case "all", "any", "not":
            if let test = Self.tests.first(where: { c.contains(AnyKey($0)) }) {
                throw DecodingError.flow(.conditionNeedsOneHead, at: c.codingPath + [AnyKey(test)])
            }
            switch heads[0] {
            case "all": self = .all(try c.decode([FieldCondition].self, forKey: "all"))
            case "any": self = .any(try c.decode([FieldCondition].self, forKey: "any"))
            default: self = .not(try c.decode(FieldCondition.self, forKey: "not"))
            }
            return
        default: break
        }
        let field = try c.decode(FieldID.self, forKey: "field")
        let equals = try c.decodeIfPresent(Value.self, forKey: "equals")
        let list = try c.decodeIfPresent([Value].self, forKey: "in")
        let notEmpty = try c.decodeIfPresent(Bool.self, forKey: "notEmpty")
        let min = try c.decodeIfPresent(Value.self, forKey: "min")
        let max = try c.decodeIfPresent(Value.self, forKey: "max")
        let bounded = min != nil || max != nil
        switch (equals, list, notEmpty, bounded) {
        case (let value?, nil, nil, false): self.init(field: field, test: .equals(value))
        case (nil, let values?, nil, false): self.init(field: field, test: .in(values))
        case (nil, nil, let flag?, false): self.init(field: field, test: .notEmpty(flag))
        case (nil, nil, nil, true): self.init(field: field, test: .range(min: min, max: max))
        default:
            throw DecodingError.flow(.conditionNeedsOneTest, at: c.codingPath)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .all(let list): try c.encode(list, forKey: "all")
        case .any(let list): try c.encode(list, forKey: "any")
        case .not(let inner): try c.encode(inner, forKey: "not")
        case .leaf(let field, let test):
            try c.encode(field, forKey: "field")
            switch test {
            case .equals(let value): try c.encode(value, forKey: "equals")
            case .in(let values): try c.encode(values, forKey: "in")
            case .notEmpty(let flag): try c.encode(flag, forKey: "notEmpty")
            case .range(let min, let max):
                try c.encodeIfPresent(min, forKey: "min")
                try c.encodeIfPresent(max, forKey: "max")
            }
        }
    }
}

/// A coding key for any name, so that decoders can see and refuse keys they do not know.
struct AnyKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) { stringValue = string }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where K == AnyKey {
    /// Throws for the first key not in `allowed`, suggesting the nearest allowed one.
    func rejectUnknownKeys(allowed: [String]) throws {
        for key in allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !allowed.contains(key.stringValue) {
            let hint = FlowSpecError.Reason.hint(for: key.stringValue, in: allowed)
            throw DecodingError.flow(.unknownKey(key.stringValue, hint), at: codingPath + [key])
        }
    }
}
