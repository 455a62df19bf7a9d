import Foundation

/// The signature of a webhook delivery, in the scheme of Stripe's:
/// `Habits-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where the HMAC
/// is keyed with the endpoint's secret and taken over `"<t>.<body>"`, so a
/// receiver checks both the body and its age (and refuses old replays).
package enum WebhookSignature {
    package static let headerName = "Habits-Signature"
    /// How old a signature a receiver should accept, by default.
    package static let tolerance: TimeInterval = 5 * 60

    /// The header value for `body` sent at `timestamp`.
    package static func header(secret: String, timestamp: Date, body: Data) -> String {
        let seconds = Int64(timestamp.timeIntervalSince1970.rounded(.down))
        return "t=\(seconds),v1=\(signature(secret: secret, seconds: seconds, body: body))"
    }

    /// The hex HMAC-SHA256 of `"<seconds>.<body>"` under `secret`.
    package static func signature(secret: String, seconds: Int64, body: Data) -> String {
        var message = Data("\(seconds).".utf8)
        message.append(body)
        return SHA256.hex(SHA256.hmac(key: Data(secret.utf8), message: message))
    }

    /// Whether `header` signs `body` under `secret` and is at most
    /// `tolerance` old at `now`: what a receiver does (the catalog article
    /// shows the same in Python and shell). Compares in constant time.
    package static func verify(
        header: String, secret: String, body: Data, now: Date, tolerance: TimeInterval = tolerance
    ) -> Bool {
        var seconds: Int64?
        var signatures: [String] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { seconds = Int64(pair[1]) }
            if pair[0] == "v1" { signatures.append(pair[1]) }
        }
        guard let seconds, abs(now.timeIntervalSince1970 - Double(seconds)) <= tolerance else {
            return false
        }
        let expected = Array(signature(secret: secret, seconds: seconds, body: body).utf8)
        return signatures.contains { candidate in
            let bytes = Array(candidate.utf8)
            guard bytes.count == expected.count else { return false }
            return zip(bytes, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
        }
    }
}
