import HabitAPI

/// Makes and checks the six-digit sign-in codes.
///
/// A code is drawn uniformly from 000000–999999 with a cryptographic source.
/// The store keeps only its hash: SHA-256 over the server secret, the address
/// and the code, so a leaked database reveals no code and a hash for one
/// address is useless for another.
struct SignInCodes: Sendable {
    static let digitCount = 6

    private let secret: [UInt8]

    init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new code, zero-padded to six digits.
    func generate(using random: RandomSource) -> String {
        let number = random.uniform(below: 1_000_000)
        let digits = String(number)
        return String(repeating: "0", count: Self.digitCount - digits.count) + digits
    }

    /// The stored form of `code` for `email`: lower-case hex.
    func hash(code: String, email: EmailAddress) -> String {
        var input = Array("habits-sign-in-code".utf8)
        input.append(0)
        input += secret
        input.append(0)
        input += Array(email.value.utf8)
        input.append(0)
        input += Array(code.utf8)
        return SHA256.digest(input).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `code` is the one whose hash is `storedHash`, in constant time.
    func matches(storedHash: String, code: String, email: EmailAddress) -> Bool {
        SHA256.constantTimeEqual(
            Array(hash(code: code, email: email).utf8), Array(storedHash.utf8))
    }
}
