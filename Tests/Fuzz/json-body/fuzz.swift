import Foundation
import HabitAPI
import HabitCore

/// libFuzzer entry point for the server's request-body decoding and routing.
///
/// Besides "never crashes", it checks what handlers rely on: every decoding
/// either succeeds or reports at least one named problem; a habit that
/// decodes is already valid and survives a round trip through its own JSON
/// unchanged; a normalised address normalises to itself; a route's id is
/// never negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let path = String(data: bytes, encoding: .utf8) { checkRoute(path) }
    guard let object = try? RequestBody.object(from: bytes) else { return 0 }

    do {
        let fields = try HabitInput.fields(from: object)
        check((try? fields.validated()) == fields, "decoded fields are valid and normalised")
        checkRoundTrip(fields)
    } catch {
        check(!error.isEmpty, "a refused habit names a field")
    }
    do {
        let changes = try HabitInput.changes(from: object)
        if let applied = try? changes.applied(to: sampleFields) {
            check((try? applied.validated()) == applied, "applied changes are valid")
        }
    } catch {
        check(!error.isEmpty, "refused changes name a field")
    }
    if let day = LocalDate(year: 2026, month: 11, day: 30) {
        do {
            let (entry, note) = try HabitInput.progressEntry(from: object, date: day)
            check(ProgressEntry.problems(value: entry.value).isEmpty, "entry value is valid")
            if case .replace(let text?) = note {
                check(ProgressEntry.problems(note: text).isEmpty, "a note is valid")
                check(ProgressEntry.note(text) == text, "a note normalises to itself")
            }
        } catch {
            check(!error.isEmpty, "a refused entry names a field")
        }
    }
    do {
        let address = try AuthInput.email(from: object)
        check(EmailAddress(address.value) == address, "an address normalises to itself")
        // Scalars, as the rule counts them: a combining mark after the @ makes
        // one Character of the two.
        check(address.value.unicodeScalars.filter { $0 == "@" }.count == 1, "one @ in an address")
    } catch {
        check(error.fields["email"] != nil, "a refused address names email")
    }
    do {
        let credentials = try AuthInput.credentials(from: object)
        check(!credentials.code.isEmpty, "a code is never empty")
    } catch {
        check(!error.isEmpty, "refused credentials name a field")
    }
    do {
        let token = try AuthInput.refreshToken(from: object)
        check(!token.isEmpty, "a refresh token is never empty")
    } catch {
        check(error.fields["refresh"] != nil, "a refused token names refresh")
    }
    return 0
}

private let sampleFields = HabitFields(
    name: "Read", frequency: .daily, measurementType: "pages",
    startDate: LocalDate(dayNumber: 20_000), actionDays: .everyDay, targetValue: 10)

/// A habit's JSON, read back as a create body, gives the same fields.
private func checkRoundTrip(_ fields: HabitFields) {
    let habit = Habit(id: 1, fields: fields)
    guard let json = try? JSONEncoder().encode(habit) else {
        check(false, "a valid habit encodes")
        return
    }
    guard let object = try? RequestBody.object(from: json),
        let again = try? HabitInput.fields(from: object)
    else {
        check(false, "a habit's own JSON decodes: \(String(decoding: json, as: UTF8.self))")
        return
    }
    check(again == fields, "round trip keeps the fields")
}

/// Templates of the shapes the server's `RouteTable` declares.
private let routes = RouteMatcher(templates: [
    "/api/me/habits/{id}/", "/api/me/habits/{id}/progress/{date}/",
    "/api/me/habits/{id}/reminders/{reminder_id}/", "/api/checkin/{token}/",
])

private func checkRoute(_ path: String) {
    guard let route = routes.match(path) else { return }
    check(route.id("id") >= 0 && route.id("reminder_id") >= 0, "ids are never negative")
}

private func check(_ condition: Bool, _ what: @autoclosure () -> String) {
    guard !condition else { return }
    // stderr is unbuffered: the message must be out before abort().
    FileHandle.standardError.write(Data("FAILED: \(what())\n".utf8))
    abort()
}
