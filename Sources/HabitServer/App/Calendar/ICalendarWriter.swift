import Foundation
import HabitCore

/// One all-day event of an iCalendar feed.
struct ICalendarEvent: Hashable, Sendable {
    /// Globally unique and stable: the same event in every copy of the feed.
    var uid: String
    var date: LocalDate
    var summary: String
}

/// Writes an iCalendar (RFC 5545) document of all-day events: CRLF line
/// ends, TEXT values escaped (§3.3.11), lines folded at 75 octets (§3.1).
///
/// Pure: the caller gives the events and the stamp time.
enum ICalendarWriter {
    /// The longest content line in octets, without its CRLF.
    static let maximumLineOctets = 75

    /// The whole document: a VCALENDAR named `name` holding `events` in
    /// order, each stamped (`DTSTAMP`, required) with `stamp`.
    static func document(events: [ICalendarEvent], name: String, stamp: Date) -> String {
        let stampText = dateTime(stamp)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//habits//habits-server//EN",
            "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(name),
        ]
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:" + escaped(event.uid),
                "DTSTAMP:" + stampText,
                "DTSTART;VALUE=DATE:" + date(event.date),
                "DTEND;VALUE=DATE:" + date(event.date.adding(days: 1)),
                "SUMMARY:" + escaped(event.summary),
                // An all-day habit does not make its day busy.
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map { folded($0) + "\r\n" }.joined()
    }

    /// A TEXT value: backslash, semicolon and comma escaped with a
    /// backslash, each line break (CRLF, LF or CR) as `\n`, and the other
    /// control characters, which TEXT may not hold, left out (a tab stays).
    static func escaped(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `line` folded (§3.1): after each 75 octets (74 on the continuation
    /// lines, whose leading space counts) a CRLF and a space, never inside
    /// a character's UTF-8 sequence.
    static func folded(_ line: String) -> String {
        guard line.utf8.count > maximumLineOctets else { return line }
        var result = ""
        var octets = 0
        var limit = maximumLineOctets
        for character in line.unicodeScalars {
            let size = String(character).utf8.count
            if octets + size > limit {
                result += "\r\n "
                octets = 1
                limit = maximumLineOctets
            }
            result.unicodeScalars.append(character)
            octets += size
        }
        return result
    }

    /// `20261130`: a DATE value.
    static func date(_ date: LocalDate) -> String {
        let (year, month, day) = date.components
        return pad(year, 4) + pad(month, 2) + pad(day, 2)
    }

    /// `20261130T190000Z`: a DATE-TIME in UTC.
    static func dateTime(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let second = seconds - day.dayNumber * 86_400
        return date(day) + "T" + pad(second / 3600, 2) + pad(second / 60 % 60, 2)
            + pad(second % 60, 2) + "Z"
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
