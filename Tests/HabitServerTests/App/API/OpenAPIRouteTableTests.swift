import Foundation
import Testing

@testable import HabitServer

/// openapi.yaml and `RouteTable` declare the same routes: every path and
/// method of the contract is a declaration, and every declaration is in the
/// contract.
@Suite struct OpenAPIRouteTableTests {
    /// The contract, as the package ships it.
    static func contract() throws -> String {
        try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../../Sources/HabitServer/openapi.yaml")
                .standardized,
            encoding: .utf8)
    }

    /// The table's operations, `METHOD /api/…` (HEAD, which the HTTP layer
    /// answers wherever GET, is not declared on either side).
    static var declared: Set<String> {
        Set(RouteTable.declarations.map { "\($0.method) \($0.template)" })
    }

    @Test func theContractsPathsAndMethodsAreTheTables() throws {
        let operations = try OpenAPIOperations.read(Self.contract())
        #expect(!operations.isEmpty)
        for missing in operations.subtracting(Self.declared).sorted() {
            Issue.record("in openapi.yaml, not in RouteTable: \(missing)")
        }
        for missing in Self.declared.subtracting(operations).sorted() {
            Issue.record("in RouteTable, not in openapi.yaml: \(missing)")
        }
    }

    /// The check sees a route the contract leaves out, and one it adds.
    @Test func aRouteMissingOnEitherSideIsSeen() throws {
        let contract = try Self.contract()
        let withoutDigestGet = contract.replacingOccurrences(
            of: "  /me/digest/:\n    get:", with: "  /me/digest/:\n    x-get:")
        #expect(withoutDigestGet != contract)
        let fewer = try OpenAPIOperations.read(withoutDigestGet)
        #expect(Self.declared.subtracting(fewer) == ["GET /api/me/digest/"])
        let more = try OpenAPIOperations.read(
            contract.replacingOccurrences(
                of: "\npaths:\n",
                with: "\npaths:\n  /me/extra/{id}/:\n    parameters: []\n    put:\n"))
        #expect(more.subtracting(Self.declared) == ["PUT /api/me/extra/{id}/"])
    }

    @Test func theReaderTakesOnlyThePathsSection() throws {
        let yaml = """
            openapi: 3.0.3
            servers:
              - url: http://127.0.0.1:8000/api
            paths:
              /me/:
                parameters:
                  - name: get
                get:
                  description: |
                    post:
                patch: {}
              /checkin/{token}/:
                post:
            components:
              /not/a/path/:
                get:
            """
        #expect(
            try OpenAPIOperations.read(yaml) == [
                "GET /api/me/", "PATCH /api/me/", "POST /api/checkin/{token}/",
            ])
    }
}
