/// Where the focused field stands in the walk: "step 3 of 5", and whether it is the first or
/// the last field — what a screen needs for its step counter and for its key line.
///
/// `steps` counts the steps the walk can take under the answers given: the visible fields, plus
/// every later hidden field whose condition reads a field the person has not answered yet (the
/// focused one or a later one), since an answer still to come can show it. A field whose
/// condition reads an earlier, answered field counts only while it is visible. A repeating
/// group's item counts only once the question whether to add it says yes (the question itself
/// is a step): an item not added is no step, so a yes raises `steps` by the item's fields and
/// the next question. On the last field (``isLast``: Enter finishes) it is ``step``. So the
/// counter reads `5/5` exactly where Enter finishes, never with a sixth field to come. Typing in
/// the focused field changes `steps` only when it shows or hides a later field (and so changes
/// ``isLast``); moving forward only ever lowers it, but past a question answered yes.
public struct FlowProgress: Sendable, Hashable, CustomStringConvertible {
    /// The focused field's position among the visible fields, from 1.
    public var step: Int
    /// The most fields this walk can take, as described above.
    public var steps: Int
    /// No visible field comes before the focused one: going back does nothing.
    public var isFirst: Bool
    /// No visible field comes after the focused one with the answers as they are now: Next
    /// completes the flow (when every rule passes). Typing may change it, when the focused
    /// field's answer shows or hides a later field.
    public var isLast: Bool
    /// The focused field's section and its step within it ("Account · 2/3"); `nil` for a field
    /// without a section, and once the flow has ended.
    public var section: Section?

    /// Where the focused field stands in its section: the run of consecutive fields that give the
    /// same ``FieldSpec/section``. `step` and `steps` count the section's fields as the flow's
    /// ``FlowProgress/step`` and ``FlowProgress/steps`` count the flow's: visible fields, plus the
    /// later hidden ones an answer still to come can show, and `steps` is `step` on the section's
    /// last field that can show.
    public struct Section: Sendable, Hashable, CustomStringConvertible {
        /// The section's name in the flow's language.
        public var name: String
        /// The focused field's position among the section's visible fields, from 1.
        public var step: Int
        /// The most fields of the section this walk can take.
        public var steps: Int

        public init(name: String, step: Int, steps: Int) {
            self.name = name
            self.step = step
            self.steps = steps
        }

        /// `Account · 2/3`.
        public var description: String { "\(name) · \(step)/\(steps)" }
    }

    public init(step: Int, steps: Int, isFirst: Bool, isLast: Bool, section: Section? = nil) {
        self.step = step
        self.steps = steps
        self.isFirst = isFirst
        self.isLast = isLast
        self.section = section
    }

    /// `3/5`.
    public var description: String { "\(step)/\(steps)" }
}
