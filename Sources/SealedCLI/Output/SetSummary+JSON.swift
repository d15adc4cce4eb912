import SealedCards

extension SetSummary {
  /// JSON with every key present; unknown counts are `null`.
  struct JSONRow: Encodable {
    let summary: SetSummary

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: SetSummary.CodingKeys.self)
      try container.encode(summary.code, forKey: .code)
      try container.encode(summary.name, forKey: .name)
      try container.encode(summary.cards, forKey: .cards)
      try container.encode(summary.boosterMax, forKey: .boosterMax)
      try container.encode(summary.commons, forKey: .commons)
      try container.encode(summary.uncommons, forKey: .uncommons)
      try container.encode(summary.rares, forKey: .rares)
      try container.encode(summary.mythics, forKey: .mythics)
      try container.encode(summary.basicLands, forKey: .basicLands)
      try container.encode(summary.warnings, forKey: .warnings)
    }
  }
}
