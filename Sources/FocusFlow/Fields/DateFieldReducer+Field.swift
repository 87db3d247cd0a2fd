#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The date kind: a calendar date typed in the `YYYY-MM-DD` shape or stepped a day with `step`,
/// answered as that ISO 8601 string; `rules.min` and `rules.max` (dates, or `"today"`) bound it,
/// and `"default"` may be a date or `"today"`. "Today" is the field's ``FieldSpec/clockDay``, which
/// the loader sets from the host's clock; the reducer never reads a clock.
extension DateFieldReducer: FieldBehavior {
    static var kind: FieldKind { .date }
    static func wrap(_ state: State) -> FieldState { .date(state) }

    static var typesAnswer: Bool { true }
    /// A date is typed, but in its own shape: no `secure`, `keyboard` or `matches`.
    static var typesFreeText: Bool { false }
    static var hasOptions: Bool { false }
    static var answerType: AnswerShape { dateShape }
    static var conditionType: AnswerShape { dateShape }
    /// What a date field's default, bounds and `when` values are, in each language.
    static let dateShape = AnswerShape(english: "a date written YYYY-MM-DD, or \"today\"", korean: "YYYY-MM-DD 꼴의 날짜나 \"today\"")
    static var ruleKeys: Set<String> { ["min", "max"] }
    static var ordersAnswers: Bool { true }
    static var checksField: Bool { true }
    static var readsClock: Bool { true }

    /// A field no host has dated takes the host's day.
    static func loading(_ field: inout FieldSpec) {
        if field.clockDay == nil { field.clockDay = hostDay }
    }

    /// Today in the host's time zone, `YYYY-MM-DD`: read from its clock when a flow with a date
    /// field is loaded (never by a reducer).
    static var hostDay: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return Day(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1).description
    }

    /// Digits and the separator (a pasted `1990-04-23` passes the keyboard).
    static func keyboard(for field: FieldSpec) -> KeyboardType? { .numbersAndPunctuation }

    /// `min` and `max` are dates or `"today"`, `min` not after `max`; the default is a date or `"today"`.
    static func checkField(_ field: FieldSpec, path: String, problems: ProblemSink) throws {
        for (key, bound) in [("min", field.rules.min), ("max", field.rules.max)] {
            if let bound, day(bound, today: field.todayDay) == nil {
                try problems.each { throw FlowSpecError(path: "\(path).rules.\(key)", reason: .wrongBound(kind)) }
            }
        }
        let format = field.dateFormat
        if let min = format.min, let max = format.max, min > max {
            try problems.each { throw FlowSpecError(path: "\(path).rules.min", reason: .minAboveMax(min.description, max.description)) }
        }
    }

    /// A bound or a `when` value as a day: a date, or `"today"`.
    static func day(_ value: FieldCondition.Value, today: Day) -> Day? {
        guard case .string(let text) = value else { return nil }
        return text == "today" ? today : Day(text)
    }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .date(try container.decode(String.self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .string(let text) = value { .date(text) } else { nil }
    }

    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        guard case .date(let text?) = value else { return false }
        return text == "today" || Day(text) != nil
    }

    /// A date (`"today"` is for rules and defaults, which the loader resolves).
    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool {
        if case .string(let text) = value { Day(text) != nil } else { false }
    }

    static func initialState(default defaultAnswer: FieldAnswer?) -> State {
        if case .date(let text?)? = defaultAnswer, Day(text) != nil { State(text: text) } else { State() }
    }

    /// The default, `"today"` as the field's today.
    static func initialState(of field: FieldSpec) -> State {
        if case .date("today")? = field.default { return State(text: field.todayDay.description) }
        return initialState(default: field.default)
    }

    /// The text once it is a whole date in the shape; `nil` before.
    static func answer(of state: State) -> FieldAnswer {
        .date(Day.parts(of: state.text) != nil ? state.text : nil)
    }
    static func text(of state: State) -> TextFieldReducer.State? { state }
    static func setText(_ text: TextFieldReducer.State, in state: inout State) { state = text }
    static func source(of state: State) -> String { ".date(.init(text: \(state.text.debugDescription)))" }
    static func optionValues(of state: State) -> (chosen: [String], highlight: String?) { ([], nil) }

    static func textAction(for action: FieldAction) -> TextFieldReducer.Action? { action.textAction }

    static func filtersTyping(_ field: FieldSpec) -> Bool { true }

    static func typed(_ new: String, old: String, field: FieldSpec) -> String? {
        DateFieldReducer(format: field.dateFormat).typed(new)
    }

    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        guard case .step(let delta) = action else { return false }
        DateFieldReducer(format: field.dateFormat).reduce(into: &state, action: .step(delta)) { effect in
            switch effect {
            case .changed(let old, let new): say(.changed(field: field.id, old: old, new: new))
            }
        }
        return false
    }

    /// Empty: `required`'s message. Otherwise a whole date in the shape, a day the calendar has,
    /// within the range.
    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field, text = state.text, say = check.messages
        if text.isEmpty { return field.rules.required ? check.fail(say.required(field.label)) : nil }
        guard Day.parts(of: text) != nil else { return check.fail(say.notADate(field.label, shape)) }
        guard let day = Day(text) else { return check.fail(say.notARealDate(field.label, text)) }
        let format = field.dateFormat
        return format.contains(day) ? nil : field.dateRangeMessage(say)
    }

    /// The line without the spaces around it, typed as the whole text.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction] {
        [.textChanged(LineAnswer.trimmed(line[...]))]
    }

    /// A date string in the shape (a day the calendar has), `"today"` (the field's today), or `null`.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch answer {
        case .text(let text), .date(let text?):
            if text == "today" { return .date(field.todayDay.description) }
            guard Day(text) != nil else { throw wrongType(field) }
            return .date(text)
        case .choice(nil), .date(nil): return .date(nil)
        default: throw wrongType(field)
        }
    }

    /// A date in the shape; an empty text is no answer.
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        if text.isEmpty { return .date(nil) }
        return try prefilled(.text(text), field: field)
    }

    static func state(holding answer: FieldAnswer) -> State {
        if case .date(let text?) = answer { State(text: text) } else { State() }
    }

    /// Today in the range (first: the passing value `check` types), each bound, a day past each
    /// bound, and a day the calendar has not.
    static func sampleTexts(for field: FieldSpec) -> [String] {
        let format = field.dateFormat
        let days = [format.clamped(format.today), format.min, format.max, format.min?.adding(days: -1), format.max?.adding(days: 1)]
        return days.compactMap { $0?.description } + ["2023-02-29"]
    }
}

extension FieldSpec {
    /// ``clockDay`` as a day: 2000-01-01 for a field no loader has dated.
    var todayDay: DateFieldReducer.Day { clockDay.flatMap(DateFieldReducer.Day.init) ?? .init(year: 2000, month: 1, day: 1) }

    /// The field's range (`rules.min`, `rules.max`, `"today"` resolved), as a date field reads it.
    public var dateFormat: DateFieldReducer.Format {
        let today = todayDay
        return .init(min: rules.min.flatMap { DateFieldReducer.day($0, today: today) },
                     max: rules.max.flatMap { DateFieldReducer.day($0, today: today) }, today: today)
    }

    /// What a date field's value must be within, as its failure says it: the field's own
    /// `rules.message`, else `Birthday must be between 1900-01-01 and 2026-12-01.` (`on or after`,
    /// `on or before` with one bound)
    public func dateRangeMessage(_ messages: RuleMessages) -> String {
        let format = dateFormat
        return rules.message ?? messages.outOfDates(label, format.min?.description, format.max?.description)
    }
}

extension RuleMessages {
    /// `Arrival must be between 2026-12-01 and 2027-12-01.` (`on or after`, `on or before` with one
    /// bound), for a date out of its range.
    public func outOfDates(_ label: String, _ min: String?, _ max: String?) -> String {
        switch (language, min, max) {
        case let (.en, min?, max?): "\(label) must be between \(min) and \(max)."
        case let (.en, min?, nil): "\(label) must be on or after \(min)."
        case let (.en, nil, max?): "\(label) must be on or before \(max)."
        case (.en, nil, nil): "\(label) must be a date."
        case let (.ko, min?, max?): "\(label) 항목은 \(min)부터 \(max)까지여야 합니다."
        case let (.ko, min?, nil): "\(label) 항목은 \(min) 또는 그 뒤여야 합니다."
        case let (.ko, nil, max?): "\(label) 항목은 \(max) 또는 그 앞이어야 합니다."
        case (.ko, nil, nil): "\(label) 항목은 날짜여야 합니다."
        }
    }

    /// `Birthday must be a date written YYYY-MM-DD.`, for a date not typed whole.
    public func notADate(_ label: String, _ shape: String) -> String {
        switch language {
        case .en: "\(label) must be a date written \(shape)."
        case .ko: "\(label) 항목은 \(shape) 꼴의 날짜여야 합니다."
        }
    }

    /// `Birthday: 2023-02-29 is not a day of the calendar.`
    public func notARealDate(_ label: String, _ text: String) -> String {
        switch language {
        case .en: "\(label): \(text) is not a day of the calendar."
        case .ko: "\(label): \(text)은(는) 달력에 없는 날짜입니다."
        }
    }
}

extension DateFieldReducer {
    /// The actions the kind takes: its text's and `step`.
    static func takes(_ action: FieldAction) -> Bool {
        switch action {
        case .textChanged, .submit, .clear, .step: true
        case .set, .select, .toggle, .highlight: false
        }
    }
}
