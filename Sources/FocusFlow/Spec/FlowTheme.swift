/// The colours a host wants: one ``TextStyle`` for each part of the screen, from a flow's
/// `"theme"` or a built-in theme (`focusflow run --theme NAME`).
///
/// Only data: the terminal draws it, and draws no colour at all under `NO_COLOR` or on a
/// terminal without colours. A part left out falls back to the ``standard`` theme's.
public struct FlowTheme: Sendable, Hashable {
    /// The parts of the screen a theme styles.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        /// The flow's title, above every step.
        case title
        /// The field's label.
        case label
        /// The placeholder of an empty field.
        case placeholder
        /// The hint beside the label.
        case hint
        /// The rule's message when a value fails.
        case error
        /// The keyboard badge beside the label.
        case badge
        /// The highlighted option of a select or multi-select list (also marked `›`).
        case highlight
        /// The step counter beside the title (`2/6`), and the review's name there.
        case progress
        /// The key line under the input, and the notes beside it (`↓ 3 more`, a refused key).
        case keys

        /// Where ``FlowTheme`` keeps the part's style: each part its own, below the number of parts.
        var index: Int {
            switch self {
            case .title: 0
            case .label: 1
            case .placeholder: 2
            case .hint: 3
            case .error: 4
            case .badge: 5
            case .highlight: 6
            case .progress: 7
            case .keys: 8
            }
        }
    }

    /// Each part's style, by ``Part/index``: a list, not a dictionary, as a start builds a theme
    /// and a dictionary's first use costs a scan of every conformance in the program.
    private var styles: [TextStyle?]

    /// A theme styling the parts given; the rest fall back to the ``standard`` theme's.
    public init(_ styles: [Part: TextStyle]) {
        self.init()
        for (part, style) in styles { self[part] = style }
    }

    /// A theme that styles no part: every part falls back to the ``standard`` theme's.
    public init() { styles = Array(repeating: nil, count: Part.allCases.count) }

    private init(list: [TextStyle?]) { styles = list }

    /// The style of `part`, or `nil` when this theme leaves it to the standard one.
    public subscript(part: Part) -> TextStyle? {
        get { styles[part.index] }
        set { styles[part.index] = newValue }
    }

    public var title: TextStyle? { self[.title] }
    public var label: TextStyle? { self[.label] }
    public var placeholder: TextStyle? { self[.placeholder] }
    public var hint: TextStyle? { self[.hint] }
    public var error: TextStyle? { self[.error] }
    public var badge: TextStyle? { self[.badge] }
    public var highlight: TextStyle? { self[.highlight] }
    public var progress: TextStyle? { self[.progress] }
    public var keys: TextStyle? { self[.keys] }

    /// Every part in order, with its style or `nil`.
    public var parts: [(part: Part, style: TextStyle?)] { Part.allCases.map { ($0, styles[$0.index]) } }

    /// This theme with the parts it leaves out taken from `base`.
    public func filled(from base: FlowTheme) -> FlowTheme {
        FlowTheme(list: zip(styles, base.styles).map { mine, theirs in mine ?? theirs })
    }
}

extension FlowTheme {
    private static func style(_ words: String) -> TextStyle {
        do { return try TextStyle(words: words) } catch { preconditionFailure("built-in style \(words): \(error)") }
    }

    private static func theme(_ parts: KeyValuePairs<Part, String>) -> FlowTheme {
        var theme = FlowTheme()
        for (part, words) in parts { theme[part] = style(words) }
        return theme
    }

    /// The look of FocusFlow when nobody asks for another: bold title and label, dim
    /// placeholder, hint, counter and key line, a red error, a reversed badge, a bold highlight.
    public static let standard = theme(builtInWords[0].parts)

    /// The built-in themes in words, by name, `default` first: the one table that the names and
    /// the themes are read from. The names need no theme built (the help lists them at every start).
    private static let builtInWords: [(name: String, parts: KeyValuePairs<Part, String>)] = [
        (
            "default",
            [
                .title: "bold", .label: "bold", .placeholder: "dim", .hint: "dim", .error: "red", .badge: "reverse", .highlight: "bold",
                .progress: "dim", .keys: "dim",
            ]
        ),
        // Attributes only: for terminals whose colours clash, or people who want none.
        (
            "mono",
            [
                .title: "bold", .label: "bold", .placeholder: "dim", .hint: "dim", .error: "bold underline", .badge: "reverse", .highlight: "reverse",
                .progress: "dim", .keys: "dim",
            ]
        ),
        // Bright, bold and never dim: every part reads on a dark or light background.
        (
            "high-contrast",
            [
                .title: "bold bright-white on blue", .label: "bold bright-white", .placeholder: "underline", .hint: "bright-white",
                .error: "bold black on bright-yellow", .badge: "bold black on bright-white", .highlight: "bold reverse",
                .progress: "bold bright-white", .keys: "bright-white",
            ]
        ),
        (
            "ocean",
            [
                .title: "bold cyan", .label: "bold blue", .placeholder: "dim cyan", .hint: "cyan",
                .error: "bold bright-red", .badge: "black on cyan", .highlight: "bold cyan",
                .progress: "cyan", .keys: "dim cyan",
            ]
        ),
    ]

    /// The built-in themes, by name, `default` first.
    public static let builtIns: [(name: String, theme: FlowTheme)] = builtInWords.map { ($0.name, theme($0.parts)) }

    /// The built-in themes' names, `default` first.
    public static var builtInNames: [String] { builtInWords.map(\.name) }

    /// The built-in theme named `name`, or `nil`.
    public static func builtIn(_ name: String) -> FlowTheme? { builtIns.first { $0.name == name }?.theme }
}
