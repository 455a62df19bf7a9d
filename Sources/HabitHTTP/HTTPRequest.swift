import Foundation

/// One parsed HTTP/1.1 request.
package struct HTTPRequest: Sendable {
    /// The method as sent, upper case by HTTP convention: "GET", "POST", …
    package var method: String
    /// The path without the query, percent-decoded: "/api/me/habits/3/".
    ///
    /// An encoded slash is the exception: `%2F` (or `%2f`) stays as sent, so
    /// it is part of a segment and never a separator. `/api%2Fme/` is the one
    /// segment "api%2Fme", which no route matches.
    package var path: String
    /// Query parameters in the order sent, percent-decoded (`+` is a space).
    package var query: [(name: String, value: String)]
    package var headers: HTTPHeaders
    package var body: Data
    /// The address of the connection's peer (a proxy's, behind one); nil when
    /// the socket reported none, or for a request not read from a socket.
    package var clientAddress: ClientAddress?

    package init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(),
        clientAddress: ClientAddress? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    /// The first value of query parameter `name`.
    package func queryValue(_ name: String) -> String? {
        query.first(where: { $0.name == name })?.value
    }
}

/// Header fields in order, looked up without regard to case.
package struct HTTPHeaders: Sendable, Sequence {
    package private(set) var fields: [(name: String, value: String)]

    package init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// The first value of `name`, compared case-insensitively.
    package subscript(name: String) -> String? {
        fields.first(where: { Self.sameName($0.name, name) })?.value
    }

    package mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Replaces every field called `name` with one holding `value`.
    package mutating func replace(name: String, value: String) {
        fields.removeAll(where: { Self.sameName($0.name, name) })
        fields.append((name, value))
    }

    /// Header names are ASCII tokens, so ASCII case folding is the whole
    /// comparison (and much cheaper than Foundation's, which goes through UTF-16).
    private static func sameName(_ left: String, _ right: String) -> Bool {
        left.utf8.count == right.utf8.count
            && zip(left.utf8, right.utf8).allSatisfy { a, b in
                a == b || (a ^ b == 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
            }
    }

    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}
