import Foundation
import HabitClient
import HabitConcurrency
import HabitCore

extension RemoteBackend: HabitImporting {
    /// How many requests an import keeps in flight at once.
    static let importConcurrency = 8
    /// A batch body stays under this many bytes (the server takes 64 KiB).
    static let batchBodyLimit = 60_000

    /// Through the API: the server's habits are read, the plan made, then
    /// habits created (archived ones through a free active slot, then
    /// archived) and entries written in batches of up to 1,000, eight
    /// requests at a time. A server without the batch route gets one PUT per
    /// entry, eight at a time. Not one transaction: an import that stops
    /// half-way says how far it got, and running it again finishes it, since
    /// it is idempotent.
    func importHabits(
        _ habits: [MappedHabit], options: ImportOptions, report: ImportReport, dryRun: Bool,
        progress: ImportProgress
    ) async throws(CommandError) -> ImportReport {
        // The client is called directly, not through `call`: the import's
        // progress bar owns standard error, and a spinner would fight it.
        let client = client
        let existing: [Habit]
        do throws(APIError) {
            existing = try await client.habits(status: .all).map(\.habit)
        } catch {
            throw CommandError.api(error)
        }
        // Entries of the habits the plan may match: same name, or a renamed
        // or numbered form of it.
        var stored: [Int64: [ProgressEntry]] = [:]
        for habit in existing
        where habits.contains(where: { habit.name.hasPrefix($0.fields.name) }) {
            stored[habit.id] = try await entriesForImport(of: habit)
        }
        var plan = try ImportPlan.make(
            habits, existing: existing, options: options, report: report
        ) { habit throws(CommandError) in
            guard let entries = stored[habit.id] else {
                throw CommandError.api(.internalInconsistency("no entries read for \(habit.id)"))
            }
            return entries
        }
        if let refusal = plan.refusal { throw CommandError.importRefused(refusal) }
        progress.start(total: plan.report.entriesWritten)
        if dryRun { return plan.report }

        let activeCount = existing.filter { $0.status == .active }.count
        if !plan.creates.isEmpty, activeCount >= Habit.maximumActiveCount,
            plan.creates.contains(where: { $0.status == .archived })
        {
            throw CommandError.archivedImportPastActiveLimit(maximum: Habit.maximumActiveCount)
        }
        var work: [(habitID: Int64, entries: [ProgressEntry])] = plan.merges.map {
            ($0.habit.id, $0.entries)
        }
        // Archived ones first, each through the free slot it leaves again.
        let order = plan.creates.indices.sorted {
            (plan.creates[$0].status == .archived ? 0 : 1, $0)
                < (plan.creates[$1].status == .archived ? 0 : 1, $1)
        }
        let written = 0  // Entries are written once every habit exists.
        for index in order {
            let new = plan.creates[index]
            var habit: Habit
            do throws(APIError) {
                habit = try await client.createHabit(new.mapped.fields)
                if new.status == .archived {
                    habit = try await client.updateHabit(
                        id: habit.id, changes: HabitChanges(status: .archived))
                }
            } catch {
                throw CommandError.api(error, check: "habits list --all").importStopped(
                    written: written, of: plan.report.entriesWritten)
            }
            // A server older than a field ignores it: a limit would become
            // a minimum without a word, so the import stops instead.
            let lost = Self.fieldsNotKept(sent: new.mapped.fields, created: habit)
            if !lost.isEmpty {
                throw CommandError.importFieldsNotKept(name: habit.name, id: habit.id, fields: lost)
            }
            plan.report.created[index].id = habit.id
            work.append((habit.id, new.mapped.entries))
        }
        try await write(work, progress: progress, total: plan.report.entriesWritten)
        return plan.report
    }

    /// The wire names of the second model's properties (`goal`,
    /// `period_days`, `group`) that `created`, the server's answer, does not
    /// hold as `sent`: a server that predates them leaves them out.
    static func fieldsNotKept(sent: HabitFields, created: Habit) -> [String] {
        var lost: [String] = []
        if created.goal != sent.goal { lost.append("goal") }
        if created.periodDays != sent.periodDays { lost.append("period_days") }
        if created.group.map(HabitFields.trimmed) != sent.group.map(HabitFields.trimmed) {
            lost.append("group")
        }
        return lost
    }

    func allEntries(of habit: Habit) async throws(CommandError) -> [ProgressEntry] {
        let (from, to) = entryRange(of: habit)
        return try await entries(habitID: habit.id, from: from, to: to)
    }

    /// Where a habit's entries are looked for: the API reads at most 3,700
    /// days at once, so from ten years before the start date through ten
    /// years after today, in a few requests.
    private func entryRange(of habit: Habit) -> (from: LocalDate, to: LocalDate) {
        (
            habit.startDate.adding(days: -3_650),
            max(clock.today, habit.startDate).adding(days: 3_650)
        )
    }

    /// `allEntries` without the spinner.
    private func entriesForImport(of habit: Habit) async throws(CommandError) -> [ProgressEntry] {
        let (from, to) = entryRange(of: habit)
        do throws(APIError) {
            return try await Self.entries(habitID: habit.id, from: from, to: to, client: client)
        } catch {
            throw CommandError.api(error)
        }
    }

    /// Writes `work` in batches, or entry by entry against a server without
    /// the batch route, `importConcurrency` requests at a time.
    private func write(
        _ work: [(habitID: Int64, entries: [ProgressEntry])], progress: ImportProgress, total: Int
    ) async throws(CommandError) {
        let client = client
        var batches: [Batch] = []
        for (habitID, entries) in work where !entries.isEmpty {
            batches += Self.batches(of: entries).map { Batch(habitID: habitID, entries: $0) }
        }
        guard let first = batches.first else { return }
        let written = Locked(0)
        var batchRoute = true
        do throws(APIError) {
            let count = try await client.setProgressBatch(
                habitID: first.habitID, entries: first.entries)
            written.withLock { $0 += count }
            progress.advance(by: count)
        } catch .notSupported {
            batchRoute = false
        } catch {
            throw CommandError.api(error).importStopped(written: 0, of: total)
        }
        let rest: [Batch]
        if batchRoute {
            rest = Array(batches.dropFirst())
        } else {
            notesOutput.line(
                "habits: note: this server has no batch progress route; writing \(total) "
                    + "entries one at a time.")
            rest = batches.flatMap { batch in
                batch.entries.map { Batch(habitID: batch.habitID, entries: [$0]) }
            }
        }
        let useBatches = batchRoute
        let failure = await Self.forEach(rest, limit: Self.importConcurrency) {
            batch async throws(APIError) in
            let count: Int
            if useBatches {
                count = try await client.setProgressBatch(
                    habitID: batch.habitID, entries: batch.entries)
            } else {
                for entry in batch.entries {
                    _ = try await client.setProgress(
                        habitID: batch.habitID, entry: entry, note: .replace(entry.note))
                }
                count = batch.entries.count
            }
            written.withLock { $0 += count }
            progress.advance(by: count)
        }
        if let failure {
            throw CommandError.api(failure).importStopped(
                written: written.withLock { $0 }, of: total)
        }
    }

    private struct Batch: Sendable {
        var habitID: Int64
        var entries: [ProgressEntry]
    }

    /// `entries` in batches of at most 1,000 whose bodies stay under the limit.
    static func batches(of entries: [ProgressEntry]) -> [[ProgressEntry]] {
        var result: [[ProgressEntry]] = []
        var current: [ProgressEntry] = []
        var bytes = 16
        for entry in entries {
            // `{"date":"YYYY-MM-DD","skipped":false,"value":…},` and
            // `,"note":"…"`, every byte of which JSON may escape to two.
            let note = entry.note.map { 10 + 2 * $0.utf8.count } ?? 0
            let size = 42 + entry.value.description.utf8.count + note
            if current.count == ProgressEntry.maximumBatchEntries
                || bytes + size > batchBodyLimit
            {
                result.append(current)
                current = []
                bytes = 16
            }
            current.append(entry)
            bytes += size
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Runs `body` on every item with at most `limit` at once; the first
    /// failure stops new work and is returned.
    static func forEach<Item: Sendable>(
        _ items: [Item], limit: Int,
        _ body: @escaping @Sendable (Item) async throws(APIError) -> Void
    ) async -> APIError? {
        await withTaskGroup(of: Result<Void, APIError>.self) { group in
            var next = 0
            var failure: APIError?
            func addTask() {
                let item = items[next]
                next += 1
                group.addTask {
                    // The Result is built on its own, outside any tuple (see
                    // `recentHistories` on the release-build miscompile).
                    let result: Result<Void, APIError>
                    do throws(APIError) {
                        try await body(item)
                        result = .success(())
                    } catch {
                        result = .failure(error)
                    }
                    return result
                }
            }
            while next < items.count && next < limit { addTask() }
            for await result in group {
                if case .failure(let error) = result, failure == nil {
                    failure = error
                    group.cancelAll()
                }
                if failure == nil, next < items.count { addTask() }
            }
            return failure
        }
    }
}
