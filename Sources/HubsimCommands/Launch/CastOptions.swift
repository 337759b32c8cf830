import ArgumentParser

/// `--cast`, `--pace`, `--size` and `--force`, declared once for the commands that record
/// an asciicast: `hubsim` (interactive), `run` and `lesson`. Parsing only; each command
/// checks them before anything runs or the screen is taken over: `--pace` and `--size` set
/// up a headless cast (`CastRequest`) and are refused where they would do nothing, `--force`
/// where there is no file for it to replace.
struct CastOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Record an asciicast v2 file, for asciinema's players: what the terminal shows, or a headless run's screens (secrets are never drawn; checked at start, an existing file only with --force).", valueName: "file"))
    var cast: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With a headless --cast: seconds between steps, 0.05 to 60 (default 1).", valueName: "seconds"))
    var pace: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With a headless --cast: the terminal's size, WxH from 80x24 to 1000x500 (default 80x24).", valueName: "WxH"))
    var size: String?

    @Flag(help: "Let --cast and the command's other outputs (--record, --junit) replace an existing file (never a directory, device or other special file).")
    var force = false

    /// `--pace` and `--size` refused where they would do nothing: without `--cast`, or when
    /// the cast is of a terminal (`headless` false), whose size and pace are the person's;
    /// `headlessWay` says how to make a headless cast instead.
    func refuseUnusedPaceAndSize(headless: Bool, headlessWay: String) throws(CommandError) {
        guard pace != nil || size != nil else { return }
        if cast == nil { throw .usage("--pace and --size set up a cast; add --cast FILE or leave them out") }
        if !headless {
            throw .usage("--pace and --size are for a headless cast (\(headlessWay)); on a terminal the cast takes the terminal's size and your pace")
        }
    }

    /// The headless cast's pace and size, checked (`CastRequest.parse`).
    func request() throws(CommandError) -> CastRequest {
        switch CastRequest.parse(pace: pace, size: size) {
        case let .success(request): return request
        case let .failure(message): throw .usage(message.text)
        }
    }
}
