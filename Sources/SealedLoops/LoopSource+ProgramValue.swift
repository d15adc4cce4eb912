extension LoopSource {
  /// A value the programs of one shape differ in (a sheet's offset, a range, a site's row, a
  /// batch's product, an alias table): a field of every program's `ProgramValues`, which the
  /// pool loop fills once a call from the value's table by program, so that a booster reads its
  /// program's values through one pointer instead of a table each (war `mtgwtf`'s and war
  /// `sealed`'s loops 1.07 and 1.08 times as fast; docs/speed.md).
  struct ProgramValue: Equatable {
    /// What the field holds.
    enum Kind: Equatable {
      /// A number, or an alias table's address, as its table holds it.
      case number
      /// A site's counters: `counts + row`.
      case counters
      /// A sheet's entries: `entries + offset`.
      case entries

      /// A value as the code reads it, from its text (a constant, or a table's element).
      func written(_ value: String) -> String {
        switch self {
        case .number: value
        case .counters: "counts + \(value)"
        case .entries: "entries + \(value)"
        }
      }

      /// The field's C type, for a table of `type`.
      func fieldType(_ type: String) -> String {
        switch self {
        case .number: type.hasSuffix(" *const") ? "const " + type.dropLast("const".count) : type
        case .counters: "uint32_t *"
        case .entries: "int32_t *"
        }
      }
    }

    /// The field's name, and its table's by program (C keeps a struct's fields apart from
    /// other names).
    let name: String
    /// The C type of the table's elements.
    let type: String
    let kind: Kind
    /// The value of each program, as C text (zero for programs of other shapes).
    let byProgram: [String]
  }
}
