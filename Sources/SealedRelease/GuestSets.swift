/// Sets whose cards are printed for the boosters of one set (or a few) and drawn there only: the
/// lint's `guest-set` rule holds each product to drawing only its own set's. mtg.wtf keys these
/// sheets by set (`set: spg` with `code: "BLB"` draws the Special Guests its print sheet marks
/// `BLB`), so a product of one set drawing another set's cards is a definition copied without its
/// code changed.
///
/// The List (`plst`, `plist`) is not here: mtg.wtf's print sheet gives a List card several sets'
/// codes, and the sets' Lists overlap by design (afr-set's and mh2-set's share 250 cards), and
/// neither is Universes Within (`slx`), which several sets' Set Boosters draw.
package enum GuestSets {
  /// The Special Guests (`spg`) by collector number and the set whose boosters they were printed
  /// for, as mtg.wtf's print sheet `data/print_sheets_new/spg.txt` (taw/magic-search-engine,
  /// 1fb89ea) marks each card: LCI 1-18, MKM 19-28, OTJ 29-38, MH3 39-53 (49-53 its Collector
  /// Booster's), BLB 54-63, DSK 64-73, FDN 74-83, DFT 84-93, TDM 104-113. A number outside these
  /// ranges (94-103, 114 on) is not judged: the print sheet does not say whose it is.
  static let specialGuests: [(numbers: ClosedRange<Int>, set: String)] = [
    (1...18, "lci"), (19...28, "mkm"), (29...38, "otj"), (39...53, "mh3"), (54...63, "blb"), (64...73, "dsk"),
    (74...83, "fdn"), (84...93, "dft"), (104...113, "tdm"),
  ]

  /// Bonus sets and the sets whose products draw them, as mtg.wtf's definitions draw them (its
  /// queries `e:otp`, `e:big`, `e:EOS`, `e:fca`, ... in those sets' files) and WotC's
  /// "Collecting ..." articles describe them: OTJ's Breaking News (`otp`) and The Big Score
  /// (`big`), EOE's Stellar Sights (`eos`), FIN's Through the Ages (`fca`), MH3's Commander
  /// cards (`m3c`), WOE's Enchanting Tales (`wot`), STX's Mystical Archive (`sta`), BRO's
  /// Retro Artifacts (`brr`), the Multiverse Legends (`mul`) of MOM and its Aftermath (`mat`),
  /// and SIR's Shadows of the Past (`sis`).
  static let bonusSets: [String: Set<String>] = [
    "otp": ["otj"], "big": ["otj"], "eos": ["eoe"], "fca": ["fin"], "m3c": ["mh3"], "wot": ["woe"], "sta": ["stx"],
    "brr": ["bro"], "mul": ["mom", "mat"], "sis": ["sir"],
  ]

  /// The sets whose products may draw the card `key` names, or nil when it is no guest card or
  /// its owner is not known (a Special Guest numbered outside the print sheet's ranges).
  static func owners(of key: CardKeyText) -> Set<String>? {
    if key.set == "spg" {
      guard let number = key.leadingInteger else { return nil }
      return specialGuests.first { $0.numbers.contains(number) }.map { [$0.set] }
    }
    return bonusSets[key.set]
  }
}
