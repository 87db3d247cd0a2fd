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
