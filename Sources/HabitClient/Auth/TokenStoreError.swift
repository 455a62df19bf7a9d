/// Why saved credentials could not be read, written or locked.
///
/// Each case names the place and what is wrong with it; how to fix it is for
/// the program to say. A credentials file that is unsafe or unreadable is
/// reported, never used silently and never deleted.
package enum TokenStoreError: Error, Hashable, Sendable {
    /// The credentials file can be read or written by other users.
    case insecureFile(path: String, mode: UInt16)
    /// The credentials directory can be written by other users.
    case insecureDirectory(path: String, mode: UInt16)
    /// The credentials file or directory belongs to another user.
    case wrongOwner(path: String)
    /// The credentials file is a symbolic link or not a regular file.
    case notRegularFile(path: String)
    /// The credentials file does not hold credentials this version can read,
    /// and how.
    case corrupt(path: String, damage: CredentialsDamage)
    /// Reading failed for another reason (the system's message).
    case unreadable(path: String, reason: String)
    /// Writing failed (the system's message).
    case unwritable(path: String, reason: String)
    /// The lock that keeps processes from refreshing at once could not be taken.
    case cannotLock(path: String, reason: String)
    /// The macOS Keychain reported an error.
    case keychain(status: Int32, reason: String)
}
