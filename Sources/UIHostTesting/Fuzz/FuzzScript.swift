import LuaBridge
import UIHostCore

/// The automation script `uihost fuzz` writes for a failure it found: it opens
/// the screen at the size the run started with, replays the shrunk events, and
/// fails the way the run failed while the bug is there. Whatever came from
/// the screen (its path, the message, keys and typed text) is written with
/// `LuaSource.string`, so the script is data however hostile the screen.
public enum FuzzScript {
    public static func text(screen: String, size: Size, seed: UInt64, events: [FuzzEvent], failure: FuzzFailure) -> String {
        // The screen's path and the failure's message are a script's text (a
        // file name can hold a newline and code): they appear only as literals.
        var lines = [
            "-- Found by `uihost fuzz` (--seed \(seed)) on the screen test.open names below:",
            "-- \(describe(failure.kind)) after \(events.count) event\(events.count == 1 ? "" : "s"):",
        ]
        for line in failure.message.split(separator: "\n", omittingEmptySubsequences: false).prefix(4) {
            lines.append("--   " + LuaSource.string(String(line)))
        }
        lines.append("-- It fails while the bug is there; once fixed, it keeps the bug from coming back.")
        if failure.kind == .frame { lines += frameCheck }
        lines.append("test.case(\(LuaSource.string("fuzz seed \(seed): \(failure.kind.rawValue)")), function()")
        lines.append("  local app = test.open(\(LuaSource.string(screen)), { size = \"\(size.cols)x\(size.rows)\" })")
        for statement in FuzzEvent.statements(events) { lines.append("  " + statement) }
        switch failure.kind {
        case .scriptError, .hang:
            let what = failure.kind == .hang ? "a handler ran into the limits" : "a handler raised an error"
            lines.append("  local errors = app:errors()")
            lines.append("  assert(#errors == 0, \(LuaSource.string(what + ": ")) .. tostring(errors[1]))")
        case .frame:
            var cols = size.cols, rows = size.rows
            for case .resize(let c, let r) in events {
                cols = c
                rows = r
            }
            lines.append("  checkFrame(app:screen(), \(cols), \(rows))")
        case .crash:
            lines.append("  app:screen()  -- the host crashed before this")
        }
        lines.append("end)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ kind: FuzzFailure.Kind) -> String {
        switch kind {
        case .scriptError: "a script error"
        case .hang: "a hang (stopped by the limits)"
        case .frame: "a malformed frame"
        case .crash: "a crash of the host"
        }
    }

    /// The frame's shape, checked in Lua: its rows, and no row wider than its columns.
    static let frameCheck = [
        "local function width(line)",
        "  local w = 0",
        "  for _, c in utf8.codes(line) do",
        "    local wide = (c >= 0x1100 and c <= 0x115F) or (c >= 0x2E80 and c <= 0xA4CF) or (c >= 0xAC00 and c <= 0xD7A3)",
        "      or (c >= 0xF900 and c <= 0xFAFF) or (c >= 0xFF00 and c <= 0xFF60) or (c >= 0x1F300 and c <= 0x1FAFF)",
        "      or (c >= 0x20000 and c <= 0x3FFFD)",
        "    if not (c >= 0x300 and c <= 0x36F) then w = w + (wide and 2 or 1) end",
        "  end",
        "  return w",
        "end",
        "local function checkFrame(text, cols, rows)",
        "  local n = 0",
        "  for line in (text .. \"\\n\"):gmatch(\"(.-)\\n\") do",
        "    n = n + 1",
        "    assert(width(line) <= cols, (\"row %d is %d columns wide in a frame of %d\"):format(n, width(line), cols))",
        "  end",
        "  assert(n == math.max(rows, 1), (\"the frame has %d rows, not %d\"):format(n, rows))",
        "end",
    ]
}
