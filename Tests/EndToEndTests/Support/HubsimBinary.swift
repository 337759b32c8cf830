import Foundation

/// The built `hubsim` executable. `swift test` builds every product of the package before it
/// runs tests, so the binary sits next to the test runner in the same build directory and is
/// as fresh as the tests; `HUBSIM_BINARY` overrides (e.g. to test a release build).
enum HubsimBinary {
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "no hubsim binary at \(path); run 'swift build' (or set HUBSIM_BINARY)" }
    }

    static func path() throws -> String {
        if let override = ProcessInfo.processInfo.environment["HUBSIM_BINARY"], !override.isEmpty {
            return override
        }
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // macOS runs tests from inside an .xctest bundle; Linux runs the .xctest executable itself.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" || directory.lastPathComponent == "MacOS" {
            directory = directory.deletingLastPathComponent()
        }
        let candidate = directory.appendingPathComponent("hubsim").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else { throw Missing(path: candidate) }
        return candidate
    }
}
