/// A headless cast's `--pace` and `--size`, checked before anything runs: `hubsim run
/// --cast` and `hubsim lesson --headless --cast` take the same values with the same words.
struct CastRequest: Equatable {
    /// Seconds between steps.
    var pace = 1.0
    var width = 80
    var height = 24

    /// `pace` and `size` as given (nil: the default); the error is a usage message.
    static func parse(pace: String?, size: String?) -> Result<CastRequest, UsageMessage> {
        var request = CastRequest()
        if let pace {
            guard let value = Double(pace), value.isFinite, value >= 0.05, value <= 60 else {
                return .failure(UsageMessage(text: "--pace '\(pace)': give seconds between steps, from 0.05 to 60 (e.g. 1.5)"))
            }
            request.pace = value
        }
        if let size {
            let parts = size.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (80...1000).contains(w), (24...500).contains(h) else {
                return .failure(UsageMessage(text: "--size '\(size)': give columns x rows, from 80x24 to 1000x500 (e.g. 120x40)"))
            }
            (request.width, request.height) = (w, h)
        }
        return .success(request)
    }

    /// Why the options were refused, as `Error: …` shows it.
    struct UsageMessage: Error, Equatable {
        var text: String
    }
}
