extension UsageError {
    /// Where to read more: the command's help, or the overview.
    var hint: String {
        command.map { "Run 'habits help \($0)'." } ?? "Run 'habits help'."
    }
}
