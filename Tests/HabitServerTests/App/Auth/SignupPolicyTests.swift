import Testing

@testable import HabitServer

/// Who may create an account, decided without a database.
@Suite struct SignupPolicyTests {
    let allowed = AllowedEmails(addresses: ["ann@example.org"], domains: ["team.example"])

    @Test func openAdmitsAnyoneUntilTheLimit() {
        let policy = SignupPolicy(mode: .open, maximumAccounts: 2)
        #expect(policy.admitsNewAccount(email: "x@y.zz", accountCount: 1))
        #expect(!policy.admitsNewAccount(email: "x@y.zz", accountCount: 2))
        #expect(SignupPolicy().admitsEveryone)
        #expect(!policy.admitsEveryone)
    }

    @Test func allowlistAdmitsListedAddressesAndDomainsOnly() {
        let policy = SignupPolicy(mode: .allowlist, allowed: allowed)
        #expect(policy.admitsNewAccount(email: "ann@example.org", accountCount: 0))
        #expect(policy.admitsNewAccount(email: "bob@team.example", accountCount: 0))
        #expect(!policy.admitsNewAccount(email: "bob@example.org", accountCount: 0))
        #expect(!policy.admitsNewAccount(email: "bob@sub.team.example", accountCount: 0))
        #expect(!policy.admitsNewAccount(email: "ann@example.org.evil", accountCount: 0))
    }

    @Test func allowlistStillHonoursTheLimit() {
        let policy = SignupPolicy(mode: .allowlist, allowed: allowed, maximumAccounts: 0)
        #expect(!policy.admitsNewAccount(email: "ann@example.org", accountCount: 0))
    }

    @Test func closedAdmitsNobodyNew() {
        let policy = SignupPolicy(mode: .closed, allowed: allowed)
        #expect(!policy.admitsNewAccount(email: "ann@example.org", accountCount: 0))
    }
}

/// The `--allowed-emails` file.
@Suite struct AllowedEmailsTests {
    @Test func readsAddressesDomainsCommentsAndBlankLines() throws {
        let list = try AllowedEmails(
            parsing: "# team\nAnn@Example.org\n\n  @Team.Example  \r\n# end\n")
        #expect(list.addresses == ["ann@example.org"])
        #expect(list.domains == ["team.example"])
        #expect(list.contains("ANN@example.org"))
        #expect(list.contains("zed@team.example"))
    }

    @Test func namesTheFirstLineThatIsNotAnEntry() {
        #expect(throws: AllowedEmails.BadLine(number: 3)) {
            try AllowedEmails(parsing: "a@b.cc\n@d.ee\nnot an address\n")
        }
        #expect(throws: AllowedEmails.BadLine(number: 1)) {
            try AllowedEmails(parsing: "a@b.cc, c@d.ee\n")
        }
        #expect(throws: AllowedEmails.BadLine(number: 1)) {
            try AllowedEmails(parsing: "@localhost\n")
        }
    }
}
