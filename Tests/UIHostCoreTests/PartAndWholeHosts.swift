@testable import UIHostCore

/// Two hosts on the script at `path`: one that reads again only what
/// changed (`HostOptions.readsOnlyChanges`, the default), one that reads
/// everything. The tests of reading in part compare their frames.
func partAndWholeHosts(script path: String, size: Size) throws -> (part: UIHostCore.Host, whole: UIHostCore.Host) {
    var options = HostOptions(size: size)
    options.readsOnlyChanges = true
    let part = try UIHostCore.Host(script: path, options: options)
    options.readsOnlyChanges = false
    return (part, try UIHostCore.Host(script: path, options: options))
}
