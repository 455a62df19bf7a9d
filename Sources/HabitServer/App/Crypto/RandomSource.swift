/// Where the server's secrets come from: sign-in codes, token ids, secrets.
///
/// `.system` is `SystemRandomNumberGenerator`, a cryptographically secure
/// generator on Linux (getrandom) and Apple platforms (arc4random). Tests may
/// inject a predictable source.
package struct RandomSource: Sendable {
    private let fill: @Sendable (Int) -> [UInt8]

    /// A source that returns `fill(count)` bytes when asked for `count`.
    package init(bytes fill: @escaping @Sendable (Int) -> [UInt8]) {
        self.fill = fill
    }

    /// The operating system's cryptographically secure generator.
    package static let system = RandomSource { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` random bytes.
    package func bytes(_ count: Int) -> [UInt8] {
        let result = fill(count)
        precondition(result.count == count, "a random source returned the wrong number of bytes")
        return result
    }

    /// A uniformly distributed integer in `0..<bound`, without modulo bias.
    package func uniform(below bound: UInt32) -> UInt32 {
        precondition(bound > 0)
        // Values at or above the largest multiple of `bound` would favour small
        // results, so they are drawn again.
        let limit = UInt32.max - UInt32.max % bound
        while true {
            let bytes = bytes(4)
            let value = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if value < limit { return value % bound }
        }
    }

    /// `byteCount` random bytes in base64url without padding: a token id.
    package func identifier(byteCount: Int = 16) -> String {
        Base64URL.encode(bytes(byteCount))
    }
}
