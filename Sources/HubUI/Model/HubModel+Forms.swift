import SessionEngine

extension HubModel {
    /// `Enter` in a form: the next field, or submit from the last.
    mutating func submitField() {
        var f = form
        guard let field = f.activeField else { return }
        if !f.isOnLastField {
            f.active += 1
            form = f
            return
        }
        if field.isEmpty, let prompt = emptyPrompt(field, in: f) {
            notice = Notice(text: prompt, kind: .error, place: .hub)
            return
        }
        if let missing = f.fields.firstIndex(where: { $0.isEmpty && $0.id != .group }) {
            notice = Notice(text: "Enter the \(f.fields[missing].label.lowercased()).", kind: .error, place: .hub)
            f.active = missing
            form = f
            return
        }
        switch f.kind {
        case .enroll: submitEnrollment(f)
        case .checkOut: submitCheckOut(f)
        case .unlock: submitUnlock(f)
        case .signIn: submitSignIn(f)
        case .tokenPrompt: submitTokenPrompt(f)
        case .setSessionPIN: act(.setSessionPIN(secret(f, .sessionPIN))); if notice != nil { afterRefusal(f) }
        case .enterSessionPIN: act(.enterSessionPIN(secret(f, .sessionPIN))); if notice != nil { afterRefusal(f) }
        }
    }

    private func emptyPrompt(_ field: FormField, in form: CredentialForm) -> String? {
        field.id == .group ? nil : "Enter the \(field.label.lowercased())."
    }

    private func text(_ f: CredentialForm, _ id: FormField.ID) -> String { f.field(id)?.text ?? "" }
    private func secret(_ f: CredentialForm, _ id: FormField.ID) -> Secret { f.field(id)?.secret ?? Secret("") }
    private func group(_ f: CredentialForm) -> String? { f.field(.group).map(\.text) }

    private mutating func submitEnrollment(_ f: CredentialForm) {
        act(.enroll(group: group(f), user: text(f, .user), password: secret(f, .password)))
        if notice != nil { afterRefusal(f) }
    }

    /// Check-out asks for the passcode only after the console accepted the credentials, as the
    /// Hub does: the first submission carries no passcode and the engine answers
    /// `passcodeRequired` without counting a failure.
    private mutating func submitCheckOut(_ f: CredentialForm) {
        let passcode = f.field(.passcode)?.secret
        let outcome = apply(.checkOut(group: group(f), user: text(f, .user), password: secret(f, .password), passcode: passcode))
        notice = nil
        switch outcome.refusal {
        case nil:
            break
        case let .passcodeRequired(minLength)? where passcode == nil:
            var next = f
            next.fields.append(FormField(.passcode, "New app passcode (\(minLength)+ digits)", secret: true))
            next.active = next.fields.count - 1
            form = next
            notice = Notice(text: "Credentials accepted. The policy requires an app passcode: set one.", kind: .info, place: .hub)
        case let refusal?:
            notice = .refused(refusal, place: .hub)
            afterRefusal(f)
        }
    }

    private mutating func submitUnlock(_ f: CredentialForm) {
        let s = f.fields.first?.secret ?? Secret("")
        act(.unlock(s))
        if notice != nil { afterRefusal(f); return }
        // The device went back to the app that was in front (offline: after a detour through
        // the Hub, 004): the screen follows it.
        if let app = device.foreground.appID, device.app(app) != nil { focus = .pane(app) }
    }

    private mutating func submitSignIn(_ f: CredentialForm) {
        act(.signIn(user: text(f, .user), password: secret(f, .password), from: entra.signInSource))
        if notice != nil { afterRefusal(f) }
    }

    /// The person answers the token request's prompt: credentials, or the account the broker
    /// offers (no password field, none sent).
    private mutating func submitTokenPrompt(_ f: CredentialForm) {
        act(.completeTokenRequest(user: text(f, .user), password: f.field(.password)?.secret))
        if notice != nil { afterRefusal(f) }
    }

    /// After a refusal the secrets are cleared and the cursor goes where the fix is.
    private mutating func afterRefusal(_ f: CredentialForm) {
        guard formKind == f.kind, let refusal = actionLog.last?.outcome.refusal else { return }
        var next = f
        switch refusal {
        case .passcodeTooShort, .passcodeRequired:
            next.clear(.passcode)
            next.focus(.passcode)
        default:
            for i in next.fields.indices where next.fields[i].isSecret { next.fields[i].clear() }
            // The credentials are wrong: the passcode is asked again only after they pass.
            if next.kind == .checkOut { next.fields.removeAll { $0.id == .passcode } }
            switch refusal {
            case .missingGroupID, .unknownGroup: next.focus(.group)
            case .notAStagingUser: next.focus(.user)
            default: next.active = next.index(of: .password) ?? next.index(of: .passcode) ?? 0
            }
        }
        form = next
    }
}
