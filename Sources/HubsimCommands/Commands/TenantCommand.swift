import ArgumentParser
import Configuration
import CursesTerminal
import DeviceStore
import Foundation
import Platform
import SessionEngine

/// `hubsim tenant`: check and edit the console side (groups, users, policies) of a tenant file.
struct TenantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tenant",
        abstract: "Validate a tenant file, add users to it, hash passwords.",
        subcommands: [Validate.self, AddUser.self, HashPassword.self])

    /// `hubsim tenant` alone is a usage error (exit 2), not a request for help (exit 0): a
    /// script that forgot the subcommand must not pass.
    func run() throws {
        let names = Self.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        throw CommandError(.usage, message: "hubsim tenant: give a subcommand: \(names.joined(separator: ", "))\n\n"
            + Hubsim.helpMessage(for: TenantCommand.self))
    }

    /// `hubsim tenant validate FILE`: exit 0 with a summary, or 2 with `file:line:column: …`.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check a tenant file; errors are reported as file:line:column.")

        @Argument(help: "The tenant YAML file.")
        var file: String

        func run() throws {
            let tenant: Tenant
            do { tenant = try TenantLoader.load(path: file) } catch {
                throw CommandError.usage(error.description)
            }
            print("valid: \(TenantSummary.line(tenant))")
        }
    }

    /// `hubsim tenant add-user FILE NAME`: appends a user, keeping the file's comments.
    struct AddUser: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-user",
            abstract: "Add a user to a tenant file (the password is asked twice without echo, or read from standard input when it is not a terminal).")

        @Argument(help: "The tenant YAML file.")
        var file: String
        @Argument(help: "The user name (case-insensitive).")
        var name: String
        @Option(help: "The name shown in the Hub.")
        var displayName: String?
        @Option(help: "The organization group (Group ID). Default: the first group.")
        var group: String?
        @Option(help: ArgumentHelp("Make a staging user of this mode (multi-user: shared devices).", valueName: "staging-mode"))
        var staging: StagingMode?

        func run() throws {
            let mode = staging
            let url = URL(fileURLWithPath: file)
            let text: String
            do { text = try ConfigFile.text(at: file, what: "the tenant file") } catch { throw CommandError.usage(error.description) }
            do {
                // Refuse before asking for a password that would be thrown away.
                try TenantEditor.precheck(name, group: group, in: text, file: file)
                let secret = try readPassword(for: UserID(name).name)
                let user = TenantEditor.NewUser(name: name, displayName: displayName, group: group, staging: mode,
                                                passwordHash: ScryptHasher().hash(secret))
                let updated = try TenantEditor.adding(user, to: text, file: file)
                try TenantEditor.writeAtomically(updated, to: url)
            } catch let error as ConfigError {
                throw CommandError.usage(error.description)
            }
            let role = mode.map { "staging user, \($0.rawValue)" } ?? "end user"
            print("added \(UserID(name)) (\(role)) to \(file)")
        }
    }

    /// `hubsim tenant hash-password`: prints a scrypt PHC string for `passwordHash:`.
    struct HashPassword: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hash-password",
            abstract: "Print the scrypt PHC hash of a password, for a tenant file's passwordHash.")

        func run() throws {
            let secret = try readPassword(for: "the hash")
            print(ScryptHasher().hash(secret).phc)
        }
    }
}

private func readPassword(for who: String) throws -> Secret {
    do { return try PasswordInput.readNew(for: who) } catch { throw CommandError.usage(error.description) }
}

/// One line describing a tenant, for `tenant validate`.
enum TenantSummary {
    static func line(_ t: Tenant) -> String {
        let staging = t.users.filter(\.isStagingUser).count
        let p = t.policy
        let passcode = p.appPasscodeMinLength.map { "app passcode of \($0)+ digits" } ?? "no app passcode"
        return "\(t.users.count) users (\(staging) staging), \(t.groups.count) group\(t.groups.count == 1 ? "" : "s") "
            + "(\(t.groups.map(\.id).joined(separator: ", "))); \(passcode), inactivity lock after \(formatDuration(seconds: p.inactivityTimeout)), "
            + "lockout after \(p.failedAttemptLimit) failed attempts for \(formatDuration(seconds: p.lockoutDuration))"
            + (t.appRegistrations.isEmpty ? "" : "; \(t.appRegistrations.count) app registration\(t.appRegistrations.count == 1 ? "" : "s")")
    }
}
