import Foundation
import PackagePlugin

/// Puts the web app's files (`Web/` of the target) into the target as a
/// generated Swift file, so habits-server stays one executable.
///
/// Generated at build time rather than checked in: an edited file cannot be
/// served stale, and nobody has a step to remember. Every file is an input,
/// so an edit regenerates the Swift file and nothing else.
@main
struct WebAppEmbedding: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // A Swift target's `directoryURL` is there in tools version 6.0
        // (the `Target` protocol's only from 6.1).
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let web = target.directoryURL.appending(path: "Web")
        let output = context.pluginWorkDirectoryURL.appending(path: "WebAppFiles.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(
            at: web, includingPropertiesForKeys: [.isRegularFileKey])
        {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the web app of \(target.name)",
                executable: try context.tool(named: "habits-web-embed").url,
                arguments: [web.path, output.path],
                // Built with coverage instrumentation under `swift test
                // --enable-code-coverage`, the tool would write its profile
                // to default.profraw in the package's directory.
                environment: [
                    "LLVM_PROFILE_FILE": context.pluginWorkDirectoryURL.appending(
                        path: "habits-web-embed-%p.profraw"
                    ).path
                ],
                inputFiles: inputs.sorted { $0.path < $1.path }, outputFiles: [output])
        ]
    }
}
