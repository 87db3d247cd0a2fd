#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The host's day, read from its clock when a flow with a date field is loaded (never by a reducer).
enum Today {
    /// Today in the host's time zone, `YYYY-MM-DD`.
    static var local: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return DateFieldReducer.Day(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1).description
    }
}
