import Foundation
import HabitClient
import HabitConcurrency
import HabitCore
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitsCLI

/// Convergence, model-based: two or three devices (each its own replica and
/// connection) and one real habits-server in this process run a seeded
/// random schedule of adds, done, set, skip, undo, notes, edits, archive and
/// delete, interleaved with connection cuts (nothing leaves) and lost
/// answers (the server applied the change, the device never heard). At the
/// end every device syncs; then every device's habits and entries equal the
/// server's, and both equal a reference model that applies each change the
/// server accepted, in the order it first accepted it (increments summed).
/// Every change a device reported saved was accepted exactly once, refused
/// (and kept as rejected), or was a deletion of a habit already gone.
@Suite(.serialized) struct SyncModelTests {
    static let schedules = 200
    static let steps = 24

    @Test func everyDeviceConvergesOnTheServerAndTheModel() async throws {
        for seed in 0..<UInt64(Self.schedules) {
            try await Self.run(seed: seed)
        }
    }

    // MARK: - One schedule

    static func run(seed: UInt64) async throws {
        var random = SplitMix(seed: seed)
        let server = try APITestServer()
        defer { server.stop() }
        let arrivals = ArrivalLog()
        let tokens = try server.signIn("model@example.com")
        let deviceCount = 2 + Int(random.next() % 2)
        var devices: [Device] = []
        for index in 0..<deviceCount {
            let device = try Device(
                index: index, server: server, tokens: tokens, arrivals: arrivals)
            let first = try await device.backend().syncOnce(waiting: 600)
            try #require(first?.pulled == true, "seed \(seed): device \(index) did not sync")
            devices.append(device)
        }
        let days = (0..<3).map { LocalDate(year: 2026, month: 11, day: 28 + $0)! }
        for _ in 0..<steps {
            let device = devices[Int(random.next() % UInt64(devices.count))]
            try await step(device, days: days, random: &random)
        }
        // Everyone back online; two rounds, so the first devices receive
        // what the last ones sent.
        for device in devices { device.link.state.withLock { $0 = .up } }
        for _ in 0..<2 {
            for device in devices {
                let report = try await device.backend().syncOnce(waiting: 600)
                #expect(report?.failure == nil, "seed \(seed)")
            }
        }
        let expected = arrivals.model()
        let onServer = try await devices[0].serverSnapshot()
        #expect(onServer == expected, "seed \(seed): the server differs from the model")
        for device in devices {
            let replica = try device.replicaSnapshot()
            #expect(
                replica == onServer, "seed \(seed): device \(device.index) differs from the server")
            let outbox = try device.outbox()
            #expect(
                outbox.pending.isEmpty, "seed \(seed): device \(device.index) has changes waiting")
            let accounted = arrivals.applied(from: device.index).union(outbox.rejected)
                .union(arrivals.alreadyGone(from: device.index))
            #expect(
                device.saved.withLock { $0 } == accounted.count,
                "seed \(seed): device \(device.index) saved \(device.saved.withLock { $0 }) changes, \(accounted.count) accounted for"
            )
        }
        #expect(arrivals.doubled() == 0, "seed \(seed): a keyed change was applied twice")
    }

    /// One random command (or a change of the connection) on `device`.
    static func step(_ device: Device, days: [LocalDate], random: inout SplitMix) async throws {
        let roll = random.next() % 100
        if roll < 15 {
            let states: [Link.State] = [.up, .down, .losingAnswers]
            device.link.state.withLock { $0 = states[Int(random.next() % 3)] }
            return
        }
        let backend = device.backend()
        let habits = try device.store.habits(owner: device.owner, status: .all)
        let names = ["Read", "Run", "Swim", "Walk"]
        let name = names[Int(random.next() % UInt64(names.count))]
        let day = days[Int(random.next() % UInt64(days.count))]
        let amount = Decimal(Int(random.next() % 3) + 1)
        guard let habit = habits.isEmpty ? nil : habits[Int(random.next() % UInt64(habits.count))],
            roll >= 25
        else {
            let fields = HabitFields(
                name: name, frequency: .daily, measurementType: "times",
                startDate: LocalDate(year: 2026, month: 11, day: 1)!, actionDays: .everyDay,
                targetValue: 3)
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.createHabit(fields)
            }
            return
        }
        let id = habit.id
        switch roll {
        case 25..<45:
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.addToEntry(
                    habitID: id, date: day, amount: amount, note: .keep)
            }
        case 45..<55:
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.setEntry(
                    ProgressEntry(date: day, value: amount), note: .keep, habitID: id)
            }
        case 55..<62:
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.setEntry(
                    ProgressEntry(date: day, value: 0, skipped: true), note: .keep, habitID: id)
            }
        case 62..<70:
            await device.attempt { () async throws(CommandError) in
                try await backend.deleteEntry(habitID: id, date: day)
            }
        case 70..<77:
            let note = "note \(random.next() % 5)"
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.addToEntry(
                    habitID: id, date: day, amount: 1, note: .replace(note))
            }
        case 77..<84:
            let changes =
                random.next() % 2 == 0
                ? HabitChanges(name: name) : HabitChanges(targetValue: amount + 1)
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.updateHabit(id: id, changes: changes)
            }
        case 84..<90:
            let status: HabitStatus = habit.status == .active ? .archived : .active
            await device.attempt { () async throws(CommandError) in
                _ = try await backend.updateHabit(id: id, changes: HabitChanges(status: status))
            }
        case 90..<94:
            await device.attempt { () async throws(CommandError) in
                try await backend.deleteHabit(id: id)
            }
        default:
            _ = try await backend.syncOnce(waiting: 600)
        }
    }

    // MARK: - A device

    /// One device: its own directory, replica and connection.
    final class Device: Sendable {
        let index: Int
        let directory: TemporaryDirectory
        let store: SQLiteStore
        let owner: Int64
        let client: HabitAPIClient
        let link: Link
        let clock: WallClock
        /// How many changes a command reported saved.
        let saved = Locked(0)

        init(
            index: Int, server: APITestServer, tokens: (access: String, refresh: String),
            arrivals: ArrivalLog
        )
            throws
        {
            self.index = index
            directory = try TemporaryDirectory(prefix: "habits-sync-model")
            clock = server.clock.wallClock
            let tokenStore = FileTokenStore(directory: directory.url.path)
            try tokenStore.save(
                StoredCredentials(
                    session: StoredSession(
                        server: server.baseURL, email: "model@example.com",
                        accessToken: tokens.access, refreshToken: tokens.refresh,
                        serverClock: ServerClock(offset: 0))))
            link = Link(device: index, arrivals: arrivals)
            client = HabitAPIClient(
                configuration: try APIConfiguration(baseURL: server.baseURL),
                tokenStore: tokenStore, clock: clock, middlewares: [link])
            store = try SQLiteStore(
                path: directory.url.appendingPathComponent("replica.sqlite3").path, readerCount: 0,
                role: .client)
            try store.prepareReplica()
            owner = try store.localUser(now: clock.now()).id
        }

        /// The backend of one command: a fresh sync session.
        func backend() -> ReplicaBackend {
            let notes = TextOutput(CapturedText())
            let path = directory.url.path
            return ReplicaBackend(
                mode: .server(url: client.configuration.baseURLString), store: store, owner: owner,
                sync: ReplicaSync(store: store, owner: owner, client: client, clock: clock),
                remote: RemoteBackend(
                    client: client, cache: HabitListCache(path: path + "/list.json"),
                    features: ServerFeatureNotes(path: path + "/features.json"), clock: clock,
                    indicator: ActivityIndicator(output: notes, enabled: false, unicode: false),
                    notes: notes),
                session: SyncSession(), timeout: 600,
                features: ServerFeatureNotes(path: path + "/features.json"), clock: clock,
                notes: notes)
        }

        /// Runs a command's change; counts it when it reports success.
        func attempt(_ body: () async throws(CommandError) -> Void) async {
            do throws(CommandError) {
                try await body()
                saved.withLock { $0 += 1 }
            } catch {
                // Refused on this device (a name taken here, a habit gone):
                // not saved, and said so.
            }
        }

        /// The keys of the changes waiting and of those refused.
        func outbox() throws -> (pending: Set<String>, rejected: Set<String>) {
            try store.replica(owner: owner) { replica throws(StoreError) in
                (
                    Set(try replica.outbox(state: .pending).map(\.idempotencyKey)),
                    Set(try replica.outbox(state: .rejected).map(\.idempotencyKey))
                )
            }
        }

        func replicaSnapshot() throws -> [Int64: HabitSnapshot] {
            try store.replica(owner: owner) { replica throws(StoreError) in
                var result: [Int64: HabitSnapshot] = [:]
                for habit in try replica.habits() {
                    result[habit.id] = HabitSnapshot(
                        habit, entries: try replica.entries(habitID: habit.id))
                }
                return result
            }
        }

        func serverSnapshot() async throws -> [Int64: HabitSnapshot] {
            var result: [Int64: HabitSnapshot] = [:]
            for listed in try await client.habits(status: .all) {
                let habit = listed.habit
                result[habit.id] = HabitSnapshot(
                    habit,
                    entries: try await client.progress(
                        habitID: habit.id, from: LocalDate(year: 2026, month: 11, day: 1)!,
                        to: LocalDate(year: 2026, month: 12, day: 31)!))
            }
            return result
        }
    }

    /// What is compared: a habit's fields and status, and its entries.
    struct HabitSnapshot: Hashable, CustomStringConvertible {
        var name: String
        var target: Decimal
        var status: HabitStatus
        var entries: [LocalDate: ProgressEntry]

        init(_ habit: Habit, entries: [ProgressEntry]) {
            name = habit.name
            target = habit.targetValue
            status = habit.status
            self.entries = Dictionary(entries.map { ($0.date, $0) }, uniquingKeysWith: { $1 })
        }

        init(name: String, target: Decimal) {
            self.name = name
            self.target = target
            status = .active
            entries = [:]
        }

        var description: String {
            "\(name)/\(target)/\(status.rawValue) "
                + entries.keys.sorted().map { date in
                    let entry = entries[date]!
                    return
                        "\(date)=\(entry.value)\(entry.skipped ? "s" : "")\(entry.note.map { "[\($0)]" } ?? "")"
                }.joined(separator: ",")
        }
    }

    // MARK: - The connection and what reached the server

    /// A device's connection: up, cut (nothing leaves), or losing answers
    /// (the request reaches the server, the answer never comes back).
    final class Link: ClientMiddleware {
        enum State: Sendable { case up, down, losingAnswers }
        let state = Locked(State.up)
        /// The next feed request with a cursor is answered 410 `cursor_expired`.
        let expireNextCursor = Locked(false)
        let device: Int
        let arrivals: ArrivalLog

        init(device: Int, arrivals: ArrivalLog) {
            self.device = device
            self.arrivals = arrivals
        }

        func intercept(
            _ request: TransportRequest,
            next: @Sendable (TransportRequest) async throws -> TransportResponse
        ) async throws -> TransportResponse {
            let current = state.withLock { $0 }
            if current == .down { throw APIError.unreachable(host: "127.0.0.1") }
            if request.url.path.hasSuffix("/me/changes/"),
                request.url.query?.contains("since=") == true,
                expireNextCursor.withLock({ expire in
                    defer { expire = false }
                    return expire
                })
            {
                return TransportResponse(
                    status: 410, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"code": "cursor_expired", "message": "Start over."}"#.utf8))
            }
            let response = try await next(request)
            arrivals.record(request, response, device: device)
            if current == .losingAnswers { throw APIError.connectionLost(host: "127.0.0.1") }
            return response
        }
    }

    /// Every change the server applied, in the order it did (the devices
    /// take turns, so the order answers arrive in is the order the server
    /// committed them), as the requests that carried them. An answer marked
    /// `Idempotent-Replayed` applied nothing. This server replays keyed POSTs
    /// only (create, increment): a PUT, PATCH or DELETE sent again after its
    /// answer was lost is applied again where it then arrives, and is
    /// logged there again.
    final class ArrivalLog: Sendable {
        struct Arrival: Sendable {
            var device: Int
            var method: TransportRequest.Method
            var path: [String]
            var body: Data?
            var answer: Data
        }

        private struct State {
            var arrivals: [Arrival] = []
            var applied: [Int: Set<String>] = [:]
            var gone: [Int: Set<String>] = [:]
            /// Keyed POSTs applied a second time (never replayed): doubled changes.
            var doubled = 0
        }

        private let state = Locked(State())

        func record(_ request: TransportRequest, _ response: TransportResponse, device: Int) {
            guard request.method != .get, let key = request.header("Idempotency-Key") else {
                return
            }
            let path = request.url.path.split(separator: "/").map(String.init)
            state.withLock { state in
                let seen = state.applied[device, default: []].contains(key)
                if request.method == .delete, path.count == 4, response.status == 404, !seen {
                    state.gone[device, default: []].insert(key)
                    return
                }
                guard (200..<300).contains(response.status),
                    response.header("Idempotent-Replayed") != "true"
                else { return }
                if seen && request.method == .post { state.doubled += 1 }
                state.applied[device, default: []].insert(key)
                state.arrivals.append(
                    Arrival(
                        device: device, method: request.method, path: path, body: request.body,
                        answer: response.body))
            }
        }

        /// The keys of `device`'s changes the server applied.
        func applied(from device: Int) -> Set<String> {
            state.withLock { $0.applied[device, default: []] }
        }

        /// The keys of `device`'s deletions of a habit already gone.
        func alreadyGone(from device: Int) -> Set<String> {
            state.withLock { $0.gone[device, default: []] }
        }

        func doubled() -> Int { state.withLock { $0.doubled } }

        /// The reference model: the accepted changes applied in order, by
        /// the contract's rules, not by the server's code.
        func model() -> [Int64: HabitSnapshot] {
            var habits: [Int64: HabitSnapshot] = [:]
            for arrival in state.withLock({ $0.arrivals }) {
                let body =
                    arrival.body.flatMap {
                        try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
                    } ?? [:]
                // api, me, habits, {id}, progress, {date}, increment
                let path = arrival.path
                switch (arrival.method, path.count) {
                case (.post, 3):
                    let answer =
                        (try? JSONSerialization.jsonObject(with: arrival.answer) as? [String: Any])
                        ?? [:]
                    guard let id = (answer["id"] as? NSNumber)?.int64Value else { continue }
                    habits[id] = HabitSnapshot(
                        name: body["name"] as? String ?? "",
                        target: Self.decimal(body["target_value"]))
                case (.patch, 4):
                    guard let id = Int64(path[3]), var habit = habits[id] else { continue }
                    if let name = body["name"] as? String { habit.name = name }
                    if body["target_value"] != nil {
                        habit.target = Self.decimal(body["target_value"])
                    }
                    if let status = (body["status"] as? String).flatMap(HabitStatus.init(rawValue:))
                    {
                        habit.status = status
                    }
                    habits[id] = habit
                case (.delete, 4):
                    guard let id = Int64(path[3]) else { continue }
                    habits[id] = nil
                case (_, 6), (_, 7):
                    guard let id = Int64(path[3]), let date = LocalDate(path[5]),
                        var habit = habits[id]
                    else { continue }
                    let stored = habit.entries[date]
                    let note = Self.note(body, keeping: stored?.note)
                    switch arrival.method {
                    case .post:
                        habit.entries[date] = ProgressEntry(
                            date: date, value: (stored?.value ?? 0) + Self.decimal(body["amount"]),
                            skipped: false, note: note)
                    case .put:
                        habit.entries[date] = ProgressEntry(
                            date: date, value: Self.decimal(body["value"]),
                            skipped: body["skipped"] as? Bool ?? false, note: note)
                    case .delete:
                        habit.entries[date] = nil
                    default:
                        continue
                    }
                    habits[id] = habit
                default:
                    continue
                }
            }
            return habits
        }

        static func decimal(_ value: Any?) -> Decimal {
            if let number = value as? NSNumber { return Decimal(string: number.stringValue) ?? 0 }
            if let text = value as? String { return Decimal(string: text) ?? 0 }
            return 0
        }

        /// `note` absent keeps the note, null removes it, text replaces it.
        static func note(_ body: [String: Any], keeping stored: String?) -> String? {
            guard let value = body["note"] else { return stored }
            return value as? String
        }
    }

    /// A small seeded generator (SplitMix64), so a failing seed replays.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
