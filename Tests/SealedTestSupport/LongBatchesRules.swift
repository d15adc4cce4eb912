/// Rules for War of the Spark whose boosters hold 15 mythics and 3 commons: a batch of picks
/// longer than the engine's straight-line kernels (`PoolEngine.unrolledPicks`), in three variants
/// of unequal weight (plain 5; one or two commons replaced by uncommons, 3 and 2), without a
/// mythic booster. `EngineInternalsTests` draws the mythics repeating (15^15 < 2^60 fits one
/// number), `CompiledLoopTests` distinct.
package enum LongBatchesRules {
  /// The rules as YAML, the mythics drawn distinct or repeating.
  package static func yaml(distinctMythics: Bool) -> String {
    """
    name: long-batches
    pool: { boosters: 6, mythic_booster: none }
    sheets:
      common: { rarity: common, type_excludes: Basic Land }
      uncommon: { rarity: uncommon }
      mythic: { rarity: mythic }
    slots:
      - { name: mythic, count: 15, sheet: mythic\(distinctMythics ? "" : ", distinct: false") }
      - { name: common, count: 3, sheet: common }
    variants:
      - { name: plain, weight: 5 }
      - { name: one, weight: 3, replace: [{ slot: common, count: 1, sheet: uncommon }] }
      - { name: two, weight: 2, replace: [{ slot: common, count: 2, sheet: uncommon }] }
    """
  }
}
