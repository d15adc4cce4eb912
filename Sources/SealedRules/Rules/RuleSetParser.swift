import SealedSupport

/// Reads a rule-set file (YAML) into a `RuleSetDefinition`, checking its shape: unknown keys,
/// wrong value types, probabilities outside [0, 1] and negative weights are reported with
/// `file:line:column`. Whether the rules fit a set's cards is checked later, by `PlanCompiler`.
enum RuleSetParser {
  static let topKeys = ["name", "description", "applies_to", "spec", "pool", "sheets", "slots", "variants", "events", "sets"]
  static let setKeys = ["pool", "sheets", "slots", "append_slots", "variants", "events"]

  static func parse(_ text: String, source: String) throws(DataError) -> RuleSetDefinition {
    let root = try YAMLValue.parse(text, file: source)
    let fields = try root.fields(allowed: topKeys, required: ["name"])
    guard fields["slots"] != nil || fields["sets"] != nil else {
      throw root.error("missing key \"slots\" (the booster, in order), or \"sets\" with the slots of each set")
    }
    let name = try fields["name"]!.string()
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
      throw fields["name"]!.error("expected a name of letters, digits, - and _ (it names report folders)")
    }
    var layer = try parseLayer(fields, location: root.location, isBase: true)
    if layer.pool == nil {
      throw root.error("missing key \"pool\" (boosters per pool and the mythic booster rule)")
    }
    var setLayers: [String: RuleLayer] = [:]
    let appliesTo = try fields["applies_to"]?.strings().map { $0.lowercased() }
    if let sets = fields["sets"] {
      for (code, value) in try sets.mapping() {
        // A layer under a set the rules do not apply to would never be used (a mistyped code).
        if let appliesTo, !appliesTo.contains(code.lowercased()) {
          throw value.error(
            "not a set the rules apply to (applies_to: \(appliesTo.joined(separator: ", "))), so the layer would never be used; expected one of those sets")
        }
        let setFields = try value.fields(allowed: setKeys)
        setLayers[code.lowercased()] = try parseLayer(setFields, location: value.location, isBase: false)
      }
    }
    layer.location = root.location
    return RuleSetDefinition(
      name: name, description: try fields["description"]?.string() ?? "", source: source, text: text,
      appliesTo: appliesTo,
      spec: try fields["spec"]?.string(), base: layer,
      setLayers: setLayers)
  }

  private static func parseLayer(_ fields: YAMLValue.Fields, location: String, isBase: Bool) throws(DataError) -> RuleLayer {
    var layer = RuleLayer(location: location)
    if let pool = fields["pool"] { layer.pool = try parsePool(pool) }
    if let sheets = fields["sheets"] {
      for (name, value) in try sheets.mapping() {
        layer.sheets.append(try parseSheet(name: name, value))
      }
    }
    if let slots = fields["slots"] { layer.slots = try parseSlots(slots) }
    if let slots = fields["append_slots"] { layer.appendSlots = try parseSlots(slots) }
    if let variants = fields["variants"] {
      var parsed: [VariantDefinition] = []
      for item in try variants.sequence() { parsed.append(try parseVariant(item)) }
      layer.variants = parsed
    }
    if let events = fields["events"] {
      for (name, value) in try events.mapping() {
        layer.events.append(try parseEvent(name: name, value))
      }
    }
    return layer
  }

  private static func parsePool(_ value: YAMLValue) throws(DataError) -> PoolDefinition {
    let fields = try value.fields(
      allowed: ["boosters", "mythic_booster", "position_weights"], required: ["boosters", "mythic_booster"])
    let boosters = try fields["boosters"]!.int()
    guard (1...64).contains(boosters) else {
      throw fields["boosters"]!.error("expected between 1 and 64 boosters per pool, found \(boosters)")
    }
    let mythicText = try fields["mythic_booster"]!.string()
    guard let mythic = PoolDefinition.MythicBooster(rawValue: mythicText) else {
      throw fields["mythic_booster"]!.error(
        "expected \"one\" (exactly one booster per pool is the mythic booster) or \"none\" (independent boosters), found \"\(mythicText)\"")
    }
    var weights: [Double]?
    if let value = fields["position_weights"] {
      guard mythic == .one else {
        throw value.error("position_weights needs mythic_booster: one")
      }
      var parsed: [Double] = []
      for item in try value.sequence() { parsed.append(try weight(item)) }
      guard parsed.count == boosters else {
        throw value.error("expected \(boosters) weights (one per booster), found \(parsed.count)")
      }
      guard parsed.contains(where: { $0 > 0 }) else {
        throw value.error("the weights are all zero; at least one position needs a positive weight")
      }
      guard parsed.reduce(0, +).isFinite else {
        throw value.error("the weights add up to more than the largest number; use smaller weights")
      }
      weights = parsed
    }
    return PoolDefinition(boosters: boosters, mythicBooster: mythic, positionWeights: weights, location: value.location)
  }

  private static func parseSheet(name: String, _ value: YAMLValue) throws(DataError) -> SheetDefinition {
    let fields = try value.fields(allowed: CardFilter.keys + ["any", "weights", "foil", "balanced", "cards"])
    var sheet = SheetDefinition(name: name, location: value.location)
    sheet.foil = try fields["foil"]?.bool() ?? false
    sheet.balanced = try fields["balanced"]?.bool() ?? false
    if sheet.foil && sheet.balanced {
      throw value.error("a sheet is either foil or balanced, not both")
    }
    if let cards = fields["cards"] {
      guard fields.entries.allSatisfy({ ["cards", "balanced"].contains($0.key) }) else {
        throw value.error("a sheet that lists its cards takes only \"balanced\" beside \"cards\" (write :foil on foil cards)")
      }
      let entries = try cards.mapping()
      guard !entries.isEmpty else { throw cards.error("expected at least one card") }
      for (key, weightValue) in entries {
        sheet.explicitCards.append(try ExplicitCard.parse(key, weight: try weight(weightValue), location: weightValue.location))
      }
      return sheet
    }
    if let any = fields["any"] {
      guard fields.entries.allSatisfy({ ["any", "weights", "foil", "balanced"].contains($0.key) }) else {
        throw value.error("a sheet has either filter keys or \"any\" (a mix of parts), not both")
      }
      let items = try any.sequence()
      guard !items.isEmpty else { throw any.error("expected at least one part") }
      for item in items {
        let partFields = try item.fields(allowed: CardFilter.keys + ["sheet", "rate", "chance"])
        let source: SheetPart.Source
        if let sheetName = partFields["sheet"] {
          guard partFields.entries.allSatisfy({ ["sheet", "rate", "chance"].contains($0.key) }) else {
            throw item.error("a part names either a sheet or filter keys, not both")
          }
          source = .sheet(try sheetName.string())
        } else {
          source = .filter(try CardFilter.parse(partFields))
        }
        let part: SheetPart.Weight
        switch (partFields["rate"], partFields["chance"]) {
        case (let rate?, nil): part = .rate(try weight(rate))
        case (nil, let chance?): part = .chance(try weight(chance))
        case (nil, nil): part = .rate(1)
        default: throw item.error("give either \"rate\" (weight per card) or \"chance\" (weight of the part), not both")
        }
        sheet.parts.append(SheetPart(source: source, weight: part, location: item.location))
      }
    } else {
      sheet.filter = try CardFilter.parse(fields)
    }
    if let weights = fields["weights"] {
      for item in try weights.sequence() {
        let weightFields = try item.fields(allowed: CardFilter.keys + ["weight"], required: ["weight"])
        sheet.weights.append((try CardFilter.parse(weightFields), try weight(weightFields["weight"]!)))
      }
    }
    return sheet
  }

  private static func parseSlots(_ value: YAMLValue) throws(DataError) -> [SlotDefinition] {
    var slots: [SlotDefinition] = []
    for item in try value.sequence() {
      let fields = try item.fields(allowed: ["name", "count", "sheet", "distinct"], required: ["name", "sheet"])
      let count = try fields["count"]?.int() ?? 1
      guard (0...255).contains(count) else {
        throw fields["count"]!.error("expected a count between 0 and 255, found \(count)")
      }
      slots.append(
        SlotDefinition(
          name: try fields["name"]!.string(), count: count, sheet: try perKind(fields["sheet"]!) { v throws(DataError) in try v.string() },
          distinct: try fields["distinct"]?.bool() ?? true, location: item.location))
    }
    return slots
  }

  private static func parseVariant(_ value: YAMLValue) throws(DataError) -> VariantDefinition {
    let fields = try value.fields(
      allowed: ["name", "group", "weight", "probability", "counts", "replace"], required: ["name"])
    let weightValue: PerKind<Double>
    let isProbability: Bool
    switch (fields["weight"], fields["probability"]) {
    case (let w?, nil):
      weightValue = try perKind(w, weight)
      isProbability = false
    case (nil, let p?):
      weightValue = try perKind(p, probability)
      isProbability = true
    case (nil, nil):
      throw value.error("missing key \"weight\" or \"probability\"")
    default:
      throw value.error("give either \"weight\" or \"probability\", not both")
    }
    var replacements: [ReplacementDefinition] = []
    if let replace = fields["replace"] {
      for item in try replace.sequence() {
        let r = try item.fields(allowed: ["slot", "count", "sheet"], required: ["slot", "sheet"])
        let count = try r["count"]?.int() ?? 1
        guard (1...255).contains(count) else {
          throw r["count"]!.error("expected a count between 1 and 255, found \(count)")
        }
        replacements.append(
          ReplacementDefinition(
            slot: try r["slot"]!.string(), count: count, sheet: try perKind(r["sheet"]!) { v throws(DataError) in try v.string() },
            location: item.location))
      }
    }
    var counts: [SlotCount] = []
    if let countsValue = fields["counts"] {
      for (slot, item) in try countsValue.mapping() {
        let count = try item.int()
        guard (0...255).contains(count) else {
          throw item.error("expected a count between 0 and 255, found \(count)")
        }
        counts.append(SlotCount(slot: slot, count: count, location: item.location))
      }
    }
    return VariantDefinition(
      name: try fields["name"]!.string(), group: try fields["group"]?.string() ?? "variant",
      weight: weightValue, isProbability: isProbability, counts: counts, replacements: replacements,
      location: value.location)
  }

  private static func parseEvent(name: String, _ value: YAMLValue) throws(DataError) -> EventDefinition {
    let fields = try value.fields(allowed: CardFilter.keys + ["sheet", "given", "foil"])
    let cards: EventDefinition.Cards
    let foil = try fields["foil"]?.bool() ?? false
    if let sheet = fields["sheet"] {
      if fields["foil"] != nil {
        throw value.error("an event on a sheet counts the sheet's own finish; \"foil\" goes with filter keys")
      }
      guard fields.entries.allSatisfy({ $0.key == "sheet" || $0.key == "given" }) else {
        throw value.error("an event names either a sheet or filter keys, not both")
      }
      cards = .sheet(try sheet.string())
    } else {
      let filter = try CardFilter.parse(fields)
      guard foil || fields.entries.contains(where: { CardFilter.keys.contains($0.key) }) else {
        throw value.error("an event needs \"sheet\" or filter keys (rarity, type_contains, ..., foil)")
      }
      cards = .filter(filter)
    }
    return EventDefinition(
      name: name, cards: cards, foil: foil, given: try fields["given"]?.strings(), location: value.location)
  }

  // MARK: - Values

  /// A relative weight: a finite number at least 0.
  static func weight(_ value: YAMLValue) throws(DataError) -> Double {
    let number = try value.double()
    guard number >= 0 else { throw value.error("expected a weight of at least 0, found \(number)") }
    return number
  }

  /// A probability: a number in [0, 1].
  static func probability(_ value: YAMLValue) throws(DataError) -> Double {
    let number = try value.double()
    guard (0...1).contains(number) else {
      throw value.error("expected a probability between 0 and 1, found \(number)")
    }
    return number
  }

  /// One value, or a mapping from booster kind to value with an optional `otherwise`.
  static func perKind<T: Sendable>(
    _ value: YAMLValue, _ read: (YAMLValue) throws(DataError) -> T
  ) throws(DataError) -> PerKind<T> {
    guard value.isMapping else { return PerKind(try read(value), location: value.location) }
    var byKind: [(kind: String, value: T)] = []
    var otherwise: T?
    for (key, item) in try value.mapping() {
      if key == "otherwise" {
        otherwise = try read(item)
      } else {
        byKind.append((key, try read(item)))
      }
    }
    return PerKind(byKind: byKind, otherwise: otherwise, location: value.location)
  }
}
