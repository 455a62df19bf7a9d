import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// Server mode reads in one order: the replica when it answers, else the
/// server while it may be used and has not failed, else the saved list.
@Suite struct ReadSourceTests {
    @Test func aReplicaThatAnswersComesFirstWithOrWithoutTheNetwork() {
        for network in [true, false] {
            #expect(
                ReadSource.next(
                    .init(replicaAnswers: true, network: network, cacheAnswers: true)) == .replica)
        }
    }

    @Test func withoutAReplicaTheServerComesBeforeTheCache() {
        #expect(
            ReadSource.next(.init(replicaAnswers: false, network: true, cacheAnswers: true))
                == .server)
    }

    @Test func theCacheAnswersOnceTheServerCannotBeReached() {
        #expect(
            ReadSource.next(
                .init(
                    replicaAnswers: false, network: true, serverUnreachable: true,
                    cacheAnswers: true)) == .cache)
    }

    @Test func withoutTheNetworkTheServerIsLeftOut() {
        #expect(
            ReadSource.next(.init(replicaAnswers: false, network: false, cacheAnswers: true))
                == .cache)
    }

    @Test func nothingIsLeftWhenTheCacheCannotAnswerTheRead() {
        #expect(
            ReadSource.next(
                .init(
                    replicaAnswers: false, network: true, serverUnreachable: true,
                    cacheAnswers: false)) == nil)
        #expect(
            ReadSource.next(.init(replicaAnswers: false, network: false, cacheAnswers: false))
                == nil)
    }

    // MARK: - ServerModeReader.read follows it

    /// Which sources `ServerModeReader.read` asked, in order.
    final class Asked {
        var sources: [ReadSource] = []
    }

    @Test func readAsksTheReplicaOnlyWhenItAnswers() async throws {
        let asked = Asked()
        let answer = try await ServerModeReader.read(
            replica: { () async throws(CommandError) in
                asked.sources.append(.replica)
                return "replica"
            },
            server: { () async throws(CommandError) in
                asked.sources.append(.server)
                return "server"
            },
            cache: { (_) throws(CommandError) in
                asked.sources.append(.cache)
                return "cache"
            })
        #expect(answer == "replica")
        #expect(asked.sources == [.replica])
    }

    @Test func readFallsBackOnTheCacheWithTheServersFailure() async throws {
        let asked = Asked()
        let unreachable = CommandError(.unavailable, "Cannot reach the server.")
        let answer = try await ServerModeReader.read(
            replica: nil,
            server: { () async throws(CommandError) -> String in
                asked.sources.append(.server)
                throw unreachable
            },
            cache: { (failure) throws(CommandError) in
                asked.sources.append(.cache)
                return failure?.message ?? "no failure"
            })
        #expect(answer == "Cannot reach the server.")
        #expect(asked.sources == [.server, .cache])
    }

    @Test func anotherServerFailureIsNotAnsweredFromTheCache() async {
        let asked = Asked()
        let refused = CommandError(.failure, "The server refused.")
        await #expect(throws: refused) {
            try await ServerModeReader.read(
                replica: nil,
                server: { () async throws(CommandError) -> String in
                    asked.sources.append(.server)
                    throw refused
                },
                cache: { (_) throws(CommandError) in
                    asked.sources.append(.cache)
                    return "cache"
                })
        }
        #expect(asked.sources == [.server])
    }

    @Test func anUnreachableServerStandsWhenTheCacheCannotAnswer() async {
        let unreachable = CommandError(.unavailable, "Cannot reach the server.")
        await #expect(throws: unreachable) {
            try await ServerModeReader.read(
                replica: nil,
                server: { () async throws(CommandError) -> String in throw unreachable })
        }
    }

    @Test func withoutTheNetworkReadGoesToTheCacheWithNoFailure() async throws {
        let answer = try await ServerModeReader.read(
            replica: nil,
            cache: { (failure) throws(CommandError) in failure == nil ? "cache" : "failure" })
        #expect(answer == "cache")
    }
}
