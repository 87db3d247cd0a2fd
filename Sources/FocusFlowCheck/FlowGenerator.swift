import FocusFlow

/// Flows made from a seed, mixing every kind of field with `when` and `matches` ties: what the
/// bench times `check` on and what the tests explore apart and as one. The same seed makes the
/// same flow file.
package enum FlowGenerator {
    /// A small, fast generator of pseudo-random numbers (SplitMix64): seeded, the same on every
    /// machine, so that a failing case repeats.
    package struct Random: Sendable {
        var state: UInt64
        package init(seed: UInt64) { state = seed }
        package mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        package mutating func chance(_ one: Int, in all: Int) -> Bool { below(all) < one }
        package mutating func pick<T>(_ list: [T]) -> T { list[below(list.count)] }
    }

    /// A flow file of `count` fields, every kind in turn from a random start, each field with
    /// random rules (its kind's own: ``FieldKind/generated(draw:matchable:)``), required one time
    /// in two, and about one in three shown under a `when` on an earlier field.
    package static func flow(seed: UInt64, fields count: Int) -> String {
        var random = Random(seed: seed)
        let kinds = FieldKind.allCases
        let first = random.below(kinds.count)
        var fields: [String] = []
        var made: [(id: String, kind: FieldKind, options: [String])] = []
        for i in 0..<count {
            let kind = kinds[(first + i) % kinds.count]
            let id = "f\(i)"
            let required = random.chance(1, in: 2)
            let field = kind.generated(draw: { random.below($0) }, matchable: made.filter(\.kind.typesFreeText).map(\.id))
            var keys = [#""id":"\#(id)""#, #""label":"F\#(i)""#, #""kind":"\#(kind.rawValue)""#] + field.members
            let rules = (required ? [#""required":true"#] : []) + field.rules
            if !rules.isEmpty { keys.append(#""rules":{\#(rules.joined(separator: ","))}"#) }
            if !made.isEmpty {
                let source = made[random.below(made.count)]
                if random.chance(1, in: 3) {
                    let test = source.kind.generatedCondition(options: source.options, draw: { random.below($0) })
                    keys.append(#""when":{"field":"\#(source.id)",\#(test)}"#)
                }
            }
            fields.append("{" + keys.joined(separator: ",") + "}")
            made.append((id, kind, field.options))
        }
        return #"{"id":"generated-\#(seed)","title":"Generated","fields":[\#(fields.joined(separator: ","))]}"#
    }
}
