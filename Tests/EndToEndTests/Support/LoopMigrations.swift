/// The schema of Loop Habit Tracker's backups, version by version, to build
/// test databases of every version `habits import loop-db` reads.
///
/// Origin: the SQL migrations of Loop Habit Tracker
/// (https://github.com/iSoron/uhabits, GPL-3.0), one string per file
/// `migrations/NN.sql`, as its migration helper runs them: file N takes a
/// database to `user_version` N. The statements are Loop's, trimmed to the
/// schema (the colour renumbering of 14 and 21 is left out: no test database
/// has colours). Version 15 has no file in Loop's history: it changed no
/// table. The base is 09.sql with the key spelled `Id`, as the ActiveAndroid
/// library that made the first versions' databases spelled it (17.sql still
/// does); SQLite compares column names without case, so Loop reads both.
enum LoopMigrations {
    /// 09.sql: the first schema Loop's migrations start from.
    static let base = """
        create table Habits ( Id integer primary key autoincrement, archived integer,
            color integer, description text, freq_den integer, freq_num integer,
            skip_days integer, skip_days_list integer, highlight integer, name text,
            position integer, reminder_hour integer, reminder_min integer );
        create table Checkmarks ( Id integer primary key autoincrement,
            habit integer references habits(Id), timestamp integer, value integer );
        create table Repetitions ( Id integer primary key autoincrement,
            habit integer references habits(Id), timestamp integer );
        create table Streak ( Id integer primary key autoincrement, end integer,
            habit integer references habits(Id), length integer, start integer );
        create table Score ( Id integer primary key autoincrement,
            habit integer references habits(Id), score integer, timestamp integer );
        """

    /// The files after the base, by the version each leads to.
    static let steps: [Int: String] = [
        10: "delete from Score; delete from Streak; delete from Checkmarks;",
        11: "alter table Habits add column reminder_days integer not null default 127;",
        12: "delete from Score; delete from Streak; delete from Checkmarks;",
        13: """
        create index idx_score_habit_timestamp on score(habit, timestamp);
        create index idx_checkmark_habit_timestamp on checkmarks(habit, timestamp);
        create index idx_repetitions_habit_timestamp on repetitions(habit, timestamp);
        create index idx_streak_habit_end on streak(habit, end);
        """,
        14: "",
        15: "",
        16: """
        alter table Habits add column type integer not null default 0;
        alter table Repetitions add column value integer not null default 2;
        """,
        17: """
        DROP TABLE Score;
        CREATE TABLE Score (Id INTEGER PRIMARY KEY AUTOINCREMENT,
            habit INTEGER REFERENCES Habits(Id), score REAL, timestamp INTEGER);
        CREATE INDEX idx_score_habit_timestamp on score(habit, timestamp);
        delete from Streak;
        delete from Checkmarks;
        """,
        18: """
        alter table Habits add column target_type integer not null default 0;
        alter table Habits add column target_value real not null default 0;
        alter table Habits add column unit text not null default "";
        """,
        19: """
        create table Events ( id integer primary key autoincrement, timestamp integer,
            message text, server_id integer );
        """,
        20: "drop table checkmarks; drop table streak; drop table score;",
        21: "",
        22: """
        delete from repetitions where habit not in (select id from habits);
        delete from repetitions where timestamp is null;
        delete from repetitions where habit is null;
        delete from repetitions where rowid not in (
            select min(rowid) from repetitions group by habit, timestamp);
        alter table Repetitions rename to RepetitionsBak;
        create table Repetitions ( id integer primary key autoincrement,
            habit integer not null references habits(id),
            timestamp integer not null, value integer not null);
        drop index idx_repetitions_habit_timestamp;
        create unique index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
        insert into Repetitions select * from RepetitionsBak;
        drop table RepetitionsBak;
        """,
        23: """
        alter table Habits add column question text;
        update Habits set question = description;
        update Habits set description = null;
        """,
        24: """
        alter table habits add column uuid text;
        update habits set uuid = lower(hex(randomblob(16) || id));
        """,
        25: "alter table Repetitions add column notes text;",
    ]

    /// The script that makes an empty database of `version` (12 to 25).
    static func schema(version: Int) -> String {
        var script = base + "\n"
        for step in 10...version { script += (steps[step] ?? "") + "\n" }
        return script + "PRAGMA user_version = \(version);\n"
    }
}
