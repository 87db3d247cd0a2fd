import FocusFlow

/// The values a recording may write for one secure field, made from the field's spec alone —
/// its keyboard, its rules and its live requirements — always in the same order. `SecureStandIn` takes the first whose
/// outcome under the rules is the secret's; nothing here ever reads a secret.
struct StandInCandidates: Sendable {
    /// The characters stand-ins are made of, by class, in the order they are preferred:
    /// lowercase, uppercase, digits, ASCII punctuation, space, Hangul, and a few others.
    /// A field's keyboard keeps the ones it can type.
    static let classes: [[Character]] = [
        Array("abcdefghijklmnopqrstuvwxyz"), Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), Array("0123456789"),
        Array("-_.!#$%&*+=?@^~,:;/'\"()[]{}<>|\\`"), [" "], Array("가나다라마바사아자차카타파하"),
        ["\u{E9}", "\u{436}", "\u{4E2D}", "\u{3042}", "\u{1F642}"],
    ]
    /// Lengths past this are made of one class, or all of them in turn, never of every mix.
    static let longestMix = 256
    /// The longest sample asked of a pattern, unless the field's lengths need longer ones.
    static let patternLimit = 64

    /// The field's characters, by class, without the empty classes.
    let classes: [[Character]]
    /// The lengths tried, the field's own first (the least its rules and requirements ask for,
    /// the bounds its kind gives and one past each), then a few common ones.
    let lengths: [Int]
    /// Values the flow itself names for the field: the ones its kind allows. (No condition
    /// compares a secure field's value: only `notEmpty` may read it.)
    let named: [String]
    /// Texts the field's `pattern` matches, if it can be read.
    let pattern: PatternSamples?
    /// For each pattern requirement that can be read, a short text that meets it.
    let requirements: [String]

    init(field: FieldSpec) {
        let keyboard = field.keyboard
        classes = Self.classes.map { $0.filter { keyboard.accepts($0) } }.filter { !$0.isEmpty }
        let alphabet = classes.flatMap { $0 }
        let bounds = field.kind.sampleLengths(for: field)
        let least = (bounds.passing.prefix(1) + field.requirements.compactMap(\.leastLength)).max() ?? 0
        var lengths: [Int] = []
        func add(_ length: Int) {
            guard length >= 1, !lengths.contains(length) else { return }
            lengths.append(length)
        }
        add(least > 0 ? least : 8)
        for length in bounds.passing + [8, 12, 16, 1, 2, 3, 4, 6, 24, 32, least - 1, least + 1] + bounds.failing { add(length) }
        self.lengths = lengths
        named = field.kind.sampleTexts(for: field)
        let limit = Swift.max(Self.patternLimit, Swift.min(least + 1, Self.longestMix))
        let accepts = { (character: Character) in keyboard.accepts(character) }
        pattern = field.rules.pattern.flatMap { PatternSamples(pattern: $0, alphabet: alphabet, accepts: accepts, limit: limit) }
        let classes = classes
        requirements = field.requirements.compactMap { requirement in
            guard case .pattern(let text) = requirement.test,
                let samples = PatternSamples(pattern: text, alphabet: alphabet, accepts: accepts, limit: Self.patternLimit),
                let shortest = samples.shortest
            else { return nil }
            return samples.sample(length: shortest) { Self.rotating($0, $1, classes: classes) }
        }
    }

    /// Calls `body` with each candidate, in order, until it returns `true`.
    func forEach(_ body: (String) -> Bool) {
        if body("") { return }
        for value in named where body(value) { return }
        if let pattern {
            var seen: Set<String> = []
            var patternLengths = lengths.filter { $0 <= pattern.limit }
            if let shortest = pattern.shortest {
                for length in shortest...Swift.min(shortest + 2, pattern.limit) where !patternLengths.contains(length) { patternLengths.append(length) }
            }
            for length in patternLengths where pattern.matches(length: length) {
                for flavor in -1..<classes.count {
                    let sample = pattern.sample(length: length) { allowed, position in
                        flavor < 0 ? Self.rotating(allowed, position, classes: classes) : Self.preferring(flavor, allowed, position, classes: classes)
                    }
                    if let sample, !sample.isEmpty, seen.insert(sample).inserted, body(sample) { return }
                }
            }
        }
        let all = (1 << classes.count) - 1
        // Every class at once first (most likely to meet requirements), then each alone, then
        // the mixes between.
        let masks = [all] + (0..<classes.count).map { 1 << $0 } + (1..<all).filter { $0.nonzeroBitCount > 1 }.sorted { $0.nonzeroBitCount < $1.nonzeroBitCount }
        for length in lengths {
            if !requirements.isEmpty {
                for chosen in stride(from: (1 << requirements.count) - 1, through: 1, by: -1) {
                    let prefix = requirements.indices.filter { chosen & (1 << $0) != 0 }.map { requirements[$0] }.joined()
                    guard prefix.count <= length else { continue }
                    if body(prefix + mix(all, length: length - prefix.count)) || body(prefix + mix(1, length: length - prefix.count)) { return }
                }
            }
            for mask in masks where length <= Self.longestMix || mask == all || mask.nonzeroBitCount == 1 {
                if body(mix(mask, length: length)) { return }
            }
        }
    }

    /// `length` characters of the classes `mask` names, taken in turn.
    private func mix(_ mask: Int, length: Int) -> String {
        let chosen = classes.indices.filter { mask & (1 << $0) != 0 }.map { classes[$0] }
        guard !chosen.isEmpty else { return "" }
        var out = ""
        for position in 0..<length {
            let characters = chosen[position % chosen.count]
            out.append(characters[(position / chosen.count) % characters.count])
        }
        return out
    }

    /// A character of `allowed` for `position`, the classes taken in turn.
    static func rotating(_ allowed: [Character], _ position: Int, classes: [[Character]]) -> Character {
        for step in classes.indices {
            let fitting = classes[(position + step) % classes.count].filter(allowed.contains)
            if !fitting.isEmpty { return fitting[(position / classes.count) % fitting.count] }
        }
        return allowed[position % allowed.count]
    }

    /// A character of `allowed` for `position`, of the class `preferred` where it can be.
    static func preferring(_ preferred: Int, _ allowed: [Character], _ position: Int, classes: [[Character]]) -> Character {
        let fitting = classes[preferred].filter(allowed.contains)
        return fitting.isEmpty ? rotating(allowed, position, classes: classes) : fitting[position % fitting.count]
    }
}
