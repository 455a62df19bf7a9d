/// The id that ties a request's log line to its response: the client's
/// `X-Request-Id` when it is a plausible id, else one made up here.
///
/// A client's id is taken only when it is 1 to `maxLength` characters of
/// ASCII letters, digits, `-`, `_`, `.` and `:` (a UUID, a hex trace id):
/// anything else (an email address, a line break, a long token) could put
/// what must not be logged into the log, so it is replaced.
enum RequestID {
    /// The longest client id taken.
    static let maxLength = 64
    /// The header that carries the id both ways.
    static let header = "X-Request-Id"

    /// `sent` when it is an acceptable id, else a new random one.
    static func resolve(
        _ sent: String?,
        generate: () -> String = {
            var generator = SystemRandomNumberGenerator()
            return random(using: &generator)
        }
    ) -> String {
        if let sent, isAcceptable(sent) { return sent }
        return generate()
    }

    /// Whether `text` is 1…`maxLength` characters from the safe set.
    static func isAcceptable(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= maxLength
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                    UInt8(ascii: "."), UInt8(ascii: ":"):
                    return true
                default:
                    return false
                }
            }
    }

    /// 32 lowercase hex digits: 128 random bits, as unlikely to repeat as a UUID.
    static func random(using generator: inout some RandomNumberGenerator) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<2 {
            let word = generator.next() as UInt64
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digits[Int(word >> UInt64(shift) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
