import Foundation

/// Reads one HTTP/1.1 response from bytes as they arrive (RFC 9112).
///
/// Pure: it sees bytes, never a socket. Interim 1xx answers are skipped; the
/// body is framed as §6.3 says: none for HEAD, 204 and 304, chunked when the
/// last transfer coding is chunked, `Content-Length` bytes, else everything
/// until the connection closes. Lines may end in CRLF or a bare LF. Anything
/// else (no status line, a header without a colon, a folded header, two
/// different lengths, a bad chunk size) is `malformed`; a head over 64 KiB or
/// a body over 256 MiB is `tooLarge`.
struct HTTPResponseReader: Sendable {
    enum Failure: Error, Hashable, Sendable {
        case malformed
        case tooLarge
    }

    private enum State: Hashable, Sendable {
        case head
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailer
        case untilClose
        case done
    }

    static let maxHeadBytes = 64 * 1024
    static let maxBodyBytes = 256 * 1024 * 1024

    private let isHead: Bool
    private var state = State.head
    /// Bytes received and not consumed yet.
    private var pending: [UInt8] = []
    private var status = 0
    private var headers: [String: String] = [:]
    private var body: [UInt8] = []

    /// A reader for the answer to a request; `isHead` for HEAD, whose answer has no body.
    init(isHead: Bool = false) {
        self.isHead = isHead
    }

    /// Takes the next bytes; the response once it is complete, else `nil`.
    mutating func read(_ bytes: some Collection<UInt8>) throws(Failure) -> TransportResponse? {
        pending.append(contentsOf: bytes)
        try advance()
        return state == .done ? response : nil
    }

    /// The connection closed: the response if what arrived is a whole one.
    mutating func end() throws(Failure) -> TransportResponse {
        if state == .untilClose {
            state = .done
        }
        guard state == .done else { throw .malformed }
        return response
    }

    private var response: TransportResponse {
        TransportResponse(status: status, headers: headers, body: Data(body))
    }

    private mutating func advance() throws(Failure) {
        var position = 0
        defer { pending.removeFirst(position) }
        while true {
            switch state {
            case .head:
                guard let (lines, end) = Self.headLines(pending, from: position) else {
                    if pending.count - position > Self.maxHeadBytes { throw .tooLarge }
                    return
                }
                position = end
                try readHead(lines)
            case .fixed(let remaining):
                let count = min(remaining, pending.count - position)
                body.append(contentsOf: pending[position..<position + count])
                position += count
                state = remaining == count ? .done : .fixed(remaining: remaining - count)
                if state != .done { return }
            case .chunkSize:
                guard let (line, end) = Self.line(pending, from: position) else {
                    if pending.count - position > 1024 { throw .malformed }
                    return
                }
                position = end
                let size = try Self.chunkSize(line)
                guard body.count + size <= Self.maxBodyBytes else { throw .tooLarge }
                state = size == 0 ? .trailer : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let count = min(remaining, pending.count - position)
                body.append(contentsOf: pending[position..<position + count])
                position += count
                guard count == remaining else {
                    state = .chunkData(remaining: remaining - count)
                    return
                }
                state = .chunkEnd
            case .chunkEnd:
                guard let (line, end) = Self.line(pending, from: position) else {
                    if pending.count - position > 2 { throw .malformed }
                    return
                }
                guard line.isEmpty else { throw .malformed }
                position = end
                state = .chunkSize
            case .trailer:
                guard let (line, end) = Self.line(pending, from: position) else {
                    if pending.count - position > Self.maxHeadBytes { throw .tooLarge }
                    return
                }
                position = end
                if line.isEmpty { state = .done }
            case .untilClose:
                guard body.count + pending.count - position <= Self.maxBodyBytes else {
                    throw .tooLarge
                }
                body.append(contentsOf: pending[position...])
                position = pending.count
                return
            case .done:
                // Bytes after the response are not ours to read (the request
                // asked the server to close).
                position = pending.count
                return
            }
        }
    }

    /// The status line and header fields; chooses how the body is framed.
    private mutating func readHead(_ lines: [ArraySlice<UInt8>]) throws(Failure) {
        guard let statusLine = lines.first, let parsed = Self.statusCode(statusLine) else {
            throw .malformed
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let first = line.first, first != 0x20, first != 0x09,
                let colon = line.firstIndex(of: 0x3A), colon > line.startIndex
            else { throw .malformed }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            guard name.utf8.allSatisfy(Self.isTokenCharacter) else { throw .malformed }
            let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
            let key = name.lowercased()
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        if (100..<200).contains(parsed) {
            // An interim answer (100 Continue, 103 Early Hints): the real one follows.
            guard parsed != 101 else { throw .malformed }
            return
        }
        status = parsed
        headers = fields
        if isHead || parsed == 204 || parsed == 304 {
            state = .done
        } else if let coding = fields["transfer-encoding"] {
            let last = coding.split(separator: ",").last.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            state = last == "chunked" ? .chunkSize : .untilClose
        } else if let length = fields["content-length"] {
            let values = Set(
                length.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let text = values.first, !text.isEmpty,
                text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { throw .malformed }
            guard let count = Int(text), count <= Self.maxBodyBytes else { throw .tooLarge }
            state = count == 0 ? .done : .fixed(remaining: count)
        } else {
            state = .untilClose
        }
    }

    /// The lines of a head that ends at an empty line, and where it ends.
    private static func headLines(_ bytes: [UInt8], from start: Int) -> (
        [ArraySlice<UInt8>], Int
    )? {
        var lines: [ArraySlice<UInt8>] = []
        var position = start
        while let (line, end) = line(bytes, from: position) {
            position = end
            if line.isEmpty {
                // Empty lines before the status line are skipped (RFC 9112 §2.2).
                if lines.isEmpty { continue }
                return (lines, position)
            }
            lines.append(line)
        }
        return nil
    }

    /// The line starting at `start` without its CRLF or LF, and where the next begins.
    private static func line(_ bytes: [UInt8], from start: Int) -> (ArraySlice<UInt8>, Int)? {
        guard start < bytes.count, let newline = bytes[start...].firstIndex(of: 0x0A) else {
            return nil
        }
        var end = newline
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return (bytes[start..<end], newline + 1)
    }

    /// The code of `HTTP/1.x NNN reason`.
    private static func statusCode(_ line: ArraySlice<UInt8>) -> Int? {
        let text = Array(line)
        guard text.count >= 12, text[0..<7].elementsEqual("HTTP/1.".utf8),
            (0x30...0x39).contains(text[7]), text[8] == 0x20,
            text[9...11].allSatisfy({ (0x30...0x39).contains($0) }),
            text.count == 12 || text[12] == 0x20
        else { return nil }
        return text[9...11].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// The size of a chunk-size line (`1a3;ext=x`).
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(Failure) -> Int {
        let digits = trimmed(line.prefix { $0 != 0x3B })
        guard !digits.isEmpty else { throw .malformed }
        var size = 0
        for byte in digits {
            let value: Int
            switch byte {
            case 0x30...0x39: value = Int(byte - 0x30)
            case 0x41...0x46: value = Int(byte - 0x41 + 10)
            case 0x61...0x66: value = Int(byte - 0x61 + 10)
            default: throw .malformed
            }
            size = size * 16 + value
            guard size <= maxBodyBytes else { throw .tooLarge }
        }
        return size
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }

    /// RFC 9110's tchar.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
