import Foundation

/// Turns the bytes of an HTTP/1.x connection into requests, one at a time.
///
/// Feed it whatever arrived with `append`, then call `next()` until it returns
/// nil (more bytes needed). Bytes after one request are kept for the next, so
/// pipelined requests come out in order. Bodies are framed by Content-Length
/// only: Transfer-Encoding is refused with 411, and a request without
/// Content-Length has an empty body (RFC 9112 §6.3). The target's path is percent-decoded but not
/// normalised (`..` stays as sent, for the router to treat as non-matching), and an encoded
/// slash (`%2F`, `%2f`) stays encoded so it never becomes a separator. An HTTP/1.1 request
/// must carry exactly one Host header (RFC 9112 §3.2); HTTP/1.0 may omit it.
///
/// After it throws, the parser stays failed: the stream has lost its framing
/// and the connection should answer the error and close. It does no I/O.
package struct HTTPRequestParser: Sendable {
    /// How large the parts of a request may be.
    package struct Limits: Hashable, Sendable {
        /// The request line plus all header lines, including their line ends.
        package var maxHeaderBytes: Int
        /// The largest Content-Length accepted.
        package var maxBodyBytes: Int

        package init(maxHeaderBytes: Int = 16_384, maxBodyBytes: Int = 65_536) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// The HTTP version a request was sent with.
    package enum Version: Hashable, Sendable {
        case http10
        case http11
    }

    /// A complete request and how its connection should continue.
    package struct ParsedRequest: Sendable {
        package var request: HTTPRequest
        package var version: Version
        /// Whether the client wants the connection kept open after the response:
        /// the HTTP/1.1 default unless `Connection: close`; for HTTP/1.0 only
        /// with `Connection: keep-alive`.
        package var keepAlive: Bool
    }

    /// The part of a request before its body, parsed and waiting for the body.
    private struct Head: Sendable {
        var method: String
        var path: String
        var query: [(name: String, value: String)]
        var headers: HTTPHeaders
        var version: Version
        var keepAlive: Bool
        var contentLength: Int
        var expectsContinue: Bool
    }

    package let limits: Limits
    private var buffer: [UInt8] = []
    /// Index in `buffer` of the first byte not yet consumed.
    private var start = 0
    /// How many bytes after `start` were already searched for the end of the head.
    private var scanned = 0
    private var pending: Head?
    private var failure: HTTPParseError?

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether bytes of a request that is not complete yet have arrived.
    ///
    /// Empty lines between requests, which some clients send after a body,
    /// do not count: they start no request.
    package var hasPartialRequest: Bool {
        pending != nil || buffer[start...].contains { $0 != .cr && $0 != .lf }
    }

    /// Whether the head of the current request is complete and its body is still arriving.
    package var isReadingBody: Bool {
        pending != nil
    }

    /// Whether the client waits for `100 Continue` before sending the body it
    /// announced (`Expect: 100-continue`) and has not been sent one yet.
    package var awaitsContinue: Bool {
        guard let pending, pending.expectsContinue else { return false }
        return buffer.count - start < pending.contentLength
    }

    /// Records that `100 Continue` was sent, so `awaitsContinue` turns false.
    package mutating func continueSent() {
        pending?.expectsContinue = false
    }

    /// Adds bytes received from the connection.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes received from the connection.
    package mutating func append(contentsOf bytes: some Collection<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or nil when more bytes are needed.
    ///
    /// Throws when the bytes cannot be a valid request; every later call
    /// throws the same error.
    package mutating func next() throws(HTTPParseError) -> ParsedRequest? {
        if let failure { throw failure }
        do {
            return try parseNext()
        } catch {
            failure = error
            throw error
        }
    }

    /// Drops consumed bytes so the buffer does not grow with the connection's age.
    private mutating func compact() {
        guard start > 0 else { return }
        if start >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 4096 || start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    private mutating func parseNext() throws(HTTPParseError) -> ParsedRequest? {
        if pending == nil {
            guard let head = try parseHead() else { return nil }
            pending = head
        }
        guard let head = pending, buffer.count - start >= head.contentLength else { return nil }
        let body = Data(buffer[start..<(start + head.contentLength)])
        start += head.contentLength
        pending = nil
        let request = HTTPRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers,
            body: body)
        return ParsedRequest(request: request, version: head.version, keepAlive: head.keepAlive)
    }

    /// Parses the request line and headers once they are all buffered.
    private mutating func parseHead() throws(HTTPParseError) -> Head? {
        // A client may send empty lines between requests (RFC 9112 §2.2).
        while start < buffer.count, buffer[start] == .cr || buffer[start] == .lf {
            start += 1
            scanned = max(0, scanned - 1)
        }
        let available = buffer.count - start
        let searchFrom = max(0, scanned - 3)
        let headEnd: Int? = buffer.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[start...])
            return Self.endOfHead(in: bytes, from: searchFrom)
        }
        guard let headEnd else {
            // A line ended by a bare LF means no CRLF CRLF will ever end this
            // head; waiting for one would hold the client until the timeout.
            let bareLineFeed = buffer.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[start...])
                return Self.containsBareLineFeed(bytes, from: searchFrom)
            }
            if bareLineFeed { throw .bareLineFeed }
            scanned = available
            if available > limits.maxHeaderBytes {
                throw .headersTooLarge(limit: limits.maxHeaderBytes)
            }
            return nil
        }
        guard headEnd <= limits.maxHeaderBytes else {
            throw .headersTooLarge(limit: limits.maxHeaderBytes)
        }
        let limits = self.limits
        let head = try buffer.withUnsafeBufferPointer { (all) throws(HTTPParseError) -> Head in
            // Without the blank line's CRLF: each line of the head ends in CRLF.
            let bytes = UnsafeBufferPointer(rebasing: all[start..<(start + headEnd - 2)])
            return try Self.head(from: bytes, limits: limits)
        }
        start += headEnd
        scanned = 0
        return head
    }

    /// The length of the head including its final CRLF CRLF, if it is all there.
    private static func endOfHead(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        var index = offset
        let last = bytes.count - 4
        while index <= last {
            if bytes[index + 3] != .lf {
                // The window cannot end here; skip ahead by how far a CRLF CRLF could start.
                index += bytes[index + 3] == .cr ? 1 : 4
                continue
            }
            if bytes[index] == .cr, bytes[index + 1] == .lf, bytes[index + 2] == .cr {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    /// Whether an LF at or after `offset` follows something other than CR.
    ///
    /// Leading empty lines were skipped, so a head never starts with LF.
    private static func containsBareLineFeed(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int
    ) -> Bool {
        var index = max(1, offset)
        while index < bytes.count {
            if bytes[index] == .lf && bytes[index - 1] != .cr { return true }
            index += 1
        }
        return false
    }

    private static func head(
        from bytes: UnsafeBufferPointer<UInt8>, limits: Limits
    ) throws(HTTPParseError) -> Head {
        var lines = LineIterator(bytes: bytes)
        guard let requestLine = lines.next() else { throw .badRequestLine }
        let (method, target, version) = try parseRequestLine(requestLine)
        let (path, query) = try parseTarget(target)

        var headers = HTTPHeaders()
        var contentLength: Int?
        var hasTransferEncoding = false
        var connectionClose = false
        var connectionKeepAlive = false
        var expectsContinue = false
        var hostCount = 0
        while let line = lines.next() {
            let (nameBytes, name, value) = try parseHeaderLine(line)
            headers.add(name: name, value: value)
            if nameBytes.equalsIgnoringCase("host") {
                hostCount += 1
            } else if nameBytes.equalsIgnoringCase("content-length") {
                let length = try parseContentLength(value, limit: limits.maxBodyBytes)
                if let contentLength, contentLength != length { throw .invalidContentLength }
                contentLength = length
            } else if nameBytes.equalsIgnoringCase("transfer-encoding") {
                hasTransferEncoding = true
            } else if nameBytes.equalsIgnoringCase("connection") {
                for token in value.lowercased().split(separator: ",") {
                    switch token.trimmingCharacters(in: .whitespaces) {
                    case "close": connectionClose = true
                    case "keep-alive": connectionKeepAlive = true
                    default: break
                    }
                }
            } else if nameBytes.equalsIgnoringCase("expect") {
                expectsContinue = value.lowercased() == "100-continue"
            }
        }
        if hasTransferEncoding { throw .transferEncodingNotSupported }
        // RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host; HTTP/1.0 predates it.
        if version == .http11 && hostCount != 1 || hostCount > 1 { throw .hostRequired }
        let keepAlive =
            switch version {
            case .http11: !connectionClose
            case .http10: connectionKeepAlive && !connectionClose
            }
        return Head(
            method: method, path: path, query: query, headers: headers, version: version,
            keepAlive: keepAlive, contentLength: contentLength ?? 0,
            expectsContinue: expectsContinue && version == .http11 && (contentLength ?? 0) > 0)
    }

    private static func parseRequestLine(
        _ line: UnsafeBufferPointer<UInt8>
    ) throws(HTTPParseError) -> (String, UnsafeBufferPointer<UInt8>, Version) {
        let parts = line.split(separator: .space, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
            parts[0].allSatisfy(\.isTokenCharacter)
        else { throw .badRequestLine }
        let versionBytes = parts[2]
        guard versionBytes.count == 8, versionBytes.starts(with: "HTTP/".utf8),
            versionBytes[versionBytes.startIndex + 5].isDigit,
            versionBytes[versionBytes.startIndex + 6] == UInt8(ascii: "."),
            versionBytes[versionBytes.startIndex + 7].isDigit
        else { throw .badRequestLine }
        let version: Version
        // A later HTTP/1.x is answered as HTTP/1.1 (RFC 9110 §6.2).
        switch (
            versionBytes[versionBytes.startIndex + 5], versionBytes[versionBytes.startIndex + 7]
        ) {
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): version = .http10
        case (UInt8(ascii: "1"), _): version = .http11
        default: throw .unsupportedVersion(String(decoding: versionBytes, as: UTF8.self))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        return (method, UnsafeBufferPointer(rebasing: parts[1]), version)
    }

    /// Splits an origin-form (or absolute-form) target into a decoded path and query.
    private static func parseTarget(
        _ target: UnsafeBufferPointer<UInt8>
    ) throws(HTTPParseError) -> (String, [(name: String, value: String)]) {
        // Only visible ASCII is allowed raw; anything else must be percent-encoded.
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
            throw .badTarget
        }
        var origin = target[...]
        if target.first != UInt8(ascii: "/") {
            // Absolute form, which proxies send: "http://host:port/path?query".
            let lowered = target.prefix(8).map { $0 | 0x20 }
            let schemeLength =
                lowered.starts(with: "http://".utf8)
                ? 7 : lowered.starts(with: "https://".utf8) ? 8 : 0
            guard schemeLength > 0 else { throw .badTarget }
            let authority = target[(target.startIndex + schemeLength)...]
            let pathStart =
                authority.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") })
                ?? authority.endIndex
            origin = target[pathStart...]
        }
        let questionMark = origin.firstIndex(of: UInt8(ascii: "?")) ?? origin.endIndex
        let rawPath = origin[origin.startIndex..<questionMark]
        let path =
            rawPath.isEmpty
            ? "/" : try decodeComponent(rawPath, plusIsSpace: false, keepingEncodedSlash: true)
        guard path.utf8.first == UInt8(ascii: "/") else { throw .badTarget }

        var query: [(name: String, value: String)] = []
        if questionMark < origin.endIndex {
            let rawQuery = origin[(questionMark + 1)...]
            for pair in rawQuery.split(separator: UInt8(ascii: "&")) {
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
                let name = try decodeComponent(pair[pair.startIndex..<equals], plusIsSpace: true)
                let value =
                    equals < pair.endIndex
                    ? try decodeComponent(pair[(equals + 1)...], plusIsSpace: true) : ""
                query.append((name, value))
            }
        }
        return (path, query)
    }

    /// Percent-decodes `bytes` into text; NUL and invalid UTF-8 are refused.
    ///
    /// With `keepingEncodedSlash` (for paths), `%2F` and `%2f` stay as the
    /// three characters sent: a slash inside a segment must not become a separator.
    private static func decodeComponent(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, plusIsSpace: Bool,
        keepingEncodedSlash: Bool = false
    ) throws(HTTPParseError) -> String {
        let needsDecoding = bytes.contains {
            $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+"))
        }
        // Raw bytes were already checked to be visible ASCII, hence valid UTF-8 without NUL.
        guard needsDecoding else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = bytes[index + 1].hexValue,
                    let low = bytes[index + 2].hexValue
                else { throw .badTarget }
                let value = high << 4 | low
                guard value != 0 else { throw .badTarget }
                if keepingEncodedSlash && value == UInt8(ascii: "/") {
                    decoded.append(contentsOf: bytes[index..<(index + 3)])
                } else {
                    decoded.append(value)
                }
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? .space : byte)
                index += 1
            }
        }
        guard let text = strictUTF8(decoded) else { throw .badTarget }
        return text
    }

    private static func parseHeaderLine(
        _ line: UnsafeBufferPointer<UInt8>
    ) throws(HTTPParseError) -> (Slice<UnsafeBufferPointer<UInt8>>, String, String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            line[..<colon].allSatisfy(\.isTokenCharacter)
        else { throw .badHeader }
        var valueStart = colon + 1
        var valueEnd = line.endIndex
        while valueStart < valueEnd, line[valueStart].isBlank { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1].isBlank { valueEnd -= 1 }
        let valueBytes = line[valueStart..<valueEnd]
        // Control characters other than tab (including a bare CR or LF) could split
        // the header when it is echoed or logged.
        guard !valueBytes.contains(where: { ($0 < 0x20 && $0 != .tab) || $0 == 0x7F }) else {
            throw .badHeader
        }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        let value =
            strictUTF8(valueBytes)
            // obs-text: bytes that are not UTF-8 are read as ISO 8859-1, as RFC 9110 allows.
            ?? String(String.UnicodeScalarView(valueBytes.map { Unicode.Scalar($0) }))
        return (line[..<colon], name, value)
    }

    private static func parseContentLength(
        _ value: String, limit: Int
    ) throws(HTTPParseError) -> Int {
        // A list of identical values ("5, 5") is allowed (RFC 9110 §8.6).
        var length: Int?
        for item in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        {
            let digits = item.drop(while: \.isBlank)
            let trailer = digits.drop(while: \.isDigit)
            guard !digits.isEmpty, trailer.count < digits.count, trailer.allSatisfy(\.isBlank)
            else {
                throw .invalidContentLength
            }
            // Past the limit the exact number does not matter, and it may not fit in an Int.
            var itemLength = 0
            for digit in digits.prefix(while: \.isDigit) {
                itemLength = itemLength * 10 + Int(digit - UInt8(ascii: "0"))
                if itemLength > limit { throw .payloadTooLarge(limit: limit) }
            }
            if let length, length != itemLength { throw .invalidContentLength }
            length = itemLength
        }
        guard let length else { throw .invalidContentLength }
        return length
    }
}

/// The lines of a head, each without its CRLF; a bare CR or LF stays in its line.
private struct LineIterator {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        guard position < bytes.count else { return nil }
        var end = position
        while end < bytes.count {
            if bytes[end] == .cr, end + 1 < bytes.count, bytes[end + 1] == .lf { break }
            end += 1
        }
        let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
        position = end + 2
        return line
    }
}

extension Slice<UnsafeBufferPointer<UInt8>> {
    /// Compares with `lowercase`, which must be lower-case ASCII, ignoring ASCII case.
    fileprivate func equalsIgnoringCase(_ lowercase: StaticString) -> Bool {
        guard count == lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { expected in
            zip(self, expected).allSatisfy { actual, wanted in
                actual == wanted || (actual >= 0x41 && actual <= 0x5A && actual | 0x20 == wanted)
            }
        }
    }
}

extension UInt8 {
    fileprivate static let cr = UInt8(ascii: "\r")
    fileprivate static let lf = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")

    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    fileprivate var isBlank: Bool { self == .space || self == .tab }

    fileprivate var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `tchar` of RFC 9110: the characters allowed in methods and header names.
    fileprivate var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(self)
        }
    }
}

/// The text of `bytes` when they are valid UTF-8; nil otherwise.
///
/// `String(validating:as:)` does this but needs macOS 15. Decoding replaces
/// each invalid sequence with U+FFFD, so valid input is exactly the input
/// whose decoded text encodes back to the same bytes.
private func strictUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    // ASCII, nearly every header and path, is valid without the comparison.
    if bytes.allSatisfy({ $0 < 0x80 }) { return text }
    return text.utf8.elementsEqual(bytes) ? text : nil
}
