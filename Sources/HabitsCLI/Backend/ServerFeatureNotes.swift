import Foundation
import HabitCore

/// What this device has learnt a server lacks, so `habits status` can say so.
///
/// One JSON file in $XDG_CACHE_HOME/habits (0600, written atomically):
/// `{"server": URL, "missing": ["increment"]}`. Written when a server first
/// answers that it has no such route; a note for another server is ignored,
/// and the note goes when the server offers the route again.
struct ServerFeatureNotes: Sendable {
    /// A route the client uses when the server has it.
    enum Feature: String, Codable, Sendable {
        /// `POST …/progress/{date}/increment/`: without it `done` reads, then writes.
        case increment
    }

    private struct Note: Codable {
        var server: String
        var missing: [Feature]
    }

    let path: String

    /// The features `server` was last seen to lack.
    func missing(on server: String) -> Set<Feature> {
        guard let data = try? AtomicFile.read(path),
            let note = try? JSONDecoder().decode(Note.self, from: data), note.server == server
        else { return [] }
        return Set(note.missing)
    }

    /// Records whether `server` has `feature`; returns whether this is news.
    @discardableResult
    func record(_ feature: Feature, available: Bool, on server: String) -> Bool {
        var missing = self.missing(on: server)
        let changed =
            available ? missing.remove(feature) != nil : missing.insert(feature).inserted
        guard changed else { return false }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let note = Note(server: server, missing: missing.sorted { $0.rawValue < $1.rawValue })
        if let data = try? encoder.encode(note) {
            // Losing the note only loses a line of `habits status`.
            try? AtomicFile.write(data, to: path)
        }
        return true
    }
}
