import Foundation
import HabitConcurrency
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Reminders, channels, webhooks and the delivery outbox, on both stores.
@Suite struct ReminderRepositoryTests {
    typealias Store = HabitRepository & AuthRepository & ReminderRepository
    let database: TestDatabase
    let store: any Store

    init(_ kind: StoreKind) throws {
        database = try kind.open()
        store = try #require(database.store as? any Store)
    }

    private func another() throws -> any Store {
        try #require(try database.another() as? any Store)
    }

    /// 20:00 UTC on Monday 2026-11-30.
    static let monday: Int64 = 1_796_068_800

    /// `count` slots of the 20:00 reminders of UTC accounts on Monday
    /// 2026-11-30, at instants `step` seconds apart from `monday`: each
    /// 20:00 reminder has an occurrence at each.
    static func slots(_ count: Int, step: Int64 = 60) -> [OccurrenceClaim.Slot] {
        (0..<Int64(count)).map {
            OccurrenceClaim.Slot(
                zone: "UTC", date: date("2026-11-30"), time: "20:00", instant: monday + $0 * step)
        }
    }

    /// Claims the occurrences of `slots` (any day SQL leaves undecided is
    /// due); how many this call won.
    static func claim(_ store: any Store, _ slots: [OccurrenceClaim.Slot]) throws -> Int {
        try store.claimDueOccurrences(in: slots, now: referenceTime) { _, _ in true }.claimed
    }

    @Test(arguments: StoreKind.allCases) static func aFirstReminderBringsAMailChannel(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        guard
            case .added(let reminder) = try store.addReminder(
                habitID: habit.id, owner: owner, time: "20:00", channelID: nil, webhookID: nil,
                now: referenceTime)
        else {
            Issue.record("not added")
            return
        }
        #expect(try store.channels(owner: owner).map(\.kind) == [.mail])
        // The same time again is the same reminder.
        guard
            case .added(let again) = try store.addReminder(
                habitID: habit.id, owner: owner, time: "20:00", channelID: nil, webhookID: nil,
                now: referenceTime)
        else {
            Issue.record("not added")
            return
        }
        #expect(again.id == reminder.id)
        #expect(try store.reminders(habitID: habit.id, owner: owner)?.map(\.time) == ["20:00"])
        // Another owner sees no such habit.
        let other = try store.makeUser("b@example.com").id
        #expect(try store.reminders(habitID: habit.id, owner: other) == nil)
        guard
            case .notFound = try store.addReminder(
                habitID: habit.id, owner: other, time: "21:00", channelID: nil, webhookID: nil,
                now: referenceTime)
        else {
            Issue.record("another owner added a reminder")
            return
        }
        #expect(try store.deleteReminder(id: reminder.id, habitID: habit.id, owner: other) == false)
        #expect(try store.deleteReminder(id: reminder.id, habitID: habit.id, owner: owner))
        #expect(try store.reminders(owner: owner).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) static func limitsHold(_ kind: StoreKind) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        for minute in 0..<ReminderLimits.remindersPerHabit {
            guard
                case .added = try store.addReminder(
                    habitID: habit.id, owner: owner, time: String(format: "07:%02d", minute),
                    channelID: nil, webhookID: nil, now: referenceTime)
            else {
                Issue.record("reminder \(minute) refused")
                return
            }
        }
        guard
            case .limitReached(let maximum) = try store.addReminder(
                habitID: habit.id, owner: owner, time: "08:00", channelID: nil, webhookID: nil,
                now: referenceTime)
        else {
            Issue.record("passed the reminder limit")
            return
        }
        #expect(maximum == ReminderLimits.remindersPerHabit)
        for index in 0..<ReminderLimits.webhooksPerUser {
            guard
                case .added = try store.addWebhook(
                    url: "https://example.com/\(index)", events: ["entry.changed"], secret: "s",
                    owner: owner, now: referenceTime)
            else {
                Issue.record("webhook \(index) refused")
                return
            }
        }
        guard
            case .limitReached = try store.addWebhook(
                url: "https://example.com/x", events: ["entry.changed"], secret: "s",
                owner: owner, now: referenceTime)
        else {
            Issue.record("passed the webhook limit")
            return
        }
        // The mail channel made with the first reminder counts.
        for index in 1..<ReminderLimits.channelsPerUser {
            guard
                case .added = try store.addChannel(
                    kind: .ntfy, url: "https://ntfy.sh/t\(index)", owner: owner, now: referenceTime)
            else {
                Issue.record("channel \(index) refused")
                return
            }
        }
        guard
            case .limitReached = try store.addChannel(
                kind: .ntfy, url: "https://ntfy.sh/last", owner: owner, now: referenceTime)
        else {
            Issue.record("passed the channel limit")
            return
        }
    }

    /// Two stores on one database (two server processes) claim the same
    /// occurrences at once: each is won exactly once. A claim queues no
    /// delivery; a delivery run queues at most its limit of them, the
    /// oldest first, each once.
    @Test(arguments: StoreKind.allCases) static func anOccurrenceIsClaimedOnceAcrossStores(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let second = try test.another()
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        _ = try store.addReminder(
            habitID: habit.id, owner: owner, time: "20:00", channelID: nil, webhookID: nil,
            now: referenceTime)
        let slots = Self.slots(40)
        let stores: [any Store] = [store, second, store, second]
        let won = runConcurrently(stores.count) { index in
            (try? Self.claim(stores[index], slots)) ?? -1
        }
        #expect(won.reduce(0, +) == slots.count)
        #expect(!won.contains(-1))
        #expect(
            try test.database.count("SELECT count(*) FROM reminder_occurrences")
                == Int64(slots.count))
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 0)
        let first = try store.claimDeliveries(now: referenceTime, limit: 5, lease: 60)
        #expect(first.count == 5)
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 5)
        let rest = runConcurrently(stores.count) { index in
            ((try? stores[index].claimDeliveries(now: referenceTime, limit: 100, lease: 60))
                ?? []).map(\.eventID)
        }
        let eventIDs = first.map(\.eventID) + rest.flatMap { $0 }
        #expect(eventIDs.count == slots.count)
        #expect(Set(eventIDs) == Set(slots.map { "evt_rem_\(habit.id)_\($0.instant)" }))
        #expect(
            try test.database.count("SELECT count(*) FROM deliveries") == Int64(slots.count))
    }

    /// A claimed delivery is leased: no other store takes it until the lease
    /// ends, and concurrent claimers take different deliveries.
    @Test(arguments: StoreKind.allCases) static func deliveriesAreLeasedToOneClaimer(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let second = try test.another()
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        _ = try store.addReminder(
            habitID: habit.id, owner: owner, time: "20:00", channelID: nil, webhookID: nil,
            now: referenceTime)
        #expect(try Self.claim(store, Self.slots(30, step: 1)) == 30)
        let stores: [any Store] = [store, second, store]
        let taken = runConcurrently(stores.count) { index in
            ((try? stores[index].claimDeliveries(now: referenceTime, limit: 12, lease: 60)) ?? [])
                .map(\.id)
        }
        let all = taken.flatMap { $0 }
        #expect(all.count == 30)
        #expect(Set(all).count == 30)
        let first = try #require(
            try store.claimDeliveries(
                now: referenceTime.addingTimeInterval(61), limit: 1, lease: 60
            )
            .first)
        #expect(first.attempts == 2)
        #expect(
            first.target == .mail(channelID: first.targetChannel ?? 0, address: "a@example.com"))
        #expect(
            try store.claimDeliveries(
                now: referenceTime.addingTimeInterval(30), limit: 50, lease: 60
            ).isEmpty)
    }

    /// A claimed occurrence is queued to each target its reminder names:
    /// its own channel, its own webhook, or (naming neither) every channel
    /// of the owner and every endpoint that asked for `reminder.due`; an
    /// owner without endpoints gets channel deliveries only.
    @Test(arguments: StoreKind.allCases) static func aClaimQueuesTheRemindersTargets(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let other = try store.makeUser("b@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let otherHabit = try store.createHabit(fields(), owner: other, now: referenceTime)
        for (id, who) in [(habit.id, owner), (otherHabit.id, other)] {
            _ = try store.addReminder(
                habitID: id, owner: who, time: "20:00", channelID: nil, webhookID: nil,
                now: referenceTime)
        }
        let channel = try #require(try store.channels(owner: owner).first)
        guard
            case .added(let due) = try store.addWebhook(
                url: "https://example.com/due", events: ["reminder.due"], secret: "whsec_a",
                owner: owner, now: referenceTime),
            case .added(let changes) = try store.addWebhook(
                url: "https://example.com/changes", events: ["entry.changed"],
                secret: "whsec_b", owner: owner, now: referenceTime)
        else {
            Issue.record("not added")
            return
        }
        _ = try store.addReminder(
            habitID: habit.id, owner: owner, time: "20:01", channelID: channel.id, webhookID: nil,
            now: referenceTime)
        _ = try store.addReminder(
            habitID: habit.id, owner: owner, time: "20:02", channelID: nil, webhookID: changes.id,
            now: referenceTime)
        let slots = [("20:00", 0), ("20:01", 60), ("20:02", 120)].map { time, offset in
            OccurrenceClaim.Slot(
                zone: "UTC", date: date("2026-11-30"), time: time,
                instant: Self.monday + Int64(offset))
        }
        #expect(try Self.claim(store, slots) == 4)
        #expect(try store.claimDeliveries(now: referenceTime, limit: 10, lease: 60).count == 5)
        /// Whether the occurrence's deliveries go to exactly `expected`.
        func queued(_ habit: Habit, _ offset: Int64, _ expected: [String]) throws -> Bool {
            let all =
                "SELECT count(*) FROM deliveries WHERE event_id = 'evt_rem_\(habit.id)_\(Self.monday + offset)'"
            for target in expected
            where try test.database.count(all + " AND target = '\(target)'") != 1 {
                return false
            }
            return try test.database.count(all) == Int64(expected.count)
        }
        let otherChannel = try #require(try store.channels(owner: other).first)
        #expect(try queued(habit, 0, ["c\(channel.id)", "w\(due.id)"]))
        #expect(try queued(habit, 60, ["c\(channel.id)"]))
        #expect(try queued(habit, 120, ["w\(changes.id)"]))
        #expect(try queued(otherHabit, 0, ["c\(otherChannel.id)"]))
    }

    @Test(arguments: StoreKind.allCases) static func aFailureIsTheChannelsLastErrorUntilASuccess(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        _ = try store.addReminder(
            habitID: habit.id, owner: owner, time: "20:00", channelID: nil, webhookID: nil,
            now: referenceTime)
        #expect(try Self.claim(store, Self.slots(1)) == 1)
        let delivery = try #require(
            try store.claimDeliveries(now: referenceTime, limit: 5, lease: 60).first)
        try store.finishDelivery(
            id: delivery.id,
            outcome: .retry(
                at: referenceTime.addingTimeInterval(30), error: "The mail could not be sent."),
            now: referenceTime)
        #expect(try store.channels(owner: owner).first?.lastError == "The mail could not be sent.")
        let again = try #require(
            try store.claimDeliveries(
                now: referenceTime.addingTimeInterval(30), limit: 5, lease: 60
            )
            .first)
        #expect(again.id == delivery.id && again.attempts == 2)
        try store.finishDelivery(id: again.id, outcome: .delivered, now: referenceTime)
        #expect(try store.channels(owner: owner).first?.lastError == nil)
        #expect(
            try store.claimDeliveries(
                now: referenceTime.addingTimeInterval(3600), limit: 5, lease: 60
            ).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) static func eventsGoOnlyToSubscribedEndpoints(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let other = try store.makeUser("b@example.com").id
        #expect(
            try store.enqueueEvent(
                owner: owner, event: "entry.changed", eventID: "evt_0", payload: "{}",
                now: referenceTime) == 0)
        guard
            case .added(let hook) = try store.addWebhook(
                url: "https://example.com/a", events: ["entry.changed", "habit.changed"],
                secret: "whsec_x", owner: owner, now: referenceTime)
        else {
            Issue.record("not added")
            return
        }
        _ = try store.addWebhook(
            url: "https://example.com/b", events: ["reminder.due"], secret: "whsec_y", owner: owner,
            now: referenceTime)
        #expect(
            try store.enqueueEvent(
                owner: owner, event: "entry.changed", eventID: "evt_1", payload: "{}",
                now: referenceTime) == 1)
        #expect(
            try store.enqueueEvent(
                owner: other, event: "entry.changed", eventID: "evt_2", payload: "{}",
                now: referenceTime) == 0)
        let listed = try #require(try store.deliveries(webhookID: hook.id, owner: owner))
        #expect(listed.map(\.eventID) == ["evt_1"])
        #expect(try store.deliveries(webhookID: hook.id, owner: other) == nil)
        let claimed = try store.claimDeliveries(now: referenceTime, limit: 5, lease: 60)
        #expect(
            claimed.map(\.target) == [
                .webhook(webhookID: hook.id, url: "https://example.com/a", secret: "whsec_x")
            ])
        #expect(try store.deleteWebhook(id: hook.id, owner: owner))
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 0)
    }

    /// The set-based claim of a run's slots: SQL decides the days it can
    /// (nothing logged in the period: due; not a planned day: not due),
    /// `isDue` is asked about the others only, archived habits and other
    /// zones are left out, a habit's two reminders at one time make one
    /// occurrence (the first reminder's targets), the payload holds what
    /// the `reminder.due` event is built from, and concurrent claimers
    /// claim each once.
    @Test(arguments: StoreKind.allCases) static func dueOccurrencesAreClaimedSetBased(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let second = try test.another()
        let owner = try store.makeUser("a@example.com").id
        let berliner = try store.makeUser("b@example.com").id
        _ = try store.setTimeZone("Europe/Berlin", userID: berliner)
        func habit(_ fields: HabitFields, who: Int64 = owner) throws -> Habit {
            let habit = try store.createHabit(fields, owner: who, now: referenceTime)
            _ = try store.addReminder(
                habitID: habit.id, owner: who, time: "20:00", channelID: nil, webhookID: nil,
                now: referenceTime)
            return habit
        }
        let nothing = try habit(fields(#"Lire "vite" é"#))
        let done = try habit(fields("B"))
        let partly = try habit(fields("C"))
        let weekly = try habit(fields("D", frequency: .weekly))
        let rest = try habit(fields("E", days: .weekends))
        let later = try habit(fields("F", start: "2026-12-01"))
        let archived = try habit(fields("G"))
        let twice = try habit(fields("H"))
        _ = try habit(fields("I"), who: berliner)
        _ = try store.updateHabit(
            id: archived.id, owner: owner, fields: archived.fields, status: .archived,
            now: referenceTime)
        guard
            case .added(let ntfy) = try store.addChannel(
                kind: .ntfy, url: "https://ntfy.example.com/t", owner: owner, now: referenceTime)
        else {
            Issue.record("not added")
            return
        }
        // A later reminder at the same time through the ntfy channel alone.
        _ = try store.addReminder(
            habitID: twice.id, owner: owner, time: "20:00", channelID: ntfy.id, webhookID: nil,
            now: referenceTime)
        let monday = date("2026-11-30")
        for (habit, entry) in [
            (done, ProgressEntry(date: monday, value: 10)),
            (partly, ProgressEntry(date: monday, value: 3)),
            (weekly, ProgressEntry(date: date("2026-12-01"), value: 4)),
        ] {
            _ = try store.setProgress(entry, habitID: habit.id, owner: owner)
        }
        let instant: Int64 = 1_796_068_800  // 2026-11-30T20:00:00Z
        let slots = [
            OccurrenceClaim.Slot(zone: "UTC", date: monday, time: "20:00", instant: instant)
        ]
        let asked = Locked<[Int64]>([])
        let outcome = try store.claimDueOccurrences(in: slots, now: referenceTime) {
            history, day in
            asked.withLock { $0.append(history.habit.id) }
            return history.calendarState(of: day, today: day) == .pending
                && history.entry(on: day)?.skipped != true
        }
        #expect(outcome == OccurrenceClaim.Outcome(considered: 7, claimed: 4))
        #expect(asked.withLock { Set($0) } == [done.id, partly.id, weekly.id])
        // The claims wait for a delivery run.
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 0)
        let deliveries = try store.claimDeliveries(now: referenceTime, limit: 20, lease: 60)
        let mail = try #require(try store.channels(owner: owner).first { $0.kind == .mail })
        func queued(_ habit: Habit, at instant: Int64 = instant) throws -> [String] {
            var targets: [String] = []
            for target in ["c\(ntfy.id)", "c\(mail.id)"]
            where try test.database.count(
                "SELECT count(*) FROM deliveries WHERE event_id = 'evt_rem_\(habit.id)_\(instant)'"
                    + " AND target = '\(target)'") == 1
            {
                targets.append(target)
            }
            return targets
        }
        let both = ["c\(ntfy.id)", "c\(mail.id)"]
        #expect(try queued(nothing) == both)
        #expect(try queued(partly) == both)
        #expect(try queued(weekly) == both)
        #expect(try queued(twice) == both)
        for habit in [done, rest, later, archived] { #expect(try queued(habit).isEmpty) }
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 8)
        #expect(deliveries.count == 8)
        let lines = try #require(
            deliveries.first { $0.eventID == "evt_rem_\(nothing.id)_\(instant)" }?.dueLines)
        #expect(
            lines
                == Delivery.DueLines(
                    habitID: nothing.id, instant: instant, date: "2026-11-30", time: "20:00",
                    timeZone: "UTC", habitName: #"Lire "vite" é"#))
        // Claimed once: again, or by another process, nothing more (the
        // day left undecided still not due).
        #expect(
            try second.claimDueOccurrences(in: slots, now: referenceTime) { _, _ in false }
                == OccurrenceClaim.Outcome(considered: 3, claimed: 0))
        // The next day, four claimers at once: each occurrence once.
        let tuesday = [
            OccurrenceClaim.Slot(
                zone: "UTC", date: date("2026-12-01"), time: "20:00", instant: instant + 86_400)
        ]
        let stores: [any Store] = [store, second, store, second]
        let won = runConcurrently(stores.count) { index in
            (try? stores[index].claimDueOccurrences(in: tuesday, now: referenceTime) {
                history, day in
                history.calendarState(of: day, today: day) == .pending
                    && history.entry(on: day)?.skipped != true
            })?.claimed ?? -1
        }
        // All but the rest day's and the archived habit's; the weekly
        // habit's week is not done yet.
        #expect(won.reduce(0, +) == 6 && !won.contains(-1))
        _ = try store.claimDeliveries(now: referenceTime, limit: 50, lease: 60)
        #expect(try queued(later, at: instant + 86_400) == both)
    }

    /// A slot is for the accounts of its zone and day boundary: at 01:30
    /// UTC on Tuesday 1 December, an account whose day starts at 03:00 is
    /// still on Monday (rule 7), its occurrence judged and kept for Monday.
    @Test(arguments: StoreKind.allCases) static func aSlotIsForTheAccountsOfItsDayBoundary(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let late = try store.makeUser("late@example.com").id
        let three = try #require(DayBoundary("03:00"))
        _ = try store.setDayStartsAt(three, userID: late)
        func habit(_ name: String, who: Int64) throws -> Habit {
            let habit = try store.createHabit(fields(name), owner: who, now: referenceTime)
            _ = try store.addReminder(
                habitID: habit.id, owner: who, time: "01:30", channelID: nil, webhookID: nil,
                now: referenceTime)
            _ = try store.setProgress(
                ProgressEntry(date: date("2026-11-30"), value: 10), habitID: habit.id, owner: who)
            return habit
        }
        // Each done on Monday; the late account's "Open" is not.
        let early = try habit("Early", who: owner)
        let lateDone = try habit("Done", who: late)
        let lateOpen = try store.createHabit(fields("Open"), owner: late, now: referenceTime)
        _ = try store.addReminder(
            habitID: lateOpen.id, owner: late, time: "01:30", channelID: nil, webhookID: nil,
            now: referenceTime)
        #expect(
            Set(try store.reminderZones())
                == [OccurrenceClaim.Zone("UTC"), OccurrenceClaim.Zone("UTC", dayStartsAt: three)])
        let instant = monday + 5 * 3_600 + 30 * 60  // 2026-12-01T01:30:00Z
        let midnightSlot = OccurrenceClaim.Slot(
            zone: "UTC", date: date("2026-12-01"), time: "01:30", instant: instant)
        let lateSlot = OccurrenceClaim.Slot(
            zone: "UTC", date: date("2026-11-30"), time: "01:30", instant: instant,
            dayStartsAt: three)
        let asked = Locked<[String]>([])
        let outcome = try store.claimDueOccurrences(
            in: [midnightSlot, lateSlot], now: referenceTime
        ) { history, day in
            asked.withLock { $0.append("\(history.habit.name) \(day)") }
            return history.calendarState(of: day, today: day) == .pending
        }
        // Early's Tuesday is empty (due for sure); Done's Monday is weighed
        // and done; Open's Monday is empty.
        #expect(outcome == OccurrenceClaim.Outcome(considered: 3, claimed: 2))
        #expect(asked.withLock { $0 } == ["Done 2026-11-30"])
        let deliveries = try store.claimDeliveries(now: referenceTime, limit: 20, lease: 60)
        let dates = Dictionary(
            uniqueKeysWithValues: deliveries.compactMap { $0.dueLines }.map {
                ($0.habitID, $0.date)
            })
        #expect(dates == [early.id: "2026-12-01", lateOpen.id: "2026-11-30"])
        #expect(dates[lateDone.id] == nil)
    }

    @Test(arguments: StoreKind.allCases) static func aHabitsRemindersAndClaimsGoWithIt(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        let kept = try store.createHabit(fields("Read"), owner: owner, now: referenceTime)
        let deleted = try store.createHabit(fields("Run"), owner: owner, now: referenceTime)
        for habit in [kept, deleted] {
            _ = try store.addReminder(
                habitID: habit.id, owner: owner, time: "20:00", channelID: nil, webhookID: nil,
                now: referenceTime)
        }
        #expect(try Self.claim(store, Self.slots(1)) == 2)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-02"), value: 3), habitID: kept.id, owner: owner)
        let entries = try store.entries(
            habitIDs: [kept.id, deleted.id], from: date("2026-03-01"), to: date("2026-03-07"))
        #expect(entries[kept.id]?.map(\.value) == [3] && entries[deleted.id] == nil)
        #expect(try store.deleteHabit(id: deleted.id, owner: owner))
        #expect(try store.reminders(owner: owner).map(\.habitID) == [kept.id])
        // Its claimed occurrence goes too, so a delivery run sends nothing for it.
        let sent = try store.claimDeliveries(now: referenceTime, limit: 10, lease: 60)
        #expect(sent.map(\.eventID) == ["evt_rem_\(kept.id)_\(Self.monday)"])
    }
}

extension Delivery {
    /// The channel of a mail or ntfy target.
    fileprivate var targetChannel: Int64? {
        switch target {
        case .mail(let id, _), .ntfy(let id, _): return id
        default: return nil
        }
    }
}
