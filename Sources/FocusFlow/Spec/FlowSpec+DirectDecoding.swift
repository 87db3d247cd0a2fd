/// The loader's fast path: a flow read straight from its bytes with ``JSONCursor``, without
/// `JSONDecoder`, its generic `Codable` machinery or a second pass for the order of keys.
///
/// It builds the same ``FlowSpec`` the `Codable` path (`FlowSpec+Codable.swift`) builds, through
/// the same initialisers and checks, and says `nil` at the first thing it does not take: a syntax
/// error, an unknown key, a value of the wrong type, a failed check, a `\u` escape. The loader then
/// runs the `Codable` path, which finds the problem and words it with its line and column or its
/// field path; so every error message stays the one that path gives. `FlowDecodingTests` hold
/// the two paths to the same result on every flow in `Flows/` and on mutated flows.
extension FlowSpec {
    /// How many fields the fast path reads before it reserves room for the rest.
    private static let fieldsSampled = 32

    /// The flow in `bytes` (valid UTF-8, no byte order mark), or `nil` for the slow path to explain.
    ///
    /// - Complexity: one pass over the bytes, plus the checks of ``init(id:title:fields:review:)``.
    static func decodeDirectly(_ bytes: UnsafeBufferPointer<UInt8>) -> FlowSpec? {
        var cursor = JSONCursor(bytes)
        var seen = JSONKeySet()
        var id: String?
        var title: FlowFileText?
        var fields: [FieldSpec]?
        var groups: [(position: Int, group: FieldGroup)] = []
        var review: Bool?
        var theme: FlowTheme?
        let read = cursor.object { c, key in
            if key.spells("id") { id = c.string(); return seen.insert(0) && id != nil }
            if key.spells("title") { return seen.insert(1) && c.optionalText(&title) }
            if key.spells("fields") {
                guard seen.insert(2), c.peek() == UInt8(ascii: "[") else { return false }
                var list: [FieldSpec] = []
                let start = c.offset
                let ok = c.array { c in
                    // A list that doubles as it grows moves every field it holds (a few hundred
                    // bytes each) again and again, into fresh pages: the first fields tell how
                    // many the rest of the bytes hold.
                    if list.count == Self.fieldsSampled {
                        list.reserveCapacity(c.estimatedCount(list.count, since: start))
                    }
                    // A repeating group reads as a field until its `kind`: read it again as one.
                    let start = c
                    if FieldSpec.decodeDirectly(&c, appendingTo: &list) { return true }
                    c = start
                    guard let group = FieldGroup.decodeDirectly(&c) else { return false }
                    groups.append((list.count + groups.count, group))
                    return true
                }
                fields = list
                return ok
            }
            if key.spells("review") { return seen.insert(3) && c.optionalBool(&review) }
            if key.spells("theme") {
                guard seen.insert(4) else { return false }
                if c.takeNull() { return true }
                theme = FlowTheme.decodeDirectly(&c)
                return theme != nil
            }
            if key.spells("$schema") { return seen.insert(5) && c.string() != nil }
            return false
        }
        // `take()` hands the list over without a second reference, so that the checks, which
        // store each compiled pattern in its field, do not copy 10,000 fields first.
        guard read, cursor.atEnd(), let id, let list = fields.take() else { return nil }
        // Brackets name a field inside a group's item: the `Codable` path refuses them in an id.
        if list.contains(where: { $0.id.rawValue.utf8.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") } }) { return nil }
        do {
            var spec =
                groups.isEmpty
                ? try FlowSpec(id: id, title: title?.text ?? "", fields: list, review: review ?? false)
                : try FlowSpec(id: id, title: title?.text ?? "", entries: FlowEntry.merging(list, groups), review: review ?? false)
            for variant in title?.languages?.variants ?? [] { try DisplayText.check(variant.text, path: "title") }
            spec.localizedTitle = title?.languages
            spec.theme = theme
            return spec
        } catch {
            return nil
        }
    }
}

/// A flow text as the file gives it: a string, or an object of languages.
typealias FlowFileText = (text: String, languages: LocalizedText?)

/// A field's `"default"` as written, read before the field's kind may be known.
enum FlowFileDefault {
    case string(String)
    case bool(Bool)
    case strings([String])
    case number(Double)
}

extension FieldSpec {
    /// Reads a field and appends it to `list`, built where it is appended rather than returned
    /// and moved (a field is a few hundred bytes); `false`, appending nothing, when the field is
    /// one the fast path does not take.
    static func decodeDirectly(_ c: inout JSONCursor, appendingTo list: inout [FieldSpec]) -> Bool {
        var seen = JSONKeySet()
        var id: String?
        var kindName: String?
        var label: FlowFileText?, placeholder: FlowFileText?, hint: FlowFileText?, section: FlowFileText?
        var secure: Bool?
        var keyboard: KeyboardType?
        var keyboardGiven = false
        var options: [FieldOption]?
        var optionSource: OptionSource?
        var defaultValue: FlowFileDefault?
        var rules: FieldRules?
        var when: FieldCondition?
        var settings = KindValues()
        var check: String?, sendName: String?, prefill: Bool?
        var resendAfter: Int?, expiresAfter: Int?
        var timingGiven = false
        var requirements: [FieldRequirement] = []
        let read = c.object { c, key in
            switch key.first {
            case UInt8(ascii: "c") where key.spells("check"): return seen.insert(40) && c.optionalString(&check)
            case UInt8(ascii: "s") where key.spells("send"): return seen.insert(41) && c.optionalString(&sendName)
            case UInt8(ascii: "r") where key.spells("resendAfter"):
                timingGiven = true
                return seen.insert(42) && c.optionalInt(&resendAfter)
            case UInt8(ascii: "e") where key.spells("expiresAfter"):
                timingGiven = true
                return seen.insert(43) && c.optionalInt(&expiresAfter)
            case UInt8(ascii: "p") where key.spells("prefill"): return seen.insert(44) && c.optionalBool(&prefill)
            case UInt8(ascii: "r") where key.spells("requirements"):
                guard seen.insert(45) else { return false }
                if c.takeNull() { return true }
                return c.array { c in
                    guard let requirement = FieldRequirement.decodeDirectly(&c) else { return false }
                    requirements.append(requirement)
                    return true
                }
            case UInt8(ascii: "i") where key.spells("id"): id = c.string(); return seen.insert(0) && id != nil
            case UInt8(ascii: "k") where key.spells("kind"): return seen.insert(1) && c.optionalString(&kindName)
            case UInt8(ascii: "l") where key.spells("label"): return seen.insert(2) && c.optionalText(&label)
            case UInt8(ascii: "p") where key.spells("placeholder"): return seen.insert(3) && c.optionalText(&placeholder)
            case UInt8(ascii: "h") where key.spells("hint"): return seen.insert(4) && c.optionalText(&hint)
            case UInt8(ascii: "s") where key.spells("secure"): return seen.insert(5) && c.optionalBool(&secure)
            case UInt8(ascii: "s") where key.spells("section"): return seen.insert(46) && c.optionalText(&section)
            case UInt8(ascii: "k") where key.spells("keyboard"):
                guard seen.insert(6) else { return false }
                if c.takeNull() { return true }
                keyboardGiven = true
                keyboard = c.plainString().flatMap(KeyboardType.named)
                return keyboard != nil
            case UInt8(ascii: "o") where key.spells("options"):
                guard seen.insert(7) else { return false }
                if c.takeNull() { return true }
                if c.peek() == UInt8(ascii: "{") {
                    optionSource = OptionSource.decodeDirectly(&c)
                    return optionSource != nil
                }
                var list: [FieldOption] = []
                let ok = c.array { c in
                    guard let option = FieldOption.decodeDirectly(&c) else { return false }
                    list.append(option)
                    return true
                }
                options = list
                return ok
            case UInt8(ascii: "d") where key.spells("default"):
                guard seen.insert(8) else { return false }
                switch c.peek() {
                case UInt8(ascii: "\""): defaultValue = c.string().map { .string($0) }
                case UInt8(ascii: "t"), UInt8(ascii: "f"): defaultValue = c.bool().map { .bool($0) }
                case UInt8(ascii: "["): defaultValue = c.strings().map { .strings($0) }
                case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): defaultValue = c.int().map { .number(Double($0)) }
                default: return false
                }
                return defaultValue != nil
            case UInt8(ascii: "r") where key.spells("rules"):
                guard seen.insert(9) else { return false }
                if c.takeNull() { return true }
                rules = FieldRules.decodeDirectly(&c)
                return rules != nil
            case UInt8(ascii: "w") where key.spells("when"):
                guard seen.insert(10) else { return false }
                if c.takeNull() { return true }
                when = FieldCondition.decodeDirectly(&c)
                return when != nil
            default:
                // A kind's own key; a number that is not whole is left to the `Codable` path.
                guard let position = KindKey.fieldKeys.position(of: key) else { return false }
                return seen.insert(11 + position) && settings.read(&c, key: KindKey.fieldKeys[position])
            }
        }
        guard read, let id else { return false }
        // A send without its cooldown, or timings without a send: the `Codable` path says which.
        if sendName == nil ? timingGiven : resendAfter == nil { return false }
        var kind = FieldKind.implied
        if let kindName {
            guard let known = FieldKind(rawValue: kindName) else { return false }
            kind = known
        }
        if keyboardGiven, !kind.typesFreeText { return false }
        var answer: FieldAnswer?
        if let defaultValue {
            guard let typed = kind.behavior.defaultAnswer(defaultValue) else { return false }
            answer = typed
        }
        // Every part is moved into the field (`take()`), not copied and then released.
        let (labelText, labelLanguages) = split(label.take())
        let (placeholderText, placeholderLanguages) = split(placeholder.take())
        let (hintText, hintLanguages) = split(hint.take())
        let (sectionText, sectionLanguages) = split(section.take())
        let messageLanguages = rules?.localizedMessage
        var localizedText: [FieldSpec.Text: LocalizedText] = [:]
        if labelLanguages != nil || placeholderLanguages != nil || hintLanguages != nil || messageLanguages != nil
            || sectionLanguages != nil
        {
            if sectionLanguages != nil { localizedText[.section] = sectionLanguages }
            if labelLanguages != nil { localizedText[.label] = labelLanguages }
            if placeholderLanguages != nil { localizedText[.placeholder] = placeholderLanguages }
            if hintLanguages != nil { localizedText[.hint] = hintLanguages }
            if messageLanguages != nil { localizedText[.message] = messageLanguages }
        }
        let fieldID = FieldID(id)
        list.append(
            FieldSpec.decoded(
                id: fieldID, kind: kind, label: labelText ?? fieldID.rawValue, placeholder: placeholderText, hint: hintText,
                secure: secure ?? false, keyboard: keyboard ?? .default, options: options.take() ?? [], default: answer,
                rules: rules.take() ?? .decoded(), kindSettings: settings, when: when.take(), section: sectionText,
                localizedText: localizedText))
        if optionSource != nil { list[list.count - 1].optionSource = optionSource }
        if check != nil || sendName != nil || prefill == false || !requirements.isEmpty {
            let last = list.count - 1
            list[last].check = check.take()
            if let sendName, let resendAfter { list[last].send = FieldSend(name: sendName, resendAfter: resendAfter, expiresAfter: expiresAfter) }
            list[last].requirements = requirements
            list[last].prefill = prefill ?? true
        }
        return true
    }

    /// A flow text's parts, moved out of it.
    static func split(_ text: consuming FlowFileText?) -> (text: String?, languages: LocalizedText?) {
        switch consume text {
        case let (text, languages)?: (text, languages)
        case nil: (nil, nil)
        }
    }
}

extension KeyboardType {
    private static let names = allCases.map { (name: Array($0.rawValue.utf8), keyboard: $0) }

    /// The keyboard whose name these bytes spell, found without building a string.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> KeyboardType? {
        for (name, keyboard) in names where name.count == bytes.count {
            let same = name.withUnsafeBufferPointer { name in
                for k in name.indices where name[k] != bytes[k] { return false }
                return true
            }
            if same { return keyboard }
        }
        return nil
    }
}

extension FieldOption {
    /// A string, or `{"value", "label"}`.
    static func decodeDirectly(_ c: inout JSONCursor) -> FieldOption? {
        if c.peek() == UInt8(ascii: "\"") { return c.string().map { FieldOption(value: $0) } }
        var seen = JSONKeySet()
        var value: String?
        var label: FlowFileText?
        let read = c.object { c, key in
            if key.spells("value") { value = c.string(); return seen.insert(0) && value != nil }
            if key.spells("label") { return seen.insert(1) && c.optionalText(&label) }
            return false
        }
        guard read, let value else { return nil }
        var option = FieldOption(value: value, label: label?.text)
        option.localizedLabel = label?.languages
        return option
    }
}

extension FieldRules {
    static func decodeDirectly(_ c: inout JSONCursor) -> FieldRules? {
        var seen = JSONKeySet()
        var required: Bool?
        var pattern: String?, matches: String?
        var min: FieldCondition.Value?, max: FieldCondition.Value?
        var message: FlowFileText?
        var kindRules = KindValues()
        let read = c.object { c, key in
            if key.spells("required") { return seen.insert(0) && c.optionalBool(&required) }
            if key.spells("pattern") { return seen.insert(1) && c.optionalString(&pattern) }
            if key.spells("matches") { return seen.insert(2) && c.optionalString(&matches) }
            if key.spells("message") { return seen.insert(3) && c.optionalText(&message) }
            if key.spells("min") { return seen.insert(4) && c.optionalConditionValue(&min) }
            if key.spells("max") { return seen.insert(5) && c.optionalConditionValue(&max) }
            guard let position = KindKey.rules.position(of: key) else { return false }
            return seen.insert(6 + position) && kindRules.read(&c, key: KindKey.rules[position])
        }
        guard read else { return nil }
        let (messageText, messageLanguages) = FieldSpec.split(message.take())
        return FieldRules.decoded(
            required: required ?? false, pattern: pattern.take(), matches: matches.take().map(FieldID.init(rawValue:)),
            min: min, max: max, message: messageText, localizedMessage: messageLanguages, kindRules: kindRules)
    }
}

extension FieldCondition {
    static func decodeDirectly(_ c: inout JSONCursor) -> FieldCondition? {
        var seen = JSONKeySet()
        var field: String?
        var equals: Value?
        var list: [Value]?
        var notEmpty: Bool?
        var min: Value?, max: Value?
        var combined: FieldCondition?
        var leafKeys = false
        let read = c.object { c, key in
            if key.spells("all") || key.spells("any") {
                // One head only: "field", "all", "any" or "not".
                guard seen.insert(6) else { return false }
                let isAll = key.spells("all")
                var list: [FieldCondition] = []
                let ok = c.array { c in
                    guard let item = decodeDirectly(&c) else { return false }
                    list.append(item)
                    return true
                }
                combined = isAll ? .all(list) : .any(list)
                return ok
            }
            if key.spells("not") {
                guard seen.insert(6), let inner = decodeDirectly(&c) else { return false }
                combined = .not(inner)
                return true
            }
            leafKeys = true
            if key.spells("field") { field = c.string(); return seen.insert(0) && field != nil }
            if key.spells("equals") {
                guard seen.insert(1) else { return false }
                if c.takeNull() { return true }
                equals = c.conditionValue()
                return equals != nil
            }
            if key.spells("in") {
                guard seen.insert(2) else { return false }
                if c.takeNull() { return true }
                var values: [Value] = []
                let ok = c.array { c in
                    guard let value = c.conditionValue() else { return false }
                    values.append(value)
                    return true
                }
                list = values
                return ok
            }
            if key.spells("notEmpty") { return seen.insert(3) && c.optionalBool(&notEmpty) }
            if key.spells("min") { return seen.insert(4) && c.optionalConditionValue(&min) }
            if key.spells("max") { return seen.insert(5) && c.optionalConditionValue(&max) }
            return false
        }
        guard read else { return nil }
        if let combined {
            // A combination holds no test of its own and names no field.
            guard !leafKeys else { return nil }
            return combined
        }
        guard let field else { return nil }
        let bounded = min != nil || max != nil
        switch (equals, list, notEmpty, bounded) {
        case (let value?, nil, nil, false): return FieldCondition(field: FieldID(field), test: .equals(value))
        case (nil, let values?, nil, false): return FieldCondition(field: FieldID(field), test: .in(values))
        case (nil, nil, let flag?, false): return FieldCondition(field: FieldID(field), test: .notEmpty(flag))
        case (nil, nil, nil, true): return FieldCondition(field: FieldID(field), test: .range(min: min, max: max))
        default: return nil
        }
    }
}

extension FlowTheme {
    static func decodeDirectly(_ c: inout JSONCursor) -> FlowTheme? {
        var theme = FlowTheme()
        var seen = JSONKeySet()
        let read = c.object { c, key in
            guard
                let position = Part.allCases.firstIndex(where: { part in
                    part.rawValue.utf8.elementsEqual(key)
                }), seen.insert(position)
            else { return false }
            var words: String?
            guard c.optionalString(&words) else { return false }
            guard let words else { return true }
            guard let style = try? TextStyle(words: words) else { return false }
            theme[Part.allCases[position]] = style
            return true
        }
        return read ? theme : nil
    }
}

extension JSONCursor {
    /// `decodeIfPresent(String.self)`: `null` leaves `value` `nil`.
    mutating func optionalString(_ value: inout String?) -> Bool {
        if takeNull() { return true }
        value = string()
        return value != nil
    }

    /// `decodeIfPresent(Int.self)`: a whole number (anything else is left to the `Codable` path).
    mutating func optionalInt(_ value: inout Int?) -> Bool {
        if takeNull() { return true }
        value = int()
        return value != nil
    }

    /// `decodeIfPresent(Bool.self)`.
    mutating func optionalBool(_ value: inout Bool?) -> Bool {
        if takeNull() { return true }
        value = bool()
        return value != nil
    }

    /// `decodeTextIfPresent`: a string, or an object of language codes and strings in the order
    /// written (at least one); `null` leaves `value` `nil`.
    mutating func optionalText(_ value: inout FlowFileText?) -> Bool {
        if takeNull() { return true }
        if peek() == UInt8(ascii: "\"") {
            guard let text = string() else { return false }
            value = (text, nil)
            return true
        }
        var variants: [LocalizedText.Variant] = []
        let read = object { c, key in
            let code = String(decoding: key, as: UTF8.self)
            guard LocalizedText.isCode(code), !variants.contains(where: { $0.code == code }), let text = c.string() else { return false }
            variants.append(.init(code: code, text: text))
            return true
        }
        guard read, !variants.isEmpty else { return false }
        let text = LocalizedText(variants)
        value = (text.text(in: .en), text)
        return true
    }

    /// A `when`'s value: `true`/`false`, a whole number or a string (a number with a fraction
    /// or an exponent is left to the `Codable` path).
    mutating func conditionValue() -> FieldCondition.Value? {
        if let flag = bool() { return .bool(flag) }
        if let byte = peek(), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            return int().map { .number(Double($0)) }
        }
        return string().map { .string($0) }
    }

    /// `decodeIfPresent(FieldCondition.Value.self)`.
    mutating func optionalConditionValue(_ value: inout FieldCondition.Value?) -> Bool {
        if takeNull() { return true }
        value = conditionValue()
        return value != nil
    }
}

extension FieldGroup {
    /// Reads a repeating group as ``FieldGroup/init(from:)`` does, or `nil` for anything it
    /// does not take (a group inside, an unknown key, a kind that is not `group`).
    static func decodeDirectly(_ c: inout JSONCursor) -> FieldGroup? {
        var seen = JSONKeySet()
        var id: String?, kind: String?
        var label: FlowFileText?
        var fields: [FieldSpec]?
        var minItems: Int?, maxItems: Int?
        var when: FieldCondition?
        let read = c.object { c, key in
            if key.spells("id") { id = c.string(); return seen.insert(0) && id != nil }
            if key.spells("kind") { return seen.insert(1) && c.optionalString(&kind) }
            if key.spells("label") { return seen.insert(2) && c.optionalText(&label) }
            if key.spells("fields") {
                guard seen.insert(3), c.peek() == UInt8(ascii: "[") else { return false }
                var list: [FieldSpec] = []
                let ok = c.array { FieldSpec.decodeDirectly(&$0, appendingTo: &list) }
                fields = list
                return ok
            }
            if key.spells("rules") {
                guard seen.insert(4) else { return false }
                if c.takeNull() { return true }
                var rulesSeen = JSONKeySet()
                return c.object { c, key in
                    if key.spells("minItems") { return rulesSeen.insert(0) && c.optionalInt(&minItems) }
                    if key.spells("maxItems") { return rulesSeen.insert(1) && c.optionalInt(&maxItems) }
                    return false
                }
            }
            if key.spells("when") {
                guard seen.insert(5) else { return false }
                if c.takeNull() { return true }
                when = FieldCondition.decodeDirectly(&c)
                return when != nil
            }
            return false
        }
        guard read, kind == FieldGroup.kindName, let id, let fields else { return nil }
        var group = FieldGroup(
            id: FieldID(id), label: label?.text, fields: fields, minItems: minItems ?? 0, maxItems: maxItems ?? FieldGroup.defaultMaxItems,
            when: when)
        group.localizedLabel = label?.languages
        return group
    }
}

extension FlowEntry {
    /// `fields` with each group put back at its position among the entries.
    static func merging(_ fields: [FieldSpec], _ groups: [(position: Int, group: FieldGroup)]) -> [FlowEntry] {
        var entries = fields.map(FlowEntry.field)
        for (position, group) in groups { entries.insert(.group(group), at: position) }
        return entries
    }
}
