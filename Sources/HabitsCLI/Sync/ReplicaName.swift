import Foundation
import HabitClient
import HabitFiles

/// The file name of an account's replica: `replica-` and the first 32 hex
/// digits of the SHA-256 of the server's URL and the account, so neither
/// shows in the data directory.
///
/// On Linux the hash needs libcrypto, loaded with dlopen: a cost every
/// server-mode command paid before its first byte of work
/// (Tests/Load/sync-bench.md). So the name is kept, with what it was made
/// from, in a file beside the saved session (`replica-name.json` in the
/// config directory, 0600, written atomically), and hashed again only when
/// the server or the account is another. The file holds nothing the
/// session's own file does not; signing out removes it.
struct ReplicaName: Sendable {
    private struct Saved: Codable {
        var server: String
        var account: String
        var name: String
    }

    /// The file the name is kept in.
    let path: String

    /// The name for `server` and `account`: the kept one when it was made
    /// from them, else hashed and kept (a failure to keep it only costs the
    /// next command a hash). `nil` when the platform cannot hash.
    func name(server: String, account: String) -> String? {
        if let data = try? AtomicFile.read(path),
            let saved = try? JSONDecoder().decode(Saved.self, from: data),
            saved.server == server, saved.account == account, Self.isWellFormed(saved.name)
        {
            return saved.name
        }
        guard let name = Self.hashed(server: server, account: account) else { return nil }
        if let data = try? JSONEncoder().encode(
            Saved(server: server, account: account, name: name))
        {
            try? AtomicFile.write(data, to: path)
        }
        return name
    }

    /// The name kept for `server`, whatever the account: found without the
    /// session, so a copy whose session cannot be read (damaged, removed) is
    /// still found (`KeptReplica`).
    func kept(server: String) -> String? {
        guard let data = try? AtomicFile.read(path),
            let saved = try? JSONDecoder().decode(Saved.self, from: data),
            saved.server == server, Self.isWellFormed(saved.name)
        else { return nil }
        return saved.name
    }

    /// Forgets the kept name (on sign-out).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The name worked out from `server` and `account`.
    static func hashed(server: String, account: String) -> String? {
        guard let digest = SHA256Digest.hex(Data("\(server)\n\(account)".utf8)) else { return nil }
        return "replica-\(digest.prefix(32)).sqlite3"
    }

    /// Whether `name` has the shape `hashed` gives: a file read back must
    /// never name a path elsewhere (`../`) or another kind of file.
    static func isWellFormed(_ name: String) -> Bool {
        guard name.hasPrefix("replica-"), name.hasSuffix(".sqlite3") else { return false }
        let digits = name.dropFirst("replica-".count).dropLast(".sqlite3".count)
        return digits.count == 32
            && digits.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
