import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// What `--screen-reader` says after each event (`ScreenReader.lines`): every
/// kind's role, label, value and chosen row; the focused control's text
/// changing; a live component's changes wherever focus is; toasts; a field's
/// validation message coming and going.
final class ScreenReaderLinesTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUp() { scratch = ScratchDirectory(prefix: "uih-reader") }
    override func tearDown() { scratch.remove() }

    private func host(_ source: String, cols: Int = 50, rows: Int = 16) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    /// The lines said at start, then after each step.
    private func session(_ host: Host, _ steps: [() -> Void]) -> [[String]] {
        var reader = ScreenReader()
        var said = [reader.lines(for: host)]
        for step in steps {
            step()
            said.append(reader.lines(for: host))
        }
        return said
    }

    func testATreeSaysItsChosenRowWithItsLevelAndWhetherItIsOpen() throws {
        let host = try host("""
            return ui.screen { title = "Files", ui.tree { nodes = {
              { title = "src", children = { "main.swift", { title = "lib", children = { "a" } } } }, "README" } } }
            """)
        XCTAssertEqual(session(host, [{ press(host, .right) }, { press(host, .down, .down) }, { press(host, .right) }]), [
            ["screen: Files", "focus: tree 2 nodes: src, level 1, collapsed"],
            ["changed: tree 4 nodes: src, level 1, expanded"],
            ["changed: tree: lib, level 2, collapsed"],
            ["changed: tree 5 nodes: lib, level 2, expanded"],
        ])
    }

    func testALogSaysItsNewLinesWhereverFocusIs() throws {
        let host = try host("""
            local log = ui.log { lines = { "started" } }
            return ui.screen { title = "Jobs",
              ui.button { title = "Run", onSelect = function() log:append("step 1\\nstep 2") end }, log }
            """)
        XCTAssertEqual(session(host, [{ press(host, .enter) }, { press(host, .enter) }]), [
            ["screen: Jobs", "focus: button Run"],
            ["log: step 1", "log: step 2"],
            ["log: step 1", "log: step 2"],
        ])
    }

    func testABadgeIsLiveAndAFocusedButtonsNewTitleIsSaid() throws {
        let host = try host("""
            local badge = ui.badge { text = "Idle" }
            local button
            button = ui.button { title = "Deploy", onSelect = function()
              badge.text, badge.kind = "Live", "success"
              button.title = "Deployed"
            end }
            return ui.screen { title = "Site", button, badge }
            """)
        XCTAssertEqual(session(host, [{ press(host, .enter) }]), [
            ["screen: Site", "focus: button Deploy"],
            ["changed: button Deployed", "changed: status Live: success"],
        ])
    }

    func testToastsAreSaidOnceAsTheyCome() throws {
        let host = try host("""
            return ui.screen { title = "Mail", ui.button { title = "Send", onSelect = function()
              ui.toast { text = "Sent", kind = "success" }
              ui.toast "2 left"
            end } }
            """)
        XCTAssertEqual(session(host, [{ press(host, .enter) }, { host.advance(100) }, { press(host, .enter) }]), [
            ["screen: Mail", "focus: button Send"],
            ["toast: Sent (success)", "toast: 2 left"],
            [],
            ["toast: Sent (success)", "toast: 2 left"],
        ])
    }

    func testAValidationMessageIsSaidWhenItComesAndWhenItGoes() throws {
        let host = try host("""
            return ui.screen { title = "Sign up", ui.input { label = "Name",
              validate = function(v) if v == "" then return "Name is required" end end } }
            """)
        XCTAssertEqual(session(host, [{ press(host, .enter) }, { press(host, .character("A")) }]), [
            ["screen: Sign up", "focus: input Name: empty"],
            ["invalid: Name: Name is required"],
            ["changed: input: A", "valid: Name"],
        ])
    }

    func testAScreenWithNothingToFocusReadsItsTextsAndTheirChanges() throws {
        let host = try host("""
            local arrow = ui.text "Waiting for input..."
            return ui.screen { title = "Help", keys = {
              { "move down", function() arrow.text = "You chose: down" end, keys = { "down" } },
            }, ui.text "Arrows choose.", ui.spacer(), arrow }
            """)
        XCTAssertEqual(session(host, [{ press(host, .down) }, { press(host, .down) }]), [
            ["screen: Help", "text Arrows choose.", "text Waiting for input..."],
            ["changed: text You chose: down"],
            [],
        ])
        // With a control to focus, a text elsewhere changes unsaid: focus is what is read.
        let focused = try self.host("""
            local label = ui.text "idle"
            return ui.screen { title = "T", ui.button { title = "Go", onSelect = function() label.text = "went" end }, label }
            """)
        XCTAssertEqual(session(focused, [{ press(focused, .enter) }]), [["screen: T", "focus: button Go"], []])
    }

    func testTheHelpOverlayIsADialogWhoseLinesAreSaidAsItOpens() throws {
        let host = try host("""
            return ui.screen { title = "Keys", keys = {
              { "Save", function() end, keys = { "ctrl-s" } },
              { "Next", function() end, keys = { "n" }, group = "Moves" },
            }, ui.button { title = "Go" } }
            """)
        let said = session(host, [{ press(host, .character("?")) }, { press(host, .esc) }])
        XCTAssertEqual(said[0], ["screen: Keys", "focus: button Go"])
        XCTAssertEqual(said[1].first, "opened: dialog Keys")
        XCTAssertTrue(said[1].contains("  ctrl-s: Save"), said[1].joined(separator: "\n"))
        XCTAssertTrue(said[1].contains("  Moves"), said[1].joined(separator: "\n"))
        XCTAssertTrue(said[1].contains("  n: Next"), said[1].joined(separator: "\n"))
        XCTAssertEqual(said[2], ["closed: dialog Keys"])
        let tree = try XCTUnwrap(host.semanticTree())
        XCTAssertFalse(tree.children.contains { $0.label == "Keys" && $0.role == "dialog" }, "closed, it is gone from the tree")
    }

    func testEveryKindOfTheSemanticsFixtureIsDescribed() throws {
        let host = try host("""
            return ui.screen { title = "All",
              ui.progress { value = 0.25, label = "Upload" },
              ui.image { asset = "IMG_0057" },
              ui.box { title = "Box", ui.text "inside" },
              ui.radio { items = { "S", "M" }, selected = 2 },
              ui.table { columns = { { title = "City" } }, rows = { { "Oslo" } } },
            }
            """, rows: 30)
        let tree = try XCTUnwrap(host.semanticTree())
        XCTAssertEqual(tree.children.map(ScreenReader.describe), [
            "progress Upload: 25%", "image IMG_0057", "region Box", "radio 2 options: M", "table City: Oslo",
        ])
        XCTAssertEqual(tree.children.map(\.kind), ["progress", "image", "box", "radio", "table"])
    }
}
