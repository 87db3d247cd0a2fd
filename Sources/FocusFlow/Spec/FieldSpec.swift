/// One field of a flow.
///
/// A field is a value whose copies share its parts until one of them changes: the engine copies
/// a field wherever it reads one (a field as the person sees it, a rule's check), and a copy
/// costs one reference, not one for each of its texts, lists and rules.
public struct FieldSpec: Sendable, Equatable {
    public var id: FieldID {
        get { storage.parts.id }
        _modify { yield &unique().parts.id }
    }
    /// What the field asks for; text by default.
    public var kind: FieldKind {
        get { storage.parts.kind }
        _modify { yield &unique().parts.kind }
    }
    /// What the field asks ("Email").
    public var label: String {
        get { storage.parts.label }
        _modify { yield &unique().parts.label }
    }
    /// Shown dim while the field (a choice field's filter) is empty.
    public var placeholder: String? {
        get { storage.parts.placeholder }
        _modify { yield &unique().parts.placeholder }
    }
    /// A presentation hint: one line of help under the field.
    public var hint: String? {
        get { storage.parts.hint }
        _modify { yield &unique().parts.hint }
    }
    /// Whether the value is masked while typed. Text fields only.
    public var secure: Bool {
        get { storage.parts.secure }
        _modify { yield &unique().parts.secure }
    }
    /// The section the field belongs to ("Account"): consecutive fields with the same section
    /// form it, and a screen shows it with the step within it (``FlowProgress/section``). Shown,
    /// never asked: it changes no answer. The same name again after another section starts a
    /// second section of that name.
    public var section: String? {
        get { storage.parts.section }
        _modify { yield &unique().parts.section }
    }
    /// The keys the field accepts; a choice field's filter uses ``KeyboardType/default``.
    public var keyboard: KeyboardType {
        get { storage.parts.keyboard }
        _modify { yield &unique().parts.keyboard }
    }
    /// A select or multi-select field's options, in the order shown; empty for other kinds.
    public var options: [FieldOption] {
        get { storage.parts.options }
        _modify {
            let storage = unique()
            defer { storage.parts.optionList = OptionList.of(storage.parts.options) }
            yield &storage.parts.options
        }
    }
    /// Where a choice field's options come from when the service gives them (``OptionSource``):
    /// ``options`` is then empty, and the walk holds the list it was given.
    public var optionSource: OptionSource? {
        get { storage.parts.optionSource }
        _modify { yield &unique().parts.optionSource }
    }
    /// The answer the field starts with, of its kind: `.text`, `.bool`, `.choice` or `.choices`.
    public var `default`: FieldAnswer? {
        get { storage.parts.`default` }
        _modify { yield &unique().parts.`default` }
    }
    public var rules: FieldRules {
        get { storage.parts.rules }
        _modify { yield &unique().parts.rules }
    }
    /// The day a kind that reads the clock (`FieldBehavior.readsClock`, a date's `"max": "today"`)
    /// takes for the current one, `YYYY-MM-DD`: the loader sets it from the host's clock when it is
    /// `nil` (``FlowSpec/dated(_:)`` sets another). Not part of the flow file, nor of the field's equality.
    public var clockDay: String? {
        get { storage.parts.clockDay }
        _modify { yield &unique().parts.clockDay }
    }
    /// Shows the field only when an earlier answer satisfies this; `nil` shows it always.
    public var when: FieldCondition? {
        get { storage.parts.when }
        _modify { yield &unique().parts.when }
    }
    /// The check the host makes of the answer before the walk moves on (`"nickname-free"`); see
    /// ``FlowReducer`` (Checks).
    public var check: String? {
        get { storage.parts.check }
        _modify { yield &unique().parts.check }
    }
    /// What the host sends when the walk first reaches the field (a code by SMS).
    public var send: FieldSend? {
        get { storage.parts.send }
        _modify { yield &unique().parts.send }
    }
    /// Live requirements, shown met or not as the person types; all must be met to pass.
    public var requirements: [FieldRequirement] {
        get { storage.parts.requirements }
        _modify { yield &unique().parts.requirements }
    }
    /// Whether anything but the person may answer the field: `false` (the terms' acceptance)
    /// refuses a `default`, `--set`, `--answers`, a `start` answer and a draft's, and
    /// `--skip-filled` never passes it.
    public var prefill: Bool {
        get { storage.parts.prefill }
        _modify { yield &unique().parts.prefill }
    }
    /// The texts the flow gives in several languages; ``label`` and the others hold the one
    /// ``FlowSpec/localized(to:)`` chose (the first given until then).
    public var localizedText: [Text: LocalizedText] {
        get { storage.parts.localizedText }
        _modify { yield &unique().parts.localizedText }
    }
    /// The kind's own keys of the field object (``FieldBehavior/fieldKeys``: a number's `step`),
    /// which its own file reads through typed properties.
    var kindSettings: KindValues {
        get { storage.parts.kindSettings }
        _modify { yield &unique().parts.kindSettings }
    }
    /// The options with their labels folded once, for the filter.
    private(set) var optionList: OptionList {
        get { storage.parts.optionList }
        set { unique().parts.optionList = newValue }
    }
    /// The texts that name answers (`"Welcome, {name}"`), read once as the flow is loaded
    /// (``FlowSpec/localized(to:)`` reads them again); empty for a field whose texts have no
    /// brace. Not part of the field's equality: the texts are.
    var templates: FieldTemplates {
        get { storage.parts.templates }
        _modify { yield &unique().parts.templates }
    }

    /// The parts, shared between copies until one of them changes.
    private var storage: Storage

    /// What a field holds, stored once in its box.
    private struct Parts {
        var id: FieldID
        var kind: FieldKind
        var label: String
        var placeholder: String?
        var hint: String?
        var secure: Bool
        var section: String? = nil
        var keyboard: KeyboardType
        var options: [FieldOption]
        var optionSource: OptionSource? = nil
        var `default`: FieldAnswer?
        var rules: FieldRules
        var clockDay: String? = nil
        var when: FieldCondition?
        var check: String? = nil
        var send: FieldSend? = nil
        var requirements: [FieldRequirement] = []
        var prefill: Bool = true
        var localizedText: [Text: LocalizedText] = [:]
        var kindSettings = KindValues()
        var optionList: OptionList
        var templates = FieldTemplates()
    }

    /// The box of a field's parts. Written only through a field that holds the only reference to
    /// it (``unique()``), so a box two fields or two threads share is only ever read.
    private final class Storage: @unchecked Sendable {
        var parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    /// The box, made this field's own first when another field shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.parts) }
        return storage
    }

    private init(_ parts: Parts) { storage = Storage(parts) }

    /// A field as the loader's fast path reads it, every part moved into its box at once.
    static func decoded(
        id: FieldID, kind: FieldKind, label: String, placeholder: String?, hint: String?, secure: Bool,
        keyboard: KeyboardType, options: [FieldOption], default: FieldAnswer?, rules: FieldRules,
        kindSettings: KindValues = KindValues(), when: FieldCondition?, section: String?, localizedText: [Text: LocalizedText]
    ) -> FieldSpec {
        FieldSpec(
            Parts(
                id: id, kind: kind, label: label, placeholder: placeholder, hint: hint, secure: secure, section: section, keyboard: keyboard,
                options: options, optionSource: nil, default: `default`, rules: rules, when: when, check: nil, send: nil, requirements: [],
                prefill: true, localizedText: localizedText,
                kindSettings: kindSettings, optionList: OptionList.of(options)))
    }

    /// The positions of the options whose label, folded for case, diacritics and width,
    /// contains `query` folded the same way; every option for an empty query.
    ///
    /// - Complexity: one `memchr`/`memcmp` pass over labels folded when the flow was loaded.
    public func visibleOptions(query: String) -> [Int] { optionList.visible(query: query) }

    /// The same as ``visibleOptions(query:)``, found among what `previous.query` showed when
    /// the new query only extends it (a keystroke typed at the end of the filter).
    ///
    /// - Complexity: linear in `previous.visible` when it narrows; else one pass over every label.
    public func visibleOptions(query: String, narrowing previous: (query: String, visible: [Int])) -> [Int] {
        optionList.visible(query: query, narrowing: previous)
    }

    /// Where the option `value` stands among `visible` (positions in option order, as
    /// ``visibleOptions(query:)`` gives them): its index there when the filter shows it, else
    /// the first visible option after it, else the last. This is the highlight a screen shows
    /// and Enter takes while the filter hides the highlighted option, which itself stays.
    ///
    /// - Complexity: O(log *n*).
    public func standing(ofOption value: String, among visible: [Int]) -> Int? {
        optionList.position(of: value).flatMap { OptionList.standing(of: $0, among: visible) }
    }

    /// Where a choice field's highlight `value` stands among `visible`: as
    /// ``standing(ofOption:among:)``, and with no highlight yet (`nil`) the first visible option.
    /// This is the one rule for what a screen marks, what Enter takes on a select and what a
    /// multi-select's toggle key toggles.
    ///
    /// - Complexity: O(log *n*).
    public func standing(ofHighlight value: String?, among visible: [Int]) -> Int? {
        optionList.standing(value, among: visible)
    }

    /// The field with `options` a service gave: with `searched`, the service matched them to the
    /// filter, which then hides none of them.
    func given(_ options: [FieldOption], searched: Bool) -> FieldSpec {
        var field = self
        field.options = options
        if searched { field.optionList = OptionList(options, showsAll: true) }
        return field
    }

    public static func == (lhs: FieldSpec, rhs: FieldSpec) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.label == rhs.label && lhs.placeholder == rhs.placeholder
            && lhs.hint == rhs.hint && lhs.secure == rhs.secure && lhs.keyboard == rhs.keyboard
            && lhs.options == rhs.options && lhs.default == rhs.default && lhs.rules == rhs.rules && lhs.when == rhs.when
            && lhs.kindSettings == rhs.kindSettings
            && lhs.check == rhs.check && lhs.send == rhs.send && lhs.requirements == rhs.requirements && lhs.prefill == rhs.prefill
            && lhs.localizedText == rhs.localizedText && lhs.section == rhs.section && lhs.optionSource == rhs.optionSource
    }
}

extension FieldSpec {
    public init(
        id: FieldID, kind: FieldKind = .implied, label: String? = nil, placeholder: String? = nil, hint: String? = nil,
        secure: Bool = false, keyboard: KeyboardType = .default, options: [FieldOption] = [],
        default: FieldAnswer? = nil, rules: FieldRules = .init(), when: FieldCondition? = nil, section: String? = nil
    ) {
        self.init(
            Parts(
                id: id, kind: kind, label: label ?? id.rawValue, placeholder: placeholder, hint: hint, secure: secure, section: section,
                keyboard: keyboard, options: options, default: `default`, rules: rules, when: when, optionList: OptionList.of(options)))
    }
}

/// The condition under which a field is shown: a test of one earlier field's answer, or all,
/// any or none of other conditions, nested freely.
public indirect enum FieldCondition: Sendable, Equatable, Codable {
    /// The earlier field `field`'s answer passes `test` (`{"field": "plan", "equals": "team"}`).
    case leaf(field: FieldID, test: Test)
    /// Every condition holds (`{"all": [ … ]}`); the list is never empty.
    case all([FieldCondition])
    /// At least one condition holds (`{"any": [ … ]}`); the list is never empty.
    case any([FieldCondition])
    /// The condition does not hold (`{"not": { … }}`).
    case not(FieldCondition)

    /// A value a condition compares with, of the source field's type.
    public enum Value: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
        ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible
    {
        /// A text field's text (byte for byte) or an option's value.
        case string(String)
        /// A confirm field's answer.
        case bool(Bool)
        /// A number field's value (or a bound of its range).
        case number(Double)

        public init(stringLiteral value: String) { self = .string(value) }
        public init(booleanLiteral value: Bool) { self = .bool(value) }
        public init(integerLiteral value: Int) { self = .number(Double(value)) }
        public init(floatLiteral value: Double) { self = .number(value) }

        /// As JSON: `"post"`, `true` or `42`.
        public var description: String {
            switch self {
            case .string(let text): JSONText.quote(text)
            case .bool(let flag): String(flag)
            case .number(let value): JSONText.number(value)
            }
        }
    }

    public enum Test: Sendable, Equatable {
        /// The earlier field's answer is this value: the text byte for byte, the confirm's
        /// answer, the select's choice, or one of the multi-select's choices.
        case equals(Value)
        /// The earlier field's answer is any of these values.
        case `in`([Value])
        /// The earlier field's answer is (`true`) or is not (`false`) empty.
        case notEmpty(Bool)
        /// The earlier field's answer is within these bounds, each inclusive and either one
        /// optional (`{"field": "age", "max": 17}`); an unanswered field is within none.
        case range(min: Value?, max: Value?)
    }

    /// A test of the earlier field `field`'s answer.
    public init(field: FieldID, test: Test) { self = .leaf(field: field, test: test) }

    /// Every one of `conditions` holds.
    public static func all(_ first: FieldCondition, _ rest: FieldCondition...) -> FieldCondition { .all([first] + rest) }
    /// At least one of `conditions` holds.
    public static func any(_ first: FieldCondition, _ rest: FieldCondition...) -> FieldCondition { .any([first] + rest) }

    /// The field a leaf tests; `nil` for `all`, `any` and `not`.
    public var field: FieldID? { if case .leaf(let field, _) = self { field } else { nil } }

    /// The leaves, in the order written, each with its place under the condition
    /// (`".all[1]"`, or `""` for a leaf that is the whole condition).
    public var leaves: [(field: FieldID, test: Test, place: String)] {
        var found: [(field: FieldID, test: Test, place: String)] = []
        func walk(_ condition: FieldCondition, _ place: String) {
            switch condition {
            case .leaf(let field, let test): found.append((field, test, place))
            case .all(let list): for (number, item) in list.enumerated() { walk(item, "\(place).all[\(number)]") }
            case .any(let list): for (number, item) in list.enumerated() { walk(item, "\(place).any[\(number)]") }
            case .not(let inner): walk(inner, "\(place).not")
            }
        }
        walk(self, "")
        return found
    }

    /// The fields the condition reads, each once, in the order first named.
    public var fields: [FieldID] {
        if case .leaf(let field, _) = self { return [field] }
        var seen: Set<FieldID> = []
        return leaves.map(\.field).filter { seen.insert($0).inserted }
    }

    /// Whether a text `value` (the earlier field's) shows the field.
    public func isSatisfied(by value: String) -> Bool { isSatisfied(by: .text(value)) }

    /// Whether `answer` (the one earlier field's) shows the field: each leaf reads `answer`.
    public func isSatisfied(by answer: FieldAnswer) -> Bool { isSatisfied { _ in answer } }

    /// Whether the condition holds when each leaf reads the answer `answer(field)` gives.
    public func isSatisfied(answer: (FieldID) -> FieldAnswer) -> Bool {
        switch self {
        case .leaf(let field, let test): test.isSatisfied(by: answer(field))
        case .all(let list): list.allSatisfy { $0.isSatisfied(answer: answer) }
        case .any(let list): list.contains { $0.isSatisfied(answer: answer) }
        case .not(let inner): !inner.isSatisfied(answer: answer)
        }
    }
}

extension FieldCondition.Test {
    /// Whether the test asks only whether the answer is empty.
    var isNotEmpty: Bool { if case .notEmpty = self { true } else { false } }

    /// Whether `answer` passes the test.
    public func isSatisfied(by answer: FieldAnswer) -> Bool {
        switch self {
        case .equals(let expected): answer.matches(expected)
        case .in(let values): values.contains { answer.matches($0) }
        case .notEmpty(let notEmpty): answer.isEmpty != notEmpty
        case .range(let min, let max): answer.isWithin(min: min, max: max)
        }
    }
}
