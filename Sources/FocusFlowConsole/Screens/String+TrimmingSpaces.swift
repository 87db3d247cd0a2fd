extension String {
    /// The text without the spaces at its ends, as a line mode answer is read.
    package var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
