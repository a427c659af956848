extension Color {
    /// `(got "blu") (did you mean "blue"?)`, after `… must be a colour …`.
    static func problem(got: String) -> String {
        var message = " (got \"\(got)\")"
        if let guess = suggestion(for: got, among: allNames) { message += " (did you mean \"\(guess)\"?)" }
        return message
    }
}
