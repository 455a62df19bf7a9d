import Foundation
import HabitCore
import Testing

@testable import HabitServer

/// What `HabitListAnswers` keeps, and when it refuses to.
@Suite struct HabitListAnswersTests {
    let day = LocalDate(year: 2026, month: 11, day: 30)!

    private func key(_ owner: Int64, today: LocalDate? = nil) -> HabitListAnswers.Key {
        HabitListAnswers.Key(owner: owner, status: .active, date: day, today: today ?? day)
    }

    @Test func anAnswerIsKeptForItsKeyAndStamp() throws {
        let answers = HabitListAnswers()
        let ticket = try #require(answers.lookUp(key(1), stamp: 5).ticket)
        answers.remember(Data("one".utf8), for: key(1), ticket: ticket)
        #expect(answers.lookUp(key(1), stamp: 5).body == Data("one".utf8))
        #expect(answers.lookUp(key(1), stamp: 6).body == nil, "another process wrote")
        #expect(answers.lookUp(key(2), stamp: 5).body == nil, "another user")
        #expect(answers.lookUp(key(1, today: day.adding(days: 1)), stamp: 5).body == nil)
    }

    @Test func aStoreWithoutStampGetsNothingCached() {
        let answers = HabitListAnswers()
        let (ticket, body) = answers.lookUp(key(1), stamp: nil)
        #expect(ticket == nil && body == nil)
    }

    @Test func aWriteForgetsTheUsersAnswersOnly() throws {
        let answers = HabitListAnswers()
        for owner: Int64 in [1, 1 + Int64(HabitListAnswers.stripeCount)] {
            let ticket = try #require(answers.lookUp(key(owner), stamp: 0).ticket)
            answers.remember(Data("\(owner)".utf8), for: key(owner), ticket: ticket)
        }
        answers.userChanged(1)
        #expect(answers.lookUp(key(1), stamp: 0).body == nil)
        // The same stripe's other user keeps theirs.
        let other = 1 + Int64(HabitListAnswers.stripeCount)
        #expect(answers.lookUp(key(other), stamp: 0).body == Data("\(other)".utf8))
    }

    @Test func aListWorkedOutDuringAWriteIsNotKept() throws {
        let answers = HabitListAnswers()
        let ticket = try #require(answers.lookUp(key(1), stamp: 0).ticket)
        // The write lands after the ticket was taken and the store was read.
        answers.userChanged(1)
        answers.remember(Data("stale".utf8), for: key(1), ticket: ticket)
        #expect(answers.lookUp(key(1), stamp: 0).body == nil)
    }

    @Test func aStripeHoldsAtMostItsBytes() throws {
        let answers = HabitListAnswers()
        let body = Data(count: HabitListAnswers.stripeBytes / 3 + 1)
        var kept: [LocalDate] = []
        for offset in 0..<4 {
            let today = day.adding(days: offset)
            let ticket = try #require(answers.lookUp(key(1, today: today), stamp: 0).ticket)
            answers.remember(body, for: key(1, today: today), ticket: ticket)
            kept.append(today)
        }
        let held = kept.filter { answers.lookUp(key(1, today: $0), stamp: 0).body != nil }
        // Three bodies would pass the bound: the stripe was emptied for the third.
        #expect(held == Array(kept.suffix(2)))
        let tooLarge = try #require(answers.lookUp(key(2), stamp: 0).ticket)
        answers.remember(
            Data(count: HabitListAnswers.stripeBytes + 1), for: key(2), ticket: tooLarge)
        #expect(answers.lookUp(key(2), stamp: 0).body == nil)
    }
}
