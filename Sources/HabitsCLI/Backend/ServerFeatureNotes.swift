import Foundation
import HabitFiles

/// What this device has learnt a server lacks, so `habits status` can say so.
///
/// One JSON file in $XDG_CACHE_HOME/habits (0600, written atomically):
/// `{"server": URL, "missing": ["increment"], "checked_at": seconds}`.
/// Written when a server first answers that it has no such route; a note for
/// another server is ignored. A note older than `recheckAfter` is due for a
/// new try (servers get upgraded), and goes when the route answers again.
struct ServerFeatureNotes: Sendable {
    /// A route the client uses when the server has it.
    enum Feature: String, Codable, Sendable {
        /// `POST …/progress/{date}/increment/`: without it `done` reads, then writes.
        case increment
        /// `GET me/changes/`: without it there is no replica, and server
        /// mode stays online-only.
        case changeFeed = "change_feed"
    }

    private struct Note: Codable {
        var server: String
        var missing: [Feature]
        var checkedAt: Double?

        enum CodingKeys: String, CodingKey {
            case server, missing
            case checkedAt = "checked_at"
        }
    }

    /// How long a missing feature is taken as missing before it is tried again.
    static let recheckAfter: TimeInterval = 86_400

    let path: String

    private func note(on server: String) -> Note? {
        guard let data = try? AtomicFile.read(path),
            let note = try? JSONDecoder().decode(Note.self, from: data), note.server == server
        else { return nil }
        return note
    }

    /// The features `server` was last seen to lack.
    func missing(on server: String) -> Set<Feature> {
        Set(note(on: server)?.missing ?? [])
    }

    /// Whether `feature` is worth trying on `server` at `now`: not known to
    /// be missing, or last found missing longer ago than `recheckAfter`.
    func worthTrying(_ feature: Feature, on server: String, now: Date) -> Bool {
        guard let note = note(on: server), note.missing.contains(feature) else { return true }
        return now.timeIntervalSince1970 - (note.checkedAt ?? 0) > Self.recheckAfter
    }

    /// Records whether `server` has `feature`; returns whether this is news.
    @discardableResult
    func record(_ feature: Feature, available: Bool, on server: String, now: Date) -> Bool {
        let previous = note(on: server)
        var missing = Set(previous?.missing ?? [])
        let changed =
            available ? missing.remove(feature) != nil : missing.insert(feature).inserted
        // An unchanged "available" needs no write; an unchanged "missing"
        // renews the time it was checked.
        if !changed && available { return false }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let note = Note(
            server: server, missing: missing.sorted { $0.rawValue < $1.rawValue },
            checkedAt: now.timeIntervalSince1970)
        if let data = try? encoder.encode(note) {
            // Losing the note only loses a line of `habits status`.
            try? AtomicFile.write(data, to: path)
        }
        return changed
    }
}
