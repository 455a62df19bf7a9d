/// Why saved credentials could not be read, written or locked.
///
/// Each case names the place and what is wrong with it; how to fix it is for
/// the program to say. A credentials file that is unsafe or unreadable is
/// reported, never used silently and never deleted.
public enum TokenStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The credentials file can be read or written by other users.
    case insecureFile(path: String, mode: UInt16)
    /// The credentials directory can be written by other users.
    case insecureDirectory(path: String, mode: UInt16)
    /// The credentials file or directory belongs to another user.
    case wrongOwner(path: String)
    /// The credentials file is a symbolic link or not a regular file.
    case notRegularFile(path: String)
    /// The credentials file does not hold credentials this version can read.
    case corrupt(path: String)
    /// Reading failed for another reason (the system's message).
    case unreadable(path: String, reason: String)
    /// Writing failed (the system's message).
    case unwritable(path: String, reason: String)
    /// The lock that keeps processes from refreshing at once could not be taken.
    case cannotLock(path: String, reason: String)
    /// The macOS Keychain reported an error.
    case keychain(status: Int32, reason: String)

    public var description: String {
        switch self {
        case .insecureFile(let path, let mode):
            return
                "The credentials file \(path) can be read by other users (mode \(Self.octal(mode)))."
        case .insecureDirectory(let path, let mode):
            return
                "The credentials directory \(path) can be written by other users (mode \(Self.octal(mode)))."
        case .wrongOwner(let path):
            return "\(path) belongs to another user."
        case .notRegularFile(let path):
            return "The credentials file \(path) is a link or not a regular file."
        case .corrupt(let path):
            return "The credentials file \(path) cannot be read as saved credentials."
        case .unreadable(let path, let reason):
            return "Cannot read the credentials file \(path): \(reason)."
        case .unwritable(let path, let reason):
            return "Cannot save credentials to \(path): \(reason)."
        case .cannotLock(let path, let reason):
            return "Cannot lock \(path) to update credentials: \(reason)."
        case .keychain(let status, let reason):
            return
                "The Keychain refused to store or read credentials (status \(status)): \(reason)."
        }
    }

    /// `0644` for permissions 0o644.
    static func octal(_ mode: UInt16) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
