import CLibPQ
import Foundation
import HabitCore
import HabitStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libpq connection with its prepared statements.
///
/// Not thread-safe on its own: the pool hands it to one thread at a time.
/// SQL passed here is always a constant of this module; values travel only as
/// parameters, in text form (`$1::numeric`, `to_timestamp($2::float8)`), so
/// decimals stay exact.
///
/// `@unchecked Sendable`: a connection is only ever reached by the thread
/// that checked it out of `PostgresPool`, which hands it over under its lock
/// and never to two threads at once.
package final class PostgresConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    /// Statement names by SQL text, prepared on this connection.
    private var prepared: [String: String] = [:]
    private let url: PostgresURL

    /// How long connecting may take unless the URL or `PGCONNECT_TIMEOUT`
    /// says otherwise: libpq's default is to wait for ever.
    static let defaultConnectTimeoutSeconds = 5

    /// Connects; throws `.unavailable` with libpq's reason (password hidden).
    init(url: PostgresURL, environment: [String: String]) throws(StoreError) {
        self.url = url
        // Earlier keywords give way to the URL's own (dbname is expanded in
        // place), so a connect_timeout in the URL wins over this default.
        var keywords = ["application_name"]
        var values = ["habits-server"]
        if environment["PGCONNECT_TIMEOUT"] == nil {
            keywords.append("connect_timeout")
            values.append(String(Self.defaultConnectTimeoutSeconds))
        }
        keywords.append("dbname")
        values.append(url.text)
        let connection = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw .unavailable(reason: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = Self.cleaned(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw .unavailable(reason: url.redacting(reason))
        }
        handle = connection
        // Dates as YYYY-MM-DD and times in UTC whatever the server's defaults.
        try execute(
            "SET datestyle = 'ISO, YMD'; SET timezone = 'UTC'; SET client_min_messages = warning")
    }

    deinit {
        close()
    }

    /// Whether the connection can still be used (it was not lost or closed).
    var isUsable: Bool {
        guard let handle else { return false }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Closes the connection when the server has closed its end while it lay
    /// idle (a restart sends a last message, then end of file), so the pool
    /// connects again instead of failing the next request on a dead socket.
    func closeIfDroppedByServer() {
        guard let handle else { return }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard descriptor.fd >= 0 else {
            close()
            return
        }
        if poll(&descriptor, 1, 0) > 0 {
            _ = PQconsumeInput(handle)
            if PQstatus(handle) != CONNECTION_OK { close() }
        }
    }

    /// Whether a transaction is open (or failed and awaits its ROLLBACK).
    var isInTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        prepared = [:]
    }

    /// Runs constant SQL that may hold several statements (schema scripts, SET).
    func execute(_ sql: String) throws(StoreError) {
        let handle = try open()
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Runs one statement with text parameters (`nil` is NULL) and returns
    /// its rows. The statement is prepared on first use.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws(StoreError) -> PostgresResult {
        let handle = try open()
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "s\(prepared.count)"
            let result = PQprepare(handle, name, sql, Int32(parameters.count), nil)
            defer { PQclear(result) }
            try check(result)
            prepared[sql] = name
        }
        let result = withOptionalCStrings(parameters) { pointers in
            PQexecPrepared(handle, name, Int32(parameters.count), pointers, nil, nil, 0)
        }
        do {
            try check(result)
        } catch {
            PQclear(result)
            throw error
        }
        // check() has thrown for a nil result.
        return PostgresResult(result!)
    }

    /// The rows `query` changed (INSERT, UPDATE, DELETE).
    func run(_ sql: String, _ parameters: [String?] = []) throws(StoreError) -> Int {
        Int(try query(sql, parameters).changedRows)
    }

    private func open() throws(StoreError) -> OpaquePointer {
        guard let handle else { throw .unavailable(reason: "the connection is closed") }
        return handle
    }

    /// Throws the error a result carries; a lost connection is `.unavailable`.
    private func check(_ result: OpaquePointer?) throws(StoreError) {
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return }
        let state = result.flatMap { field($0, "C") }
        if !isUsable || Self.isConnectionLoss(state) {
            throw .unavailable(reason: "the connection to PostgreSQL was lost")
        }
        // The primary message only: the detail can quote row values
        // (addresses, say), which must not reach the log.
        let message =
            result.flatMap { field($0, "M") }
            ?? handle.map { Self.cleaned(String(cString: PQerrorMessage($0))) }
            ?? "unknown error"
        throw .postgres(state: state ?? "XX000", message: url.redacting(message))
    }

    private func field(_ result: OpaquePointer, _ code: Character) -> String? {
        guard let ascii = code.asciiValue, let text = PQresultErrorField(result, Int32(ascii))
        else { return nil }
        return String(cString: text)
    }

    /// Connection exceptions (class 08) and the server shutting down or
    /// starting up (57P01–57P03): the request may succeed on a new connection.
    static func isConnectionLoss(_ state: String?) -> Bool {
        guard let state else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }

    /// libpq's text as one line: no trailing newline, no "FATAL:" prefix.
    static func cleaned(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
            .replacingOccurrences(of: "FATAL:  ", with: "")
            .replacingOccurrences(of: "ERROR:  ", with: "")
    }
}

/// Rows of one statement's answer, in text form, freed with the value.
final class PostgresResult {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) {
        self.result = result
    }

    deinit {
        PQclear(result)
    }

    var count: Int { Int(PQntuples(result)) }

    var changedRows: Int64 {
        Int64(String(cString: PQcmdTuples(result))) ?? 0
    }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(result, Int32(row), Int32(column)) != 0
    }

    /// The column as text; NULL reads as the empty string.
    func text(_ row: Int, _ column: Int) -> String {
        String(cString: PQgetvalue(result, Int32(row), Int32(column)))
    }

    func optionalText(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : text(row, column)
    }

    func int64(_ row: Int, _ column: Int) -> Int64? {
        Int64(text(row, column))
    }

    /// A float8 column (times are read as `extract(epoch …)::float8`).
    func double(_ row: Int, _ column: Int) -> Double? {
        Double(text(row, column))
    }

    func optionalDouble(_ row: Int, _ column: Int) -> Double?? {
        isNull(row, column) ? .some(nil) : double(row, column).map { .some($0) }
    }

    func bool(_ row: Int, _ column: Int) -> Bool {
        text(row, column) == "t"
    }

    /// A numeric column read exactly (see `DecimalText`).
    func decimal(_ row: Int, _ column: Int) -> Decimal? {
        DecimalText.parse(bytes(row, column))
    }

    /// A date column in ISO style (`YYYY-MM-DD`), read from its bytes.
    func localDate(_ row: Int, _ column: Int) -> LocalDate? {
        let bytes = bytes(row, column)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    private func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let value = PQgetvalue(result, Int32(row), Int32(column))
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(value)?.assumingMemoryBound(to: UInt8.self), count: length)
    }
}

/// Runs `body` with NUL-terminated copies of `strings` and a null pointer
/// after the last (libpq's keyword lists end so; parameter lists ignore it).
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    withOptionalCStrings(strings, body)
}

/// Runs `body` with NUL-terminated copies of `strings` (`nil` as a null
/// pointer) and a null pointer after the last.
private func withOptionalCStrings<Result>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) } } + [nil]
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { buffer in body(buffer.baseAddress!) }
}
