#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A date field: a calendar date typed as digits into the `YYYY-MM-DD` shape, whose separators
/// the engine places, and Up/Down moving it a day within its range.
///
/// Pure and usable alone, as ``TextFieldReducer`` is: what "today" is comes in with the
/// ``Format``, from the host, and is never read from a clock here. What may be typed is
/// ``typed(_:)``'s one rule: digits, and `-` where the shape has one, eight digits at most; the
/// text is the digits in the shape (`19900` becomes `1990-0`), so a pasted `1990-04-23` and
/// typed `19900423` are the same date.
///
/// ```swift
/// let birthday = DateFieldReducer(format: .init(max: .init(year: 2026, month: 12, day: 1)))
/// var state = DateFieldReducer.State(text: "2026-11-30")
/// birthday.reduce(into: &state, action: .step(1)) { _ in }
/// // state.text == "2026-12-01"
/// ```
public struct DateFieldReducer: Sendable {
    /// The date's text, in the shape, as far as it is typed.
    public typealias State = TextFieldReducer.State

    /// A day of the proleptic Gregorian calendar.
    public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var year: Int
        public var month: Int
        public var day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// The day `text` writes as `YYYY-MM-DD`, or `nil` when it writes none (a wrong shape, or
        /// a day the calendar has not, as `2023-02-29`).
        public init?(_ text: String) {
            guard let parts = Self.parts(of: text) else { return nil }
            self.init(year: parts.year, month: parts.month, day: parts.day)
            guard isReal else { return nil }
        }

        /// The numbers of a text in the shape `YYYY-MM-DD`, real day or not.
        static func parts(of text: String) -> (year: Int, month: Int, day: Int)? {
            let bytes = Array(text.utf8)
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for byte in bytes[range] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }

        /// Whether the calendar has this day.
        public var isReal: Bool {
            (1...12).contains(month) && day >= 1 && day <= Self.days(inMonth: month, of: year)
        }

        static func days(inMonth month: Int, of year: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
        var ordinal: Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            return era * 146_097 + doe - 719_468
        }

        /// The day `ordinal` days after 1970-01-01 (`civil_from_days`).
        init(ordinal: Int) {
            let z = ordinal + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let doe = z - era * 146_097
            let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            let day = doy - (153 * mp + 2) / 5 + 1
            let month = mp < 10 ? mp + 3 : mp - 9
            self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
        }

        /// The day `days` later (earlier when negative).
        public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

        /// `YYYY-MM-DD`.
        public var description: String {
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let year = String(self.year)
            return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(month) + "-" + two(day)
        }

        public static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

        /// The first and the last day `YYYY-MM-DD` writes.
        static let first = Day(year: 1, month: 1, day: 1), last = Day(year: 9999, month: 12, day: 31)
    }

    /// A field's range, with "today" resolved by the host.
    public struct Format: Sendable, Hashable {
        /// The earliest day allowed (inclusive); `nil`: none.
        public var min: Day?
        /// The latest day allowed (inclusive); `nil`: none.
        public var max: Day?
        /// The day the host says it is: where an empty field steps from when there is no `min`.
        public var today: Day

        public init(min: Day? = nil, max: Day? = nil, today: Day = Day(year: 2000, month: 1, day: 1)) {
            self.min = min
            self.max = max
            self.today = today
        }

        /// `day` within the range.
        public func clamped(_ day: Day) -> Day {
            var day = day
            if let min, day < min { day = min }
            if let max, day > max { day = max }
            return day
        }

        /// Whether `day` is within the range.
        public func contains(_ day: Day) -> Bool { clamped(day) == day }
    }

    /// The shape a date is typed into, as the field's placeholder shows it.
    public static let shape = "YYYY-MM-DD"

    public enum Action: Sendable, Equatable {
        /// Moves the date `delta` days, clamped to the range.
        case step(Int)
    }

    public enum Effect: Sendable, Equatable {
        /// The text changed to the stepped date.
        case changed(old: String, new: String)
    }

    public let format: Format

    public init(format: Format) { self.format = format }

    /// Applies `action`: the text becomes the date `delta` days on, from the date the text holds
    /// (never before 0001-01-01 or after 9999-12-31); a text that holds none becomes the first day
    /// the field allows (the minimum, else today brought into the range). One `changed`
    /// when the text changes; nothing at an end of the range.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .step(let delta):
            let current = Day(state.text)
            let start = current ?? format.min ?? format.clamped(format.today)
            // A date the shape can write: years 0001 to 9999.
            let moved = current == nil ? start : start.adding(days: delta)
            let new = format.clamped(min(max(moved, Day.first), Day.last)).description
            guard !new.isIdentical(to: state.text) else { return }
            let old = state.text
            state.text = new
            effect(.changed(old: old, new: new))
        }
    }

    /// The text the field takes when `new` is typed: its digits in the shape (`1990-0`, the
    /// separator placed once a digit comes after it), or `nil` when it holds anything but digits
    /// and `-`, or more than eight digits (the insertion is then refused whole).
    public func typed(_ new: String) -> String? {
        var digits: [UInt8] = []
        for byte in new.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
            case UInt8(ascii: "-"): continue
            default: return nil
            }
        }
        guard digits.count <= 8 else { return nil }
        var shaped: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            if index == 4 || index == 6 { shaped.append(UInt8(ascii: "-")) }
            shaped.append(digit)
        }
        return String(decoding: shaped, as: UTF8.self)
    }
}

/// The date kind: a calendar date typed in the `YYYY-MM-DD` shape or stepped a day with `step`,
/// answered as that ISO 8601 string; `rules.min` and `rules.max` (dates, or `"today"`) bound it,
/// and `"default"` may be a date or `"today"`. "Today" is the field's ``FieldSpec/clockDay``, which
/// the loader sets from the host's clock; the reducer never reads a clock.
extension DateFieldReducer: FieldBehavior {
    /// A range from 2000 to 2030 one time in two.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField {
        var field = GeneratedField()
        if draw(2) < 1 { field.rules += [#""min":"2000-01-01""#, #""max":"2030-12-31""#] }
        return field
    }

    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String { #""min":"2020-01-01""# }

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

    /// More than eight digits: the field holds a whole date already (say so, since the person
    /// who types over a default sees no room left), or the insertion alone has too many. A
    /// character that is no part of a date is `nil`: the shape says best what the field takes.
    static func refusal(typing new: String, old: String, field: FieldSpec, messages: RuleMessages) -> String? {
        guard DateFieldReducer(format: field.dateFormat).typed(new) == nil else { return nil }
        func digits(_ text: String) -> Int { text.utf8.count { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        guard new.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }) else { return nil }
        return digits(old) >= 8 && digits(new) > digits(old) ? messages.dateFull(field.label, shape) : messages.atMostDateDigits(field.label, shape)
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

    /// A date string in the shape, `"today"` (the field's today), or `null`. A day the calendar
    /// has not (`2023-02-29`) is of the kind but breaks the rules, as typed: refused as
    /// breaking them, or, restored from a snapshot, kept with its error to be asked.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch answer {
        case .text(let text), .date(let text?):
            if text == "today" { return .date(field.todayDay.description) }
            guard Day.parts(of: text) != nil else { throw wrongType(field) }
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
        return .init(
            min: rules.min.flatMap { DateFieldReducer.day($0, today: today) },
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

    /// `Arrival holds a whole date already (YYYY-MM-DD); delete some of it first.`, for a digit
    /// typed into a field whose eight digits are all there (a default, today).
    public func dateFull(_ label: String, _ shape: String) -> String {
        switch language {
        case .en: "\(label) holds a whole date already (\(shape)); delete some of it first."
        case .ko: "\(label) 항목에 날짜가 이미 다 들어 있습니다(\(shape)). 먼저 지우고 입력하세요."
        }
    }

    /// `Arrival takes 8 digits at most (YYYY-MM-DD).`, for an insertion with more.
    public func atMostDateDigits(_ label: String, _ shape: String) -> String {
        switch language {
        case .en: "\(label) takes 8 digits at most (\(shape))."
        case .ko: "\(label) 항목에는 숫자를 8자리까지만 쓸 수 있습니다(\(shape))."
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
        default: false
        }
    }
}

extension FieldSpec {
    /// A date field: a calendar day, typed as `YYYY-MM-DD` or stepped a day with Up and Down.
    ///
    /// ```swift
    /// .date("birth-date", label: "Date of birth", min: "1900-01-01", max: "today", required: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - placeholder: shown dim while the field is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the day the field starts with, `YYYY-MM-DD` or `"today"`.
    ///   - min: the earliest day allowed (inclusive), `YYYY-MM-DD` or `"today"`.
    ///   - max: the latest day allowed (inclusive), `YYYY-MM-DD` or `"today"`.
    ///   - required: whether the field needs a date.
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - section: the section the field belongs to (``FieldSpec/section``).
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func date(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, default: String? = nil,
        min: String? = nil, max: String? = nil, required: Bool = false, message: String? = nil, when: FieldCondition? = nil,
        check: String? = nil, send: FieldSend? = nil, prefill: Bool = true, section: String? = nil,
        localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .date, label: label, placeholder: placeholder, hint: hint, default: `default`.map(FieldAnswer.date),
            rules: FieldRules(
                required: required, min: min.map(FieldCondition.Value.string), max: max.map(FieldCondition.Value.string),
                message: message),
            when: when)
        field.finishMaking(check: check, send: send, prefill: prefill, section: section, localizedText: localizedText)
        return field
    }
}

extension DateFieldReducer {
    /// A day of the calendar in the `YYYY-MM-DD` shape, `"today"` or `null`; shown, a required
    /// one is answered. A range is not said: JSON Schema compares no texts by order.
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart {
        let shape = SchemaNode.object(("type", .string("string")), ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}" + PortablePattern.end)))
        var part = AnswerSchemaPart(type: .any([.object(("type", .string("null"))), .const(.string("today")), shape]), empty: .const(.null))
        part.required = field.rules.required
        let real = SchemaNode.object(("pattern", .string(realDay)))
        part.rules = .all([
            part.required ? .object(("type", .string("string"))) : .bool(true), .any([.const(.string("today")), real]),
        ])
        let format = field.dateFormat
        if format.min != nil || format.max != nil { part.unsaid.append(messages.schemaDateRange(format.min?.description, format.max?.description)) }
        return part
    }

    /// The days the calendar has, `YYYY-MM-DD`: months of 31 and 30 days, and 29 February of a
    /// leap year (divisible by 4, and by 400 when by 100).
    static let realDay =
        "^(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"
        + "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)"
}

extension RuleMessages {
    /// Said of a date field's range.
    func schemaDateRange(_ min: String?, _ max: String?) -> String {
        switch language {
        case .en: "A day " + [min.map { "from \($0)" }, max.map { "to \($0)" }].compactMap { $0 }.joined(separator: " ") + "."
        case .ko: [min.map { "\($0)부터" }, max.map { "\($0)까지" }].compactMap { $0 }.joined(separator: " ") + "의 날짜여야 합니다."
        }
    }
}

extension DateFieldReducer {
    /// No answer, each day compared and a day either side of it, the range's bounds and today
    /// within them, as the rules let them pass.
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]? {
        let format = field.dateFormat
        var days: [Day] = [format.clamped(format.today)] + [format.min, format.max].compactMap { $0 }
        for case .string(let text) in tests.flatMap(\.values) {
            guard let day = Day(text) else { continue }
            days += [day, day.adding(days: -1), day.adding(days: 1)]
        }
        var list: [FieldAnswer] = [.date(nil)]
        for day in days where !list.contains(.date(day.description)) { list.append(.date(day.description)) }
        return list.filter(passes)
    }
}
