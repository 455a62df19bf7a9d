import Foundation

/// What an error response's body says, read from any of the three forms the
/// client meets:
///
/// - this API's `{"code": "…", "message": "…", "fields": {"<field>": ["…"]}}`;
/// - Django REST framework's `{"detail": "…"}` (Simple JWT adds `"code"`);
/// - Django REST framework's validation form `{"<field>": ["…"], "non_field_errors": ["…"]}`.
///
/// All text is made printable and capped in length, since it comes from the server.
struct ServerErrorBody: Hashable, Sendable {
    /// The machine code, such as "token_not_valid", when the body has one.
    var code: String?
    /// The human message, when the body has one.
    var message: String?
    /// Field name → problems, for validation errors.
    var fields: [String: [String]]

    init(code: String? = nil, message: String? = nil, fields: [String: [String]] = [:]) {
        self.code = code
        self.message = message
        self.fields = fields
    }

    /// Reads `data`; `nil` when it is not JSON (an HTML error page, say).
    init?(json data: Data) {
        guard !data.isEmpty,
            let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        self.init()
        if let list = parsed as? [Any] {
            // DRF raises ValidationError(["…"]) as a bare list.
            message = Self.texts(list).joined(separator: " ")
            return
        }
        guard let object = parsed as? [String: Any] else {
            if let text = parsed as? String { message = PrintableText.line(text) }
            return
        }
        // A `code` that is not text is DRF's form for a field named "code".
        code = (object["code"] as? String).map { PrintableText.line($0, limit: 64) }
        let detail = object["message"] ?? object["detail"]
        if let detail {
            message = Self.texts([detail]).joined(separator: " ")
        }
        if let explicit = object["fields"] as? [String: Any] {
            fields = Self.fieldProblems(explicit)
        } else if code == nil && detail == nil {
            // The DRF validation form: every key is a field.
            var problems = Self.fieldProblems(object)
            if let general = problems.removeValue(forKey: "non_field_errors") {
                message = general.joined(separator: " ")
            }
            fields = problems
        }
        if message?.isEmpty == true { message = nil }
    }

    /// Reads a response's body, or `nil` when it is not JSON.
    init?(response: TransportResponse) {
        self.init(json: response.body)
    }

    private static func fieldProblems(_ object: [String: Any], prefix: String = "") -> [String:
        [String]]
    {
        var result: [String: [String]] = [:]
        for (key, value) in object {
            let name = PrintableText.line(prefix + key, limit: 64)
            if let nested = value as? [String: Any] {
                // Nested serializers report `{"field": {"inner": ["…"]}}`.
                result.merge(fieldProblems(nested, prefix: name + "."), uniquingKeysWith: +)
            } else {
                let problems = texts([value])
                if !problems.isEmpty { result[name, default: []] += problems }
            }
        }
        return result
    }

    /// Every string in `values`, lists flattened, each made printable.
    private static func texts(_ values: [Any]) -> [String] {
        var result: [String] = []
        for value in values {
            if let text = value as? String {
                let line = PrintableText.line(text)
                if !line.isEmpty { result.append(line) }
            } else if let list = value as? [Any] {
                result += texts(list)
            } else if let object = value as? [String: Any], let text = object["message"] {
                result += texts([text])
            }
        }
        return result
    }
}
