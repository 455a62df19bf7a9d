import Foundation

/// The URL-safe base64 alphabet without padding (RFC 4648 §5), as JWT uses it.
enum Base64URL {
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        let standard = Data(bytes).base64EncodedData()
        var output: [UInt8] = []
        output.reserveCapacity(standard.count)
        for byte in standard {
            switch byte {
            case UInt8(ascii: "+"): output.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): break
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of `text`, or `nil` when it is not unpadded base64url.
    static func decode(_ text: some StringProtocol) -> Data? {
        // Translated to the standard alphabet byte by byte, then decoded by Foundation.
        var standard: [UInt8] = []
        standard.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                standard.append(byte)
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        guard standard.count % 4 != 1 else { return nil }
        while standard.count % 4 != 0 { standard.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(standard))
    }
}
