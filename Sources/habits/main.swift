import HabitsCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let status = await HabitsCommandLine.run(.process())
exit(status.rawValue)
