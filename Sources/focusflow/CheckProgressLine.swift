import FocusFlow
import FocusFlowCheck
import FocusFlowTerminal
import Glibc
import Synchronization

/// The line `check` keeps on a terminal's stderr while it explores: the states seen so far,
/// the group it is in and the time left in the budget (`checking: 120 states, group 3/14: f12
/// f13, depth 4, 42 s left`), drawn again at most a few times a second, cut to the terminal's
/// width so that it stays one line, and erased before the report.
final class CheckProgressLine: Sendable {
    /// The least time between two drawings.
    static let interval: Duration = .milliseconds(250)
    /// The most fields of a group the line names.
    static let fieldsNamed = 4

    private let words: CommandWords
    private let budget: Duration?
    /// When the line was drawn last.
    private let drawn = Mutex<ContinuousClock.Instant?>(nil)

    /// - Parameter budget: the time the exploration has, from when it begins.
    init(words: CommandWords, budget: Duration?) {
        self.words = words
        self.budget = budget
    }

    /// Draws `progress`, unless the line was drawn less than ``interval`` ago.
    func show(_ progress: FlowExplorer.Progress) {
        let now = ContinuousClock.now
        let due = drawn.withLock { last in
            guard last.map({ now - $0 >= Self.interval }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        try? Descriptor.writeAll(2, Array("\r\(text(progress))\u{1B}[K".utf8))
    }

    /// The line for `progress`, at most as wide as the terminal less one column.
    func text(_ progress: FlowExplorer.Progress, columns: Int = CheckProgressLine.columns()) -> String {
        let group = progress.group.map { group in
            let named = group.fields.prefix(Self.fieldsNamed).map(\.rawValue).joined(separator: " ")
            return "\(group.index + 1)/\(group.count): \(named)\(group.fields.count > Self.fieldsNamed ? " …" : "")"
        }
        let left = budget.map { budget in
            let left = budget - progress.elapsed
            return max(0, Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0))
        }
        var line = words.checking(progress.states, group, progress.depth, left)
        while Self.width(line) > max(columns - 1, 1), !line.isEmpty { line.removeLast() }
        return line
    }

    /// The columns `text` takes at most, whatever the locale says: two for every character
    /// from U+1100 (Hangul and the other wide scripts start there), one for the others.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.value < 0x1100 ? 1 : 2) }
    }

    /// Erases the line.
    func erase() {
        try? Descriptor.writeAll(2, Array("\r\u{1B}[K".utf8))
    }

    /// The terminal's width on stderr; 80 when it does not say.
    static func columns() -> Int {
        var size = winsize()
        return ioctl(2, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
