/// The status `habits` exits with, following sysexits(3) where one fits.
///
/// Scripts can rely on these: 0 the command did what was asked; 1 the
/// operation failed (validation, not found, refused by the server); 64 the
/// command line was wrong, or the command needs server mode in local mode; 69 the server could not be reached; 77 not signed
/// in, or the session expired.
package struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The command did what was asked.
    static let success = ExitCode(rawValue: 0)
    /// The operation failed: validation, not found, refused by the server.
    static let failure = ExitCode(rawValue: 1)
    /// The command line was wrong, or names a command this mode does not
    /// have (a server's tokens in local mode) (EX_USAGE).
    static let usage = ExitCode(rawValue: 64)
    /// The server could not be reached (EX_UNAVAILABLE).
    static let unavailable = ExitCode(rawValue: 69)
    /// Not signed in, or the session expired (EX_NOPERM).
    static let notSignedIn = ExitCode(rawValue: 77)

    package var description: String { String(rawValue) }
}
