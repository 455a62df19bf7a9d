import Foundation

/// Reads `--metrics-token-file`: the bearer token that opens `/metrics` on
/// the API's port, the file's first line without white space around it.
enum MetricsTokenFile {
    static func read(_ path: String?) throws(ServerStartupError) -> String? {
        guard let path else { return nil }
        guard let file = FileHandle(forReadingAtPath: path),
            let data = try? file.readToEnd() ?? Data(),
            let text = String(data: data, encoding: .utf8)
        else {
            throw ServerStartupError("Cannot read the metrics token file \(path).")
        }
        let token = (text.split(whereSeparator: \.isNewline).first ?? "")
            .trimmingCharacters(in: .whitespaces)
        guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw ServerStartupError(
                "The metrics token in \(path) must be at least 16 visible ASCII characters.")
        }
        return token
    }
}
