import Testing
@testable import SessionEngine

/// Secrets never turn into text.
@Suite struct SecretTests {
    @Test func secretsPrintAsAMaskEverywhere() {
        let s = Secret("hunter2")
        #expect("\(s)" == "••••")
        #expect(String(describing: s) == "••••")
        #expect(String(reflecting: s) == "Secret(••••)")
        var dumped = ""
        dump(s, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        let action = DeviceAction.checkOut(group: "G", user: "cou1", password: s, passcode: "1234")
        #expect(!"\(action)".contains("hunter2") && !"\(action)".contains("1234"))
        #expect(s.withPlaintext { $0 } == "hunter2")
    }
}
