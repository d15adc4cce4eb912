extension RuleSetDefinition {
  /// The booster data release the rules were made from, as the rule file's header names it
  /// (`# Written by sealed rules import from LABEL: mtg.wtf's compiled booster data`, the line
  /// `CompiledBoosterRules.ruleFile` writes): a product given to `--rules` by its code, a file
  /// written by `sealed rules import`, the built-in `mtgwtf`. Nil for rules written by hand.
  /// `run.csv` records it as `booster_data`. Cost: a scan of the comment lines at the top (the
  /// lines after them are never split off: a product's rule file runs to thousands of lines).
  package var boosterData: String? {
    let prefix = "# Written by sealed rules import from "
    let suffix = ": mtg.wtf's compiled booster data"
    var rest = Substring(text)
    while rest.hasPrefix("#") {
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      let line = rest[..<end]
      if line.hasPrefix(prefix), line.hasSuffix(suffix) {
        let label = line.dropFirst(prefix.count).dropLast(suffix.count)
        return label.isEmpty ? nil : String(label)
      }
      rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
    }
    return nil
  }
}
