import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedPackFiles

/// A pack file read to its end by an audit session: the session's counts and findings, and
/// how precisely the file names its cards.
package struct AuditReading {
  package let session: AuditSession
  package let identity: CardIdentity
  /// The line of a text list's first foil mark (`*F*`), or a CSV's first `foil` value, after
  /// the first boosters gave none, where the reading stopped: the file was being read as
  /// printings only, and is to be read again with finishes (`identity: .printingAndFinish`).
  /// Nil when the file was read to its end.
  package var lateFinish: Int? = nil
}

extension AuditSession {
  /// Reads every booster of `reader` and checks it (`add`). The card identity is `given`, or
  /// judged from the first `identityLookahead` boosters, which are held until then; after that
  /// memory does not grow with the file. A file judged to name printings only that gives a
  /// finish further on stops there (`AuditReading.lateFinish`). `progress` is called with the
  /// boosters read every 100,000.
  ///
  /// Throws every card of the file that is no card of the data (each once, at its first line,
  /// then, when there is more than one, a line that sums them up), and what stopped the reading
  /// if something did, or the file's having no booster; all as one `DataErrors`. (A file with no
  /// booster of a size the rules make is the caller's to refuse: `AuditSession.firstImpossibleSize`.)
  package static func read(
    _ reader: inout PackFileReader, plan: BoosterPlan, set: CardSet, grouping: PoolGrouping, cardData: String?,
    identity given: CardIdentity? = nil, progress: (Int) -> Void = { _ in }
  ) throws(DataErrors) -> AuditReading {
    var first: [ListedBooster] = []
    do {
      while first.count < identityLookahead, let booster = try reader.next() { first.append(booster) }
    } catch {
      throw DataErrors([error])
    }
    guard !first.isEmpty else { throw DataErrors([DataError("no boosters in the file; expected at least one", at: reader.source)]) }
    let identity = given ?? identity(format: reader.format, first: first)
    var session = AuditSession(
      plan: plan, set: set, identity: identity, grouping: grouping, source: reader.source, cardData: cardData)
    // A text list's mark, or a CSV's `foil` value, after boosters that gave no finish.
    let watchesForFinishes = given == nil && identity == .printing && reader.format != .seventeenLands
    let isLate: (ListedCard) -> Bool = reader.format == .text ? { $0.foil == true } : { $0.foil != nil }
    do {
      for booster in first { try session.add(booster) }
      first = []
      var nextReport = 100_000
      while let booster = try reader.next() {
        if watchesForFinishes, let marked = booster.cards.first(where: isLate) {
          return AuditReading(session: session, identity: identity, lateFinish: marked.line)
        }
        try session.add(booster)
        if reader.boostersRead >= nextReport {
          progress(reader.boostersRead)
          nextReport += 100_000
        }
      }
    } catch {
      // The cards not in the card data found so far, then what stopped the reading.
      throw DataErrors(session.unknownCardErrors(source: reader.source) + [error])
    }
    if !session.unknownCards.isEmpty { throw DataErrors(session.unknownCardErrors(source: reader.source)) }
    return AuditReading(session: session, identity: identity)
  }

  /// One error per card of the file that is no card of the data, then, when there is more than
  /// one, one that sums them up; none when there are none.
  func unknownCardErrors(source: String) -> [DataError] {
    unknownCards.isEmpty ? [] : unknownCards.errors(source: source)
  }

  /// What the audit's verdicts are made from: this session's counts and findings, with the
  /// rules' expectations and how to draw the Monte Carlo null.
  package func input(
    expectations: Expectations, alpha: Double, resamples: Int, seed: UInt64, threads: Int
  ) -> AuditInput {
    AuditInput(
      catalog: catalog, lanes: lanes, expectations: expectations, observed: accumulator.counts, findings: findings,
      grouping: grouping, alpha: alpha, resamples: resamples, seed: seed, threads: threads)
  }
}
