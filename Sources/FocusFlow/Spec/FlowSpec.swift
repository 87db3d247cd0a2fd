/// A flow: its identity, its title and its fields in order.
///
/// A `FlowSpec` is always valid: both ``init(id:title:fields:review:)`` and the loader check every
/// rule of the flow format (unique ids, references to earlier fields only, patterns that
/// compile…) and throw a ``FlowSpecError`` otherwise.
public struct FlowSpec: Sendable, Equatable {
    public let id: String
    public internal(set) var title: String
    public internal(set) var fields: [FieldSpec]
    /// The title in every language the flow gives it, or `nil` for a plain string.
    public internal(set) var localizedTitle: LocalizedText?
    /// The language of the engine's messages and of the texts ``localized(to:)`` chose.
    public internal(set) var language: Language = .en
    /// The colours the flow asks for (`"theme"`), or `nil` for the standard ones.
    public var theme: FlowTheme?
    /// Whether the flow is one question asked on its own (`focusflow ask`), not a form: the
    /// screens draw its field's label alone, with no title and step, and messages name it by
    /// its label. No flow file says it.
    package var isQuestion = false
    /// Whether the flow shows a review of every visible answer after the last field passes,
    /// from which the person submits or amends a field (`"review": true`).
    public let review: Bool

    /// Where each field is, shared by every state of this flow.
    let layout: FieldLayout
    /// Where each repeating group is among ``fields`` (see ``FieldGroup``).
    var groupPlaces: [GroupPlace] = []

    /// Creates a flow, checking it as the loader does.
    ///
    /// - Throws: ``FlowSpecError`` naming the field path of the first problem.
    public init(id: String, title: String, fields: [FieldSpec], review: Bool = false) throws {
        try DisplayText.check(id, path: "id")
        try DisplayText.check(title, path: "title")
        self.id = id
        self.title = title
        self.review = review
        var fields = fields
        let indexByID = try Self.check(&fields)
        self.fields = fields
        self.layout = FieldLayout(fields: fields, indexByID: indexByID)
    }

    /// The flow with "today" (a date field's `"max": "today"`, `"default": "today"`) being `day`
    /// (`YYYY-MM-DD`) instead of the host's date when it was loaded: for a host whose day is not
    /// its clock's, and for tests.
    ///
    /// - Throws: ``FlowSpecError`` when the flow does not hold with that day (a `min` after it).
    public func dated(_ day: String) throws -> FlowSpec {
        var fields = fields
        for index in fields.indices where fields[index].kind.behavior.readsClock { fields[index].clockDay = day }
        var copy = try FlowSpec(id: id, title: title, fields: fields, review: review)
        copy.localizedTitle = localizedTitle
        copy.language = language
        copy.theme = theme
        copy.groupPlaces = groupPlaces
        return copy
    }

    /// The position of the field named `id`, or `nil` when the flow has no such field.
    ///
    /// - Complexity: O(1).
    public func index(of id: FieldID) -> Int? { layout.position(of: id) }

    /// The field named `id`.
    public subscript(id: FieldID) -> FieldSpec? { index(of: id).map { fields[$0] } }

    public static func == (lhs: FlowSpec, rhs: FlowSpec) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.fields == rhs.fields && lhs.review == rhs.review && lhs.theme == rhs.theme
    }

    /// Checks every field against the ones before it, and compiles the patterns into the fields.
    ///
    /// - Returns: where each id is.
    ///
    /// - Parameters:
    ///   - collect: with it, a field's problem is handed to it and the checks go on with the next
    ///     field (``problems(in:file:limit:)``); without it, the first problem is thrown.
    ///   - skipping: fields that could not be read: only their ids are entered.
    static func check(_ fields: inout [FieldSpec], collect: ((FlowSpecError) -> Void)? = nil, skipping: Set<Int> = []) throws -> [String: Int] {
        guard !fields.isEmpty else {
            throw FlowSpecError(path: "fields", reason: .noFields)
        }
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(fields.count)
        var patterns: [PatternKey: CompiledPattern] = [:]
        try fields.withUnsafeMutableBufferPointer { fields in
            for index in fields.indices {
                if collect != nil, skipping.contains(index) {
                    if !fields[index].id.rawValue.isEmpty, indexByID[fields[index].id.rawValue] == nil { indexByID[fields[index].id.rawValue] = index }
                    continue
                }
                // Handed over by address: a field bound to a name, or handed over as a value, was
                // copied, about fifteen references counted up and down for each field.
                try check(
                    fields.baseAddress! + index, at: index, in: UnsafeBufferPointer(fields), indexByID: &indexByID,
                    patterns: &patterns, problems: ProblemSink(collect: collect))
            }
        }
        return indexByID
    }

    /// Checks the field at `index` of `fields` against the ones before it, compiles its pattern
    /// into it, and enters its id in `indexByID`. Each check is on its own: collected, a problem
    /// does not stop the next.
    private static func check(
        _ field: UnsafeMutablePointer<FieldSpec>, at index: Int, in fields: UnsafeBufferPointer<FieldSpec>,
        indexByID: inout [String: Int], patterns: inout [PatternKey: CompiledPattern], problems: ProblemSink
    ) throws {
        // Paths are written only for an error: a 10,000-field flow would build 50,000 of them.
        func path() -> String { "fields[\(index)]" }
        // The closures below capture the id, not the field: capturing a field copies it.
        let id = field.pointee.id
        try problems.each {
            guard !id.rawValue.isEmpty else { throw FlowSpecError(path: "\(path()).id", reason: .emptyID) }
            try DisplayText.check(id.rawValue, path: "\(path()).id")
        }
        func named() -> String { "\(path()) (\"\(id)\")" }
        try problems.each { try DisplayText.check(field.pointee.label, path: "\(named()).label") }
        if let placeholder = field.pointee.placeholder { try problems.each { try DisplayText.check(placeholder, path: "\(named()).placeholder") } }
        if let hint = field.pointee.hint { try problems.each { try DisplayText.check(hint, path: "\(named()).hint") } }
        if let section = field.pointee.section {
            try problems.each {
                try DisplayText.check(section, path: "\(named()).section")
                for variant in field.pointee.localizedText[.section]?.variants ?? [] where variant.text.allSatisfy(\.isWhitespace) {
                    throw FlowSpecError(path: "\(named()).section.\(variant.code)", reason: .emptySection)
                }
                if section.allSatisfy(\.isWhitespace) { throw FlowSpecError(path: "\(named()).section", reason: .emptySection) }
            }
        }
        if let message = field.pointee.rules.message { try problems.each { try DisplayText.check(message, path: "\(named()).rules.message") } }
        if !field.pointee.localizedText.isEmpty || !field.pointee.options.isEmpty {
            for (key, text) in field.pointee.allLocalizedTexts { try problems.each { try DisplayText.check(text, path: "\(named()).\(key)") } }
        }
        // Entered now, one hash for the look-up and the entry; the checks below that name an
        // earlier field tell this one by its position.
        if !id.rawValue.isEmpty, let first = indexByID.updateValue(index, forKey: id.rawValue) {
            try problems.each { throw FlowSpecError(path: "\(path()).id", reason: .duplicateID(id.rawValue, first: first)) }
        }
        func mustBeEarlier(_ name: FieldID, _ key: String) throws -> Int {
            if let position = indexByID[name.rawValue], position < index { return position }
            let earlier = fields[..<index].map(\.id.rawValue)
            let detail =
                Suggestion.nearest(to: name.rawValue, in: earlier).map(FlowSpecError.Reason.EarlierFields.nearest)
                ?? (earlier.isEmpty ? .first : .listed(earlier))
            throw FlowSpecError(path: "\(path()) (\"\(id)\").\(key)", reason: .namesNoEarlierField(name.rawValue, detail))
        }
        if let other = field.pointee.rules.matches {
            try problems.each {
                let source = try mustBeEarlier(other, "rules.matches")
                if !fields[source].kind.typesFreeText {
                    throw FlowSpecError(path: "\(named()).rules.matches", reason: .matchesNonText(other.rawValue, kind: fields[source].kind))
                }
            }
        }
        try checkTemplates(field, path: named, in: fields, problems: problems) { name, key in try mustBeEarlier(name, key) }
        if let condition = field.pointee.when {
            // A condition may reach a secret only to ask whether it is empty, alone or combined.
            func checkLeaf(_ name: FieldID, _ test: FieldCondition.Test, place: String) throws {
                let source = try mustBeEarlier(name, "\(place).field")
                if fields[source].secure, !test.isNotEmpty {
                    throw FlowSpecError(path: "\(named()).\(place).field", reason: .conditionReadsSecret(name.rawValue))
                }
                try checkCondition(test, source: fields[source], path: "\(named()).\(place)")
            }
            if case .leaf(let name, let test) = condition {
                try problems.each { try checkLeaf(name, test, place: "when") }
            } else {
                try checkCombination(condition, place: "when", named: named, problems: problems, leaf: checkLeaf)
            }
        }
        if field.pointee.kind.behavior.readsClock { field.pointee.kind.behavior.loading(&field.pointee) }
        try checkKind(UnsafePointer(field), path: named(), problems: problems)
        if let keyboard = field.pointee.kind.behavior.keyboard(for: field.pointee) { field.pointee.keyboard = keyboard }
        try FieldRules.check(field, path: "\(named()).rules", patterns: &patterns, problems: problems)
        if field.pointee.check != nil || field.pointee.send != nil || !field.pointee.requirements.isEmpty || !field.pointee.prefill {
            try FieldSpec.checkService(field, path: named(), problems: problems)
        }
    }

    /// What only some kinds may have: `secure`, a keyboard and `matches` belong to text;
    /// options to choices; `step` and `decimals` to the kinds that take them; a `default` must be
    /// of the kind's type (and one of the options); and what the kind checks of its own keys.
    ///
    /// The field is read where it lies (see ``check(_:at:in:indexByID:patterns:problems:)``).
    private static func checkKind(_ field: UnsafePointer<FieldSpec>, path: @autoclosure () -> String, problems: ProblemSink) throws {
        let kind = field.pointee.kind
        if !kind.typesFreeText {
            if field.pointee.secure {
                try problems.each { throw FlowSpecError(path: "\(path()).secure", reason: .noTextToHide(kind)) }
            }
            if field.pointee.keyboard != .default, field.pointee.keyboard != kind.behavior.keyboard(for: field.pointee) {
                try problems.each { throw FlowSpecError(path: "\(path()).keyboard", reason: .noTextToType(kind)) }
            }
        }
        if field.pointee.optionSource != nil {
            try FieldSpec.checkOptionSource(field, path: path(), problems: problems)
        } else if kind.hasOptions {
            if field.pointee.options.isEmpty {
                try problems.each { throw FlowSpecError(path: "\(path()).options", reason: .needsOption(kind)) }
            }
            var seen: [String: Int] = [:]
            for (number, option) in field.pointee.options.enumerated() {
                try problems.each {
                    try DisplayText.check(option.value, path: "\(path()).options[\(number)].value")
                    try DisplayText.check(option.label, path: "\(path()).options[\(number)].label")
                    if let first = seen[option.value] {
                        throw FlowSpecError(path: "\(path()).options[\(number)]", reason: .duplicateOption(option.value, first: first))
                    }
                }
                if seen[option.value] == nil { seen[option.value] = number }
            }
        } else if !field.pointee.options.isEmpty {
            try problems.each {
                throw FlowSpecError(path: "\(path()).options", reason: .optionsNotAllowed(kind, owners: FieldKind.allCases.filter(\.hasOptions)))
            }
        }
        for entry in field.pointee.kindSettings.entries where !kind.behavior.fieldKeys.contains(where: { $0.name == entry.key }) {
            let key = entry.key
            let owners = FieldKind.allCases.filter { $0.behavior.fieldKeys.contains { $0.name == key } }
            try problems.each { throw FlowSpecError(path: "\(path()).\(key)", reason: .ruleNotForKind(key, owners: owners, kind: kind)) }
        }
        // Handing a field over copies it: only a kind with checks of its own is asked.
        if kind.behavior.checksField { try kind.behavior.checkField(field.pointee, path: path(), problems: problems) }
        // A choice with no options has no default to check.
        if let value = field.pointee.default, !kind.hasOptions || !field.pointee.options.isEmpty, field.pointee.optionSource == nil {
            try problems.each {
                if try !kind.behavior.checkDefault(value, of: field.pointee, path: "\(path()).default") {
                    throw FlowSpecError(path: "\(path()).default", reason: .wrongDefault(kind))
                }
            }
        }
    }

    /// Checks each leaf of an `all`, `any` or `not` at `place` with `leaf`, and refuses an
    /// empty list; each problem on its own.
    private static func checkCombination(
        _ condition: FieldCondition, place: String, named: () -> String, problems: ProblemSink,
        leaf: (FieldID, FieldCondition.Test, String) throws -> Void
    ) throws {
        func walk(_ condition: FieldCondition, _ place: String) throws {
            switch condition {
            case .leaf(let name, let test): try problems.each { try leaf(name, test, place) }
            case .all(let list), .any(let list):
                let key = if case .all = condition { "all" } else { "any" }
                if list.isEmpty { try problems.each { throw FlowSpecError(path: "\(named()).\(place).\(key)", reason: .emptyCombination(key)) } }
                for (number, item) in list.enumerated() { try walk(item, "\(place).\(key)[\(number)]") }
            case .not(let inner): try walk(inner, "\(place).not")
            }
        }
        try walk(condition, place)
    }

    /// A condition compares with a value of its source field's type, and a choice's value must
    /// be one of the source's options.
    private static func checkCondition(_ test: FieldCondition.Test, source: FieldSpec, path: String) throws {
        let values: [FieldCondition.Value] =
            switch test {
            case .equals(let value): [value]
            case .in(let list): list
            case .notEmpty: []
            case .range(let min, let max): [min, max].compactMap { $0 }
            }
        if case .range(let min, let max) = test {
            guard source.kind.behavior.ordersAnswers else {
                throw FlowSpecError(path: "\(path).\(min != nil ? "min" : "max")", reason: .rangeNotForKind(source: source.id.rawValue, kind: source.kind))
            }
            for (key, bound) in [("min", min), ("max", max)] {
                if let bound, try !source.kind.behavior.checkCondition(bound, source: source, path: "\(path).\(key)") {
                    throw FlowSpecError(path: "\(path).\(key)", reason: .wrongConditionValue(source: source.id.rawValue, kind: source.kind, value: "\(bound)"))
                }
            }
            // A range no answer is within would hide its field for good (dates compare as written).
            let inverted: (String, String)? =
                switch (min, max) {
                case (.number(let low)?, .number(let high)?) where low > high: (JSONText.number(low), JSONText.number(high))
                case (.string(let low)?, .string(let high)?) where low > high: (low, high)
                default: nil
                }
            if let (low, high) = inverted { throw FlowSpecError(path: "\(path).min", reason: .minAboveMax(low, high)) }
            return
        }
        if case .in(let list) = test, list.isEmpty {
            throw FlowSpecError(path: "\(path).in", reason: .emptyConditionList)
        }
        let key = if case .in = test { "in" } else { "equals" }
        for value in values where try !source.kind.behavior.checkCondition(value, source: source, path: "\(path).\(key)") {
            throw FlowSpecError(path: "\(path).\(key)", reason: .wrongConditionValue(source: source.id.rawValue, kind: source.kind, value: "\(value)"))
        }
    }
}

/// Where the checks of a flow put a problem: thrown, so that loading stops at the first, or
/// collected, so that `validate` says every one.
struct ProblemSink {
    let collect: ((FlowSpecError) -> Void)?

    /// Runs one check, independent of the others: its problem is thrown, or collected and the
    /// next check runs.
    @inline(__always)
    func each(_ check: () throws -> Void) throws {
        guard let collect else { return try check() }
        do { try check() } catch let problem as FlowSpecError { collect(problem) }
    }
}
