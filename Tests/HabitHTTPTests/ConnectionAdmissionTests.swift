import Testing

@testable import HabitHTTP

@Suite("ConnectionAdmission")
struct ConnectionAdmissionTests {
    private let alice = ClientAddress(ipv4: (192, 0, 2, 1))
    private let bob = ClientAddress(ipv4: (192, 0, 2, 2))
    private let loopback = ClientAddress(ipv4: (127, 0, 0, 1))

    private func id(_ decision: ConnectionAdmission.Decision) -> ConnectionAdmission.ID? {
        switch decision {
        case .admit(let id), .admitEvicting(let id, _): return id
        case .refuse: return nil
        }
    }

    @Test func whenFullTheOldestIdleConnectionMakesRoom() throws {
        var admission = ConnectionAdmission(
            maxConnections: 3, maxPerClient: 10, exemptsLoopback: true)
        let first = try #require(id(admission.admit(alice)))
        let second = try #require(id(admission.admit(bob)))
        let third = try #require(id(admission.admit(alice)))
        // The first became busy (a request), then idle again: now it is the newest idle one.
        admission.markBusy(first)
        admission.markIdle(first)
        let fourth = admission.admit(bob)
        guard case .admitEvicting(let newID, let evicted) = fourth else {
            Issue.record("expected an eviction, got \(fourth)")
            return
        }
        #expect(evicted == second)
        #expect(admission.count == 3)
        #expect(!admission.isIdle(second))
        // Busy connections are never chosen; with all busy, the next is refused.
        for held in [first, third, newID] { admission.markBusy(held) }
        #expect(admission.admit(alice) == .refuse(clientFull: false))
        admission.markIdle(third)
        #expect(admission.admit(alice) == .admitEvicting(newID + 1, evicting: third))
    }

    @Test func statisticsCountIdleConnectionsEvictionsAndRefusals() throws {
        var admission = ConnectionAdmission(
            maxConnections: 2, maxPerClient: 10, exemptsLoopback: true)
        #expect(admission.statistics == ConnectionStatistics())
        let first = try #require(id(admission.admit(alice)))
        let second = try #require(id(admission.admit(bob)))
        admission.markBusy(second)
        #expect(admission.statistics == ConnectionStatistics(open: 2, idle: 1))
        // Full: the idle one makes room, and the newcomer starts idle.
        let third = try #require(id(admission.admit(alice)))
        #expect(!admission.isIdle(first))
        #expect(
            admission.statistics == ConnectionStatistics(open: 2, idle: 1, evictions: 1))
        admission.markBusy(third)
        #expect(admission.admit(bob) == .refuse(clientFull: false))
        #expect(
            admission.statistics
                == ConnectionStatistics(open: 2, idle: 0, evictions: 1, refusals: 1))
        admission.markIdle(third)
        admission.markIdle(third)
        admission.remove(third)
        admission.remove(third)
        #expect(
            admission.statistics
                == ConnectionStatistics(open: 1, idle: 0, evictions: 1, refusals: 1))
    }

    @Test func aClientAtItsLimitLosesItsOwnOldestIdleConnectionOrIsRefused() throws {
        var admission = ConnectionAdmission(
            maxConnections: 100, maxPerClient: 2, exemptsLoopback: true)
        let bobs = try #require(id(admission.admit(bob)))
        let a1 = try #require(id(admission.admit(alice)))
        let a2 = try #require(id(admission.admit(alice)))
        // Bob's connection is older and idle, but Alice's limit is Alice's to pay.
        #expect(admission.admit(alice) == .admitEvicting(a2 + 1, evicting: a1))
        admission.markBusy(a2)
        admission.markBusy(a2 + 1)
        #expect(admission.admit(alice) == .refuse(clientFull: true))
        #expect(admission.count(of: alice) == 2)
        #expect(admission.isIdle(bobs))
        #expect(id(admission.admit(bob)) != nil)
    }

    @Test func loopbackIsExemptFromTheClientLimitUnlessConfigured() {
        var exempt = ConnectionAdmission(
            maxConnections: 100, maxPerClient: 1, exemptsLoopback: true)
        for _ in 0..<5 { #expect(id(exempt.admit(loopback)) != nil) }
        #expect(exempt.count(of: loopback) == 5)

        var limited = ConnectionAdmission(
            maxConnections: 100, maxPerClient: 1, exemptsLoopback: false)
        let only = id(limited.admit(loopback))
        if let only { limited.markBusy(only) }
        #expect(limited.admit(loopback) == .refuse(clientFull: true))
    }

    @Test func removingForgetsAConnectionOnce() throws {
        var admission = ConnectionAdmission(
            maxConnections: 2, maxPerClient: 2, exemptsLoopback: false)
        let first = try #require(id(admission.admit(alice)))
        let second = try #require(id(admission.admit(alice)))
        admission.remove(first)
        admission.remove(first)
        #expect(admission.count == 1)
        #expect(admission.count(of: alice) == 1)
        // The idle list stays consistent: the remaining idle one is the next to go.
        let third = try #require(id(admission.admit(bob)))
        #expect(admission.admit(bob) == .admitEvicting(third + 1, evicting: second))
    }

    @Test func addressesOfBothFamiliesAndLoopback() {
        #expect(ClientAddress(ipv4: (127, 1, 2, 3)).isLoopback)
        #expect(!ClientAddress(ipv4: (10, 0, 0, 1)).isLoopback)
        var ipv6Loopback = [UInt8](repeating: 0, count: 16)
        ipv6Loopback[15] = 1
        #expect(ClientAddress(ipv6: ipv6Loopback).isLoopback)
        // An IPv4-mapped IPv6 address is the same client as the IPv4 one.
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 192, 0, 2, 1]
        #expect(ClientAddress(ipv6: mapped) == alice)
    }
}
