import Foundation

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

    /// The body of a successful `response` as `T`; a body that does not fit
    /// (truncated, wrong types) is an unexpected response quoting its first bytes.
    static func decode<T: Decodable>(
        _ type: T.Type, from response: TransportResponse, context: ResponseContext
    ) throws(APIError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw APIError.unexpected(response, context: context)
        }
    }
}
