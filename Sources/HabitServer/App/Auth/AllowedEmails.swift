/// The addresses and domains `--allowed-emails FILE` lets sign up.
///
/// One entry per line: an address (`ann@example.org`) or a whole domain
/// (`@example.org`, which does not include its subdomains). Blank lines and
/// lines starting with `#` are ignored. Matching ignores case, as the server
/// stores addresses in lower case.
package struct AllowedEmails: Hashable, Sendable {
    package private(set) var addresses: Set<String>
    package private(set) var domains: Set<String>

    package init(addresses: Set<String> = [], domains: Set<String> = []) {
        self.addresses = Set(addresses.map { $0.lowercased() })
        self.domains = Set(domains.map { $0.lowercased() })
    }

    /// A line that is neither an address nor a domain.
    package struct BadLine: Error, Hashable, Sendable {
        package var number: Int
    }

    /// Reads the file's text; throws the first line that is not an entry.
    package init(parsing text: String) throws(BadLine) {
        var addresses: Set<String> = []
        var domains: Set<String> = []
        for (index, rawLine) in text.split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline
        )
        .enumerated() {
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "@", omittingEmptySubsequences: false)
            let valid =
                parts.count == 2 && !parts[1].isEmpty && parts[1].contains(".")
                && !line.contains(where: { $0 == " " || $0 == "\t" || $0 == "," })
            guard valid else { throw BadLine(number: index + 1) }
            if parts[0].isEmpty {
                domains.insert(String(parts[1]).lowercased())
            } else {
                addresses.insert(line.lowercased())
            }
        }
        self.init(addresses: addresses, domains: domains)
    }

    package var isEmpty: Bool { addresses.isEmpty && domains.isEmpty }

    /// Whether `email` is listed, itself or by its domain.
    package func contains(_ email: String) -> Bool {
        let email = email.lowercased()
        if addresses.contains(email) { return true }
        guard let at = email.lastIndex(of: "@") else { return false }
        return domains.contains(String(email[email.index(after: at)...]))
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        let characters = drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }
        )
        return String(characters.reversed())
    }
}
