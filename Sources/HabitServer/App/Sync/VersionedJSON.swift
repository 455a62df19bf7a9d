import HabitStorage

/// A habit or an entry as the API writes it with its version: the value's
/// own members plus `"version"` (the change number as a string; clients
/// treat it as opaque).
struct VersionedJSON<Value: Encodable>: Encodable {
    var versioned: Versioned<Value>

    init(_ versioned: Versioned<Value>) {
        self.versioned = versioned
    }

    func encode(to encoder: any Encoder) throws {
        try versioned.value.encode(to: encoder)
        var container = encoder.container(keyedBy: VersionKeys.self)
        try container.encode(String(versioned.version), forKey: .version)
    }
}

/// The answer of a write that stored something: the stored value with its
/// version, and `"replaced"`, what it replaced (null when nothing).
struct WriteJSON<Value: Encodable>: Encodable {
    var stored: Versioned<Value>
    var replaced: Versioned<Value>?

    func encode(to encoder: any Encoder) throws {
        try VersionedJSON(stored).encode(to: encoder)
        var container = encoder.container(keyedBy: VersionKeys.self)
        if let replaced {
            try container.encode(VersionedJSON(replaced), forKey: .replaced)
        } else {
            try container.encodeNil(forKey: .replaced)
        }
    }
}

/// `{"replaced": …}`: what a DELETE removed, for `Prefer: return=representation`.
struct ReplacedJSON<Value: Encodable>: Encodable {
    var replaced: Versioned<Value>?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: VersionKeys.self)
        if let replaced {
            try container.encode(VersionedJSON(replaced), forKey: .replaced)
        } else {
            try container.encodeNil(forKey: .replaced)
        }
    }
}

/// 412 `version_mismatch` with `current`, the row as stored (null when none).
struct VersionMismatchJSON<Value: Encodable>: Encodable {
    var current: Versioned<Value>?

    static var message: String {
        "The habit or entry changed since the version in If-Match; nothing was written. "
            + "See current, and send the change again if it still applies."
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: VersionKeys.self)
        try container.encode("version_mismatch", forKey: .code)
        try container.encode(Self.message, forKey: .message)
        if let current {
            try container.encode(VersionedJSON(current), forKey: .current)
        } else {
            try container.encodeNil(forKey: .current)
        }
    }
}

/// The members these bodies add.
private enum VersionKeys: String, CodingKey {
    case version, replaced, code, message, current
}
