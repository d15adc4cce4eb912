import SealedCards
import SealedRules
import SealedEngine
import SealedDecks
import SealedJobs

/// The Open screen: the pools of one event, every player's opened from one seed (player k's is
/// the k-th pool of the run, as `sealed open SET --seed S --pools N --format csv` lists them),
/// each with its rares and mythics first, then its boosters.
struct PoolView: Encodable, Sendable {
  /// A card of a booster, with the slot it was drawn for and its finish.
  struct Opened: Encodable, Sendable {
    var card: CardView
    var slot: String
    var foil: Bool
  }

  /// One player's pool.
  struct Player: Encodable, Sendable {
    var player: Int
    /// The name the deck is saved under unless the user gives another.
    var deck_name: String
    /// The booster that held the mythic, counted from 1, when the rules have one.
    var mythic_booster: Int?
    var top_cards: [Opened]
    var boosters: [[Opened]]
    var opened: Int
  }

  var set: String
  var set_name: String
  var rules: String
  var seed: SeedText
  /// The booster range asked for (nil: the set's own).
  var booster_max: Int?
  var boosters_per_pool: Int
  var pools: [Player]

  /// The first `players` pools of `opening` (its plan compiled from `rules`). Cost: opening
  /// them (microseconds each).
  init(_ opening: OpenJob, rules: String, boosterMax: Int? = nil, players: Int) {
    let plan = opening.plan
    let seed = SeedText(opening.seed)
    set = plan.setCode
    set_name = plan.setName
    self.rules = rules
    self.seed = seed
    booster_max = boosterMax
    boosters_per_pool = plan.boostersPerPool
    let opened = opening.pools(players)
    pools = opened.enumerated().map { index, pool in
      let view = { (entry: OpenedPool.Entry) in Opened(card: CardView(PoolCard(entry.card)), slot: entry.slot, foil: entry.foil) }
      let draft = DraftReference(set: plan.setCode, rules: rules, seed: seed, player: index + 1, booster_max: boosterMax, cards: nil)
      return Player(
        player: index + 1, deck_name: draft.defaultName, mythic_booster: pool.mythicBooster.map { $0 + 1 },
        top_cards: pool.topEntries.map(view), boosters: pool.boosters.map { $0.map(view) },
        opened: pool.boosters.reduce(0) { $0 + $1.count })
    }
  }
}
