/// A `--metrics-listen` address: `PORT` (on 127.0.0.1), `HOST:PORT`, or
/// `[IPv6]:PORT`.
struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    var host: String
    var port: UInt16

    init?(_ text: String) {
        if let port = UInt16(text) {
            self.host = "127.0.0.1"
            self.port = port
            return
        }
        guard let colon = text.lastIndex(of: ":"),
            let port = UInt16(text[text.index(after: colon)...])
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") {
            return nil
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
        self.host = host
        self.port = port
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
