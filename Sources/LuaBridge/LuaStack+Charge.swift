import CLuaShim

extension LuaStack {
    /// Charges `instructions` of work done in Swift for the script calling
    /// (reading its arguments, building results) to the current call's budget.
    /// Never raises: past the budget, the script stops at its next instruction.
    public func chargeWork(_ instructions: Int) {
        uih_chargeswift(L, Int64(instructions))
    }
}
