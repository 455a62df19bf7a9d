/// The entries of a .zip as `unzip -Z -T` (zipinfo) lists them, read
/// before anything is unpacked: names, sizes as the archive gives them,
/// encryption and links.
struct ZipListing: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        var name: String
        /// The uncompressed size the archive gives; what unpacking yields
        /// is checked against it.
        var size: Int
        var encrypted: Bool
        var isLink: Bool

        /// An absolute path, or one with a `..` component: a name that
        /// would lead out of the folder it is unpacked into.
        var leadsOutside: Bool {
            name.hasPrefix("/") || name.hasPrefix("\\")
                || name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
        }
    }

    var entries: [Entry]

    /// Reads zipinfo's short format with decimal times: `-rw-r--r--  3.0 unx
    /// 1234 tx defN 20260310.120000 Folder/Habits.csv`. The permissions
    /// start with `l` for a link; the fifth field's first letter is
    /// capitalised (`T`, `B`) when the entry is encrypted. The header
    /// and totals lines do not have that shape and are passed over.
    init(zipinfo text: String) {
        entries = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var rest = Substring(line)
            var fields: [Substring] = []
            while fields.count < 7 {
                rest = rest.drop(while: { $0 == " " })
                guard let end = rest.firstIndex(of: " ") else { break }
                fields.append(rest[..<end])
                rest = rest[end...]
            }
            guard fields.count == 7, rest.first == " ", let size = Int(fields[3]),
                fields[4].count == 2, fields[5].allSatisfy({ $0.isLetter || $0.isNumber }),
                fields[6].contains(".")
            else { continue }
            // One space parts the time from the name, which may itself hold spaces.
            let name = String(rest.dropFirst())
            guard !name.isEmpty else { continue }
            entries.append(
                Entry(
                    name: name, size: size, encrypted: fields[4].first?.isUppercase == true,
                    isLink: fields[0].first == "l"))
        }
    }
}
