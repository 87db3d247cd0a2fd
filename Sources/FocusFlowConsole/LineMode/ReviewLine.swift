import FocusFlow
import Glibc

/// Line mode's review (piped input and the accessible mode alike): a numbered summary of the
/// visible answers, then one line: empty submits, a number amends that answer.
package enum ReviewLine {
    /// What one review line asks for.
    package enum Input: Equatable {
        case submit
        case amend(FieldID)
        /// `-N`: remove the repeating group's item that answer N is in.
        case remove(FieldID)
        /// Neither an empty line nor a listed number; the message says what a line may be.
        case invalid(String)
    }

    /// The summary: a heading, then `1. Email: ada@example.com`, one row a line, each section's
    /// rows under its name (`Account:`).
    package static func summary(_ answers: ReviewAnswers) -> [String] {
        [answers.words.reviewYourAnswers]
            + answers.rows.enumerated().flatMap { number, row in
                (row.heading.map { ["  \($0):"] } ?? []) + ["  \(number + 1). \(row.label): \(row.shown)"]
            }
    }

    /// The prompt under the summary.
    package static func prompt(_ answers: ReviewAnswers) -> String {
        answers.words.reviewPrompt(answers.rows.count)
    }

    /// Reads one line typed at the review. A line is never repeated in a message (it may be a
    /// secret typed one line too early).
    package static func read(_ line: String, _ answers: ReviewAnswers) -> Input {
        let trimmed = String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        if trimmed.isEmpty { return .submit }
        if let number = Int(trimmed), answers.rows.indices.contains(number - 1) { return .amend(answers.rows[number - 1].field) }
        if trimmed.hasPrefix("-"), let number = Int(trimmed.dropFirst()), answers.rows.indices.contains(number - 1) {
            return .remove(answers.rows[number - 1].field)
        }
        return .invalid(answers.words.reviewInvalid(answers.rows.count))
    }

    /// One review step of piped input: the summary on stderr, then one line.
    ///
    /// - Returns: `nil` to go on walking (submitted or amending), or the outcome that ends the walk.
    package static func piped(_ store: FlowStore, _ reader: inout LineReader, number: inout Int, mask: Character, say: (String) -> Void) -> RunOutcome? {
        let answers = ReviewAnswers(reducer: store.reducer, state: store.state, mask: mask)
        say(summary(answers).joined(separator: "\n"))
        let line: String
        let got = reader.next()
        switch got {
        case .line, .tooLong: number += 1
        case .end, .signal: break
        }
        switch got {
        case .line(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidInput(refusal(answers.words, number, answers.words.notText)) }
            line = text
        case .tooLong: return .invalidInput(refusal(answers.words, number, answers.words.tooLong(LineReader.lineLimit)))
        case .end: return .invalidInput(answers.words.reviewEnded)
        case .signal(let signal): return .signalled(signal)
        }
        switch read(line, answers) {
        case .submit:
            for case .invalid(_, let message) in store.send(.submit) { return .invalidInput(answers.words.line(number, "\(answers.words.review): \(message)")) }
            return nil
        case .amend(let field):
            store.send(.focus(field))
            return nil
        case .remove(let field):
            guard removes(field, store) else { return .invalidInput(answers.words.line(number, answers.words.reviewCannotRemove)) }
            return nil
        case .invalid(let message):
            return .invalidInput(answers.words.line(number, message))
        }
    }

    /// Removes the item of a repeating group that `field` is in (the engine decides whether it
    /// may); whether it did.
    private static func removes(_ field: FieldID, _ store: FlowStore) -> Bool {
        let before = store.state
        store.send(.removeItem(field))
        return store.state != before
    }

    /// Why line `number` at the review was refused: `line 3: review: …`.
    private static func refusal(_ words: TerminalWords, _ number: Int, _ reason: String) -> String {
        words.line(number, "\(words.review): \(reason)")
    }

    /// One review step of the accessible mode: the summary and a prompt, re-asked until the line
    /// means something; `/back` changes the last answer, `/cancel` and Ctrl-D cancel. A line
    /// that is not UTF-8 or is too long ends the walk, as in piped input.
    ///
    /// - Returns: `nil` to go on walking, or the outcome that ends the walk.
    package static func accessible(
        _ store: FlowStore, _ reader: inout LineReader, number: inout Int, mask: Character, say: (String) -> Void,
        write: (String) -> Void
    ) -> RunOutcome? {
        let answers = ReviewAnswers(reducer: store.reducer, state: store.state, mask: mask)
        say(summary(answers).joined(separator: "\n"))
        write(prompt(answers) + ": ")
        let bytes: [UInt8]
        let got = reader.next()
        switch got {
        case .line, .tooLong: number += 1
        case .end, .signal: break
        }
        switch got {
        case .line(let line):
            guard String(validating: line, as: UTF8.self) != nil else { return .invalidInput(refusal(answers.words, number, answers.words.notText)) }
            bytes = line
        case .tooLong: return .invalidInput(refusal(answers.words, number, answers.words.tooLong(LineReader.lineLimit)))
        case .end:
            say(answers.words.cancelled)
            return .cancelled
        case .signal(let signal):
            SignalPipe.startOutput(0)
            say(answers.words.cancelled)
            return .signalled(signal)
        }
        switch LineInput(line: bytes) {
        case .answer(let line):
            switch read(line, answers) {
            case .submit:
                for case .invalid(_, let message) in store.send(.submit) { say(message) }
            case .amend(let field):
                store.send(.focus(field))
            case .remove(let field):
                if !removes(field, store) { say(answers.words.reviewCannotRemove.prefix(1).uppercased() + answers.words.reviewCannotRemove.dropFirst() + ".") }
            case .invalid(let message):
                say(message.prefix(1).uppercased() + message.dropFirst() + ".")
            }
        case .command(.key(let key)) where !key.applies(to: store.reducer.spec):
            say(answers.words.notInThisFlow("/\(LineCommand.key(key).name)", LineCommand.names(in: store.reducer.spec)))
        case .command(.key(let key)):
            if (key.action.map { store.send($0) } ?? []).contains(.cancelled) {
                say(answers.words.cancelled)
                return .cancelled
            }
        case .command(.help):
            say(LineCommand.help(answers.words, in: store.reducer.spec))
        case .unknownCommand, .escapeSequence:
            say(answers.words.reviewHelp(answers.rows.count))
        }
        return nil
    }
}
