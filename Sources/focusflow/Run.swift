import FocusFlow
import Foundation

/// `focusflow run`: until the terminal front exists, checks the flow and says so.
enum Run {
    static func main(_ words: [String]) -> Int32 {
        Output.error("focusflow run: the terminal front is not built yet; try 'focusflow validate Flows/signup.json'")
        return 2
    }
}
