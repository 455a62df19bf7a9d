import HabitHTTP

/// Whether a request may read `/metrics` on the API's port: it must carry
/// `Authorization: Bearer <the token of --metrics-token-file>`.
enum MetricsAccess {
    static func allows(_ request: HTTPRequest, token: String) -> Bool {
        guard let header = request.headers["Authorization"],
            header.utf8.prefix(7).elementsEqual("bearer ".utf8, by: { $0 | 0x20 == $1 })
        else { return false }
        let given = Array(header.utf8.dropFirst(7))
        let expected = Array(token.utf8)
        // Every byte is compared, so the time taken tells nothing of where
        // a wrong token first differs.
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in given.indices { difference |= given[index] ^ expected[index] }
        return difference == 0
    }
}
