/// Carries a value that is not `Sendable` to the thread that will own it.
///
/// Safe because of how it is used, which the type cannot check: the creating
/// thread puts the value in, starts one thread that calls `take()` once, and
/// never touches the value again, so it is only ever used by one thread at a
/// time (the thread start is the happens-before edge between the two).
struct ThreadHandoff<Value>: @unchecked Sendable {
    private let value: Value

    init(_ value: Value) {
        self.value = value
    }

    func take() -> Value {
        value
    }
}
