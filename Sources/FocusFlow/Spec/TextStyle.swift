/// How one part of the screen is drawn: attributes, a colour, a background. Only data: the
/// terminal turns it into escape sequences, or into nothing where there are no colours.
///
/// Written in a flow as words: attributes, then a colour, then `on` and a background colour —
/// `"bold cyan"`, `"reverse"`, `"black on yellow"`, `"underline 208"`.
public struct TextStyle: Sendable, Hashable, CustomStringConvertible {
    /// What a terminal can do to text besides colouring it.
    public enum Attribute: String, Sendable, Hashable, CaseIterable, Comparable {
        case bold, dim, underline, reverse

        public static func < (a: Attribute, b: Attribute) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A set of ``Attribute``s, as bits: a start styles every part of the screen, and a `Set`'s
    /// first use costs a scan of every conformance in the program.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public init(_ attribute: Attribute) { rawValue = 1 << UInt8(Attribute.allCases.firstIndex(of: attribute)!) }

        public static let bold = Attributes(.bold)
        public static let dim = Attributes(.dim)
        public static let underline = Attributes(.underline)
        public static let reverse = Attributes(.reverse)

        /// The attributes in the order ``Attribute`` lists its cases.
        public var each: [Attribute] { Attribute.allCases.filter { contains(Attributes($0)) } }
    }

    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var attributes: Attributes

    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Reads the words of a style (`"bold cyan on black"`).
    ///
    /// - Throws: ``FlowSpecError`` with the message alone (the caller knows the place): an
    ///   unknown word (with the nearest known one), a number beyond 255, two colours, `on`
    ///   without a colour, or no word at all.
    public init(words text: String) throws(FlowSpecError) {
        self.init()
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else {
            throw FlowSpecError(reason: .noStyle)
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if let attribute = Attribute(rawValue: word) {
                attributes.insert(Attributes(attribute))
            } else if word == "on" {
                guard index < words.count else {
                    throw FlowSpecError(reason: .onNeedsColour)
                }
                let name = words[index]
                index += 1
                guard background == nil else {
                    throw FlowSpecError(reason: .twoBackgrounds)
                }
                background = try Self.color(name)
            } else {
                let color = try Self.color(word)
                if let foreground {
                    throw FlowSpecError(reason: .twoColours(foreground.name, word))
                }
                foreground = color
            }
        }
    }

    private static func color(_ word: String) throws(FlowSpecError) -> TerminalColor {
        if let color = TerminalColor(name: word) { return color }
        if !word.isEmpty, word.allSatisfy({ ("0"..."9").contains($0) }) {
            throw FlowSpecError(reason: .colourNumber(word.count > 6 ? String(word.prefix(6)) + "…" : word))
        }
        let known = Attribute.allCases.map(\.rawValue) + TerminalColor.names + ["on"]
        let quoted = word.count > 40 ? String(word.prefix(40)) + "…" : word
        let hint = Suggestion.nearest(to: word, in: known).map(FlowSpecError.Reason.Hint.nearest) ?? .known(known)
        throw FlowSpecError(reason: .unknownStyleWord(quoted, hint))
    }

    /// The words that give this style back: attributes, colour, `on` background.
    public var description: String {
        var words = attributes.each.map(\.rawValue)
        if let foreground { words.append(foreground.name) }
        if let background { words += ["on", background.name] }
        return words.joined(separator: " ")
    }
}
