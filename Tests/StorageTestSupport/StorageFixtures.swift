import Foundation
import HabitCore

/// A moment in 2026 that the tests count from.
package let referenceTime = Date(timeIntervalSince1970: 1_780_000_000)

/// The day `text` (`YYYY-MM-DD`), which a test writes correctly.
package func date(_ text: String) -> LocalDate {
    guard let date = LocalDate(text) else { preconditionFailure("bad test date \(text)") }
    return date
}

/// The decimal `text`, read the same in every locale.
package func decimal(_ text: String) -> Decimal {
    guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        preconditionFailure("bad test decimal \(text)")
    }
    return value
}

/// A habit's fields, reading ten pages a day from 5 January 2026 unless
/// told otherwise.
package func fields(
    _ name: String = "Read", frequency: Frequency = .daily, unit: String = "pages",
    start: String = "2026-01-05", days: ActionDays = .everyDay, target: String = "10"
) -> HabitFields {
    HabitFields(
        name: name, frequency: frequency, measurementType: unit, startDate: date(start),
        actionDays: days, targetValue: decimal(target))
}
