/// One row of a laid-out document: styled runs that fit the width, and the
/// style the rest of the row takes (a code block's background).
struct MarkdownLine {
    var runs: [MarkdownRun]
    var fill: Style?
}
