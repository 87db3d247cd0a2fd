/// A colour of a terminal's palette: one of the 16 ANSI colours by name (`red`,
/// `bright-blue`), or any of the 256 by number.
public struct TerminalColor: Sendable, Hashable {
    /// 0–7 the ANSI colours, 8–15 their bright forms, 16–255 the 256-colour palette.
    public let number: Int

    /// The colour numbered `number`, or `nil` outside 0–255.
    public init?(number: Int) {
        guard (0...255).contains(number) else { return nil }
        self.number = number
    }

    private init(_ number: Int) { self.number = number }

    /// The 16 names, in palette order: `black` is 0, `bright-white` 15.
    public static let names = base + base.map { "bright-" + $0 }
    private static let base = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// The colour a name or a number (`"cyan"`, `"208"`) stands for, or `nil`.
    public init?(name: String) {
        if let index = Self.names.firstIndex(of: name) {
            self.init(index)
        } else if !name.isEmpty, name.allSatisfy(\.isASCIIDigit), name.count <= 3, let number = Int(name) {
            self.init(number: number)
        } else {
            return nil
        }
    }

    /// The colour's name, or its number beyond the 16 named ones.
    public var name: String { number < Self.names.count ? Self.names[number] : String(number) }

    public static let black = TerminalColor(0), red = TerminalColor(1), green = TerminalColor(2), yellow = TerminalColor(3)
    public static let blue = TerminalColor(4), magenta = TerminalColor(5), cyan = TerminalColor(6), white = TerminalColor(7)
    public static let brightBlack = TerminalColor(8), brightRed = TerminalColor(9), brightGreen = TerminalColor(10)
    public static let brightYellow = TerminalColor(11), brightBlue = TerminalColor(12), brightMagenta = TerminalColor(13)
    public static let brightCyan = TerminalColor(14), brightWhite = TerminalColor(15)
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
