import Foundation
import HabitHTTP

/// libFuzzer entry point for `HTTPRequestParser`.
///
/// Besides "never crashes", it checks that parsing is independent of how the
/// bytes are split into reads: the input parsed in one piece, in two pieces
/// (split where the first byte says), and (for short inputs) byte by byte
/// must give the same requests and the same final error. Small limits let
/// the fuzzer reach the 413 and 431 paths with short inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let limits = HTTPRequestParser.Limits(maxHeaderBytes: 600, maxBodyBytes: 300)

    let whole = outcomes(of: [bytes[...]], limits: limits)
    if let first = bytes.first {
        let split = Int(first) * size / 256
        let halves = outcomes(of: [bytes[..<split], bytes[split...]], limits: limits)
        check(halves == whole, "two pieces", whole, halves)
    }
    if size <= 1024 {
        let single = outcomes(of: bytes.indices.map { bytes[$0..<($0 + 1)] }, limits: limits)
        check(single == whole, "byte by byte", whole, single)
    }
    return 0
}

/// Everything the parser yields for `pieces` fed in order, one line per event.
private func outcomes(
    of pieces: [Slice<UnsafeBufferPointer<UInt8>>], limits: HTTPRequestParser.Limits
) -> [String] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [String] = []
    for piece in pieces {
        parser.append(contentsOf: piece)
        do {
            while let parsed = try parser.next() {
                events.append(describe(parsed, limits: limits))
            }
        } catch {
            events.append("error \(error.status) \(error)")
            return events
        }
    }
    // The state between requests must not depend on how the bytes arrived either.
    events.append("partial=\(parser.hasPartialRequest) continue=\(parser.awaitsContinue)")
    return events
}

private func describe(
    _ parsed: HTTPRequestParser.ParsedRequest, limits: HTTPRequestParser.Limits
) -> String {
    let request = parsed.request
    // Invariants the router and handlers rely on.
    check(request.path.hasPrefix("/"), "path starts with /", [request.path], [])
    check(!request.path.utf8.contains(0), "no NUL in path", [request.path], [])
    check(request.body.count <= limits.maxBodyBytes, "body within limit", [], [])
    let headers = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    return
        "\(request.method) \(request.path) ?\(query) [\(headers)] \(request.body.count) "
        + "\(request.body.hashValue) \(parsed.version) keepAlive=\(parsed.keepAlive)"
}

private func check(_ condition: Bool, _ what: String, _ expected: [String], _ actual: [String]) {
    guard !condition else { return }
    // stderr is unbuffered: the message must be out before abort().
    FileHandle.standardError.write(
        Data("FAILED: \(what)\nexpected: \(expected)\nactual:   \(actual)\n".utf8))
    abort()
}
