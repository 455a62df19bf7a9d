/// What became of an operation sent with an idempotency key.
package enum Idempotent<Value> {
    /// The operation ran now; its answer is remembered if one was made.
    case performed(Value)
    /// The key came with the same request before: the answer given then. The
    /// operation did not run again.
    case replayed(IdempotentAnswer)
    /// The key came with a different request before; nothing ran.
    case keyReused
}

extension Idempotent: Sendable where Value: Sendable {}
extension Idempotent: Equatable where Value: Equatable {}

extension Idempotent {
    /// The value of an operation run without a key, which is always
    /// performed: a store answering otherwise has failed.
    static func performedValue(_ outcome: Idempotent<Value>) throws(StoreError) -> Value {
        guard case .performed(let value) = outcome else {
            throw .unavailable(reason: "an operation without an idempotency key was not run")
        }
        return value
    }
}

extension Idempotent {
    /// The same outcome with a performed value transformed.
    package func map<Other>(_ transform: (Value) -> Other) -> Idempotent<Other> {
        switch self {
        case .performed(let value): return .performed(transform(value))
        case .replayed(let answer): return .replayed(answer)
        case .keyReused: return .keyReused
        }
    }
}
