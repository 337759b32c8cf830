import Foundation
import SessionEngine

/// A developer's program given on the command line: `--app 'NAME=COMMAND'` or
/// `--app 'NAME:SDK=COMMAND'` (`hubsim` and `hubsim run`). The command is split on spaces
/// (no shell reads it: no quotes, no variables); it runs in the folder hubsim was started in.
/// Without an SDK the app gets the profile's own, known only once the profile is.
public struct CommandLineApp: Equatable, Sendable {
    public var id: AppID
    /// `workspace-one`, `msal` or `none`; nil: the profile's own.
    public var sdk: String?
    public var command: ExternalProgram

    public static let sdks = ["workspace-one", "msal", "none"]

    /// Reads one `--app` value; `directory` is where the program runs (nil: the current folder).
    /// The error is the one line to print, naming the value.
    public static func parse(_ text: String, directory: String? = nil) throws(CommandLineAppError) -> CommandLineApp {
        let shown = PrintableText.quoted(text, limit: 60)
        func refuse(_ problem: String) -> CommandLineAppError { CommandLineAppError(message: "--app '\(shown)': \(problem)") }
        guard let equals = text.firstIndex(of: "=") else {
            throw refuse("give NAME=COMMAND, e.g. --app 'myapp=python3 myapp.py' (or NAME:SDK=COMMAND, SDK one of \(sdks.joined(separator: ", ")))")
        }
        let head = text[..<equals], tail = text[text.index(after: equals)...]
        let parts = head.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let id = parts[0]
        guard !id.isEmpty, id.count <= 32, id.unicodeScalars.allSatisfy(isNameScalar) else {
            throw refuse("the name '\(PrintableText.quoted(id))' must be 1 to 32 letters, digits, '-', '_' or '.'")
        }
        var sdk: String?
        if parts.count == 2 {
            guard sdks.contains(parts[1]) else { throw refuse("unknown SDK '\(PrintableText.quoted(parts[1]))'; valid: \(sdks.joined(separator: ", "))") }
            sdk = parts[1]
        }
        var exec = tail.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !exec.isEmpty else { throw refuse("the command is empty; give the program and its arguments after '='") }
        let folder = AppEntryReader.absolute(directory ?? FileManager.default.currentDirectoryPath,
                                              against: FileManager.default.currentDirectoryPath)
        if exec[0].contains("/") { exec[0] = AppEntryReader.absolute(exec[0], against: folder) }
        return CommandLineApp(id: id, sdk: sdk, command: ExternalProgram(exec: exec, workingDirectory: folder))
    }

    /// The SDK a program plays, by its name (nil: the profile's own), or nil for a name
    /// hubsim does not play. A program's own code decides whether it reads the account on
    /// resume; the traits say only what iOS lets it receive: a listener, without background
    /// capability unless told (000: the capability is what keeps an app listening in the background).
    public static func sdk(named name: String?, profile: ProfileID, backgroundCapability: Bool = false) -> AppSDK? {
        switch name ?? (profile == .workspaceOne ? "workspace-one" : "msal") {
        case "workspace-one": .workspaceOne(.none)
        case "msal": .msal(MSALTraits(backgroundCapability: backgroundCapability, listensForNotification: true, checksAccountOnForeground: true))
        case "none": AppSDK.none
        default: nil
        }
    }

    /// The app on a device of `profile`: its SDK (the profile's own unless given), with the
    /// catalogue's defaults for its traits.
    public func definition(profile: ProfileID, backgroundCapability: Bool = false) -> AppDefinition {
        let appSDK = Self.sdk(named: sdk, profile: profile, backgroundCapability: backgroundCapability) ?? .none
        return AppDefinition(id: id, name: id, sdk: appSDK, summary: "your program: " + command.exec.joined(separator: " "),
                             external: command)
    }

    /// `apps` with each of `added` after the others; one of the same name is played by the
    /// program instead, keeping its name and traits (and its SDK, unless `added` names one).
    public static func merge(_ added: [CommandLineApp], into apps: [AppDefinition], profile: ProfileID) -> [AppDefinition] {
        var out = apps
        for app in added {
            let definition = app.definition(profile: profile)
            guard let i = out.firstIndex(where: { $0.id == app.id }) else { out.append(definition); continue }
            out[i].external = app.command
            if app.sdk != nil {
                out[i].sdk = definition.sdk
                if definition.msal == nil { out[i].sso = nil }
            }
            // The simulator's templates are not the program's: it keeps what it stores.
            out[i].faults = []; out[i].userItems = []; out[i].preferences = []; out[i].commonItems = []
        }
        return out
    }

    private static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "_" || s == "."
    }
}

/// A `--app` value that cannot be used: the one line to print.
public struct CommandLineAppError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
