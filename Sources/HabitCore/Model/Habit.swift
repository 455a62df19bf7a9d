import Foundation

/// A habit as the API and the stores know it.
///
/// Wire names: id, name, frequency, measurement_type, start_date, action_days,
/// target_value, goal, period_days, group, status, icon, color, position,
/// created_at, updated_at (timestamps in RFC 3339 UTC, optional on input;
/// period_days, group, icon, color and position absent when unset). `goal` is read as AT_LEAST when
/// absent, so data of the first model reads unchanged, and always written,
/// as the contract's answers carry it.
public struct Habit: Hashable, Sendable, Identifiable {
    /// A user has at most this many active habits.
    public static let maximumActiveCount = 15

    public var id: Int64
    public var name: String
    public var frequency: Frequency
    /// The unit the target is counted in: "times", "kcal", "km", … (1–32 characters).
    public var measurementType: String
    public var startDate: LocalDate
    public var actionDays: ActionDays
    /// The amount to reach (or, for an at-most habit, not to go over) in
    /// each period: ≤ 1,000,000, and > 0 unless the goal is at most.
    public var targetValue: Decimal
    /// Whether the target is a minimum (the default) or a limit.
    public var goal: Goal
    /// N of an EVERY_N_DAYS habit (2…365); `nil` for the other frequencies.
    public var periodDays: Int?
    /// The group the habit is shown under (`HabitFields.problems(group:)`),
    /// or none: only an arrangement, never a rule.
    public var group: String?
    public var status: HabitStatus
    /// One emoji (`HabitFields.problems(icon:)`), or none.
    public var icon: String?
    /// `#rrggbb` (`HabitFields.problems(color:)`), or none.
    public var color: String?
    /// The habit's place in the person's order (`HabitOrder`), or none.
    public var position: Int?
    public var createdAt: Date?
    public var updatedAt: Date?

    public init(
        id: Int64, name: String, frequency: Frequency, measurementType: String,
        startDate: LocalDate, actionDays: ActionDays, targetValue: Decimal,
        goal: Goal = .atLeast, periodDays: Int? = nil, group: String? = nil,
        status: HabitStatus = .active, icon: String? = nil, color: String? = nil,
        position: Int? = nil, createdAt: Date? = nil,
        updatedAt: Date? = nil
    ) {
        self.position = position
        self.icon = icon
        self.color = color
        self.id = id
        self.name = name
        self.frequency = frequency
        self.measurementType = measurementType
        self.startDate = startDate
        self.actionDays = actionDays
        self.targetValue = targetValue
        self.goal = goal
        self.periodDays = periodDays
        self.group = group
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Creates a habit with the given id from validated fields.
    public init(
        id: Int64, fields: HabitFields, status: HabitStatus = .active, createdAt: Date? = nil,
        updatedAt: Date? = nil
    ) {
        self.init(
            id: id, name: fields.name, frequency: fields.frequency,
            measurementType: fields.measurementType, startDate: fields.startDate,
            actionDays: fields.actionDays, targetValue: fields.targetValue, goal: fields.goal,
            periodDays: fields.periodDays, group: fields.group, status: status, icon: fields.icon,
            color: fields.color, position: fields.position,
            createdAt: createdAt, updatedAt: updatedAt)
    }

    /// What one session counts toward its period when no amount is given
    /// (a bare `habits done`): a daily habit's target; for a weekly habit,
    /// one planned day's share, target ÷ action days, rounded up to a whole
    /// unit when the target is whole (3 sessions on Mon/Wed/Fri: 1; 20 km on
    /// 3 days: 7) and else up to the millionth a day keeps (2.5 km on 3 days:
    /// 0.833334), so the planned days together reach the target.
    public var sessionShare: Decimal {
        guard frequency == .weekly, actionDays.count > 1 else { return targetValue }
        var share = targetValue / Decimal(actionDays.count)
        var rounded = Decimal()
        var target = targetValue
        var whole = Decimal()
        NSDecimalRound(&whole, &target, 0, .plain)
        NSDecimalRound(&rounded, &share, whole == targetValue ? 0 : 6, .up)
        return rounded
    }

    /// What a bare `habits done` adds to the period of `completion`: for a
    /// DAILY or WEEKLY at-least habit, `sessionShare` (the first model's
    /// rule); for a MONTHLY or EVERY_N_DAYS at-least habit, one unit; never
    /// more than what is left of an at-least period's target (so 0 once it
    /// is reached). For an at-most habit, one unit, whatever the limit:
    /// a bare `done` counts one more cup, it does not fill the allowance.
    public func bareDoneAmount(toward completion: CompletionData) -> Decimal {
        if goal == .atMost { return 1 }
        switch frequency {
        case .daily, .weekly: return min(completion.remaining, sessionShare)
        case .monthly, .everyNDays: return min(completion.remaining, 1)
        }
    }

    /// The fields a person sets, without id, status and timestamps.
    public var fields: HabitFields {
        get {
            HabitFields(
                name: name, frequency: frequency, measurementType: measurementType,
                startDate: startDate, actionDays: actionDays, targetValue: targetValue,
                goal: goal, periodDays: periodDays, group: group, icon: icon, color: color,
                position: position)
        }
        set {
            name = newValue.name
            frequency = newValue.frequency
            measurementType = newValue.measurementType
            startDate = newValue.startDate
            actionDays = newValue.actionDays
            targetValue = newValue.targetValue
            goal = newValue.goal
            periodDays = newValue.periodDays
            group = newValue.group
            icon = newValue.icon
            color = newValue.color
            position = newValue.position
        }
    }
}

extension Habit: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, frequency, status, icon, color, position
        case measurementType = "measurement_type"
        case startDate = "start_date"
        case actionDays = "action_days"
        case targetValue = "target_value"
        case goal
        case periodDays = "period_days"
        case group
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        frequency = try c.decode(Frequency.self, forKey: .frequency)
        measurementType = try c.decode(String.self, forKey: .measurementType)
        startDate = try c.decode(LocalDate.self, forKey: .startDate)
        actionDays = try c.decode(ActionDays.self, forKey: .actionDays)
        targetValue = try c.decodeDecimal(forKey: .targetValue)
        // Absent in data of the first model, whose targets were all minimums.
        goal = try c.decodeIfPresent(Goal.self, forKey: .goal) ?? .atLeast
        periodDays = try c.decodeIfPresent(Int.self, forKey: .periodDays)
        group = try c.decodeIfPresent(String.self, forKey: .group)
        status = try c.decodeIfPresent(HabitStatus.self, forKey: .status) ?? .active
        // Only marks: one a reader does not accept (from a server with other
        // rules) is left out rather than failing the habit.
        icon = (try? c.decodeIfPresent(String.self, forKey: .icon)).flatMap {
            $0.flatMap { HabitFields.problems(icon: $0).isEmpty ? $0 : nil }
        }
        color = (try? c.decodeIfPresent(String.self, forKey: .color)).flatMap {
            $0.flatMap { HabitFields.problems(color: $0).isEmpty ? $0 : nil }
        }
        // Only an arrangement: one out of range is left out (the habit
        // goes among those never moved) rather than failing the habit.
        position = (try? c.decodeIfPresent(Int.self, forKey: .position)).flatMap {
            $0.flatMap { HabitFields.positionRange.contains($0) ? $0 : nil }
        }
        // Timestamps are only shown, never computed with: one in a form this
        // reader does not know (a server without time zones) is left out
        // rather than failing the whole answer.
        createdAt = (try? c.decodeIfPresent(String.self, forKey: .createdAt)).flatMap {
            $0.flatMap(RFC3339.date(from:))
        }
        updatedAt = (try? c.decodeIfPresent(String.self, forKey: .updatedAt)).flatMap {
            $0.flatMap(RFC3339.date(from:))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(frequency, forKey: .frequency)
        try c.encode(measurementType, forKey: .measurementType)
        try c.encode(startDate, forKey: .startDate)
        try c.encode(actionDays, forKey: .actionDays)
        try c.encode(targetValue, forKey: .targetValue)
        try c.encode(goal, forKey: .goal)
        try c.encodeIfPresent(periodDays, forKey: .periodDays)
        try c.encodeIfPresent(group, forKey: .group)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(icon, forKey: .icon)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(position, forKey: .position)
        if let createdAt { try c.encode(RFC3339.string(from: createdAt), forKey: .createdAt) }
        if let updatedAt { try c.encode(RFC3339.string(from: updatedAt), forKey: .updatedAt) }
    }
}
