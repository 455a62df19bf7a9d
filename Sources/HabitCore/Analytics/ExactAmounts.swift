import Foundation

/// A habit's target and entry values as 64-bit integers counting one common
/// decimal unit (10^-scale), so sums and comparisons are exact and fast.
///
/// `Decimal` keeps 0.7 + 0.1 exactly 0.8, but each of its additions and
/// comparisons costs a few hundred nanoseconds; ten years of entries would
/// spend milliseconds there. Amounts as a person writes them (a few digits,
/// a few decimals) fit 64-bit integers at a common scale; `init` returns `nil`
/// for any that do not (more than 18 digits, or a NaN), and the caller then
/// falls back to `Decimal`.
struct ExactAmounts {
    /// Decimal places of the common unit: amounts are multiples of 10^-scale.
    let scale: Int
    let target: Int64
    /// The values, in the order given.
    let values: [Int64]

    private struct Parts {
        var significand: Int64
        var exponent: Int
    }

    init?(target: Decimal, values: [Decimal]) {
        guard let targetParts = Self.parts(of: target) else { return nil }
        // Entries repeat a handful of amounts, so each distinct one is split
        // once. A short list searched in order: no hashing per value, and no
        // dictionary type for the runtime to set up in a short-lived command.
        var known: [Known] = []
        // Made once at its largest: growing it one amount at a time cost
        // more than the lookups it saves in a short history.
        if !values.isEmpty { known.reserveCapacity(min(values.count, Self.knownLimit)) }
        var parts: [Parts] = []
        parts.reserveCapacity(values.count)
        var smallestExponent = min(0, targetParts.exponent)
        for value in values {
            let split: Parts
            let bits = BitPattern(value)
            if let bits, let found = known.first(where: { $0.bits == bits }) {
                split = found.parts
            } else {
                guard let made = Self.parts(of: value) else { return nil }
                if let bits, known.count < Self.knownLimit {
                    known.append(Known(bits: bits, parts: made))
                }
                split = made
            }
            smallestExponent = min(smallestExponent, split.exponent)
            parts.append(split)
        }
        let scale = -smallestExponent
        guard scale <= 18, let scaledTarget = Self.scaled(targetParts, scale: scale) else {
            return nil
        }
        var scaledValues: [Int64] = []
        scaledValues.reserveCapacity(parts.count)
        for part in parts {
            guard let scaled = Self.scaled(part, scale: scale) else { return nil }
            scaledValues.append(scaled)
        }
        self.scale = scale
        self.target = scaledTarget
        self.values = scaledValues
    }

    /// How many distinct amounts the cache keeps; others are split each time.
    private static let knownLimit = 16

    /// An amount already split, by its bytes.
    private struct Known {
        var bits: BitPattern
        var parts: Parts
    }

    /// The bytes of a `Decimal`, as a cheap cache key.
    ///
    /// Two decimals with the same bytes have the same value, whatever the
    /// layout, so the bytes can stand for the value in a cache (equal values
    /// with different bytes, such as 1 and 1.0, merely take two entries).
    /// `Decimal`'s own `==` is far slower, as it normalises.
    private struct BitPattern: Equatable {
        var low: UInt64 = 0
        var middle: UInt64 = 0
        var high: UInt64 = 0

        /// `nil` if a `Decimal` is larger than 24 bytes (it is 20 on every
        /// platform today), so such a layout is only slower, never wrong.
        init?(_ value: Decimal) {
            guard MemoryLayout<Decimal>.size <= MemoryLayout<BitPattern>.size else { return nil }
            withUnsafeBytes(of: value) { source in
                withUnsafeMutableBytes(of: &self) { $0.copyMemory(from: source) }
            }
        }
    }

    /// `value` as an integer significand and a power of ten, or `nil` when the
    /// significand needs more than 63 bits or the value is NaN.
    private static func parts(of value: Decimal) -> Parts? {
        guard !value.isNaN else { return nil }
        if value.isZero { return Parts(significand: 0, exponent: 0) }
        let significand = value.significand
        // Checked against the significand itself, so a value NSDecimalNumber
        // rounds or clamps is refused rather than misread.
        let magnitude = NSDecimalNumber(decimal: significand).uint64Value
        guard magnitude <= UInt64(Int64.max), Decimal(magnitude) == significand else {
            return nil
        }
        let signed = Int64(magnitude)
        return Parts(significand: value.isSignMinus ? -signed : signed, exponent: value.exponent)
    }

    /// `parts` counted in units of 10^-scale, or `nil` on overflow.
    private static func scaled(_ parts: Parts, scale: Int) -> Int64? {
        let shift = scale + parts.exponent
        guard shift >= 0, shift <= 18 else { return nil }
        let (result, overflow) = parts.significand.multipliedReportingOverflow(
            by: powersOfTen[shift])
        return overflow ? nil : result
    }

    private static let powersOfTen: [Int64] = (0...18).map { power in
        (0..<power).reduce(Int64(1)) { product, _ in product * 10 }
    }
}
