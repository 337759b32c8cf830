import Testing
@testable import Configuration

/// YAML written through Yams reads back as the text that was written.
@Suite struct YAMLTextTests {
    @Test func scalarsArePlainOnlyWhenTheyReadBackAsTheSameText() {
        #expect(YAMLText.scalar("cou1") == "cou1")
        #expect(YAMLText.scalar("not running") == "not running")
        #expect(YAMLText.scalar("Checked in (staged) — cou1") == "Checked in (staged) — cou1")
        #expect(YAMLText.scalar("${HUBSIM_PASSWORD_COU1}") == "\"${HUBSIM_PASSWORD_COU1}\"")
        #expect(YAMLText.scalar("true") == "\"true\"")
        #expect(YAMLText.scalar("Off") == "\"Off\"")
        #expect(YAMLText.scalar("~") == "\"~\"")
        #expect(YAMLText.scalar("") == "\"\"")
        #expect(YAMLText.scalar("1234") == "\"1234\"")
        #expect(YAMLText.scalar("1.5") == "\"1.5\"")
        #expect(YAMLText.scalar("a: b") == "\"a: b\"")
        #expect(YAMLText.scalar("a, b") == "\"a, b\"")
        #expect(YAMLText.scalar("- x") == "\"- x\"")
        #expect(YAMLText.scalar("controllerDidFinishInitialCheck(error: nil)") == "\"controllerDidFinishInitialCheck(error: nil)\"")
        #expect(YAMLText.scalar("x\"y\n") == "\"x\\\"y\\n\"")
        #expect(YAMLText.scalar("tab\there\u{1}") == "\"tab\\there\\x01\"")
    }

    /// Reads back what YAMLText wrote. Control characters included: a person's file may not
    /// hold them (`EscapedControlTests`), but the writer must still escape them correctly.
    static func read(_ text: String, file: String) throws -> YAMLValue {
        try YAMLValue.parse(text, file: file, refusingControlCharacters: false)
    }

    static let awkward = [
        "cou1", "", " leading", "trailing ", "a: b", "a #b", "#x", "[x]", "{x}", "x, y", "'q'", "\"dq\"",
        "true", "no", "null", "~", "0x1F", "1e3", "2026-11-23", "@at", "`tick", "%p", "!tag", "&anchor", "*alias",
        "|pipe", ">fold", "? q", "- dash", "line\nbreak", "tab\t", "back\\slash", "ünïcödé ✓", "\u{7F}del", "=", "<<",
    ]

    /// Every awkward value, as a list item, a flow-mapping value and a block-mapping value,
    /// reads back through the same parser the tenant and scenario files use.
    @Test(arguments: awkward)
    func everyScalarReadsBackAsWritten(text: String) throws {
        let flow = try Self.read("[\(YAMLText.scalar(text)), {k: \(YAMLText.scalar(text))}]", file: "t.yaml")
        let items = try flow.items("t")
        #expect(try items[0].string("item") == text)
        #expect(try items[1].fields("m", allowed: ["k"]).string("k") == text)
        let block = try Self.read("k: \(YAMLText.scalar(text))\n", file: "t.yaml")
        #expect(try block.fields("m", allowed: ["k"]).string("k") == text)
        let quoted = try Self.read("k: \(YAMLText.quoted(text))\n", file: "t.yaml")
        #expect(try quoted.fields("m", allowed: ["k"]).string("k") == text)
        #expect(YAMLText.quoted(text).hasPrefix("\"") && !YAMLText.quoted(text).contains("\n"))
    }

    @Test func flowListsAreOneLine() throws {
        #expect(YAMLText.flowList([]) == "[]")
        #expect(YAMLText.flowList(["a", "b: c", "true"]) == "[a, \"b: c\", \"true\"]")
        let list = try Self.read(YAMLText.flowList(Self.awkward), file: "t.yaml")
        #expect(try list.items("t").map { try $0.string("item") } == Self.awkward)
    }

    /// The recorder writes a list item by item as the walk grows (Docs/performance.md): joined, the items
    /// read exactly as the list written at once.
    @Test func flowItemsJoinIntoTheFlowList() {
        let lists: [[String]] = [["a"], ["a", "b: c", "true"], Self.awkward,
                                 ["didReceive(account: cou1)", "controllerDidWipeCurrentUserData()", "ü, [x]", ""]]
        for items in lists {
            #expect("[" + items.map(YAMLText.flowItem).joined(separator: ", ") + "]" == YAMLText.flowList(items))
        }
    }

    @Test func blockMappingsKeepTheirOrderNumbersAndLiteralText() throws {
        let text = YAMLText.block([
            ("message", .text("screen differs")), ("step", .text("2: expect screen")), ("line", .number(5)),
            ("screen", .text("┌ Hub ┐\n  Checked in (staged)\n\n└─────┘")),
        ])
        #expect(text.split(separator: "\n").first == "---")
        #expect(text.split(separator: "\n").last == "...")
        #expect(text.contains("\nmessage: screen differs\nstep: \"2: expect screen\"\nline: 5\nscreen: |-\n  ┌ Hub ┐\n    Checked in (staged)\n\n  └─────┘\n"))
        let value = try Self.read(text, file: "t.yaml")
        let f = try value.fields("d", allowed: ["message", "step", "line", "screen"])
        #expect(try f.string("step") == "2: expect screen")
        #expect(try f.int("line", default: 0) == 5)
        #expect(try f.string("screen") == "┌ Hub ┐\n  Checked in (staged)\n\n└─────┘")
    }
}
