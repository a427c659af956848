/// The focused node of each layer (`Navigator.focus`), read and written as a
/// dictionary would be: `focus[layer.kind]`.
///
/// A short array scanned, not a `[Layer.Kind: FocusKey]`: it holds one entry
/// for each open layer (a layer's goes when it closes), a scan of a few
/// compares less than hashing, and a dictionary keyed by `Layer.Kind` cost
/// the Swift runtime a scan of every conformance record (`Layer.Kind:
/// Hashable`) when the first frame set the first focus.
struct LayerFocus {
    private var entries: [(layer: Layer.Kind, key: FocusKey)] = []

    subscript(layer: Layer.Kind) -> FocusKey? {
        get {
            for entry in entries where entry.layer == layer { return entry.key }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.layer == layer }) {
                if let newValue { entries[i].key = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((layer, newValue))
            }
        }
    }
}
