/// A number of seconds as `check` writes it: `60`, `0.5`.
enum Seconds {
    /// `value` without a fractional part when it has none, else to the thousandth.
    static func text(_ value: Double) -> String {
        if value == value.rounded(), value < 1e15 { return String(Int(value)) }
        var text = String((value * 1000).rounded() / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
