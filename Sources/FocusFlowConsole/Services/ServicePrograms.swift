import FocusFlow

/// The programs that perform a flow's checks and sends on the command line
/// (`--check NAME=COMMAND`, `--send NAME=COMMAND`), by the name the flow gives.
///
/// A flow file names a check; only the person who runs the walk names the program, so a flow
/// from elsewhere cannot run one. Each program runs with `/bin/sh -c COMMAND` and reads one
/// JSON object on its standard input (`ServiceCall`).
public struct ServicePrograms: Sendable, Equatable {
    /// The command of each check, by its name.
    public var checks: [String: String]
    /// The command of each send, by its name.
    public var sends: [String: String]
    /// The command that gives each source's options (`--options NAME=COMMAND`), by its name.
    public var options: [String: String] = [:]
    /// How long a program has to answer (`--check-timeout`); past it, the check or the send
    /// could not be made.
    public var timeout: Int

    public static let defaultTimeout = 10

    public init(checks: [String: String] = [:], sends: [String: String] = [:], timeout: Int = ServicePrograms.defaultTimeout) {
        self.checks = checks
        self.sends = sends
        self.timeout = timeout
    }

    /// The first check or send a field of `spec` names that no program performs.
    public func missing(in spec: FlowSpec) -> (field: FieldID, name: String, check: Bool)? {
        for field in spec.fields {
            if let check = field.check, checks[check] == nil { return (field.id, check, true) }
            if let send = field.send, sends[send.name] == nil { return (field.id, send.name, false) }
        }
        return nil
    }

    /// The first source of options a field of `spec` names that no program gives.
    public func missingOptions(in spec: FlowSpec) -> (field: FieldID, name: String)? {
        for field in spec.fields {
            if let source = field.optionSource, options[source.name] == nil { return (field.id, source.name) }
        }
        return nil
    }

    /// The first program given for a source of options no field of `spec` names.
    public func unusedOptions(in spec: FlowSpec) -> String? {
        let named = Set(spec.fields.compactMap { $0.optionSource?.name })
        return options.keys.sorted().first { !named.contains($0) }
    }

    /// The first program given for a name no field of `spec` uses (a typing mistake, or the
    /// wrong flow), checks first.
    public func unused(in spec: FlowSpec) -> (name: String, check: Bool)? {
        let named = Set(spec.fields.compactMap(\.check))
        if let name = checks.keys.sorted().first(where: { !named.contains($0) }) { return (name, true) }
        let sent = Set(spec.fields.compactMap { $0.send?.name })
        if let name = sends.keys.sorted().first(where: { !sent.contains($0) }) { return (name, false) }
        return nil
    }

    /// The command for a check (`check`) or a send named `name`.
    func command(_ name: String, check: Bool) -> String? { check ? checks[name] : sends[name] }
}
