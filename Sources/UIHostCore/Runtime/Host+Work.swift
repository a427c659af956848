import LuaBridge

extension Host {
    /// The work this host has done for its script so far (table entries read,
    /// string bytes copied): where tests read the counts kept by the bridge,
    /// to bound the host's work by what it shows rather than by CPU time.
    public var work: LuaWork { lua.work }
}
