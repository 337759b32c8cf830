import ArgumentParser
import CursesTerminal
import DeviceStore
import Foundation
import SessionEngine

/// `hubsim reset`: unenrolls a persistent device on purpose, erasing its state.
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Unenroll a device: erase its state, apps, data, keys and event log (asks first unless --yes).")

    @OptionGroup var options: DeviceOptions

    @Flag(help: "Do not ask for confirmation (needed when there is no terminal).")
    var yes = false

    func run() throws {
        if options.ephemeral {
            print("nothing to reset: --ephemeral devices keep no state")
            return
        }
        let url: URL
        let store: DeviceStore
        let snapshot: DeviceSnapshot?
        do {
            url = try StoreLocation.resolve(stateDir: options.stateDir, device: options.device)
            guard FileManager.default.fileExists(atPath: url.path) else {
                print("device \(options.device) has no state at \(url.path): nothing to reset")
                return
            }
            store = try DeviceStore.open(at: url)
            snapshot = try store.load()
        } catch {
            throw CommandError.usage(error.description)
        }
        guard let snapshot else {
            print("device \(options.device) is not enrolled: nothing to reset")
            return
        }
        let what = "device \(options.device) (\(snapshot.profile.id.rawValue), \(snapshot.state), \(url.path))"
        if !yes {
            guard StandardStreams.inputIsTerminal else {
                throw CommandError.usage("refusing to unenroll \(what) without confirmation: there is no terminal to ask on; pass --yes")
            }
            FileHandle.standardError.write(Data("Unenroll \(what)? Its apps, data, keys and event log are erased. [y/N] ".utf8))
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                print("kept device \(options.device)")
                throw CommandError(.failed)
            }
        }
        do {
            try store.reset()
            try store.close()
        } catch {
            throw CommandError.usage(error.description)
        }
        print("device \(options.device) unenrolled: the next start enrolls it afresh")
    }
}
