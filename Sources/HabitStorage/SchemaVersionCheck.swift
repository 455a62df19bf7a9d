/// Whether a database's recorded schema version is the one this build
/// serves, as the readiness check asks it.
///
/// The rule: the same version is ready; a newer one is a database a later
/// release has migrated (`newerSchema`, so an operator knows to upgrade this
/// server rather than restore a backup); an older one is a database not yet
/// migrated (`unavailable`). Both stores read their version their own way
/// (SQLite's `user_version`, PostgreSQL's `schema_version` table) and ask
/// this.
package enum SchemaVersionCheck {
    /// Throws unless `found` is `supported`.
    package static func check(found: Int64, supported: Int) throws(StoreError) {
        guard found != Int64(supported) else { return }
        if found > Int64(supported) {
            throw .newerSchema(found: Int(found), supported: supported)
        }
        throw .unavailable(
            reason: "the database has schema version \(found), not \(supported)")
    }
}
