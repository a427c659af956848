import LuaBridge

/// Bounds on the work the host does for a script: reading its tables,
/// validating them, laying them out. A table is cheap for a script to build and
/// may be sparse (`t[2^40] = x` gives it a length of 2^40) or shared (one table
/// in a million places), so every count the host takes from a script is capped
/// here. Each bound is far above what a screen shows; passing one is a problem
/// naming the component and field, never a crash or a hang.
enum HostLimits {
    /// Components one layout reads; a table used in several places counts each time.
    static let maxComponents = 100_000
    /// Entries of an array read whole: children, tabs, picker and dropdown items.
    static let maxArrayRead = 100_000
    /// Items of a list, which reads only the rows it shows.
    static let maxListItems = 100_000_000
    /// Rows of a data source (`count` with `item(i)`), which reads only the rows it shows.
    static let maxDataSourceRows = 1 << 31
    /// Columns of a table.
    static let maxTableColumns = 1_000
    /// Rows a table sorts itself (larger tables sort in their script, `onSort`).
    static let maxSortedRows = 10_000_000
    /// Lines a log keeps (its `max`).
    static let maxLogLines = 10_000_000
    /// Rows of a tree read at a layout (its expanded nodes), and how deep it nests.
    static let maxTreeRows = 100_000
    static let maxTreeDepth = 100
    /// Distinct problems one layout keeps (a frame shows the first in its banner).
    static let maxProblems = 100
    /// Unknown field names a constructor reports; longer names are shortened in
    /// messages and get no "did you mean", whose cost grows with their length.
    static let maxNameLength = 64
    /// Bytes of a table key read to check it against the field names: room
    /// for `maxNameLength` characters of any width, so a longer key is
    /// unknown however it goes on, and is not copied whole to say so.
    static let maxKeyBytes = 4 * maxNameLength
    /// Sheets presented at once.
    static let maxSheets = 100
    /// Commands and `ui.bind` bindings one owner (the app, a plugin) may add.
    static let maxCommandsPerOwner = 1_000
    /// Bytes kept of a command's title or a binding's description: one row of
    /// the palette, footer or help shows far less.
    static let maxLabelBytes = 1_024

    /// `text` cut to `maxLabelBytes` on a character boundary, with `…` where cut.
    static func label(_ text: String) -> String { BoundedText.prefix(of: text, maxBytes: maxLabelBytes) }

    // MARK: - Strings (docs/API.md, "Limits")

    /// Bytes of a script's string the host reads to show it — a title, a
    /// text, a cell, a log line, an item, a toast — cut on a character
    /// boundary with `…` (`DisplayStrings`). A string is as long as the
    /// script's memory allows (100 MB fits in 256 MiB), and copying, measuring
    /// and wrapping it whole on every frame took seconds and gigabytes; 64 KiB
    /// is more than any frame shows. Editable values (`ui.input`,
    /// `ui.textarea`) are the exception: they are kept whole.
    static let maxDisplayBytes = 65_536
    /// Bytes of an error message kept and shown in the banner; the log gets
    /// `LuaError.maxMessageBytes` of it.
    static let maxErrorBytes = 4_096
    /// Errors kept for `app:errors()`: the oldest go first.
    static let maxErrors = 100

    /// `name`, shortened to `maxNameLength` characters for a message.
    static func shortened(_ name: String) -> String {
        name.count > maxNameLength ? String(name.prefix(maxNameLength - 1)) + "…" : name
    }
}
