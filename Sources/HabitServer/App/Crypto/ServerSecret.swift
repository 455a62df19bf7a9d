import Foundation
import HabitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key that signs tokens and salts code hashes.
///
/// Taken, in order, from HABITS_SECRET; from the secret file, which is
/// created on first start with 32 random bytes (as hex) when absent; or, with
/// no file configured, made up for this run. The file is created 0600 and
/// atomically (a temporary file linked into place), and a file that other
/// users can read is refused rather than trusted.
enum ServerSecret {
    static let environmentVariable = "HABITS_SECRET"
    static let generatedByteCount = 32

    static func load(file: String?, environment: [String: String], random: RandomSource)
        throws(ServerStartupError) -> [UInt8]
    {
        if let text = environment[environmentVariable] {
            guard !text.isEmpty else {
                throw ServerStartupError(
                    "\(environmentVariable) is set but empty; unset it or give it a value.")
            }
            return Array(text.utf8)
        }
        guard let file else { return random.bytes(generatedByteCount) }
        if let existing = try read(file) { return existing }
        return try create(file, random: random)
    }

    /// The secret in `path`, or `nil` when there is no such file.
    private static func read(_ path: String) throws(ServerStartupError) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw ServerStartupError(
                "Cannot read the secret file \(path): \(String(cString: strerror(errno))).")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ServerStartupError(
                "The secret file \(path) is readable by other users; run chmod 600 \(path).")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerStartupError("Cannot read the secret file \(path).")
        }
        var bytes = Array(data)
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 {
            bytes.removeLast()
        }
        guard !bytes.isEmpty else {
            throw ServerStartupError(
                "The secret file \(path) is empty; delete it to have a new one made.")
        }
        return bytes
    }

    private static func create(_ path: String, random: RandomSource) throws(ServerStartupError)
        -> [UInt8]
    {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try AtomicFile.createDirectory(directory)
            } catch {
                throw ServerStartupError(
                    "Cannot create the directory \(directory): \(error.reason).")
            }
        }
        let secret = Array(
            random.bytes(generatedByteCount).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
                .joined().utf8)
        // Linked in only if no file is there yet: if another process made
        // the secret first, its secret is the one to use.
        let installed: Bool
        do {
            let file = try PendingFile(replacing: path, permissions: 0o600)
            try file.write(Data(secret + [0x0A]))
            installed = try file.installIfAbsent()
        } catch {
            throw ServerStartupError("Cannot create the secret file \(path): \(error.reason).")
        }
        if !installed {
            if let existing = try read(path) { return existing }
            throw ServerStartupError("The secret file \(path) appeared and vanished again.")
        }
        return secret
    }
}
