import FocusFlow
import Glibc

/// Walks a flow without readline: one line per visible field.
package enum LineMode {
    /// Standard input is not a terminal: each line answers the focused field, verbatim. There are
    /// no commands here (a script gives one value a field, and `/back` is just a value). The first
    /// line that a keyboard refuses or a rule fails ends the walk with a message naming the field.
    package static func piped(_ options: RunOptions) -> RunOutcome {
        let signals = SignalPipe()
        defer { signals.restore() }
        let outcome = piped(options, signals: signals)
        // A signal that came while the walk was busy (a long pattern match) still ends it.
        if let signal = signals.arrivedEnd() { return .signalled(signal) }
        return outcome
    }

    private static func piped(_ options: RunOptions, signals: SignalPipe) -> RunOutcome {
        let words = options.spec.language.words
        let store = options.makeStore { DroppedNote.text($0, in: $1, words: words).map(say) }
        var reader = LineReader(fd: 0, signals: signals)
        var number = 0
        var services = ServiceDriver(options.services, errors: 2)
        defer { services.cancelAll() }
        while true {
            // A check or a send the walk asks for is made before the next line is read: no one
            // is there to try again, so a refusal ends the walk as a broken rule does.
            let (events, signal) = services.settle(store, signals: signals)
            if let signal { return .signalled(signal) }
            if let refused = refusal(in: events, store: store, number: number, words: words) { return .invalidInput(refused) }
            if store.state.phase == .review {
                if let outcome = ReviewLine.piped(store, &reader, number: &number, mask: options.mask, say: say) { return outcome }
                continue
            }
            guard store.state.phase == .editing, let focus = store.state.focus, var field = store.field(focus) else { break }
            let read = reader.next()
            switch read {
            case .line, .tooLong: number += 1
            case .end, .signal: break
            }
            let place = words.line(number, describe(field, in: store.reducer.spec))
            let value: String
            switch read {
            case .line(let line):
                // Bytes that are not UTF-8 are refused, never turned into U+FFFD: the value
                // (a password, say) would change silently. The bytes are not repeated.
                guard let text = String(validating: line, as: UTF8.self) else {
                    return .invalidInput("\(place): \(words.notText)")
                }
                value = text
            case .tooLong: return .invalidInput("\(place): \(words.tooLong(LineReader.lineLimit))")
            case .end: return .invalidInput(words.inputEndedBefore(describe(field, in: store.reducer.spec)))
            case .signal(let signal): return .signalled(signal)
            }
            // A search's line that names none of the options it has is its filter: the service is
            // asked for what matches it, and the line then answers from that list.
            if field.optionSource?.search == true, !value.isEmpty, !takes(value, store: store) {
                store.send(.field(.textChanged(value)))
                let (events, signal) = services.settle(store, signals: signals)
                if let signal { return .signalled(signal) }
                if let refused = refusal(in: events, store: store, number: number, words: words) { return .invalidInput(refused) }
                field = store.reducer.field(focus, in: store.state) ?? field
            }
            // An empty line keeps a prefilled (or default) text, as Enter does at a terminal.
            if value.isEmpty, let kept = FieldScreens.screen(for: field, words: words).kept(store.state), !kept.isEmpty {
                for case .invalid(_, let message) in store.send(.next) { return .invalidInput("\(place): \(message)") }
                continue
            }
            if let refused = hand(value, to: field, store: store, words: words) {
                return .invalidInput("\(place): \(refused)")
            }
            // Amending from the review, a field the change made fail (a confirmation) is the next
            // line's to answer.
            for case .invalid(let failed, let message) in store.send(.next) where failed == focus || !store.state.isAmending {
                return .invalidInput("\(place): \(message)")
            }
        }
        // Lines after the last answer are not used; a script with one line too many says so.
        if store.state.phase == .completed, reader.hasUnreadInput() {
            say(words.extraLines(number))
        }
        return outcome(store)
    }

    /// What ends a piped walk among a check's or a send's events: a refused check (`line 2,
    /// Nickname (nickname): That nickname is taken`), a send that failed.
    private static func refusal(in events: [FlowEvent], store: FlowStore, number: Int, words: TerminalWords) -> String? {
        for event in events {
            switch event {
            case .invalid(let id, let message):
                guard let field = store.field(id) else { continue }
                return "\(words.line(number, describe(field, in: store.reducer.spec))): \(message)"
            case .sent(let id, _, ok: false):
                guard let field = store.field(id) else { continue }
                return "\(describe(field, in: store.reducer.spec)): \(store.state.errors[id] ?? store.reducer.spec.language.messages.sendUnavailable)"
            default: continue
            }
        }
        return nil
    }

    /// A terminal that cannot edit a line (`TERM=dumb`) or `--accessible`: a plain prompt a
    /// line, re-asked until the answer passes; a secure answer is read with echo off and never
    /// repeated. Commands (``LineCommand``: `/back`, `/cancel`, `/help`) and a Shift-Tab line
    /// move back or stop; `//` enters a leading `/`. A line that is not UTF-8 or is longer than
    /// the cap ends the walk as in piped input (exit 1, naming the line and the field): no
    /// person types either, so it is a script or a paste gone wrong, and asking again would
    /// only meet the rest of it.
    package static func accessible(_ options: RunOptions) -> RunOutcome {
        let signals = SignalPipe()
        let words = options.spec.language.words
        let store = options.makeStore { DroppedNote.text($0, in: $1, words: words).map(say) }
        var saved = termios()
        let haveTerminal = tcgetattr(0, &saved) == 0
        // A fatal signal, or the watchdog ending a busy walk, puts echo back too.
        if haveTerminal { SignalPipe.remember(saved, input: 0, output: 2, reset: "\n", note: words.fatalSignal + "\n") }
        defer {
            if haveTerminal {
                SignalPipe.startOutput(0)
                tcsetattr(0, TCSANOW, &saved)
                SignalPipe.forget()
            }
            signals.restore()
        }
        var reader = LineReader(fd: 0, signals: signals)
        var number = 0
        say("\(options.spec.shownTitle). \(LineCommand.help(words, in: options.spec))")
        // Echo is off while a secure field is asked, from before its prompt until a field that
        // is not secure is asked: what is typed ahead of a re-asked (or the next) secure prompt
        // is never echoed either.
        var quiet = false
        func echo(off: Bool) {
            guard haveTerminal, off != quiet else { return }
            var settings = saved
            if off { settings.c_lflag &= ~tcflag_t(ECHO) }
            tcsetattr(0, TCSANOW, &settings)
            quiet = off
        }
        var services = ServiceDriver(options.services, errors: 2)
        defer { services.cancelAll() }
        while true {
            // A check or a send is made before the next prompt, each said as it starts; a
            // refused check asks the field again with its message.
            let (events, signal) = services.settle(store, signals: signals) { call in
                let label = store.field(call.request.field)?.label ?? call.request.field.rawValue
                say(call.isOptions ? words.loadingOptions(label) : call.isCheck ? words.checking(label) : words.sending(label))
            }
            if let signal {
                SignalPipe.startOutput(0)
                say(words.cancelled)
                return .signalled(signal)
            }
            tell(events, store: store, words: words)
            if store.state.phase == .review {
                echo(off: false)
                if let outcome = ReviewLine.accessible(store, &reader, number: &number, mask: options.mask, say: say, write: write) { return outcome }
                continue
            }
            guard store.state.phase == .editing, let focus = store.state.focus, let field = store.field(focus) else { break }
            let progress = store.reducer.progress(in: store.state)
            let label = progress.section.map { "\(words.inSection($0.name, $0.step, $0.steps)) \(field.label)" } ?? field.label
            var prompt = words.step(progress.step, progress.steps, label)
            var notes = [
                field.secure ? words.hiddenWhileTyping : nil, field.keyboard == .default ? nil : words.keyboardTakes(field.keyboard),
                field.placeholder.map(words.forExample), field.hint,
            ].compactMap { $0 }
            let screen = FieldScreens.screen(for: field, words: words)
            var offered = screen.notes(store.state)
            // Enter keeps the answer only when it passes: offering a refused one loops for ever.
            if store.reducer.failure(of: focus, in: store.state) != nil {
                let keeps = [words.enterKeepsIt, words.enterKeepsThem, words.enterKeepsCurrent]
                offered.removeAll { keeps.contains($0) }
            }
            notes += offered
            if let seconds = store.reducer.resendIn(store.state) {
                notes.append(seconds > 0 ? words.resendIn(seconds) : "/resend \(words.sendsAgain)")
            }
            if !notes.isEmpty { prompt += " (\(notes.joined(separator: "; ")))" }
            echo(off: field.secure)
            let listing = screen.listing() + requirementRows(field, store.state)
            if !listing.isEmpty { say(listing.map { "  " + $0 }.joined(separator: "\n")) }
            write(prompt + ": ")
            let read = reader.next()
            // The Enter that ended a secure answer was not echoed.
            if field.secure && haveTerminal { write("\n") }
            let line: [UInt8]
            switch read {
            case .line, .tooLong: number += 1
            case .end, .signal: break
            }
            switch read {
            case .line(let bytes):
                guard String(validating: bytes, as: UTF8.self) != nil else {
                    return .invalidInput("\(words.line(number, describe(field, in: store.reducer.spec))): \(words.notText)")
                }
                line = bytes
            case .tooLong:
                return .invalidInput("\(words.line(number, describe(field, in: store.reducer.spec))): \(words.tooLong(LineReader.lineLimit))")
            case .end:
                if haveTerminal, terminalHungUp(0) { return .signalled(SIGHUP) }
                say(words.cancelled)
                return .cancelled
            case .signal(let signal):
                // Output stopped with Ctrl-S would hold the last words, and the write would wait.
                SignalPipe.startOutput(0)
                say(words.cancelled)
                return .signalled(signal)
            }
            // The time the line took to come: a code may have expired meanwhile.
            tell(services.tick(store), store: store, words: words)
            switch LineInput(line: line) {
            case .command(.key(let key)) where !key.applies(to: options.spec):
                // A command the help does not offer here: said as the unknown one is.
                say(words.notInThisFlow("/\(LineCommand.key(key).name)", LineCommand.names(in: options.spec)))
            case .command(.key(.resend)):
                guard field.send != nil else {
                    say(words.sendsNone(field.label))
                    continue
                }
                if store.send(.resend).isEmpty, let seconds = store.reducer.resendIn(store.state), seconds > 0 {
                    say(words.resendIn(seconds))
                }
            case .answer(let answer) where field.optionSource?.search == true && !answer.isEmpty && !takes(answer, store: store):
                // A search's line that names none of its options is its filter: the list that
                // matches it is asked for, and the field asked again with it.
                store.send(.field(.textChanged(answer)))
            case .answer(let answer):
                // An empty line keeps what the field holds (a prefilled or earlier answer).
                let current = screen.kept(store.state) ?? ""
                let value = answer.isEmpty && !current.isEmpty ? current : answer
                if let refused = hand(value, to: field, store: store, words: words) {
                    say(refused + wayBack(store, words))
                    continue
                }
                for case .invalid(_, let message) in store.send(.next) { say(message + wayBack(store, words)) }
            case .command(.key(let key)):
                // What the key does on the screen: its action in the key table.
                if key == .back, progress.isFirst { say(words.firstField) }
                if (key.action.map { store.send($0) } ?? []).contains(.cancelled) {
                    say(words.cancelled)
                    return .cancelled
                }
            case .command(.help):
                say(LineCommand.help(words, in: options.spec))
            case .unknownCommand(let word):
                // A secure line is never repeated: it may be a password that begins with /.
                let what = field.secure ? words.that : "/\(word)"
                say(words.notACommand(what, LineCommand.names(in: options.spec)))
            case .escapeSequence:
                say(words.arrowKeysDoNothing)
            }
        }
        // The answers are written before the last words say they are done; a question says its
        // answer back, as the screen leaves it.
        let outcome = outcome(store)
        if case .completed(let result) = outcome, let deliver = options.deliver, !deliver(result) {
            say(words.notSaved)
        } else if options.spec.isQuestion, store.state.phase == .completed, let first = options.spec.fields.first, let field = store.field(first.id) {
            say(words.summaryAnswered(field.label, ReviewAnswers.shown(field, store.state.answer(of: field.id), mask: options.mask, words: words)))
        } else {
            say(words.done)
        }
        return outcome
    }

    /// What a check's or a send's answer, or the clock, says: a refused check's message (the
    /// field is asked again), a send made or failed, a code that expired.
    private static func tell(_ events: [FlowEvent], store: FlowStore, words: TerminalWords) {
        for event in events {
            switch event {
            case .invalid(_, let message): say(message + wayBack(store, words))
            case .sent(let id, _, let ok):
                let label = store.field(id)?.label ?? id.rawValue
                say(ok ? words.sent(label) : store.state.errors[id] ?? store.reducer.spec.language.messages.sendUnavailable)
            case .expired(let id):
                say(store.reducer.spec.language.messages.expired(store.field(id)?.label ?? id.rawValue))
            case .optionDropped(let id, let value):
                say(words.optionDropped(store.field(id)?.label ?? id.rawValue, value))
            default: continue
            }
        }
    }

    /// A field's requirements as it stands, one row each: `✓ 8 or more characters`, `✗ a digit`.
    /// A secure field's say only met or not, as every row does.
    package static func requirementRows(_ field: FieldSpec, _ state: FlowReducer.State) -> [String] {
        field.requirementsMet(by: state.text(of: field.id)).map { ($0.met ? "✓ " : "✗ ") + $0.requirement.message }
    }

    /// After a refused answer, the short way back: `/back goes back to Password.`; nothing on
    /// the first field.
    private static func wayBack(_ store: FlowStore, _ words: TerminalWords) -> String {
        var state = store.state
        guard let focus = state.focus else { return "" }
        _ = store.reducer.reduce(into: &state, action: .previous)
        guard let previous = state.focus, previous != focus, let field = store.reducer.field(previous, in: state) else { return "" }
        return words.wayBack(field.label)
    }

    /// Hands `line` to the focused field; returns why it was refused (its screen says it),
    /// or `nil` when it was taken.
    private static func hand(_ line: String, to field: FieldSpec, store: FlowStore, words: TerminalWords) -> String? {
        let screen = FieldScreens.screen(for: field, words: words)
        if let refused = screen.precheck(line) { return refused }
        let actions = store.reducer.actions(answering: line, in: store.state)
        // The line is one answer: tried on a copy of the state first, so that an action the
        // engine refuses (a choice past `maxSelected`) refuses the whole line and none of it lands.
        var trial = store.state
        for action in actions where store.reducer.reduce(into: &trial, action: action).contains(.rejected(field: field.id)) {
            return screen.refusal(line, actions: actions)
        }
        for action in actions { store.send(action) }
        return nil
    }

    /// Whether the focused field takes `line` as its answer: none of the actions the line makes is refused.
    private static func takes(_ line: String, store: FlowStore) -> Bool {
        var trial = store.state
        for action in store.reducer.actions(answering: line, in: trial) {
            if store.reducer.reduce(into: &trial, action: action).contains(where: { if case .rejected = $0 { true } else { false } }) { return false }
        }
        return true
    }

    /// A field as a message names it, `Nickname (nickname)`; a question asked on its own by its label alone.
    package static func describe(_ field: FieldSpec, in spec: FlowSpec) -> String {
        spec.isQuestion ? field.label : "\(field.label) (\(field.id))"
    }

    private static func outcome(_ store: FlowStore) -> RunOutcome {
        store.state.phase == .completed ? .completed(store.reducer.result(of: store.state)) : .cancelled
    }

    private static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    private static func say(_ text: String) { write(text + "\n") }
}
