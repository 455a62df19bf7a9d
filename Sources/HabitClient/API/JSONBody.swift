import Foundation
import HabitCore

/// Encodes request bodies and decodes response bodies as the API writes them.
enum JSONBody {
    /// `value` as JSON. Only a value JSON cannot hold (a NaN number) fails.
    static func encode<T: Encodable>(_ value: T) throws(APIError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw .validation(
                ValidationError(fields: ["request": ["This value cannot be sent as JSON."]]))
        }
    }
}
