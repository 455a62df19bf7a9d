import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// `PUT /api/me/habits/{id}/progress/`: many days' entries in one request.
extension APIResponder {
    /// Replaces the entry of each given date, all in one transaction: every
    /// entry is written or none is. Body `{"entries": [{"date", "value"?,
    /// "skipped"?, "note"?}, …]}` (1 to 1,000 entries, each date once; value
    /// defaults to 0, skipped to false, note to none: a batch replaces whole
    /// entries, notes included); answers `{"count": N}`. Problems name the
    /// entry: `entries[3].value`. Repeating the request changes nothing.
    func setProgressBatch(_ request: HTTPRequest, owner: Int64, habitID: Int64) throws(APIError)
        -> HTTPResponse
    {
        let object = try bodyObject(request)
        let entries = try validated { () throws(ValidationError) in
            try Self.batchEntries(from: object)
        }
        let count = try stored { () throws(StoreError) in
            try store.setProgress(entries, habitID: habitID, owner: owner)
        }
        guard let count else { throw .habitNotFound }
        return JSONBody.response(status: 200, BatchCount(count: count))
    }

    /// The entries of a batch body, or every problem, each under its entry's path.
    static func batchEntries(from object: [String: JSONValue]) throws(ValidationError)
        -> [ProgressEntry]
    {
        guard let value = object["entries"] else {
            throw ValidationError(fields: ["entries": [BodyFields.requiredMessage]])
        }
        guard case .array(let items) = value else {
            throw ValidationError(fields: ["entries": ["Expected a list of entries."]])
        }
        guard !items.isEmpty else {
            throw ValidationError(fields: ["entries": ["Send at least one entry."]])
        }
        guard items.count <= ProgressEntry.maximumBatchEntries else {
            throw ValidationError(fields: [
                "entries": [
                    "Send at most \(ProgressEntry.maximumBatchEntries) entries at once (got \(items.count))."
                ]
            ])
        }
        var errors = ValidationError()
        var entries: [ProgressEntry] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let path = "entries[\(index)]"
            guard case .object(let fields) = item else {
                errors.add(["Expected an object with date, value, skipped and note."], to: path)
                continue
            }
            var body = BodyFields(fields)
            let date = body.date("date", required: true)
            let value = body.decimal("value", required: false)
            let skipped = body.bool("skipped", required: false)
            let note = body.note("note")
            if let value { body.report(ProgressEntry.problems(value: value), for: "value") }
            for (field, problems) in body.errors.fields {
                errors.add(problems, to: "\(path).\(field)")
            }
            guard body.errors.isEmpty, let date, let note else { continue }
            entries.append(
                ProgressEntry(
                    date: date, value: value ?? 0, skipped: skipped ?? false,
                    note: note.applied(to: nil)))
        }
        if !errors.isEmpty { throw errors }
        // A date given twice takes its last entry, as a log's last line for
        // a day wins; the store then writes each date once.
        var last: [LocalDate: Int] = [:]
        for (index, entry) in entries.enumerated() { last[entry.date] = index }
        return entries.enumerated().filter { last[$0.element.date] == $0.offset }.map(\.element)
    }
}

/// `{"count"}`: how many entries a batch wrote.
private struct BatchCount: Encodable {
    var count: Int
}
