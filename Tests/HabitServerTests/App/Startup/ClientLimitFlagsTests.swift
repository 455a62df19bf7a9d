import Foundation
import HabitHTTP
import Testing

@testable import HabitServer

/// `--code-requests-per-client-hour`, `--trusted-proxy` and `--log-format`.
@Suite struct ClientLimitFlagsTests {
    private let home = ["HOME": "/tmp/habits-flags-home"]

    private func configuration(_ arguments: [String]) throws -> ServerConfiguration {
        guard
            case .run(let configuration) = try ServerCommandLine.parse(arguments, environment: home)
        else { throw UsageError("expected a configuration") }
        return configuration
    }

    @Test func defaultsAreTwentyAnHourNoProxyAndText() throws {
        let configuration = try configuration([])
        #expect(configuration.settings.codeRequestsPerClientHour == 20)
        #expect(configuration.settings.trustedProxies.networks.isEmpty)
        #expect(configuration.logFormat == .text)
    }

    @Test func flagsSetTheLimitTheProxiesAndTheFormat() throws {
        let configuration = try configuration([
            "--code-requests-per-client-hour", "0", "--trusted-proxy", "10.0.0.0/8, 192.0.2.1",
            "--trusted-proxy=::1", "--log-format", "json",
        ])
        #expect(configuration.settings.codeRequestsPerClientHour == 0)
        let proxies = configuration.settings.trustedProxies
        #expect(proxies.networks.count == 3)
        for trusted in ["10.1.2.3", "192.0.2.1", "::1"] {
            #expect(proxies.isTrusted(ClientAddress(parsing: trusted)!), "\(trusted)")
        }
        #expect(!proxies.isTrusted(ClientAddress(parsing: "192.0.2.2")!))
        #expect(configuration.logFormat == .json)
    }

    @Test(arguments: [
        ["--code-requests-per-client-hour", "-1"], ["--code-requests-per-client-hour", "many"],
        ["--trusted-proxy", "proxy.example"], ["--trusted-proxy", "10.0.0.1,"],
        ["--trusted-proxy", "10.0.0.0/40"], ["--log-format", "xml"],
    ])
    func badValuesAreOneSentenceNamingTheFlag(arguments: [String]) {
        let error = #expect(throws: UsageError.self) {
            try ServerCommandLine.parse(arguments, environment: home)
        }
        let text = error?.description ?? ""
        #expect(text.contains(arguments[0]))
        #expect(text.hasSuffix("."))
        #expect(!text.contains("\n"))
    }
}
