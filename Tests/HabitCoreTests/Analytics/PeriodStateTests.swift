import HabitCore
import Testing

@Suite struct PeriodStateTests {
    @Test(arguments: [
        (PeriodState.pending, true), (.failed, true), (.success, false), (.skipped, false),
        (.future, false), (.rest, false), (.beforeStart, false),
    ])
    func stillToDoIsPendingOrFailed(_ state: PeriodState, _ toDo: Bool) {
        #expect(state.isToDo == toDo)
    }

}
