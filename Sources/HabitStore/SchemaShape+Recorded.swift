/// This version's shape for a server's database as recorded in the source,
/// so that opening a file does not run every migration on a database in
/// memory to learn it: that took about 31 M instructions, most of a local
/// command's start (Tests/Load/README.md, startup-floor.sh). A client's is
/// this one without the server's tables (`withoutServerTables`).
///
/// The record holds only while `Schema.migrations` is what it was made from
/// (their count and their length in UTF-8 bytes); after any change opening
/// builds the shape from the migrations again, and
/// `SchemaShapeRecordTests` fails; `SNAPSHOT_RECORD=1` makes it write the
/// new record here.
extension SchemaShape {
    /// The migrations' count and total UTF-8 length (`Schema.signature`) the
    /// record was made from.
    static let recordedFrom = (count: 19, bytes: 37021)

    /// Each table with its columns in order.
    static let recordedTables: [(name: String, columns: [String])] = [
        (
            "access_tokens",
            [
                "id", "owner_id", "name", "scope", "habit_id", "token_hash", "created_at",
                "expires_at", "last_used_at", "revoked_at",
            ]
        ),
        (
            "change_tombstones",
            ["owner_id", "kind", "habit_id", "date", "change_seq", "deleted_at"]
        ),
        ("code_requests", ["client", "requested_at"]),
        ("code_sends", ["email", "sent_at"]),
        (
            "deliveries",
            [
                "id", "owner_id", "event_id", "target", "channel_id", "webhook_id", "event",
                "payload", "attempts", "state", "created_at", "next_attempt_at", "last_attempt_at",
                "last_error",
            ]
        ),
        ("digest_occurrences", ["owner_id", "local_date", "claimed_at"]),
        (
            "habits",
            [
                "id", "owner_id", "name", "frequency", "measurement_type", "start_date",
                "action_days", "target_value", "status", "created_at", "updated_at",
                "progress_generation", "change_seq", "icon", "color", "goal", "period_days",
                "group", "position",
            ]
        ),
        (
            "history_checkpoints",
            [
                "habit_id", "through", "current_streak", "strength", "rules", "longest_streak",
                "success_count", "failed_count", "skipped_count", "covers_through",
            ]
        ),
        ("idempotency_keys", ["scope", "key", "fingerprint", "status", "body", "created_at"]),
        ("login_codes", ["email", "code_hash", "expires_at", "attempts"]),
        ("progress", ["habit_id", "date", "value", "skipped", "note", "owner_id", "change_seq"]),
        ("refresh_families", ["family_id", "user_id", "revoked", "expires_at"]),
        (
            "refresh_tokens",
            ["jti", "family_id", "parent_jti", "user_id", "issued_at", "expires_at", "rotated_at"]
        ),
        (
            "reminder_channels",
            ["id", "owner_id", "kind", "url", "last_error", "last_error_at", "created_at"]
        ),
        (
            "reminder_occurrences",
            [
                "habit_id", "instant", "claimed_at", "channel_id", "webhook_id", "local_date",
                "local_time", "zone", "queued",
            ]
        ),
        (
            "reminders",
            ["id", "habit_id", "owner_id", "time", "channel_id", "webhook_id", "created_at"]
        ),
        (
            "users",
            [
                "id", "email", "created_at", "change_seq", "changes_purged_through", "time_zone",
                "digest_time", "day_starts_at",
            ]
        ),
        (
            "webhooks",
            [
                "id", "owner_id", "url", "events", "secret", "last_error", "last_error_at",
                "created_at",
            ]
        ),
    ]

    /// Each index and trigger, as `read` writes them.
    static let recordedIndexesAndTriggers: [String] = [
        "index access_tokens_by_habit ON access_tokens",
        "index access_tokens_by_hash ON access_tokens",
        "index access_tokens_live_name ON access_tokens",
        "index change_tombstones_by_row ON change_tombstones",
        "index change_tombstones_changes ON change_tombstones",
        "index code_requests_by_client ON code_requests",
        "index code_requests_by_time ON code_requests",
        "index code_sends_by_email ON code_sends",
        "index code_sends_by_time ON code_sends",
        "index deliveries_by_channel ON deliveries",
        "index deliveries_by_webhook ON deliveries",
        "index deliveries_due ON deliveries",
        "index habits_by_owner ON habits",
        "index habits_changes ON habits",
        "index idempotency_keys_by_scope_time ON idempotency_keys",
        "index idempotency_keys_by_time ON idempotency_keys",
        "index login_codes_by_expiry ON login_codes",
        "index progress_changes ON progress",
        "index refresh_families_by_expiry ON refresh_families",
        "index refresh_families_by_user ON refresh_families",
        "index refresh_tokens_by_expiry ON refresh_tokens",
        "index refresh_tokens_by_family ON refresh_tokens",
        "index refresh_tokens_by_parent ON refresh_tokens",
        "index refresh_tokens_by_user ON refresh_tokens",
        "index reminder_channels_by_owner ON reminder_channels",
        "index reminder_occurrences_by_instant ON reminder_occurrences",
        "index reminder_occurrences_to_queue ON reminder_occurrences",
        "index reminders_by_channel ON reminders",
        "index reminders_by_habit ON reminders",
        "index reminders_by_owner ON reminders",
        "index reminders_by_webhook ON reminders",
        "index webhooks_by_owner ON webhooks",
        "trigger habit_rules_changed ON habits",
        "trigger progress_deleted ON progress",
        "trigger progress_inserted ON progress",
        "trigger progress_updated ON progress",
    ]

    /// The recorded shape when it is this build's, else nil.
    static func recorded(for migrations: [Migration]) -> SchemaShape? {
        guard Schema.signature(of: migrations) == recordedFrom else { return nil }
        let tables = recordedTables.map { "table \($0.name)(\($0.columns.joined(separator: ",")))" }
        return SchemaShape(objects: Set(tables + recordedIndexesAndTriggers))
    }
}
