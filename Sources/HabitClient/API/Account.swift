/// The signed-in account as `GET /api/me/` returns it.
///
/// The id is kept as text: this server sends a number, others in the same
/// family may send a string (a UUID); both decode.
package struct Account: Hashable, Sendable {
    package var id: String
    package var email: String
}

extension Account: Codable {
    enum CodingKeys: String, CodingKey {
        case id, email
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? c.decode(Int64.self, forKey: .id) {
            id = String(number)
        } else {
            id = try c.decode(String.self, forKey: .id)
        }
        email = try c.decode(String.self, forKey: .email)
    }
}
