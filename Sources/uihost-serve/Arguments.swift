import Serve

/// The command line `uihost serve` execs this program with (ServeLauncher in
/// the uihost target), not one for people:
///
///     uihost-serve SCREEN [--host H] [--port N] [--max-sessions N] [--idle T]
///                  [--token-file F] -- UIHOST SESSION-ARGUMENT…
///
/// uihost has checked the screen's options and the numbers; what only the
/// server uses (the idle time, the token file) is checked here, with the
/// messages `uihost serve` gives.
struct Arguments {
    var screen: String
    var serveHost: String?
    var servePort = 8080
    var maxSessions = 16
    var idleSeconds = 30 * 60
    var tokenFile: String?
    /// The program each session runs (uihost), and its arguments.
    var executable: String
    var sessionArguments: [String]

    /// nil: not the command line uihost writes.
    init?(_ words: [String]) {
        guard let end = words.firstIndex(of: "--"), end >= 1, words.count > end + 1 else { return nil }
        screen = words[0]
        executable = words[end + 1]
        sessionArguments = Array(words[(end + 2)...])
        var i = 1
        while i < end {
            guard i + 1 < end else { return nil }
            let value = words[i + 1]
            switch words[i] {
            case "--host": serveHost = value
            case "--port":
                guard let n = Int(value) else { return nil }
                servePort = n
            case "--max-sessions":
                guard let n = Int(value) else { return nil }
                maxSessions = n
            case "--idle":
                guard let n = IdleTime.seconds(value) else {
                    usageExit("--idle: expected a time such as 30m, 90s or 2h (0: never), got '\(value)'")
                }
                idleSeconds = n
            case "--token-file": tokenFile = value
            default: return nil
            }
            i += 2
        }
    }
}
