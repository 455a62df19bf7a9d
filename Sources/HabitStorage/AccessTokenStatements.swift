import Foundation

/// The reads and writes of personal access tokens a store runs in its own
/// SQL, on which `createAccessToken` is built once.
///
/// As with `StoreStatements`, a store runs each step on the connection it
/// is handed: the owner's lock, the order of the steps and the decision
/// between them (`AccessTokenCheck`) are the shared code's.
package protocol AccessTokenStatements: StoreStatements {
    /// Forgets the owner's tokens revoked before `before`.
    static func pruneRevokedTokens(_ connection: Connection, owner: Int64, before: Date)
        throws(StoreError)

    /// The names of the owner's tokens that are not revoked.
    static func liveTokenNames(_ connection: Connection, owner: Int64) throws(StoreError)
        -> [String]

    /// Inserts the token for `owner`, answering its record.
    static func insertToken(_ connection: Connection, _ token: NewAccessToken, owner: Int64)
        throws(StoreError) -> AccessTokenRecord
}

extension AccessTokenStatements {
    /// The checks and the insert in one write transaction with the owner
    /// locked first (`lockOwner`), so two servers creating tokens for one
    /// account take turns and cannot both pass the limit or take a name.
    package func createAccessToken(_ token: NewAccessToken, owner: Int64, maximum: Int)
        throws(StoreError) -> AccessTokenCreation
    {
        try writeTransaction { connection throws(StoreError) -> AccessTokenCreation in
            try Self.lockOwner(connection, owner: owner)
            try Self.pruneRevokedTokens(
                connection, owner: owner,
                before: token.createdAt.addingTimeInterval(-AccessTokenRecord.revokedRetention))
            var habitOwned: Bool?
            if let habitID = token.habitID {
                habitOwned = try Self.owns(connection, habitID: habitID, owner: owner)
            }
            if let refusal = AccessTokenCheck.refusal(
                name: token.name, habitOwned: habitOwned,
                liveNames: try Self.liveTokenNames(connection, owner: owner), maximum: maximum)
            {
                return refusal
            }
            return .created(try Self.insertToken(connection, token, owner: owner))
        }
    }
}
