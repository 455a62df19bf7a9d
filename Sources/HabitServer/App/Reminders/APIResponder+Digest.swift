import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// The daily digest routes: `GET/PUT/DELETE /api/me/digest/`.
extension APIResponder {
    /// `GET /api/me/digest/`: `{"time": "HH:MM"}`, or `{"time": null}` when off.
    func digest(owner: Int64) throws(APIError) -> HTTPResponse {
        let time = try stored { () throws(StoreError) in try store.digestTime(owner: owner) }
        return JSONBody.response(status: 200, DigestBody(time: time))
    }

    /// `PUT /api/me/digest/` with `{"time": "HH:MM"}`: sets the time (in the
    /// account's zone) and answers it; a user without channels gets a mail
    /// channel with it, as with a first reminder.
    func setDigest(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        var fields = BodyFields(try bodyObject(request))
        let time = fields.string("time", required: true)
        if let time, ReminderTime(time) == nil {
            fields.report(["Enter a time of day as HH:MM, from 00:00 to 23:59."], for: "time")
        }
        guard fields.errors.isEmpty, let time else { throw .invalid(fields.errors) }
        try stored { () throws(StoreError) in
            try store.setDigestTime(time, owner: owner, now: now())
        }
        return JSONBody.response(status: 200, DigestBody(time: time))
    }

    /// `DELETE /api/me/digest/`: turns the digest off (204 whether it was on or not).
    func deleteDigest(owner: Int64) throws(APIError) -> HTTPResponse {
        try stored { () throws(StoreError) in try store.setDigestTime(nil, owner: owner, now: now())
        }
        return JSONBody.noContent
    }
}

/// The digest as the API shows it: `time` is `null` when it is off.
struct DigestBody: Encodable {
    var time: String?

    enum CodingKeys: String, CodingKey { case time }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
    }
}
