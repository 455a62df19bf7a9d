/// The key of an `Idempotency-Key` request header, as the IETF httpapi draft
/// writes it: a Structured Field string (`Idempotency-Key: "4b3c…"`).
///
/// Once unquoted the key is 1 to 255 visible ASCII characters (no space).
/// Inside the quotes only `\"` and `\\` are escapes, as RFC 8941 says. A bare
/// value without quotes is accepted too when it is made of token characters
/// (letters, digits, ``!#$%&'*+-.^_`|~`` and `:` `/`), as clients often send
/// a bare UUID.
struct IdempotencyKey: Hashable, Sendable {
    static let headerName = "Idempotency-Key"
    static let maximumLength = 255
    static let problem =
        "Send one key of 1 to 255 visible ASCII characters as a quoted string, "
        + #"such as Idempotency-Key: "4b3c9e1a-…"."#

    let value: String

    /// Reads one header field value; `nil` when it is not a key.
    init?(fieldValue: String) {
        var bytes = Array(fieldValue.utf8)[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        let key: [UInt8]
        if bytes.first == UInt8(ascii: "\"") {
            guard let unquoted = Self.unquoted(bytes.dropFirst()) else { return nil }
            key = unquoted
        } else {
            guard bytes.allSatisfy(Self.isBareCharacter) else { return nil }
            key = Array(bytes)
        }
        guard (1...Self.maximumLength).contains(key.count),
            key.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        value = String(decoding: key, as: UTF8.self)
    }

    /// The characters of an `sf-string` after its opening quote, which must
    /// end with the closing quote; `nil` when it does not.
    private static func unquoted(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                let next = bytes.index(after: index)
                guard next < bytes.endIndex,
                    bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "\\")
                else { return nil }
                result.append(bytes[next])
                index = bytes.index(after: next)
            case UInt8(ascii: "\""):
                // The closing quote must end the field: no parameters, no list.
                return bytes.index(after: index) == bytes.endIndex ? result : nil
            case 0x20...0x7E:
                result.append(byte)
                index = bytes.index(after: index)
            default:
                return nil
            }
        }
        return nil
    }

    private static func isBareCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~:/".utf8).contains(byte)
        }
    }
}
