import Foundation
import HabitFiles
import TestSupport
import Testing

/// Reading a file whole: every byte however long, none for a file that is
/// not there, a failure naming the path for what cannot be read.
@Suite struct AtomicFileTests {
    @Test func readsEveryByteOfAFileLongerThanOneRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("long.bin")
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try AtomicFile.write(bytes, to: path)
        #expect(try AtomicFile.read(path) == bytes)
        try AtomicFile.write(Data(), to: path)
        #expect(try AtomicFile.read(path) == Data())
    }

    @Test func aMissingFileOrDirectoryReadsAsNothing() throws {
        let directory = try TemporaryDirectory()
        #expect(try AtomicFile.read(directory.appending("none")) == nil)
        #expect(try AtomicFile.read(directory.appending("none/deeper")) == nil)
        // A parent that is a file: no such file below it either.
        try AtomicFile.write(Data("x".utf8), to: directory.appending("file"))
        #expect(try AtomicFile.read(directory.appending("file/below")) == nil)
    }

    @Test func aDirectoryCannotBeRead() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: AtomicFile.Failure(path: directory.path, reason: "it cannot be read")) {
            try AtomicFile.read(directory.path)
        }
    }
}
