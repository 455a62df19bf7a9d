import Foundation
import HabitFiles
import TestSupport
import Testing

@Suite struct PendingFileTests {
    /// The names in `directory`, hidden ones included.
    private func names(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func writeReplacesTheFileWithExactPermissionsAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("nested/settings.json")
        try AtomicFile.write(Data("old".utf8), to: path)
        try AtomicFile.write(Data("new".utf8), to: path, permissions: 0o644)

        #expect(try AtomicFile.read(path) == Data("new".utf8))
        #expect(TemporaryDirectory.mode(of: path) == 0o644)
        #expect(TemporaryDirectory.mode(of: directory.appending("nested")) == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appending("nested")) == [
                "settings.json"
            ])
    }

    @Test func aDroppedFileChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("credentials.json")
        try AtomicFile.write(Data("old".utf8), to: path)
        do {
            let file = try PendingFile(replacing: path)
            try file.write(Data("half of the new".utf8))
            #expect(try names(directory).count == 2)
        }
        #expect(try AtomicFile.read(path) == Data("old".utf8))
        #expect(try names(directory) == ["credentials.json"])
    }

    @Test func aReservedFileIsCutToWhatItHolds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("credentials.json")
        let file = try PendingFile(replacing: path)
        try file.write(Data(count: 4096))
        try file.write(Data("short".utf8))
        try file.truncate(to: 5)
        try file.install()
        #expect(try AtomicFile.read(path) == Data("short".utf8))
        #expect(TemporaryDirectory.mode(of: path) == 0o600)
        #expect(throws: AtomicFile.Failure.self) { try file.install() }
    }

    @Test func installIfAbsentNeverReplacesAFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("secret")
        let first = try PendingFile(replacing: path)
        try first.write(Data("first".utf8))
        let second = try PendingFile(replacing: path)
        try second.write(Data("second".utf8))

        #expect(try first.installIfAbsent())
        #expect(try second.installIfAbsent() == false)
        #expect(try AtomicFile.read(path) == Data("first".utf8))
        #expect(try names(directory) == ["secret"])
    }

    @Test func aMissingDirectoryIsAFailureNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("missing/file")
        #expect(throws: AtomicFile.Failure(path: path, errno: ENOENT)) {
            _ = try PendingFile(replacing: path)
        }
    }
}
