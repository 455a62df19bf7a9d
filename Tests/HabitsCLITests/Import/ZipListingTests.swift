import Testing

@testable import HabitsCLI

/// Reading `unzip -Z -T` and choosing what to unpack of a Loop CSV export,
/// before anything is unpacked.
@Suite struct ZipListingTests {
    static let listing = """
        Archive:  loop.zip
        Zip file size: 1172 bytes, number of entries: 5
        drwxr-xr-x  3.0 unx        0 bx stor 20261206.052045 Loop 2026/
        -rw-r--r--  3.0 unx      120 tx defN 20261206.052045 Loop 2026/Habits.csv
        -rw-r--r--  3.0 unx       40 tx defN 20261206.052045 Loop 2026/001 Med [x]/Checkmarks.csv
        -rw-r--r--  3.0 unx    30000 bx defN 20261206.052045 Loop 2026/001 Med [x]/Scores.csv
        -rw-r--r--  3.0 unx       50 TX defN 20261206.052045 Loop 2026/002  Two spaces/Checkmarks.csv
        lrwxrwxrwx  3.0 unx       11 bx stor 20261206.052045 Loop 2026/link
        5 files, 30221 bytes uncompressed, 30221 bytes compressed:  0.0%

        """

    func entry(_ name: String, size: Int = 10, encrypted: Bool = false) -> ZipListing.Entry {
        ZipListing.Entry(name: name, size: size, encrypted: encrypted, isLink: false)
    }

    @Test func zipinfoLinesReadAsEntries() {
        let entries = ZipListing(zipinfo: Self.listing).entries
        #expect(entries.count == 6)
        #expect(entries[1] == entry("Loop 2026/Habits.csv", size: 120))
        #expect(entries[3].size == 30000)
        #expect(
            entries[4]
                == entry("Loop 2026/002  Two spaces/Checkmarks.csv", size: 50, encrypted: true))
        #expect(entries[5].isLink)
        #expect(!entries[1].isLink && !entries[1].encrypted)
    }

    @Test func onlyHabitsAndEachFoldersCheckmarksAreChosen() throws {
        let entries = [
            entry("Loop/"), entry("Loop/Habits.csv"), entry("Loop/001 A/Checkmarks.csv"),
            entry("Loop/001 A/Scores.csv", size: 999_999_999), entry("Loop/x/y/Checkmarks.csv"),
            entry("Other/Habits.csv"),
        ]
        let selection = try LoopCSVArchive.select(entries, archive: "a.zip", limits: .standard)
        #expect(selection.habits.name == "Loop/Habits.csv")
        #expect(selection.checkmarks.keys.sorted() == ["001 A"])
        let atTop = try LoopCSVArchive.select(
            [entry("Habits.csv"), entry("001 A/Checkmarks.csv")], archive: "a.zip",
            limits: .standard)
        #expect(atTop.habits.name == "Habits.csv")
        #expect(atTop.checkmarks["001 A"]?.name == "001 A/Checkmarks.csv")
    }

    /// The limits are checked on the sizes the archive lists, before unpacking.
    @Test func sizesAreCheckedBeforeUnpacking() {
        var limits = ImportLimits()
        limits.fileBytes = 100
        limits.totalBytes = 150
        let tooLarge = #expect(throws: ImportSourceError.self) {
            try LoopCSVArchive.select(
                [entry("Habits.csv"), entry("001 A/Checkmarks.csv", size: 101)], archive: "a.zip",
                limits: limits)
        }
        #expect(CommandError.importSource(tooLarge!).message.contains("is larger than 100 bytes"))
        let tooMuch = #expect(throws: ImportSourceError.self) {
            try LoopCSVArchive.select(
                [
                    entry("Habits.csv", size: 60), entry("001 A/Checkmarks.csv", size: 60),
                    entry("002 B/Checkmarks.csv", size: 60),
                ], archive: "a.zip", limits: limits)
        }
        #expect(
            CommandError.importSource(tooMuch!).message
                == "The files to read from a.zip add up to more than 150 bytes, the most habits "
                + "imports at once; nothing was unpacked.")
        limits.archiveEntries = 2
        let many = #expect(throws: ImportSourceError.self) {
            try LoopCSVArchive.select(
                [entry("Habits.csv"), entry("a"), entry("b")], archive: "a.zip", limits: limits)
        }
        #expect(CommandError.importSource(many!).message.contains("lists more than 2 files"))
    }

    /// Refused entries are named for what they are, not "not a zip archive".
    @Test func encryptedLinkedAndOutsideEntriesAreRefusedByName() {
        func refusal(_ entries: [ZipListing.Entry]) -> String {
            do {
                _ = try LoopCSVArchive.select(entries, archive: "a.zip", limits: .standard)
                return ""
            } catch {
                return CommandError.importSource(error).message
            }
        }
        #expect(
            refusal([entry("Habits.csv", encrypted: true)])
                == "a.zip holds an encrypted file, 'Habits.csv', which habits does not read.")
        #expect(
            refusal([entry("Habits.csv"), entry("001 A/Checkmarks.csv", encrypted: true)])
                .contains("encrypted file, '001 A/Checkmarks.csv'"))
        // An encrypted file that is not read is no obstacle.
        #expect(refusal([entry("Habits.csv"), entry("001 A/Scores.csv", encrypted: true)]) == "")
        var link = entry("Habits.csv")
        link.isLink = true
        #expect(refusal([link]).contains("holds a symbolic link, 'Habits.csv'"))
        for name in ["/etc/Habits.csv", "../Habits.csv", "a/../../b", "\\\\server\\x"] {
            #expect(
                refusal([entry("Habits.csv"), entry(name)]).contains(
                    "a file whose path leads outside the archive"), "\(name)")
        }
    }

    @Test func namesAreLiteralPatternsForUnzip() {
        #expect(LoopCSVArchive.pattern("001 Med [x]/a*b?.csv") == "001 Med \\[x\\]/a\\*b\\?.csv")
        #expect(LoopCSVArchive.pattern("plain/Habits.csv") == "plain/Habits.csv")
    }
}
