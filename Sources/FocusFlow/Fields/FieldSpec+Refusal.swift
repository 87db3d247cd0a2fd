extension FieldSpec {
    /// Why the field's kind refuses `new` typed over `old` (its whole text before and after the
    /// insertion), in the words of `messages`: the rule of what may be typed that the insertion
    /// breaks (`Weight takes at most 1 decimal place.`, `Arrival holds a whole date already …`).
    ///
    /// A front names this reason when the engine says `rejected` and the keyboard takes every
    /// character inserted; `nil` when the kind takes `new`, or has nothing more exact to say than
    /// what the field takes (a letter in a number).
    public func typingRefusal(_ new: String, over old: String, messages: RuleMessages) -> String? {
        kind.behavior.refusal(typing: new, old: old, field: self, messages: messages)
    }
}
