import CConsole
import Glibc

/// Whether the interface colours its text: the one place that decides.
///
/// Colours (and bold, dim, reverse) only when all of these hold:
/// - the host allows them (``RunOptions/color``);
/// - `NO_COLOR` is unset or empty (<https://no-color.org>);
/// - the terminal's terminfo entry (`TERM`) says it has at least 8 colours. `vt100`, an
///   unknown terminal or no `TERM` at all get plain text.
package enum ColorChoice {
    /// Decides from the process's environment and terminfo.
    package static func decide(allowed: Bool) -> Bool {
        decide(allowed: allowed, environment: { getenv($0).map { String(cString: $0) } }, colors: terminfoColors)
    }

    /// Decides from `environment` and `colors` (the colour count of a terminal name, `nil` when
    /// it has none).
    package static func decide(allowed: Bool, environment: (String) -> String?, colors: (String) -> Int?) -> Bool {
        guard allowed, environment("NO_COLOR")?.isEmpty ?? true else { return false }
        guard let term = environment("TERM"), !term.isEmpty, let count = colors(term) else { return false }
        return count >= 8
    }

    /// The colour count terminfo gives `term` (its `colors`, termcap `Co`), or `nil` when the
    /// entry gives none or there is no entry. Read through libtinfo, which readline uses too.
    package static func terminfoColors(_ term: String) -> Int? {
        let count = ff_terminal_colors(term)
        return count > 0 ? Int(count) : nil
    }
}
