/// A value bound to a statement parameter: the four storage classes habits uses.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}
