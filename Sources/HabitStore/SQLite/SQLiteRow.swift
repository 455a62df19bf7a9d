import CSQLite
import Foundation
import HabitCore
import HabitStorage

/// The current row of a statement being stepped, read by column index (from 0).
///
/// Only valid inside the closure it is passed to: the statement moves on (or
/// is reset) afterwards.
struct SQLiteRow {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    /// The column as UTF-8 text; NULL reads as the empty string.
    func text(_ column: Int32) -> String {
        String(decoding: utf8(column), as: UTF8.self)
    }

    /// A `YYYY-MM-DD` text column as a date, read from its bytes without
    /// making a string; `nil` when it is not a valid date.
    func localDate(_ column: Int32) -> LocalDate? {
        let bytes = utf8(column)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
        else { return nil }
        // One pass over the ten bytes (a history reads thousands of dates):
        // the eight digits, dashes skipped, as the number YYYYMMDD.
        var number = 0
        for index in 0..<10 where index != 4 && index != 7 {
            let digit = Int(bytes[index]) &- Int(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            number = number &* 10 &+ digit
        }
        return LocalDate(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }

    /// A decimal text column (see `DecimalText`); `nil` when it is not a number.
    func decimal(_ column: Int32) -> Decimal? {
        DecimalText.parse(utf8(column))
    }

    /// A decimal text column read through `reader`, which remembers repeats.
    func decimal(_ column: Int32, reader: inout DecimalTextReader) -> Decimal? {
        reader.parse(utf8(column))
    }

    /// The column's UTF-8 bytes, valid until the statement moves on.
    private func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        // sqlite3_column_text before sqlite3_column_bytes, as SQLite documents,
        // so the byte count is that of the UTF-8 form.
        guard let bytes = sqlite3_column_text(statement, column) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(
            start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : double(column)
    }

    func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }
}
