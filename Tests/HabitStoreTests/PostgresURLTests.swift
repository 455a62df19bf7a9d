import Testing

@testable import HabitPostgres

/// The forms of a PostgreSQL URL that may be shown: never the password.
@Suite struct PostgresURLTests {
    @Test(arguments: [
        ("postgres://app:s3cret@db:5432/habits", "postgres://app@db:5432/habits"),
        ("postgresql://app@db/habits", "postgresql://app@db/habits"),
        (
            "postgres://db/habits?sslmode=require&password=s3cret",
            "postgres://db/habits?sslmode=require&password=***"
        ),
        ("postgres://app:p%40ss@db/habits", "postgres://app@db/habits"),
        ("postgres:///habits", "postgres:///habits"),
    ])
    func theShownFormHasNoPassword(url: String, shown: String) throws {
        let parsed = try #require(PostgresURL(url))
        #expect(parsed.description == shown)
    }

    @Test func messagesLoseEveryFormOfThePassword() throws {
        let url = try #require(PostgresURL("postgres://app:p%40ss@db/habits"))
        let message = url.redacting(
            "bad URI postgres://app:p%40ss@db/habits; password p@ss or p%40ss refused")
        #expect(!message.contains("p@ss"))
        #expect(!message.contains("p%40ss"))
        #expect(message.contains("postgres://app@db/habits"))
    }

    @Test func onlyPostgresSchemesAreURLs() {
        #expect(PostgresURL("postgres://db/h") != nil)
        #expect(PostgresURL("POSTGRESQL://db/h") != nil)
        #expect(PostgresURL("/srv/habits.sqlite3") == nil)
        #expect(PostgresURL(":memory:") == nil)
        #expect(PostgresURL("mysql://db/h") == nil)
    }
}
