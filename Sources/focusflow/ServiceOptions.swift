import FocusFlow
import FocusFlowTerminal

/// `--check NAME=COMMAND`, `--send NAME=COMMAND`, `--options NAME=COMMAND` and `--check-timeout
/// SECONDS`: the programs that perform a flow's checks and sends and give its options in `run`,
/// checked against the flow before the first field.
enum ServiceOptions {
    static let options: Set<String> = ["check-timeout"]
    static let repeatable: Set<String> = ["check", "send", "options"]

    static let help = """
          --check NAME=COMMAND
                          the program that performs the check NAME (repeatable),
                          run with /bin/sh -c. It reads one JSON line on stdin,
                          {"field","check","value","answers"}; exit 0 passes, exit 1
                          refuses (the first line of its stdout says why), anything
                          else means it could not check
          --send NAME=COMMAND
                          the program that sends the code NAME (repeatable). It
                          reads {"field","send","answers"}; exit 0 sent, exit 1
                          failed (the first line of its stdout says why)
          --options NAME=COMMAND
                          the program that gives the options of the source NAME
                          (repeatable). It reads {"field","source","query","answers"}
                          ("query" with "search": true) and writes a JSON array of
                          options, or {"ok":false,"message":"…"} to refuse
          --check-timeout SECONDS
                          how long a check, a send or a list may take (default 10); past
                          it, it could not be made, and the person may try again
        """

    /// The programs the command line names, refused when one is malformed, given twice, named
    /// by no field, or when a field's check or send has none.
    static func decide(_ spec: FlowSpec, _ arguments: Arguments) throws(CommandError) -> ServicePrograms {
        var programs = ServicePrograms()
        programs.timeout = try arguments.integer("check-timeout", default: ServicePrograms.defaultTimeout, in: 1...3600, command: "run")
        for check in [true, false] {
            for item in arguments.lists[check ? "check" : "send"] ?? [] {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    throw .usage(.serviceNeedsEquals(item, check: check), command: "run")
                }
                let name = String(item[..<equals]), command = String(item[item.index(after: equals)...])
                let taken = check ? programs.checks.updateValue(command, forKey: name) : programs.sends.updateValue(command, forKey: name)
                if taken != nil { throw .usage(.serviceTwice(name, check: check), command: "run") }
            }
        }
        for item in arguments.lists["options"] ?? [] {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw .usage(.optionsNeedsEquals(item), command: "run")
            }
            let name = String(item[..<equals]), command = String(item[item.index(after: equals)...])
            if programs.options.updateValue(command, forKey: name) != nil { throw .usage(.optionsTwice(name), command: "run") }
        }
        if let (name, check) = programs.unused(in: spec) {
            let known = check ? spec.fields.compactMap(\.check) : spec.fields.compactMap { $0.send?.name }
            throw .usage(.serviceUnused(name, check: check, known: known), command: "run")
        }
        if let (field, name, check) = programs.missing(in: spec) {
            throw CommandError(.serviceNotPerformed(field: field.rawValue, name: name, check: check), kind: .flow)
        }
        if let name = programs.unusedOptions(in: spec) {
            throw .usage(.optionsUnused(name, known: spec.fields.compactMap { $0.optionSource?.name }), command: "run")
        }
        if let (field, name) = programs.missingOptions(in: spec) {
            throw CommandError(.optionsNotGiven(field: field.rawValue, name: name), kind: .flow)
        }
        return programs
    }
}
