/// A number field: its text, typed as the search-field reducer (``TextFieldReducer``) takes it, and Up/Down
/// stepping the value within its range.
///
/// Pure and usable alone, as ``TextFieldReducer`` is. What may be typed is ``typed(_:)``'s
/// one rule: digits, one leading `-` only when the range allows a negative value, and one
/// decimal separator only when ``Format/decimals`` is above 0. The separator may be typed `.` or
/// `,`; a `,` becomes `.`. That is the one normalisation of the typed text: the rest stays
/// verbatim.
///
/// ```swift
/// let age = NumberFieldReducer(format: .init(min: 13, max: 120))
/// var state = NumberFieldReducer.State(text: "")
/// age.reduce(into: &state, action: .step(1)) { _ in }
/// // state.text == "14": an empty field steps from the minimum
/// ```
public struct NumberFieldReducer: Sendable {
    /// The number's text, exactly as typed (a `,` separator already `.`).
    public typealias State = TextFieldReducer.State

    /// The range, the step and the decimals of a field, from its flow file.
    public struct Format: Sendable, Hashable {
        /// The smallest value allowed (inclusive); `nil`: no lower bound.
        public var min: Double?
        /// The largest value allowed (inclusive); `nil`: no upper bound.
        public var max: Double?
        /// How far Up and Down move the value; above 0.
        public var step: Double
        /// The digits after the decimal point the value may have, 0 to ``largestDecimals``.
        public var decimals: Int

        public init(min: Double? = nil, max: Double? = nil, step: Double = 1, decimals: Int = 0) {
            self.min = min
            self.max = max
            self.step = step
            self.decimals = decimals
        }

        /// Whether a `-` may be typed: there is no lower bound, or it is below 0.
        public var allowsNegative: Bool { min.map { $0 < 0 } ?? true }

        /// `value` within the range.
        public func clamped(_ value: Double) -> Double {
            var value = value
            if let min, value < min { value = min }
            if let max, value > max { value = max }
            return value
        }

        /// Whether `value` is within the range.
        public func contains(_ value: Double) -> Bool {
            (min.map { value >= $0 } ?? true) && (max.map { value <= $0 } ?? true)
        }
    }

    /// The most digits a number field may keep after the decimal point.
    public static let largestDecimals = 6

    /// The most digits a number may be typed with: a JSON number (a double) keeps 15 exactly.
    public static let largestDigits = 15

    public enum Action: Sendable, Equatable {
        /// Moves the value `delta` steps (`1` up, `-1` down), clamped to the range.
        case step(Int)
    }

    public enum Effect: Sendable, Equatable {
        /// The text changed to the stepped value.
        case changed(old: String, new: String)
    }

    public let format: Format

    public init(format: Format) { self.format = format }

    /// Applies `action`: the text becomes the stepped value written with the field's decimals,
    /// from the current value; a text that holds no number becomes the first value the field
    /// allows (the minimum, else 0 brought into the range), whichever way the step goes. One
    /// `changed` when the text changes; nothing at an end of the range.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .step(let delta):
            let current = Self.value(of: state.text)
            let start = current ?? format.min ?? format.clamped(0)
            let moved = format.clamped(Self.rounded(start + Double(current == nil ? 0 : delta) * format.step, decimals: format.decimals))
            guard let new = Self.text(of: moved, decimals: format.decimals), !new.isIdentical(to: state.text) else { return }
            let old = state.text
            state.text = new
            effect(.changed(old: old, new: new))
        }
    }

    /// The text the field takes when `new` is typed, or `nil` when it is not the start of a
    /// number the field allows (the insertion is then refused whole): digits (at most
    /// ``largestDigits``, and at most the field's decimals after the point), a leading `-` when
    /// the range allows a negative value, one `.` or `,` when there are decimals; a `,` is taken as `.`.
    public func typed(_ new: String) -> String? {
        switch scan(new) {
        case .success(let comma): comma ? String(new.map { $0 == "," ? "." : $0 }) : new
        case .failure: nil
        }
    }

    /// Why ``typed(_:)`` refuses `new`, or `nil` when it takes it: the one rule, read for its reason.
    public func refusal(typing new: String) -> Refusal? {
        switch scan(new) {
        case .success: nil
        case .failure(let refusal): refusal
        }
    }

    /// Why a text cannot be typed into a number field: each rule of ``typed(_:)`` that it breaks.
    public enum Refusal: Error, Sendable, Equatable {
        /// A character that is never part of a number (a letter, a space).
        case notANumber
        /// A `-` in a field whose range has no value below 0.
        case negative
        /// A `-` after the first character.
        case minusNotFirst
        /// A decimal separator in a field without decimals.
        case wholeNumber
        /// A second decimal separator.
        case secondPoint
        /// More digits after the point than the field's decimals.
        case tooManyDecimals
        /// More than ``NumberFieldReducer/largestDigits`` digits.
        case tooManyDigits
    }

    /// The one reading of a typed number: whether it holds a `,` separator, or the first rule it breaks.
    private func scan(_ new: String) -> Result<Bool, Refusal> {
        var sawPoint = false, comma = false
        var digits = 0, decimals = 0
        for (offset, byte) in new.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if sawPoint { decimals += 1 }
                if digits > Self.largestDigits { return .failure(.tooManyDigits) }
                if decimals > format.decimals { return .failure(.tooManyDecimals) }
            case UInt8(ascii: "-"):
                if !format.allowsNegative { return .failure(.negative) }
                if offset != 0 { return .failure(.minusNotFirst) }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                if format.decimals == 0 { return .failure(.wholeNumber) }
                if sawPoint { return .failure(.secondPoint) }
                sawPoint = true
                if byte == UInt8(ascii: ",") { comma = true }
            default: return .failure(.notANumber)
            }
        }
        return .success(comma)
    }

    /// The number `text` spells (`-12`, `3.5`, `3.`, `.5`), or `nil` when it spells none (empty,
    /// `-`, `.`, a letter).
    public static func value(of text: String) -> Double? {
        var digits = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "-") where offset == 0: continue
            case UInt8(ascii: "."), UInt8(ascii: ","): continue
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        var plain = text.replacingComma()
        if plain.hasSuffix(".") { plain.removeLast() }
        if plain.hasPrefix("-.") { plain = "-0" + plain.dropFirst() } else if plain.hasPrefix(".") { plain = "0" + plain }
        guard let value = Double(plain), value.isFinite else { return nil }
        return value
    }

    /// How many digits `text` has after its decimal separator.
    public static func decimals(in text: String) -> Int {
        guard let point = text.utf8.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) else { return 0 }
        return text.utf8[text.utf8.index(after: point)...].count
    }

    /// `value` rounded to `decimals` digits after the point.
    public static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = power(decimals)
        let scaled = (value * scale).rounded()
        return scaled.isFinite ? scaled / scale : value
    }

    /// `value` written with exactly `decimals` digits after the point (`13`, `2.50`), or `nil`
    /// when it is too large to write digit by digit (beyond 10^15).
    public static func text(of value: Double, decimals: Int) -> String? {
        let scaled = (value * power(decimals)).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return nil }
        let whole = Int64(scaled)
        let negative = whole < 0
        var digits = String(whole.magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return negative ? "-" + digits : digits
    }

    /// `value` as JSON and as a person reads it: whole numbers without `.0` (`42`), others in
    /// the fewest digits that give the value back (`42.5`).
    public static func shortText(of value: Double) -> String { JSONText.number(value) }

    private static func power(_ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        return scale
    }
}

private extension String {
    func replacingComma() -> String { contains(",") ? String(map { $0 == "," ? "." : $0 }) : self }
}

/// The number kind: a number typed as text in the shape ``NumberFieldReducer/typed(_:)`` allows
/// or stepped with `step`, answered as a JSON number; `rules.min` and `rules.max` bound it
/// (inclusive), the field's `step` (1) and `decimals` (0) shape it.
extension NumberFieldReducer: FieldBehavior {
    /// A range from 0 one time in two; a `step` of 5 one time in three.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField {
        var field = GeneratedField()
        if draw(2) < 1 { field.rules += [#""min":0"#, #""max":\#([5, 100][draw(2)])"#] }
        if draw(3) < 1 { field.members.append(#""step":5"#) }
        return field
    }

    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String { #""min":\#([1, 3, 50][draw(3)])"# }

    static var kind: FieldKind { .number }
    static func wrap(_ state: State) -> FieldState { .number(state) }

    static var typesAnswer: Bool { true }
    /// A number is typed, but in its own shape: no `secure`, `keyboard` or `matches`.
    static var typesFreeText: Bool { false }
    static var hasOptions: Bool { false }
    static var answerType: AnswerShape { .number }
    static var conditionType: AnswerShape { .number }
    static var ruleKeys: Set<String> { ["min", "max"] }
    static var fieldKeys: [KindKey] { [KindKey("step", .number), KindKey("decimals", .count)] }
    static var ordersAnswers: Bool { true }
    static var checksField: Bool { true }

    /// The keyboard closest to what the field takes: digits, with a decimal point when it has
    /// decimals, with punctuation (for the `-`) when it allows a negative value.
    static func keyboard(for field: FieldSpec) -> KeyboardType? {
        let format = field.numberFormat
        if format.allowsNegative { return .numbersAndPunctuation }
        return format.decimals > 0 ? .decimalPad : .numberPad
    }

    /// `min` and `max` are numbers, `min` not above `max`; `step` is above 0; `decimals` is 0 to 6.
    static func checkField(_ field: FieldSpec, path: String, problems: ProblemSink) throws {
        let rules = field.rules
        var boundsAreNumbers = true
        for (key, bound) in [("min", rules.min), ("max", rules.max)] {
            if let bound, bound.number == nil {
                boundsAreNumbers = false
                try problems.each { throw FlowSpecError(path: "\(path).rules.\(key)", reason: .wrongBound(kind)) }
            }
        }
        if boundsAreNumbers, let min = rules.min?.number, let max = rules.max?.number, min > max {
            try problems.each { throw FlowSpecError(path: "\(path).rules.min", reason: .minAboveMax(shortText(of: min), shortText(of: max))) }
        }
        if let step = field.step, !(step > 0 && step.isFinite) {
            try problems.each { throw FlowSpecError(path: "\(path).step", reason: .notPositive(shortText(of: step))) }
        }
        if let decimals = field.decimals, !(0...largestDecimals).contains(decimals) {
            try problems.each { throw FlowSpecError(path: "\(path).decimals", reason: .notWithin(decimals, least: 0, most: largestDecimals)) }
            return
        }
        // A step, a bound or a default with more decimals than the field takes could never be typed.
        let decimals = field.numberFormat.decimals
        var written: [(String, Double?)] = [("rules.min", rules.min?.number), ("rules.max", rules.max?.number), ("step", field.step)]
        if case .number(let value?)? = field.default { written.append(("default", value)) }
        for (key, value) in written {
            guard let value, rounded(value, decimals: decimals) != value else { continue }
            try problems.each {
                throw FlowSpecError(path: "\(path).\(key)", reason: .kind(moreDecimalsThanField(shortText(of: value), decimals: decimals)))
            }
        }
    }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .number(try container.decode(Double.self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .number(let number) = value { .number(number) } else { nil }
    }

    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        if case .number = value { true } else { false }
    }

    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool {
        value.number != nil
    }

    static func initialState(default defaultAnswer: FieldAnswer?) -> State {
        if case .number(let value?)? = defaultAnswer { State(text: shortText(of: value)) } else { State() }
    }

    static func answer(of state: State) -> FieldAnswer { .number(value(of: state.text)) }
    static func text(of state: State) -> TextFieldReducer.State? { state }
    static func setText(_ text: TextFieldReducer.State, in state: inout State) { state = text }
    static func source(of state: State) -> String { ".number(.init(text: \(state.text.debugDescription)))" }
    static func optionValues(of state: State) -> (chosen: [String], highlight: String?) { ([], nil) }

    /// The text takes `textChanged`, `clear` and `submit`; the kind's reducer takes `step`.
    static func textAction(for action: FieldAction) -> TextFieldReducer.Action? { action.textAction }

    static func filtersTyping(_ field: FieldSpec) -> Bool { true }

    static func typed(_ new: String, old: String, field: FieldSpec) -> String? {
        NumberFieldReducer(format: field.numberFormat).typed(new)
    }

    /// The rule of ``typed(_:)`` that `new` breaks, in words; `nil` for a character that is no
    /// part of a number, which the field's range says best.
    static func refusal(typing new: String, old: String, field: FieldSpec, messages: RuleMessages) -> String? {
        let format = field.numberFormat
        switch NumberFieldReducer(format: format).refusal(typing: new) {
        case .negative?: return messages.notNegative(field.label)
        case .minusNotFirst?: return messages.minusFirst(field.label)
        case .wholeNumber?: return messages.atMostDecimals(field.label, 0)
        case .secondPoint?: return messages.onePoint(field.label)
        case .tooManyDecimals?: return messages.atMostDecimals(field.label, format.decimals)
        case .tooManyDigits?:
            // A key typed into a number that has every digit it may have: the field is full.
            let digits = old.utf8.count { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return digits >= largestDigits ? messages.numberFull(field.label, largestDigits) : messages.atMostDigits(field.label, largestDigits)
        case .notANumber?, nil: return nil
        }
    }

    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        guard case .step(let delta) = action else { return false }
        NumberFieldReducer(format: field.numberFormat).reduce(into: &state, action: .step(delta)) { effect in
            switch effect {
            case .changed(let old, let new): say(.changed(field: field.id, old: old, new: new))
            }
        }
        return false
    }

    /// Empty: `required`'s message. Otherwise a number of at most `decimals` digits after the
    /// point (else a message saying so), within the range (else the range's message).
    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field, text = state.text
        if text.isEmpty { return field.rules.required ? check.fail(check.messages.required(field.label)) : nil }
        // A number given from outside (1e300) with more digits than anyone can type.
        if text.utf8.count(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) > largestDigits {
            return check.fail(check.messages.atMostDigits(field.label, largestDigits))
        }
        let format = field.numberFormat
        if value(of: text) != nil, decimals(in: text) > format.decimals {
            return check.fail(check.messages.atMostDecimals(field.label, format.decimals))
        }
        if let value = value(of: text), format.contains(value) { return nil }
        return field.numberRangeMessage(check.messages)
    }

    /// The line without the spaces around it, typed as the whole text.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction] {
        [.textChanged(LineAnswer.trimmed(line[...]))]
    }

    /// A number as given (one with more decimals than the field takes then breaks its rules: it
    /// is never rounded into them), or `null` for no answer yet.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch answer {
        case .number(let value): .number(value)
        case .choice(nil): .number(nil)
        default: throw wrongType(field)
        }
    }

    /// The number the text spells (`42`, `3.5`, `3,5`); an empty text is no answer.
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        if text.isEmpty { return .number(nil) }
        guard let value = value(of: text) else { throw wrongType(field) }
        return .number(value)
    }

    static func state(holding answer: FieldAnswer) -> State {
        if case .number(let value?) = answer { State(text: positionalText(of: value)) } else { State() }
    }

    /// Each bound, 0 brought into the range, and one step past each bound.
    static func sampleTexts(for field: FieldSpec) -> [String] {
        let format = field.numberFormat
        let values = [format.min, format.max, format.clamped(0), format.min.map { $0 - format.step }, format.max.map { $0 + format.step }]
        return values.compactMap { $0.flatMap { text(of: $0, decimals: format.decimals) } }
    }
}

extension NumberFieldReducer {
    /// A step, bound or default with more decimals than the field takes, which no value typed
    /// into the field could reach.
    static func moreDecimalsThanField(_ value: String, decimals: Int) -> KindProblem {
        KindProblem(
            english: "\(value) has more decimal places than the field's decimals (\(decimals)) allow; no value typed into the field could reach it",
            korean: "\(value)은(는) 이 항목의 decimals(\(decimals))보다 소수점 아래 자리가 많아, 입력으로 나올 수 없는 값입니다")
    }
}

extension FieldSpec {
    /// How far Up and Down move a number field's value (1 when `nil`); number fields only.
    public var step: Double? {
        get { kindSettings[number: "step"] }
        set { kindSettings[number: "step"] = newValue }
    }

    /// The digits a number field's value may have after the point (0 when `nil`); number fields only.
    public var decimals: Int? {
        get { kindSettings[count: "decimals"] }
        set { kindSettings[count: "decimals"] = newValue }
    }

    /// The field's range (`rules.min`, `rules.max`), `step` and `decimals`, as a number field reads them.
    public var numberFormat: NumberFieldReducer.Format {
        .init(min: rules.min?.number, max: rules.max?.number, step: step ?? 1, decimals: decimals ?? 0)
    }

    /// What a number field's value must be, as its failure says it: the field's own
    /// `rules.message`, else `Age must be between 13 and 120.` in the words of `messages`.
    public func numberRangeMessage(_ messages: RuleMessages) -> String {
        let format = numberFormat
        let shortText = NumberFieldReducer.shortText
        return rules.message ?? messages.outOfRange(label, format.min.map(shortText), format.max.map(shortText))
    }
}

extension FieldCondition.Value {
    /// The number, when the value is one.
    var number: Double? { if case .number(let value) = self { value } else { nil } }
}

extension RuleMessages {
    /// `Age must be between 13 and 120.` (`at least 13`, `at most 120`, `a number` when a bound
    /// is missing), for a value out of its range or not a number; the bounds as the field writes them.
    public func outOfRange(_ label: String, _ min: String?, _ max: String?) -> String {
        switch (language, min, max) {
        case let (.en, min?, max?): "\(label) must be between \(min) and \(max)."
        case let (.en, min?, nil): "\(label) must be at least \(min)."
        case let (.en, nil, max?): "\(label) must be at most \(max)."
        case (.en, nil, nil): "\(label) must be a number."
        case let (.ko, min?, max?): "\(label) 항목은 \(min) 이상 \(max) 이하여야 합니다."
        case let (.ko, min?, nil): "\(label) 항목은 \(min) 이상이어야 합니다."
        case let (.ko, nil, max?): "\(label) 항목은 \(max) 이하여야 합니다."
        case (.ko, nil, nil): "\(label) 항목은 숫자여야 합니다."
        }
    }

    /// `Weight takes at most 1 decimal place.` (`a whole number` for 0), for a number with more
    /// digits after the point than the field's `decimals`.
    public func atMostDecimals(_ label: String, _ decimals: Int) -> String {
        switch language {
        case .en: decimals == 0 ? "\(label) takes a whole number." : "\(label) takes at most \(decimals) decimal place\(decimals == 1 ? "" : "s")."
        case .ko: decimals == 0 ? "\(label) 항목은 정수여야 합니다." : "\(label) 항목은 소수점 아래 \(decimals)자리까지 입력할 수 있습니다."
        }
    }
}

extension RuleMessages {
    /// `Weight cannot be negative.`, for a `-` typed where the range has no value below 0.
    public func notNegative(_ label: String) -> String {
        switch language {
        case .en: "\(label) cannot be negative."
        case .ko: "\(label) 항목은 음수일 수 없습니다."
        }
    }

    /// `Change takes a - only at the start.`
    public func minusFirst(_ label: String) -> String {
        switch language {
        case .en: "\(label) takes a - only at the start."
        case .ko: "\(label) 항목에서 -는 맨 앞에만 쓸 수 있습니다."
        }
    }

    /// `Weight takes one decimal point.`, for a second separator.
    public func onePoint(_ label: String) -> String {
        switch language {
        case .en: "\(label) takes one decimal point."
        case .ko: "\(label) 항목에는 소수점을 하나만 쓸 수 있습니다."
        }
    }

    /// `Weight is full: it takes at most 15 digits.`, for a digit typed into a number that has them all.
    public func numberFull(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label) is full: it takes at most \(count) digits."
        case .ko: "\(label) 항목이 다 찼습니다. 숫자는 \(count)자리까지 쓸 수 있습니다."
        }
    }

    /// `Weight takes at most 15 digits.`
    public func atMostDigits(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label) takes at most \(count) digits."
        case .ko: "\(label) 항목에는 숫자를 \(count)자리까지 쓸 수 있습니다."
        }
    }
}

extension NumberFieldReducer {
    /// The actions the kind takes: its text's and `step`.
    static func takes(_ action: FieldAction) -> Bool {
        switch action {
        case .textChanged, .submit, .clear, .step: true
        default: false
        }
    }
}

extension FieldSpec {
    /// A number field: a number in a range, typed or stepped with Up and Down.
    ///
    /// ```swift
    /// .number("weight", label: "Weight (kg)", default: 70, min: 20, max: 300, step: 0.5, decimals: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - placeholder: shown dim while the field is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the number the field starts with.
    ///   - min: the smallest number allowed (inclusive).
    ///   - max: the largest number allowed (inclusive).
    ///   - step: how far Up and Down move the number; 1 when `nil`.
    ///   - decimals: the digits allowed after the point; 0 when `nil`.
    ///   - required: whether the field needs a number.
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - section: the section the field belongs to (``FieldSpec/section``).
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func number(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, default: Double? = nil,
        min: Double? = nil, max: Double? = nil, step: Double? = nil, decimals: Int? = nil, required: Bool = false,
        message: String? = nil, when: FieldCondition? = nil, check: String? = nil, send: FieldSend? = nil, prefill: Bool = true,
        section: String? = nil, localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .number, label: label, placeholder: placeholder, hint: hint, default: `default`.map(FieldAnswer.number),
            rules: FieldRules(
                required: required, min: min.map(FieldCondition.Value.number), max: max.map(FieldCondition.Value.number),
                message: message),
            when: when)
        field.step = step
        field.decimals = decimals
        field.finishMaking(check: check, send: send, prefill: prefill, section: section, localizedText: localizedText)
        return field
    }
}

extension NumberFieldReducer {
    /// `value` in positional digits, as a person types it: `0.0000001` for `1e-07`, so that an
    /// answer a host gave in exponent form is read, counted for decimals and shown like any other.
    static func positionalText(of value: Double) -> String {
        let text = shortText(of: value)
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let shift = Int(text[text.index(after: e)...]) else { return text }
        let negative = text.hasPrefix("-")
        let mantissa = text[text.index(text.startIndex, offsetBy: negative ? 1 : 0)..<e]
        let point = mantissa.firstIndex(of: ".")
        let digits = mantissa.filter { $0 != "." }
        // Where the point goes among the digits, after the shift.
        let place = (point.map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + shift
        var whole: String, fraction: String
        if place <= 0 {
            whole = "0"
            fraction = String(repeating: "0", count: -place) + digits
        } else if place >= digits.count {
            whole = digits + String(repeating: "0", count: place - digits.count)
            fraction = ""
        } else {
            whole = String(digits.prefix(place))
            fraction = String(digits.dropFirst(place))
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension NumberFieldReducer {
    /// A number or `null`; shown, a required one is answered, and a number is within the
    /// range, whole when the field takes no decimals. Decimal places JSON Schema cannot count
    /// (`multipleOf` divides in binary floating point).
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart {
        var part = AnswerSchemaPart(type: .object(("type", .strings(["number", "null"]))), empty: .const(.null))
        let format = field.numberFormat
        part.required = field.rules.required
        let type = format.decimals == 0 ? "integer" : "number"
        var members: [SchemaNode.Member] = [.init("type", part.required ? .string(type) : .strings([type, "null"]))]
        // No one types more than `largestDigits` digits: a whole number of 15 at most, and so
        // for one with decimals, whose digits after the point then count too (said with them).
        var largest = 1.0
        for _ in 0..<largestDigits { largest *= 10 }
        members.append(.init("minimum", .number(Swift.max(format.min ?? -largest, -(largest - 1)))))
        members.append(.init("maximum", .number(Swift.min(format.max ?? largest, largest - 1))))
        if format.decimals > 0 { part.unsaid.append(messages.schemaDecimals(format.decimals, digits: largestDigits)) }
        part.rules = .object(members)
        return part
    }
}

extension RuleMessages {
    /// Said of a number field's decimals.
    func schemaDecimals(_ decimals: Int, digits: Int) -> String {
        switch language {
        case .en: "Has at most \(decimals) decimal place\(decimals == 1 ? "" : "s"), and \(digits) digits in all."
        case .ko: "소수점 아래는 \(decimals)자리까지, 숫자는 모두 \(digits)개까지입니다."
        }
    }
}

extension NumberFieldReducer {
    /// No answer, each number compared and a step either side of it, the range's bounds and 0
    /// within them, as the rules let them pass.
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]? {
        let format = field.numberFormat
        var step = 1.0
        for _ in 0..<format.decimals { step /= 10 }
        var numbers: [Double] = [format.clamped(0)] + [format.min, format.max].compactMap { $0 }
        for case .number(let value) in tests.flatMap(\.values) { numbers += [value, value - step, value + step] }
        var list: [FieldAnswer] = [.number(nil)]
        for number in numbers where !list.contains(.number(number)) { list.append(.number(number)) }
        return list.filter(passes)
    }
}

extension NumberFieldReducer {
    /// The number.
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode? {
        if case .number(let number) = value { .object(("type", .string("number")), ("const", .number(number))) } else { .bool(false) }
    }

    /// A number within the bounds.
    static func schema(within min: FieldCondition.Value?, _ max: FieldCondition.Value?, field: FieldSpec) -> SchemaNode? {
        var members: [SchemaNode.Member] = [.init("type", .string("number"))]
        for (key, bound) in [("minimum", min), ("maximum", max)] {
            switch bound {
            case .number(let value)?: members.append(.init(key, .number(value)))
            case nil: continue
            default: return .bool(false)
            }
        }
        return .object(members)
    }
}
