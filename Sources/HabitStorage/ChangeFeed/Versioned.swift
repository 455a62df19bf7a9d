/// A habit or a day's entry with its version: the number of the last change
/// that wrote it, which every write of it replaces with a higher one.
package struct Versioned<Value> {
    package var value: Value
    /// The row's change number (`change_seq`), unique among the owner's changes.
    package var version: Int64

    package init(_ value: Value, version: Int64) {
        self.value = value
        self.version = version
    }
}

extension Versioned: Sendable where Value: Sendable {}
extension Versioned: Equatable where Value: Equatable {}
extension Versioned: Hashable where Value: Hashable {}
