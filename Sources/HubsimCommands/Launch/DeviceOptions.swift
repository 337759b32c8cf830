import ArgumentParser
import SessionEngine

/// The command-line options that choose the simulated device, shared by the interactive UI
/// and `reset`. Parsing only: what they mean is `DeviceChoice`'s, whose defaults these are
/// (the everyday start skips this parser and uses them directly: `StartupPath`).
struct DeviceOptions: ParsableArguments {
    @Option(help: "Device profile at enrollment.")
    var profile: ProfileID?

    @Option(help: "Tenant YAML file (groups, users, policies). Default: the bundled tenant.")
    var tenant: String?

    @Option(help: "Comma-separated app ids installed at enrollment. Default: the profile's set.")
    var apps: String?

    @Option(help: "Name of the simulated device; each has its own state database.")
    var device: String = DeviceChoice().device

    @Option(help: "Directory for device state. Default: $XDG_STATE_HOME/hubsim or ~/.local/state/hubsim.")
    var stateDir: String?

    @Flag(help: "Keep nothing: the device lives in memory and starts unenrolled.")
    var ephemeral = false

    @Option(help: "Append diagnostics (never secrets) to this regular file (not one hubsim reads or another output).")
    var logFile: String?

    /// An empty `--state-dir` once fell back to the default directory without a word.
    func validate() throws {
        if stateDir?.isEmpty == true {
            throw ValidationError("--state-dir '': the path is empty; give the directory for device state, or leave --state-dir out for $XDG_STATE_HOME/hubsim (~/.local/state/hubsim)")
        }
    }

    var choice: DeviceChoice {
        DeviceChoice(profile: profile, tenant: tenant, apps: apps, device: device, stateDir: stateDir,
                     ephemeral: ephemeral, logFile: logFile)
    }
}
