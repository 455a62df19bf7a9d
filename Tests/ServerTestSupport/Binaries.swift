import Foundation

/// The built executables the end-to-end tests run.
///
/// SwiftPM puts executables and the test bundle in the same directory
/// (`.build/<triple>/debug/`). On Linux the test bundle is itself an
/// executable, `habitsPackageTests.xctest`, so `CommandLine.arguments[0]`
/// (or `Bundle.main.executablePath`) names a file in that directory; on macOS
/// the bundle is a directory inside it, found among `Bundle.allBundles`.
package enum Binaries {
    package static let habits = locate("habits")
    package static let server = locate("habits-server")

    private static func locate(_ name: String) -> URL {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        if let main = Bundle.main.executableURL {
            directories.append(main.deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.standardizedFileURL
            }
        }
        // Not found: tests that run it fail with the path they tried.
        return (directories.first ?? URL(fileURLWithPath: ".")).appendingPathComponent(name)
    }
}
