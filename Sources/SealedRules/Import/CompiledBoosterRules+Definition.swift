import SealedSupport

/// A product's rule set made directly from the product, without writing its rule file and
/// parsing the text back: `sealed rules import --list`, the app's catalogue and
/// `sealed check-products` make one per product, and the YAML round trip cost more than
/// compiling the plan (issue 42).
///
/// The definition is the one `RuleSetParser` reads from the file `ruleFile` writes, field for
/// field (a test holds every shipped product to it), with the same text, but its positions
/// (`file:line:column`) are only the source's name (`RuleSetDefinition.positionsOmitted`): when
/// compiling it fails, `PlanCompiler` reads the text and compiles that, so the message names the
/// line and column as before. A product with a name or key the file would not give back as
/// written (a line break, a sheet name that is not a plain word) is not made this way.
extension CompiledBoosterRules {
  /// The rule set of `product` as `RuleSetParser.parse(ruleFile([product], name: name, source:
  /// source), source: ruleSource)` reads it, or nil when the product holds text the file would
  /// not give back as written (read the file's text then). Throws what `ruleFile` throws.
  /// Cost: O(cards listed), as writing the file.
  package static func ruleSet(
    _ product: CompiledBoosterData.Product, name: String, source: String, ruleSource: String
  ) throws(DataError) -> RuleSetDefinition? {
    let layer = try written(product)
    guard isPlain(layer, name: name, source: source) else { return nil }
    let text = (header([product], name: name, source: source) + lines(of: layer).map { "  " + $0 }).joined(separator: "\n") + "\n"
    let here = ruleSource
    guard let setLayer = self.setLayer(layer, at: here) else { return nil }
    var base = RuleLayer(location: here)
    base.pool = PoolDefinition(boosters: boostersPerPool, mythicBooster: .none, positionWeights: nil, location: here)
    var definition = RuleSetDefinition(
      name: name, description: description([product]), source: ruleSource, text: text, appliesTo: [layer.code], spec: nil,
      base: base, setLayers: [layer.code: setLayer])
    definition.positionsOmitted = true
    return definition
  }

  /// The set layer the parser reads from the layer's lines, or nil when a value is one the
  /// parser refuses (which then reports it, with its position).
  private static func setLayer(_ layer: WrittenLayer, at here: String) -> RuleLayer? {
    var result = RuleLayer(location: here)
    for (name, sheet) in layer.sortedSheets {
      var definition = SheetDefinition(name: name, location: here)
      definition.balanced = sheet.balanced
      for card in sheet.cards {
        guard isWeight(card.weight), let explicit = try? ExplicitCard.parse(card.key, weight: card.weight, location: here)
        else { return nil }
        definition.explicitCards.append(explicit)
      }
      result.sheets.append(definition)
    }
    var slots: [SlotDefinition] = []
    for slot in layer.slots {
      guard (0...255).contains(slot.value) else { return nil }
      slots.append(
        SlotDefinition(
          name: slot.key, count: slot.value, sheet: PerKind(slot.key, location: here),
          distinct: layer.expanded.sheets[slot.key]!.distinct, location: here))
    }
    result.slots = slots
    var variants: [VariantDefinition] = []
    for (index, variant) in layer.variants.enumerated() {
      guard isWeight(variant.weight), variant.replacements.allSatisfy({ (1...255).contains($0.count) }),
        variant.counts.allSatisfy({ (0...255).contains($0.count) })
      else { return nil }
      variants.append(
        VariantDefinition(
          name: "variant_\(index + 1)", group: "booster", weight: PerKind(variant.weight, location: here), isProbability: false,
          counts: variant.counts.map { SlotCount(slot: $0.slot, count: $0.count, location: here) },
          replacements: variant.replacements.map {
            ReplacementDefinition(slot: $0.slot, count: $0.count, sheet: PerKind($0.sheet, location: here), location: here)
          },
          location: here))
    }
    result.variants = variants
    if layer.hasFoil {
      result.events = [EventDefinition(name: "foil", cards: .filter(CardFilter()), foil: true, given: nil, location: here)]
    }
    return result
  }

  /// A weight as the file writes it (`number`) and the parser reads it back unchanged: finite,
  /// at least 0.
  private static func isWeight(_ value: Double) -> Bool {
    value.isFinite && value >= 0
  }

  /// Whether every name and text of the layer reads back from the file as written: the rule
  /// set's name one the parser takes, sheet names and set codes plain words, and the names,
  /// keys and description free of line breaks and characters YAML does not print.
  private static func isPlain(_ layer: WrittenLayer, name: String, source: String) -> Bool {
    let product = layer.product
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), isWord(name),
      isWord(layer.code), isPrintable(source), isPrintable(product.name), isPrintable(product.code),
      isPrintable(description([product]))
    else { return false }
    return layer.expanded.sheets.allSatisfy { sheet in
      isWord(sheet.key)
        && sheet.value.cards.allSatisfy {
          isPrintable($0.key) && !$0.key.utf8.contains(UInt8(ascii: "\\")) && !$0.key.utf8.contains(UInt8(ascii: "\""))
        }
    }
  }

  /// A plain YAML word: ASCII letters, digits, `_` and `-`, not starting with `-`.
  private static func isWord(_ text: String) -> Bool {
    guard let first = text.utf8.first, first != UInt8(ascii: "-") else { return false }
    return text.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }

  /// Text YAML prints on one line: no control characters, line or paragraph separators, byte
  /// order marks or non-characters.
  private static func isPrintable(_ text: String) -> Bool {
    // Most text is printable ASCII: its bytes say so without decoding scalars.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
    return text.unicodeScalars.allSatisfy { scalar in
      let value = scalar.value
      return (value >= 0x20 && value < 0x7F)
        || (value >= 0xA0 && value != 0x2028 && value != 0x2029 && value != 0xFEFF && value != 0xFFFE && value != 0xFFFF)
    }
  }
}
