import Foundation

/// The environment of a program a test starts, with the test run's coverage
/// setting carried over.
///
/// Tests give their programs an environment of their own (a private HOME, no
/// locale), which drops `LLVM_PROFILE_FILE`: an instrumented binary would then
/// write `default.profraw` into its working directory, the checkout. Carrying
/// the variable over sends its profile where `swift test
/// --enable-code-coverage` collects the rest, so the binaries count too.
package enum ChildEnvironment {
    /// `environment` plus the runner's `LLVM_PROFILE_FILE`, when it has one.
    package static func with(_ environment: [String: String]) -> [String: String] {
        var result = environment
        if result["LLVM_PROFILE_FILE"] == nil,
            let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"]
        {
            result["LLVM_PROFILE_FILE"] = profile
        }
        return result
    }
}
