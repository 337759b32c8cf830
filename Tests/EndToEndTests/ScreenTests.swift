import Foundation
import FuzzSupport
import Testing

/// What the terminal shows: secrets masked, colour only when wanted.
@Suite("Screen", .offThePool)
struct ScreenTests {
    @Test func aTypedPasswordIsMasked() async throws {
        let tmux = try await HubsimPane.start()
        defer { tmux.kill() }
        let hub = HubDriver(tmux: tmux)
        try await hub.waitFor("Enroll this device")
        try hub.fill("FRONTLINE", "stage")
        try tmux.type("hunter22")
        let screen = try await hub.waitFor("••••••••")
        #expect(!screen.contains("hunter22"))
    }

    /// SGR parameters that set a colour: 30–37, 39–47, 49, 90–97, 100–107, 38;… and 48;….
    func colourCodes(in styled: String) -> [String] {
        var codes: [String] = []
        var rest = Substring(styled)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            if rest[end] == "m" {
                let params = rest[..<end].split(separator: ";").compactMap { Int($0) }
                if params.contains(where: { (30...49).contains($0) && $0 != 39 && $0 != 49 || (90...107).contains($0) }) {
                    codes.append(String(rest[..<end]))
                }
            }
            rest = rest[end...]
        }
        return codes
    }

    @Test func noColorGivesTheMonochromeTheme() async throws {
        let mono = try await HubsimPane.start(environment: ["NO_COLOR": "1"])
        defer { mono.kill() }
        try await mono.waitFor("Enroll this device", timeout: HubDriver.patience)
        #expect(colourCodes(in: try mono.styledScreen()).isEmpty)

        let colour = try await HubsimPane.start()
        defer { colour.kill() }
        try await colour.waitFor("Enroll this device", timeout: HubDriver.patience)
        #expect(!colourCodes(in: try colour.styledScreen()).isEmpty)
    }
}
