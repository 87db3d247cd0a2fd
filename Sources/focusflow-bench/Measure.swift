import Foundation

/// Timing for the bench: run a body in rounds and report the median per operation.
struct Measure {
    /// Nanoseconds per operation of each round.
    let rounds: [Double]

    var median: Double { rounds.sorted()[rounds.count / 2] }

    /// Runs `body` `rounds` times, each doing `operations` operations, after one warm-up round.
    static func run(rounds: Int = 7, operations: Int, _ body: () -> Void) -> Measure {
        body()
        let clock = ContinuousClock()
        var results: [Double] = []
        for _ in 0..<rounds {
            let elapsed = clock.measure(body)
            let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            results.append(ns / Double(operations))
        }
        return Measure(rounds: results)
    }
}

/// Formats figures for the bench's table.
enum Figure {
    static func ns(_ value: Double) -> String { String(format: "%8.1f ns", value) }
    static func ms(_ value: Double) -> String { String(format: "%7.3f ms", value) }
    static func ratio(_ value: Double) -> String { String(format: "%5.2f×", value) }
    static func perSecond(_ nsPerOp: Double) -> String { String(format: "%6.2f M/s", 1e3 / nsPerOp) }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
