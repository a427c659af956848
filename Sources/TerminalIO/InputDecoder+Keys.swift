/// The tables from terminal encodings to keys: legacy xterm / rxvt / Linux
/// console codes, xterm's modifier parameter, kitty's `CSI u` code points.
extension InputDecoder {
    /// The modifiers of an xterm / kitty modifier parameter (1 + bits: shift 1,
    /// alt 2, ctrl 4). Caps and num lock (64, 128) are ignored; nil when super,
    /// hyper or meta (8, 16, 32) is held, which no key name spells.
    static func modifiers(_ parameter: Int) -> TerminalKey.Modifiers? {
        guard parameter > 1 else { return [] }
        let bits = (parameter - 1) & 0x3F
        guard bits & 0x38 == 0 else { return nil }
        return TerminalKey.Modifiers(rawValue: UInt8(bits))
    }

    /// `key` with the modifiers of `parameter`; nil when one no key name spells is held.
    static func key(_ key: TerminalKey?, parameter: Int) -> TerminalKey? {
        guard let key else { return nil }
        if parameter <= 1 { return key }
        guard let held = modifiers(parameter) else { return nil }
        return key.adding(held)
    }

    /// `CSI n ~` (and rxvt `CSI n $ ^ @`).
    static func tildeKey(_ code: Int) -> TerminalKey? {
        let key: TerminalKey.Code
        switch code {
        case 1, 7: key = .home
        case 2: key = .insert
        case 3: key = .delete
        case 4, 8: key = .end
        case 5: key = .pageUp
        case 6: key = .pageDown
        case 11...15: key = .function(code - 10)
        case 17...21: key = .function(code - 11)
        case 23, 24: key = .function(code - 12)
        default: return nil  // 25+ F13…, 201 stray paste end, unknown
        }
        return TerminalKey(key)
    }

    /// The final byte of `CSI 1;m X` and of SS3: arrows, home, end, f1–f4.
    static func letterKey(_ final: UInt8) -> TerminalKey? {
        let key: TerminalKey.Code
        switch final {
        case 0x41: key = .up       // A
        case 0x42: key = .down     // B
        case 0x43: key = .right    // C
        case 0x44: key = .left     // D
        case 0x48: key = .home     // H
        case 0x46: key = .end      // F
        case 0x50...0x53: key = .function(Int(final) - 0x4F)  // P Q R S
        default: return nil
        }
        return TerminalKey(key)
    }

    /// SS3 keys: xterm arrows and f1–f4, rxvt ctrl-arrows, the application keypad.
    static func ss3Key(_ final: UInt8) -> TerminalKey? {
        switch final {
        case 0x61...0x64:                              // rxvt ctrl: a b c d
            letterKey(final - 0x20)?.adding(.ctrl)
        case 0x4D: TerminalKey(.enter)                 // keypad enter
        case 0x58: TerminalKey(.character("="))        // keypad =
        case 0x6A...0x79:                              // keypad * + , - . / 0…9
            TerminalKey(.character(Character(Unicode.Scalar(final - 0x40))))
        default: letterKey(final)
        }
    }

    /// A key reported by code point and modifier parameter: kitty and fixterms
    /// `CSI code;mod u` (`code` is the key without shift), or xterm
    /// modifyOtherKeys `CSI 27;mod;code ~` (`shifted`: the character shift made).
    static func keyFromCode(_ code: Int, parameter: Int, shifted: Bool = false) -> TerminalKey? {
        guard var held = modifiers(parameter) else { return nil }
        let base: TerminalKey.Code
        switch code {
        case 9: base = .tab
        case 13: base = .enter
        case 27: base = .esc
        case 8, 127: base = .backspace
        case 32: base = .space
        case 0x41...0x5A:
            // A capital letter: with ctrl the letter key (ctrl-a); else the shift
            // is in the character already (alt-A).
            if held.contains(.ctrl) {
                base = .character(Character(Unicode.Scalar(UInt8(code + 0x20))))
            } else {
                held.remove(.shift)
                base = .character(Character(Unicode.Scalar(UInt8(code))))
            }
        case 0x61...0x7A:
            base = .character(Character(Unicode.Scalar(UInt8(code))))
        case 0x21...0x7E, 0xA0...0xD7FF, 0xF900...0x10FFFF:
            // E000…F8FF is where kitty puts its functional keys.
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            // Which character shift makes of it depends on the keyboard layout:
            // known only when the terminal sent the shifted one.
            if held.contains(.shift) {
                guard shifted else { return nil }
                held.remove(.shift)
            }
            base = .character(Character(scalar))
        case 57399...57426:
            base = kittyKeypad[code - 57399]
        default:
            return nil  // F13 and above, media keys, lone modifier keys, unknown
        }
        return TerminalKey(base, held)
    }

    /// kitty's keypad keys, which disambiguation reports apart (KP_0 = 57399 …
    /// KP_DELETE = 57426), as the keys they stand for. KP_BEGIN has no name.
    private static let kittyKeypad: [TerminalKey.Code] = [
        .character("0"), .character("1"), .character("2"), .character("3"), .character("4"),
        .character("5"), .character("6"), .character("7"), .character("8"), .character("9"),
        .character("."), .character("/"), .character("*"), .character("-"), .character("+"),
        .enter, .character("="), .character(","),
        .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete,
    ]
}
