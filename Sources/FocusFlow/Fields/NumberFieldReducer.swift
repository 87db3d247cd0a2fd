/// A number field: its text, typed as the seed's ``TextFieldReducer`` takes it, and Up/Down
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
        var sawPoint = false, comma = false
        var digits = 0, decimals = 0
        for (offset, byte) in new.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if sawPoint { decimals += 1 }
                guard digits <= Self.largestDigits, decimals <= format.decimals else { return nil }
            case UInt8(ascii: "-"):
                guard offset == 0, format.allowsNegative else { return nil }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard format.decimals > 0, !sawPoint else { return nil }
                sawPoint = true
                if byte == UInt8(ascii: ",") { comma = true }
            default: return nil
            }
        }
        return comma ? String(new.map { $0 == "," ? "." : $0 }) : new
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
