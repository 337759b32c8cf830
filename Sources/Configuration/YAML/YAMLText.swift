import Yams

/// Writes YAML through Yams (libyaml's emitter), for the scenario recorder, the TAP report
/// and the tenant editor: libyaml decides when a scalar needs quotes and how to escape it.
///
/// Hand-written here, because Yams cannot do it:
/// - **Double quotes when a scalar cannot be plain.** libyaml's fallback is single quotes,
///   which have no escapes (a line break in the value breaks the line of the recording);
///   one quoting style also keeps recordings, tenant files and the shipped library alike.
///   Yams has no option for it, so a value is tried plain in a flow list and, when libyaml
///   quotes it there, emitted again in double quotes.
/// - **Fragments rather than whole documents.** The recorder lays out one step per line
///   and the tenant editor inserts lines into a file whose comments must survive (Yams
///   drops comments on reading), so they take scalars and flow lists from here and place
///   them; the TAP report takes a whole mapping and only indents it (`block`).
public enum YAMLText {
    /// `s` as a scalar that reads back as the same text in block and in flow context
    /// (inside `{…}` or `[…]`): plain when libyaml writes it plain, else double-quoted.
    public static func scalar(_ s: String) -> String {
        if case let .scalar(scalar) = node(s), scalar.style == .plain { return s }
        return quoted(s)
    }

    /// `s` in double quotes, with YAML's escapes.
    public static func quoted(_ s: String) -> String {
        emit(.scalar(.init(s, Tag(.str), .doubleQuoted)))
    }

    /// A list in flow style: `[a, "b: c"]`.
    public static func flowList(_ items: [String]) -> String {
        emit(.sequence(.init(items.map(node), Tag(.seq), .flow)))
    }

    /// One item of a flow list as `flowList` writes it (`"b: c"`), so a list built item by
    /// item, `"[" + items.joined(separator: ", ") + "]"`, reads exactly as `flowList`'s.
    public static func flowItem(_ item: String) -> String {
        let list = emit(.sequence(.init([node(item)], Tag(.seq), .flow)))
        return String(list.dropFirst().dropLast())
    }

    /// A value of a block mapping (`block(_:)`).
    public enum Value: Sendable {
        case text(String)
        case number(Int)
    }

    /// A block mapping, keys in the order given, as a document between `---` and `...`;
    /// text of several lines as a literal block (`|`) where libyaml allows one.
    public static func block(_ fields: [(key: String, value: Value)]) -> String {
        let pairs: [(Node, Node)] = fields.map { key, value in
            let valueNode: Node
            switch value {
            case let .number(n): valueNode = .scalar(.init(String(n), Tag(.int), .plain))
            case let .text(s) where s.contains("\n"): valueNode = .scalar(.init(s, Tag(.str), .literal))
            case let .text(s): valueNode = node(s)
            }
            return (.scalar(.init(key, Tag(.str), .plain)), valueNode)
        }
        return emit(.mapping(.init(pairs, Tag(.map), .block)), document: true)
    }

    /// The node for `s`: plain when that reads back as text (not a number, boolean, null…)
    /// and libyaml can write it plain inside a flow collection, else double-quoted.
    static func node(_ s: String) -> Node {
        let plain = Node.Scalar(s, Tag(.str), .plain)
        if Resolver.default.resolveTag(of: Node(s)) == .str {
            // libyaml quotes a scalar it cannot write plain; a probe in a flow list shows which.
            let probe = emit(.sequence(.init([.scalar(plain)], Tag(.seq), .flow)))
            if probe == "[" + s + "]" { return .scalar(plain) }
        }
        return .scalar(.init(s, Tag(.str), .doubleQuoted))
    }

    /// The emitted text without its final line break: no line width, Unicode as it is.
    private static func emit(_ node: Node, document: Bool = false) -> String {
        // Emitting a tree of scalars built above cannot fail (no aliases, no custom tags).
        let text = try! Yams.serialize(node: node, width: -1, allowUnicode: true,
                                       explicitStart: document, explicitEnd: document)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
