extension RuleSetDefinition {
  /// The booster data release the rules were made from, as the rule file's header names it
  /// (`# Written by sealed rules import from LABEL: mtg.wtf's compiled booster data`, the line
  /// `CompiledBoosterRules.ruleFile` writes): a product given to `--rules` by its code, a file
  /// written by `sealed rules import`, the built-in `mtgwtf`. Nil for rules written by hand.
  /// `run.csv` records it as `booster_data`. Cost: a scan of the comment lines at the top (the
  /// lines after them are never split off: a product's rule file runs to thousands of lines).
  package var boosterData: String? {
    guard let line = Self.provenanceLine(in: text) else { return nil }
    let label = text[line].dropFirst(Self.provenancePrefix.count).dropLast(Self.provenanceSuffix.count)
    return label.isEmpty ? nil : String(label)
  }

  /// What the rules' fingerprint (`rules_sha256`) and the comparison of two rule sets read:
  /// `text` with the release named in its header left out, so that a product's rules are the
  /// same rules whichever release gave them (the shipped data or a fetched copy of the same
  /// bytes, two releases whose product did not change). Cost: as `boosterData`; a copy of the
  /// text when it names a release.
  package static func fingerprintText(of text: String) -> String {
    guard let line = provenanceLine(in: text) else { return text }
    return text.replacingCharacters(in: line, with: String(provenancePrefix.dropLast(" from ".count)) + provenanceSuffix)
  }

  private static let provenancePrefix = "# Written by sealed rules import from "
  private static let provenanceSuffix = ": mtg.wtf's compiled booster data"

  /// Where the header line naming the release is, among the comment lines at the top (lines
  /// ending in LF, CRLF or CR, YAML's line breaks: "\r\n" is one `Character`, not "\n").
  private static func provenanceLine(in text: String) -> Range<String.Index>? {
    var rest = Substring(text)
    while rest.hasPrefix("#") {
      let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? rest.endIndex
      let line = rest[..<end]
      if line.hasPrefix(provenancePrefix), line.hasSuffix(provenanceSuffix) { return line.startIndex..<line.endIndex }
      rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
    }
    return nil
  }
}
