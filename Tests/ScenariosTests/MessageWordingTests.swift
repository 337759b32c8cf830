import Configuration
import Foundation
import Testing
@testable import Scenarios

/// Messages that once named the wrong thing or left out what is allowed: each is one line
/// that names the problem and the range.
@Suite struct MessageWordingTests {
    /// `<Resize:0x0>` said only "must be <Resize:WxH>", not which sizes are allowed.
    @Test(arguments: ["Resize:0x0", "Resize:-80x24", "Resize:axb", "Resize:80"])
    func aBadResizeStatesTheRange(key: String) {
        let error = Fixtures.parseError("name: r\nprofile: workspace-one\nsteps:\n  - press: \"<\(key)>\"\n")
        #expect(error?.message == "<\(key)> must be <Resize:WxH> with W and H whole numbers from 1x1 to \(Limits.screenWidth)x\(Limits.screenHeight), e.g. <Resize:120x40>",
                "\(String(describing: error))")
    }

    /// A comparison naming its scenario by an absolute path (`/dev/zero`) reported it as
    /// `cmp/dev/zero`: the path is shown as written.
    @Test func anAbsoluteScenarioPathIsShownAsWritten() throws {
        let message = try ComparisonFileTests.problem("scenario: /dev/zero\nprofiles: [workspace-one, entra-ios]\n")
        #expect(message?.hasPrefix("/dev/zero:1:1: cannot read the scenario file: it is not a regular file") == true, "\(message ?? "nil")")
        #expect(message?.contains("c.yaml/dev") == false && message?.contains("cmp/dev") == false)
    }
}
