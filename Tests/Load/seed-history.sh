# Sourced by the benchmarks of local commands (cli-history.sh,
# startup-floor.sh, startup-order.sh), which set $habits (the binary) and
# $work (a scratch directory) first.
#
# seed NAME SQL-VALUE-EXPRESSION: a fresh HOME in $work/NAME (exported, with
# the XDG directories) with 15 habits, every third weekly, and ten years of
# entries whose value on day n (0 = the start) is the expression. The
# entries go in through sqlite3 in one transaction (the same file and
# schema the CLI uses); the first `list` then makes the checkpoints, as a
# person's first list after an upgrade would, before anything is measured.
# The data sets the benchmarks use: "mixed" (done most days, some partial,
# skipped or missed) and "all done" (every day of the ten years done).
mixed_values="CASE WHEN (n + h.id) % 19 = 0 THEN '0' WHEN (n + h.id) % 7 = 0 THEN '1' ELSE '4' END"
all_done_values="'4'"
seed_start=$(date -d '-3652 days' +%F)

seed() {
    local name=$1 value=$2
    export HOME="$work/$name/home" XDG_DATA_HOME="$work/$name/data" \
        XDG_CONFIG_HOME="$work/$name/config" XDG_CACHE_HOME="$work/$name/cache"
    unset HABITS_SERVER
    mkdir -p "$HOME"
    for i in $(seq 1 15); do
        if [ $((i % 3)) -eq 0 ]; then
            "$habits" add "Habit $i" --weekly --unit km --target 10 --days mon,wed,fri \
                --start "$seed_start" >/dev/null
        else
            "$habits" add "Habit $i" --daily --unit times --target 2 --days daily \
                --start "$seed_start" >/dev/null
        fi
    done
    sqlite3 "$XDG_DATA_HOME/habits/habits.sqlite3" "
        WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 3652)
        INSERT OR REPLACE INTO progress (habit_id, date, value, skipped)
        SELECT h.id, date('$seed_start', '+' || n || ' days'), $value, 0
        FROM d, habits h;"
    "$habits" list >/dev/null
}
