@_exported import FocusFlow
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// A store for tests of field transitions, exhaustive by default: every ``send(_:assert:fileID:filePath:line:column:)``
/// states how the state changed, every event is received in order with
/// ``receive(_:fileID:filePath:line:column:)``, and anything left unsaid fails the test with a
/// message saying what happened, why, and which call fixes it.
///
/// ```swift
/// let store = FlowTestStore(spec: try FlowSpec.signup())
/// store.send(.field(.textChanged("ada@example.com"))) {
///     $0.fields["email"] = .init(text: "ada@example.com")
/// }
/// store.receive(.changed(field: "email", old: "", new: "ada@example.com"))
/// store.send(.next) {
///     $0.focus = "password"
///     $0.surface = .secure
///     $0.keyboard = .asciiCapable
/// }
/// store.receive(.focusMoved(from: "email", to: "password"))
/// store.receive(.surfaceChanged(field: "password", from: .plain, to: .secure))
/// store.receive(.keyboardChanged(from: .emailAddress, to: .asciiCapable))
/// store.finish()
/// ```
public final class FlowTestStore {
    public enum Exhaustivity: Sendable, Equatable {
        /// Every state change must be asserted and every event received.
        case on
        /// Only what the test asserts is checked: for integration tests.
        case off
    }

    public var exhaustivity: Exhaustivity
    public let reducer: FlowReducer
    /// The state after the last action.
    public private(set) var state: FlowReducer.State
    /// Events said and not yet received.
    public private(set) var pending: [FlowEvent] = []
    private var finished = false
    private let origin: Location

    public init(
        spec: FlowSpec, state: FlowReducer.State? = nil, exhaustivity: Exhaustivity = .on,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        reducer = FlowReducer(spec: spec)
        self.state = state ?? reducer.initialState()
        self.exhaustivity = exhaustivity
        origin = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        if !finished { checkReceivedAll(at: origin, when: "the test store was released") }
    }

    /// Sends `action` and checks the new state against `assert` applied to the previous one.
    ///
    /// - Parameters:
    ///   - action: what the person or host does.
    ///   - assert: changes the previous state into the expected one (`$0.focus = "password"`);
    ///     leave it out when the state must not change.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    /// - Returns: the events the action said, which must still be received.
    @discardableResult
    public func send(
        _ action: FlowReducer.Action, assert: ((inout FlowReducer.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [FlowEvent] {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        let secure = state.focus.flatMap { reducer.spec[$0]?.secure } ?? false
        let shown = Self.describe(action, secure: secure)
        if exhaustivity == .on && !pending.isEmpty {
            Self.fail(
                """
                Must receive every event before sending \(shown); \(pending.count) not received:
                \(pending.map { "  \($0)" }.joined(separator: "\n"))
                Likely cause: the previous action said more than the test expected.
                Fix: call store.receive(\(Self.call(pending[0]))) for each, in order, before this send.
                """, at: location)
        }
        pending.removeAll()
        let before = state
        let events = reducer.reduce(into: &state, action: action)
        var expected = exhaustivity == .on ? before : state
        do {
            try assert?(&expected)
        } catch {
            Self.fail("The assert closure of send(\(shown)) threw \(error).", at: location)
        }
        if expected != state {
            let lines = StateDifference.lines(expected: expected, actual: state)
            let unasserted = before == expected
            Self.fail(
                """
                State after send(\(shown)) does not match what the test expects (− expected, + actual):
                \(lines.joined(separator: "\n"))
                Likely cause: \(unasserted ? "the action changed state that the test did not assert" : "the assert closure describes a different change than the reducer made").
                Fix: in the assert closure of send(\(shown)), \(StateDifference.fix(expected: expected, actual: state)).
                """, at: location)
        }
        pending += events
        return events
    }

    /// Takes the next event said and checks it is `event`.
    ///
    /// With exhaustivity off, events before a matching one are skipped.
    public func receive(
        _ event: FlowEvent, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        if exhaustivity == .off, let index = pending.firstIndex(of: event) {
            pending.removeFirst(index + 1)
            return
        }
        guard let next = pending.first else {
            Self.fail(
                """
                Expected to receive \(event), but no events are left.
                Likely cause: the action did not say it, or an earlier receive took it.
                Fix: remove this receive, or check that the action under test says \(event.name).
                """, at: location)
            return
        }
        guard next == event else {
            let later = pending.dropFirst().contains(event)
            Self.fail(
                """
                Received \(next), expected \(event).
                Likely cause: \(later ? "events are received in the order they were said, and \(next.name) came first" : "the action said \(next.name) and never \(event.name)").
                Fix: \(later ? "receive \(Self.call(next)) first" : "expect store.receive(\(Self.call(next)))").
                """, at: location)
            pending.removeFirst()
            return
        }
        pending.removeFirst()
    }

    /// Fails when events were said and not received. Called on release too.
    public func finish(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        finished = true
        checkReceivedAll(at: Location(fileID: fileID, filePath: filePath, line: line, column: column), when: "the test finished")
    }

    private func checkReceivedAll(at location: Location, when moment: String) {
        guard exhaustivity == .on, !pending.isEmpty else { return }
        Self.fail(
            """
            \(pending.count) event\(pending.count == 1 ? " was" : "s were") said and not received when \(moment):
            \(pending.map { "  \($0)" }.joined(separator: "\n"))
            Likely cause: the last action said more than the test expected.
            Fix: call store.receive(\(Self.call(pending[0]))) for each, in order, or set exhaustivity = .off.
            """, at: location)
        pending.removeAll()
    }

    // MARK: - Reporting

    /// Records a failure through Swift Testing at the caller's line, or through XCTest when the
    /// test runs there.
    static func fail(_ message: String, at location: Location) {
        #if canImport(XCTest)
        if Test.current == nil {
            XCTFail(message, file: location.filePath, line: location.line)
            return
        }
        #endif
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column)))
    }

    /// Where a call was written, in the forms both Swift Testing and XCTest take.
    struct Location {
        var fileID: StaticString
        var filePath: StaticString
        var line: UInt
        var column: UInt
    }

    /// An action as Swift source; a secure field's text shows as `<secure>`.
    static func describe(_ action: FlowReducer.Action, secure: Bool) -> String {
        switch action {
        case .field(let action): ".field(\(action.source(secure: secure)))"
        case .next: ".next"
        case .previous: ".previous"
        case .focus(let id): ".focus(\"\(id)\")"
        case .toggleReveal: ".toggleReveal"
        case .cancel: ".cancel"
        case .submit: ".submit"
        case .checked(let ticket, let answer): ".checked(ticket: \(ticket), \(describe(answer)))"
        case .sent(let ticket, let answer): ".sent(ticket: \(ticket), \(describe(answer)))"
        case .resend: ".resend"
        case .tick(let seconds): ".tick(seconds: \(seconds))"
        case .options(let ticket, .list(let options)):
            ".options(ticket: \(ticket), .list([\(options.map { ".init(value: \($0.value.debugDescription), label: \($0.label.debugDescription))" }.joined(separator: ", "))]))"
        case .options(let ticket, .refused(let message)): ".options(ticket: \(ticket), .refused(\(message.debugDescription)))"
        case .options(let ticket, .unavailable): ".options(ticket: \(ticket), .unavailable)"
        case .removeItem(let id): ".removeItem(\"\(id)\")"
        }
    }

    private static func describe(_ answer: ServiceAnswer) -> String {
        switch answer {
        case .ok: ".ok"
        case .refused(let message): ".refused(\(message.debugDescription))"
        case .unavailable: ".unavailable"
        }
    }

    /// An event as Swift source for a `receive` call (secure texts stay `nil`).
    static func call(_ event: FlowEvent) -> String {
        if case .completed = event { return ".completed(…)" }
        return ".\(event)"
    }
}
