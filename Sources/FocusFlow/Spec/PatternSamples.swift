/// Strings a flow pattern matches, made from the pattern alone: what a recording types for a
/// secure value, so that its stand-in passes a field's `pattern` (or meets a requirement's)
/// without being drawn from the secret.
///
/// The pattern is read as a tree of single-character atoms (a literal, an escape such as `\d`,
/// a set, `.`), sequences, alternatives and counts. Each atom may take the characters of an
/// alphabet it matches, as RE2 says atom by atom (so that a set means what the pattern's engine
/// says it means); a literal takes itself. Flags (`(?i)`), quoting (`\Q…\E`) and anything else
/// the tree does not follow give no samples: a stand-in is then looked for among other
/// candidates, and a sample is always checked against the whole pattern by its user.
package struct PatternSamples: Sendable {
    /// One part of the pattern, with the lengths (in characters) it can match, up to ``limit``.
    private final class Node: Sendable {
        enum Part: Sendable {
            /// The characters the atom may be, in the alphabet's order.
            case atom([Character])
            case empty
            case sequence([Node])
            case choice([Node])
            case count(Node, min: Int, max: Int?)
        }

        let part: Part
        /// `reach[n]`: whether the node matches some text of `n` characters.
        let reach: [Bool]
        /// For a count: `copies[k][n]`, whether `k` copies match some text of `n` characters.
        let copies: [[Bool]]

        init(_ part: Part, limit: Int) {
            self.part = part
            var copies: [[Bool]] = []
            var reach = [Bool](repeating: false, count: limit + 1)
            switch part {
            case .atom(let allowed): if !allowed.isEmpty && limit >= 1 { reach[1] = true }
            case .empty: reach[0] = true
            case .sequence(let items):
                reach[0] = true
                for item in items { reach = Self.join(reach, item.reach) }
            case .choice(let branches):
                for branch in branches { for n in reach.indices where branch.reach[n] { reach[n] = true } }
            case .count(let child, let least, let most):
                var k = [Bool](repeating: false, count: limit + 1)
                k[0] = true
                copies.append(k)
                // More copies than the limit can only repeat what matches nothing.
                let last = Swift.min(most ?? Int.max, Swift.max(least, limit + 1))
                var number = 0
                while number < last {
                    k = Self.join(k, child.reach)
                    copies.append(k)
                    number += 1
                    if !k.contains(true) { break }
                }
                for (number, set) in copies.enumerated() where number >= least {
                    for n in reach.indices where set[n] { reach[n] = true }
                }
            }
            self.reach = reach
            self.copies = copies
        }

        /// The lengths of a text made of one of `first` then one of `second`.
        private static func join(_ first: [Bool], _ second: [Bool]) -> [Bool] {
            var out = [Bool](repeating: false, count: first.count)
            for a in first.indices where first[a] {
                for b in 0..<(first.count - a) where second[b] { out[a + b] = true }
            }
            return out
        }
    }

    private let root: Node
    /// The longest sample asked for.
    package let limit: Int

    /// Reads `pattern` (a rule's or a requirement's, in the flow's syntax), or `nil` when its
    /// tree cannot be followed.
    ///
    /// - Parameters:
    ///   - alphabet: the characters a set or a class may take, in the order to prefer them; the
    ///     pattern's own literal characters are added.
    ///   - accepts: whether a character may be typed (the field's keyboard).
    ///   - limit: the longest sample that will be asked for.
    package init?(pattern: String, alphabet: [Character], accepts: @escaping (Character) -> Bool, limit: Int) {
        let scalars = Array(pattern.unicodeScalars)
        var own: [Character] = []
        for scalar in scalars where scalar.value > 0x7F || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            let character = Character(scalar)
            if !alphabet.contains(character), !own.contains(character) { own.append(character) }
        }
        var reader = Reader(scalars: scalars, alphabet: (alphabet + own).filter(accepts), accepts: accepts, limit: limit)
        guard let root = reader.choice(), reader.index == scalars.count else { return nil }
        self.root = root
        self.limit = limit
    }

    /// Whether some text of `length` characters matches.
    package func matches(length: Int) -> Bool { length >= 0 && length <= limit && root.reach[length] }

    /// The shortest length a text made from the alphabet can have and match, or `nil` for none.
    package var shortest: Int? { root.reach.firstIndex(of: true) }

    /// A text of `length` characters that the pattern matches, each character chosen by
    /// `pick` among the ones its atom may be, given its place in the text; `nil` when no text
    /// of that length does.
    ///
    /// Where counts and alternatives leave a choice, the earlier parts take as few characters
    /// as they can and the first alternative that fits wins.
    package func sample(length: Int, pick: (_ allowed: [Character], _ position: Int) -> Character) -> String? {
        guard matches(length: length) else { return nil }
        var out: [Character] = []
        out.reserveCapacity(length)
        Self.build(root, length: length, into: &out, pick: pick)
        return out.count == length ? String(out) : nil
    }

    private static func build(_ node: Node, length: Int, into out: inout [Character], pick: (_ allowed: [Character], _ position: Int) -> Character) {
        switch node.part {
        case .atom(let allowed): out.append(pick(allowed, out.count))
        case .empty: break
        case .choice(let branches):
            if let branch = branches.first(where: { $0.reach[length] }) { build(branch, length: length, into: &out, pick: pick) }
        case .sequence(let items):
            // What each suffix of the items can match, so that every item takes a length the
            // rest can complete.
            var suffixes = [[Bool]](repeating: [], count: items.count + 1)
            var tail = [Bool](repeating: false, count: node.reach.count)
            tail[0] = true
            suffixes[items.count] = tail
            for index in items.indices.reversed() {
                var joined = [Bool](repeating: false, count: tail.count)
                for a in tail.indices where items[index].reach[a] {
                    for b in 0..<(tail.count - a) where tail[b] { joined[a + b] = true }
                }
                tail = joined
                suffixes[index] = tail
            }
            var left = length
            for (index, item) in items.enumerated() {
                guard let take = (0...left).first(where: { item.reach[$0] && suffixes[index + 1][left - $0] }) else { return }
                build(item, length: take, into: &out, pick: pick)
                left -= take
            }
        case .count(let child, let least, _):
            guard let count = node.copies.indices.first(where: { $0 >= least && node.copies[$0][length] }) else { return }
            var left = length
            for copy in 0..<count {
                let rest = node.copies[count - copy - 1]
                guard let take = (0...left).first(where: { child.reach[$0] && rest[left - $0] }) else { return }
                build(child, length: take, into: &out, pick: pick)
                left -= take
            }
        }
    }

    /// Reads the pattern's tree, an atom's characters asked of RE2.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        let alphabet: [Character]
        let accepts: (Character) -> Bool
        let limit: Int
        var index = 0
        /// Each atom's characters, by its text: a pattern repeats its sets.
        var known: [String: [Character]] = [:]

        init(scalars: [Unicode.Scalar], alphabet: [Character], accepts: @escaping (Character) -> Bool, limit: Int) {
            self.scalars = scalars
            self.alphabet = alphabet
            self.accepts = accepts
            self.limit = limit
        }

        func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

        mutating func choice() -> Node? {
            var branches: [Node] = []
            while true {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
                guard at(index) == "|" else { break }
                index += 1
            }
            return branches.count == 1 ? branches[0] : Node(.choice(branches), limit: limit)
        }

        mutating func sequence() -> Node? {
            var items: [Node] = []
            while let scalar = at(index), scalar != "|", scalar != ")" {
                guard let item = item(), let counted = count(of: item) else { return nil }
                items.append(counted)
            }
            return items.count == 1 ? items[0] : Node(.sequence(items), limit: limit)
        }

        /// The count after `item` (`*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, lazy or not), or
        /// `item` itself; `nil` for a possessive count, which the tree does not follow.
        mutating func count(of item: Node) -> Node? {
            let least: Int, most: Int?
            switch at(index) {
            case "*": (least, most) = (0, nil); index += 1
            case "+": (least, most) = (1, nil); index += 1
            case "?": (least, most) = (0, 1); index += 1
            case "{":
                guard let (bounds, end) = braces(from: index) else { return item }
                (least, most) = bounds
                index = end
            default: return item
            }
            if at(index) == "?" { index += 1 } else if at(index) == "+" { return nil }
            return count(of: Node(.count(item, min: least, max: most), limit: limit))
        }

        /// `{m}`, `{m,}` or `{m,n}` from `start`, and the index after it.
        func braces(from start: Int) -> (bounds: (Int, Int?), end: Int)? {
            var end = start + 1
            var parts: [String] = [""]
            while let scalar = at(end), scalar != "}" {
                if scalar == "," {
                    guard parts.count == 1 else { return nil }
                    parts.append("")
                } else {
                    guard scalar.properties.numericType == .decimal, scalar.isASCII else { return nil }
                    parts[parts.count - 1].unicodeScalars.append(scalar)
                }
                end += 1
            }
            guard at(end) == "}", let least = Int(parts[0]) else { return nil }
            if parts.count == 1 { return ((least, least), end + 1) }
            if parts[1].isEmpty { return ((least, nil), end + 1) }
            guard let most = Int(parts[1]) else { return nil }
            return ((least, most), end + 1)
        }

        mutating func item() -> Node? {
            guard let scalar = at(index) else { return nil }
            switch scalar {
            case "(":
                index += 1
                if at(index) == "?" {
                    if at(index + 1) == ":" {
                        index += 2
                    } else if (at(index + 1) == "<" && at(index + 2) != "=" && at(index + 2) != "!") || (at(index + 1) == "P" && at(index + 2) == "<") {
                        // A named group: its name says nothing of what it matches.
                        while let next = at(index), next != ">" { index += 1 }
                        index += 1
                    } else {
                        return nil
                    }
                }
                guard let inner = choice(), at(index) == ")" else { return nil }
                index += 1
                return inner
            case "[":
                guard let end = setEnd(from: index) else { return nil }
                defer { index = end }
                return atom(text(index..<end))
            case "\\":
                return escape()
            case ".":
                index += 1
                return atom(".")
            case "^", "$":
                index += 1
                return Node(.empty, limit: limit)
            case "*", "+", "?", ")", "|":
                return nil
            case "{" where braces(from: index) != nil:
                return nil
            default:
                index += 1
                let character = Character(scalar)
                return Node(.atom(accepts(character) ? [character] : []), limit: limit)
            }
        }

        /// An escape: an anchor (`\b`, `\A`…) matches no character; a class or an escaped
        /// character is an atom.
        mutating func escape() -> Node? {
            guard let next = at(index + 1) else { return nil }
            let start = index
            switch next {
            case "b", "B", "A", "z", "Z", "G":
                index += 2
                return Node(.empty, limit: limit)
            case "Q", "E", "k", "g", "K", "1"..."9":
                return nil
            case "p", "P", "x", "N":
                if at(index + 2) == "{" {
                    var end = index + 3
                    while let scalar = at(end), scalar != "}" { end += 1 }
                    index = end + 1
                } else {
                    index += next == "x" ? 4 : 3
                }
            case "u": index += 6
            case "c": index += 3
            default: index += 2
            }
            guard index <= scalars.count else { return nil }
            return atom(text(start..<index))
        }

        /// Where the set starting at `start` ends (after its `]`), or `nil` for one that nests
        /// another set or does not end.
        func setEnd(from start: Int) -> Int? {
            var end = start + 1
            if at(end) == "^" { end += 1 }
            if at(end) == "]" { end += 1 }
            while let scalar = at(end) {
                switch scalar {
                case "]": return end + 1
                case "\\":
                    if let letter = at(end + 1), "pPxN".unicodeScalars.contains(letter), at(end + 2) == "{" {
                        end += 3
                        while let inner = at(end), inner != "}" { end += 1 }
                        end += 1
                    } else {
                        end += 2
                    }
                case "[":
                    guard at(end + 1) == ":" else { return nil }
                    end += 2
                    while let inner = at(end), !(inner == ":" && at(end + 1) == "]") { end += 1 }
                    end += 2
                default: end += 1
                }
            }
            return nil
        }

        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }

        /// An atom of `text`: the alphabet's characters RE2 says it matches.
        mutating func atom(_ text: String) -> Node? {
            if let allowed = known[text] { return Node(.atom(allowed), limit: limit) }
            guard let compiled = try? CompiledPattern(text, remembersLastValue: false) else { return nil }
            let allowed = alphabet.filter { compiled.matches(String($0)) }
            known[text] = allowed
            return Node(.atom(allowed), limit: limit)
        }
    }
}
