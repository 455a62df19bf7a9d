import Foundation

#if canImport(CommonCrypto)
    import CommonCrypto
#elseif canImport(CCrypto)
    import CCrypto
#endif

/// SHA-256 and HMAC-SHA256 from the platform: OpenSSL's libcrypto on Linux,
/// CommonCrypto on Apple platforms.
enum SHA256 {
    static let byteCount = 32

    /// The SHA-256 digest of `message`.
    static func digest(_ message: some ContiguousBytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: byteCount)
        message.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                #if canImport(CommonCrypto)
                    _ = CC_SHA256(
                        input.baseAddress, CC_LONG(input.count),
                        out.baseAddress?.assumingMemoryBound(to: UInt8.self))
                #else
                    var length: UInt32 = 0
                    _ = EVP_Digest(
                        input.baseAddress, input.count,
                        out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length,
                        EVP_sha256(), nil)
                #endif
            }
        }
        return output
    }

    /// The HMAC-SHA256 of `message` under `key`.
    static func hmac(key: some ContiguousBytes, message: some ContiguousBytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: byteCount)
        key.withUnsafeBytes { key in
            message.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    #if canImport(CommonCrypto)
                        CCHmac(
                            CCHmacAlgorithm(kCCHmacAlgSHA256), key.baseAddress, key.count,
                            input.baseAddress, input.count, out.baseAddress)
                    #else
                        var length: UInt32 = 0
                        _ = HMAC(
                            EVP_sha256(), key.baseAddress, Int32(clamping: key.count),
                            input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count,
                            out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                    #endif
                }
            }
        }
        return output
    }

    /// `bytes` as lower-case hex.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `a` and `b` hold the same bytes, taking the same time wherever
    /// they differ (only the lengths, which are public, may end it early).
    static func constantTimeEqual(_ a: some ContiguousBytes, _ b: some ContiguousBytes) -> Bool {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                guard a.count == b.count else { return false }
                #if canImport(CommonCrypto)
                    var difference: UInt8 = 0
                    for index in 0..<a.count { difference |= a[index] ^ b[index] }
                    return difference == 0
                #else
                    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
                    return CRYPTO_memcmp(left, right, a.count) == 0
                #endif
            }
        }
    }
}
