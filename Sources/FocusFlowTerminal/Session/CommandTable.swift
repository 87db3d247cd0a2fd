@preconcurrency import CReadline

/// Which readline command stands in for which in a keymap: the addresses of the commands to
/// replace, sorted, each with its replacement (0 for none), found by binary search.
///
/// Two arrays of integers rather than a `Set` and a `Dictionary` of pointers: a start builds
/// these maps once, and the generic types of those collections (their metadata and their
/// `Hashable` conformance, looked up at run time) cost it more than the lookups themselves.
struct CommandTable {
    private var commands: [UInt] = []
    private var replacements: [UInt] = []

    /// Each of `commands` becomes `replacement`, unless an earlier row already names it: the
    /// first row naming a command wins.
    mutating func replace(_ commands: [UnsafeRawPointer?], with replacement: UnsafeRawPointer?) {
        for case let command? in commands {
            let key = UInt(bitPattern: command)
            let at = index(of: key)
            if at < self.commands.count && self.commands[at] == key { continue }
            self.commands.insert(key, at: at)
            replacements.insert(UInt(bitPattern: replacement), at: at)
        }
    }

    /// The replacement of `command`: `.some(nil)` for a command replaced by nothing, `nil` for a
    /// command the table does not name.
    subscript(_ command: UnsafeRawPointer) -> UnsafeRawPointer?? {
        let key = UInt(bitPattern: command)
        let at = index(of: key)
        guard at < commands.count, commands[at] == key else { return nil }
        return .some(UnsafeRawPointer(bitPattern: replacements[at]))
    }

    /// Where `key` is or would be inserted.
    private func index(of key: UInt) -> Int {
        var low = 0, high = commands.count
        while low < high {
            let middle = (low + high) / 2
            if commands[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
